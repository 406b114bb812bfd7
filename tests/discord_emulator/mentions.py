"""Who a message pings, as Discord decides it from the content and ``allowed_mentions``.

Without ``allowed_mentions`` every mention in the content pings (``@everyone`` only with
Mention Everyone). With it, ``parse`` names the kinds parsed from the content (``users``,
``roles``, ``everyone``), and ``users`` / ``roles`` list the only ids that may ping (each must
also be in the content: no phantom pings). ``parse: ["users"]`` with a ``users`` list is a
validation error, as are more than 100 ids. Edits never ping.
https://discord.com/developers/docs/resources/message#allowed-mentions-object
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .wire import invalid_form

if TYPE_CHECKING:
    from .model import Role, User

USER_MENTION = re.compile(r"<@!?(\d+)>")
ROLE_MENTION = re.compile(r"<@&(\d+)>")
EVERYONE_MENTION = re.compile(r"@(?:everyone|here)\b")
MAX_IDS = 100


@dataclass
class Pings:
    """Who one message pinged (what a test asks: ``message.pinged``)."""

    users: list[User] = field(default_factory=list)
    roles: list[Role] = field(default_factory=list)
    everyone: bool = False


def validate_allowed_mentions(payload: dict[str, Any]) -> None:
    allowed = payload.get("allowed_mentions")
    if allowed is None:
        return
    parse = allowed.get("parse") or []
    for kind in ("users", "roles"):
        ids = allowed.get(kind) or []
        if kind in parse and ids:
            raise invalid_form(
                f"allowed_mentions.{kind}",
                "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                f'parse:["{kind}"] and {kind}: [ids] are mutually exclusive.',
            )
        if len(ids) > MAX_IDS:
            raise invalid_form(
                f"allowed_mentions.{kind}",
                "BASE_TYPE_MAX_LENGTH",
                f"Must be {MAX_IDS} or fewer in length.",
            )


def pings_of(
    content: str,
    allowed: dict[str, Any] | None,
    users: dict[int, User],
    roles: dict[int, Role],
    *,
    may_mention_everyone: bool,
) -> Pings:
    """Who a message with this content pings (``users``/``roles``: who can be mentioned)."""
    parse = ["users", "roles", "everyone"] if allowed is None else (allowed.get("parse") or [])
    listed_users = {int(i) for i in (allowed or {}).get("users") or []}
    listed_roles = {int(i) for i in (allowed or {}).get("roles") or []}
    found: Pings = Pings()
    for user_id in dict.fromkeys(int(m) for m in USER_MENTION.findall(content)):
        if user_id in users and ("users" in parse or user_id in listed_users):
            found.users.append(users[user_id])
    for role_id in dict.fromkeys(int(m) for m in ROLE_MENTION.findall(content)):
        if role_id in roles and ("roles" in parse or role_id in listed_roles):
            found.roles.append(roles[role_id])
    found.everyone = (
        "everyone" in parse and may_mention_everyone and bool(EVERYONE_MENTION.search(content))
    )
    return found
