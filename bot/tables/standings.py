"""A challenge's one standings message: posted once in its channel, then edited in place
(never posted again) whenever what it says changes, after each finished entry and at the end,
when it reveals the secret. What it says is `bot.model.challenge_text`'s; the results are read
from the database (`game_results`, through the challenge's entries; a group's members from
its table's seats)."""

from __future__ import annotations

import logging
from collections.abc import Callable

import discord

from bot.model.challenge import (
    Challenge,
    ChallengeKind,
    EntryResult,
    Group,
    group_standings,
    standings,
)
from bot.model.challenge_text import standings_text
from bot.model.posts import Button
from bot.model.table import ACTIVE
from bot.storage.store import SqlStore
from bot.texts.i18n import t

from .keyed_locks import KeyedLocks
from .notice_board import show_in_place

log = logging.getLogger("pop.challenges")


class StandingsMessage:
    def __init__(
        self,
        store: SqlStore,
        client: discord.Client,
        kind: Callable[[Challenge], ChallengeKind],
    ) -> None:
        self.store = store
        self.client = client
        self.kind = kind  # the challenge's kind, as its game declares it
        self.shown = KeyedLocks()  # one standings edit at a time, a challenge

    async def refresh(self, challenge_id: int) -> None:
        """The standings message as the results stand: posted once, then edited in place, and
        only when its text changes."""
        async with self.shown.one_at_a_time(challenge_id):
            challenge = await self.store.challenge(challenge_id)
            if challenge is None or challenge.daily is not None:
                return
            text = await self._text(challenge)
            if text != challenge.shown or challenge.message_id is None:
                message_id = await self._show(challenge, text)
                if message_id is None:
                    return
            else:
                message_id = challenge.message_id
            if (message_id, text) == (challenge.message_id, challenge.shown) and (
                challenge.stage == "open"
            ):
                return  # nothing new to show or to note
            challenge.message_id, challenge.shown = message_id, text
            if challenge.stage == "ending":
                challenge.stage = "ended"  # the reveal is out
            await self.store.save_challenge(challenge)

    async def _text(self, challenge: Challenge) -> str:
        results = await self.store.challenge_results(challenge.id)
        kind = self.kind(challenge)
        if kind.group:
            return await self._groups_text(challenge, kind, results)
        entries = await self.store.entry_tables(challenge.id)
        unfinished = [user for user, _ in entries] if challenge.stage != "open" else []
        ranked = standings(kind, results, unfinished)
        playing = len({u for u, _ in entries} - {r.user_id for r in results})
        return standings_text(challenge, ranked, playing, challenge.locale)

    async def _groups_text(
        self, challenge: Challenge, kind: ChallengeKind, results: list[EntryResult]
    ) -> str:
        """A challenge played in groups: each group's table ranked once, its members listed
        (a group that has not finished is still playing, or unfinished once it is over)."""
        tables = await self.store.challenge_tables(challenge.id)
        groups = [Group(tb.id, tuple(s.user_id or s.name for s in tb.seats)) for tb in tables]
        over = challenge.stage != "open"
        ranked = group_standings(kind, groups, results, over)
        done = {r.table_id for r in results}
        playing = len([tb for tb in tables if tb.status in ACTIVE and tb.id not in done])
        return standings_text(challenge, ranked, playing, challenge.locale, group=True)

    async def _show(self, challenge: Challenge, text: str) -> int | None:
        """The standings message posted, or edited in place; its id (None: Discord refused)."""
        controls = [] if challenge.stage != "open" else [self._play_button(challenge)]
        return await show_in_place(
            self.client,
            (challenge.guild_id, challenge.channel_id),
            ("challenge", challenge.id, challenge.game),
            challenge.message_id,
            text,
            controls,
        )

    def _play_button(self, challenge: Challenge) -> Button:
        return Button("play", t("challenge.play", challenge.locale), "success")
