"""The words Colorpop's pictures draw, by key: the bot passes them in the table's language
(bot/games/colorpop/words.py `picture_labels`, from the catalogues); `ENGLISH` is what a picture
draws when none are given (the tests hold it equal to the English catalogue's).

Keys: the titles (`turn`, `picked` with {move} and {name}; `fell`, `shifted` with {move};
`final`), the colours' names (`R` … `P`, `W` the joker), the marks' words, the panels'
headings, a seat's score ({left}, {removed}), what decided (`rule_*`, as the tie-breaks are
named, `solo_won`, `solo_lost`), the shared result words (`win` {name}, `shared_win` {names},
`separator`, `place.1` …) and a lost solo game's headline (`lost` {name}).
"""

from __future__ import annotations

WORDS = (
    "on_turn",
    "ring",
    "gone",
    "slid",
    "moved_left",
    "piles",
    "on_board",
    "secrets",
    "score",
    "solo_won",
    "solo_lost",
    "rule_none",
    "rule_removed_own",
    "rule_shared",
    "rule_cleared",
    "lost",
)  # the game's own (colorpop.label.*)

ENGLISH: dict[str, str] = {
    "turn": "Move {move} · {name} to pick",
    "picked": "Move {move} · {name} picks",
    "fell": "Move {move} · the tokens slide down",
    "shifted": "Move {move} · empty columns to the right",
    "final": "The end of the game",
    "R": "red",
    "Y": "yellow",
    "G": "green",
    "B": "blue",
    "P": "purple",
    "W": "joker",
    "on_turn": "on turn",
    "ring": "group picked",
    "gone": "left the board",
    "slid": "slid down",
    "moved_left": "moved left",
    "piles": "Tokens taken",
    "on_board": "On the board",
    "secrets": "Secret colours",
    "score": "left: {left} · removed: {removed}",
    "rule_none": "Fewest own tokens left on the board wins.",
    "rule_removed_own": "Tied on tokens left: fewest own tokens removed wins.",
    "rule_shared": "Tied on tokens left and on own tokens removed: shared win.",
    "rule_cleared": "A side's colours all left the board: it wins at once.",
    "solo_won": "Every token of the secret colours left the board.",
    "solo_lost": "No group is left, and tokens of the secret colours are still on the board.",
    "lost": "{name} loses",
    "win": "{name} wins",
    "shared_win": "Shared win: {names}",
    "separator": ", ",
    **{f"place.{n}": place for n, place in enumerate(("1st", "2nd", "3rd", "4th", "5th"), 1)},
}
