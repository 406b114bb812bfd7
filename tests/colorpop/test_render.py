"""The Colorpop pictures: one landscape frame whatever the seats, the group picked ringed, the
picture after a move telling the whole move (what left, what slid down, what moved left), the
results by place with what decided, and no secret in a public picture."""

from __future__ import annotations

import dataclasses
import io

import pytest
from PIL import Image

from engine.colorpop import rules
from engine.colorpop.adapter import COLORPOP, ColorpopOptions
from engine.colorpop.events import GroupRemoved, RailsShifted, TokensFell
from render import frame
from render import style as S
from render.colorpop import board as B
from render.colorpop.marks import marks_after
from render.colorpop.picture import GRID, HEIGHT, scene_picture
from render.colorpop.scenes import Scene, move_scenes, places, turn_scene
from tests.render.readable import drawn_while

from .helpers import random_game


def image(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(png)).convert("RGB")


def start(seats: int = 3, seed: int = 3, mode: str = "competitive"):
    ids = ["ana", "ben", "cai", "dan", "eve"][:seats]
    return COLORPOP.start(ColorpopOptions.model_validate({"mode": mode}), ids, seed)


def first_move(state):
    """The first move's scenes: (turn, picked, fell...), and the events."""
    was = COLORPOP.view(state, None)
    group = rules.legal_groups(state.board)[0]
    after, events = COLORPOP.apply(
        state, was.on_turn, COLORPOP.load_move({"pick": rules.cell_name(group.anchor)})
    )
    return [turn_scene(was), *move_scenes(was, events, COLORPOP.view(after, None))], events


def test_every_picture_is_one_landscape_size_whatever_the_seats_and_the_phase():
    sizes = set()
    for seats, mode in ((1, "solo"), (2, "duel"), (4, "teams"), (5, "competitive")):
        scenes, _ = first_move(start(seats, mode=mode))
        sizes |= {image(scene_picture(s)).size for s in scenes}
    final = random_game(11)
    assert final.over
    sizes.add(image(scene_picture(move_scenes_final(final))).size)
    assert sizes == {(frame.WIDTH, HEIGHT)}
    assert HEIGHT < frame.WIDTH


def move_scenes_final(state):
    """The results scene of a finished game."""
    v = COLORPOP.view(state, None)
    return Scene("final", v, v.board, v.move_number, None)


def test_the_group_picked_is_ringed_and_the_rest_of_the_board_faded():
    scenes, _ = first_move(start())
    turn, picked = scenes[0], scenes[1]
    assert picked.kind == "picked"
    assert picked.ringed
    plain, ringed = image(scene_picture(turn)), image(scene_picture(picked))
    x, y = GRID.cell(picked.ringed[0])
    gold = S.rgb(B.RING)
    edge = [ringed.getpixel((x + 1 + i, y + GRID.pitch // 2)) for i in range(4)]
    assert any(max(abs(a - b) for a, b in zip(c, gold, strict=True)) < 16 for c in edge), edge
    outside = next(
        c for c in ((r, w) for r in range(10) for w in range(10)) if c not in picked.ringed
    )
    ox, oy = GRID.cell(outside)
    centre = (ox + GRID.pitch // 2, oy + GRID.pitch // 2)
    assert ringed.getpixel(centre) != plain.getpixel(centre)  # faded


def test_the_picture_after_a_move_shows_what_left_and_what_moved():
    """Marks follow the rules' own events: every token of the group left a ghost in the cells
    its rail freed, every token that slid down is marked with how far, and after a rail shift
    every token that moved left too."""
    shifts = 0
    for seed in range(12):
        state = random_game(seed, stop_after=25)
        if state.over:
            continue
        was = COLORPOP.view(state, None)
        for group in rules.legal_groups(state.board):
            _, events = COLORPOP.apply(
                state, was.on_turn, COLORPOP.load_move({"pick": rules.cell_name(group.anchor)})
            )
            removed = next(e for e in events if isinstance(e, GroupRemoved))
            fell = next((e for e in events if isinstance(e, TokensFell)), None)
            shifted = next((e for e in events if isinstance(e, RailsShifted)), None)
            marks = marks_after(removed, fell, shifted)
            shifts += bool(marks.shifted)
            after = rules.remove(removed.board, removed.cells).board
            assert sorted(marks.ghosts.values()) == sorted(
                removed.board[r][w] for r, w in group.cells
            )
            assert all(w >= len(after[r]) for r, w in marks.ghosts)  # ghosts stand in free cells
            for (r, w), down in marks.fell.items():
                rail = shifted.order[r] if shifted else r
                assert after[r][w] == removed.board[rail][w + down]
            for (r, w), left in marks.shifted.items():
                assert shifted is not None
                assert shifted.order[r] == r + left
                assert w < len(after[r])
    assert shifts  # rail shifts were among the moves


def test_a_fall_is_drawn_with_its_ghosts_and_badges():
    board = ("RRG", "YB", "GB", "BG", "PY", "YP", "GR", "BY", "PG", "RW")
    state = dataclasses.replace(start(), board=board)
    was = COLORPOP.view(state, None)
    after, events = COLORPOP.apply(state, was.on_turn, COLORPOP.load_move({"pick": "A1"}))
    scenes = move_scenes(was, events, COLORPOP.view(after, None))
    fell = next(s for s in scenes if s.kind == "fell")
    assert fell.marks.ghosts == {(0, 1): "R", (0, 2): "R"}
    assert fell.marks.fell == {(0, 0): 2}
    png = image(scene_picture(fell))
    x, y = GRID.cell((0, 0))
    badge = png.crop((x + GRID.pitch // 2, y, x + GRID.pitch, y + GRID.pitch // 2))
    assert (255, 255, 255) in {c for _, c in badge.getcolors(4096)}  # the white badge


def test_results_come_by_place_with_shared_places_for_equal_numbers():
    v = COLORPOP.view(random_game(11), None)
    assert v.over
    ranked = dataclasses.replace(
        v,
        winners=("ana",),
        scores={"ana": (0, 3), "ben": (2, 1), "cai": (2, 1)},
        seats=("ben", "ana", "cai"),
    )
    assert places(ranked) == [(1, "ana"), (2, "ben"), (2, "cai")]


@pytest.mark.parametrize("seed", [11, 12])
def test_no_public_picture_shows_a_secret_colour_while_playing(seed):
    state = random_game(seed, stop_after=10)
    assert not state.over
    swapped = dataclasses.replace(state, secrets=tuple(reversed(state.secrets)))
    for one, other in zip(first_move(state)[0], first_move(swapped)[0], strict=True):
        assert scene_picture(one) == scene_picture(other)


def test_odd_names_never_fail_and_keep_the_size():
    scenes, _ = first_move(start())
    names = {"ana": "\u202e🎲" * 40, "ben": "", "cai": "\ud800"}
    assert image(scene_picture(scenes[1], names=names)).size == (frame.WIDTH, HEIGHT)


def test_the_english_words_are_the_catalogues():
    from bot.games.colorpop.words import picture_labels
    from render.colorpop.labels import ENGLISH

    assert picture_labels("en") == ENGLISH


def test_every_mark_a_picture_shows_is_explained_on_it():
    """Each picture's legend names the marks it shows: the seat on turn, the ring of the group
    picked, the ghosts, the badges of a fall and of a rail shift; the colours with their counts."""
    for seed in range(40):
        state = random_game(seed, stop_after=20)
        group = next(
            (
                g
                for g in rules.legal_groups(state.board)
                if rules.remove(state.board, g.cells).order != tuple(range(10))
            ),
            None,
        )
        if group is not None:
            break
    assert group is not None
    was = COLORPOP.view(state, None)
    pick = COLORPOP.load_move({"pick": rules.cell_name(group.anchor)})
    after, events = COLORPOP.apply(state, was.on_turn, pick)
    scenes = [turn_scene(was), *move_scenes(was, events, COLORPOP.view(after, None))]
    wanted = {
        "turn": {"on turn"},
        "picked": {"on turn", "group picked"},
        "fell": {"on turn", "left the board", "slid down"},
        "shifted": {"on turn", "left the board", "moved left"},
    }
    kinds = set()
    for scene in scenes:
        _, texts = drawn_while(lambda s=scene: scene_picture(s))
        drawn = {t.text for t in texts}
        assert wanted[scene.kind] <= drawn, scene.kind
        assert {"red", "joker"} <= {t.split(" ")[0] for t in drawn}
        kinds.add(scene.kind)
    assert kinds >= {"turn", "picked", "shifted"}
