"""A season's name and end (UTC months and quarters, across a year's end), and the rating a
new season carries (its fraction of the distance from a newcomer's 1500)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.model.seasons import season_at
from bot.ratings.skill import Rating, carried


def at(*when: int) -> float:
    return datetime(*when, tzinfo=UTC).timestamp()


@pytest.mark.parametrize(
    ("cadence", "moment", "name", "ends"),
    [
        ("monthly", at(2026, 11, 30, 23, 59, 59), "2026-11", at(2026, 12, 1)),
        ("monthly", at(2026, 12, 1), "2026-12", at(2027, 1, 1)),
        ("monthly", at(2027, 2, 10), "2027-02", at(2027, 3, 1)),
        ("quarterly", at(2026, 10, 1), "2026-Q4", at(2027, 1, 1)),
        ("quarterly", at(2026, 12, 31, 23, 59), "2026-Q4", at(2027, 1, 1)),
        ("quarterly", at(2027, 1, 1), "2027-Q1", at(2027, 4, 1)),
        ("quarterly", at(2027, 6, 30), "2027-Q2", at(2027, 7, 1)),
        ("quarterly", at(2027, 8, 5), "2027-Q3", at(2027, 10, 1)),
    ],
)
def test_a_season_is_named_by_its_utc_month_or_quarter_and_ends_at_the_next(
    cadence, moment, name, ends
):
    season = season_at(cadence, moment)
    assert (season.name, season.ends) == (name, ends)
    assert season_at(cadence, season.ends).name != name  # the next one starts at the end


@pytest.mark.parametrize(
    ("shown", "carry", "then"),
    [(1700, 0.5, 1600), (1300, 0.5, 1400), (1800, 1.0, 1800), (1800, 0.0, 1500)],
)
def test_a_carried_rating_keeps_its_fraction_of_the_distance_from_1500(shown, carry, then):
    rating = Rating(25 + (shown - 1500) / 30, 4.0, 12)
    new = carried(rating, carry)
    assert new.shown == then
    assert new.games == 12
    assert 4.0 <= new.sigma <= 25 / 3
