"""The view is the only path from a game's state to a public text or picture: Pop's face, fed a
state whose hands are known, never shows a card still in a hand in anything public."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

from bot.games.pop.face import PopFace
from bot.model.table import LiveTable, Pending
from engine.pop.adapter import POP, PopOptions
from tests.bot.story import cards_mentioned
from tests.factories import people, pop_table


def mentioned(post) -> set[int]:
    """Card numbers a post shows in words: its text and its pictures' alt texts."""
    return cards_mentioned(
        SimpleNamespace(text=post.content, alt_texts=[p.alt for p in post.pictures])
    )


class NoRatings:
    """The store, as a game's last move posts ask it: the game's rating changes (none)."""

    async def rating_changes(self, *_args):
        return []


def test_no_public_post_shows_a_card_still_in_a_hand():
    face = PopFace()
    seats = ["ana", "ben", "cleo"]
    dealt = pop_table(people(*seats, seat_ids="name"), mode="competitive", sets=1)
    table, state = dealt.table, dealt.state
    for turn in range(1, 9):
        before = state
        for seat in seats:  # everyone picks; the last pick reveals the turn
            state, events = POP.apply(state, seat, POP.ai_move(POP.view(state, seat), "easy", turn))
        live = LiveTable(table, state)
        hidden = {card for seat in seats for card in state.hands[seat]}
        assert hidden, "the test needs cards in hands"
        public = [
            face.table_post(live, "en"),
            SimpleNamespace(content=face.table_text(live, "en"), pictures=[]),
        ]
        pending = Pending(1, 1, before, events, state)
        public += asyncio.run(face.move_posts(NoRatings(), live, pending, "en"))
        for post in public:
            assert not mentioned(post) & hidden, (turn, post.content)
        # A seat's own post shows its own hand, and no one else's.
        mine = face.private_post(live, table.seats[0], "en")
        others = hidden - set(state.hands["ana"])
        assert set(state.hands["ana"]) <= mentioned(mine) | {0}
        assert not mentioned(mine) & others


def test_the_check_sees_a_hand_when_one_is_shown():
    """The guard above can fail: a post that names hand cards is caught."""
    state = POP.start(PopOptions(mode="competitive", sets=1), ["ana", "ben"], seed=1)
    leak = SimpleNamespace(content=", ".join(f"**{c}**" for c in state.hands["ben"]), pictures=[])
    assert mentioned(leak) == set(state.hands["ben"])
