"""A tournament's own requests go through the request budget as its tables' do (issue 36: a
round opened without a 429 storm, the other servers served in turn): its sign-up and
standings message and its round's ping wait at the priority of turn messages, in the
tournament's server's share, not ahead of every server's answers and outside any share."""

from __future__ import annotations

from types import SimpleNamespace

from bot.model.tournament_state import Round, Tournament
from bot.posting import budget
from bot.tables.notice_board import show_in_place
from bot.tables.tournaments import Tournaments

GUILD, CHANNEL = 5000, 6000


class Recording:
    """A client whose every request notes the priority and the server it was made for."""

    def __init__(self) -> None:
        self.made: list[tuple[str, int, int | None]] = []

    def _note(self, what: str) -> SimpleNamespace:
        self.made.append((what, budget._priority.get(), budget._guild.get()))
        return SimpleNamespace(id=777)

    def get_partial_messageable(self, _channel_id, guild_id=None):  # noqa: ARG002
        client = self

        class Channel:
            async def send(self, *_args, **_kwargs):
                return client._note("send")

            def get_partial_message(self, _message_id):
                return SimpleNamespace(edit=self.edit)

            async def edit(self, **_kwargs):
                return client._note("edit")

        return Channel()


async def test_a_notice_message_is_posted_and_edited_in_its_servers_share_after_answers():
    client = Recording()
    owner = ("tournament", 1, "coloretto")
    assert await show_in_place(client, (GUILD, CHANNEL), owner, None, "sign-up", []) == 777
    assert await show_in_place(client, (GUILD, CHANNEL), owner, 777, "joined", []) == 777
    assert client.made == [("send", budget.TURN, GUILD), ("edit", budget.TURN, GUILD)]


async def test_a_rounds_ping_is_sent_in_its_servers_share_after_answers():
    client = Recording()
    saved = []
    store = SimpleNamespace(save_tournament=lambda t: _async(saved.append(t)))
    held = SimpleNamespace(store=store)

    async def open_round(tournament):
        return {0: 9001, 1: 9002}

    rounds = SimpleNamespace(held=held, client=client, open_round=open_round)
    tournaments = Tournaments(rounds, run=lambda *_: None, drive_ai=lambda _id: _async(None))
    tournament = Tournament(
        id=1,
        guild_id=GUILD,
        channel_id=CHANNEL,
        host_id=1,
        game="coloretto",
        mode="standard",
        rounds=1,
        timer=60,
        seats=4,
        smallest=4,
        stage="playing",
        players=list(range(11, 19)),
        seated=[Round(tables=[list(range(11, 15)), list(range(15, 19))])],
    )
    await tournaments._open_round(tournament)
    assert client.made == [("send", budget.TURN, GUILD)]
    assert saved[-1].announced == 1


async def _async(value):
    return value
