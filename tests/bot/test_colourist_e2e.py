"""Colourist through the real bot and the real discord.py, over the wire, by clicks only.

One scripted game on the short track decides every card by the seats' roles (the test reads
the stored state for the roles only, never to cheat a secret into a click): round 1 the seat
two after the colourist plays its Joker (a match), every later round nobody matches. With
three seats that seat is the colourist of round 6 on field 5 (a double field), and the game
ends in round 10 with a shared win of two seats. The seed is pinned for the words drawn.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time

import pytest

from engine.colourist import words as W
from engine.colourist.adapter import COLOURIST
from tests.bot.story import open_table, pin_next_deal
from tests.discord_emulator.server import PATIENCE

pytestmark = pytest.mark.asyncio

SEED = 7
HEADER = {"en": "**Round {r}**", "ja": "**ラウンド{r}**", "pl": "**Runda {r}**"}


def pin_seed(pop_bot) -> None:
    pin_next_deal(SEED)


async def open_colourist(emu, world, host, **options):
    return await open_table(emu, world, host, "colourist", **options)


def button(message, part):
    return next(b["custom_id"] for b in message.buttons if part in b["custom_id"])


async def live_view(pop_bot, number):
    live = await pop_bot.client.tables.held.live(number)
    return COLOURIST.view(live.state, None)


async def wait_view(emu, pop_bot, number, phase=None):
    """The public view once the game is in `phase` (any phase when None)."""
    deadline = time.monotonic() + 8 * PATIENCE
    while time.monotonic() < deadline:
        v = await live_view(pop_bot, number)
        if phase is None or v.phase == phase:
            return v
        await asyncio.sleep(0.02)
    raise AssertionError(f"never reached phase {phase}")


async def table_message(emu, pop_bot, actor, thread, number, lang, phase):
    """The newest public message of this round in `phase`, once the bot has posted it."""
    v = await wait_view(emu, pop_bot, number, phase)
    header = HEADER[lang].format(r=v.round_number)
    word = W.shown(COLOURIST.words, v.words, lang) if v.words else None
    message = await emu.wait_for(
        lambda: next(
            (
                m
                for m in reversed(actor.visible_messages(thread))
                if not m.ephemeral
                and header in m.text
                and any(":choose" in b["custom_id"] for b in m.buttons)
                and (word is None or word in m.text)
            ),
            None,
        ),
        20,
        f"the table message {header}",
    )
    return v, message


async def choose(player, message, card):
    opened = await player.click(message, custom_id=button(message, ":choose"))
    private = await opened.wait_message(lambda m: m.buttons)
    assert private.ephemeral
    assert private.visible_to(player.user)
    clicked = await player.click(private, custom_id=button(private, f":card:{card}"))
    assert clicked.responded
    return private


def seat_ids(players):
    return {str(p.id): p for p in players}


async def play(emu, world, pop_bot, players, lang, *, rounds=None, restart_in=None, outsider=None):
    """The scripted game; returns (table number, thread, the phrase kept on the double
    field, its ids)."""
    number, thread, lobby = await open_colourist(
        emu, world, players[0], length="short", language=lang
    )
    for p in players[1:]:
        await p.click(lobby, custom_id=button(lobby, ":join"))
    pin_seed(pop_bot)
    await players[0].click(lobby, custom_id=button(lobby, ":start"))
    by_id = seat_ids(players)
    seats = [str(p.id) for p in players]
    phrase = None
    r = 0
    while rounds is None or r < rounds:
        v = await wait_view(emu, pop_bot, number)
        if v.phase == "over":
            break
        r = v.round_number
        if v.phase == "picking":
            _, message = await table_message(
                emu, pop_bot, players[0], thread, number, lang, "picking"
            )
            picker = by_id[v.colourist]
            pick_label = next(b["label"] for b in message.buttons if ":choose" in b["custom_id"])
            assert pick_label.startswith(picker.name.capitalize())  # the colourist's button
            opened = await picker.click(message, custom_id=button(message, ":choose"))
            private = await opened.wait_message(lambda m: m.buttons)
            assert len(private.buttons) == 4
            assert private.ephemeral
            await picker.click(private, custom_id=button(private, ":keep:10"))
        v, message = await table_message(emu, pop_bot, players[0], thread, number, lang, "choosing")
        if len(v.words) == 2:
            phrase = (W.shown(COLOURIST.words, v.words, lang), v.words)
        colourist = seats.index(v.colourist)
        joker_seat, other = seats[(colourist + 2) % 3], seats[(colourist + 1) % 3]
        cards = {v.colourist: "red", other: "blue", joker_seat: "joker" if r == 1 else "green"}
        if outsider is not None and r == 1:
            refused = await outsider.click(message, custom_id=button(message, ":choose"))
            answer = await refused.wait_message()
            assert answer.ephemeral
            assert answer.visible_to(outsider.user)
            assert all(not answer.visible_to(p.user) for p in players)
        for i, seat in enumerate(seats):
            private = await choose(by_id[seat], message, cards[seat])
            if i == len(seats) - 1 and lang == "en":  # the last card laid reveals the round
                await emu.wait_for(
                    lambda p=private: "the round is revealed" in p.text, 10, "the last card"
                )
            if restart_in == r and i == 0:
                chosen_before = (await live_view(pop_bot, number)).chosen
                await pop_bot.restart()
                assert (await live_view(pop_bot, number)).chosen == chosen_before == (seat,)
                await emu.wait_for(lambda m=message: "✅" in m.text, 10, "the chosen mark")
    return number, thread, phrase


def replay(record: bytes, tmp_path) -> dict:
    path = tmp_path / "record.json"
    path.write_bytes(record)
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli", "replay", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


async def test_a_scripted_game_by_clicks_with_a_restart(
    emu, world, roomy_channels, pop_bot, tmp_path
):
    ana, ben, cleo = world.ana, world.ben, world.cleo
    dana_user = emu.add_user("dana")
    emu.add_member(world.guild, dana_user)
    dana = emu.actor(dana_user, world.games)
    _number, thread, phrase = await play(
        emu, world, pop_bot, [ana, ben, cleo], "en", restart_in=3, outsider=dana
    )
    final = await emu.wait_for(
        lambda: next((m for m in ana.visible_messages(thread) if "Shared win" in m.text), None),
        20,
        "the results",
    )
    assert any(":rematch" in b["custom_id"] for b in final.buttons)
    assert final.attachments
    assert phrase is not None  # a double field was played
    public = [m for m in ana.visible_messages(thread) if not m.ephemeral]
    rounds = [m for m in public if m.text.startswith("**Round")]
    assert rounds
    await emu.wait_for(
        lambda: not any("⏳" in m.text for m in rounds), 10, "every round closed"
    )  # once revealed, a round's message shows every seat as chosen
    assert any("Nobody matched" in m.text for m in public)
    assert any("🃏 Joker" in m.text for m in public)
    assert all(len(a.description or "") <= 1024 for m in public for a in m.attachments)
    asked = await ana.at(thread).slash("table", "record")
    message = await asked.wait_message(lambda m: m.attachments)
    summary = replay(await ana.download(message.attachments[0]), tmp_path)
    names = {str(p.id): p.name.capitalize() for p in (ana, ben, cleo)}
    winners = [names[s] for s in summary["winners"]]
    assert len(winners) == 2
    assert all(w in final.text for w in winners)
    assert any(j is not None for j in summary["jokers"].values())
    assert any(r["matched"] == [] for r in summary["rounds"])
    assert any(len(r["words"]) == 2 for r in summary["rounds"])


@pytest.mark.parametrize("lang", ["ja", "pl"])
async def test_the_same_table_prints_the_phrase_in_japanese_and_polish(
    emu, world, roomy_channels, pop_bot, lang
):
    ana, ben, cleo = world.ana, world.ben, world.cleo
    _number, thread, phrase = await play(emu, world, pop_bot, [ana, ben, cleo], lang, rounds=6)
    assert phrase is not None
    text, (adjective, noun) = phrase
    entries = COLOURIST.words.concepts
    adj, nn = entries[adjective].entries[lang], entries[noun].entries[lang]
    if lang == "ja":  # attributive form, no space, adjective first
        assert text == adj.get("attr", adj["text"]) + nn["text"]
    else:  # the form agrees with the noun's gender, adjective first
        assert text == f"{adj['forms'][nn['gender']]} {nn['text']}"
    public = [m for m in ana.visible_messages(thread) if not m.ephemeral]
    assert any(text in m.text for m in public)


async def test_a_broken_word_list_opens_no_table(emu, world, pop_bot, tmp_path, monkeypatch):
    broken = tmp_path / "words.json"
    broken.write_text('{"format": "colourist-words/1", "concepts": []}', encoding="utf-8")
    monkeypatch.setattr(W, "DEFAULT_PATH", broken)
    W.shipped_words.cache_clear()
    try:
        answer = await (await world.ana.slash("colourist", "new")).wait_message()
    finally:
        W.shipped_words.cache_clear()
    assert answer.ephemeral
    assert "word list is broken" in answer.text
    assert "0 nouns" in answer.text
    assert not world.guild.threads
