"""Hand-built Coloretto positions: a deal whose top cards the test chooses."""

from __future__ import annotations

from collections.abc import Sequence

from engine.coloretto import cards as C
from engine.coloretto import game
from engine.coloretto.state import ColorettoState

DEFAULT_REMOVED = {2: ["orange", "purple"], 3: ["purple"], 4: [], 5: []}


def default_start(players: Sequence[str], removed: Sequence[str]) -> dict[str, list[str]]:
    """Starting colours handed out in colour order among the colours in play."""
    per = C.STARTING_CARDS[len(players)]
    free = [c for c in C.COLOURS if c not in removed]
    return {p: free[i * per : (i + 1) * per] for i, p in enumerate(players)}


def make_deck(
    players: int, removed: Sequence[str], start: dict[str, list[str]], top: Sequence[str] = ()
) -> list[str]:
    """A legal deck: `top` first, then the other cards in card order, the last-round card
    with 15 cards under it (unless `top` already holds it)."""
    counts = game.deck_counts(removed, [c for s in start.values() for c in s])
    for card in top:
        counts[card] -= 1
        assert counts[card] >= 0, f"too many {card} on top"
    rest = [name for name in C.CARD_NAMES if name != C.LAST for _ in range(counts[name])]
    deck = list(top) + rest
    if counts[C.LAST]:
        deck.insert(len(deck) - C.UNDER_LAST, C.LAST)
    assert len(deck) == C.DECK_SIZE[players]
    return deck


def position(
    players: Sequence[str] = ("ana", "ben", "cai"),
    top: Sequence[str] = (),
    first: str | None = None,
    expert: bool = False,
    removed: Sequence[str] | None = None,
    start: dict[str, list[str]] | None = None,
) -> ColorettoState:
    """A game at its first move, the deck's top cards chosen."""
    n = len(players)
    removed = list(DEFAULT_REMOVED[n] if removed is None else removed)
    start = start or default_start(players, removed)
    deck = make_deck(n, removed, start, top)
    return game.from_deal(players, expert, removed, start, first or players[0], deck)


def record_of(state: ColorettoState) -> dict:
    from engine.coloretto.record import export_record

    return export_record(state)


def play(state: ColorettoState, *moves: game.Move) -> tuple[ColorettoState, list]:
    """Apply moves in turn order (each by the player to move); return the state and events."""
    events: list = []
    for move in moves:
        state, evs = game.apply(state, state.turn, move)
        events += evs
    return state, events


def draw(row: int) -> tuple[game.Move, game.Move]:
    return game.Draw(), game.Place(row)
