"""A tournament's standings drawn (render/standings.py) from plain data: the golden cases
(English words written here, so that a new translation changes no golden) and standings of
any size, for the tests of fit and readability."""

from __future__ import annotations

from render.kit import Picture
from render.standings import Row, Words, standings_picture

# Names as long as Discord allows, in several scripts, beside short ones (as
# tests/render/every_picture.py draws every game's pictures with).
LONG_NAMES = (
    "Maximiliane Wolkenstein-Brückner",
    "Ana",
    "長谷川 恵美子 (はせがわ えみこ) ボードゲーム大好き",
    "Zoë",
    "Wojciech Grzegorzewski-Wiśniewski",
    "Eun-ji",
)

ENGLISH = Words(
    title="Tournament #3 · Coloretto · standard",
    status="Round 2/3",
    points="Points",
    buchholz="Buchholz",
    games="Games",
    dropped="(dropped)",
    alt="Tournament #3 · Coloretto · standard — Round 2/3: …",
)


def rows(count: int, names: tuple[str, ...] = LONG_NAMES) -> list[Row]:
    """`count` players, best first: points falling by halves, pairs tied (a shared place),
    the second last dropped, the first a winner."""
    found = []
    for k in range(count):
        place = k + 1 if k % 3 != 2 else k  # every third shares the place above
        found.append(
            Row(
                place=place,
                name=f"{names[k % len(names)]}{'' if k < len(names) else f' {k}'}",
                points=f"{max(0.0, 6 - k / 2):g}",
                buchholz=f"{10 + k / 2:g}",
                games=str(3 if k % 5 else 2),
                dropped=k == count - 2,
                won=k == 0,
            )
        )
    return found


def tournament_standings() -> Picture:
    """Eight players: one column, 800 px wide."""
    return standings_picture(rows(8), ENGLISH)


def tournament_standings_wide() -> Picture:
    """Thirty-two players: two columns, 1,100 px wide."""
    return standings_picture(rows(32), ENGLISH)


CASES = {f.__name__: f for f in (tournament_standings, tournament_standings_wide)}
