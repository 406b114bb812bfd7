"""Colorpop at the table, end to end through the real bot on the loopback Discord, by clicks:
a competitive game of three seats, a solo game, teams whose partners (and only they) share
their colours, picks through the column buttons and through the Type a cell modal, a restart
mid-game, refused presses (not on turn, stale, illegal cells), and every record replaying to
the result the bot announced, at the very cells its buttons, answers and captions named. No
public text, picture alt text or caption shows a secret colour before the end."""

from __future__ import annotations

import json
import random
import re

import pytest

from bot.texts.i18n import dynamic_key, t
from engine.colorpop.adapter import COLORPOP
from engine.colorpop.rules import JOKER, NUM_RAILS, cell_name, group_at, legal_groups, parse_cell
from tests.bot.story import pin_next_deal, start_table
from tests.discord_emulator.client import ActionRefused

pytestmark = pytest.mark.asyncio

MY_COLOUR, TYPE_CELL = "My colour", "Type a cell"
COLOUR_WORDS = {"R": "red", "Y": "yellow", "G": "green", "B": "blue", "P": "purple"}


async def open_colorpop(emu, world, host, joiners=(), ai=0, **options):
    """Host runs /colorpop new, the joiners join, the host adds AI seats and starts."""
    return await start_table(emu, world, host, joiners, ai, "colorpop", **options)


_SEEN: dict[tuple[int, int], object] = {}


def live(bot, number):
    """The table as the bot holds it. A finished table leaves the bot's memory once all is
    posted; the object it held then is the one every commit updated, so it stays current."""
    key = (id(bot), number)
    found = bot.client.tables.held.cache.get(number)
    if found is not None:
        _SEEN[key] = found
    return _SEEN[key]


def snapshot(bot, number):
    """What a refused press must not change: the moves made and the game's state."""
    current = live(bot, number)
    return current.table.moves, current.table.epoch, COLORPOP.dump_state(current.state)


async def turn_message(emu, actor, thread, move, timeout=20):
    """The table message of move `move` (its board and its buttons)."""
    header = f"**Move {move}**"
    return await emu.wait_for(
        lambda: next(
            (
                m
                for m in reversed(actor.visible_messages(thread))
                if MY_COLOUR in m.button_labels and header in m.text
            ),
            None,
        ),
        timeout,
        f"the table message of move {move}",
    )


async def my_colour(actor, message):
    """Press My colour: the private answer (asserted private)."""
    opened = await actor.click(message, label=MY_COLOUR)
    answer = await opened.wait_message(lambda m: "🤫" in m.text)
    assert answer.ephemeral
    assert answer.visible_to(actor.user)
    return answer


async def my_colour_now(emu, actor, thread):
    """Press My colour on the table message of the moment (an AI seat may move meanwhile:
    then the next table message is the one to press)."""
    pressed = 0
    for _ in range(10):
        message = await emu.wait_for(
            lambda after=pressed: next(
                (
                    m
                    for m in reversed(actor.visible_messages(thread))
                    if MY_COLOUR in m.button_labels and m.id > after
                ),
                None,
            ),
            30,
            "a table message",
        )
        pressed = message.id
        try:
            opened = await actor.click(message, label=MY_COLOUR)
        except ActionRefused:  # its buttons went stale just now: wait for the next one
            continue
        answer = await opened.wait_message()
        assert answer.ephemeral
        assert answer.visible_to(actor.user)
        if "🤫" in answer.text:
            return answer
        assert "That turn is over" in answer.text, answer.text
    raise AssertionError("no table message to press My colour on")


def colours_in(text):
    return {letter for letter, word in COLOUR_WORDS.items() if word in text}


async def pick_by_column(emu, actor, message):
    """Step one: the first playable column; step two: its first group. Returns the pick."""
    column = next(b for b in message.buttons if ":col:" in b["custom_id"] and not b.get("disabled"))
    opened = await actor.click(message, custom_id=column["custom_id"])
    picker = await opened.wait_message(lambda m: m.buttons)
    assert picker.ephemeral
    assert picker.visible_to(actor.user)
    group = picker.buttons[0]
    # The group is named by its anchor and picked there (§7), wherever the column cuts it.
    picked = group["custom_id"].rsplit(":", 1)[1]
    assert group["label"].endswith(f" at {picked}"), group["label"]
    done = await actor.click(picker, custom_id=group["custom_id"])
    answer = await done.wait_message(lambda m: "You picked" in m.text)
    assert answer.ephemeral
    assert answer.text.endswith(f" at {picked}."), answer.text
    return picked


async def pick_by_modal(actor, message, cell):
    opened = await actor.click(message, label=TYPE_CELL)
    assert opened.modal is not None, opened.message and opened.message.text
    assert opened.modal["title"] == "Pick a group"
    return await actor.submit_modal(opened, cell=cell)


def a_legal_cell(state):
    """A coloured token of a legal group, that is not its group's anchor (typed, as a person
    would, anywhere in the group)."""
    group = COLORPOP.legal_groups(COLORPOP.view(state, None))[-1]
    coloured = [c for c in group.cells if state.board[c[0]][c[1]] == group.colour]
    rail, row = coloured[-1]
    return f"{'ABCDEFGHIJ'[rail]}{row + 1}"


async def play_out(emu, bot, number, thread, humans, *, modal_every=0, until=None):
    """Play the table until it ends (or `until` moves are made): each human on turn picks by
    clicks, by the modal every `modal_every`-th move of theirs, else by column. AI seats play
    on their own. Returns the number of human picks."""
    picks = 0
    while True:
        current = live(bot, number)
        state = current.state
        if state.over or (until is not None and len(state.picks) >= until):
            return picks
        seat = state.seats[state.turn]
        actor = humans.get(seat)
        if actor is None or current.table.seat(seat).ai:
            version = current.table.version
            await emu.wait_for(
                lambda v=version: live(bot, number).table.version != v, 20, "an AI move"
            )
            continue
        move = len(state.picks) + 1
        message = await turn_message(emu, actor, thread, move)
        picks += 1
        if modal_every and picks % modal_every == 0:
            submitted = await pick_by_modal(actor, message, a_legal_cell(state).lower())
            answer = await submitted.wait_message()
            assert answer.ephemeral
            assert "You picked" in answer.text
        else:
            await pick_by_column(emu, actor, message)
        await emu.wait_for(lambda m=move: len(live(bot, number).state.picks) >= m, 10, "the move")


async def results_message(emu, actor, thread):
    return await emu.wait_for(
        lambda: next(
            (m for m in actor.visible_messages(thread) if "**Secret colours**" in m.text), None
        ),
        30,
        "the results",
    )


async def assert_record_replays_to_the_announced_result(actor, thread, results, names):
    """/table record gives the colorpop-record/1; its summary is what the bot announced."""
    asked = await actor.at(thread).slash("table", "record")
    message = await asked.wait_message(lambda m: m.attachments)
    record = json.loads(await actor.download(message.attachments[0]))
    assert record["format"] == "colorpop-record/1"
    summary = COLORPOP.replay_summary(record)
    text = results.text
    for seat, score in summary["scores"].items():
        line = next(x for x in text.splitlines() if x.startswith(names[seat] + ":"))
        assert (
            f"left on the board: {score['left']}, own tokens removed: {score['removed_own']}"
            in line
        )
    if summary.get("won") is not None:
        assert ("you win" in text) == summary["won"]
    else:
        assert all(names[w] in text for w in summary["winners"])
        decided = "cleared" if summary["end"] == "cleared" else summary["tie_break"]
        assert t(dynamic_key("colorpop.tiebreak", decided), "en") in text
    return summary


def public_before_end(actor, thread, results):
    return [m for m in actor.visible_messages(thread) if not m.ephemeral and m.id < results.id]


def assert_no_secret_in_public(messages):
    """No public message, caption or alt text before the results says whose colour is what."""
    for m in messages:
        texts = [m.text] + [a.description or "" for a in m.attachments]
        for text in texts:
            assert "🤫" not in text, text
            assert "Secret colours" not in text, text
            assert "secret colour:" not in text.lower(), text


# --- The stories ----------------------------------------------------------------------------


async def test_a_competitive_game_of_three_to_the_end(emu, world, roomy_channels, pop_bot):
    ana, ben = world.ana, world.ben
    number, thread = await open_colorpop(emu, world, ana, [ben], ai=1, ai_level="easy")
    first = await emu.wait_for(
        lambda: next(
            (m for m in ana.visible_messages(thread) if MY_COLOUR in m.button_labels), None
        ),
        20,
        "a table message",
    )  # checked at once: an AI may move next
    assert len([b for b in first.buttons if ":col:" in b["custom_id"]]) == NUM_RAILS
    assert len(first.attachments) == 1
    assert "columns A to J" in first.attachments[0].description
    seats = live(pop_bot, number).state.seats
    secrets = dict(zip(seats, live(pop_bot, number).state.secrets, strict=True))
    # Each human sees their own colour, privately; nobody sees anyone else's.
    for actor in (ana, ben):
        answer = await my_colour_now(emu, actor, thread)
        assert colours_in(answer.text) == set(secrets[str(actor.id)])
        others = [a for a in (ana, ben) if a is not actor]
        assert all(answer not in o.visible_messages(thread) for o in others)
    humans = {str(ana.id): ana, str(ben.id): ben}
    picks = await play_out(emu, pop_bot, number, thread, humans, modal_every=3)
    assert picks >= 2
    results = await results_message(emu, ana, thread)
    assert "Rematch" in results.button_labels
    names = live(pop_bot, number).table.names()
    for seat, colours in secrets.items():  # every secret colour revealed at the end
        line = next(x for x in results.text.splitlines() if x.startswith(names[seat] + ":"))
        assert colours_in(line) == set(colours)
    public = public_before_end(ana, thread, results)
    steps = [m for m in public if m.attachments and "Move" not in m.text]
    assert steps, "no step picture"
    assert_no_secret_in_public(public)
    await assert_record_replays_to_the_announced_result(ana, thread, results, names)


async def test_a_solo_game_with_two_colours_by_clicks_and_the_modal(
    emu, world, roomy_channels, pop_bot
):
    ana = world.ana
    number, thread = await open_colorpop(emu, world, ana, mode="solo", colours=2)
    first = await turn_message(emu, ana, thread, 1)
    answer = await my_colour(ana, first)
    state = live(pop_bot, number).state
    assert colours_in(answer.text) == set(state.secrets[0])
    assert len(state.secrets[0]) == 2
    # Mid-game the record waits, and says it would reveal the secret colours (not "cards").
    asked = await ana.at(thread).slash("table", "record")
    await asked.wait_message(lambda m: m.text == t("colorpop.record_later", "en", id=number))
    await play_out(emu, pop_bot, number, thread, {str(ana.id): ana}, modal_every=2)
    results = await results_message(emu, ana, thread)
    assert_no_secret_in_public(public_before_end(ana, thread, results))
    summary = await assert_record_replays_to_the_announced_result(
        ana, thread, results, live(pop_bot, number).table.names()
    )
    assert summary["won"] == bool(live(pop_bot, number).state.winners)


async def test_teams_partners_share_their_colours_and_nobody_else_sees_them(
    emu, world, roomy_channels, pop_bot
):
    ana, ben, cleo = world.ana, world.ben, world.cleo
    number, thread = await open_colorpop(
        emu, world, ana, [ben, cleo], ai=1, mode="teams", ai_level="easy"
    )
    state = live(pop_bot, number).state
    seats = list(state.seats)
    assert seats[:3] == [str(ana.id), str(ben.id), str(cleo.id)]
    team_ac = set(state.secrets[0]) | set(state.secrets[2])
    team_b = set(state.secrets[1]) | set(state.secrets[3])
    answers = {actor.name: await my_colour_now(emu, actor, thread) for actor in (ana, ben, cleo)}
    assert colours_in(answers["ana"].text) == team_ac == colours_in(answers["cleo"].text)
    assert colours_in(answers["ben"].text) == team_b
    assert not team_b & team_ac
    assert "Cleo" in answers["ana"].text or "cleo" in answers["ana"].text
    for actor in (ana, ben, cleo):  # each answer is seen by its owner only
        for name, answer in answers.items():
            assert (answer in actor.visible_messages(thread)) == (name == actor.name)
    humans = {str(a.id): a for a in (ana, ben, cleo)}
    await play_out(emu, pop_bot, number, thread, humans, modal_every=4)
    results = await results_message(emu, ana, thread)
    assert_no_secret_in_public(public_before_end(ana, thread, results))
    await assert_record_replays_to_the_announced_result(
        ana, thread, results, live(pop_bot, number).table.names()
    )


async def test_refusals_change_nothing_and_a_restart_loses_nothing(
    emu, world, roomy_channels, pop_bot
):
    ana, ben = world.ana, world.ben
    number, thread = await open_colorpop(emu, world, ana, [ben], ai_level="easy")
    first = await turn_message(emu, ana, thread, 1)
    state = live(pop_bot, number).state
    on_turn, waiting = (ana, ben) if state.seats[state.turn] == str(ana.id) else (ben, ana)
    untouched = snapshot(pop_bot, number)

    # Not on turn: a column, the modal button — refused privately, nothing changes.
    column = next(b for b in first.buttons if ":col:" in b["custom_id"] and not b.get("disabled"))
    for press in ({"custom_id": column["custom_id"]}, {"label": TYPE_CELL}):
        refused = await waiting.click(first, **press)
        answer = await refused.wait_message()
        assert answer.ephemeral
        assert "not your turn" in answer.text
        assert answer not in on_turn.visible_messages(thread)
    # The seat on turn opens two pickers; one will go stale.
    stale_picker = await (await on_turn.click(first, custom_id=column["custom_id"])).wait_message(
        lambda m: m.buttons
    )
    # Illegal and malformed cells through the modal: a private no each, nothing changes.
    board = state.board
    joker = next(
        f"{'ABCDEFGHIJ'[r]}{w + 1}"
        for r in range(NUM_RAILS)
        for w in range(len(board[r]))
        if board[r][w] == JOKER
    )
    single = next(
        (
            f"{'ABCDEFGHIJ'[r]}{w + 1}"
            for r in range(NUM_RAILS)
            for w in range(len(board[r]))
            if board[r][w] != JOKER and group_at(board, (r, w)).size == 1
        ),
        None,
    )
    tries = [(joker, "is a joker"), ("K11", "is not a cell"), ("", "is not a cell")]
    if single:
        tries.append((single, "is a single token"))
    for typed, says in tries:
        submitted = await pick_by_modal(on_turn, first, typed or " ")
        answer = await submitted.wait_message()
        assert answer.ephemeral, answer.text
        assert says in answer.text, answer.text
    assert snapshot(pop_bot, number) == untouched
    assert len(live(pop_bot, number).state.picks) == 0

    # A pick by the column buttons, then the stale picker is refused.
    await pick_by_column(emu, on_turn, first)
    await emu.wait_for(lambda: len(live(pop_bot, number).state.picks) == 1, 10, "move 1")
    after_one = snapshot(pop_bot, number)
    refused = await on_turn.click(stale_picker, custom_id=stale_picker.buttons[0]["custom_id"])
    answer = await refused.wait_message()
    assert answer.ephemeral
    assert "That turn is over" in answer.text
    assert snapshot(pop_bot, number) == after_one

    # Move 2 through the modal (a lower-case cell is fine), then a restart mid-game.
    second = await turn_message(emu, waiting, thread, 2)
    cell = a_legal_cell(live(pop_bot, number).state)
    submitted = await pick_by_modal(waiting, second, cell.lower())
    answer = await submitted.wait_message()
    assert answer.ephemeral
    assert "You picked" in answer.text
    await emu.wait_for(lambda: len(live(pop_bot, number).state.picks) == 2, 10, "move 2")
    third = await turn_message(emu, on_turn, thread, 3)
    before = live(pop_bot, number)
    saved = (before.table.moves, COLORPOP.dump_state(before.state))

    await pop_bot.restart()

    table, restored = await pop_bot.client.tables.store.load(number)
    assert (table.moves, restored) == saved
    assert table.status == "playing"
    answer = await my_colour(on_turn, third)  # the old table message still answers
    reloaded = COLORPOP.load_state(restored)
    assert colours_in(answer.text) == set(reloaded.secrets[reloaded.seats.index(str(on_turn.id))])
    await pop_bot.client.tables.held.live(number)
    humans = {str(ana.id): ana, str(ben.id): ben}
    await play_out(emu, pop_bot, number, thread, humans, modal_every=5)
    results = await results_message(emu, ana, thread)
    summary = await assert_record_replays_to_the_announced_result(
        ana, thread, results, live(pop_bot, number).table.names()
    )
    assert len(summary["moves"]) == len(live(pop_bot, number).state.picks)
    posted = [m for m in ana.visible_messages(thread) if not m.ephemeral]
    assert len({m.text for m in posted if "**Move 3**" in m.text}) == 1  # not twice


# --- What is played is what is recorded (issue 31) ----------------------------------------------

NAMED_AT = re.compile(r" at (\S+?)\.?$")  # the cell (or cells) a group label ends with
CAPTION = re.compile(r"^\*\*[^*\n]+\*\* picks .* at ([A-J]\d+)\.$", re.MULTILINE)


def anchor_in(board, cell):
    """§7's anchor, worked out here from the rules page: the group's coloured token in the
    lowest column, then the lowest row."""
    group = group_at(board, parse_cell(cell))
    return cell_name(min(c for c in group.cells if board[c[0]][c[1]] != JOKER))


def a_token_not_the_anchor(board, rnd):
    """A coloured token of a legal group that is not its anchor (None if every group is a
    pair with a joker)."""
    cells = [
        cell_name(c)
        for g in legal_groups(board)
        for c in g.cells
        if board[c[0]][c[1]] != JOKER and c != g.anchor
    ]
    return rnd.choice(cells) if cells else None


async def pick_at_random(actor, message, rnd):
    """A random playable column, then a random group of it: (the button's label cell, its
    argument, the private answer's cell)."""
    columns = [b for b in message.buttons if ":col:" in b["custom_id"] and not b.get("disabled")]
    opened = await actor.click(message, custom_id=rnd.choice(columns)["custom_id"])
    picker = await opened.wait_message(lambda m: m.buttons)
    button = rnd.choice(picker.buttons)
    done = await actor.click(picker, custom_id=button["custom_id"])
    answer = await done.wait_message(lambda m: "You picked" in m.text)
    return (
        NAMED_AT.search(button["label"])[1],
        button["custom_id"].rsplit(":", 1)[1],
        NAMED_AT.search(answer.text)[1],
    )


async def test_every_pick_is_recorded_at_the_cell_its_button_answer_and_caption_name(
    emu, world, roomy_channels, pop_bot
):
    """A random solo game played by clicks (a random column, a random group of it; every
    fourth pick typed at a token that is not its group's anchor): a group picked from its
    button is played, named, told, captioned and recorded at its anchor (rules §7); a typed
    cell everywhere as typed."""
    ana, rnd = world.ana, random.Random(31)
    pin_next_deal(31)
    number, thread = await open_colorpop(emu, world, ana, mode="solo")
    expected = []
    while not live(pop_bot, number).state.over:
        state = live(pop_bot, number).state
        move = len(state.picks) + 1
        message = await turn_message(emu, ana, thread, move)
        typed = a_token_not_the_anchor(state.board, rnd) if move % 4 == 0 else None
        if typed is not None:
            answer = await (await pick_by_modal(ana, message, typed)).wait_message()
            shown, played = [NAMED_AT.search(answer.text)[1]], typed
        else:  # the button's label, its argument, the answer
            shown = list(await pick_at_random(ana, message, rnd))
            played = anchor_in(state.board, shown[1])
        assert shown == [played] * len(shown), f"move {move}: {shown}, played at {played}"
        expected.append(played)
        await emu.wait_for(lambda m=move: len(live(pop_bot, number).state.picks) >= m, 10, "move")
    await results_message(emu, ana, thread)
    captions = [
        cell
        for m in sorted(ana.visible_messages(thread), key=lambda m: m.id)
        if not m.ephemeral
        for cell in CAPTION.findall(m.text)
    ]
    asked = await ana.at(thread).slash("table", "record")
    message = await asked.wait_message(lambda m: m.attachments)
    record = json.loads(await ana.download(message.attachments[0]))
    recorded = [m["pick"] for m in record["moves"]]
    assert len(expected) >= 10
    assert captions == expected
    assert recorded == expected
    assert COLORPOP.replay_summary(record)["end"] in ("cleared", "blocked")
