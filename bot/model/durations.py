"""Turn timers as people write them: `90m`, `36h`, `2d`, `1h30m`, `45 min`, `none` (72 hours
at most), and as the bot says them back ("1 hour, 30 minutes"), in the player's language.

What cannot be read is refused with a sentence that says what was not understood; a timer
over 72 hours says that 72 hours is the most. `/<game> new timer:` offers presets (2 minutes,
1 hour, 24 hours, none) through autocomplete, and what the person is typing, read back.
"""

from __future__ import annotations

import math
import re
import unicodedata

from bot.texts.i18n import listed, t

from .posts import Refusal
from .table import MAX_TIMER

PRESETS = (120, 3600, 86_400, 0)  # seconds; 0: no timer
NONE_WORDS = frozenset(
    {"none", "off", "no", "never", "0", "-", "aucun", "non", "nessuno", "ninguno", "sin"}
    | {"keiner", "kein", "aus", "brak", "żaden", "nie", "なし", "無し", "オフ"}
)  # fmt: skip
MINUTE, HOUR, DAY = 60, 3600, 86_400
# The units people type, in the seven languages (lower case); a bare number is not read (it
# was seconds once: "120" could be two minutes or two hours).
UNITS: dict[str, int] = {
    **dict.fromkeys(("s", "sec", "secs", "second", "seconds", "秒", "sek", "seg", "seconde",
                     "secondes", "secondi", "segundo", "segundos", "sekunde", "sekunden",
                     "sekunda", "sekundy"), 1),
    **dict.fromkeys(("m", "min", "mins", "minute", "minutes", "分", "minuti", "minuto",
                     "minutos", "minuten", "minuta", "minuty", "minut"), MINUTE),
    **dict.fromkeys(("h", "hr", "hrs", "hour", "hours", "時間", "std", "stunde", "stunden",
                     "heure", "heures", "ora", "ore", "hora", "horas", "godz", "godzina",
                     "godziny", "godzin", "g"), HOUR),
    **dict.fromkeys(("d", "day", "days", "日", "j", "jour", "jours", "giorno", "giorni",
                     "día", "dia", "días", "dias", "tag", "tage", "t", "dzień", "dni", "dzien"),
                    DAY),
}  # fmt: skip
PART = re.compile(r"(\d+(?:[.,]\d+)?)\s*([^\W\d_]+)\.?\s*")


def parse_timer(text: str) -> int:
    """Seconds (0: no timer) of a timer as typed; `Refusal` saying what is wrong, whatever
    was typed (a number of 300 digits is too long, never an error)."""
    typed = unicodedata.normalize("NFKC", text).strip().lower()
    if typed in NONE_WORDS:
        return 0
    seconds, at = 0.0, 0
    # Each part read where the last one ended (never searched for further on: that search
    # took seconds on a few thousand digits, on the event loop).
    while (part := PART.match(typed, at)) is not None and part[2] in UNITS:
        seconds += float(part[1].replace(",", ".")) * UNITS[part[2]]
        at = part.end()
    if not typed or at != len(typed):
        raise Refusal("timer.not_understood", text=text.strip()[:50])
    # A number too long for a float is infinite: too long, like any other over the most.
    if not math.isfinite(seconds) or round(seconds) > MAX_TIMER:
        raise Refusal("timer.too_long", text=text.strip()[:50])
    return round(seconds)


def canonical(seconds: int) -> str:
    """A timer as `/<game> new timer:` reads it back: `2m`, `36h`, `1h30m`, `none`."""
    if not seconds:
        return "none"
    hours, rest = divmod(seconds, HOUR)
    minutes, secs = divmod(rest, MINUTE)
    return "".join(f"{v}{u}" for v, u in ((hours, "h"), (minutes, "m"), (secs, "s")) if v)


def timer_text(seconds: int, lang: str) -> str:
    """A timer in words: "1 hour, 30 minutes", "24 hours", "No timer"."""
    if not seconds:
        return t("timer.none", lang)
    hours, rest = divmod(seconds, HOUR)
    minutes, secs = divmod(rest, MINUTE)
    parts = [
        t("duration.hours", lang, n=hours) if hours else "",
        t("duration.minutes", lang, n=minutes) if minutes else "",
        t("duration.seconds", lang, n=secs) if secs else "",
    ]
    return listed((p for p in parts if p), lang)


def suggestions(current: str, lang: str) -> list[tuple[str, str]]:
    """What autocomplete offers for `current`: what is typed, read back (or that 72 hours
    is the most), then the presets; (name, value) each."""
    first: list[tuple[str, str]] = []
    if current.strip():
        try:
            seconds = parse_timer(current)
        except Refusal as no:
            if no.key == "timer.too_long":
                first = [(t("timer.most", lang), canonical(MAX_TIMER))]
        else:
            first = [(timer_text(seconds, lang), canonical(seconds))]
    presets = [(timer_text(s, lang), canonical(s)) for s in PRESETS]
    return first + [p for p in presets if p not in first]
