"""A finished game's Replay without Discord: the results post offers it, it outlives the
controls that go stale, each game's pictures are counted in turns, and a finished game's seed
is kept for it (`bot.tables.replays`, `bot.tables.replay_view`)."""

from __future__ import annotations

from bot.games import GAMES
from bot.model import life
from bot.model.layout import Layout, Row, Rule, Text
from bot.model.posts import Button, Post
from bot.posting import composer
from bot.tables.replay_view import turns_of
from render.kit import Picture
from tests.factories import a_table

REMATCH = Button("rematch", "Rematch", "success")
REPLAY = Button("replay", "Replay", "primary", "3")


def test_the_results_post_offers_replay_of_its_game_by_number():
    ending = composer.Ending("Rematch", replay="Replay", game_no=3)
    [shown] = composer.finished([Post("🏆 Ana wins", results=True)], ending)
    assert shown.controls == [REMATCH, REPLAY]
    [without] = composer.finished([Post("🏆", results=True)], composer.Ending("Rematch"))
    assert without.controls == [REMATCH]  # a game that draws no record offers none


def test_replay_outlives_rematch_when_the_next_game_is_dealt():
    offered = Post("🏆", controls=[REMATCH, REPLAY], results=True)
    playing = a_table("pop", status="playing", games=4)
    assert composer.offered(offered, playing, 3).controls == [REPLAY]


def test_a_message_whose_controls_go_keeps_its_replay():
    laid = Layout(1, (Text("🏆"), Rule(), Row((REMATCH, REPLAY))))
    assert laid.without_controls() == Layout(1, (Text("🏆"), Rule(), Row((REPLAY,))))
    plain = Layout(1, (Text("turn"), Rule(), Row((REMATCH,))))
    assert plain.without_controls() == Layout(1, (Text("turn"),))


def named(*names: str) -> list[Picture]:
    return [Picture(b"", "", name) for name in names]


def test_each_game_counts_its_turns_by_its_pictures():
    pop = GAMES["pop"].tools.starts_turn
    shots = named("board-s1-t1.png", "s1-t1-01-placed.png", "board-s1-t2.png", "results.png")
    assert pop is not None
    assert turns_of(shots, pop) == (1, 1, 2, 2)
    colorpop = GAMES["colorpop"].tools.starts_turn
    shots = named("colorpop-board.png", "colorpop-1-1.png", "colorpop-board.png")
    assert colorpop is not None
    assert turns_of(shots, colorpop) == (1, 1, 2)
    coloretto = GAMES["coloretto"].tools.starts_turn
    shots = named("coloretto-start.png", "coloretto-v001.png", "coloretto-v001-results.png")
    assert coloretto is not None
    assert turns_of(shots, coloretto) == (1, 2, 2)
    colourist = GAMES["colourist"].tools.starts_turn
    shots = named("round-1.png", "reveal-1.png", "round-2.png", "results.png")
    assert colourist is not None
    assert turns_of(shots, colourist) == (1, 1, 2, 2)


def test_a_finished_game_keeps_its_seed_for_its_replay_and_only_the_latest_ones():
    table = a_table("pop", status="playing", games=1)
    table.seed = 1234
    table.private = True  # its seed is the one it replays from
    life.finish(table)
    assert table.replays == {1: 1234}
    for game in range(2, life.KEPT_REPLAYS + 3):
        table.status, table.games, table.seed = "playing", game, game
        life.finish(table)
    assert len(table.replays) == life.KEPT_REPLAYS
    assert min(table.replays) == 3
    assert table.replays[life.KEPT_REPLAYS + 2] == life.KEPT_REPLAYS + 2
