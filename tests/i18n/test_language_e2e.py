"""End to end against the loopback Discord: the commands are synced with their localisations,
and a table opened with a language speaks it (its thread, lobby and buttons)."""

from __future__ import annotations

import pytest

from bot.running.main import create_bot, load_settings
from bot.texts.i18n import t

pytestmark = pytest.mark.asyncio


@pytest.fixture
async def pop_bot(bot_env, start_bot, monkeypatch):
    monkeypatch.setenv("POP_STEP_DELAY", "0")
    monkeypatch.setenv("POP_TURN_TIMER", "0")
    return await start_bot(lambda: create_bot(load_settings()))


async def test_the_synced_commands_carry_their_localisations(emu, world, pop_bot):
    (pop,) = [c for c in emu.global_commands if c["name"] == "pop"]
    new = next(o for o in pop["options"] if o["name"] == "new")
    assert new["name_localizations"]["ja"] == "新規"
    assert new["name_localizations"]["pl"] == "nowy"
    assert new["description_localizations"]["de"] == (
        "Eröffne einen Pop-Tisch in einem eigenen Thread"
    )
    language = next(o for o in new["options"] if o["name"] == "language")
    assert [c["value"] for c in language["choices"]] == ["en", "de", "es", "fr", "it", "ja", "pl"]


async def test_a_table_opened_in_japanese_speaks_japanese(emu, world, pop_bot):
    ana, ben = world.ana, world.ben
    opened = await (await ana.slash("pop", "new", mode="coop", language="ja")).wait_message()
    assert "Popの卓 #" in opened.text
    assert "（協力）" in opened.text
    number = int(opened.text.split("#")[1].split("（")[0])
    thread = await emu.wait_for(
        lambda: next(
            (
                c
                for c in world.guild.threads
                if c.name == t("table.thread_name", "ja", id=number, game="Pop")
            ),
            None,
        ),
        10,
        "the table's Japanese thread",
    )
    lobby = await emu.wait_for(
        lambda: next((m for m in ana.visible_messages(thread) if m.buttons), None),
        10,
        "the lobby message",
    )
    assert lobby.button_labels == ["参加", "退出", "AIを追加", "開始", "中止"]
    assert "最低3人" in lobby.text
    await ben.click(lobby, label="参加")
    await emu.wait_for(lambda: "Ben" in lobby.text, 10, "ben in the lobby")
    # A refusal speaks the clicker's language (the emulator's users are en-US).
    refused = await (await ben.click(lobby, label="参加")).wait_message()
    assert refused.text == t("refusal.already_seated", "en")
