"""Fair deals at the table, end to end (docs/fair-deals.md): a game of each game played by
clicks through the real bot; the lobby shows the commitment by its seal (its first 16 hex
digits, in small text), and the message that starts a game (the lobby, by the Start's answer,
or a rematch's) every id it is dealt with; nothing the bot sends to Discord and no log line
holds the secret before the game is over, the results post names the seal and the proof's
place, and `/table record`'s record and `fairness.json` (whose commitment begins with the
seal) pass `pop-bot verify`. A rematch is dealt from the seal the results post showed."""

from __future__ import annotations

import base64
import json
import logging
import subprocess
import sys
from pathlib import Path

import pytest

from engine.colourist.adapter import COLOURIST
from tests.bot.story import open_table, play_turn, scoreboard
from tests.bot.test_coloretto_e2e import play_out as coloretto_play_out
from tests.bot.test_colorpop_e2e import play_out as colorpop_play_out
from tests.bot.test_colorpop_e2e import results_message as colorpop_results
from tests.bot.test_colourist_e2e import button, choose, table_message, wait_view

pytestmark = pytest.mark.asyncio

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def logged(caplog):
    caplog.set_level(logging.DEBUG)
    return caplog


def encodings(value: bytes) -> list[bytes]:
    """32 secret bytes as anything might write them."""
    return [
        value,
        value.hex().encode(),
        value.hex().upper().encode(),
        base64.b64encode(value),
        base64.urlsafe_b64encode(value).rstrip(b"="),
        str(int.from_bytes(value, "big")).encode(),
    ]


def assert_secret_kept(table, bodies, caplog) -> None:
    """Nothing sent so far and no log line holds the secret seed, the deal's seed made from
    it, or the rematch's secret, in any of their encodings."""
    secrets = encodings(bytes.fromhex(table.fair.secret)) + encodings(
        table.seed.to_bytes(32, "big")
    )
    if table.fair_next is not None:
        secrets += encodings(bytes.fromhex(table.fair_next.secret))
    for body in bodies:
        assert not [s for s in secrets if s in body], body[:200]
    lines = [r.getMessage().encode() for r in caplog.records]
    assert lines, "nothing was logged: the check would see nothing"
    for line in lines:
        assert not [s for s in secrets if s in line], line[:200]


async def start(emu, world, bot, host, game, ai, **options):
    """The host opens a table (its lobby shows the seal at once), adds `ai` AI seats and
    starts. Returns (table number, thread, lobby message)."""
    number, thread, lobby = await open_table(emu, world, host, game, **options)
    committed = (await stored(bot, number)).fair.commitment
    assert sealed(committed, lobby.text)  # before any other seat, or the start, exists
    for _ in range(ai):
        await host.click(lobby, label="Add AI")
    await host.click(lobby, label="Start")
    # The Start's own answer shows every id the game is dealt with, before any of its posts.
    deal = (await stored(bot, number)).fair
    assert inputs_shown(deal, lobby.text), lobby.text
    return number, thread, lobby


def inputs_shown(deal, content: str) -> bool:
    """Does the message show the deal's join ids, in seat order, and its start id, on a small
    line?"""
    joins = ", ".join(f"`{join}`" for join in deal.joins)
    return (
        f"\n-# 🔒 Deal inputs: join ids {joins} (in seat order), start id `{deal.start}`" in content
    )


def sealed(commitment: str, content: str) -> bool:
    """Does the lobby show the commitment by its seal, on a small line, and not whole?"""
    return f"\n-# 🔒 Deal seal `{commitment[:16]}` — " in content and commitment not in content


async def stored(bot, number):
    table, _ = await bot.client.tables.store.load(number)
    return table


async def record_and_proof(actor, thread, tmp_path) -> tuple[Path, Path, dict]:
    """/table record: the record and fairness.json, written to files."""
    asked = await actor.at(thread).slash("table", "record")
    message = await asked.wait_message(lambda m: len(m.attachments) == 2)
    assert "pop-bot verify" in message.text
    names = [a.filename for a in message.attachments]
    assert names[1] == "fairness.json", names
    record, proof = (tmp_path / names[0], tmp_path / names[1])
    record.write_bytes(await actor.download(message.attachments[0]))
    proof.write_bytes(await actor.download(message.attachments[1]))
    return record, proof, json.loads(proof.read_text())


def verified(record: Path, proof: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli", "verify", str(record), str(proof)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert len(done.stdout.splitlines()) == 1
    return done.stdout


async def check_the_game(bot, number, actor, dealt, results, wire, logged, tmp_path):
    """What every game's fair deal shows, from the message that announced its commitment (the
    lobby, or a rematch's message) to the proof."""
    thread = dealt.channel
    table = await stored(bot, number)
    deal = table.fair
    assert deal is not None
    assert deal.start is not None
    assert [s.joined for s in table.seats] == deal.joins
    assert all(deal.joins)
    assert f"`{deal.commitment[:16]}`" in dealt.text
    assert deal.commitment not in dealt.text
    assert inputs_shown(deal, dealt.text), dealt.text
    assert f"\n-# 🔒 Dealt from the seal `{deal.commitment[:16]}`: " in results.text
    assert "/table record" in results.text
    assert table.fair_next is not None
    rematch_seal = (
        f"\n-# 🔒 A rematch will be dealt from the seal `{table.fair_next.commitment[:16]}`."
    )
    assert rematch_seal in results.text
    assert deal.commitment not in results.text
    assert table.fair_next.commitment not in results.text
    assert_secret_kept(table, wire, logged)
    record, proof, said = await record_and_proof(actor, thread, tmp_path)
    assert said["commitment"] == deal.commitment
    assert said["commitment"].startswith(deal.commitment[:16])  # the seal the lobby showed
    assert said["inputs"] == {"joins": [str(j) for j in deal.joins], "start": str(deal.start)}
    assert said["secret_seed"] == deal.secret  # revealed now, the game being over
    assert any(deal.secret.encode() in body for body in wire)  # the check sees what is sent
    verified(record, proof)
    return table


async def test_coloretto_by_clicks_verifies_and_so_does_its_rematch(
    emu, world, roomy_channels, pop_bot, wire, logged, tmp_path
):
    ana = world.ana
    number, thread, lobby = await start(emu, world, pop_bot, ana, "coloretto", 1, ai_level="easy")
    results = await coloretto_play_out(emu, thread, pop_bot, [ana])
    first = await check_the_game(pop_bot, number, ana, lobby, results, wire, logged, tmp_path)

    # The rematch is dealt from the secret committed in the results post, not a new one.
    await ana.click(results, label="Rematch")
    again = await emu.wait_for(
        lambda: next(
            (m for m in ana.visible_messages(thread) if "asked for a rematch" in m.text), None
        ),
        10,
        "the rematch message",
    )
    assert f"`{first.fair_next.commitment[:16]}`" in again.text
    assert first.fair_next.commitment not in again.text
    second_results = await coloretto_play_out(emu, thread, pop_bot, [ana])
    assert second_results.id != results.id
    second = await stored(pop_bot, number)
    assert second.games == 2
    assert second.fair.commitment == first.fair_next.commitment
    assert second.fair.secret != first.fair.secret
    await check_the_game(pop_bot, number, ana, again, second_results, wire, logged, tmp_path)


async def test_pop_two_sets_by_clicks_verify(
    emu, world, roomy_channels, pop_bot, wire, logged, tmp_path
):
    ana = world.ana
    number, thread, lobby = await start(emu, world, pop_bot, ana, "pop", 1, sets=2)
    for n in (1, 2):
        for k in range(1, 9):
            header = f"Set {n}/2 · turn {k}**"
            await play_turn(emu, [ana], thread, header, pick=lambda hand: hand[:2])
    results = await scoreboard(emu, ana, thread)
    await emu.wait_for(lambda: "Rematch" in results.button_labels, 10, "the results' Rematch")
    await check_the_game(pop_bot, number, ana, lobby, results, wire, logged, tmp_path)


async def test_colorpop_by_clicks_verifies(
    emu, world, roomy_channels, pop_bot, wire, logged, tmp_path
):
    ana = world.ana
    number, thread, lobby = await start(emu, world, pop_bot, ana, "colorpop", 1, ai_level="easy")
    await colorpop_play_out(emu, pop_bot, number, thread, {str(ana.id): ana})
    results = await colorpop_results(emu, ana, thread)
    await check_the_game(pop_bot, number, ana, lobby, results, wire, logged, tmp_path)


async def test_colourist_by_clicks_verifies(
    emu, world, roomy_channels, pop_bot, wire, logged, tmp_path
):
    ana = world.ana
    number, thread, lobby = await start(
        emu, world, pop_bot, ana, "colourist", 2, length="short", ai_level="easy"
    )
    me = str(ana.id)
    while (v := await wait_view(emu, pop_bot, number)).phase != "over":
        if v.phase == "picking" and v.colourist == me:
            _, message = await table_message(emu, pop_bot, ana, thread, number, "en", "picking")
            opened = await ana.click(message, custom_id=button(message, ":choose"))
            private = await opened.wait_message(lambda m: m.buttons)
            await ana.click(private, custom_id=button(private, ":keep:10"))
        elif v.phase == "choosing" and me not in v.chosen:
            _, message = await table_message(emu, pop_bot, ana, thread, number, "en", "choosing")
            state = (await pop_bot.client.tables.held.live(number)).state
            move = COLOURIST.legal_moves(state, me)[0]
            await choose(ana, message, move.card)
        seen = (v.round_number, len(v.chosen), v.phase)
        await emu.wait_for(lambda s=seen: _moved_on(pop_bot, number, s), 20, "the game to move")
    results = await emu.wait_for(
        lambda: next(
            (m for m in ana.visible_messages(thread) if "Rematch" in m.button_labels), None
        ),
        30,
        "the results",
    )
    await check_the_game(pop_bot, number, ana, lobby, results, wire, logged, tmp_path)


def _moved_on(bot, number, seen) -> bool:
    live = bot.client.tables.held.cache.get(number)
    if live is None or live.state is None:
        return True
    v = COLOURIST.view(live.state, None)
    return (v.round_number, len(v.chosen), v.phase) != seen
