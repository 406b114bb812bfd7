"""Turn timers as people type them and as the bot says them back, and when a table's timer
needs it next (stored beside it: `wake_at`): the reminder at half time from an hour on, 30 s
before the end below, then the deadline; nothing once the turn expired or the game is over."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.model.durations import canonical, parse_timer, suggestions, timer_text
from bot.model.posts import Refusal
from bot.model.table import MAX_TIMER
from tests.factories import a_table


@pytest.mark.parametrize(
    ("typed", "seconds"),
    [
        ("90m", 5400),
        ("36h", 36 * 3600),
        ("2d", 2 * 86400),
        ("3d", 72 * 3600),
        ("1h30m", 5400),
        ("1h 30min", 5400),
        ("45 min", 2700),
        ("1.5h", 5400),
        ("1,5 h", 5400),
        ("2 Hours", 7200),
        ("10s", 10),
        ("none", 0),
        ("Off", 0),
        (" 0 ", 0),
        ("２時間", 7200),  # full width, as a Japanese keyboard types it
        ("1日", 86400),
        ("3 godz.", 3 * 3600),
        ("2 Stunden", 7200),
        ("1 jour", 86400),
        ("なし", 0),
    ],
)
def test_what_people_type_is_read(typed, seconds):
    assert parse_timer(typed) == seconds


@pytest.mark.parametrize("typed", ["120", "soon", "", "1h 30", "h", "2 weeks", "-5m", "5mm"])
def test_what_cannot_be_read_is_refused_saying_what(typed):
    with pytest.raises(Refusal) as no:
        parse_timer(typed)
    assert no.value.key == "timer.not_understood"
    assert no.value.values == {"text": typed.strip()}


@pytest.mark.parametrize("typed", ["73h", "4d", "72h1m"])
def test_more_than_72_hours_is_refused_as_too_long(typed):
    with pytest.raises(Refusal) as no:
        parse_timer(typed)
    assert no.value.key == "timer.too_long"


@pytest.mark.parametrize(
    "typed", ["9" * 309 + "s", "9" * 309 + "d", "1" * 400 + ".5h", "1h" + "9" * 1000 + "m"]
)
def test_a_number_too_long_for_a_float_is_too_long_not_an_error(typed):
    """309 digits overflowed a float to infinity, and `round` raised OverflowError."""
    with pytest.raises(Refusal) as no:
        parse_timer(typed)
    assert no.value.key == "timer.too_long"
    assert no.value.values == {"text": typed[:50]}
    assert suggestions(typed, "en")[0] == ("72 hours (the most)", "72h")


def test_the_longest_option_discord_sends_is_read_at_once():
    """6,000 characters (an option's most): the old search for each part went over the whole
    text again from every position, 1.7 s of the event loop for 6,000 digits."""
    for typed in ("1" * 6000, "1" * 5999 + "h", "1h" * 3000, "5" * 3000 + " " * 2999 + "x"):
        began = time.perf_counter()
        with pytest.raises(Refusal):
            parse_timer(typed)
        suggestions(typed, "en")
        assert time.perf_counter() - began < 0.25, typed[:20]


@settings(max_examples=400, deadline=None)
@given(
    st.text()
    | st.from_regex(r"\A[0-9０-９.,\s]{0,400}[a-zA-Z時間日分秒]{0,8}\Z")
    | st.lists(
        st.tuples(st.integers(0, 10**400), st.sampled_from(["s", "m", "h", "d", "min", " Tage"])),
        max_size=4,
    ).map(lambda parts: " ".join(f"{n}{u}" for n, u in parts))
)
def test_whatever_is_typed_is_a_timer_or_a_timer_refusal(typed):
    """Any string: seconds within the limit, or one of the two refusals (never an error);
    and autocomplete offers only what Discord takes, each value read back as itself."""
    try:
        seconds: int | str = parse_timer(typed)
    except Refusal as no:
        seconds = no.key
    assert seconds in ("timer.not_understood", "timer.too_long") or 0 <= seconds <= MAX_TIMER
    offered = suggestions(typed, "en")
    assert 1 <= len(offered) <= 25
    for name, value in offered:
        assert 1 <= len(name) <= 100
        assert 1 <= len(value) <= 100
        assert canonical(parse_timer(value)) == value


def test_a_timer_is_said_back():
    assert [canonical(s) for s in (120, 3600, 5400, 36 * 3600, 0, 45)] == [
        "2m", "1h", "1h30m", "36h", "none", "45s",
    ]  # fmt: skip
    assert timer_text(5400, "en") == "1 hour, 30 minutes"
    assert timer_text(86400, "en") == "24 hours"
    assert timer_text(0, "en") == "No timer"
    assert [timer_text(h * 3600, "pl") for h in (1, 2, 5, 22)] == [
        "1 godzina", "2 godziny", "5 godzin", "22 godziny",
    ]  # fmt: skip
    assert timer_text(5400, "ja") == "1時間、30分"
    for seconds in (120, 5400, 86400, 7 * 3600 + 5):
        assert parse_timer(canonical(seconds)) == seconds


def test_suggestions_put_what_is_typed_first():
    values = [v for _, v in suggestions("", "en")]
    assert values == ["2m", "1h", "24h", "none"]
    assert [v for _, v in suggestions("2 d", "en")] == ["48h", "2m", "1h", "24h", "none"]
    assert suggestions("100h", "fr")[0] == ("72 heures (le maximum)", "72h")


def playing(timer: int, deadline: float | None, **fields):
    table = a_table("pop", status="playing", turn_deadline=deadline, **fields)
    table.settings.turn_timer = timer
    return table


def test_a_long_turn_is_reminded_at_half_time_then_wakes_at_its_deadline():
    day = playing(86400, 100_000.0)
    assert day.reminder_at() == 100_000.0 - 43_200
    assert day.next_wake() == 100_000.0 - 43_200
    day.warned = True
    assert day.next_wake() == 100_000.0
    day.expired = True
    assert day.next_wake() is None


def test_a_short_turn_is_warned_shortly_before_its_end():
    assert playing(120, 1_000.0).next_wake() == 970.0
    assert playing(40, 1_000.0).next_wake() == 990.0
    assert playing(3599, 10_000.0).next_wake() == 9_970.0


def test_no_timer_no_deadline_or_no_game_wakes_nothing():
    assert playing(0, None).next_wake() is None
    assert playing(120, None).next_wake() is None
    over = playing(120, 1_000.0)
    over.status = "finished"
    assert over.next_wake() is None
