"""A rating and how one game moves it: openskill's Plackett-Luce model, the number players read,
and the uncertainty that grows with time away.

Pure: no database, no Discord. `bot.ratings.rules` places a finished game's seats; this module
turns the places into new ratings; `bot.ratings.rows` keeps them.

The number shown follows the skill estimate mu, not the conservative figure mu - 3 sigma (which
mostly counted games played: two equal players alternating wins climbed for ever as sigma
shrank). It is 1500 + 30 x (mu - 25): a newcomer shows 1500, and 30 points a unit of mu make a
gap read as in chess once ratings are settled (Plackett-Luce gives the higher of two players
the logistic of their gap over c, c -> sqrt(2) beta as sigmas shrink; 400 / (ln 10 x sqrt(2) x
25/6) = 29.5, so 200 points apart the higher wins about 3 games in 4). While sigma is high
the number is provisional, marked "?" as lichess marks it; the leaderboard ranks only settled
ratings.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from openskill.models import PlackettLuce

MODEL = PlackettLuce()  # openskill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300 a game
Z = 3.0  # the conservative rating ("ordinal") is mu - Z * sigma, as openskill's ordinal()
SHOWN_BASE = 1500
SHOWN_PER_MU = 30  # see above: a 200-point gap between settled players reads as in chess
# Settled ("established"): at least this many rated games and sigma at most this. Ten games
# of two or four players bring sigma from 8.33 to about 6.2-6.9.
SETTLED_GAMES = 10
SETTLED_SIGMA = 7.0
# Time away: sigma grows as sqrt(sigma^2 + days x TAU_PER_DAY^2), never above a newcomer's.
# A player at sigma 4 (some 30 two-player games) is provisional again after some 4 months
# away, one just settled at 6.5 after a month.
TAU_PER_DAY = 0.5
DAY = 86400.0


@dataclass(frozen=True)
class Rating:
    """A player's rating in one pool (a game's way of winning)."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0  # rated games played

    @property
    def ordinal(self) -> float:
        """The conservative figure, mu - 3 sigma: the tie-break of a board's order."""
        return float(MODEL.rating(mu=self.mu, sigma=self.sigma).ordinal(z=Z))

    @property
    def shown(self) -> int:
        """The number players read: 1500 + 30 x (mu - 25), rounded."""
        return round(SHOWN_BASE + SHOWN_PER_MU * (self.mu - MODEL.mu))

    @property
    def provisional(self) -> bool:
        """Not settled yet (too few games, or too uncertain, time away included): marked "?",
        listed apart below the leaderboard."""
        return self.games < SETTLED_GAMES or self.sigma > SETTLED_SIGMA


def days_between(since: str | None, until: str | None) -> float:
    """Whole and partial days from one stored time (ISO 8601) to another (0: unknown)."""
    if not since or not until:
        return 0.0
    return max(0.0, (_instant(until) - _instant(since)) / DAY)


def _instant(at: str) -> float:
    moment = datetime.fromisoformat(at)
    if moment.tzinfo is None:  # stored in UTC
        return moment.replace(tzinfo=UTC).timestamp()
    return moment.timestamp()


def aged(rating: Rating, days: float) -> Rating:
    """A rating after `days` away: its sigma grown by a tau-per-day step, capped at a
    newcomer's (mu and the games played do not change)."""
    if days <= 0:
        return rating
    sigma = min(math.sqrt(rating.sigma**2 + days * TAU_PER_DAY**2), MODEL.sigma)
    return Rating(rating.mu, max(sigma, rating.sigma), rating.games)


@dataclass(frozen=True)
class Entry:
    """One seat of a rated game: its player, its side (partners share one) and its place (1
    is first; seats with the same place tied)."""

    seat: str
    player: str
    side: int
    place: int
    left: bool = False  # its person left, or the AI played it for good: placed last
    counted: bool = True  # False: an AI's seat kept only so its partners' side stays whole


def rate(before: Mapping[str, Rating], game: Sequence[Entry]) -> dict[str, Rating]:
    """Every counted player's rating after a game: openskill's, each side a team ranked by its
    place, then held to the result: a side placed first (above someone) never loses mu, a side
    placed last (below someone) never gains it. (openskill can move a tied winner stronger
    than its partner in the tie down, or a weak player tied for last up: the only clamps.)"""
    sides = sorted({s.side for s in game})
    members = [[s for s in game if s.side == side] for side in sides]
    teams = [
        [MODEL.rating(mu=r.mu, sigma=r.sigma) for r in (before.get(s.player, Rating()) for s in m)]
        for m in members
    ]
    places = [m[0].place for m in members]
    rated = MODEL.rate(teams, ranks=[float(p) for p in places])
    best, worst = min(places), max(places)
    after: dict[str, Rating] = {}
    for team, side, place in zip(rated, members, places, strict=True):
        for new, seat in zip(team, side, strict=True):
            if not seat.counted or seat.player in after:  # one player, one move
                continue
            old = before.get(seat.player, Rating())
            mu = new.mu
            if place == best < worst:
                mu = max(mu, old.mu)
            elif place == worst > best:
                mu = min(mu, old.mu)
            after[seat.player] = Rating(mu, new.sigma, old.games + 1)
    return after


def change(before: Rating, after: Rating) -> int:
    """A game's change in the number shown (the difference of the two numbers shown)."""
    return after.shown - before.shown


def carried(rating: Rating, fraction: float) -> Rating:
    """A rating a new season starts from: `fraction` (0 to 1) of its distance from a
    newcomer's skill (the number shown: 1500 + fraction x (shown - 1500)), its uncertainty
    grown back toward a newcomer's by the rest; its games stay (the rating's experience)."""
    mu = MODEL.mu + fraction * (rating.mu - MODEL.mu)
    sigma = rating.sigma + (1 - fraction) * (MODEL.sigma - rating.sigma)
    return Rating(mu, sigma, rating.games)
