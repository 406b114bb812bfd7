"""Colourist's Discord face: the table message (track, word card, who has chosen), the private
Choose message (one button per colour, the Joker while unused; the phrase pick on a double
field), the reveal and the results, every one built from a view of the game, never from the
raw state.

Controls: `choose` (the private message), `card:<colour|joker>` (a final choice), `keep:<n><a>`
(the colourist keeps noun n and adjective a of a double field). Words are printed in the
table's language; the AI reads only concept ids, so the language never changes its moves.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import Any

import discord

from bot.games.base import GameFace
from bot.model.binding import Moved
from bot.model.posts import Button, Post, Refusal, Select
from bot.model.table import LiveTable, Seat, Table
from bot.posting.layout_view import V2_EDIT, view_for
from bot.storage.store import SqlStore
from bot.tables.faces import Press, StatsRow, texts, verb
from bot.tables.workers import PICTURES
from bot.texts.i18n import dynamic_key, listed, t
from engine.colourist import words as W
from engine.colourist.adapter import COLOURIST, ColouristOptions
from engine.colourist.events import ChoicesRevealed, GameEnded, WordsShown
from engine.colourist.game import Choose, ColouristState, Keep, Move
from engine.colourist.view import ColouristView
from engine.protocol import Outcome
from render.colourist import pictures as render

from .commands import ColouristCommands, word_list_problem
from .words import card_label, labels, results_text, reveal_text, shown

AI_SEAT_PREFIX = "ai-"  # bot.model.table.Table.next_ai_id: AI chairs are "ai-1", "ai-2", …


class ColouristFace(GameFace[ColouristOptions, ColouristState, Move, ColouristView]):
    game = COLOURIST
    commands_class = ColouristCommands
    record_later_key = "colourist.record_later"  # the record would reveal the secret choices
    tournament_modes = {"standard": ColouristOptions().model_dump()}  # noqa: RUF012
    lobby_keys = texts("colourist.lobby.text", "colourist.lobby.started", "colourist.lobby.cancelled")  # fmt: skip
    back_key = "colourist.button.choose"

    def start_refusal(self, table: Table) -> Refusal | None:
        """A game is dealt only for at least one person (the AI reads no words) and only from a
        sound word list."""
        if table.seats and all(s.id.startswith(AI_SEAT_PREFIX) for s in table.seats):
            return Refusal("colourist.refusal.no_human")
        problem = word_list_problem()
        return None if problem is None else Refusal("colourist.refusal.words", error=problem)

    # --- The table --------------------------------------------------------------------------

    def mode_name(self, table: Table, lang: str) -> str:
        return t(dynamic_key("colourist.choice.length", self.options(table).length), lang)

    def turn_lines(self, live: LiveTable, lang: str) -> list[str]:
        v = COLOURIST.view(self.state_of(live), None)
        table = live.table
        names = table.names()
        parts = [
            t(
                "colourist.turn.header",
                lang,
                round=v.round_number,
                name=names.get(v.colourist, v.colourist),
            )
        ]
        if v.phase == "picking":
            parts.append(
                t("colourist.turn.picking", lang, name=names.get(v.colourist, v.colourist))
            )
        elif v.phase == "choosing":
            parts.append(t("colourist.turn.word", lang, text=shown(v.words, lang)))
            parts.append(self.chosen_line(live, v.chosen))
        return parts

    def table_post(self, live: LiveTable, lang: str) -> Post:
        v = COLOURIST.view(self.state_of(live), None)
        names = live.table.plain_names()  # pictures and a button label: no Markdown
        words = labels(lang)
        text = shown(v.words, lang) if v.words else None
        english = shown(v.words, "en") if v.words else None
        pictures = [PICTURES.call(render.turn_picture, v, text, names, words, english)]
        colourist = names.get(v.colourist, v.colourist)
        if v.phase == "picking":  # the colourist's button alone: the others wait
            label = t("colourist.button.pick_by", lang, name=colourist)[:80]
        else:
            label = t("colourist.button.choose", lang)
        return Post(self.table_text(live, lang), pictures, [Button("choose", label, "primary")])

    def move_words(self, live: LiveTable, move: object, lang: str) -> str:
        """A colour as its button names it ("🟥 red"); a phrase kept as its button prints it
        (from the colourist's view: only the colourist keeps one)."""
        played = self.narrow_move(move)
        if isinstance(played, Choose):
            return card_label(played.card, lang)
        state = self.state_of(live)
        offered = COLOURIST.view(state, COLOURIST.view(state, None).colourist).offered
        nouns, adjectives = offered[:2], offered[2:]
        if len(nouns) < 2 or len(adjectives) < 2:  # no phrase to keep now
            return super().move_words(live, move, lang)
        return W.phrase(COLOURIST.words, adjectives[played.adjective], nouns[played.noun], lang)

    def decision_when(self, live: LiveTable, lang: str) -> str:
        return t("colourist.label.round", lang, n=self.state_of(live).round_number)

    def private_post(self, live: LiveTable, seat: Seat, lang: str) -> Post:
        """The seat's own message: the phrase pick (colourist, double field), the colour
        buttons, or the card it laid."""
        me = COLOURIST.view(self.state_of(live), seat.id)
        names = live.table.names()
        colourist = names.get(me.colourist, me.colourist)
        if me.phase == "over":
            return Post(t("colourist.private.over", lang))
        if me.phase == "picking":
            return self._phrase_pick(me, colourist, lang)
        text = shown(me.words, lang)
        if me.my_card is not None:
            return Post(
                t(
                    "colourist.private.chosen",
                    lang,
                    card=card_label(me.my_card, lang),
                    text=text,
                )
            )
        key = (
            "colourist.private.colourist" if me.seat == me.colourist else "colourist.private.guess"
        )
        return Post(
            t(key, lang, text=text, name=colourist),
            controls=[
                self.move_button(Choose(card), card_label(card, lang)) for card in me.playable
            ],
        )

    def _phrase_pick(self, me: ColouristView, colourist: str, lang: str) -> Post:
        """A double field: the colourist keeps one of its four phrases (the others wait)."""
        if not me.offered:
            return Post(t("colourist.private.wait_pick", lang, name=colourist))
        nouns, adjectives = me.offered[:2], me.offered[2:]
        controls: list[Button | Select] = [
            self.move_button(
                Keep(n, a), W.phrase(COLOURIST.words, adjectives[a], nouns[n], lang), "primary"
            )
            for n in (0, 1)
            for a in (0, 1)
        ]
        return Post(
            t(
                "colourist.private.pick",
                lang,
                nouns=listed((shown((i,), lang) for i in nouns), lang),
                adjectives=listed((shown((i,), lang) for i in adjectives), lang),
            ),
            controls=controls,
        )

    # --- A move's posts ---------------------------------------------------------------------

    async def posts_of(
        self,
        store: SqlStore,
        live: LiveTable,
        before: ColouristState,
        events: Sequence[object],
        after: ColouristState,
        lang: str,
    ) -> list[Post]:
        table = live.table
        names, plain = table.names(), table.plain_names()  # texts', pictures'
        words = labels(lang)
        v = COLOURIST.view(after, None)
        posts: list[Post] = []
        revealed = any(isinstance(e, ChoicesRevealed) for e in events)
        for e in events:
            if isinstance(e, WordsShown) and not revealed and len(e.words) == 2:
                colourist = COLOURIST.view(before, None).colourist
                posts.append(
                    Post(
                        t(
                            "colourist.step.kept",
                            lang,
                            name=names.get(colourist, colourist),
                            text=shown(e.words, lang),
                        )
                    )
                )
            elif isinstance(e, ChoicesRevealed):
                assert v.last is not None
                picture = await PICTURES.run(
                    render.reveal_picture,
                    v,
                    v.last,
                    shown(v.last.words, lang),
                    plain,
                    words,
                    shown(v.last.words, "en"),
                )
                posts.append(Post(reveal_text(v, names, lang), [picture], step=True))
            elif isinstance(e, GameEnded):
                picture = await PICTURES.run(render.results_picture, v, plain, words)
                posts.append(Post(results_text(v, names, lang), [picture], results=True))
        return posts

    # --- Clicks -----------------------------------------------------------------------------

    @verb("choose")
    async def choose(self, press: Press) -> None:
        """Choose: the seat's private message (the colour buttons, or the phrase pick)."""
        await self.show_private(press)

    async def answer_move(self, press: Press, move: object, moved: Moved) -> None:
        """A card laid (or a phrase kept), from the seat's private message: that message shows
        what was laid; the last card laid, which reveals the round, says what it revealed."""
        laid = self.narrow_move(move)
        if moved.new_turn and isinstance(laid, Choose):
            before = COLOURIST.view(self.narrow(moved.before), press.seat.id)
            await press.reply.defer()
            text = t(
                "colourist.private.revealed",
                press.lang,
                card=card_label(laid.card, press.lang),
                text=shown(before.words, press.lang),
            )
            with contextlib.suppress(discord.HTTPException):
                view = view_for(press.table, Post(text))
                await press.interaction.edit_original_response(view=view, **V2_EDIT)
            return
        await self.redraw_here(press)

    # --- Stats ------------------------------------------------------------------------------

    def outcome_details(self, live: LiveTable, outcome: Outcome) -> dict[str, Any]:
        details = dict(outcome.seats[0].details) if outcome.seats else {}
        return {
            "rounds": details.get("rounds"),
            "length": self.options(live.table).length,
            "finish": COLOURIST.view(self.state_of(live), None).finish,
        }

    def stats_lines(self, rows: Sequence[StatsRow], lang: str) -> list[str]:
        """Games finished, wins on the finish, and the average share of the track covered."""
        if not rows:
            return []
        shares = [score / max(1, int(d.get("finish") or 1)) for _, _, score, d in rows]
        return [
            t(
                "colourist.stats",
                lang,
                n=len(rows),
                wins=sum(1 for r in rows if r[1]),
                share=round(100 * sum(shares) / len(shares)),
            )
        ]
