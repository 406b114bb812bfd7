"""A table in a channel: lobby, options, seats, and the game once it starts.

This is the bot's own bookkeeping around the engine's PopState: who sits where, which messages
show the table, what the outbox still has to post. It is stored as one JSON document per table.
"""

from __future__ import annotations

import time
from typing import Literal

from pydantic import BaseModel, Field

from engine.pop.game import SEAT_RANGE
from engine.pop.state import PopState

Status = Literal["lobby", "playing", "finished", "cancelled"]
ACTIVE: tuple[Status, ...] = ("lobby", "playing")


class HandMessage(BaseModel):
    """A seat's ephemeral hand message; editable through its interaction token for 15 minutes."""

    application_id: int
    token: str
    message_id: int
    created: float  # time.time() when the interaction was received

    def editable(self, now: float | None = None) -> bool:
        # Discord's interaction tokens live 15 minutes; keep a minute of margin.
        return (now or time.time()) - self.created < 14 * 60


class Seat(BaseModel):
    id: str  # the engine's seat name: a Discord user id, or "ai-N"
    user_id: int | None = None  # None for an AI seat
    name: str
    ai: bool = False  # an AI plays this seat (an AI chair, or a human away too long)
    timeouts: int = 0  # turns in a row the timer chose for this seat
    autoplay_epoch: int | None = None  # the AI picks for this seat in this epoch (time ran out)
    draft: list[int] = Field(default_factory=list)  # cards picked but not confirmed yet
    hand: HandMessage | None = None


class Signal(BaseModel):
    """Cooperative: a seat says which colour it holds and the Queue letter it would like."""

    seat: str
    colour: str
    column: str


class Options(BaseModel):
    mode: Literal["competitive", "trick", "coop", "solo", "enigma"] = "competitive"
    sets: int = Field(3, ge=1, le=3)
    two_player_variant: bool | None = None  # None: the rules' default (on for two people)
    turn_timer: int = Field(120, ge=0)  # seconds; 0 turns the timer off
    language: str | None = None
    difficulty: int = Field(1, ge=1, le=4)  # solo starting rows
    ai_level: Literal["easy", "normal", "hard"] = "normal"


class Reveal(BaseModel):
    """A resolved turn whose step pictures are still being posted: replayable after a restart,
    because the engine is deterministic (the state before the last pick, and that pick)."""

    before: PopState
    seat: str
    cards: list[int]
    posted: int = 0  # step pictures already posted


class Table(BaseModel):
    id: int = 0
    guild_id: int
    channel_id: int  # where /pop new was run
    thread_id: int | None = None  # the table's own thread (None: it plays in the channel)
    host_id: int
    locale: str = "en"  # the server's language, when the table has no language option
    status: Status = "lobby"
    options: Options = Field(default_factory=Options)
    seats: list[Seat] = Field(default_factory=list)
    version: int = 0  # bumped by every accepted action
    epoch: int = 0  # bumped when buttons go stale: start, each new turn, the end
    game: PopState | None = None
    lobby_message_id: int | None = None
    turn_message_id: int | None = None
    turn_deadline: float | None = None  # time.time() when the turn timer runs out
    warned: bool = False  # the "time is nearly up" warning for this turn is out
    reveals: list[Reveal] = Field(default_factory=list)  # oldest first
    paused: str | None = None  # why the table cannot post (lost permission, deleted thread)
    signals: list[Signal] = Field(default_factory=list)  # cooperative: this turn's signals
    hints: int = 0  # solo: hints asked for in this game
    games: int = 0  # games dealt at this table (rematches count)
    private: bool = False  # Enigma: played in the player's own ephemeral messages
    puzzle_id: str | None = None  # Enigma: the puzzle of the pack
    daily: str | None = None  # Enigma: the day (UTC) when this is the daily puzzle

    @property
    def where(self) -> int:
        """The channel the table posts to."""
        return self.thread_id or self.channel_id

    def seat_of_user(self, user_id: int) -> Seat | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    def seat(self, seat_id: str) -> Seat:
        return next(s for s in self.seats if s.id == seat_id)

    def names(self) -> dict[str, str]:
        return {s.id: s.name for s in self.seats}

    def seat_limits(self) -> tuple[int, int]:
        return SEAT_RANGE[self.options.mode]

    def is_full(self) -> bool:
        return len(self.seats) >= self.seat_limits()[1]

    def next_ai_id(self) -> str:
        taken = {s.id for s in self.seats}
        return next(f"ai-{n}" for n in range(1, 10) if f"ai-{n}" not in taken)


class SeatResult(BaseModel):
    user_id: int
    won: bool
    sets: int
    score: int  # explosion symbols over the whole game
    level: str | None = None  # cooperative
    difficulty: int | None = None  # solo


class EnigmaTry(BaseModel):
    user_id: int
    puzzle_id: str
    day: str  # UTC date, YYYY-MM-DD
    daily: bool
    solved: bool


class Outcome(BaseModel):
    """A finished game, as the stats keep it (human seats only)."""

    table_id: int
    game_no: int
    guild_id: int
    mode: str
    results: list[SeatResult] = Field(default_factory=list)
    enigma: EnigmaTry | None = None
