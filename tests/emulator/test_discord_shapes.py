"""Answers shaped as Discord shapes them: numbered components, the clicked message in a click's
metadata, no message resource for "thinking", commands echoed as Discord stores them."""

from __future__ import annotations

import aiohttp
import discord
from hypothesis import assume, given
from hypothesis import strategies as st

from tests.discord_emulator import Emulator
from tests.discord_emulator.model import Interaction, new_token, number_components

from .helpers import raw_send
from .tiny_bot import TinyBot


def test_components_are_numbered_in_reading_order_around_given_ids() -> None:
    rows = [
        {
            "type": 1,
            "components": [
                {"type": 2, "label": "a"},
                {"type": 2, "id": 2},
                {"type": 2, "label": "c"},
            ],
        },
        {"type": 1, "id": 9, "components": [{"type": 2}]},
    ]
    numbered = number_components(rows)
    assert [c["id"] for c in numbered[0]["components"]] == [3, 2, 4]
    assert numbered[0]["id"] == 1
    assert numbered[1]["id"] == 9
    assert numbered[1]["components"][0]["id"] == 5
    assert "id" not in rows[0]  # the sender's payload is left alone


@given(
    st.lists(st.lists(st.one_of(st.none(), st.integers(1, 40)), min_size=1, max_size=5), max_size=5)
)
def test_numbering_keeps_given_ids_and_fills_the_rest_uniquely(shape: list[list[int | None]]):
    given_ids = [i for row in shape for i in row if i is not None]
    assume(len(given_ids) == len(set(given_ids)))
    rows = [
        {"type": 1, "components": [{"type": 2} if i is None else {"type": 2, "id": i} for i in row]}
        for row in shape
    ]
    numbered = number_components(rows)
    flat = [c for row in numbered for c in [row, *row["components"]]]
    ids = [c["id"] for c in flat]
    assert len(ids) == len(set(ids))
    assert all(isinstance(i, int) and i >= 1 for i in ids)
    assert [
        c["id"] for row in numbered for c in row["components"] if c["id"] in given_ids
    ] == given_ids
    auto = [i for i in ids if i not in given_ids]
    assert auto == sorted(auto)
    assert set(auto) | set(given_ids) >= set(range(1, len(auto) + 1))


async def test_messages_carry_component_ids(emu: Emulator, world, start_bot):
    runner = await start_bot(TinyBot)
    hello = (await world.ana.slash("hello")).message
    [row] = hello.to_payload()["components"]
    assert row["id"] == 1
    assert [b["id"] for b in row["components"]] == [2]
    sent = await raw_send(
        runner.client,
        world.games.id,
        {
            "components": [
                {"type": 1, "components": [{"type": 2, "style": 1, "label": "x", "custom_id": "x"}]}
            ]
        },
    )
    assert sent["components"][0]["components"][0]["id"] == 2
    click = await world.ana.click(hello, label="Count")  # an edit renumbers the new components
    assert click.message.components[0]["components"][0]["id"] == 2
    parsed = discord.components._component_factory(click.message.to_payload()["components"][0])
    assert parsed is not None
    assert parsed.id == 1
    assert parsed.children[0].id == 2


async def test_a_click_names_the_clicked_message(emu: Emulator, world, start_bot):
    runner = await start_bot(TinyBot)
    asked = (await world.ana.slash("ask")).message
    click = await world.ben.click(asked, label="Reply")
    [followup] = await click.wait_followups(1)
    assert runner.client.interactions[-1].message.id == asked.id  # the payload's `message`
    reply = click.message.to_payload()["interaction_metadata"]
    assert reply["type"] == 3
    assert reply["interacted_message_id"] == str(asked.id)
    assert "original_response_message_id" not in reply
    later = followup.to_payload()["interaction_metadata"]
    assert later["interacted_message_id"] == str(asked.id)
    assert later["original_response_message_id"] == str(click.message.id)
    command = asked.to_payload()["interaction_metadata"]
    assert command["type"] == 2
    assert "interacted_message_id" not in command


async def answer(emu: Emulator, world, body: dict) -> dict:
    interaction = Interaction(
        emu.snowflakes.next(),
        new_token(),
        2,
        world.ana.user,
        world.games,
        {"name": "x"},
        created_at=emu.clock.now(),
    )
    emu.interactions[interaction.id] = interaction
    url = f"{emu.api_base}/interactions/{interaction.id}/{interaction.token}/callback"
    async with (
        aiohttp.ClientSession() as session,
        session.post(url, params={"with_response": "1"}, json=body) as response,
    ):
        assert response.status == 200
        return await response.json()


async def test_thinking_has_no_message_resource(emu: Emulator, world):
    thinking = await answer(emu, world, {"type": 5, "data": {"flags": 64}})
    assert thinking["resource"] == {"type": 5}
    assert thinking["interaction"]["response_message_loading"] is True
    assert thinking["interaction"]["response_message_ephemeral"] is True
    said = await answer(emu, world, {"type": 4, "data": {"content": "hi"}})
    assert said["resource"]["type"] == 4
    assert said["resource"]["message"]["content"] == "hi"


async def test_thinking_then_followup_still_works_in_discord_py(emu: Emulator, world, start_bot):
    await start_bot(TinyBot)
    result = await world.ana.slash("think", secret=True)
    message = await result.wait_message()
    assert message.content == "done thinking"
    assert message.ephemeral


async def test_command_sync_echoes_what_discord_stores(emu: Emulator, world, start_bot):
    await start_bot(TinyBot)
    hello = next(c for c in emu.global_commands if c["name"] == "hello")
    assert hello["integration_types"] == [0]
    assert hello["default_member_permissions"] is None
    url = f"{emu.api_base}/applications/{emu.application_id}/commands"
    body = [
        {
            "name": "admin",
            "description": "Admins",
            "default_member_permissions": 8,
            "integration_types": [0, 1],
            "contexts": [0],
        }
    ]
    async with (
        aiohttp.ClientSession(headers={"Authorization": f"Bot {emu.token}"}) as session,
        session.put(url, json=body) as response,
    ):
        [stored] = await response.json()
    assert stored["default_member_permissions"] == "8"
    assert stored["integration_types"] == [0, 1]
    assert stored["contexts"] == [0]
    assert stored["nsfw"] is False
    assert stored["type"] == 1
