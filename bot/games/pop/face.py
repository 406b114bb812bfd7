"""Pop's Discord face: the table message, the private hand, the step pictures and the results,
every one built from a view of the game (`engine.pop.view`), never from the raw state.

Pop's own controls: My hand (the hand, privately), a card, Confirm (two- and five-card picks),
Signal and its menu (co-op table talk, §6), Hint (solo). A pick of several cards is a draft
until Confirm: drafts live in memory (a restart forgets an unconfirmed selection, never a pick).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands

from engine.pop import ai as pop_ai
from engine.pop.adapter import POP, PopMove, PopOptions, enigma_pack
from engine.pop.cards import COLOUR, COLOUR_NAMES, COLUMN_LETTERS, colour_name
from engine.pop.enigma import GRADE_NAMES
from engine.pop.events import CHIEF, GameEnded, SetEnded
from engine.pop.game import solo_title
from engine.pop.modes import MODES, ModeSpec
from engine.pop.results import COOP_LEVELS, CoopResult, SoloResult
from engine.pop.state import PopState
from engine.protocol import Outcome
from render.kit import has_glyph
from render.pop import pictures as render
from render.pop.labels import ENGLISH as PICTURE_ENGLISH
from render.pop.labels import LABELS_EN
from render.pop.scene import Frame
from render.style import COLOUR_STYLE

from ...face import Button, Post, Refusal, Select, TableAPI
from ...i18n import DEFAULT_LANGUAGE, catalogue, dynamic_key, resolve, t
from ...lobby import lobby_values
from ...outbox import picture_files
from ...table import LiveTable, Seat, Table
from ...workers import PICTURES
from . import keys  # noqa: F401  (Pop's run-time text keys, declared first)
from .commands import PopCommands
from .enigma import daily_tries
from .talk import reveals_numbers

log = logging.getLogger("pop.games.pop")


def picture_labels(lang: str) -> dict[str, str]:
    """The pictures' words in `lang` (render/pop/labels.py's keys: `label.<key>`, and the level
    and title names). A word the bundled fonts cannot draw is drawn in English rather than as
    boxes; the alt text and the messages stay in the table's language."""
    mine, english = catalogue(resolve(lang)), catalogue(DEFAULT_LANGUAGE)
    labels = {}
    for word in PICTURE_ENGLISH:
        key = dynamic_key("label", word) if word in LABELS_EN else word  # level.x, title.x
        text = str(mine.get(key) or english.get(key) or PICTURE_ENGLISH[word])
        drawable = all(has_glyph(ch) for ch in text if not ch.isspace())
        labels[word] = text if drawable else str(english.get(key) or PICTURE_ENGLISH[word])
    return labels


def card_label(card: int) -> str:
    """A card button's label: the number first, then its colour's shape."""
    return f"{card} {COLOUR_STYLE[colour_name(card)].symbol}"


@dataclass(frozen=True)
class AltWords:
    """The alt texts' `t(key, **values)` in `lang`: render/pop/alt.py's keys, `alt.<word>` as
    `pop.alt.<word>`, and the bot's own `chief`, `colour.*`, `mode.*`, `level.*`, `title.*`.
    A class, not a closure: it travels to the processes that draw (bot/workers.py)."""

    lang: str

    def __call__(self, key: str, **values: object) -> str:
        family, _, value = key.partition(".")
        if family == "alt":
            return t(dynamic_key("pop.alt", value), self.lang, **values)
        if not value:
            return t("chief", self.lang, **values)
        return t(dynamic_key(family, value), self.lang, **values)


def alt_words(lang: str) -> AltWords:
    return AltWords(lang)


def hints_of(table: Table) -> int:
    """Hints asked for in the table's current game (solo)."""
    hints = table.face.get("hints")
    return int(hints.get(str(table.games), 0)) if isinstance(hints, dict) else 0


def seed_of(*parts: object) -> int:
    """A stable 64-bit seed (an AI decision is the same whenever it is remade)."""
    return int.from_bytes(hashlib.sha256(":".join(map(str, parts)).encode()).digest()[:8], "big")


class PopFace:
    game = POP
    key = "pop"

    def forget(self, table_id: int) -> None:
        """Unconfirmed selections of a finished table go with it."""
        for key in [k for k in self.drafts if k[0] == table_id]:
            del self.drafts[key]

    def back_button(self, lang: str) -> str:
        """The button that gives a seat the AI took over back to its player."""
        return t("button.hand", lang)

    def __init__(self) -> None:
        # (table, epoch, seat) → cards selected but not confirmed yet
        self.drafts: dict[tuple[int, int, str], list[int]] = {}
        self.redrawing: dict[tuple[int, str], asyncio.Lock] = {}  # (table, seat) → its hand
        # Co-op AI signals said but maybe not stored yet: (epoch, seat, colour, column) by table.
        # The next AI seat thinks at once, before the background store has run.
        self.said: dict[int, list[tuple[int, str, str, str]]] = {}

    def commands(self, api: TableAPI, settings: Any) -> app_commands.Group:
        return PopCommands(api, settings)

    # --- The table --------------------------------------------------------------------------

    def options(self, table: Table) -> PopOptions:
        return PopOptions.model_validate(table.options)

    def spec(self, table: Table) -> ModeSpec:
        return MODES[self.options(table).mode]

    def mode_name(self, table: Table, lang: str) -> str:
        return t(dynamic_key("mode", self.options(table).mode), lang)

    def lobby_text(self, table: Table, lang: str) -> str:
        key = {
            "lobby": "lobby.text",
            "playing": "lobby.started",
            "cancelled": "lobby.cancelled",
            "finished": "lobby.started",
        }[table.status]
        return t(key, lang, **lobby_values(self, table, lang), sets=self.options(table).sets)

    def table_text(self, live: LiveTable, lang: str) -> str:
        v = POP.view(live.state, None)
        table = live.table
        chosen = [("✅" if seat.id in v.chosen else "⏳") + f" {seat.name}" for seat in table.seats]
        parts = [t("turn.header", lang, set=v.set_number, sets=v.sets_total, turn=v.turn_number)]
        if v.chief_face_up:
            parts.append(t("turn.chief_shows", lang, cards=", ".join(map(str, v.chief_face_up))))
        parts.append(" · ".join(chosen))
        if table.turn_deadline:
            parts.append(t("turn.deadline", lang, at=f"<t:{int(table.turn_deadline)}:R>"))
        return "\n".join(parts)

    def table_post(self, live: LiveTable, lang: str) -> Post:
        table = live.table
        picture = PICTURES.call(
            render.board_picture,
            POP.view(live.state, None),
            table.names(),
            picture_labels(lang),
            t=alt_words(lang),
        )
        controls: list[Button | Select] = [Button("hand", t("button.hand", lang), "primary")]
        spec = self.spec(table)
        if spec.cooperative:  # table talk: a colour held and a wished column (§6)
            controls.append(Button("signal", t("button.signal", lang)))
        if spec.refills:  # solo: the hard AI's pick, privately, counted
            controls.append(Button("hint", t("button.hint", lang)))
        return Post(self.table_text(live, lang), [picture], controls)

    def private_post(self, live: LiveTable, seat: Seat, lang: str) -> Post:
        """A seat's hand: the picture, and one button per card (Confirm for several)."""
        me = POP.view(live.state, seat.id)
        draft = list(
            self.drafts.get((live.table.id, live.table.epoch, seat.id), ())
        )  # a copy: drawn in a thread
        chosen = list(me.my_choice) or list(draft)
        can_choose = me.cards_to_choose > 0
        picture = PICTURES.call(
            render.hand_picture, list(me.hand), tuple(chosen), t=alt_words(lang)
        )
        if not can_choose:
            content = t("hand.waiting", lang)
        elif me.my_choice:
            content = t("hand.chosen", lang, cards=", ".join(map(str, me.my_choice)))
        elif draft:
            content = t("hand.selecting", lang, n=me.cards_to_choose, k=len(draft))
        else:
            content = t(
                "hand.choose", lang, n=me.cards_to_choose, turn=me.turn_number, set=me.set_number
            )
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
                    t("button.confirm", lang),
                    "primary",
                    disabled=not can_choose or len(chosen) != me.cards_to_choose,
                )
            )
        pictures = [picture]
        if live.table.private:  # a puzzle has no public table message: the grid is here
            board = PICTURES.call(
                render.board_picture,
                POP.view(live.state, None),
                live.table.names(),
                picture_labels(lang),
                self.options(live.table).puzzle_id,
                t=alt_words(lang),
            )
            pictures.insert(0, board)
        return Post(content, pictures, controls)

    async def private_header(self, api: TableAPI, live: LiveTable) -> str:
        """Above an Enigma's hand: which puzzle, and (the daily one) who solved it today."""
        table = live.table
        options = self.options(table)
        if not table.private or options.puzzle_id is None:
            return ""
        lang = table.lang()
        puzzle = enigma_pack()[options.puzzle_id]
        day = table.face.get("daily")
        header = t(
            "enigma.daily" if day else "enigma.header",
            lang,
            id=puzzle.id,
            grade=t(dynamic_key("grade", GRADE_NAMES[puzzle.grade]), lang),
        )
        if day:
            solvers = [
                (user, n)
                for user, n, solved in await daily_tries(api, table.guild_id, day)
                if solved
            ]
            header += "\n" + (
                t(
                    "enigma.solvers",
                    lang,
                    names=", ".join(
                        t("enigma.solver", lang, user=f"<@{user}>", n=n) for user, n in solvers
                    ),
                )
                if solvers
                else t("enigma.no_solver", lang)
            )
        return header

    # --- A move's posts ---------------------------------------------------------------------

    async def move_posts(
        self,
        api: TableAPI,
        live: LiveTable,
        before: PopState,
        events: Sequence[Any],
        after: PopState,
        lang: str,
    ) -> list[Post]:
        table = live.table
        names = table.names()
        puzzle = self.options(table).puzzle_id
        frames = await PICTURES.run(
            render.step_frames, POP.view(before, None), events, names, puzzle
        )
        labels = picture_labels(lang)
        words = alt_words(lang)
        pictures = await asyncio.gather(
            *(
                # before: what this step changed, in its alt text
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
        posts = [
            Post(self.caption(frame, names, lang), [picture], step=True)
            for frame, picture in zip(frames, pictures, strict=True)
        ]
        if any(isinstance(e, (SetEnded, GameEnded)) for e in events):
            view = POP.view(after, None)
            picture = await PICTURES.run(render.results_picture, view, names, labels, t=words)
            game_over = view.phase == "over"
            retry = table.private
            controls: list[Button | Select] = (
                [
                    Button(
                        "rematch", t("button.retry" if retry else "button.rematch", lang), "success"
                    )
                ]
                if game_over
                else []
            )
            posts.append(
                Post(
                    self.results_text(after, events, names, lang, hints_of(table)),
                    [picture],
                    controls,
                )
            )
            day = table.face.get("daily")
            if game_over and table.private and day and view.result and view.result.won:
                seat = table.seats[0]
                tries = next(
                    (
                        n
                        for user, n, _ in await daily_tries(api, table.guild_id, day)
                        if user == seat.user_id
                    ),
                    1,
                )
                posts.append(
                    Post(t("enigma.solved_today", lang, name=seat.name, n=tries), in_channel=True)
                )
        return posts

    def owner_name(self, owner: str | None, names: dict[str, str], lang: str) -> str:
        if owner == CHIEF:
            return t("chief", lang)
        return names.get(owner or "", owner or "?")

    def caption(self, frame: Frame, names: dict[str, str], lang: str) -> str:
        column = "ABCDE"[frame.highlight[0]] if frame.highlight else "?"
        who = self.owner_name(frame.owner, names, lang)
        if frame.kind == "placed":
            return t("step.placed", lang, who=who, card=frame.placed_card, column=column)
        if frame.kind == "exploded":
            cards = ", ".join(map(str, sorted(frame.marked_cards)))
            key = "step.chain" if frame.depth else "step.exploded"
            return t(
                key, lang, who=who, cards=cards, n=len(frame.marked_cards), depth=frame.depth + 1
            )
        return t("step.fell", lang, who=who)

    def results_text(
        self,
        after: PopState,
        events: Sequence[Any],
        names: dict[str, str],
        lang: str,
        hints: int = 0,
    ) -> str:
        lines = []
        spec = POP.view(after, None).spec
        for e in events:
            if isinstance(e, SetEnded):
                scores = ", ".join(f"{names.get(s, s)} {n}" for s, n in e.scores.items())
                lines.append(t("result.set", lang, set=e.set_number, scores=scores))
            elif isinstance(e, GameEnded):
                if spec.competitive:
                    winners = ", ".join(names.get(w, w) for w in e.winners)
                    lines.append(t("result.winners", lang, n=len(e.winners), names=winners))
                    if e.tiebreak:
                        lines.append(t(dynamic_key("result.tiebreak", e.tiebreak), lang))
                elif isinstance(e.result, CoopResult):
                    lines.append(
                        t("result.coop", lang, level=t(dynamic_key("level", e.result.level), lang))
                    )
                elif isinstance(e.result, SoloResult):
                    key = "result.won" if e.result.won else "result.lost"
                    lines.append(t(key, lang, n=e.result.turns))
                    title = solo_title(after)
                    if title:
                        lines.append(
                            t("result.title", lang, title=t(dynamic_key("title", title), lang))
                        )
                    if hints:
                        lines.append(t("result.hints", lang, n=hints))
        return "\n".join(lines)

    # --- AI seats ---------------------------------------------------------------------------

    def signals(self, table: Table) -> list[tuple[str, str, str]]:
        """This turn's co-op signals: (seat, colour, Queue letter)."""
        stored = [
            (s["seat"], s["colour"], s["column"])
            for s in table.face.get("signals", [])
            if s.get("epoch") == table.epoch
        ]
        said = self.said.get(table.id, [])
        return stored + [
            (seat, colour, column)
            for epoch, seat, colour, column in said
            if epoch == table.epoch and (seat, colour, column) not in stored
        ]

    def ai_job(self, live: LiveTable, seat: Seat) -> tuple[Any, ...]:
        table = live.table
        me = POP.view(live.state, seat.id)
        return (
            POP.ai_move,
            me,
            table.settings.ai_level,
            seed_of(table.id, table.version, seat.id),
            self.signals(table),
        )

    def after_ai_move(
        self, api: TableAPI, live: LiveTable, seat: Seat, move: PopMove, before: PopState
    ) -> None:
        """A co-op AI says the colour it played and the column it hopes for (never a number),
        while others still have to choose."""
        table = live.table
        v = POP.view(before, seat.id)
        if not self.spec(table).cooperative or not seat.ai or len(v.chosen) + 1 >= len(v.seats):
            return
        said = pop_ai.announce(v, move)
        if said is None:
            return
        _, colour, column = said
        heard = [x for x in self.said.get(table.id, []) if x[0] == table.epoch]
        self.said[table.id] = [*heard, (table.epoch, seat.id, str(colour), column or "?")]
        api.background(
            self._signal(api, table.id, seat, str(colour), column or "?"), f"signal-{table.id}"
        )
        chosen = {*v.chosen, seat.id}
        if all(s.id in chosen for s in table.seats if s.ai):  # every AI seat has spoken
            api.background(self._ai_talk(api, table.id), f"talk-{table.id}")

    async def _signal(
        self, api: TableAPI, table_id: int, seat: Seat, colour: str, column: str
    ) -> None:
        def add(table: Table) -> None:
            table.face.setdefault("signals", []).append(
                {"seat": seat.id, "colour": colour, "column": column, "epoch": table.epoch}
            )

        table = await api.update_face(table_id, add)
        lang = table.lang()
        api.say(
            table_id,
            t(
                "signal.said",
                lang,
                name=seat.name,
                column=column,
                symbol=COLOUR_STYLE[colour].symbol,
                colour=t(dynamic_key("colour", colour), lang),
            ),
        )

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
        handler = {
            "hand": self._hand,
            "card": self._card,
            "confirm": self._confirm,
            "signal": self._signal_menu,
            "say": self._say,
            "hint": self._hint,
        }.get(verb)
        if handler is None:
            raise Refusal("refusal.stale")
        await handler(api, interaction, table_id, epoch, arg)

    async def _hand(
        self,
        api: TableAPI,
        interaction: discord.Interaction,
        table_id: int,
        epoch: int,
        _arg: str | None,
    ) -> None:
        """My hand: an ephemeral message with the hand picture and a button per card."""
        live = await api.live(table_id)
        seat = api.seat_for_play(live, interaction.user.id, epoch)
        await interaction.response.defer(ephemeral=True, thinking=True)
        if seat.ai:  # a human back from being away takes the seat again
            await api.take_seat_back(table_id, seat.id)
        await api.show_private(interaction, live, seat)

    async def _card(
        self,
        api: TableAPI,
        interaction: discord.Interaction,
        table_id: int,
        epoch: int,
        arg: str | None,
    ) -> None:
        card = int(arg) if arg is not None and arg.isdigit() and len(arg) <= 2 else 0
        live = await api.live(table_id)
        seat = api.seat_for_play(live, interaction.user.id, epoch)
        me = POP.view(live.state, seat.id)
        if card not in me.hand:
            raise Refusal("refusal.not_in_hand", card=arg if card == 0 else card)
        need = me.cards_to_choose
        if need == 1:
            await self._pick(api, interaction, live, seat, (card,))
            return
        key = (table_id, epoch, seat.id)
        for stale in [k for k in self.drafts if k[0] == table_id and k[1] != epoch]:
            del self.drafts[stale]  # drafts of turns gone by: memory stays flat
        draft = self.drafts.setdefault(key, [])
        if card in draft:
            draft.remove(card)
        elif len(draft) < need:
            draft.append(card)
        else:
            raise Refusal("refusal.too_many", n=need)
        await self._redraw_here(api, interaction, live, seat)

    async def _confirm(
        self,
        api: TableAPI,
        interaction: discord.Interaction,
        table_id: int,
        epoch: int,
        _arg: str | None,
    ) -> None:
        live = await api.live(table_id)
        seat = api.seat_for_play(live, interaction.user.id, epoch)
        need = POP.view(live.state, seat.id).cards_to_choose
        draft = self.drafts.get((table_id, epoch, seat.id), [])
        if len(draft) != need:
            raise Refusal("refusal.pick_count", n=need)
        await self._pick(api, interaction, live, seat, tuple(draft))

    async def _pick(
        self,
        api: TableAPI,
        interaction: discord.Interaction,
        live: LiveTable,
        seat: Seat,
        cards: PopMove,
    ) -> None:
        table_id, epoch = live.table.id, live.table.epoch
        await api.play(interaction, table_id, epoch, cards)
        self.drafts.pop((table_id, epoch, seat.id), None)
        await self._redraw_here(api, interaction, await api.live(table_id), seat)

    async def _redraw_here(
        self, api: TableAPI, interaction: discord.Interaction, live: LiveTable, seat: Seat
    ) -> None:
        """Answer a click on the hand by redrawing that very message. One redraw at a time
        per hand, each from the latest state, so an older picture never lands last."""
        await interaction.response.defer()
        key = (live.table.id, seat.id)
        lock = self.redrawing.setdefault(key, asyncio.Lock())
        async with lock:
            live = await api.live(live.table.id)
            post = await asyncio.to_thread(self.private_post, live, seat, live.table.lang())
            with contextlib.suppress(discord.HTTPException):
                await interaction.edit_original_response(
                    content=post.content,
                    attachments=picture_files(post),
                    view=api.view_for(live.table, post),
                )
        if not lock.locked() and not lock._waiters:  # nobody else waits: forget it
            self.redrawing.pop(key, None)

    async def _signal_menu(
        self,
        api: TableAPI,
        interaction: discord.Interaction,
        table_id: int,
        epoch: int,
        _arg: str | None,
    ) -> None:
        """Signal: a private menu of the colours this seat holds, each with a Queue letter."""
        live = await api.live(table_id)
        seat = api.seat_for_play(live, interaction.user.id, epoch)
        lang = live.table.lang()
        held = [
            COLOUR_NAMES[c] for c in sorted({COLOUR[c] for c in POP.view(live.state, seat.id).hand})
        ]
        menu = Select(
            "say",
            t("signal.placeholder", lang),
            tuple(
                (
                    f"{COLOUR_STYLE[c].symbol} {t(dynamic_key('colour', c), lang)} → {letter}",
                    f"{c}:{letter}",
                )
                for c in held
                for letter in "ABCDE"
            ),
        )
        post = Post(t("signal.choose", lang), controls=[menu])
        await interaction.response.send_message(
            post.content,
            ephemeral=True,
            view=api.view_for(live.table, post) or discord.utils.MISSING,
        )

    async def _say(
        self,
        api: TableAPI,
        interaction: discord.Interaction,
        table_id: int,
        epoch: int,
        value: str | None,
    ) -> None:
        colour, _, column = (value or "").partition(":")
        live = await api.live(table_id)
        seat = api.seat_for_play(live, interaction.user.id, epoch)
        held = {COLOUR_NAMES[COLOUR[c]] for c in POP.view(live.state, seat.id).hand}
        if colour not in held or column not in COLUMN_LETTERS:
            raise Refusal("refusal.stale")
        await interaction.response.edit_message(
            content=t("signal.sent", live.table.lang()), view=None
        )
        await self._signal(api, table_id, seat, colour, column)
        api.background(self._ai_talk(api, table_id), f"talk-{table_id}")

    async def _ai_talk(self, api: TableAPI, table_id: int) -> None:
        """Co-op: AI seats act as soon as a turn opens, each hearing the seats before it. Once
        they all have spoken, and whenever a person signals, those that already picked think
        again with everything said (picks may change until the last one): rounds, until one
        changes nothing, at most `TALK_ROUNDS` picks in all, as `bench ai` measures them."""
        epoch = (await api.live(table_id)).table.epoch
        for _ in range(pop_ai.TALK_ROUNDS - 1):
            if not await self._ai_hear(api, table_id, epoch):
                return

    async def _ai_hear(self, api: TableAPI, table_id: int, epoch: int) -> bool:
        """One round: each AI seat that picked this turn (`epoch`) thinks again; a changed pick
        is played and announced. True when a pick changed."""
        changed = False
        live = await api.live(table_id)
        table = live.table
        for seat in table.seats:
            if (
                table.status != "playing"
                or table.epoch != epoch
                or not self.spec(table).cooperative
            ):
                return False  # the turn was revealed meanwhile
            mine = POP.view(live.state, seat.id)
            if not seat.ai or not mine.my_choice:
                continue
            fn, *args = self.ai_job(live, seat)
            move = tuple(await api.ai_think(fn, *args))
            if move == mine.my_choice:
                continue
            applied = await api.play(
                None, table_id, table.epoch, move, seat=seat, version=table.version
            )
            if applied is None:  # the table moved on meanwhile
                return False
            changed = True
            said = pop_ai.announce(mine, move)
            if said is not None:
                await self._signal(api, table_id, seat, str(said[1]), said[2] or "?")
            live = await api.live(table_id)
            table = live.table
        return changed

    async def _hint(
        self,
        api: TableAPI,
        interaction: discord.Interaction,
        table_id: int,
        epoch: int,
        _arg: str | None,
    ) -> None:
        """Solo: the hard AI's pick for this turn, shown only to the player, and counted."""
        live = await api.live(table_id)
        seat = api.seat_for_play(live, interaction.user.id, epoch)
        await interaction.response.defer(ephemeral=True, thinking=True)
        me = POP.view(live.state, seat.id)
        cards = await api.ai_think(
            POP.ai_move, me, "hard", seed_of("hint", table_id, live.table.version)
        )

        def count(table: Table) -> None:
            table.face["hints"] = {str(table.games): hints_of(table) + 1}

        table = await api.update_face(table_id, count)
        await interaction.followup.send(
            t("hint.text", table.lang(), cards=", ".join(map(str, cards)), n=hints_of(table)),
            ephemeral=True,
        )

    # --- The game around the moves ------------------------------------------------------------

    def game_started(self, api: TableAPI, live: LiveTable) -> None:
        table = live.table
        if self.spec(table).cooperative:
            reads_chat = api.client.intents.message_content
            api.say(table.id, t("talk.rule" if reads_chat else "talk.honour", table.lang()))

    async def on_chat(self, api: TableAPI, live: LiveTable, message: discord.Message) -> None:
        """§6 table talk: a seated player's message that reveals a number is removed (or
        answered with a reminder), and its author is reminded privately. Spectators may say
        anything; colours and Queue letters always pass."""
        table = live.table
        if (
            not self.spec(table).cooperative
            or table.seat_of_user(message.author.id) is None
            or not reveals_numbers(message.content)
        ):
            return
        lang = table.lang()
        name = message.author.display_name
        removed = False
        assert message.guild is not None
        assert isinstance(message.channel, (discord.abc.GuildChannel, discord.Thread))
        if message.channel.permissions_for(message.guild.me).manage_messages:
            with contextlib.suppress(discord.HTTPException):
                await message.delete()
                removed = True
        log.info("table %s: a message revealing a number (removed: %s)", table.id, removed)
        with contextlib.suppress(discord.HTTPException):  # DMs may be closed: the rest stands
            await message.author.send(
                t("talk.private_removed" if removed else "talk.private", lang, id=table.id)
            )
        if removed:
            api.say(table.id, t("talk.removed", lang, name=name))
        else:
            with contextlib.suppress(discord.HTTPException):
                await message.reply(t("talk.reminder", lang, name=name), mention_author=False)

    # --- Stats ------------------------------------------------------------------------------

    def outcome_details(self, live: LiveTable, outcome: Outcome) -> dict[str, Any]:
        table = live.table
        details = dict(outcome.seats[0].details) if outcome.seats else {}
        spec = MODES[outcome.mode]
        if spec.one_turn:
            details["puzzle"] = self.options(table).puzzle_id
            details["daily"] = table.face.get("daily")
        if spec.refills:
            details["hints"] = hints_of(table)
        return details

    def stats_lines(
        self, rows: Sequence[tuple[str, bool, int, dict[str, Any]]], lang: str
    ) -> list[str]:
        """Average set score (competitive and Trick), best co-op level, solo wins per
        difficulty, Enigmas solved."""
        lines = []
        scored = [
            (int(d.get("sets", 1)), score) for mode, _, score, d in rows if MODES[mode].competitive
        ]
        sets = sum(s for s, _ in scored)
        if sets:
            lines.append(t("stats.average", lang, score=round(sum(s for _, s in scored) / sets, 1)))
        levels = [
            d.get("level") for mode, _, _, d in rows if MODES[mode].cooperative and d.get("level")
        ]
        if levels:
            best = max(levels, key=COOP_LEVELS.index)
            lines.append(t("stats.coop", lang, level=t(dynamic_key("level", str(best)), lang)))
        solo: dict[int, int] = {}
        for mode, won, _, d in rows:
            if MODES[mode].difficulties and won and d.get("difficulty"):
                solo[int(d["difficulty"])] = solo.get(int(d["difficulty"]), 0) + 1
        for difficulty, wins in sorted(solo.items()):
            lines.append(t("stats.solo", lang, n=wins, difficulty=difficulty))
        solved = {d.get("puzzle") for mode, won, _, d in rows if MODES[mode].one_turn and won}
        lines.append(t("stats.enigmas", lang, n=len(solved)))
        return lines
