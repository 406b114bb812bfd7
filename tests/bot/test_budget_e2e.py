"""Under a tight request budget a turn costs fewer requests: its steps share messages (more than
the 4 a merely-behind table groups, up to Discord's 10), every picture still arrives once and in
order, and the old turn message keeps its buttons until the budget allows the edit."""

from __future__ import annotations

import re

import pytest

from bot.model.posts import Post
from bot.posting.composer import (
    MAX_ATTACHMENTS,
    MAX_CONTENT,
    MAX_FILES_PER_MESSAGE,
    merged,
    next_batch,
)
from render.kit import Picture
from tests.bot.story import (
    card_buttons,
    open_hand,
    pick,
    pin_next_deal,
    start_table,
    turn_message,
)
from tests.bot.thread_counts import play_by_ai

STEP = re.compile(r"s1-t(\d)-(\d\d)")
LONG_DEAL = 4  # a deal with a turn of more than ten steps


@pytest.mark.asyncio
async def test_a_tight_budget_groups_each_turns_steps_and_loses_none(
    emu, world, roomy_channels, fast_bot_env, monkeypatch, start_bot
):
    from bot.running.main import create_bot, load_settings

    monkeypatch.setenv("POP_REQUEST_RATE", "2")  # two requests a second: tight from the start
    # Tight, it stays so for the three turns: on a busy machine (the suite runs in parallel)
    # drawing a turn's pictures can outlast the 10 s the budget stays tight unused, and this
    # story is what a tight budget does (test_budget.py has when it relaxes).
    monkeypatch.setattr("bot.posting.budget.TIGHT_HOLD", 120.0)
    bot = await start_bot(lambda: create_bot(load_settings()))
    ana = world.ana
    # Five seats: no Chief, and ana's pick alone reveals each turn.
    _, thread = await start_table(emu, world, ana, ai=4, sets=1)
    first = await turn_message(emu, ana, thread, "Set 1/1 · turn 1**", timeout=30)
    hand = await open_hand(ana, first)
    for k in range(1, 4):
        await emu.wait_for(lambda n=k: f"turn {n}" in hand.text, 30, f"the hand of turn {k}")
        await pick(ana, hand, card_buttons(hand)[0])
    await turn_message(emu, ana, thread, "Set 1/1 · turn 4**", timeout=60)
    assert bot.client.budget.tight()

    messages = sorted(ana.visible_messages(thread), key=lambda m: m.id)
    per_message = [[a.filename for a in m.attachments if STEP.match(a.filename)] for m in messages]
    per_message = [names for names in per_message if names]
    for turn in ("1", "2", "3"):
        groups = [[n for n in names if STEP.match(n)[1] == turn] for names in per_message]
        groups = [g for g in groups if g]
        assert len(groups) <= 2  # the turn's message tells its story (or its steps' message)
        steps = [int(STEP.match(n)[2]) for g in groups for n in g]
        assert steps == sorted(set(steps))  # each step once, in order
        assert len(steps) >= 4
    assert max(map(len, per_message)) > MAX_FILES_PER_MESSAGE
    # The first turn's buttons went with its story (a message the next turn rode on owes
    # their removal until the budget allows it).
    assert not first.buttons
    assert emu.global_rate_limited() == 0


@pytest.mark.asyncio
async def test_tight_a_turns_whole_story_is_one_edit_of_its_message(
    emu, world, roomy_channels, fast_bot_env, monkeypatch, start_bot
):
    """One request a turn's story: its message, once revealed, is edited once with every step
    (the budget held tight here, to see it turn by turn); the next turn has its own message."""
    from bot.posting import budget, turn_steps
    from bot.running.main import create_bot, load_settings

    bot = await start_bot(lambda: create_bot(load_settings()))
    monkeypatch.setattr(bot.client.budget, "tight", lambda: True)
    # The story's edit waits in the budget's queue as turn messages do, not behind every other
    # table's next turn (at 250 tables its pictures came 10 s late).
    levels: list[int] = []
    real = turn_steps.priority
    monkeypatch.setattr(turn_steps, "priority", lambda level: levels.append(level) or real(level))
    ana = world.ana
    _, thread = await start_table(emu, world, ana, ai=4, sets=1)
    shown = []
    for k in range(1, 4):  # ana picks once she sees the turn's message, as a person would
        message = await turn_message(emu, ana, thread, f"Set 1/1 · turn {k}**", timeout=30)
        shown.append(message)
        hand = await open_hand(ana, message)
        await pick(ana, hand, card_buttons(hand)[0])
    await turn_message(emu, ana, thread, "Set 1/1 · turn 4**", timeout=60)
    for turn, message in enumerate(shown, 1):
        edits = [p for m, p, _ in emu.requests if m == "PATCH" and p.endswith(f"/{message.id}")]
        assert len(edits) == 1, turn  # its whole story, and its buttons gone, in one edit
        names = [a.filename for a in message.attachments]
        assert names[0] == f"board-s1-t{turn}.png" or len(names) == 10
        assert all(STEP.match(n)[1] == str(turn) for n in names[1:])
        assert message.button_labels == []
        assert f"Set 1/1 · turn {turn}**" in message.text
        assert f"Set 1/1 · turn {turn + 1}**" not in message.text
    assert emu.global_rate_limited() == 0
    assert (await bot.client.tables.held.live(1)).table.owed_edits == []
    assert levels
    assert set(levels) == {budget.TURN}


@pytest.mark.asyncio
async def test_tight_a_story_opened_for_a_long_turn_shows_its_latest_ten_pictures(
    emu, world, roomy_channels, fast_bot_env, monkeypatch, start_bot
):
    """Every seat an AI and the budget tight: a turn is revealed before its message is out, and
    its story opens a message of its own with every step at once. A turn of more than ten steps
    (this deal has one) shows its latest ten: Discord refuses an eleventh file."""
    from bot.running.main import create_bot, load_settings

    bot = await start_bot(lambda: create_bot(load_settings()))
    monkeypatch.setattr(bot.client.budget, "tight", lambda: True)
    pin_next_deal(LONG_DEAL)
    _, thread = await start_table(emu, world, world.ana, ai=4, sets=1)
    await play_by_ai(emu, world, thread)
    messages = [m for m in world.ana.visible_messages(thread) if m.author.id == emu.bot_user.id]
    assert max(len(m.attachments) for m in messages) <= MAX_ATTACHMENTS
    shown = [[STEP.match(a.filename) for a in m.attachments] for m in messages]
    shown = [[(int(f[1]), int(f[2])) for f in found if f] for found in shown]
    latest = max(shown, key=lambda steps: max(steps, default=(0, 0))[1])  # the longest turn's
    assert len(latest) == MAX_ATTACHMENTS
    assert max(latest)[1] > MAX_ATTACHMENTS
    latest = [step for _, step in latest]
    assert latest == list(range(max(latest) - MAX_ATTACHMENTS + 1, max(latest) + 1))


def picture(name: str) -> Picture:
    return Picture(b"png", f"alt {name}", name)


def steps(n: int, *, turn: int = 1) -> list[Post]:
    return [
        Post(f"step {k}", [picture(f"s1-t{turn}-{k:02d}.png")], step=True) for k in range(1, n + 1)
    ]


def test_tight_batches_hold_up_to_ten_pictures_and_the_results_ride_on_the_last():
    results = Post("**Results**", [picture("results.png")])
    posts = [*steps(6), results]
    batch = next_batch(posts, 0, grouped=True, limit=MAX_ATTACHMENTS, results=True)
    assert batch == posts  # six steps and the results: one message
    message = merged(batch)
    assert [p.filename for p in message.pictures] == [
        *(f"s1-t1-{k:02d}.png" for k in range(1, 7)),
        "results.png",
    ]
    assert message.content.splitlines()[-1] == "**Results**"
    # Not tight (merely behind): at most four, and the results go on their own.
    behind = next_batch(posts, 0, grouped=True, limit=MAX_FILES_PER_MESSAGE)
    assert behind == posts[:4]
    assert next_batch(posts, 4, grouped=True, limit=MAX_FILES_PER_MESSAGE) == posts[4:6]
    # Twelve steps: ten, then the last two with the results.
    many = [*steps(12), results]
    first = next_batch(many, 0, grouped=True, limit=MAX_ATTACHMENTS, results=True)
    assert first == many[:10]
    assert next_batch(many, 10, grouped=True, limit=MAX_ATTACHMENTS, results=True) == (many[10:])
    # A post for the channel the table was opened from never shares a thread message.
    elsewhere = Post("note", [picture("n.png")], in_channel=True)
    mixed = [*steps(2), elsewhere]
    assert next_batch(mixed, 0, grouped=True, limit=10, results=True) == mixed[:2]
    # Discord's 4,000 characters of text hold too.
    long = [Post("x" * (MAX_CONTENT - 5), [picture("a.png")], step=True), *steps(2)]
    assert next_batch(long, 0, grouped=True, limit=10, results=True) == long[:1]
