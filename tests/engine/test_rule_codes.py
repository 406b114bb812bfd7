"""The same situation is refused with the same code in every game: a move once the game is over
is `not_playing` (the code the table layer also uses when a table is not playing), whatever
the game; and every language has a sentence for it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.games import GAMES
from engine.protocol import RuleError

LOCALES = Path(__file__).parents[2] / "data" / "locales"
SEATS = {"pop": 3, "coloretto": 3, "colorpop": 3, "colourist": 3}


def finished(key: str) -> tuple[Any, Any, str, Any]:
    """A game of `key` played to its end by AI seats: the game, its state, a seat, its last move."""
    game = GAMES[key].rules
    seats = [f"s{i}" for i in range(SEATS[key])]
    state = game.start(game.options_model(), seats, 7)
    last: tuple[str, Any] | None = None
    for step in range(10_000):
        if game.outcome(state) is not None:
            break
        seat = sorted(game.to_act(state))[0]
        move = game.ai_move(game.view(state, seat), "easy", step)
        state, _ = game.apply(state, seat, move)
        last = (seat, move)
    assert game.outcome(state) is not None
    assert last is not None
    return game, state, last[0], last[1]


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_move_after_the_end_is_not_playing_in_every_game(key):
    game, state, seat, move = finished(key)
    with pytest.raises(RuleError) as refused:
        game.apply(state, seat, move)
    assert refused.value.code == "not_playing"


def test_every_language_says_not_playing_and_no_longer_game_over():
    for path in sorted(LOCALES.glob("*.json")):
        texts = json.loads(path.read_text(encoding="utf-8"))
        assert texts.get("refusal.not_playing"), path.name
        assert "refusal.game_over" not in texts, path.name
