"""Review end to end: a finished game that was not rated offers Review on its results post; a
person who held a seat gets, privately and after a "thinking" answer, their seat's costliest
decisions (the turn, the move made, the better one, what was at stake, the table's picture); a
second click is answered from memory; someone without a seat is refused; a rated game offers
no Review and a forged one is refused."""

from __future__ import annotations

import re

import pytest

from bot.tables import workers
from bot.texts.i18n import t
from engine.protocol import judge_json
from tests.bot.story import start_table

pytestmark = pytest.mark.asyncio

THINKING = 5  # a deferred answer with a message to come (DEFERRED_CHANNEL_MESSAGE)
DECISION = re.compile(r"\*\*(?:Turn|Round) (\d+)\*\* · you chose: (.+) · better: (.+) · cost: (.+)")
STAKE = re.compile(r"(\d+(?:\.\d)?) points?|(\d+) % of the win")
TABLES = {  # Coloretto: the host and an AI seat, hints on (unrated); Colorpop solo: the host alone
    "coloretto": ({"hints": True}, 1),
    "colorpop": ({"mode": "solo", "colours": 2}, 0),
    "colourist": ({"hints": True, "length": "short"}, 2),
    "pop": ({"hints": True, "sets": 1}, 2),
}


def results_of(actor, thread):
    """The game's results post (it offers Replay)."""
    return next((m for m in actor.visible_messages(thread) if "Replay" in m.button_labels), None)


async def played_by_the_ai(emu, world, game, **changed):
    """Ana opens a table of `game` (its options `changed`), then leaves: the AI plays her seat
    to the end. (table number, its results post)."""
    ana = world.ana
    options, ai = TABLES[game]
    options = options | changed
    number, thread = await start_table(emu, world, ana, (), ai, game, ai_level="easy", **options)
    left = await (await ana.at(thread).slash("table", "leave")).wait_message()
    assert "left the table" in left.text
    results = await emu.wait_for(lambda: results_of(ana, thread), 60, "the results")
    return number, results


def counting_judgements(monkeypatch):
    """The expert's judgements asked of the AI workers, counted."""
    asked = []
    run = workers.AI.run

    async def counted(fn, *args, **kwargs):
        if fn is judge_json:
            asked.append(args)
        return await run(fn, *args, **kwargs)

    monkeypatch.setattr(workers.AI, "run", counted)
    return asked


def stake_value(stake):
    found = STAKE.fullmatch(stake)
    assert found, stake
    return float(found[1] or found[2])


@pytest.mark.parametrize("game", list(TABLES))
async def test_review_lists_a_seats_costliest_decisions_privately(
    emu, world, roomy_channels, pop_bot, monkeypatch, game
):
    ana, ben = world.ana, world.ben
    asked = counting_judgements(monkeypatch)
    number, results = await played_by_the_ai(emu, world, game)
    assert "📈" not in results.text  # not rated
    assert "Review" in results.button_labels
    opened = await ana.click(results, label="Review")
    review = await opened.wait_message(lambda m: "**Review**" in m.text, timeout=60)
    assert opened.response_type == THINKING
    assert review.ephemeral
    assert review.visible_to(ana.user)
    assert not review.visible_to(ben.user)
    assert f"table #{number}, game 1" in review.text
    lines = DECISION.findall(review.text)
    assert 1 <= len(lines) <= 3, review.text
    stakes = [stake_value(stake) for *_, stake in lines]
    assert stakes == sorted(stakes, reverse=True)
    assert stakes[-1] > 0
    assert all(made != better for _, made, better, _ in lines)
    assert len(review.gallery_names) == len(lines)  # each decision's picture of the table
    assert len(asked) > len(lines)  # every decision with a choice was judged
    judged = len(asked)
    # Again: the same answer, from memory (no judgement asked again)
    again = await (await ana.click(results, label="Review")).wait_message(
        lambda m: "**Review**" in m.text
    )
    assert again.text == review.text
    assert len(asked) == judged
    refused = await (await ben.click(results, label="Review")).wait_message()
    assert refused.ephemeral
    assert refused.text == t("review.not_seated", "en")


async def test_a_rated_game_offers_no_review_and_refuses_a_forged_one(
    emu, world, roomy_channels, pop_bot
):
    ana = world.ana
    number, results = await played_by_the_ai(emu, world, "coloretto", hints=False)
    assert "📈" in results.text  # rated: Ana (gone) and the AI level
    assert "Review" not in results.button_labels
    forged = await ana.forge_click(results, f"coloretto:{number}:1:review:1")
    answer = await forged.wait_message(timeout=5)
    assert answer.ephemeral
    assert answer.text == t("review.rated", "en")
