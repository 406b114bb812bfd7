"""Shared fixtures: a loopback Discord (``emu``), its standard world, and a bot starter.

async def test_story(world, start_bot):
    await start_bot(make_my_bot)
    table = await world.ana.slash("pop", "new", mode="coop")
    await world.ben.click(table.message, label="Join")
"""

from __future__ import annotations

import discord.gateway
import discord.http
import pytest

from bot.tables import workers
from tests.discord_emulator import BotRunner, Emulator, World, build_world

# The bot's picture workers run at a lower CPU priority than the bot (bot/tables/workers.py): on its
# own machine a click is answered before a picture is drawn. In a test run the machine is shared
# with the rest of the suite (three workers, the AI benchmarks beside the end-to-end stories)
# and whatever else runs there, all at the normal priority: the stories' pictures waited behind
# all of it, up to minutes under load. In the test processes they draw at the bot's own
# priority (and so does the AI); tests/bot/test_workers.py checks the bot's own setting in a
# fresh process.
workers.PICTURES.nice = workers.AI.nice = 0

# --- Running in parallel (`make test`: pytest -n N) ----------------------------------------
#
# The longest tests, with the seconds each took alone, one after another in one process, on a
# quiet 2-core machine (their order matters here, not the figures; under `make test` the ones
# that compute take longer and the ones that wait do not): they run first, so that the run does
# not end waiting on one of them started late.
LONGEST = {
    "tests/bot/test_tournaments_e2e.py::test_a_swiss_tournament_of_coloretto_to_its_end": 21,
    "tests/bot/test_tournaments_e2e.py::test_a_round_robin_of_colorpop_duels_with_a_restart": 9,
    "tests/shards/test_bench_load.py::test_paused_tables_pressed_by_their_players": 22,
    "tests/shards/test_bench_load.py::test_bench_load_prints_one_json_object": 20,
    "tests/shards/test_bench_load.py::test_idle_tables_wait_in_the_database": 17,
    "tests/shards/test_two_processes.py::test_two_processes_serve_their_own_shards": 16,
    "tests/ai/test_coop_ai.py::test_bench_ai_reports_the_ceiling_beside_each_level_per": 15,
    "tests/ai/test_demo.py::test_demo_draws_the_pictures_and_alt_texts_in_the_language_asked[colorpop]": 14,
    "tests/bot/test_heartbeat_e2e.py::test_check_alive_sees_a_live_bot": 12,
    "tests/bot/test_graceful_stop_e2e.py::test_a_stop_amid_posts_is_quiet": 10,
    "tests/shards/test_budget_share.py::test_two_processes_together_stay_under": 10,
    "tests/bot/test_resilience_e2e.py::test_a_table_that_falls_behind_groups_steps": 9,
    "tests/ai/test_coop_ai.py::test_talking_ai_partners_survive_longer": 11,
    "tests/render/test_fingerprint.py::test_pictures_are_drawn_byte_for_byte_as_recorded[colorpop-c": 9,
    "tests/bot/test_colorpop_e2e.py::test_every_pick_is_recorded_at_the_cell": 8,
    "tests/bot/test_colorpop_e2e.py::test_refusals_change_nothing_and_a_restart": 8,
    "tests/coloretto/test_ai.py::test_hard_clearly_beats_easy_over_100": 4,
    "tests/bot/test_replays_e2e.py::test_every_picture_of_a_finished_game_is_reachable_privately[colorpop]": 8,
    "tests/bot/test_colorpop_e2e.py::test_a_solo_game_with_two_colours": 8,
    "tests/bot/test_fair_deals_e2e.py::test_colorpop_by_clicks_verifies": 7,
    "tests/bot/test_colorpop_e2e.py::test_a_competitive_game_of_three_to_the_end": 7,
    "tests/engine/test_fair_deals.py::test_demo_writes_a_proof_that_verify_accepts[colorpop": 7,
    "tests/bot/test_colorpop_e2e.py::test_teams_partners_share_their_colours": 7,
    "tests/bot/test_defects_e2e.py::test_a_stop_between_create_and_answer": 7,
    "tests/bot/test_ratings_e2e.py::test_three_games_move_the_leaderboard": 7,
    "tests/bot/test_challenges_e2e.py::test_a_challenge_of_three_members_to_its_end": 7,
    "tests/bot/test_game_e2e.py::test_three_seat_competitive_game_by_clicks": 6,
    "tests/bot/test_rating_pools_e2e.py::test_an_ai_levels_one_rating_is_shown_in_two": 7,
    "tests/bot/test_names_in_every_face.py::test_a_whole_game_names_its_seats_as_written[colorpop]": 7,
    "tests/bot/test_nonce_answers_e2e.py::test_a_colorpop_move_message_answered_after_a_kill": 7,
    "tests/bot/test_fair_deals_e2e.py::test_coloretto_by_clicks_verifies": 7,
    "tests/bot/test_resilience_e2e.py::test_twenty_tables_at_once_meet_every_deadline": 7,
    "tests/packaging/test_wheel.py": 6,
    "tests/bot/test_transcripts.py::test_a_seeded_game_shows_what_it_showed[colorpop]": 6,
    "tests/render/test_fingerprint.py::test_pictures_are_drawn_byte_for_byte_as_recorded[colorpop-s": 6,
    "tests/bot/test_nonce_answers_e2e.py::test_a_coloretto_turn_message_answered_after": 6,
    "tests/bot/test_table_e2e.py::test_a_deleted_thread_ends_its_table": 5,
    "tests/bot/test_log_secrets_e2e.py::test_a_game_logged_at_debug": 5,
    "tests/bot/test_coloretto_e2e.py::test_a_seat_takes_the_golden_joker": 5,
    "tests/emulator/test_faults.py::test_lost_session_makes_the_bot_identify_again": 5,
    "tests/emulator/test_rules.py::test_sixth_message_in_5_s_meets_a_429": 5,
    "tests/shards/test_emulator_shards.py::test_gateway_bot_recommends_the_shard_count": 5,
}
# Tests that never run at the same time as one another: each starts bot processes of its own
# (with their picture and AI workers) or holds the bot to Discord's real 3 s deadline, and
# measures it; together they would mostly measure each other.
ONE_AT_A_TIME = (
    "tests/shards/test_bench_load.py::test_bench_load_prints_one_json_object",
    "tests/shards/test_budget_share.py",
    "tests/shards/test_two_processes.py",
    "tests/bot/test_resilience_e2e.py::test_twenty_tables_at_once_meet_every_deadline",
    "tests/bot/test_table_e2e.py::test_a_click_whose_commit_is_slow_is_still_answered",
)


def _seconds(nodeid: str) -> float:
    return max((s for prefix, s in LONGEST.items() if nodeid.startswith(prefix)), default=0)


def _one_at_a_time(nodeid: str) -> bool:
    return nodeid.startswith(ONE_AT_A_TIME)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest tests first, longest of all first; the others keep their order."""
    items.sort(key=lambda item: -_seconds(item.nodeid))


def pytest_xdist_make_scheduler(config, log):
    """`-n N` (xdist's `load` distribution) with two rules of its own; see `LongestFirst`."""
    if config.getoption("dist") != "load":
        return None
    from xdist.scheduler import LoadScheduling

    class LongestFirst(LoadScheduling):
        """xdist's `load` scheduling, one test at a time, in the collection's order (longest
        first), except that a worker is never given a long test to run after the long one it
        has (each worker holds the test it runs and the next one), and a test of
        `ONE_AT_A_TIME` waits while another of them is held by another worker. When nothing
        else is left, the next test goes anyway."""

        def __init__(self, config, log=None):
            super().__init__(config, log)
            self.maxschedchunk = 1  # a worker holds the test it runs and the next one

        def _pick(self, held: list[int]) -> int:
            assert self.collection is not None
            ids = self.collection
            long_held = any(_seconds(ids[i]) for i in held)
            elsewhere = {i for items in self.node2pending.values() for i in items if i not in held}
            exclusive_busy = any(_one_at_a_time(ids[i]) for i in elsewhere)
            for i in self.pending:
                if long_held and _seconds(ids[i]):
                    continue
                if exclusive_busy and _one_at_a_time(ids[i]):
                    continue
                return i
            return self.pending[0]

        def _send_tests(self, node, num: int) -> None:
            chosen: list[int] = []
            while self.pending and len(chosen) < num:
                index = self._pick(self.node2pending[node] + chosen)
                self.pending.remove(index)
                chosen.append(index)
            if chosen:
                self.node2pending[node].extend(chosen)
                node.send_runtest_some(chosen)

    return LongestFirst(config, log)


@pytest.fixture
async def emu():
    """A running emulator with an empty world (see ``world`` for the usual one).

    Fails the test at teardown if any request body broke Discord's OpenAPI description (a test
    that sends one on purpose takes them with ``emu.take_schema_violations()``).
    """
    saved = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    async with Emulator() as emulator:
        yield emulator
    discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = saved
    assert_no_schema_violations(emulator)


def assert_no_schema_violations(emulator: Emulator) -> None:
    """Fail with one line per violation: the route, the JSON path in the body, what was sent."""
    violations = emulator.take_schema_violations()
    unique = list(dict.fromkeys(str(v) for v in violations))
    assert not unique, (
        f"{len(violations)} request bod(ies) broke Discord's OpenAPI description "
        "(tests/discord_emulator/openapi/README.md lists the known exceptions):\n  "
        + "\n  ".join(unique)
    )


@pytest.fixture
def world(emu: Emulator) -> World:
    """Guild "Pop Club", #general and #games, players ana, ben, cleo (all in #games)."""
    return build_world(emu)


@pytest.fixture
def bot_env(emu: Emulator, tmp_path, monkeypatch):
    """The environment `pop-bot run` reads, pointing at the emulator and a temporary database."""
    monkeypatch.setenv("POP_DISCORD_API_BASE", emu.api_base)
    monkeypatch.setenv("POP_DISCORD_GATEWAY_URL", emu.gateway_url)
    monkeypatch.setenv("DISCORD_TOKEN", emu.token)
    monkeypatch.setenv("POP_DATABASE_PATH", str(tmp_path / "pop.sqlite3"))
    # Tests click faster than people and open many tables at once: the limits are lifted here,
    # and set where they are the subject (tests/bot/test_limits_e2e.py).
    for limit in ("TABLES_PER_USER", "TABLES_PER_CHANNEL", "TABLES_PER_SERVER"):
        monkeypatch.setenv(f"POP_{limit}", "1000")
    monkeypatch.setenv("POP_CLICKS_PER_SECOND", "1000")
    return tmp_path


@pytest.fixture
async def start_bot(emu: Emulator):
    """``runner = await start_bot(make_client)``: build a client (a factory or coroutine
    function returning a discord.Client), run ``client.start(token)`` against the emulator and
    wait until ready. ``await runner.restart()`` simulates a process restart. Stopped at teardown.
    """
    runners: list[BotRunner] = []

    async def start(make_client) -> BotRunner:
        runner = BotRunner(emu, make_client)
        runners.append(runner)
        await runner.start()
        return runner

    yield start
    for runner in reversed(runners):
        await runner.stop()
