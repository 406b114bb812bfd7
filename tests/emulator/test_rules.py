"""One test per Discord rule the emulator enforces (discord.py does not check them)."""

from __future__ import annotations

import time

import aiohttp
import discord
import pytest

from tests.discord_emulator import ActionRefused, Emulator, Perm

from .helpers import raw_send, rows
from .tiny_bot import TinyBot


async def test_answer_after_3_5_s_gets_10062_unknown_interaction(emu: Emulator, world, start_bot):
    runner = await start_bot(TinyBot)
    runner.client.delay = 3.5
    result = await world.ana.slash("hello")
    assert not result.responded
    [error] = await emu.wait_for(lambda: runner.client.errors, timeout=5)
    assert isinstance(error, discord.NotFound)
    assert error.code == 10062
    assert world.ana.visible_messages() == []


async def test_answer_just_inside_the_deadline_is_accepted(emu: Emulator, world, start_bot):
    emu.response_deadline = 1.0  # the deadline is configurable; the rule is the same
    runner = await start_bot(TinyBot)
    runner.client.delay = 0.1
    assert (await world.ana.slash("hello")).responded
    runner.client.delay = 1.3
    assert not (await world.ana.slash("hello")).responded
    [error] = await emu.wait_for(lambda: runner.client.errors)
    assert error.code == 10062


async def test_second_initial_response_gets_40060(emu: Emulator, world, start_bot):
    await start_bot(TinyBot)
    interaction = (await world.ana.slash("hello")).interaction
    url = f"{emu.api_base}/interactions/{interaction.id}/{interaction.token}/callback"
    async with (
        aiohttp.ClientSession() as session,
        session.post(url, json={"type": 4, "data": {"content": "again"}}) as response,
    ):
        assert response.status == 400
        assert (await response.json())["code"] == 40060
    assert [m.content for m in world.ana.visible_messages()] == ["hello"]


async def test_interaction_token_expires_after_15_minutes(emu: Emulator, world, start_bot):
    runner = await start_bot(TinyBot)
    result = await world.ana.slash("hello")
    interaction = runner.client.interactions[-1]
    emu.advance(minutes=14)
    await interaction.edit_original_response(content="still mine")
    assert result.message.content == "still mine"
    emu.advance(minutes=2)
    with pytest.raises(discord.HTTPException) as refused:
        await interaction.edit_original_response(content="too late")
    assert (refused.value.status, refused.value.code) == (401, 50027)
    with pytest.raises(discord.HTTPException):
        await interaction.followup.send("also too late")
    assert result.message.content == "still mine"


async def test_ben_cannot_see_anas_ephemeral_hand(emu: Emulator, world, start_bot):
    runner = await start_bot(TinyBot)
    hand = (await world.ana.slash("hello")).message
    assert hand in world.ana.visible_messages()
    assert hand not in world.ben.visible_messages()
    assert hand not in world.cleo.visible_messages()
    with pytest.raises(ActionRefused, match="cannot see"):
        await world.ben.click(hand, label="Count")
    assert hand.content == "hello"
    # Nor is it a channel message: the bot cannot fetch or edit it through the channel.
    channel = runner.client.get_channel(world.games.id)
    with pytest.raises(discord.NotFound) as unknown:
        await channel.fetch_message(hand.id)
    assert unknown.value.code == 10008
    assert all(m.id != hand.id for m in runner.client.seen_messages)


@pytest.mark.parametrize(
    ("payload", "files", "status", "code"),
    [
        ({"content": "x" * 2001}, [], 400, 50035),
        ({"content": "rows", "components": rows(1, 1, 1, 1, 1, 1)}, [], 400, 50035),
        ({"content": "wide", "components": rows(6)}, [], 400, 50035),
        (
            {
                "content": "id",
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {"type": 2, "style": 1, "label": "x", "custom_id": "c" * 101}
                        ],
                    }
                ],
            },
            [],
            400,
            50035,
        ),
        (
            {
                "content": "dupe",
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {"type": 2, "style": 1, "label": "a", "custom_id": "same"},
                            {"type": 2, "style": 1, "label": "b", "custom_id": "same"},
                        ],
                    }
                ],
            },
            [],
            400,
            50035,
        ),
        ({"content": "files"}, [(f"f{i}.txt", b"x") for i in range(11)], 400, 50035),
        ({"content": "big"}, [("big.bin", b"x" * 1025)], 413, 40005),
    ],
    ids=[
        "content-2001",
        "6-rows",
        "6-in-a-row",
        "custom-id-101",
        "duplicate-custom-id",
        "11-attachments",
        "over-size-limit",
    ],
)
async def test_message_limits_are_refused(
    emu: Emulator, world, start_bot, payload, files, status, code
):
    emu.attachment_size_limit = 1024
    runner = await start_bot(TinyBot)
    with pytest.raises(discord.HTTPException) as refused:
        await raw_send(runner.client, world.games.id, payload, files)
    assert (refused.value.status, refused.value.code) == (status, code)
    assert world.ana.visible_messages() == []
    emu.take_schema_violations()  # some of these bodies break the OpenAPI file too: their point


async def test_message_limits_are_inclusive(emu: Emulator, world, start_bot):
    emu.attachment_size_limit = 1024
    runner = await start_bot(TinyBot)
    await raw_send(
        runner.client, world.games.id, {"content": "x" * 2000, "components": rows(5, 5, 5, 5, 5)}
    )
    await raw_send(
        runner.client,
        world.games.id,
        {"content": "files"},
        [(f"f{i}.txt", b"x" * 1024) for i in range(10)],
    )
    first, second = world.ana.visible_messages()
    assert len(first.buttons) == 25
    assert len(second.attachments) == 10


async def test_sixth_message_in_5_s_meets_a_429_and_still_arrives(emu: Emulator, world, start_bot):
    emu.rate_limit_headers = False  # so discord.py cannot pace itself and must meet the 429
    runner = await start_bot(TinyBot)
    channel = runner.client.get_channel(world.games.id)
    started = time.monotonic()
    for n in range(6):
        await channel.send(f"message {n}")
    elapsed = time.monotonic() - started
    assert [m.content for m in world.ana.visible_messages()] == [f"message {n}" for n in range(6)]
    limited = [r for r in emu.requests if r[2] == 429]
    assert len(limited) == 1
    assert limited[0][0] == "POST"
    assert elapsed >= 4.5


async def test_rate_limit_headers_let_discord_py_pace_itself(emu: Emulator, world, start_bot):
    emu.message_rate = (2, 1.0)
    runner = await start_bot(TinyBot)
    channel = runner.client.get_channel(world.games.id)
    started = time.monotonic()
    for n in range(5):
        await channel.send(f"paced {n}")
    assert time.monotonic() - started >= 1.9  # two windows waited out
    assert len(world.ana.visible_messages()) == 5
    assert not [r for r in emu.requests if r[2] == 429]


async def test_global_limit_of_50_per_second_with_callbacks_exempt(emu: Emulator, world, start_bot):
    runner = await start_bot(TinyBot)
    channels = [await runner.client.fetch_channel(world.general.id) for _ in range(60)]
    assert len(channels) == 60
    global_429s = [r for r in emu.requests if r[2] == 429]
    assert global_429s, "60 requests inside a second must meet the global limit"

    emu.global_window.take()
    emu.global_window.used = emu.global_window.limit  # exhausted right now
    result = await world.ana.slash("hello")
    assert result.responded
    assert emu.requests[-1][1].endswith("/callback")
    assert emu.requests[-1][2] == 200


async def test_missing_permissions_get_403_50013(emu: Emulator, world, start_bot):
    runner = await start_bot(TinyBot)
    client = runner.client
    games = client.get_channel(world.games.id)
    emu.deny(world.games, emu.bot_user, Perm.SEND_MESSAGES)
    await emu.wait_for(lambda: not games.permissions_for(games.guild.me).send_messages)

    with pytest.raises(discord.Forbidden) as refused:
        await games.send("hello?")
    assert refused.value.code == 50013
    await client.get_channel(world.general.id).send("general still works")
    # Interaction responses are not subject to channel permissions.
    assert (await world.ana.slash("hello")).responded
    assert len(emu.invalid_requests) == 1


@pytest.mark.parametrize("permission", ["attach", "threads", "manage", "thread-send"])
async def test_each_checked_permission(emu: Emulator, world, start_bot, permission):
    runner = await start_bot(TinyBot)
    games = runner.client.get_channel(world.games.id)
    bot_role = world.guild.role("popbot")
    if permission == "attach":
        emu.deny(world.games, bot_role, Perm.ATTACH_FILES)
        await emu.wait_for(lambda: not games.permissions_for(games.guild.me).attach_files)
        action = games.send(file=discord.File(__file__))
    elif permission == "threads":
        emu.deny(world.games, bot_role, Perm.CREATE_PUBLIC_THREADS)
        await emu.wait_for(lambda: not games.permissions_for(games.guild.me).create_public_threads)
        action = games.create_thread(name="t", type=discord.ChannelType.public_thread)
    elif permission == "manage":
        emu.set_role_permissions(bot_role, Perm.EVERYONE_DEFAULT)
        await emu.wait_for(lambda: not games.permissions_for(games.guild.me).manage_messages)
        anas = await world.ana.send("mine")
        action = games.get_partial_message(anas.id).delete()
    else:
        thread = await games.create_thread(name="t", type=discord.ChannelType.public_thread)
        emu.deny(world.games, bot_role, Perm.SEND_MESSAGES_IN_THREADS)
        await emu.wait_for(
            lambda: not thread.permissions_for(games.guild.me).send_messages_in_threads
        )
        action = thread.send("in thread")
    with pytest.raises(discord.Forbidden) as refused:
        await action
    assert refused.value.code == 50013


async def test_moderator_bot_can_delete_others_messages(emu: Emulator, world, start_bot):
    runner = await start_bot(TinyBot)
    anas = await world.ana.send("spam")
    await runner.client.get_channel(world.games.id).get_partial_message(anas.id).delete()
    assert anas not in world.ben.visible_messages()


async def test_deleted_channel_and_thread_get_404_10003(emu: Emulator, world, start_bot):
    runner = await start_bot(TinyBot)
    client = runner.client
    games = client.get_channel(world.games.id)
    thread = await games.create_thread(name="table", type=discord.ChannelType.public_thread)

    emu.delete_channel(world.guild.channel("table"))
    await emu.wait_for(lambda: games.guild.get_thread(thread.id) is None)
    with pytest.raises(discord.NotFound) as gone:
        await thread.send("anyone?")
    assert gone.value.code == 10003

    emu.delete_channel(world.games)
    await emu.wait_for(lambda: client.get_channel(world.games.id) is None)
    with pytest.raises(discord.NotFound) as gone:
        await games.send("anyone?")
    assert gone.value.code == 10003


async def test_commands_never_synced_are_refused(world, start_bot):
    await start_bot(lambda: TinyBot(sync=False))
    with pytest.raises(ActionRefused, match="never synced"):
        await world.ana.slash("hello")


async def test_role_taken_from_the_bot_mid_game(emu: Emulator, world, start_bot):
    """Permissions come from roles too: the bot loses the role that let it post in #games."""
    emu.set_role_permissions(world.guild.everyone, Perm.EVERYONE_DEFAULT & ~Perm.SEND_MESSAGES)
    runner = await start_bot(TinyBot)
    games = runner.client.get_channel(world.games.id)
    await games.send("the bot role allows this")

    emu.set_member_roles(world.guild, emu.bot_user, [])
    await emu.wait_for(lambda: not games.guild.me.roles[1:])
    with pytest.raises(discord.Forbidden) as refused:
        await games.send("not any more")
    assert refused.value.code == 50013
    assert [m.content for m in world.ana.visible_messages()] == ["the bot role allows this"]
