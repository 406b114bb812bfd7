"""A tournament as it is stored (`/tournament new`, issue 36): its settings, its players, the
rounds seated so far and the games they finished. Pure: what a round is seated from and what
the standings count (`bot.model.tournament`) is read from here.

Its life: signup (Join, Leave; the host's Start) → playing (a round's tables open, the next
paired once every table of it has finished) → ended (the last round done, or the host
stopped it: `stopped`).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from .tournament import AI, Played, Seating, Standing, next_seating, places, standings, still_in

Stage = Literal["signup", "playing", "ended"]
Format = Literal["swiss", "round_robin", "elimination"]


class Round(BaseModel):
    """One round as it was seated: its tables (user ids, AI for an AI seat) and its byes."""

    tables: list[list[int]]
    byes: list[int] = Field(default_factory=list)


class Game(BaseModel):
    """A finished game of a tournament table: each seat's place, in seat order."""

    round_no: int
    table_no: int
    seats: list[int]  # user ids, AI for an AI seat
    places: list[int]


class Tournament(BaseModel):
    id: int = 0
    guild_id: int
    channel_id: int  # where its one message is, beside its tables' threads
    host_id: int
    game: str
    mode: str
    options: dict[str, object] = Field(default_factory=dict)
    format: Format = "swiss"
    rounds: int
    timer: int  # each table's turn timer, seconds
    seats: int  # the table size
    smallest: int  # the fewest seats at a table: AI seats fill a shorter one
    ai_level: str = "easy"
    locale: str = "en"
    stage: Stage = "signup"
    stopped: bool = False  # the host stopped it before its last round
    players: list[int] = Field(default_factory=list)  # in the order they joined: the seeding
    names: dict[int, str] = Field(default_factory=dict)  # their display names at sign-up
    dropped: list[int] = Field(default_factory=list)
    seated: list[Round] = Field(default_factory=list)  # round k is seated[k - 1]
    games: list[Game] = Field(default_factory=list)
    announced: int = 0  # the last round whose ping (each player with their table) is out
    message_id: int | None = None  # its one message: the sign-up, then the standings
    shown: str = ""  # what that message shows (an edit only when it changes)

    @property
    def round_no(self) -> int:
        return len(self.seated)

    def played(self) -> list[Played]:
        """The finished games as the standings count them."""
        return [
            Played(
                g.round_no,
                {u: p for u, p in zip(g.seats, g.places, strict=True) if u != AI},
                tuple(p for u, p in zip(g.seats, g.places, strict=True) if u == AI),
            )
            for g in self.games
        ]

    def byes(self) -> dict[int, int]:
        counted: dict[int, int] = {}
        for seated in self.seated:
            for user in seated.byes:
                counted[user] = counted.get(user, 0) + 1
        return counted

    def standings(self) -> list[Standing]:
        return standings(self.players, self.played(), self.byes())

    def place_of(self, user_id: int) -> int | None:
        """A player's place in the standings (as its message lists them); None: not a player."""
        ranked = self.standings()
        found = {row.user_id: place for place, row in zip(places(ranked), ranked, strict=True)}
        return found.get(user_id)

    def finished(self, round_no: int, table_no: int) -> bool:
        return any((g.round_no, g.table_no) == (round_no, table_no) for g in self.games)

    def round_over(self) -> bool:
        """Has every table of the current round finished its game?"""
        tables = self.seated[-1].tables if self.seated else []
        return all(self.finished(self.round_no, k) for k in range(len(tables)))

    def contenders(self) -> list[int]:
        """Those who may still be seated: all but the dropped (a single elimination's: the
        players who lost no duel)."""
        if self.format == "elimination":
            return still_in(self.players, self.dropped, self.played())
        return [p for p in self.players if p not in self.dropped]

    def last_round(self) -> bool:
        return self.round_no >= self.rounds or len(self.contenders()) < 2

    def winners(self) -> list[int]:
        """Its winners once it is over: a single elimination's last player in; else those level
        with the first on points and Buchholz."""
        if self.format == "elimination":
            return self.contenders()[:1]
        ranked = self.standings()
        best = [(r.points, r.buchholz) for r in ranked[:1]]
        return [r.user_id for r in ranked if [(r.points, r.buchholz)] == best and r.games]

    def seat_next_round(self) -> Seating:
        """The next round, seated (and kept)."""
        seating = next_seating(
            self.format,
            self.players,
            self.dropped,
            self.round_no + 1,
            self.played(),
            (self.seats, self.smallest),
        )
        self.seated.append(Round(tables=[list(t) for t in seating.tables], byes=list(seating.byes)))
        return seating
