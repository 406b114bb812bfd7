"""Reading a game record's JSON text, strictly, the way its rules page says: one reader for every
game and for `pop-bot replay`.

RFC 8259 leaves a few things to the reader, and the pages settle them (`JsonRules`):

- how deep a text may nest (Coloretto: 100 levels, the record itself being level 1; the others
  no deeper than `READER_DEPTH`, a fixed bound instead of wherever Python's stack gives out);
- a key repeated in one object: its last value counts (Coloretto says so; the other pages are
  silent and read it the same way), or it is refused;
- `NaN`, `Infinity` and `-Infinity`, which are not JSON but which Python's json reads;
- numbers longer than the reader holds: an integer of more than `MAX_DIGITS` digits is refused,
  or read as ±`HUGE` (Coloretto: any length is JSON, and no rule uses such a number); a number
  beyond the float range (`1e999`) is refused, or read as infinity.

`scan` reads any text once, noting what strict pages refuse; `judge` holds a reading to one
page's rules. `pop-bot replay` scans first, learns the record's game from its `format`, then
judges; a game's own reader is `read_json(text, rules)`, both steps at once. `check_value` holds
an already parsed value to the same rules (JSON types only, depth, NaN and infinities). Every
game's `replay_summary` takes either, through `value_of`. Every refusal is a `NotJson` whose
text is one line; the record modules put their code before it.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import chain
from typing import Any, Literal, NamedTuple

READER_DEPTH = 900  # Python's own parser gives out near 1,000 levels, less on a deep stack
MAX_DIGITS = 4300  # the longest integer Python turns into an int by default
HUGE = 10**30  # stands in for a longer integer: no rule of any game uses such a number

_LONG_INTEGER = re.compile(f"[0-9]{{{MAX_DIGITS + 1}}}")
_PLAIN = frozenset({str, int, bool, type(None)})  # JSON values with nothing more to look at
_CONTAINERS = frozenset({list, dict})
_JSON_TYPES = _PLAIN | _CONTAINERS | {float}
_STRINGS = frozenset({str})


class NotJson(ValueError):
    """Text (or a value) that is not JSON the page reads; the message is one line."""


@dataclass(frozen=True)
class JsonRules:
    """How a rules page reads a record's JSON text (the defaults: RFC 8259, strictly)."""

    max_depth: int = READER_DEPTH
    repeated_keys: Literal["last", "error"] = "last"
    nan_infinity: bool = False  # the literals NaN, Infinity, -Infinity read as floats
    float_overflow: bool = False  # a number beyond the float range (1e999) read as infinity
    long_integers: Literal["error", "clamp"] = "error"

    def __post_init__(self) -> None:
        if not 1 <= self.max_depth <= READER_DEPTH:
            raise ValueError(f"max_depth must be 1 to {READER_DEPTH}")


class Reading(NamedTuple):
    """A text read once, and what in it strict pages refuse (None: nothing of that kind)."""

    value: Any
    text: str
    constant: str | None = None  # the first NaN, Infinity or -Infinity
    long_integer: int | None = None  # the digits of the first integer beyond MAX_DIGITS
    huge_number: str | None = None  # the first number beyond the float range


def read_json(text: str | bytes, rules: JsonRules) -> Any:
    """The value of a JSON text read by `rules`; NotJson (one line) when they refuse it."""
    return judge(scan(text), rules)


def scan(text: str | bytes) -> Reading:
    """Read any JSON text Python's json reads (UTF-8 when given bytes), no deeper than
    READER_DEPTH can be asked, noting the constants and long numbers met; NotJson else."""
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as e:
            raise NotJson(f"not JSON: not UTF-8 ({e.reason} at byte {e.start})") from None
    try:
        # Most texts hold no constant and no long number: one reading, by a decoder made once.
        long_integer = len(text) > MAX_DIGITS and _LONG_INTEGER.search(text)
        if not long_integer and not text.startswith("\ufeff"):
            try:
                return Reading(_DECODER.decode(text), text)
            except _Unusual:
                pass
        seen: dict[str, Any] = {}
        value = json.loads(
            text,
            parse_constant=_noting_constants(seen),
            parse_int=_noting_long_integers(seen),
            parse_float=_noting_huge_numbers(seen),
        )
    except json.JSONDecodeError as e:
        raise NotJson(f"not JSON: {e.msg} at line {e.lineno}, column {e.colno}") from None
    except RecursionError:
        raise NotJson(_too_deep_text(READER_DEPTH)) from None
    except ValueError as e:  # an interpreter set to convert fewer digits than MAX_DIGITS
        raise NotJson(f"not JSON that can be read: {str(e).splitlines()[0]}") from None
    return Reading(value, text, seen.get("constant"), seen.get("long"), seen.get("huge"))


class _Unusual(Exception):
    """A constant, or a number beyond the float range: the text is read again, noting it."""


def _unusual(_: str) -> float:
    raise _Unusual


def _finite(digits: str) -> float:
    value = float(digits)
    if math.isinf(value):
        raise _Unusual
    return value


_DECODER = json.JSONDecoder(parse_constant=_unusual, parse_float=_finite)


def judge(reading: Reading, rules: JsonRules) -> Any:
    """The reading's value if `rules` accept everything in its text; NotJson else."""
    if reading.constant is not None and not rules.nan_infinity:
        raise NotJson(f"not JSON: {reading.constant} is not a JSON number")
    if reading.long_integer is not None and rules.long_integers == "error":
        raise NotJson(
            f"not JSON that can be read: an integer of {reading.long_integer} digits "
            f"(at most {MAX_DIGITS})"
        )
    if reading.huge_number is not None and not rules.float_overflow:
        raise NotJson(f"not JSON that can be read: the number {reading.huge_number} is too large")
    if rules.repeated_keys == "error":
        json.loads(reading.text, object_pairs_hook=_no_repeated_keys)
    text = reading.text
    # Counting brackets is quick and rules most records out: a text cannot nest deeper.
    if text.count("[") + text.count("{") > rules.max_depth and nested_deeper(
        reading.value, rules.max_depth
    ):
        raise NotJson(_too_deep_text(rules.max_depth))
    return reading.value


def value_of(record: object, rules: JsonRules) -> Any:
    """The JSON value a game replays: a Reading's, held to `rules` (what its text held, and
    its depth), or an already parsed value, checked by `check_value`; NotJson else."""
    if isinstance(record, Reading):
        return judge(record, rules)
    check_value(record, rules)
    return record


def check_value(value: object, rules: JsonRules) -> None:
    """NotJson unless an already parsed value is what `read_json(text, rules)` can give: JSON
    types only (string keys), no NaN or infinity the rules refuse, no deeper than they allow.

    Iterative (no depth overflows the stack), and quick on what records hold: a container of
    plain values is looked at in one go, and so is a list of flat objects (Coloretto's
    actions); object keys are looked at together at the end."""
    if type(value) not in _CONTAINERS:
        _check_kinds({type(value)}, [value], rules)
        return
    limit = rules.max_depth
    objects: list[dict[Any, Any]] = []
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > limit:
            raise NotJson(_too_deep_text(limit))
        if type(item) is dict:
            objects.append(item)
            children = item.values()
        else:
            children = item
        if _PLAIN.issuperset(map(type, children)):
            continue
        kinds = set(map(type, children))
        _check_kinds(kinds, children, rules)
        if (
            depth < limit
            and kinds == {dict}
            and _PLAIN.issuperset(map(type, chain.from_iterable(map(dict.values, children))))
        ):
            objects.extend(children)  # a list of flat objects
            continue
        stack.extend([(x, depth + 1) for x in children if type(x) is list or type(x) is dict])
    if not _STRINGS.issuperset(map(type, chain.from_iterable(objects))):
        raise NotJson("not JSON: an object key is not a string")


def _check_kinds(kinds: set[type], values: Iterable[Any], rules: JsonRules) -> None:
    if not kinds <= _JSON_TYPES:
        odd = next(k for k in kinds if k not in _JSON_TYPES)
        raise NotJson(f"not JSON: a {odd.__name__} is no JSON value")
    if float in kinds:
        _check_floats([x for x in values if type(x) is float], rules)


def nested_deeper(value: Any, limit: int) -> bool:
    """Does a parsed JSON value nest lists and objects more than `limit` levels deep (the
    value itself being level 1)? Iterative, and quick on flat containers, as `check_value`."""
    stack: list[tuple[Any, int]] = [(value, 1)] if type(value) in _CONTAINERS else []
    while stack:
        item, depth = stack.pop()
        if depth > limit:
            return True
        children = item.values() if type(item) is dict else item
        if _CONTAINERS.isdisjoint(map(type, children)):
            continue
        if (
            depth < limit
            and {dict} == set(map(type, children))
            and _CONTAINERS.isdisjoint(map(type, chain.from_iterable(map(dict.values, children))))
        ):
            continue  # a list of flat objects
        stack.extend([(x, depth + 1) for x in children if type(x) is list or type(x) is dict])
    return False


def _too_deep_text(limit: int) -> str:
    return f"the record is nested more than {limit} levels deep"


def _check_floats(floats: list[float], rules: JsonRules) -> None:
    if rules.nan_infinity:
        return
    for x in floats:
        if math.isnan(x):
            raise NotJson("not JSON: NaN is not a JSON number")
        if math.isinf(x) and not rules.float_overflow:
            raise NotJson("not JSON: Infinity is not a JSON number")


def _noting_constants(seen: dict[str, Any]) -> Callable[[str], float]:
    def constant(name: str) -> float:
        seen.setdefault("constant", name)
        return float(name)

    return constant


def _noting_long_integers(seen: dict[str, Any]) -> Callable[[str], int]:
    def integer(digits: str) -> int:
        negative = digits.startswith("-")
        if len(digits) - negative <= MAX_DIGITS:
            return int(digits)
        seen.setdefault("long", len(digits) - negative)
        return -HUGE if negative else HUGE

    return integer


def _noting_huge_numbers(seen: dict[str, Any]) -> Callable[[str], float]:
    def number(digits: str) -> float:
        value = float(digits)
        if math.isinf(value):
            seen.setdefault("huge", digits if len(digits) <= 20 else digits[:20] + "…")
        return value

    return number


def _no_repeated_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        keys: set[str] = set()
        for twice, _ in pairs:
            if twice in keys:
                break
            keys.add(twice)
        shown = twice if len(twice) <= 30 else twice[:30] + "…"
        raise NotJson(f"not JSON this page reads: the key {shown!r} is repeated in one object")
    return out
