"""A game as the bot registers it: its rules (for records), its Discord face (built when the
bot runs, so that the command-line tools never load discord.py) and its command-line tools
(`pop-bot render`, `pop-bot demo`, `pop-bot bench`). One entry a game, one registration line."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.ratings.rules import RatingRule, every_seat_alone
from bot.texts.i18n import game_texts
from engine.protocol import Json, Recorded

if TYPE_CHECKING:
    from bot.tables.faces import TableFace
    from render.kit import Picture


@dataclass(frozen=True)
class DemoRequest:
    """`pop-bot demo`'s flags: a whole game among AI seats, offline."""

    out: str
    seats: int | None  # None: the game's usual number
    seed: int = 1
    mode: str | None = None  # None: the game's first mode
    level: str = "hard"
    sets: int = 1
    lang: str = "en"  # the pictures' words and alt texts in this table language
    deal_seed: int | None = None  # the deal's seed (its fair-deal proof's); None: `seed`


@dataclass(frozen=True)
class DemoGame:
    """What a demo played: the game's record, and every picture its table showed, in order."""

    record: dict[str, Json]
    pictures: list[Picture]
    first: int = 1  # the number of the first picture's file (a game's demo may count from 000)


@dataclass(frozen=True)
class RenderRequest:
    """`pop-bot render`'s record (parsed JSON, its game's `format`) and table language."""

    record: Json
    lang: str = "en"
    # The seats' names as the pictures draw them (a replay's: the table's); None: their ids.
    names: Mapping[str, str] | None = None


@dataclass(frozen=True)
class BenchRequest:
    """`pop-bot bench engine|ai|render`'s flags (each game reads those it has)."""

    seconds: float = 3.0
    games: int = 1000
    trick_games: int = 1000
    solo_games: int = 150
    coop_games: int = 100
    coop_games_3: int | None = None
    coop_seats: tuple[int, ...] = (3, 4, 5)
    jobs: int | None = None
    vs_games: int = 400  # games a match against the outside opponents (Coloretto, Colorpop)


@dataclass(frozen=True)
class GameTools:
    """A game's command-line tools; None where it has none."""

    demo_modes: tuple[str, ...] = ()  # the `--mode` values it knows (the first is the default)
    # Why `demo` cannot play these flags (a seat count the mode does not allow), or None.
    demo_problem: Callable[[DemoRequest], str | None] | None = None
    demo: Callable[[DemoRequest], DemoGame] | None = None
    # How many seats the demo deals to (its fairness.json names a join id each), or None
    # when its game is not dealt from a seed (Pop's Enigma); no function: no proof at all.
    demo_table: Callable[[DemoRequest], int | None] | None = None
    # Every picture a table showed of a recorded game, as the bot draws them (RecordError, a
    # ValueError, for a broken record).
    render: Callable[[RenderRequest], list[Picture]] | None = None
    bench_engine: Callable[[BenchRequest], int] | None = None
    bench_ai: Callable[[BenchRequest], int] | None = None
    bench_render: Callable[[BenchRequest], int] | None = None
    # Does the picture of this file name (one of `render`'s) begin a turn? A replay's Turn…
    # counts turns by it; None: every picture is a turn of its own.
    starts_turn: Callable[[str], bool] | None = None


@dataclass(frozen=True)
class GameEntry:
    key: str
    rules: Recorded  # the game, as reading its records needs it
    face: Callable[[], TableFace]
    tools: GameTools = GameTools()
    # Texts the game brings itself, by language (the four games': `game_texts`, their own
    # catalogues in data/<game>/locales/), and the families of run-time keys they fill (each
    # game's keys.py lists its own): both known to the catalogues when the game registers.
    texts: Mapping[str, Mapping[str, object]] = field(default_factory=dict)
    keys: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # Which of its finished games are rated, and who stands together (`bot.ratings.rules`): by
    # default every seat on its own, a higher score better.
    rating: RatingRule = every_seat_alone
    # The version of its AI, in its AI levels' rated players ("ai:hard@1"): raised when the AI
    # plays differently, so a stronger AI starts a rating of its own.
    ai_version: int = 1
    # Its rating pools, in the order its boards list them ("": one pool, the game's own).
    pools: tuple[str, ...] = ("",)
    accent: int = 0x5865F2  # the colour down the side of its messages (Discord's blurple)
    # Its finished games not rated offer Review (`bot.tables.reviews`): its expert judges.
    reviews: bool = False


def lazy(module: str, name: str) -> Callable[..., Any]:
    """A game's own tool, imported when it runs: `pop-bot` starts without loading every game's
    benchmarks and pictures."""

    def run(*args: Any, **kwargs: Any) -> Any:
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    return run


def seat_check(
    what: str, seats: tuple[int, int], usual: int = 4, solo: bool = False
) -> Callable[[DemoRequest], str | None]:
    """`demo`'s check of `--seats` against the game's seat range (`solo`: one seat plays the
    game's solo mode)."""

    def check(request: DemoRequest) -> str | None:
        count = request.seats or usual
        return None if solo and count == 1 else seat_problem(what, count, *seats)

    return check


def seated_demo(
    demo_game: Callable[..., tuple[dict[str, Json], list[Picture]]],
    words: Callable[[str], dict[str, Any]] | None = None,
    usual: int = 4,
    first: int = 1,
) -> Callable[[DemoRequest], DemoGame]:
    """`demo` for a game whose demo takes the seats, the seed, and (from `words(lang)`) its
    words in the request's language; its pictures' files count from `first`."""

    def run(request: DemoRequest) -> DemoGame:
        said = words(request.lang) if words is not None else {}
        seats, seed = request.seats or usual, request.seed
        record, pictures = demo_game(seats=seats, seed=seed, deal_seed=request.deal_seed, **said)
        return DemoGame(record, pictures, first)

    return run


def usual_seats(usual: int = 4) -> Callable[[DemoRequest], int | None]:
    """`demo_table` for a game whose demo seats `--seats` or `usual` people (`seated_demo`)."""
    return lambda request: request.seats or usual


def timed_bench(main: Callable[..., int]) -> Callable[[BenchRequest], int]:
    """`bench engine` for a game whose benchmark takes only how long to measure."""
    return lambda request: main(seconds=request.seconds)


def games_bench(main: Callable[..., int]) -> Callable[[BenchRequest], int]:
    """`bench ai` for a game whose benchmark takes only how many games to play."""
    return lambda request: main(games=request.games)


def versus_bench(main: Callable[..., int]) -> Callable[[BenchRequest], int]:
    """`bench ai` for a game whose benchmark also plays its levels against outside opponents."""
    return lambda request: main(games=request.games, vs_games=request.vs_games, jobs=request.jobs)


def seated_tools(
    key: str,
    seats: tuple[int, int],
    words: Callable[[str], dict[str, Any]],
    render: Callable[[RenderRequest], list[Picture]],
    *,
    versus: bool = False,
    solo: bool = False,
    first_picture: int = 1,
    starts_turn: Callable[[str], bool] | None = None,
) -> GameTools:
    """The tools of a game laid out as the simple games are: its demo in `render.<key>.demo`
    (`demo_game`, seated, its pictures' files counted from `first_picture`), its benchmarks in
    `engine.<key>.bench` (`bench_engine_main`, timed) and `engine.<key>.bench_ai`
    (`bench_ai_main`, by games; `versus`: and by games against outside opponents); `render`
    draws a record."""
    bench_ai = versus_bench if versus else games_bench
    return GameTools(
        demo_problem=seat_check(key, seats, solo=solo),
        demo=seated_demo(lazy(f"render.{key}.demo", "demo_game"), words, first=first_picture),
        demo_table=usual_seats(),
        render=render,
        starts_turn=starts_turn,
        bench_engine=timed_bench(lazy(f"engine.{key}.bench", "bench_engine_main")),
        bench_ai=bench_ai(lazy(f"engine.{key}.bench_ai", "bench_ai_main")),
    )


def draw_record(
    render: Callable[[RenderRequest], list[Picture]],
    record: Json,
    lang: str,
    names: Mapping[str, str],
) -> list[Picture]:
    """A record's pictures for its replay in the bot, drawn by a picture worker: the game's
    `render` (a module-level function, as this is: both travel to the worker by name)."""
    return render(RenderRequest(record, lang, names))


def face_from(module: str, name: str) -> Callable[[], TableFace]:
    """A game's face, built from its module when the bot runs (the command-line tools never
    import discord.py)."""

    def build() -> TableFace:
        face: TableFace = getattr(importlib.import_module(module), name)()
        return face

    return build


def hosted(
    key: str,
    rules: Recorded,
    face: str,
    tools: GameTools,
    keys: Mapping[str, tuple[str, ...]],
    rating: RatingRule = every_seat_alone,
    accent: int = 0x5865F2,
    pools: tuple[str, ...] = ("",),
    reviews: bool = False,
) -> GameEntry:
    """The entry of a game laid out as the hosted games are: its face the class `face` of
    `bot/games/<key>/face.py` (built when the bot runs), its texts in `data/<key>/locales/`."""
    return GameEntry(
        key,
        rules,
        face_from(f"bot.games.{key}.face", face),
        tools,
        texts=game_texts(key),
        keys=keys,
        rating=rating,
        pools=pools,
        accent=accent,
        reviews=reviews,
    )


def seat_problem(what: str, seats: int, low: int, high: int) -> str | None:
    """`demo`'s one line for a seat count outside [low, high], or None."""
    if low <= seats <= high:
        return None
    allowed = str(low) if low == high else f"{low} to {high}"
    word = "seat" if high == 1 else "seats"
    return f"pop-bot demo: {what} is played by {allowed} {word}, not {seats}"
