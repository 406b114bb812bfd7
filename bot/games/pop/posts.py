"""What Pop shows: the table message, the private hand, the step pictures and the results,
every one built from a view of the game (`engine.pop.view`), never from the raw state."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import cast

from bot.games.base import GameFace
from bot.model.posts import Button, Post, Select
from bot.model.table import LiveTable, Seat, Table
from bot.storage.store import SqlStore
from bot.tables.faces import texts
from bot.tables.workers import PICTURES
from bot.texts.i18n import dynamic_key, t
from engine.pop.adapter import POP, PopMove, PopOptions
from engine.pop.events import CHIEF, Event, GameEnded, SetEnded, Signalled
from engine.pop.modes import MODES, ModeSpec
from engine.pop.state import PopState
from engine.pop.view import TableView
from render.pop import pictures as render
from render.pop.scene import Frame

from .enigma import daily_tries, enigma_header
from .words import alt_words, card_label, cards_text, hints_of, picture_labels, results_text


class PopPosts(GameFace[PopOptions, PopState, PopMove, TableView]):
    """Pop's posts (the clicks and the co-op talk stand on these)."""

    game = POP
    lobby_keys = texts("pop.lobby.text", "pop.lobby.started", "pop.lobby.cancelled")
    back_key = "pop.button.hand"

    def __init__(self) -> None:
        super().__init__()
        # (table, epoch, seat) → cards selected but not confirmed yet
        self.drafts: dict[tuple[int, int, str], list[int]] = {}

    def spec(self, table: Table) -> ModeSpec:
        return MODES[self.options(table).mode]

    def mode_name(self, table: Table, lang: str) -> str:
        return t(dynamic_key("pop.mode", self.options(table).mode), lang)

    def lobby_values(self, table: Table, lang: str) -> dict[str, object]:
        return {**super().lobby_values(table, lang), "sets": self.options(table).sets}

    def turn_lines(self, live: LiveTable, lang: str) -> list[str]:
        v = POP.view(self.state_of(live), None)
        parts = [
            t("pop.turn.header", lang, set=v.set_number, sets=v.sets_total, turn=v.turn_number)
        ]
        if v.chief_face_up:
            parts.append(t("pop.turn.chief_shows", lang, cards=cards_text(v.chief_face_up, lang)))
        parts.append(self.chosen_line(live, v.chosen))
        return parts

    def table_post(self, live: LiveTable, lang: str) -> Post:
        table = live.table
        picture = PICTURES.call(
            render.board_picture,
            POP.view(self.state_of(live), None),
            table.plain_names(),  # drawn as written
            picture_labels(lang),
            t=alt_words(lang),
        )
        controls: list[Button | Select] = [Button("hand", t("pop.button.hand", lang), "primary")]
        spec = self.spec(table)
        if spec.cooperative:  # table talk: a colour held and a wished column (§6)
            controls.append(Button("signal", t("pop.button.signal", lang)))
        if spec.refills:  # solo: the hard AI's pick, privately, counted
            controls.append(Button("hint", t("pop.button.hint", lang)))
        return Post(self.table_text(live, lang), [picture], controls)

    def private_post(self, live: LiveTable, seat: Seat, lang: str) -> Post:
        """A seat's hand: the picture, and one button per card (Confirm for several)."""
        me = POP.view(self.state_of(live), seat.id)
        draft = list(
            self.drafts.get((live.table.id, live.table.epoch, seat.id), ())
        )  # a copy: drawn in a thread
        chosen = list(me.my_choice) or list(draft)
        picture = PICTURES.call(
            render.hand_picture, list(me.hand), tuple(chosen), t=alt_words(lang)
        )
        pictures = [picture]
        if live.table.private:  # a puzzle has no public table message: the grid is here
            board = PICTURES.call(
                render.board_picture,
                POP.view(self.state_of(live), None),
                live.table.plain_names(),
                picture_labels(lang),
                self.options(live.table).puzzle_id,
                t=alt_words(lang),
            )
            pictures.insert(0, board)
        return Post(
            self._hand_text(me, draft, lang), pictures, self._hand_buttons(me, chosen, lang)
        )

    def _hand_text(self, me: TableView, draft: list[int], lang: str) -> str:
        """Where the seat's pick stands: waiting, chosen, being selected, or to choose."""
        if me.cards_to_choose <= 0:
            return t("pop.hand.waiting", lang)
        if me.my_choice:
            return t("pop.hand.chosen", lang, cards=cards_text(me.my_choice, lang))
        if draft:
            return t("pop.hand.selecting", lang, n=me.cards_to_choose, k=len(draft))
        return t(
            "pop.hand.choose", lang, n=me.cards_to_choose, turn=me.turn_number, set=me.set_number
        )

    def _hand_buttons(self, me: TableView, chosen: list[int], lang: str) -> list[Button | Select]:
        """A button per card in the hand (the chosen ones green), and Confirm for several."""
        can_choose = me.cards_to_choose > 0
        controls: list[Button | Select] = [
            Button(
                "card",
                card_label(card),
                "success" if card in chosen else "secondary",
                arg=str(card),
                disabled=not can_choose,
            )
            for card in sorted(me.hand)
        ]
        if me.cards_to_choose > 1:
            controls.append(
                Button(
                    "confirm",
                    t("pop.button.confirm", lang),
                    "primary",
                    disabled=not can_choose or len(chosen) != me.cards_to_choose,
                )
            )
        return controls

    async def private_header(self, store: SqlStore, live: LiveTable) -> str:
        """Above an Enigma's hand: which puzzle, and (the daily one) who solved it today."""
        table = live.table
        puzzle_id = self.options(table).puzzle_id
        if not table.private or puzzle_id is None:
            return ""
        return await enigma_header(store, table, puzzle_id)

    async def posts_of(
        self,
        store: SqlStore,
        live: LiveTable,
        before: PopState,
        events: Sequence[object],
        after: PopState,
        lang: str,
    ) -> list[Post]:
        """A picture per placement step with its caption; after a set (or the game), the
        results. Table talk shows nothing here: its notice is said as it is given."""
        if all(isinstance(e, Signalled) for e in events):
            return []
        posts = await self._step_posts(live.table, before, events, lang)
        if any(isinstance(e, (SetEnded, GameEnded)) for e in events):
            posts += await self._results_posts(store, live.table, events, after, lang)
        return posts

    async def _step_posts(
        self, table: Table, before: PopState, events: Sequence[object], lang: str
    ) -> list[Post]:
        """Every placement step's picture (its alt text says what the step changed)."""
        names = table.names()  # the captions'; the pictures draw names as written
        steps = cast("Sequence[Event]", events)  # a Pop move's events are Pop's
        puzzle = self.options(table).puzzle_id
        frames = await PICTURES.run(
            render.step_frames, POP.view(before, None), steps, table.plain_names(), puzzle
        )
        labels, words = picture_labels(lang), alt_words(lang)
        pictures = await asyncio.gather(
            *(
                PICTURES.run(
                    render.frame_picture,
                    frame,
                    None,
                    labels,
                    before=frames[i - 1] if i else None,
                    t=words,
                )
                for i, frame in enumerate(frames)
            )
        )
        return [
            Post(self.caption(frame, names, lang), [picture], step=True)
            for frame, picture in zip(frames, pictures, strict=True)
        ]

    async def _results_posts(
        self, store: SqlStore, table: Table, events: Sequence[object], after: PopState, lang: str
    ) -> list[Post]:
        """A set's (or the game's) results: the game's are the results post (an Enigma's
        solved daily puzzle is said in the channel too)."""
        names = table.names()  # the text's; the picture draws names as written
        view = POP.view(after, None)
        words = alt_words(lang)
        picture = await PICTURES.run(
            render.results_picture, view, table.plain_names(), picture_labels(lang), t=words
        )
        game_over = view.phase == "over"
        text = results_text(after, events, names, lang, hints_of(table))
        posts = [Post(text, [picture], results=game_over)]
        day = table.face.get("daily")
        if game_over and table.private and day and view.result and view.result.won:
            seat = table.seats[0]
            tries = await daily_tries(store, table.challenge)
            n = next((n for user, n, _ in tries if user == seat.user_id), 1)
            said = t("pop.enigma.solved_today", lang, name=seat.text_name, n=n)
            posts.append(Post(said, in_channel=True))
        return posts

    def rematch_label(self, table: Table, lang: str) -> str:
        """An Enigma is tried again; a table's game is followed by a rematch."""
        return t("pop.button.retry" if table.private else "button.rematch", lang)

    def owner_name(self, owner: str | None, names: dict[str, str], lang: str) -> str:
        if owner == CHIEF:
            return t("pop.chief", lang)
        return names.get(owner or "", owner or "?")

    def caption(self, frame: Frame, names: dict[str, str], lang: str) -> str:
        column = "ABCDE"[frame.highlight[0]] if frame.highlight else "?"
        who = self.owner_name(frame.owner, names, lang)
        if frame.kind == "placed":
            assert frame.placed_card is not None  # a placed frame names its card
            card = cards_text([frame.placed_card], lang, bold=True)
            return t("pop.step.placed", lang, who=who, card=card, column=column)
        if frame.kind == "exploded":
            cards = cards_text(sorted(frame.marked_cards), lang)
            key = "pop.step.chain" if frame.depth else "pop.step.exploded"
            return t(
                key, lang, who=who, cards=cards, n=len(frame.marked_cards), depth=frame.depth + 1
            )
        return t("pop.step.fell", lang, who=who)
