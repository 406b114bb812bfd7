"""Colourist's Discord face: the table message (track, word card, who has chosen), the private
Choose message (one button per colour, the Joker while unused; the phrase pick on a double
field), the reveal and the results, every one built from a view of the game, never from the
raw state.

Controls: `choose` (the private message), `card:<colour|joker>` (a final choice), `keep:<n><a>`
(the colourist keeps noun n and adjective a of a double field). Words are printed in the
table's language; the AI reads only concept ids, so the language never changes its moves.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import string
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands

from engine.colourist import words as W
from engine.colourist.adapter import COLOURIST, ColouristOptions
from engine.colourist.events import ChoicesRevealed, GameEnded, WordsShown
from engine.colourist.game import CARDS, EMOJI, Choose, ColouristState, Keep
from engine.colourist.view import ColouristView
from engine.protocol import Outcome
from render.colourist import pictures as render
from render.colourist.labels import LABELS_EN

from ...face import Button, Post, Refusal, Select, TableAPI
from ...i18n import dynamic_key, t
from ...lobby import lobby_values
from ...outbox import picture_files
from ...table import LiveTable, Seat, Table
from ...workers import PICTURES
from . import keys  # noqa: F401  (Colourist's run-time text keys, declared first)
from .commands import ColouristCommands
from .table_game import TABLE_COLOURIST


def seed_of(*parts: object) -> int:
    """A stable 64-bit seed (an AI decision is the same whenever it is remade)."""
    return int.from_bytes(hashlib.sha256(":".join(map(str, parts)).encode()).digest()[:8], "big")


def labels(lang: str) -> dict[str, str]:
    """The pictures' words in `lang`, placeholders kept for the pictures to fill."""
    out = {}
    for key, english in LABELS_EN.items():
        holes = {f: "{" + f + "}" for _, f, _, _ in string.Formatter().parse(english) if f}
        out[key] = t(dynamic_key("colourist.label", key), lang, **holes)
    return out


def card_name(card: str, lang: str) -> str:
    return t(dynamic_key("colourist.card", card), lang)


def shown(ids: Sequence[str], lang: str) -> str:
    """The word or phrase of these ids, printed in `lang`."""
    return W.shown(COLOURIST.words, ids, lang)


class ColouristFace:
    game = TABLE_COLOURIST
    key = "colourist"

    def forget(self, table_id: int) -> None:
        pass  # the face keeps nothing of a table in memory

    def back_button(self, lang: str) -> str:
        """The button that gives a seat the AI took over back to its player."""
        return t("colourist.button.choose", lang)

    def commands(self, api: TableAPI, settings: Any) -> app_commands.Group:
        return ColouristCommands(api, settings)

    # --- The table --------------------------------------------------------------------------

    def options(self, table: Table) -> ColouristOptions:
        return ColouristOptions.model_validate(table.options)

    def mode_name(self, table: Table, lang: str) -> str:
        return t(dynamic_key("colourist.choice.length", self.options(table).length), lang)

    def lobby_text(self, table: Table, lang: str) -> str:
        key = {
            "lobby": "colourist.lobby.text",
            "playing": "colourist.lobby.started",
            "cancelled": "colourist.lobby.cancelled",
            "finished": "colourist.lobby.started",
        }[table.status]
        return t(key, lang, **lobby_values(self, table, lang))

    def table_text(self, live: LiveTable, lang: str) -> str:
        v = COLOURIST.view(live.state, None)
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
            parts.append(
                " · ".join(("✅" if s.id in v.chosen else "⏳") + f" {s.name}" for s in table.seats)
            )
        if table.turn_deadline:
            parts.append(t("turn.deadline", lang, at=f"<t:{int(table.turn_deadline)}:R>"))
        return "\n".join(parts)

    def table_post(self, live: LiveTable, lang: str) -> Post:
        v = COLOURIST.view(live.state, None)
        names = live.table.names()
        words = labels(lang)
        text = shown(v.words, lang) if v.words else None
        english = shown(v.words, "en") if v.words else None
        pictures = [
            PICTURES.call(render.track_picture, v, names, words),
            PICTURES.call(render.card_picture, v, text, names, words, english),
        ]
        label = t(
            "colourist.button.pick" if v.phase == "picking" else "colourist.button.choose", lang
        )
        return Post(self.table_text(live, lang), pictures, [Button("choose", label, "primary")])

    def private_post(self, live: LiveTable, seat: Seat, lang: str) -> Post:
        """The seat's own message: the phrase pick (colourist, double field), the colour
        buttons, or the card it laid."""
        me = COLOURIST.view(live.state, seat.id)
        names = live.table.names()
        colourist = names.get(me.colourist, me.colourist)
        if me.phase == "over":
            return Post(t("colourist.private.over", lang))
        if me.phase == "picking":
            if not me.offered:
                return Post(t("colourist.private.wait_pick", lang, name=colourist))
            nouns, adjectives = me.offered[:2], me.offered[2:]
            controls: list[Button | Select] = [
                Button(
                    "keep",
                    W.phrase(COLOURIST.words, adjectives[a], nouns[n], lang),
                    "primary",
                    arg=f"{n}{a}",
                )
                for n in (0, 1)
                for a in (0, 1)
            ]
            return Post(
                t(
                    "colourist.private.pick",
                    lang,
                    nouns=", ".join(shown((i,), lang) for i in nouns),
                    adjectives=", ".join(shown((i,), lang) for i in adjectives),
                ),
                controls=controls,
            )
        text = shown(me.words, lang)
        if me.my_card is not None:
            return Post(
                t(
                    "colourist.private.chosen",
                    lang,
                    card=self.card_label(me.my_card, lang),
                    text=text,
                )
            )
        key = (
            "colourist.private.colourist" if me.seat == me.colourist else "colourist.private.guess"
        )
        return Post(
            t(key, lang, text=text, name=colourist),
            controls=[
                Button("card", self.card_label(card, lang), "secondary", arg=card)
                for card in me.playable
            ],
        )

    @staticmethod
    def card_label(card: str, lang: str) -> str:
        return f"{EMOJI[card]} {card_name(card, lang)}"

    async def private_header(self, api: TableAPI, live: LiveTable) -> str:
        return ""

    # --- A move's posts ---------------------------------------------------------------------

    async def move_posts(
        self,
        api: TableAPI,
        live: LiveTable,
        before: ColouristState,
        events: Sequence[Any],
        after: ColouristState,
        lang: str,
    ) -> list[Post]:
        table = live.table
        names = table.names()
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
                    names,
                    words,
                    shown(v.last.words, "en"),
                )
                posts.append(Post(self.reveal_text(v, names, lang), [picture], step=True))
            elif isinstance(e, GameEnded):
                picture = await PICTURES.run(render.results_picture, v, names, words)
                winners = ", ".join(names.get(w, w) for w in e.winners)
                posts.append(
                    Post(
                        t("colourist.result.winners", lang, n=len(e.winners), names=winners),
                        [picture],
                        [Button("rematch", t("button.rematch", lang), "success")],
                    )
                )
        return posts

    def reveal_text(self, v: ColouristView, names: dict[str, str], lang: str) -> str:
        last = v.last
        assert last is not None

        def name(seat: str) -> str:
            return names.get(seat, seat)

        lines = [
            t(
                "colourist.step.reveal",
                lang,
                round=last.round_number,
                name=name(last.colourist),
                card=self.card_label(last.colour, lang),
                text=shown(last.words, lang),
            )
        ]
        lines.append(
            " · ".join(f"{name(s)} {self.card_label(last.cards[s], lang)}" for s in v.seats)
        )
        if last.matched:
            lines.append(
                t(
                    "colourist.step.matched",
                    lang,
                    n=len(last.matched),
                    names=", ".join(map(name, last.matched)),
                    moved=", ".join(map(name, last.moved)),
                )
            )
        else:
            lines.append(t("colourist.step.nobody", lang))
        lines.append(" · ".join(f"{name(s)} {v.positions[s]}/{v.finish}" for s in v.seats))
        return "\n".join(lines)

    # --- AI seats ---------------------------------------------------------------------------

    def ai_job(self, live: LiveTable, seat: Seat) -> tuple[Any, ...]:
        """The engine's AI, from the seat's view alone: ids, never words, so the table's
        language cannot change its move."""
        table = live.table
        return (
            COLOURIST.ai_move,
            COLOURIST.view(live.state, seat.id),
            table.settings.ai_level,
            seed_of(table.id, table.games, table.version, seat.id),
        )

    def after_ai_move(
        self, api: TableAPI, live: LiveTable, seat: Seat, move: Any, before: Any
    ) -> None:
        return None

    # --- Clicks -----------------------------------------------------------------------------

    async def on_click(
        self,
        api: TableAPI,
        interaction: discord.Interaction,
        table_id: int,
        epoch: int,
        verb: str,
        arg: str | None,
    ) -> None:
        handler = {"choose": self._open, "card": self._card, "keep": self._keep}.get(verb)
        if handler is None:
            raise Refusal("refusal.stale")
        await handler(api, interaction, table_id, epoch, arg)

    async def _open(
        self,
        api: TableAPI,
        interaction: discord.Interaction,
        table_id: int,
        epoch: int,
        _arg: str | None,
    ) -> None:
        """Choose: the seat's private message (a human back from being away takes the seat
        again)."""
        live = await api.live(table_id)
        seat = api.seat_for_play(live, interaction.user.id, epoch)
        await interaction.response.defer(ephemeral=True, thinking=True)
        if seat.ai:
            await api.take_seat_back(table_id, seat.id)
        await api.show_private(interaction, await api.live(table_id), seat)

    async def _card(
        self,
        api: TableAPI,
        interaction: discord.Interaction,
        table_id: int,
        epoch: int,
        arg: str | None,
    ) -> None:
        if arg not in CARDS:
            raise Refusal("refusal.not_a_card")
        await self._move(api, interaction, table_id, epoch, Choose(arg))

    async def _keep(
        self,
        api: TableAPI,
        interaction: discord.Interaction,
        table_id: int,
        epoch: int,
        arg: str | None,
    ) -> None:
        if arg is None or len(arg) != 2 or any(c not in "01" for c in arg):
            raise Refusal("refusal.no_such_word")
        await self._move(api, interaction, table_id, epoch, Keep(int(arg[0]), int(arg[1])))

    async def _move(
        self,
        api: TableAPI,
        interaction: discord.Interaction,
        table_id: int,
        epoch: int,
        move: Choose | Keep,
    ) -> None:
        live = await api.live(table_id)
        seat = api.seat_for_play(live, interaction.user.id, epoch)
        await api.play(interaction, table_id, epoch, move)
        live = await api.live(table_id)
        await interaction.response.defer()
        post = await asyncio.to_thread(self.private_post, live, seat, live.table.lang())
        with contextlib.suppress(discord.HTTPException):
            await interaction.edit_original_response(
                content=post.content,
                attachments=picture_files(post),
                view=api.view_for(live.table, post),
            )

    # --- The game around the moves ----------------------------------------------------------

    def game_started(self, api: TableAPI, live: LiveTable) -> None:
        return None

    async def on_chat(self, api: TableAPI, live: LiveTable, message: discord.Message) -> None:
        return None

    # --- Stats ------------------------------------------------------------------------------

    def outcome_details(self, live: LiveTable, outcome: Outcome) -> dict[str, Any]:
        details = dict(outcome.seats[0].details) if outcome.seats else {}
        return {
            "rounds": details.get("rounds"),
            "length": self.options(live.table).length,
            "finish": COLOURIST.view(live.state, None).finish,
        }

    def stats_lines(
        self, rows: Sequence[tuple[str, bool, int, dict[str, Any]]], lang: str
    ) -> list[str]:
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
