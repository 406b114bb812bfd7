"""Create Message with ``nonce`` and ``enforce_nonce``: a repeated post is answered with the
message it already made (same id, 200), and nothing new is created or dispatched."""

from __future__ import annotations

import aiohttp
import discord
import pytest

from tests.discord_emulator import Emulator

from .helpers import raw_send
from .tiny_bot import TinyBot


def content_bot() -> TinyBot:
    intents = discord.Intents.default()
    intents.message_content = True
    return TinyBot(intents=intents)


async def test_a_repeated_nonce_returns_the_first_message(emu: Emulator, world, start_bot):
    runner = await start_bot(content_bot)
    channel = runner.client.get_channel(world.games.id)
    first = await channel.send("step 7", nonce="table-3-step-7")
    again = await channel.send("step 7", nonce="table-3-step-7")  # discord.py sets enforce_nonce
    assert again.id == first.id
    assert again.nonce == "table-3-step-7"
    assert emu.messages_created(world.games) == 1
    assert [m.content for m in world.ana.visible_messages()] == ["step 7"]
    await emu.wait_for(lambda: runner.client.seen_messages, message="MESSAGE_CREATE")
    await channel.send("later")  # flushes the gateway: anything dispatched is seen by now
    await emu.wait_for(lambda: len(runner.client.seen_messages) == 2)
    assert [m.content for m in runner.client.seen_messages] == ["step 7", "later"]


async def test_integer_nonces_and_their_scope(emu: Emulator, world, start_bot):
    runner = await start_bot(TinyBot)
    client = runner.client
    first = await raw_send(
        client, world.games.id, {"content": "a", "nonce": 42, "enforce_nonce": True}
    )
    same = await raw_send(
        client, world.games.id, {"content": "b", "nonce": 42, "enforce_nonce": True}
    )
    assert same["id"] == first["id"]
    assert same["content"] == "a"
    # Another channel, or no enforce_nonce: a new message each time.
    elsewhere = await raw_send(
        client, world.general.id, {"content": "c", "nonce": 42, "enforce_nonce": True}
    )
    unenforced = await raw_send(client, world.games.id, {"content": "d", "nonce": 42})
    assert len({first["id"], elsewhere["id"], unenforced["id"]}) == 3
    # A string nonce is another nonce than the integer with the same digits.
    text = await raw_send(
        client, world.games.id, {"content": "e", "nonce": "42", "enforce_nonce": True}
    )
    assert text["id"] != first["id"]
    assert emu.messages_created(world.games, author=emu.bot_user) == 3


async def test_the_nonce_is_forgotten_after_the_window(emu: Emulator, world, start_bot):
    runner = await start_bot(TinyBot)
    channel = runner.client.get_channel(world.games.id)
    first = await channel.send("once", nonce=7)
    emu.advance(seconds=emu.nonce_window + 1)
    second = await channel.send("once", nonce=7)
    assert second.id != first.id
    assert emu.messages_created(world.games) == 2


TOO_LONG = "In nonce: Must be 25 or fewer in length."
NOT_A_NONCE = "In nonce: Nonce must be an integer or a string."


@pytest.mark.parametrize(
    ("nonce", "text"),
    [
        ("x" * 26, TOO_LONG),
        (2**63, NOT_A_NONCE),
        (1.5, NOT_A_NONCE),
        (True, NOT_A_NONCE),
        (["a"], NOT_A_NONCE),
    ],
    ids=["26-chars", "2**63", "float", "bool", "list"],
)
async def test_a_bad_nonce_is_refused_with_discords_error(
    emu: Emulator, world, start_bot, nonce, text
):
    runner = await start_bot(TinyBot)
    with pytest.raises(discord.HTTPException) as refused:
        await raw_send(
            runner.client, world.games.id, {"content": "x", "nonce": nonce, "enforce_nonce": True}
        )
    assert (refused.value.status, refused.value.code) == (400, 50035)
    assert refused.value.text == "Invalid Form Body\n" + text  # discord.py flattens errors
    assert emu.messages_created(world.games) == 0
    [violation] = emu.take_schema_violations()  # the OpenAPI file forbids it too
    assert violation.path == "nonce"


async def test_nonce_error_body_has_discords_shape(emu: Emulator, world):
    url = f"{emu.api_base}/channels/{world.games.id}/messages"
    async with (
        aiohttp.ClientSession(headers={"Authorization": f"Bot {emu.token}"}) as session,
        session.post(url, json={"content": "x", "nonce": "y" * 26}) as response,
    ):
        assert response.status == 400
        assert await response.json() == {
            "message": "Invalid Form Body",
            "code": 50035,
            "errors": {
                "nonce": {
                    "_errors": [
                        {
                            "code": "BASE_TYPE_MAX_LENGTH",
                            "message": "Must be 25 or fewer in length.",
                        }
                    ]
                }
            },
        }
    assert [v.path for v in emu.take_schema_violations()] == ["nonce"]
