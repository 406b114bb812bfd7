"""Who the bot mentions, and how: only the people whose turn it is, once when the turn begins
(on the turn's own message, which `bot.posting.composer.turn` lays out) and once in its reminder; never
someone who turned pings off (`/settings pings off`). Every other message mentions nobody: the client's default
`allowed_mentions` is none, and a post names exactly the users it may ping (`Post.mentions`).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.model.table import Seat
from bot.storage.people import PeopleQueries
from bot.texts.i18n import listed


async def to_ping(store: PeopleQueries, seats: Sequence[Seat]) -> list[int]:
    """The people of these seats the bot may mention, in seat order."""
    people = [s.user_id for s in seats if s.user_id is not None and not s.ai]
    off = await store.pings_off(people)
    return [user for user in people if user not in off]


def who(seats: Sequence[Seat], pinged: Sequence[int], lang: str) -> str:
    """The seats as a list: a mention for whoever may be pinged, the name for the others."""
    return listed(
        (f"<@{s.user_id}>" if s.user_id in pinged else f"**{s.text_name}**" for s in seats), lang
    )
