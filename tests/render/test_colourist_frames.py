"""Every picture a Colourist table posts, drawn the way the bot draws it, in the seven languages,
for 3 to 6 seats on every track length, with the longest names of the tests: one frame size
for all of them (no height jumps in a thread), never taller than wide, every line 10 px or
more at 550 px, no word cut; a long name whole where there is room, every mark explained in
the legend, the word quoted as the language quotes, the result in the words every game shares.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from functools import cache

import pytest

from bot.games.colourist.words import labels
from bot.texts.i18n import languages, t
from engine.colourist import words as W
from engine.colourist.adapter import COLOURIST, ColouristOptions
from engine.colourist.events import ChoicesRevealed, GameEnded
from engine.colourist.view import ColouristView
from render import frame as F
from render import kit
from render.colourist import parts
from render.colourist import pictures as P
from tests.render.readable import Seen, drawn_while, problems

NAMES = (
    "Benedikt the Long-Named",
    "Żaneta",
    "中村さくら",
    "Maximiliane Wolkenstein-Brückner",  # 32 characters, Discord's longest
    "Ana",
    "長谷川 恵美子 (はせがわ えみこ) ボードゲーム大好き",
)
GAMES = [(seats, length) for seats in (3, 4, 5, 6) for length in ("short", "normal", "long")]
Moment = tuple[str, ColouristView]  # ("turn" | "reveal" | "results", the public view)


@cache
def moments(seats: int, length: str) -> tuple[Moment, ...]:
    """A game of AI seats played once: the view at every turn the table shows (a word, or a
    phrase being kept), after every reveal, at the end."""
    ids = [f"s{i + 1}" for i in range(seats)]
    state, _ = COLOURIST.start_with_events(ColouristOptions(length=length), ids, seats * 7)
    found: list[Moment] = [("turn", COLOURIST.view(state, None))]
    n = 0
    while COLOURIST.outcome(state) is None:
        seat = sorted(COLOURIST.to_act(state), key=ids.index)[0]
        move = COLOURIST.ai_move(COLOURIST.view(state, seat), "easy", n)
        n += 1
        turn = COLOURIST.turn(state)
        state, events = COLOURIST.apply(state, seat, move)
        v = COLOURIST.view(state, None)
        if any(isinstance(e, ChoicesRevealed) for e in events):
            found.append(("reveal", v))
        if any(isinstance(e, GameEnded) for e in events):
            found.append(("results", v))
        elif COLOURIST.turn(state) != turn:
            found.append(("turn", v))
    return tuple(found)


def sample(seats: int, length: str) -> list[Moment]:
    """The moments to draw: the first turns, every phrase being kept and kept, the first
    reveal with a match and without one, the last reveals and the results."""
    found = moments(seats, length)
    keep = {0, 1, 2, len(found) - 1, len(found) - 2, len(found) - 3}
    for kind in (True, False):  # a match, nobody matched
        keep |= {
            next(
                (
                    i
                    for i, (k, v) in enumerate(found)
                    if k == "reveal" and v.last and bool(v.last.matched) == kind
                ),
                0,
            )
        }
    keep |= {
        i
        for i, (k, v) in enumerate(found)
        if k == "turn" and (v.phase == "picking" or len(v.words) == 2)
    }
    return [found[i] for i in sorted(keep)]


def draw(kind: str, v: ColouristView, lang: str, names: dict[str, str]) -> kit.Picture:
    """A picture as the bot draws it (bot/games/colourist/face.py)."""
    words = labels(lang)
    if kind == "turn":
        text = W.shown(COLOURIST.words, v.words, lang) if v.words else None
        english = W.shown(COLOURIST.words, v.words, "en") if v.words else None
        return P.turn_picture(v, text, names, words, english)
    if kind == "reveal":
        assert v.last is not None
        text, english = (W.shown(COLOURIST.words, v.last.words, k) for k in (lang, "en"))
        return P.reveal_picture(v, v.last, text, names, words, english)
    return P.results_picture(v, names, words)


def seen(lang: str) -> Iterator[tuple[str, ColouristView, Seen]]:
    for seats, length in GAMES:
        names = dict(zip((f"s{i + 1}" for i in range(seats)), NAMES, strict=False))
        for i, (kind, v) in enumerate(sample(seats, length)):
            picture, texts = drawn_while(lambda k=kind, v=v, n=names: draw(k, v, lang, n))
            yield kind, v, Seen(f"{lang}-{seats}-{length}-{i}-{kind}", picture.png, texts)


@pytest.mark.parametrize("lang", languages())
def test_every_picture_reads_at_550_px_in_one_size_and_cuts_no_word(lang: str) -> None:
    with kit.recording_cuts() as cuts:
        drawn = list(seen(lang))
    kinds = {kind for kind, _, _ in drawn}
    assert kinds == {"turn", "reveal", "results"}
    assert any(v.phase == "picking" for kind, v, _ in drawn if kind == "turn")  # a double field
    assert problems(s for _, _, s in drawn) == []
    assert {s.size for _, _, s in drawn} == {(P.WIDTH, P.HEIGHT)}
    assert [f"{c.text!r} drawn {c.shown!r}: {c.caller}" for c in cuts] == []


def test_a_long_name_is_drawn_whole_where_there_is_room() -> None:
    """The reveal's box and the track's lane had "Benedikt th…": both have room for it."""
    for kind, _v, s in seen("en"):
        if kind in ("turn", "reveal"):
            assert sum(text.text == NAMES[0] for text in s.texts) == (2 if kind == "reveal" else 1)


def test_the_results_show_where_the_pawns_stopped_up_to_five_seats() -> None:
    """The results' board filled the top of the frame and left its lower third empty: up to
    five seats the track is drawn under it (its fields numbered to the finish, a lane a seat,
    the legend of its marks, the colourist's ring no longer among them)."""
    words = labels("en")
    for kind, v, s in seen("en"):
        if kind != "results":
            continue
        drawn = [text.text for text in s.texts]
        track = str(v.finish) in drawn and words["noun"] in drawn
        assert track == (len(v.seats) <= 5), s.name
        assert words["role"] not in drawn, s.name
        if track:  # each name on its board row and in its lane
            assert drawn.count(NAMES[0]) == 2, s.name


def test_every_mark_is_in_the_legend_in_the_tables_language() -> None:
    for lang in ("de", "ja"):
        words = labels(lang)
        marks = [words[k] for k in ("noun", "adjective", "phrase", "finish", "role", "joker_left")]
        for kind, _v, s in seen(lang):
            drawn = {text.text for text in s.texts}
            if kind != "results":
                assert set(marks) <= drawn, (lang, s.name)
            assert (words["moved"] in drawn) == (kind == "reveal"), (lang, s.name)


@pytest.mark.parametrize("lang", languages())
def test_the_legend_fits_its_two_rows_in_every_language(lang: str) -> None:
    keys = P.legend_keys(labels(lang), moved=True)
    assert F.legend_height(keys, P.WIDTH - 2 * F.PAD) <= P.KEY_H


@pytest.mark.parametrize(
    ("lang", "opening", "closing"),
    [
        ("en", "“", "”"),
        ("de", "„", "“"),
        ("pl", "„", "”"),
        ("ja", "「", "」"),
        ("fr", "«\u00a0", "\u00a0»"),
    ],
)
def test_the_word_is_quoted_as_the_language_quotes(lang: str, opening: str, closing: str) -> None:
    _, v, s = next(x for x in seen(lang) if x[0] == "reveal")
    assert v.last is not None
    word = W.shown(COLOURIST.words, v.last.words, lang)
    quoted = f"{opening}{word}{closing}".replace("\u00a0", " ")  # drawn as a space
    assert any(text.text.endswith(quoted) for text in s.texts), s.texts[0]


def test_the_gold_ring_marks_the_rounds_colourist_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """One meaning: in a reveal the colourist of the round revealed (not the next one); in a
    turn the colourist of that turn; never a winner."""
    rings: list[float] = []
    pawn = parts.pawn

    def ringed(d, cx, cy, ring=None, r=parts.PAWN_R):
        if ring is not None and r == parts.PAWN_R:  # the track's, not the legend's
            rings.append(cy)
        return pawn(d, cx, cy, ring, r)

    monkeypatch.setattr(parts, "pawn", ringed)
    for kind, v in sample(4, "short"):
        rings.clear()
        draw(kind, v, "en", {})
        if kind == "results":
            assert rings == []
            continue
        colourist = v.last.colourist if kind == "reveal" and v.last else v.colourist
        lane = min(parts.LANE_MAX, (P.TRACK_H - parts.NUMBERS_H) / len(v.seats))
        top = P.TRACK + parts.NUMBERS_H + v.seats.index(colourist) * lane
        assert len(rings) == 1, (kind, v.round_number)
        assert top < rings[0] < top + lane, (kind, v.round_number)


@pytest.mark.parametrize("lang", ["en", "ja", "pl"])
def test_the_results_are_by_place_with_the_shared_winner_headline(lang: str) -> None:
    _, v, s = next(x for x in seen(lang) if x[0] == "results")
    names = dict(zip(v.seats, NAMES, strict=False))
    winners = [names[w] for w in v.winners]
    separator = t("list.separator", lang)
    if len(winners) == 1:
        said = t("result.win", lang, name=winners[0])
    else:
        said = t("result.shared_win", lang, names=separator.join(winners))
    drawn = [text.text for text in s.texts]
    assert said in drawn
    places = [text for text in drawn if text in {t(f"result.place.{n}", lang) for n in range(1, 7)}]
    assert places[0] == t("result.place.1", lang)
    assert len(places) == len(v.seats)
    assert "On the finish" not in " ".join(drawn)


def test_alt_texts_list_and_join_sentences_as_the_language_does() -> None:
    """Japanese lists with 、 and ends sentences with 。 (no ", " or ". " of English); German
    names a colour as a noun ("wählte Grün", not "wählte grün")."""
    names = {"s1": "Ana", "s2": "Ben", "s3": "Cai"}
    for kind, v in sample(3, "short"):
        alt = draw(kind, v, "ja", names).alt
        assert "、" in alt, alt
        assert ", " not in alt, alt
        assert ". " not in alt, alt
        if kind == "reveal" and v.last is not None:
            german = draw(kind, v, "de", names).alt
            colour = labels("de")[v.last.colour]
            assert colour[0].isupper()
            assert f"wählte {colour} für" in german


def longest_phrase(lang: str) -> tuple[str, str]:
    """The widest phrase of the word list in `lang` (among its widest adjectives and nouns)."""
    concepts = COLOURIST.words.concepts

    def width(ids: tuple[str, ...]) -> float:
        return kit.text_length(W.shown(COLOURIST.words, ids, lang), 24, True)

    widest = {
        kind: sorted((i for i in concepts if i[0] == kind), key=lambda i: -width((i,)))[:8]
        for kind in "an"
    }
    return max(((a, n) for a in widest["a"] for n in widest["n"]), key=width)


@pytest.mark.parametrize("lang", languages())
def test_the_widest_phrase_fits_the_card_and_the_reveal_with_nobody_matched(lang: str) -> None:
    """ "hochgewachsener Feuerwehrmann" beside "Nobody matched" in the header was cut: the
    header has the phrase alone, the note a line of its own."""
    _, v = next(m for m in sample(6, "long") if m[0] == "reveal" and m[1].last)
    assert v.last is not None
    phrase = longest_phrase(lang)
    last = replace(v.last, words=phrase, matched=(), moved=v.seats)
    kept = replace(v, last=last, words=phrase, phase="choosing")
    names = dict(zip(v.seats, NAMES, strict=False))
    with kit.recording_cuts() as cuts:
        for kind in ("turn", "reveal"):
            picture, texts = drawn_while(lambda k=kind: draw(k, kept, lang, names))
            assert problems([Seen(kind, picture.png, texts)]) == []
    assert [f"{c.text!r} drawn {c.shown!r}: {c.caller}" for c in cuts] == []
