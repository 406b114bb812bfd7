"""The one message composer (`bot.posting.composer`), without Discord: how the parts a face gives become
every message a table shows, in every posting mode."""

from __future__ import annotations

from bot.model.posts import Button, Post
from bot.posting import composer
from bot.texts.i18n import t
from render.kit import Picture
from tests.factories import a_table

REMATCH = Button("rematch", "Rematch", "success")


def pic(name: str) -> Picture:
    return Picture(b"png", f"alt of {name}", name)


def step(text: str, name: str) -> Post:
    return Post(text, [pic(name)], step=True)


# --- The results post, known by its flag --------------------------------------------------------


def test_the_results_post_gets_the_ratings_the_deal_and_rematch_by_its_flag_alone():
    steps = [step("a step", "1.png"), step("another", "2.png")]
    results = Post("🏆 Ana wins", [pic("r.png")], results=True)
    said = Post("Ana solved today's puzzle", in_channel=True)  # after the results (Pop's daily)
    ending = composer.Ending("Rematch", rating="📈 Ratings: Ana +31", fair=("deal", "next"))
    shown = composer.finished([*steps, results, said], ending)
    assert shown[:2] == steps
    assert shown[3] == said
    assert shown[2].content == "🏆 Ana wins\n📈 Ratings: Ana +31\ndeal\nnext"
    assert shown[2].controls == [REMATCH]
    assert shown[2].pictures == results.pictures
    assert results.controls == []  # the face's part is not changed in place


def test_a_move_without_results_is_laid_out_as_the_face_gave_it():
    posts = [step("a step", "1.png")]
    assert composer.finished(posts, composer.Ending("Rematch", rating="x")) == posts


def test_an_unrated_game_without_a_deal_gets_rematch_alone():
    [shown] = composer.finished([Post("draw", results=True)], composer.Ending("Try again"))
    assert shown.content == "draw"
    assert shown.controls == [Button("rematch", "Try again", "success")]


def test_rematch_is_stale_once_the_next_game_is_dealt():
    offered = Post("🏆", controls=[REMATCH], results=True)
    finished = a_table("coloretto", status="finished", games=2)
    assert composer.offered(offered, finished, 2) == offered
    assert composer.offered(offered, finished, 1).controls == []
    playing = a_table("coloretto", status="playing", games=2)
    assert composer.offered(offered, playing, 2).controls == []


# --- A picture a step -------------------------------------------------------------------------


def test_steps_share_a_message_when_grouped_and_the_results_ride_when_asked():
    posts = [step(f"s{i}", f"{i}.png") for i in range(3)] + [Post("🏆", results=True)]
    assert composer.next_batch(posts, 0, grouped=False, limit=4) == posts[:1]
    assert composer.next_batch(posts, 0, grouped=True, limit=2) == posts[:2]
    assert composer.next_batch(posts, 0, grouped=True, limit=4) == posts[:3]
    assert composer.next_batch(posts, 0, grouped=True, limit=4, results=True) == posts
    merged = composer.merged(posts)
    assert merged.content == "s0\ns1\ns2\n🏆"
    assert [p.filename for p in merged.pictures] == ["0.png", "1.png", "2.png"]
    assert merged.results


def test_a_message_made_before_a_restart_holds_as_many_posts_as_its_pictures_show():
    posts = [step(f"s{i}", f"{i}.png") for i in range(4)]
    assert composer.posts_in(["0.png", "1.png", "2.png"], posts, 0, 1) == 3
    assert composer.posts_in([], posts, 0, 2) == 2


# --- The turn's message -----------------------------------------------------------------------


def test_the_turn_message_pings_the_seats_on_turn_on_its_last_line():
    post = Post("Turn 2", controls=[Button("hand", "My hand")])
    pinged = composer.turn(post, [5, 6], "en")
    assert pinged.content == "Turn 2\n" + t("turn.ping", "en", who="<@5> <@6>")
    assert pinged.mentions == [5, 6]
    assert composer.turn(post, [], "en") == post


def test_the_turn_rides_on_a_moves_message_within_discords_limits():
    move = Post("Ana took row 2", [pic("m.png")], step=True)
    turn = Post("Ben to choose", [pic("t.png")], [Button("draw", "Draw")], mentions=[6])
    riding = composer.with_turn(move, composer.bare(turn))
    assert riding is not None
    assert riding.content == "Ana took row 2\n\nBen to choose"
    assert [p.filename for p in riding.pictures] == ["m.png"]
    assert riding.controls == turn.controls
    assert riding.mentions == [6]
    assert composer.with_turn(Post("x" * (composer.MAX_CONTENT - 10)), turn) is None
    assert composer.with_turn(Post("said", in_channel=True), turn) is None


def test_the_turn_text_sits_under_the_captions_it_carries_when_they_fit():
    captions = [(3, "Ana took row 2"), (4, ""), (5, "Ben drew a card")]
    assert composer.captions_text(captions) == "Ana took row 2\nBen drew a card"
    assert composer.turn_text(captions, "Ben to place") == (
        "Ana took row 2\nBen drew a card\n\nBen to place"
    )
    assert composer.turn_text([], "Ben to place") == "Ben to place"
    assert (
        composer.turn_text([(1, "x" * (composer.MAX_CONTENT - 1))], "Ben to place")
        == "Ben to place"
    )


def test_a_move_added_to_the_turns_message_shows_every_caption_or_the_turn_alone():
    turn = Post("Ben to place", [pic("t.png")], [Button("place", "Row 1")])
    move = Post("Ben drew a card", [pic("d.png")], step=True)
    added = composer.added_to_turn("Ana took row 2\nBen drew a card", move, turn)
    assert added.content == "Ana took row 2\nBen drew a card\n\nBen to place"
    assert [p.filename for p in added.pictures] == ["d.png"]
    assert added.controls == turn.controls
    alone = composer.added_to_turn("x" * composer.MAX_CONTENT, move, turn)
    assert alone == composer.bare(turn)


# --- Messages of their own ---------------------------------------------------------------------


def test_the_lobby_a_notice_and_a_private_message_are_laid_out_here_too():
    lobby = composer.lobby("Pop table #3", ["commitment", None, "ids"], [Button("join", "Join")])
    assert lobby.content == "Pop table #3\ncommitment\nids"
    assert lobby.controls == [Button("join", "Join")]
    assert composer.notice("Ben: 30 s left", [6]) == Post("Ben: 30 s left", mentions=[6])
    hand = Post("Your hand", [pic("h.png")])
    assert composer.private("Enigma #7", hand).content == "Enigma #7\nYour hand"
    assert composer.private("", hand) == hand
