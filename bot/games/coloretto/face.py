"""Coloretto's Discord face: the table message, a picture after every action, the results.

Everything at a Coloretto table is public (only the pile's order is hidden, and the view strips
it), so there is no private hand: `private_post` is the table post. Every text and picture is
built from the public view (`engine.coloretto.view`). The seat on turn plays on the table
message: Draw, then a button per row to place the drawn card; or Take row N: each button names
its move (the game's `named_move`). Anyone may press; a seat not on turn is refused by the table
layer (`bot.tables.moves.admit`), privately and politely.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from bot.games.base import GameFace
from bot.model.posts import Button, Post, Select
from bot.model.table import LiveTable, Table
from bot.storage.store import SqlStore
from bot.tables.faces import StatsRow, texts
from bot.texts.i18n import dynamic_key, t
from engine.coloretto import events as ev
from engine.coloretto.adapter import COLORETTO, ColorettoOptions
from engine.coloretto.game import Draw, Move, Place, Take
from engine.coloretto.state import ColorettoState
from engine.coloretto.view import TableView
from engine.protocol import Outcome
from render.kit import Picture

from .commands import ColorettoCommands
from .words import (
    SYMBOL,
    caption,
    card_name,
    cards_text,
    legend,
    results_picture,
    results_text,
    table_picture,
)


class ColorettoFace(GameFace[ColorettoOptions, ColorettoState, Move, TableView]):
    game = COLORETTO
    commands_class = ColorettoCommands
    lobby_keys = texts("coloretto.lobby.text", "coloretto.lobby.started", "coloretto.lobby.cancelled")  # fmt: skip
    turn_in_one_message = True
    back_key = "coloretto.button.draw"
    # Anyone may press the table's buttons: a person back from the AI is told they are, and
    # their next press plays.
    back_told_key = "coloretto.back"
    tournament_modes = {  # noqa: RUF012  (a ClassVar of the base)
        "standard": ColorettoOptions().model_dump(),
        "expert": ColorettoOptions(expert=True).model_dump(),
    }

    # --- The table --------------------------------------------------------------------------

    def mode_name(self, table: Table, lang: str) -> str:
        mode = "expert" if self.options(table).expert else "normal"
        return t(dynamic_key("coloretto.mode", mode), lang)

    def turn_lines(self, live: LiveTable, lang: str) -> list[str]:
        """The rows, every collection, the pile, whose turn it is (and the last round)."""
        v = COLORETTO.view(self.state_of(live), None)
        table = live.table
        names = table.names()
        parts = [
            t("coloretto.turn.header", lang, id=table.id, round=v.round_number, pile=v.pile_size)
        ]
        if v.last_round:
            parts.append(t("coloretto.turn.last_round", lang))
        parts += self._row_lines(v, names, lang) + self._seat_lines(v, names, lang)
        if v.turn is not None:
            who = names.get(v.turn, v.turn)
            if v.drawn is not None:
                parts.append(
                    t("coloretto.turn.place", lang, name=who, card=card_name(v.drawn, lang))
                )
            else:
                parts.append(t("coloretto.turn.choose", lang, name=who))
        return parts

    @staticmethod
    def _row_lines(v: TableView, names: dict[str, str], lang: str) -> list[str]:
        """Each row: its cards, or who took it this round."""
        takers = {tk.row: tk.player for tk in v.rounds[-1].takes} if v.rounds else {}
        lines = []
        for r, row in enumerate(v.rows):
            if v.taken[r]:
                who = names.get(takers.get(r + 1, ""), "?")
                lines.append(t("coloretto.turn.row_taken", lang, row=r + 1, name=who))
                continue
            cards = cards_text(row, lang)
            lines.append(
                t(
                    "coloretto.turn.row",
                    lang,
                    row=r + 1,
                    count=len(row),
                    limit=v.limits[r],
                    cards=cards,
                )
            )
        return lines

    @staticmethod
    def _seat_lines(v: TableView, names: dict[str, str], lang: str) -> list[str]:
        """Each seat's collection and points, then the symbols the collections hold, named."""
        lines = []
        for seat in v.players:
            held = " ".join(f"{SYMBOL[c]}×{n}" for c, n in v.collections[seat].items()) or "—"
            name = names.get(seat, seat) + (" 💤" if seat in v.out else "")
            points = v.scores[seat].total
            lines.append(t("coloretto.turn.seat", lang, name=name, cards=held, points=points))
        collected = {c for seat in v.players for c in v.collections[seat]}
        if collected:  # the symbols of the collections, named once
            lines.append(t("coloretto.legend", lang, cards=legend(collected, lang)))
        return lines

    def controls(self, v: TableView, lang: str) -> list[Button | Select]:
        """The seat on turn's buttons, from the view's legal moves."""
        legal = v.legal_moves()
        if not legal:
            return []
        if v.drawn is not None:
            places = [Place(r + 1) for r in range(len(v.rows))]
            return [
                self.move_button(
                    place,
                    t("coloretto.button.place", lang, row=place.row),
                    "primary",
                    disabled=place not in legal,
                )
                for place in places
            ]
        draw = t("coloretto.button.draw", lang)
        controls: list[Button | Select] = [
            self.move_button(Draw(), draw, "primary", disabled=Draw() not in legal)
        ]
        controls += [
            self.move_button(move, t("coloretto.button.take", lang, row=move.row), "success")
            for move in legal
            if isinstance(move, Take)
        ]
        return controls

    def move_words(self, live: LiveTable, move: object, lang: str) -> str:
        """A move as its button names it (Draw, Take row N); a placement with the card drawn,
        which its button ("Row N") leaves to the message above it."""
        played = self.narrow_move(move)
        if isinstance(played, Draw):
            return t("coloretto.button.draw", lang)
        if isinstance(played, Place):
            drawn = COLORETTO.view(self.state_of(live), None).drawn
            card = card_name(drawn, lang) if drawn is not None else "?"
            return t("coloretto.words.place", lang, card=card, row=played.row)
        return t("coloretto.button.take", lang, row=played.row)

    def table_post(self, live: LiveTable, lang: str) -> Post:
        v = COLORETTO.view(self.state_of(live), None)
        pictures = []
        if v.version == 0:  # the first turn: nothing was pictured yet
            plain = live.table.plain_names()  # pictures show names as written
            pictures.append(table_picture(v, plain, None, lang, "coloretto-start.png"))
        return Post(self.table_text(live, lang), pictures, self.controls(v, lang))

    def decision_when(self, live: LiveTable, lang: str) -> str:
        return t(
            "coloretto.label.round", lang, n=COLORETTO.view(self.state_of(live), None).round_number
        )

    def decision_picture(self, live: LiveTable, lang: str) -> Picture | None:
        """The table as it stood (public view): the table post draws only the first."""
        v = COLORETTO.view(self.state_of(live), None)
        return table_picture(v, live.table.plain_names(), None, lang, "coloretto-table.png")

    # --- A move's posts ---------------------------------------------------------------------

    async def posts_of(
        self,
        store: SqlStore,
        live: LiveTable,
        before: ColorettoState,
        events: Sequence[object],
        after: ColorettoState,
        lang: str,
    ) -> list[Post]:
        """One picture per action (its event highlighted) with a caption; at the end, the
        results picture and the results text."""
        table = live.table
        names, plain = table.names(), table.plain_names()  # texts', pictures'
        v = COLORETTO.view(after, None)
        main = next(
            (e for e in events if isinstance(e, ev.CardDrawn | ev.CardPlaced | ev.RowTaken)), None
        )
        where = f"g{table.games}-v{v.version:03d}"
        picture = await asyncio.to_thread(
            table_picture, v, plain, main, lang, f"coloretto-{where}.png"
        )
        posts = [Post(caption(events, names, lang), [picture], step=True)]
        outcome = COLORETTO.outcome(after)
        if outcome is not None:
            results = await asyncio.to_thread(
                results_picture, v, outcome, plain, lang, f"coloretto-{where}-results.png"
            )
            posts.append(Post(results_text(v, outcome, names, lang), [results], results=True))
        return posts

    # --- Stats ------------------------------------------------------------------------------

    def outcome_details(self, live: LiveTable, outcome: Outcome) -> dict[str, Any]:
        v = COLORETTO.view(self.state_of(live), None) if live.state is not None else None
        return {"players": len(outcome.seats), "rounds": v.round_number if v is not None else None}

    def stats_lines(self, rows: Sequence[StatsRow], lang: str) -> list[str]:
        """Average and best score; games with expert scoring."""
        if not rows:
            return []
        scores = [score for _, _, score, _ in rows]
        lines = [
            t(
                "coloretto.stats.scores",
                lang,
                average=round(sum(scores) / len(scores), 1),
                best=max(scores),
            )
        ]
        expert = sum(1 for mode, _, _, _ in rows if mode == "expert")
        if expert:
            lines.append(t("coloretto.stats.expert", lang, games=expert))
        return lines
