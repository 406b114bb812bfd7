"""A challenge's standings, without Discord: each kind ranks by its game's own result, equal
results share a place, an Enigma's tries count, entries the end stopped come last, a group is
ranked once with its members listed; the message shows the deal's seal while it runs and its
secret only once it has ended."""

from __future__ import annotations

import bot.games  # noqa: F401  (every game's texts)
from bot.games.colorpop.challenges import KINDS as COLORPOP
from bot.games.pop.challenges import KINDS as POP
from bot.model.challenge import Challenge, EntryResult, Group, group_standings, standings
from bot.model.challenge_text import standings_text
from bot.model.table import FairDeal


def places(kind, results, unfinished=()):
    return [(s.user_id, s.place) for s in standings(kind, results, unfinished)]


def test_solo_ranks_a_win_then_fewer_turns_and_shares_ties():
    results = [
        EntryResult(1, False, 0, {"moves": 3}),
        EntryResult(2, True, 0, {"moves": 6}),
        EntryResult(3, True, 0, {"moves": 4}),
        EntryResult(4, True, 0, {"moves": 4}),
    ]
    assert places(POP["solo"], results, [5, 3]) == [(3, 1), (4, 1), (2, 3), (1, 4), (5, 5)]


def test_competitive_ranks_a_win_then_the_lowest_total_and_coop_the_highest_level():
    comp = [
        EntryResult(1, False, 12, {}),
        EntryResult(2, False, 9, {}),
        EntryResult(3, True, 20, {}),
    ]
    assert places(POP["competitive"], comp) == [(3, 1), (2, 2), (1, 3)]
    coop = [  # as the results keep them: the level's name (an int once crashed the standings)
        EntryResult(1, False, 0, {"level": "apprentice_guards"}),
        EntryResult(2, False, 0, {"level": "legendary_guards"}),
    ]
    assert places(POP["coop"], coop) == [(2, 1), (1, 2)]


def test_colorpop_ranks_more_taken_off_then_fewer_moves():
    results = [EntryResult(1, True, 19, {"moves": 9}), EntryResult(2, True, 19, {"moves": 7})]
    assert places(COLORPOP["solo"], results) == [(2, 1), (1, 2)]


def test_an_enigma_counts_tries_and_ranks_solvers_first_fewest_tries_first():
    results = [
        EntryResult(1, False, 0),
        EntryResult(1, True, 0),
        EntryResult(2, True, 0),
        EntryResult(3, False, 0),
    ]
    ranked = standings(POP["enigma"], results, ())
    assert [(s.user_id, s.place, s.tries, s.won) for s in ranked] == [
        (2, 1, 1, True),
        (1, 2, 2, True),
        (3, 3, 1, False),
    ]


def test_the_message_shows_the_seal_while_it_runs_and_the_secret_once_it_ended():
    deal = FairDeal(secret="cd" * 32, joins=[0], start=1234)
    challenge = Challenge(
        id=3, guild_id=1, channel_id=2, game="pop", kind="solo", creator_id=1, ends=2e9, deal=deal
    )
    results = [EntryResult(7, True, 0, {"moves": 5})]
    ranked = standings(POP["solo"], results, ())
    running = standings_text(challenge, ranked, 1, "en")
    assert "🏁 **Challenge #3** — Pop · solo" in running
    assert f"`{deal.commitment[:16]}`" in running
    assert deal.secret not in running
    assert deal.commitment not in running
    assert "1. <@7> — won · 5 turns" in running
    assert "1 entry still being played." in running
    challenge.stage = "ended"
    over = standings_text(challenge, standings(POP["solo"], results, [7, 8]), 0, "en")
    assert deal.secret in over
    assert deal.commitment in over
    assert "2. <@8> — unfinished" in over
    assert "`1234`" in over
    for lang in ("it", "ja", "fr", "es", "pl", "de"):
        assert deal.secret in standings_text(challenge, ranked, 0, lang)


def test_groups_rank_once_a_table_a_win_then_the_highest_level_listing_their_members():
    """A group is ranked once (not once a member), won when any member's result is (a seat
    left to the AI is no win of its person's, not the group's loss); its members listed in
    seat order, AI seats by name; a group not finished shows only once the challenge is over."""
    groups = [
        Group(10, (1, "Robo Ada", 2)),
        Group(11, (3, 4, 5)),
        Group(12, (6,)),  # still in its lobby
        Group(13, (7, "Robo Ada", "Robo Bo")),
        Group(14, (8, 9, "Robo Ada")),
    ]
    legendary, expert, apprentice = (
        {"level": name, "moves": 27}
        for name in ("legendary_guards", "expert_guards", "apprentice_guards")
    )
    results = [
        EntryResult(1, False, 0, legendary, 10),  # left to the AI during the game
        EntryResult(2, True, 0, legendary, 10),
        EntryResult(3, False, 0, expert, 11),
        EntryResult(4, False, 0, expert, 11),
        EntryResult(5, False, 0, expert, 11),
        EntryResult(7, True, 0, legendary, 13),
        EntryResult(8, False, 0, apprentice, 14),
        EntryResult(9, False, 0, apprentice, 14),
    ]
    kind = POP["group"]
    assert kind.group
    running = group_standings(kind, groups, results, over=False)
    assert [(s.members, s.place, s.won) for s in running] == [
        ((1, "Robo Ada", 2), 1, True),
        ((7, "Robo Ada", "Robo Bo"), 1, True),
        ((3, 4, 5), 3, False),
        ((8, 9, "Robo Ada"), 4, False),
    ]
    assert running[0].measure == (("level", 5),)
    over = group_standings(kind, groups, results, over=True)
    assert [(s.members, s.place, s.finished) for s in over[4:]] == [((6,), 5, False)]

    deal = FairDeal(secret="ef" * 32, joins=[0, 0, 0], start=99)
    challenge = Challenge(
        id=4, guild_id=1, channel_id=2, game="pop", kind="group", creator_id=1, ends=2e9, deal=deal
    )
    text = standings_text(challenge, running, 1, "en", group=True)
    assert "🏁 **Challenge #4** — Pop · cooperative, in groups of members" in text
    assert "Seats at each group's table: 3" in text
    assert "1. <@1>, Robo Ada (AI), <@2> — won · level 5" in text
    assert "4. <@8>, <@9>, Robo Ada (AI) — lost · level 2" in text
    assert "1 group still playing." in text
    challenge.stage = "ended"
    assert "5. <@6> — unfinished" in standings_text(challenge, over, 0, "en", group=True)
    for lang, ai in (("it", "Robo Ada (IA)"), ("ja", "Robo Ada（AI）"), ("de", "Robo Ada (KI)")):
        assert ai in standings_text(challenge, running, 0, lang, group=True)


def test_only_a_kind_played_in_groups_chooses_its_seats_within_its_range():
    group, coop = POP["group"], POP["coop"]
    assert [group.seats_for(n) for n in (None, 2, 3, 4, 5, 6)] == [3, None, 3, 4, 5, None]
    assert coop.seats_for(None) == 3
    assert coop.seats_for(3) is None  # a kind without a choice takes no seats: at all
    assert all(not k.group for name, k in POP.items() if name != "group")
    assert not any(k.group for k in COLORPOP.values())
