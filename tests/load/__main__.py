"""`.venv/bin/python -m tests.load --tables 100`: run from a checkout, prints one JSON line."""

from __future__ import annotations

import argparse
import sys

from .bench_load import bench_load_main


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m tests.load",
        description="Many four-seat tables at once through the loopback Discord; one JSON line.",
    )
    parser.add_argument(
        "--tables", type=int, default=100, help="four-seat tables played at once (default: 100)"
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=60.0,
        help="how long to measure once every table plays (default: 60)",
    )
    parser.add_argument(
        "--duration",
        type=float,
        default=None,
        metavar="SECONDS",
        help="a soak: measure for this many seconds (instead of --seconds), RSS sampled throughout",
    )
    parser.add_argument(
        "--rss-every",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="how often RSS per table is sampled in the window (default: 10)",
    )
    parser.add_argument(
        "--find-max", action="store_true", help="also find the most tables that meet every target"
    )
    parser.add_argument(
        "--humans", type=int, default=2, help="human seats per table (the rest are AI seats)"
    )
    parser.add_argument(
        "--database-url",
        default=None,
        help="PostgreSQL URL for the bot (default: a fresh SQLite file)",
    )
    parser.add_argument(
        "--finish",
        type=int,
        default=0,
        metavar="N",
        help="leave each table when its game ends and open a new one, until N "
        "games have finished; reports RSS every 50 (memory must stay flat)",
    )
    parser.add_argument(
        "--flood",
        action="store_true",
        help="run twice, without and with one server flooding the bot (tables and clicks as "
        "fast as its limits allow): the other servers' p99s side by side",
    )
    parser.add_argument(
        "--pairs",
        type=int,
        default=1,
        metavar="N",
        help="with --flood or --tournament: N runs without and N with, in turn; the figures "
        "are their medians",
    )
    parser.add_argument(
        "--idle",
        type=int,
        default=0,
        metavar="N",
        help="run twice, without and with N slow tables (24-hour timers, a few moves made) "
        "waiting in the database when the bot starts: memory side by side, their clicks' "
        "answers and their deadlines after the restart",
    )
    parser.add_argument(
        "--paused",
        type=int,
        default=0,
        metavar="N",
        help="N paused tables (their threads refuse the bot's posts) waiting in the database "
        "when the bot starts, pressed by their players meanwhile: the bot's invalid requests "
        "(401/403/429) since it started",
    )
    parser.add_argument(
        "--tournament",
        type=int,
        default=0,
        metavar="N",
        help="run twice, without and with one more server starting an N-player Swiss "
        "tournament of Coloretto (tables of 4) in the window: its round's tables, the global "
        "429s, and the other servers' answer p99 side by side",
    )
    parser.add_argument(
        "--profile",
        default=None,
        metavar="FILE",
        help="cProfile the bot's event loop into FILE, print the top",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return bench_load_main(
        tables=args.tables,
        seconds=args.duration if args.duration is not None else args.seconds,
        find_max_tables=args.find_max,
        humans=args.humans,
        database_url=args.database_url,
        profile=args.profile,
        finish=args.finish,
        rss_every=args.rss_every,
        flood=args.flood,
        idle=args.idle,
        pairs=args.pairs,
        paused=args.paused,
        tournament=args.tournament,
    )


if __name__ == "__main__":
    sys.exit(main())
