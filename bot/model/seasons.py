"""Rating seasons, as data (`/server seasons`, issue 36). Pure: no I/O.

A server's ratings run for ever (`none`, the default) or in seasons that end at a UTC month's
or quarter's boundary: a season is named by its month ("2026-11") or quarter ("2026-Q4").
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

NONE, MONTHLY, QUARTERLY = "none", "monthly", "quarterly"
CADENCES = (NONE, MONTHLY, QUARTERLY)
MONTHS = {MONTHLY: 1, QUARTERLY: 3}


@dataclass(frozen=True)
class Season:
    """One season: its name and its end (a Unix time: the first moment of the next one)."""

    name: str
    ends: float


def season_at(cadence: str, moment: float) -> Season:
    """The season of `cadence` running at `moment` (a Unix time, read in UTC)."""
    step = MONTHS[cadence]
    at = datetime.fromtimestamp(moment, UTC)
    first = (at.month - 1) // step * step + 1  # the season's first month
    name = f"{at.year}-{at.month:02d}" if step == 1 else f"{at.year}-Q{(first + 2) // 3}"
    year, month = (at.year, first + step) if first + step <= 12 else (at.year + 1, 1)
    return Season(name, datetime(year, month, 1, tzinfo=UTC).timestamp())


@dataclass(frozen=True)
class SeasonSetting:
    """A server's seasons: none (ratings for ever) or each season's cadence; the percent of a
    person's rating the next season starts from (0: everyone anew); where champions are
    announced; the season running and when it ends (none: '' and None)."""

    guild_id: int
    cadence: str = NONE
    carry: int = 0
    channel_id: int | None = None
    locale: str = "en"
    season: str = ""
    ends_at: float | None = None

    @property
    def running(self) -> str | None:
        """The season whose ratings the boards show now (None: a server without seasons)."""
        return self.season if self.cadence != NONE else None


def iso(moment: float) -> str:
    """A Unix time as the database stores times (ISO 8601, UTC, milliseconds)."""
    return datetime.fromtimestamp(moment, UTC).isoformat(timespec="milliseconds")
