"""Every click answered within Discord's 3 seconds, even when the bot is overloaded.

A click that changes the game is answered only after its move is committed (a choice a player
was told was taken is never lost). Under overload a commit can wait longer than Discord waits
for an answer, and the player would see "This interaction failed". `answer_in_time` gives the
click a stand-in for `interaction.response`: if nothing has answered by `DEFER_AFTER` seconds
after the click, it acknowledges the click (a deferred update: nothing shown), and the answer
that follows goes out as an edit of the clicked message or a followup instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

import discord

from bot.model.posts import Refusal
from bot.texts.i18n import resolve, t

log = logging.getLogger("pop.prompt")

DEFER_AFTER = 2.0  # seconds after the click: Discord's limit is 3, the defer itself takes time


class PromptResponse:
    """`interaction.response` with a deadline: the same calls, made good after an automatic
    defer. Calls are serialised, so the defer and a late answer never race."""

    def __init__(self, interaction: discord.Interaction, real: discord.InteractionResponse) -> None:
        self._interaction = interaction
        self._real = real
        self._lock = asyncio.Lock()
        self.deferred_for_us = False

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)

    def is_done(self) -> bool:
        return self._real.is_done()

    async def defer_in_time(self) -> None:
        async with self._lock:
            if self._real.is_done():
                return
            try:
                await self._real.defer()
            except discord.HTTPException as e:
                log.info("a slow click could not be acknowledged (%s)", e.status)
                return
            self.deferred_for_us = True
            log.info("a click waited %.1f s: acknowledged, its answer follows", DEFER_AFTER)

    async def defer(self, **kwargs: Any) -> Any:
        async with self._lock:
            if self.deferred_for_us:
                return None
            return await self._real.defer(**kwargs)

    async def send_message(self, content: Any = None, **kwargs: Any) -> Any:
        async with self._lock:
            if not self.deferred_for_us:
                return await self._real.send_message(content, **kwargs)
        kwargs.pop("delete_after", None)
        return await self._interaction.followup.send(content, **kwargs)

    async def send_modal(self, modal: discord.ui.Modal) -> Any:
        async with self._lock:  # never racing the defer (too late for a modal, then)
            return await self._real.send_modal(modal)

    async def edit_message(self, **kwargs: Any) -> Any:
        async with self._lock:
            if not self.deferred_for_us:
                return await self._real.edit_message(**kwargs)
        kwargs.pop("delete_after", None)
        kwargs.pop("suppress_embeds", None)
        return await self._interaction.edit_original_response(**kwargs)


@contextlib.asynccontextmanager
async def answer_in_time(interaction: discord.Interaction) -> AsyncIterator[PromptResponse]:
    """The click's answer, in time whatever the block waits on: answer through what it yields."""
    prompt = PromptResponse(interaction, interaction.response)
    waited = (datetime.now(UTC) - interaction.created_at).total_seconds()

    async def watch() -> None:
        await asyncio.sleep(max(0.0, DEFER_AFTER - waited))
        await prompt.defer_in_time()

    watcher = asyncio.create_task(watch(), name=f"answer-in-time-{interaction.id}")
    try:
        yield prompt
    finally:
        watcher.cancel()


async def refuse(
    interaction: discord.Interaction, no: Refusal, answered: bool | None = None
) -> None:
    """A private no, in the clicker's language (a followup when the press was answered)."""
    text = t(no.key, resolve(interaction.locale), **no.values)
    done = interaction.response.is_done() if answered is None else answered
    try:
        if done:
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException as e:
        log.info("could not answer a refused click (%s)", e.status)
