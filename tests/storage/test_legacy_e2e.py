"""The new bot picks up a database the OLD bot left (schema 002), in the Discord it left.

tests/storage/legacy/pop-0.2.sqlite3 and pop-0.2.discord.json were written together by the old
bot (see build_legacy_databases.py): the database, and what Discord held at that moment — the
tables' threads and the bot's public messages with their buttons. This test rebuilds that Discord
in a fresh emulator (same threads, same messages and buttons; the guild, channel, users and the
bot get the fresh world's ids, rewritten in the database too), starts today's bot on it — which
migrates to 003 — and finishes the games in progress by clicks, on the old messages' buttons
where the old bot left them.
"""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest

from bot.model.fair import game_seed
from engine.pop import game as pop_game
from engine.pop.adapter import POP
from render.pop.pictures import step_frames
from tests.bot.conftest import fast_bot_env, pop_bot, roomy_channels
from tests.bot.story import card_buttons, open_hand, pick_and_confirm, turn_message

LEGACY = Path(__file__).parent / "legacy"
SNOWFLAKE = re.compile(r"\b\d{17,20}\b")
COOP, LOBBY, MID_TURN, MID_REVEAL = 3, 4, 5, 6


@pytest.fixture
def legacy_discord(emu, world, roomy_channels, fast_bot_env):
    """The old bot's Discord rebuilt in the emulator, and its database (ids rewritten) where the
    bot will open it (bot_env's POP_DATABASE_PATH). Returns {table number: its thread}."""
    snapshot = json.loads((LEGACY / "pop-0.2.discord.json").read_text(encoding="utf-8"))
    ids = {
        snapshot["bot"]: emu.bot_user.id,
        snapshot["guild"]: world.guild.id,
        snapshot["games"]: world.games.id,
    }
    ids |= {old: getattr(world, name).user.id for name, old in snapshot["users"].items()}
    threads = {
        int(t["name"].rsplit("#", 1)[1]): emu.add_thread(world.games, t["name"], thread_id=t["id"])
        for t in snapshot["threads"]
    }
    by_id = {t.id: t for t in threads.values()}
    for m in snapshot["messages"]:
        if m["channel"] in by_id:
            content = SNOWFLAKE.sub(lambda n: str(ids.get(int(n[0]), n[0])), m["content"])
            ids[m["id"]] = emu.create_message(
                by_id[m["channel"]], emu.bot_user, content=content, components=m["components"]
            ).id
    with sqlite3.connect(LEGACY / "pop-0.2.sqlite3") as old:
        dump = "\n".join(old.iterdump())
    with sqlite3.connect(fast_bot_env / "pop.sqlite3") as new:
        new.executescript(SNOWFLAKE.sub(lambda n: str(ids.get(int(n[0]), n[0])), dump))
    return threads


async def play_to_the_end(emu, players, thread, first_turn: int, done: str):
    """Everyone picks one card a turn, from `first_turn` until the results (`done`) are out."""
    k = first_turn
    while True:
        message = await turn_message(emu, players[0], thread, f"turn {k}**")
        for player in players:
            if f"✅ {player.name.capitalize()}" in message.text:
                continue  # picked before (before the upgrade, for some)
            hand = await open_hand(player, message)
            await pick_and_confirm(emu, player, hand, card_buttons(hand)[:1])
        await emu.wait_for(
            lambda n=k: any(
                f"turn {n + 1}**" in m.text or done in m.text
                for m in players[0].visible_messages(thread)
            ),
            30,
            f"turn {k + 1} or the end",
        )
        if any(done in m.text for m in players[0].visible_messages(thread)):
            return next(m for m in players[0].visible_messages(thread) if done in m.text)
        k += 1


async def test_the_new_bot_finishes_the_old_bots_games(emu, world, legacy_discord, pop_bot):
    ana, ben, cleo = world.ana, world.ben, world.cleo
    store = pop_bot.client.tables.store
    assert 3 in await store.applied()

    # Mid-reveal: turn 2's pictures resume after the one the old bot posted, each once.
    revealing = legacy_discord[MID_REVEAL]
    await turn_message(emu, ana, revealing, "turn 3**", timeout=30)
    table, _ = await store.load(MID_REVEAL)
    seq = 6  # the move that revealed turn 2 (the sixth pick of the game)
    files = [
        a.filename
        for m in sorted(ana.visible_messages(revealing), key=lambda m: m.id)
        for a in m.attachments
    ]
    # Turn 2's step pictures (s<set>-t2-<step>-…), the old bot's one included if it has a file.
    steps = [int(found[1]) for f in files if (found := re.match(r"s\d+-t2-(\d\d)-", f))]
    moves = await store.moves(MID_REVEAL, 1)
    state = POP.start(
        POP.options_model.model_validate(table.options),
        [s.id for s in table.seats],
        game_seed(table),
    )
    for seat, move in moves[: seq - 1]:
        state, _ = POP.apply(state, seat, POP.load_move(move))
    revealing_seat, revealing_move = moves[seq - 1]
    _after, events = POP.apply(state, revealing_seat, POP.load_move(revealing_move))
    total = len(step_frames(POP.view(state, None), events))
    # The new bot carries on after the old one's step 1: steps 2…total, each once, in order.
    assert steps in (list(range(1, total + 1)), list(range(2, total + 1))), (files, total)
    # The step the old bot posted (its last message in the thread) is not posted again.
    snapshot = json.loads((LEGACY / "pop-0.2.discord.json").read_text(encoding="utf-8"))
    old_step = [m for m in snapshot["messages"] if m["channel"] == revealing.id][-1]
    assert old_step["files"]
    assert "placed" in old_step["content"]
    assert sum(m.text == old_step["content"] for m in ana.visible_messages(revealing)) == 1
    assert (await store.delivery(MID_REVEAL)).seq > seq

    # Mid-turn: ana picked before the upgrade; ben and cleo pick now, on the old message.
    mid_turn = legacy_discord[MID_TURN]
    results = {}
    results[MID_TURN] = await play_to_the_end(emu, [ben, ana, cleo], mid_turn, 2, "Winner")
    results[MID_REVEAL] = await play_to_the_end(emu, [cleo, ana, ben], revealing, 3, "Winner")
    # ana's pick from before the upgrade counted: turn 2 took it, and no other from her.
    with sqlite3.connect(LEGACY / "pop-0.2.sqlite3") as legacy:
        *_, (last_old_pick,) = legacy.execute(
            "SELECT payload FROM pop_actions WHERE table_id = ? AND kind = 'choose'"
            " ORDER BY version",
            (MID_TURN,),
        ).fetchall()
    moves = await store.moves(MID_TURN, 1)
    assert moves[3] == (str(ana.user.id), json.loads(last_old_pick)["cards"])
    assert {seat for seat, _ in moves[4:6]} == {str(ben.user.id), str(cleo.user.id)}
    for number, message in results.items():
        assert "Rematch" in message.button_labels
        table, dumped = await store.load(number)
        final = POP.load_state(dumped)
        assert table.status == "finished"
        assert final.phase == "over"
        totals = pop_game.totals(final)
        for seat in table.seats:
            assert f"{seat.name} {totals[seat.id]}" in message.text, message.text
        assert all(table.seat(w).name in message.text.split("Winner")[1] for w in final.winners)
        rows = await store.fetch(
            "SELECT user_id, won, score FROM game_results WHERE table_id = ?", number
        )
        assert sorted(rows) == sorted(
            (s.user_id, int(s.id in final.winners), totals[s.id]) for s in table.seats
        )

    # Cooperative: ben's signal was said before; ben and cleo pick turn 1, then to the end.
    coop = legacy_discord[COOP]
    assert (await store.load(COOP))[0].face["signals"]
    await play_to_the_end(emu, [ana, ben, cleo], coop, 1, "The group reached")
    assert (await store.load(COOP))[0].status == "finished"

    # The lobby's old buttons still work: ben joins through them.
    lobby = next(
        m for m in ben.visible_messages(legacy_discord[LOBBY]) if "Join" in m.button_labels
    )
    assert (await ben.click(lobby, label="Join")).responded
    await emu.wait_for(lambda: len(ben.visible_messages(legacy_discord[LOBBY])) > 0, 5, "x")
    table, _ = await store.load(LOBBY)
    assert [s.user_id for s in table.seats] == [cleo.user.id, ben.user.id]
