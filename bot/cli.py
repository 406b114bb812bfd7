"""The `pop-bot` command.

Subcommands import what they need when they run, so that `pop-bot replay` or `pop-bot bench engine`
start fast and never load discord.py.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.games.entry import GameEntry

# The load benchmark drives the bot through the test emulator, which is not installed with it.
BENCH_LOAD_MOVED = (
    "pop-bot bench load moved to the checkout's tests: .venv/bin/python -m tests.load --tables 100"
)


def _run(_args: argparse.Namespace) -> int:
    from bot.running.main import run_bot

    return run_bot()


def _check(args: argparse.Namespace) -> int:
    from bot.running.check import check_main

    return check_main(alive=args.alive)


def _replay(args: argparse.Namespace) -> int:
    if not args.files and sys.stdin.isatty():  # nothing piped in: say how, do not wait silently
        print(
            "pop-bot replay: give a record file (or '-' to read one from standard input, "
            "e.g. pop-bot demo | pop-bot replay -)",
            file=sys.stderr,
        )
        return 2
    from bot.games import recorded
    from engine.replay_cli import replay_main

    return replay_main(args.files, recorded(), jsonl=args.jsonl)


def _verify(args: argparse.Namespace) -> int:
    from bot.games import recorded
    from engine.verify_cli import verify_main

    return verify_main(args.record, args.fairness, recorded())


def _games() -> dict[str, GameEntry]:
    from bot.games import GAMES

    return GAMES


def _unavailable(args: argparse.Namespace) -> int:
    what = f" {args.what}" if getattr(args, "what", "") else ""
    print(f"pop-bot {args.command}{what}: not available for {args.game}", file=sys.stderr)
    return 2


def _bench(args: argparse.Namespace) -> int:
    tools = _games()[args.game].tools
    runs = {"engine": tools.bench_engine, "ai": tools.bench_ai, "render": tools.bench_render}
    run = runs[args.what]
    if run is None:
        return _unavailable(args)
    from bot.games.entry import BenchRequest

    request = BenchRequest(
        seconds=3.0 if args.seconds is None else args.seconds,
        games=args.games,
        trick_games=args.trick_games,
        solo_games=args.solo_games,
        coop_games=args.coop_games,
        coop_games_3=args.coop_games_3,
        coop_seats=tuple(args.coop_seats),
        jobs=args.jobs,
        vs_games=args.vs_games,
    )
    return run(request)


def _render(args: argparse.Namespace) -> int:
    from bot.running.picture_tools import render_main

    return render_main(args.record, args.out, _games(), args.lang)


def _demo(args: argparse.Namespace) -> int:
    tools = _games()[args.game].tools
    if tools.demo is None:
        return _unavailable(args)
    mode = args.mode if tools.demo_modes else None
    from bot.games.entry import DemoRequest
    from bot.running.picture_tools import demo_main

    request = DemoRequest(args.out, args.seats, args.seed, mode, args.level, args.sets, args.lang)
    return demo_main(tools, request)


def _positive(kind: Callable[[str], float]) -> Callable[[str], float]:
    """An argparse type: a number above zero (0 or less is refused, not replaced)."""

    def parse(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if not value > 0:
            raise argparse.ArgumentTypeError(f"must be more than 0, not {text}")
        return value

    parse.__name__ = kind.__name__
    return parse


NEEDS_GAMES = ("bench", "demo")  # the commands whose flags name games: the rest start without


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The command line; the games' names and modes are read only for the commands that take
    them (so `pop-bot replay` loads no game beyond the records' readers)."""
    first = next((a for a in (sys.argv[1:] if argv is None else argv) if not a.startswith("-")), "")
    keys = list(_games()) if first in NEEDS_GAMES else []
    parser = argparse.ArgumentParser(prog="pop-bot", description="Pop on Discord.")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("run", help="run the bot (needs DISCORD_TOKEN)").set_defaults(func=_run)
    check = sub.add_parser(
        "check",
        help="check settings, database, migrations and data files;"
        " exit 0 only if all pass (never prints the token)",
    )
    check.add_argument(
        "--alive",
        action="store_true",
        help="also check that the running bot is alive: its heartbeat is fresh and its gateway"
        " connected (a container's HEALTHCHECK)",
    )
    check.set_defaults(func=_check)
    _add_replay(
        sub.add_parser(
            "replay",
            help="replay game records (any game, by their format) and print their summaries",
        )
    )
    _add_verify(
        sub.add_parser(
            "verify",
            help="check a game record's deal against its proof (fairness.json from /table"
            " record or demo): one line, exit 0 if it is the committed deal",
        )
    )
    _add_render(
        sub.add_parser(
            "render", help="draw every picture a table showed of a recorded game, as PNG files"
        )
    )
    _add_bench(sub.add_parser("bench", help="benchmarks that print JSON"), keys)
    _add_demo(
        sub.add_parser(
            "demo",
            help="play a whole game among AI seats offline: pictures "
            "in a folder, the game's record on stdout",
        ),
        keys,
    )
    return parser


def _add_replay(replay: argparse.ArgumentParser) -> None:
    replay.add_argument("files", nargs="*", help="record files ('-' reads stdin)")
    replay.add_argument(
        "--jsonl", action="store_true", help="read JSON Lines; one summary line per input line"
    )
    replay.set_defaults(func=_replay)


def _add_verify(verify: argparse.ArgumentParser) -> None:
    verify.add_argument("record", help="a game record (any game's; '-' reads stdin)")
    verify.add_argument("fairness", help="its fair-deal/1 proof, fairness.json")
    verify.set_defaults(func=_verify)


def _add_render(render: argparse.ArgumentParser) -> None:
    render.add_argument("record", help="a game record, any game's ('-' reads stdin)")
    render.add_argument("--out", required=True, help="folder for the PNG files")
    _add_lang(render)
    render.set_defaults(func=_render)


def _add_lang(parser: argparse.ArgumentParser) -> None:
    from bot.texts.i18n import languages

    parser.add_argument(
        "--lang",
        default="en",
        choices=languages(),
        help="the table language of the pictures' words and alt texts (default en)",
    )


def _add_bench(bench: argparse.ArgumentParser, keys: list[str]) -> None:
    bench.add_argument("what", choices=["engine", "render", "ai"])
    bench.add_argument(
        "--game", default="pop", choices=keys or None, help="which game (default pop)"
    )
    bench.add_argument(
        "--seconds",
        type=_positive(float),
        default=None,
        help="how long to measure (engine, render: 3)",
    )
    _add_bench_ai(bench)
    bench.add_argument(
        "--jobs",
        type=_positive(int),
        default=None,
        help="ai: worker processes (default: one per core)",
    )
    bench.set_defaults(func=_bench)


def _add_bench_ai(bench: argparse.ArgumentParser) -> None:
    """`bench ai`'s counts of games (each game reads those it has)."""
    bench.add_argument(
        "--games", type=int, default=1000, help="ai: competitive games per pairing of levels"
    )
    bench.add_argument(
        "--vs-games",
        type=int,
        default=400,
        help="ai (Coloretto, Colorpop, Pop): games per match of hard and expert against outside"
        " opponents (random, greedy, Monte Carlo) and of expert against hard, at 2 and 3 seats",
    )
    bench.add_argument(
        "--trick-games", type=int, default=1000, help="ai: Trick games per pairing of levels"
    )
    bench.add_argument(
        "--coop-games",
        type=int,
        default=100,
        help="ai: cooperative games per seat count (3, 4, 5): each level silent and with table"
        " talk, and the see-all ceiling, on the same deals",
    )
    bench.add_argument(
        "--coop-games-3",
        type=int,
        default=None,
        help="ai: cooperative games at 3 seats only (default: --coop-games); the ceiling wins"
        " about 1 in 100 there, so measuring it takes 1,000 or more",
    )
    bench.add_argument(
        "--coop-seats",
        type=int,
        nargs="+",
        choices=(3, 4, 5),
        default=(3, 4, 5),
        help="ai: which cooperative seat counts to play (default 3 4 5)",
    )
    bench.add_argument(
        "--solo-games", type=int, default=150, help="ai: solo games per difficulty and level"
    )


def _add_demo(demo: argparse.ArgumentParser, keys: list[str]) -> None:
    demo.add_argument("--out", default="pop-demo", help="folder for the PNG files")
    demo.add_argument("--game", default="pop", choices=keys or None)
    games = _games() if keys else {}
    modes = list(dict.fromkeys(m for entry in games.values() for m in entry.tools.demo_modes))
    demo.add_argument(
        "--mode", default=modes[0] if modes else None, choices=modes or None, help="pop's modes"
    )
    demo.add_argument(
        "--seats", type=int, default=None, help="how many AI seats (default 4; solo, Enigma: 1)"
    )
    demo.add_argument("--level", default="hard", choices=["easy", "normal", "hard"])
    _add_lang(demo)
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--sets", type=int, default=1, help="competitive/Trick: sets (1-3)")
    demo.set_defaults(func=_demo)


def main(argv: list[str] | None = None) -> int:
    if (sys.argv[1:] if argv is None else argv)[:2] == ["bench", "load"]:
        print(BENCH_LOAD_MOVED, file=sys.stderr)
        return 2
    args = build_parser(argv).parse_args(argv)
    code: int = args.func(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
