"""Coloretto at the table, end to end: whole games by clicks through the real bot and the real
discord.py against the loopback Discord; every record replays to the scores the bot announced."""

from __future__ import annotations

import asyncio
import re
import tempfile
import time
from pathlib import Path

import pytest

from engine.coloretto import game as rules
from engine.coloretto.adapter import COLORETTO
from engine.coloretto.game import Draw, Place, Take
from tests.bot.story import pin_next_deal, start_table, stored_table
from tests.bot.test_game_e2e import replay_summary
from tests.clock import TestClock
from tests.discord_emulator.server import PATIENCE

pytestmark = pytest.mark.asyncio


# --- Shared helpers ---------------------------------------------------------------------------


async def start_coloretto(emu, world, host, joiners=(), ai=0, seed=None, bot=None, **options):
    """The host opens a Coloretto table, the joiners join, `ai` AI seats are added, and the
    host starts (with the deal's seed pinned when `seed` is given). Returns the thread."""

    def pin_seed():
        if seed is not None:
            pin_next_deal(seed)

    _, thread = await start_table(
        emu, world, host, joiners, ai, "coloretto", pin_seed, ai_level="easy", **options
    )
    return thread


async def live(bot, table_id=1):
    return await bot.client.tables.held.live(table_id)


async def game_now(bot):
    """The game as stored (moves, epoch, whole state): what a refused press must not change."""
    table, state = await stored_table(bot)
    return table.moves, table.epoch, COLORETTO.dump_state(state)


def game_buttons(message, epoch):
    """The Coloretto buttons of this turn's epoch on a message: custom id by label."""
    return {
        b["label"]: b for b in message.buttons if b["custom_id"].startswith(f"coloretto:1:{epoch}:")
    }


def enabled_labels(message, epoch):
    return {label for label, b in game_buttons(message, epoch).items() if not b.get("disabled")}


async def turn_message(emu, actor, thread, bot, timeout=20):
    """The table message of the current turn: its buttons carry the table's epoch and offer
    the seat on turn's legal moves (a draw changes them in place, within the turn)."""
    deadline = time.monotonic() + timeout * PATIENCE
    while True:
        current = await live(bot)
        epoch, state = current.table.epoch, current.state
        legal = {button_for(m) for m in COLORETTO.legal_moves(state, state.turn)}
        found = next(
            (
                m
                for m in reversed(actor.visible_messages(thread))
                if not m.ephemeral and game_buttons(m, epoch) and enabled_labels(m, epoch) == legal
            ),
            None,
        )
        if found is not None:
            return found
        assert time.monotonic() < deadline, "no table message for this turn"
        await asyncio.sleep(0.01)


def button_for(move):
    """The English label of a move's button."""
    if isinstance(move, Draw):
        return "Draw"
    if isinstance(move, Place):
        return f"Row {move.row}"
    return f"Take row {move.row}"


async def press(emu, actor, thread, bot, move):
    """`actor` presses the button of `move` on the current table message; waits until the
    game has moved on (its version grew)."""
    before = (await live(bot)).state.version
    message = await turn_message(emu, actor, thread, bot)
    result = await actor.click(message, label=button_for(move))
    assert result.responded
    await wait_version_above(emu, bot, before)
    return message


async def wait_version_above(emu, bot, version, timeout=20):
    """Until the game's state is past `version` (a move was applied)."""
    deadline = time.monotonic() + timeout * PATIENCE
    while (await live(bot)).state.version <= version:
        assert time.monotonic() < deadline, "the table did not move on"
        await asyncio.sleep(0.01)


def seat_actor(table, actors, seat_id):
    """The person in a seat (None for an AI seat)."""
    return next((a for a in actors if str(a.id) == seat_id), None)


async def play_out(emu, thread, bot, actors, choose=None):
    """Humans play by clicks (the normal AI's choice, or `choose(view)`) until the game ends;
    AI seats play themselves. Returns the results message."""
    while True:
        current = await live(bot)
        if current.table.status == "finished":
            break
        turn = rules.current_player(current.state)
        actor = seat_actor(current.table, actors, turn) if turn else None
        if actor is None:
            await asyncio.sleep(0.02)
            continue
        view = COLORETTO.view(current.state, turn)
        move = (choose(view) if choose else None) or COLORETTO.ai_move(view, "normal", view.version)
        await press(emu, actor, thread, bot, move)
    return await results_message(emu, actors[0], thread)


async def results_message(emu, actor, thread, timeout=30):
    return await emu.wait_for(
        lambda: next(
            (
                m
                for m in actor.visible_messages(thread)
                if "Final scores" in m.text and "Rematch" in m.button_labels
            ),
            None,
        ),
        timeout,
        "the results message",
    )


def announced_scores(message):
    """{name: total} from the results message's lines "1st **Name** — points: N (…)"."""
    return {
        name: int(total)
        for name, total in re.findall(r"^\d\w* \*\*(.+?)\*\* — points: (-?\d+)", message.text, re.M)
    }


async def assert_record_replays_to_announced_scores(bot, thread, actor, final):
    """/table record gives the coloretto-record/1; `bot.cli replay` gives the scores announced,
    and every announced winner."""
    asked = await actor.at(thread).slash("table", "record")
    message = await asked.wait_message(lambda m: m.attachments)
    record = await actor.download(message.attachments[0])
    with tempfile.TemporaryDirectory() as folder:  # removed after, unlike mkdtemp's
        summary = replay_summary(record, Path(folder))
    names = (await live(bot)).table.names()
    assert {names[s]: score["total"] for s, score in summary["scores"].items()} == announced_scores(
        final
    )
    assert all(names[w] in final.text.split("🏆", 1)[1] for w in summary["winners"])
    return summary


def seed_where(players, wanted, *, expert=False):
    """The first deal seed whose game (seats s0, s1, …) satisfies `wanted(state)`: stories pin
    the deal instead of hoping for it."""
    seats = [f"s{i}" for i in range(players)]
    return next(seed for seed in range(100_000) if wanted(rules.new_game(seats, expert, seed)))


def host_starts(state):
    return state.first == state.players[0]


# --- The stories ------------------------------------------------------------------------------


async def test_three_seat_game_by_clicks_with_refusals(emu, world, roomy_channels, pop_bot):
    ana, ben, cleo = world.ana, world.ben, world.cleo
    thread = await start_coloretto(
        emu, world, ana, [ben], ai=1, bot=pop_bot, seed=seed_where(3, host_starts)
    )
    first = await turn_message(emu, ana, thread, pop_bot)
    current = await live(pop_bot)
    view = COLORETTO.view(current.state, None)
    assert rules.current_player(current.state) == str(ana.id)
    assert len(view.removed) == 1
    assert len(view.rows) == 3
    assert "Row 1 (0/3)" in first.text
    assert "Row 3 (0/3)" in first.text
    assert f"cards left in the pile: {view.pile_size}" in first.text
    assert "**Ana** to move" in first.text
    assert first.attachments
    assert "round 1" in first.attachments[0].description
    assert set(first.button_labels) == {"Draw"}  # no row holds a card yet: nothing to take

    # A press by a seat not on turn, and one by someone with no seat: each refused privately,
    # politely, in words; nothing changes.
    game_before = await game_now(pop_bot)
    refused = await (await ben.click(first, label="Draw")).wait_message()
    assert refused.ephemeral
    assert refused.visible_to(ben.user)
    assert not refused.visible_to(ana.user)
    assert "not your turn" in refused.text
    refused = await (await cleo.click(first, label="Draw")).wait_message()
    assert refused.ephemeral
    assert "no seat" in refused.text
    # Taking an empty row (a forged press: no such button) is refused with the rule it breaks.
    refused = await (await ana.forge_click(first, "coloretto:1:1:take:1")).wait_message()
    assert refused.ephemeral
    assert "Row 1 is empty" in refused.text
    assert await game_now(pop_bot) == game_before

    # Ana draws: the turn's own message asks her, in place, to put the card in a row, one
    # button per row, and shows the card drawn beside the table it had (no message more).
    messages = len(ana.visible_messages(thread))
    await press(emu, ana, thread, pop_bot, Draw())
    placing = await turn_message(emu, ana, thread, pop_bot)
    drawn = COLORETTO.view((await live(pop_bot)).state, None).drawn
    assert placing.id == first.id
    assert placing.button_labels == ["Row 1", "Row 2", "Row 3"]
    assert drawn is not None
    assert "**Ana** drew" in placing.text
    assert len(placing.attachments) == 2  # the table at the start, then the card drawn
    assert len(ana.visible_messages(thread)) == messages

    # A second draw (a forged press: the message has no Draw button now) is refused with the
    # rule it breaks, and so is taking an empty row; nothing changes.
    game_before = await game_now(pop_bot)
    refused = await (await ana.forge_click(first, "coloretto:1:1:draw")).wait_message()
    assert refused.ephemeral
    assert "put it in a row first" in refused.text
    refused = await (await ana.forge_click(first, "coloretto:1:1:take:2")).wait_message()
    assert "You drew a card" in refused.text  # the drawn card comes first, then rows
    refused = await (await ana.forge_click(first, "coloretto:1:1:nonsense")).wait_message()
    assert "That button is not valid here" in refused.text
    assert await game_now(pop_bot) == game_before

    await press(emu, ana, thread, pop_bot, Place(2))
    assert COLORETTO.view((await live(pop_bot)).state, None).rows[1] == (drawn,)
    final = await play_out(emu, thread, pop_bot, [ana, ben])
    assert final.attachments
    assert "final scores" in final.attachments[-1].description  # after the last move's picture
    await assert_record_replays_to_announced_scores(pop_bot, thread, ana, final)
    assert_every_action_pictured(ana, thread, await live(pop_bot))


def assert_every_action_pictured(actor, thread, current, game_no=1):
    """One picture per action, each posted once; one message per seat's turn (a draw is added
    to the turn's message; the placement or the take ends the turn with a message of its own,
    the next turn's buttons on it), besides the lobby and the first turn's message."""
    pictured = [
        (m.id, found.group(0))
        for m in actor.visible_messages(thread)
        for a in m.attachments
        if (found := re.search(rf"coloretto-g{game_no}-v\d+\.png$", a.filename))
    ]
    assert sorted(name for _, name in pictured) == [
        f"coloretto-g{game_no}-v{v:03d}.png" for v in range(1, current.table.moves + 1)
    ]
    turns = len(current.state.actions)
    assert len({message for message, _ in pictured}) == turns + 1  # and the first turn's
    posted = [m for m in actor.visible_messages(thread) if not m.ephemeral]
    assert len(posted) <= turns + 3, f"{len(posted)} messages for {turns} turns"


async def test_two_seat_game_discards_the_row_left_over(emu, world, roomy_channels, pop_bot):
    ana = world.ana
    rules_text = await (await ana.slash("coloretto", "rules")).wait_message()
    assert rules_text.ephemeral
    assert "**Coloretto** (2–5 players)" in rules_text.text
    thread = await start_coloretto(
        emu, world, ana, ai=1, bot=pop_bot, seed=seed_where(2, host_starts), expert=True
    )
    first = await turn_message(emu, ana, thread, pop_bot)
    view = COLORETTO.view((await live(pop_bot)).state, None)
    assert len(view.removed) == 2
    assert view.limits == (1, 2, 3)
    assert all(f"Row {r} (0/{r})" in first.text for r in (1, 2, 3))

    final = await play_out(emu, thread, pop_bot, [ana])
    summary = await assert_record_replays_to_announced_scores(pop_bot, thread, ana, final)
    discards = [r["discarded"] for r in summary["rounds"] if r["discarded"]]
    assert discards, "some round left a row with cards"
    said = [
        m.text for m in ana.visible_messages(thread) if "The row nobody took is discarded" in m.text
    ]
    assert len(said) == len(discards)
    assert all(len(r["takes"]) == 2 for r in summary["rounds"])  # one row each, per round
    assert_every_action_pictured(ana, thread, await live(pop_bot))
    assert (await live(pop_bot)).table.options == {"expert": True}

    # /stats keeps the game: Ana's score is her average and her best, an expert game.
    mine = summary["scores"][str(ana.id)]["total"]
    stats = await (await ana.slash("stats", game="coloretto")).wait_message()
    assert f"Average score {mine}.0 · best {mine}" in stats.text, stats.text
    assert "Games with expert scoring: 1" in stats.text

    # Rematch: a new game at the same table, with its own first picture and buttons.
    await ana.click(final, label="Rematch")
    await emu.wait_for(
        lambda: any(
            a.filename.endswith("coloretto-start.png")
            for m in ana.visible_messages(thread)
            for a in m.attachments
            if m.id > final.id
        ),
        10,
        "the rematch's first table",
    )
    again = await live(pop_bot)
    assert again.table.games == 2
    assert again.table.status == "playing"
    assert not again.state.over
    assert again.state.round_number == 1


def golden_on_top(state):
    return host_starts(state) and state.deck[0] == "golden"


def take_the_golden_joker(view):
    """Take a row holding the golden joker when there is one; else play as the normal AI."""
    return next(
        (m for m in view.legal_moves() if isinstance(m, Take) and "golden" in view.rows[m.row - 1]),
        None,
    )


async def test_a_seat_takes_the_golden_joker_and_its_extra_card(
    emu, world, roomy_channels, pop_bot
):
    ana = world.ana
    thread = await start_coloretto(
        emu, world, ana, ai=4, bot=pop_bot, seed=seed_where(5, golden_on_top)
    )
    await press(emu, ana, thread, pop_bot, Draw())
    drew = await emu.wait_for(
        lambda: next(
            (
                m
                for m in ana.visible_messages(thread)
                if "Ana drew a card: 🌟 golden joker" in m.text
            ),
            None,
        ),
        10,
        "the golden joker drawn",
    )
    assert "Ana drew" in drew.attachments[-1].description  # added to the turn's message
    await press(emu, ana, thread, pop_bot, Place(1))
    final = await play_out(emu, thread, pop_bot, [ana], take_the_golden_joker)

    summary = await assert_record_replays_to_announced_scores(pop_bot, thread, ana, final)
    take = next(tk for r in summary["rounds"] for tk in r["takes"] if "golden" in tk["cards"])
    assert take["extra"] not in (None, "last")
    names = (await live(pop_bot)).table.names()
    taker = names[take["player"]]
    step = next(
        m
        for m in ana.visible_messages(thread)
        if f"The golden joker brings {taker} one more card" in m.text
    )
    assert any("The golden joker brought one more card" in a.description for a in step.attachments)
    assert summary["collections"][take["player"]].get("golden") == 1
    assert_every_action_pictured(ana, thread, await live(pop_bot))


async def test_a_restart_between_a_draw_and_its_placement_loses_nothing(
    emu, world, roomy_channels, pop_bot
):
    ana, ben = world.ana, world.ben
    thread = await start_coloretto(
        emu, world, ana, [ben], bot=pop_bot, seed=seed_where(2, host_starts)
    )
    await press(emu, ana, thread, pop_bot, Draw())
    placing = await turn_message(emu, ana, thread, pop_bot)
    before = (await live(pop_bot)).state
    drawn, pile = before.drawn, rules.pile_size(before)

    await pop_bot.restart()  # the process stops with a card drawn and not placed yet

    assert (await live(pop_bot)).state.drawn == drawn  # read back from the database
    await ana.click(placing, label="Row 3")  # the same message still works after the restart
    await wait_version_above(emu, pop_bot, before.version)
    after = (await live(pop_bot)).state
    assert after.rows[2] == [drawn]
    assert rules.pile_size(after) == pile
    assert rules.current_player(after) == str(ben.id)
    await emu.wait_for(
        lambda: any(
            "Ana put" in m.text and "in row 3" in m.text for m in ana.visible_messages(thread)
        ),
        10,
        "the placement's picture",
    )
    final = await play_out(emu, thread, pop_bot, [ana, ben])
    await assert_record_replays_to_announced_scores(pop_bot, thread, ana, final)
    assert_every_action_pictured(ana, thread, await live(pop_bot))


async def test_an_away_seat_is_played_whole_turns_then_taken_back(
    emu, world, roomy_channels, pop_bot
):
    ana, ben = world.ana, world.ben
    clock = TestClock()
    pop_bot.client.tables.use_clock(clock)  # Ben's time runs out when the test says
    thread = await start_coloretto(
        emu, world, ana, [ben], bot=pop_bot, timer="2m", seed=seed_where(2, host_starts)
    )

    def said(words):
        return [m.text for m in ana.visible_messages(thread) if words in m.text]

    def ben_turns():  # each of Ben's turns begins with a draw or a take
        return sum(
            line.startswith(("Ben drew", "Ben took row"))
            for text in said("Ben")
            for line in text.splitlines()
        )

    # Ana plays by clicks; Ben is away: each time his time runs out, his whole turn (the draw
    # and its placement) is played for him; the third time, an AI takes his seat.
    first = await turn_message(emu, ana, thread, pop_bot)
    assert "Time runs out" in first.text
    await ana_plays_until(
        emu, thread, pop_bot, ana, lambda current: current.table.seat(str(ben.id)).ai, clock=clock
    )
    await emu.wait_for(lambda: ben_turns() >= 3, 10, "Ben's third turn")
    notices = said("⌛")
    assert notices == ["⌛ Time is up: the AI played this turn for Ben."] * 2 + [
        "⌛ Time is up again: an AI now plays for Ben. Press **Draw** to take the seat back."
    ]
    # Three notices for (at least) three turns of Ben's: never a second wait for a placement.
    # (The AI that took his seat may already have played a fourth on a slow machine.)
    assert ben_turns() >= 3

    # Ben is back: a press on the table message gives him his seat, and he plays again.
    await ana_plays_until(
        emu,
        thread,
        pop_bot,
        ana,
        lambda current: rules.current_player(current.state) == str(ana.id),
    )
    back = await (
        await ben.click(await turn_message(emu, ana, thread, pop_bot), label="Draw")
    ).wait_message()
    assert back.ephemeral
    assert "Welcome back" in back.text
    assert not (await live(pop_bot)).table.seat(str(ben.id)).ai
    final = await play_out(emu, thread, pop_bot, [ana, ben])
    await assert_record_replays_to_announced_scores(pop_bot, thread, ana, final)


async def ana_plays_until(emu, thread, bot, ana, done, timeout=30, clock=None):
    """Ana plays her turns by clicks until `done(live table)`; other seats play themselves
    (a person who is away once the test `clock`, when given, has run their time out)."""
    deadline = time.monotonic() + timeout * PATIENCE
    while not done(current := await live(bot)):
        assert time.monotonic() < deadline, "the table did not get there"
        turn = rules.current_player(current.state)
        if turn == str(ana.id):
            view = COLORETTO.view(current.state, turn)
            await press(emu, ana, thread, bot, COLORETTO.ai_move(view, "normal", view.version))
            continue
        if clock is not None and current.table.turn_deadline is not None:
            clock.advance(max(0.0, current.table.turn_deadline - clock.now()) + 1)
        await asyncio.sleep(0.05)
