"""The renderer, called off the event loop: drawing and PNG encoding run in worker threads."""

from __future__ import annotations

import asyncio
import io

import discord

from engine.pop.view import TableView
from render import pictures as render
from render.pictures import Picture
from render.scene import Frame


async def hand(cards, selected=()) -> Picture:
    return await asyncio.to_thread(render.hand_picture, list(cards), tuple(selected))


async def board(view_: TableView, names: dict[str, str]) -> Picture:
    return await asyncio.to_thread(render.board_picture, view_, names)


async def results(view_: TableView, names: dict[str, str]) -> Picture:
    return await asyncio.to_thread(render.results_picture, view_, names)


def _draw_steps(view_before: TableView, events: list, names: dict[str, str],
                start: int) -> list[tuple[Frame, Picture]]:
    frames = render.step_frames(view_before, events, names)
    return [(f, render.frame_picture(f)) for f in frames[start:]]


async def steps(view_before: TableView, events: list, names: dict[str, str],
                start: int = 0) -> list[tuple[Frame, Picture]]:
    """The step pictures of a resolved turn, from step `start` on, with their frames."""
    return await asyncio.to_thread(_draw_steps, view_before, events, names, start)


def discord_file(picture: Picture) -> discord.File:
    """The picture as a Discord attachment, its alt text as the description."""
    return discord.File(io.BytesIO(picture.png), filename=picture.filename,
                        description=picture.alt)
