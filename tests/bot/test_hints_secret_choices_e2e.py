"""Hints in the secret-choice games (Colourist, Pop), end to end: the turn's message carries
Hint; a seated person who still has to choose gets the expert's move and why, privately and in
time; what the seat cannot see — the cards the others laid face down this turn, the order of
what is still to come — never changes it."""

from __future__ import annotations

import dataclasses

import pytest

from engine.colourist.adapter import COLOURIST
from engine.pop.adapter import POP
from tests.bot.test_hints_e2e import IN_TIME, ask, expected_hint, hint_of, opened_with_hints
from tests.discord_emulator.server import PATIENCE

pytestmark = pytest.mark.asyncio


def turn_message(held, game, actor, thread, ready):
    """This turn's public message with Hint, once `actor` must choose and `ready(state)`."""
    live = held.cache.get(1)
    if live is None or live.state is None:
        return None
    state = live.state
    if str(actor.id) not in game.to_act(state) or not ready(state):
        return None
    epoch = f"{game.key}:1:{live.table.epoch}:"
    return next(
        (
            m
            for m in reversed(actor.visible_messages(thread))
            if not m.ephemeral and hint_of(m) and hint_of(m)["custom_id"].startswith(epoch)
        ),
        None,
    )


async def hint_before_and_after(emu, pop_bot, actor, message, plant):
    """The hint `actor` gets, checked against the expert's, then again with `plant(state)` in
    the held table (the seat's view unchanged): both texts."""
    seat = str(actor.id)
    live = pop_bot.client.tables.held.cache[1]
    game = pop_bot.client.tables.held.face(live.table).game
    expected, _ = expected_hint(pop_bot, seat)
    hint, took = await ask(actor, message)
    assert hint.text == expected
    assert hint.text.startswith("💡 The expert's choice: **") or "only move" in hint.text
    assert took < IN_TIME * PATIENCE, took
    state = live.state
    planted = plant(state)
    assert planted != state
    assert game.view(planted, seat) == game.view(state, seat)
    live.state = planted
    try:
        again, _ = await ask(actor, message)
    finally:
        live.state = state
    return hint.text, again.text


async def test_a_colourist_hint_ignores_the_cards_laid_face_down(
    emu, world, roomy_channels, pop_bot
):
    ana = world.ana
    thread, _ = await opened_with_hints(
        emu, world, "colourist", ana, ai=2, ai_level="easy", length="short"
    )
    held = pop_bot.client.tables.held
    me = str(ana.id)

    def others_chose(state):  # the AI seats have laid their cards: Ana has not
        return state.phase == "choosing" and len(state.choices) == len(state.seats) - 1

    message = await emu.wait_for(
        lambda: turn_message(held, COLOURIST, ana, thread, others_chose), 30, "Ana's choice"
    )
    assert hint_of(message)["label"] == "Hint"

    def plant(state):  # another card under each face-down one, the decks reversed
        colours = ["red", "blue", "green", "yellow"]
        choices = {
            s: next(c for c in colours if c != card) if s != me else card
            for s, card in state.choices.items()
        }
        piles = {deck: list(reversed(p)) for deck, p in state.piles.items()}
        return dataclasses.replace(state, choices=choices, piles=piles)

    hint, again = await hint_before_and_after(emu, pop_bot, ana, message, plant)
    assert again == hint


async def test_a_pop_hint_ignores_the_others_hands_and_the_deck(
    emu, world, roomy_channels, pop_bot
):
    ana = world.ana
    thread, _ = await opened_with_hints(
        emu, world, "pop", ana, ai=2, ai_level="easy", mode="competitive", sets=1
    )
    held = pop_bot.client.tables.held
    me = str(ana.id)

    def others_chose(state):  # the AI seats have picked: the hint's seed counts their moves
        return list(POP.to_act(state)) == [me]

    message = await emu.wait_for(
        lambda: turn_message(held, POP, ana, thread, others_chose), 30, "Ana's choice"
    )

    def plant(state):  # the other seats' hands swapped, the draw pile reversed
        one, other = (s for s in state.seats if s != me)
        hands = dict(state.hands)
        hands[one], hands[other] = hands[other], hands[one]
        pile = list(reversed(state.draw_pile))
        return dataclasses.replace(state, hands=hands, draw_pile=pile)

    hint, again = await hint_before_and_after(emu, pop_bot, ana, message, plant)
    assert again == hint
