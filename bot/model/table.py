"""A table in a channel, for any game: lobby, seats, settings, and the bookkeeping around the
game's state (which messages show the table, the turn timer, what is paused).

The game's own state is not in here: it lives beside the table (`LiveTable.state`), stored in
its own column as the game dumps it, and is rebuilt from the table's moves when needed. A game's
Discord face may keep a little data of its own in `face` (JSON), e.g. Pop's co-op signals.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, Field

from bot.texts.markdown import literal
from engine import fair

Status = Literal["lobby", "playing", "finished", "cancelled"]
ACTIVE: tuple[Status, ...] = ("lobby", "playing")
AiLevel = Literal["easy", "normal", "hard", "expert"]
MAX_TIMER = 72 * 3600  # seconds: the longest turn timer a table may have
LONG_TIMER = 3600  # from an hour on, a turn is reminded at half its time, not just before its end


class PrivateMessage(BaseModel):
    """A seat's ephemeral message (Pop's hand); editable through its interaction token for
    15 minutes."""

    application_id: int
    token: str
    message_id: int
    created: float  # time.time() when the interaction was received

    def editable(self, now: float | None = None) -> bool:
        # Discord's interaction tokens live 15 minutes; keep a minute of margin.
        return (now or time.time()) - self.created < 14 * 60


class Seat(BaseModel):
    id: str  # the game's seat name: a Discord user id, or "ai-N"
    user_id: int | None = None  # None for an AI seat
    name: str
    # The id Discord gave the interaction that seated it (the host's `/… new`, a Join, an Add
    # AI): an input of the deal the bot cannot choose (docs/fair-deals.md). None: seated before.
    joined: int | None = None
    ai: bool = False  # an AI plays this seat (an AI chair, or a human away too long)
    timeouts: int = 0  # turns in a row the timer chose for this seat
    autoplay_epoch: int | None = None  # the AI acts for this seat in this epoch (time ran out)
    # Its person was already away (left, or the AI had taken over) when this game was dealt:
    # the game is not rated for them, unless they come back to their seat.
    away_at_deal: bool = False
    private: PrivateMessage | None = None

    @property
    def text_name(self) -> str:
        """The name as a message's text shows it: as written, never as Markdown."""
        return literal(self.name)


class FairDeal(BaseModel):
    """A game's verifiable deal (docs/fair-deals.md, `bot.model.fair`): the secret seed, committed to
    before the ids it is dealt with exist, and once dealt those ids. The secret stays in the
    table's row until the game is over: no post, picture or log line shows it."""

    secret: str  # 32 bytes, hex
    joins: list[int] = Field(default_factory=list)  # the seats' join ids at the deal, in order
    start: int | None = None  # the Start (or Rematch) interaction's id; None: not dealt yet

    @property
    def commitment(self) -> str:
        """SHA-256 of the secret seed, hex: what the table shows before the deal."""
        return fair.commitment(bytes.fromhex(self.secret))


class TournamentTable(BaseModel):
    """A table of a tournament (`bot.model.tournament_state`): its place in a round."""

    id: int
    round_no: int
    table_no: int


class TableSettings(BaseModel):
    """What every table has, whatever its game."""

    turn_timer: int = Field(120, ge=0, le=MAX_TIMER)  # seconds; 0 turns the timer off
    ai_level: AiLevel = "normal"
    language: str | None = None  # None: the server's language
    # Every seat may ask the expert for its move (a Hint button, `bot.tables.hints`); such a
    # table's games are never rated (`bot.ratings.rules.entries`).
    hints: bool = False


class Table(BaseModel):
    id: int = 0
    game: str  # the game's key: "pop", "coloretto", …
    guild_id: int
    channel_id: int  # where the table was opened
    thread_id: int | None = None  # the table's own thread (None: it plays in the channel)
    host_id: int
    locale: str = "en"  # the server's language, when the table has no language option
    status: Status = "lobby"
    settings: TableSettings = Field(default_factory=TableSettings)
    options: dict[str, Any] = Field(default_factory=dict)  # the game's options model, dumped
    seats: list[Seat] = Field(default_factory=list)
    # People the host took away (/table remove): they stay away from this table, its lobby,
    # its game and its rematches (an AI plays a seat taken from a game).
    removed: list[int] = Field(default_factory=list)
    version: int = 0  # bumped by every accepted change
    epoch: int = 0  # bumped when buttons go stale: start, each new turn, the end
    games: int = 0  # games dealt at this table (rematches count); the current game's number
    seed: int = 0  # the current game's seed: with its moves, it replays the game
    fair: FairDeal | None = None  # the current game's (None: dealt before fair deals, private)
    fair_next: FairDeal | None = None  # committed when a game ends: its rematch's
    moves: int = 0  # moves applied in the current game
    private: bool = False  # played in its player's own ephemeral messages (Pop's Enigma)
    challenge: int | None = None  # a member's entry in this challenge (`bot.model.challenge`)
    # A challenge's group: exactly this many seats (the challenge's deal has one join id a
    # seat), whatever the game's mode allows. None: the mode's own seat range.
    group_seats: int | None = None
    tournament: TournamentTable | None = None  # a table a tournament's round opened
    lobby_message_id: int | None = None
    turn_message_id: int | None = None
    turn_message_epoch: int | None = None  # the epoch that message shows (older: post anew)
    turn_reposts: int = 0  # times a turn's deleted message was posted again (a new nonce each)
    # The step captions the turn's message shows above the turn's text, by the move that
    # brought them: the bot's own record of what it laid out (Discord's text is never read
    # back), so its text edits keep them, after a restart too.
    turn_captions: list[tuple[int, str]] = Field(default_factory=list)
    # Messages whose buttons are owed a removal (their turn is over): kept with the table, so
    # that the edit is made after a restart too, or once a tight request budget relaxes.
    owed_edits: list[int] = Field(default_factory=list)
    # A move within the turn (a seat chose) left the turn message's text behind ("who has
    # chosen"): stored with the move, so the edit is made after a restart too; cleared when a
    # message showing it is out, or a new turn begins.
    text_owed: bool = False
    turn_deadline: float | None = None  # when the turn timer runs out (private: when it ends)
    warned: bool = False  # the reminder of this turn (or the "nearly up" warning) is out
    expired: bool = False  # this turn's time ran out: the AI acts for whoever had not
    paused: str | None = None  # why the table cannot post (lost permission, deleted thread)
    face: dict[str, Any] = Field(default_factory=dict)  # the game face's own data
    # The seed each finished game replays from, by the game's number: its Replay rebuilds the
    # record from its stored moves (`bot.tables.replays`). The latest `KEPT_REPLAYS` games'.
    replays: dict[int, int] = Field(default_factory=dict)

    @property
    def where(self) -> int:
        """The channel the table posts to."""
        return self.thread_id or self.channel_id

    def visible_to(self, user_id: int) -> bool:
        """May this person's `/table` commands reach the table? A private game is its
        player's alone."""
        return not self.private or self.host_id == user_id

    def seat_of_user(self, user_id: int) -> Seat | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    def seat(self, seat_id: str) -> Seat:
        return next(s for s in self.seats if s.id == seat_id)

    def names(self) -> dict[str, str]:
        """Each seat's name as message texts show it (Markdown escaped: `Seat.text_name`)."""
        return {s.id: s.text_name for s in self.seats}

    def plain_names(self) -> dict[str, str]:
        """Each seat's name as written, for what is not Markdown: pictures and their alt
        texts, button and menu labels."""
        return {s.id: s.name for s in self.seats}

    def next_ai_id(self) -> str:
        taken = {s.id for s in self.seats}
        return next(f"ai-{n}" for n in range(1, 100) if f"ai-{n}" not in taken)

    def lang(self) -> str:
        """A table speaks its language option, else the server's."""
        return self.settings.language or self.locale

    def reminder_at(self) -> float | None:
        """When the seats still to act are reminded: at half the time from an hour on, else
        shortly before the end (a quarter of the time, at most 30 s)."""
        timer, deadline = self.settings.turn_timer, self.turn_deadline
        if not timer or deadline is None:
            return None
        return deadline - (timer / 2 if timer >= LONG_TIMER else min(30.0, timer / 4))

    def next_wake(self) -> float | None:
        """The next moment the turn timer needs this table (stored with it: the scheduler
        reads the next ones from the database), or None."""
        if self.status != "playing" or self.turn_deadline is None or self.expired:
            return None
        remind = self.reminder_at()
        return remind if remind is not None and not self.warned else self.turn_deadline


@dataclass
class Pending:
    """A move whose posts are not all out yet: its events, computed once when it was applied
    (or, after a restart, replayed from the stored moves), and the states around it. The states
    are the game's own: the table layer only hands them back to the game's face."""

    game_no: int
    seq: int  # the move's number in its game
    before: object
    events: list[object]
    after: object
    new_turn: bool = True  # the move began a new turn (the older turn's message is over)
    epoch: int | None = None  # the table's epoch when the move was made: the turn it was in


@dataclass
class LiveTable:
    """A table with its game's state, as the table layer holds it in memory."""

    table: Table
    state: object = None  # the game's state, its face's to read (None in the lobby)
    pending: dict[int, Pending] = field(default_factory=dict)  # move number → its posts to do
    closed: bool = False  # drawn as a turn that is over (every seat chose): its last words
    touched: float = 0.0  # when a click, a move or a timer last had it (the idle sweep reads it)

    def as_now(self) -> LiveTable:
        """The table as it is now, kept still: a drawing in a worker thread reads this, as a
        move made meanwhile replaces the held one's table and state (a turn's text once showed
        the next round over the last round's message)."""
        return LiveTable(self.table, self.state, dict(self.pending), self.closed, self.touched)


@dataclass
class TableEdit:
    """A table being changed under its lock: `table` is a copy, `live` the current one."""

    live: LiveTable
    table: Table
