"""The emulated Discord world: guilds, channels, threads, roles, members, messages, interactions.

Plain dataclasses with no I/O. Each object knows how to render itself as the JSON payload Discord
would send (``to_payload``). Permission arithmetic follows Discord's documented algorithm
(base permissions from roles, then @everyone / role / member overwrites of the channel).
"""

from __future__ import annotations

import itertools
import secrets
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from . import components as layout
from .mentions import Pings

DISCORD_EPOCH_MS = 1420070400000
EPHEMERAL = 1 << 6
LOADING = 1 << 7
HAS_SNAPSHOT = 1 << 14  # a forward: the message carries a snapshot of the one forwarded
IS_COMPONENTS_V2 = layout.IS_COMPONENTS_V2  # 1 << 15: components only, no content or embeds
FORWARD = 1  # a message reference's type (0: a reply)


class Perm:
    """Permission bits (https://discord.com/developers/docs/topics/permissions)."""

    CREATE_INSTANT_INVITE = 1 << 0
    ADMINISTRATOR = 1 << 3
    MANAGE_CHANNELS = 1 << 4
    ADD_REACTIONS = 1 << 6
    VIEW_CHANNEL = 1 << 10
    SEND_MESSAGES = 1 << 11
    SEND_TTS_MESSAGES = 1 << 12
    MANAGE_MESSAGES = 1 << 13
    EMBED_LINKS = 1 << 14
    ATTACH_FILES = 1 << 15
    READ_MESSAGE_HISTORY = 1 << 16
    MENTION_EVERYONE = 1 << 17
    USE_APPLICATION_COMMANDS = 1 << 31
    MANAGE_THREADS = 1 << 34
    CREATE_PUBLIC_THREADS = 1 << 35
    CREATE_PRIVATE_THREADS = 1 << 36
    SEND_MESSAGES_IN_THREADS = 1 << 38

    ALL = (1 << 51) - 1
    #: What @everyone gets in a fresh guild, roughly.
    EVERYONE_DEFAULT = (
        CREATE_INSTANT_INVITE
        | ADD_REACTIONS
        | VIEW_CHANNEL
        | SEND_MESSAGES
        | EMBED_LINKS
        | ATTACH_FILES
        | READ_MESSAGE_HISTORY
        | USE_APPLICATION_COMMANDS
        | CREATE_PUBLIC_THREADS
        | CREATE_PRIVATE_THREADS
        | SEND_MESSAGES_IN_THREADS
    )
    #: Lost together with SEND_MESSAGES (Discord's implicit denial).
    NEEDS_SEND = MENTION_EVERYONE | SEND_TTS_MESSAGES | ATTACH_FILES | EMBED_LINKS
    #: What both participants of a DM may do there (fixed: no roles, no overwrites).
    DM = (
        ADD_REACTIONS
        | VIEW_CHANNEL
        | SEND_MESSAGES
        | EMBED_LINKS
        | ATTACH_FILES
        | READ_MESSAGE_HISTORY
        | MENTION_EVERYONE
        | USE_APPLICATION_COMMANDS
    )


class ChannelType:
    TEXT = 0
    DM = 1
    PUBLIC_THREAD = 11
    PRIVATE_THREAD = 12


class Clock:
    """Wall-clock time plus a settable offset, so tests can jump 16 minutes ahead instantly."""

    def __init__(self) -> None:
        self.offset = 0.0

    def now(self) -> float:
        return time.time() + self.offset

    def datetime(self) -> datetime:
        return datetime.fromtimestamp(self.now(), UTC)

    def iso(self) -> str:
        return self.datetime().isoformat()

    def advance(self, seconds: float = 0.0, *, minutes: float = 0.0) -> None:
        self.offset += seconds + 60 * minutes


class Snowflakes:
    """Discord ids made from the (emulated) current time, so ``expires_at`` and friends work."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self._counter = itertools.count()

    def next(self) -> int:
        ms = int(self.clock.now() * 1000) - DISCORD_EPOCH_MS
        return (ms << 22) | (next(self._counter) % (1 << 22))


@dataclass(eq=False)
class User:
    id: int
    name: str
    bot: bool = False
    #: False once the user refuses DMs from the bot (the bot then gets 403 / 50007).
    accepts_dms: bool = True

    def to_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.name.title(),
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
        }


@dataclass(eq=False)
class Role:
    id: int
    name: str
    permissions: int
    position: int = 0

    def to_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": 0,
            "colors": {"primary_color": 0},
            "hoist": False,
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }


@dataclass(eq=False)
class Member:
    user: User
    roles: list[Role]
    joined_at: str
    #: The member's nickname in this guild: their display name there (None: their global name).
    nick: str | None = None

    def to_payload(self, *, with_user: bool = True) -> dict[str, Any]:
        payload = {
            "roles": [str(r.id) for r in self.roles],
            "nick": self.nick,
            "avatar": None,
            "joined_at": self.joined_at,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
        }
        if with_user:
            payload["user"] = self.user.to_payload()
        return payload


@dataclass
class Overwrite:
    target_id: int
    kind: int  # 0 = role, 1 = member
    allow: int = 0
    deny: int = 0

    def to_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.target_id),
            "type": self.kind,
            "allow": str(self.allow),
            "deny": str(self.deny),
        }


@dataclass(eq=False)
class Channel:
    """A text channel or a thread (a thread has a ``parent``)."""

    id: int
    guild: Guild
    name: str
    type: int = ChannelType.TEXT
    parent: Channel | None = None
    owner_id: int | None = None
    overwrites: dict[int, Overwrite] = field(default_factory=dict)
    position: int = 0
    deleted: bool = False
    archived: bool = False
    #: A locked thread is unarchived, and written in, only by those who may manage threads.
    locked: bool = False
    #: Minutes without activity (a message, an unarchive) after which a thread archives itself.
    auto_archive_duration: int = 1440
    #: Emulated clock seconds of the thread's last activity.
    last_activity: float = 0.0
    archive_timestamp: str = ""
    created_at: str = ""

    is_dm = False

    @property
    def is_thread(self) -> bool:
        return self.parent is not None

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def to_payload(self) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild.id),
            "name": self.name,
            "flags": 0,
        }
        if self.is_thread:
            assert self.parent is not None
            payload.update(
                {
                    "parent_id": str(self.parent.id),
                    "owner_id": str(self.owner_id),
                    "message_count": 0,
                    "member_count": 1,
                    "rate_limit_per_user": 0,
                    "last_message_id": None,
                    "total_message_sent": 0,
                    "thread_metadata": {
                        "archived": self.archived,
                        "auto_archive_duration": self.auto_archive_duration,
                        "archive_timestamp": self.archive_timestamp or self.created_at,
                        "locked": self.locked,
                        "create_timestamp": self.created_at,
                    },
                }
            )
        else:
            payload.update(
                {
                    "position": self.position,
                    "topic": None,
                    "nsfw": False,
                    "parent_id": None,
                    "last_message_id": None,
                    "rate_limit_per_user": 0,
                    "permission_overwrites": [o.to_payload() for o in self.overwrites.values()],
                }
            )
        return payload


@dataclass(eq=False)
class DMChannel:
    """The direct-message channel between the bot and one user: no guild, no roles, no overwrites.

    It quacks like :class:`Channel` where the emulator needs it to (``guild`` is None, it is
    never a thread and never deleted).
    """

    id: int
    recipient: User
    bot: User
    created_at: str = ""

    type = ChannelType.DM
    is_dm = True
    is_thread = False
    deleted = False
    guild = None
    parent = None

    @property
    def name(self) -> str:
        return f"@{self.recipient.name}"

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def permissions_for(self, user: User) -> int:
        return Perm.DM if user is self.recipient or user is self.bot else 0

    def to_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "type": self.type,
            "last_message_id": None,
            "flags": 0,
            "recipients": [self.recipient.to_payload()],
        }


#: Anywhere a message can live.
AnyChannel = Channel | DMChannel


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    owner: User
    roles: list[Role] = field(default_factory=list)
    members: dict[int, Member] = field(default_factory=dict)
    channels: list[Channel] = field(default_factory=list)

    @property
    def everyone(self) -> Role:
        return self.roles[0]

    def member(self, user: User) -> Member:
        return self.members[user.id]

    def role(self, name: str) -> Role:
        return next(r for r in self.roles if r.name == name)

    def channel(self, name: str) -> Channel:
        """The live (not deleted) channel or thread with this name."""
        return next(c for c in self.channels if c.name == name and not c.deleted)

    @property
    def text_channels(self) -> list[Channel]:
        return [c for c in self.channels if not c.is_thread and not c.deleted]

    @property
    def threads(self) -> list[Channel]:
        return [c for c in self.channels if c.is_thread and not c.deleted]

    @property
    def active_threads(self) -> list[Channel]:
        """The threads GUILD_CREATE lists (archived ones are not synced up front)."""
        return [c for c in self.threads if not c.archived]

    def base_permissions(self, member: Member) -> int:
        if member.user is self.owner:
            return Perm.ALL
        perms = self.everyone.permissions
        for role in member.roles:
            perms |= role.permissions
        return Perm.ALL if perms & Perm.ADMINISTRATOR else perms

    def permissions_in(self, member: Member, channel: Channel) -> int:
        """Discord's algorithm: base permissions, then the channel's overwrites in order."""
        perms = self.base_permissions(member)
        if perms & Perm.ADMINISTRATOR:
            return Perm.ALL
        source = channel.parent or channel  # threads inherit their parent's overwrites
        ow = source.overwrites
        if everyone := ow.get(self.everyone.id):
            perms = (perms & ~everyone.deny) | everyone.allow
        allow = deny = 0
        for role in member.roles:
            if o := ow.get(role.id):
                allow |= o.allow
                deny |= o.deny
        perms = (perms & ~deny) | allow
        if mine := ow.get(member.user.id):
            perms = (perms & ~mine.deny) | mine.allow
        if not perms & Perm.VIEW_CHANNEL:
            return 0
        if not perms & Perm.SEND_MESSAGES:
            perms &= ~Perm.NEEDS_SEND
        return perms

    def to_payload(self, *, channels_payload: bool = True) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(self.owner.id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [r.to_payload() for r in self.roles],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": "en-US",
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "unavailable": False,
            "large": False,
            "member_count": len(self.members),
            "lazy": True,
        }
        if channels_payload:
            payload.update(
                {
                    "channels": [c.to_payload() for c in self.text_channels],
                    "threads": [c.to_payload() for c in self.active_threads],
                    "members": [m.to_payload() for m in self.members.values()],
                    "voice_states": [],
                    "presences": [],
                    "stage_instances": [],
                    "guild_scheduled_events": [],
                    "soundboard_sounds": [],
                    "joined_at": self.members[self.owner.id].joined_at
                    if self.owner.id in self.members
                    else None,
                }
            )
        return payload


@dataclass(eq=False)
class Attachment:
    id: int
    filename: str
    data: bytes
    content_type: str
    url: str
    description: str | None = None

    @property
    def size(self) -> int:
        return len(self.data)

    def to_payload(self) -> dict[str, Any]:
        payload = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url + "?proxy=1",
            "content_type": self.content_type,
        }
        if self.description is not None:
            payload["description"] = self.description
        return payload


@dataclass(eq=False)
class Message:
    id: int
    channel: AnyChannel
    author: User
    content: str = ""
    components: list[dict[str, Any]] = field(default_factory=list)
    embeds: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    #: The only user who may see this message, if it is ephemeral.
    ephemeral_for: User | None = None
    #: Set when an interaction created this message: (interaction id, type, user).
    interaction: Interaction | None = None
    webhook_id: int | None = None
    type: int = 0
    timestamp: str = ""
    edited_timestamp: str | None = None
    deleted: bool = False
    #: The ``nonce`` the author sent with the message (Discord echoes it back).
    nonce: int | str | None = None
    #: Who the message pinged when it was created (content and ``allowed_mentions``).
    pings: Pings = field(default_factory=Pings)
    #: ``message_reference`` as Discord sends it (a forward: ``type`` 1 and where it came from).
    reference: dict[str, Any] | None = None
    #: ``message_snapshots``: a forward's copy of the message it forwards (``snapshot()``).
    snapshots: list[dict[str, Any]] = field(default_factory=list)

    @property
    def pinged(self) -> list[User]:
        """The users this message pinged (a mention that ``allowed_mentions`` let through)."""
        return list(self.pings.users)

    @property
    def ephemeral(self) -> bool:
        return self.ephemeral_for is not None

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    def visible_to(self, user: User) -> bool:
        return not self.deleted and (self.ephemeral_for is None or self.ephemeral_for is user)

    @property
    def is_components_v2(self) -> bool:
        """Sent with the flag IS_COMPONENTS_V2: its text and pictures are components."""
        return bool(self.flags & IS_COMPONENTS_V2)

    @property
    def text(self) -> str:
        """What a person reads: a legacy message's content; a Components V2 message's Text
        Displays (inside Containers and Sections too), in reading order, one to a line."""
        if self.is_components_v2:
            return "\n".join(layout.text_displays(self.components))
        return self.content

    def iter_components(self) -> list[dict[str, Any]]:
        """Every interactive component (button, select) of the message, wherever it sits:
        in action rows, in rows inside Containers, as a Section's accessory."""
        return layout.interactive(self.components)

    @property
    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.iter_components() if c.get("type") == layout.BUTTON]

    @property
    def button_labels(self) -> list[str]:
        return [b.get("label", "") for b in self.buttons]

    @property
    def gallery(self) -> list[Attachment]:
        """The attachments the message's Media Galleries show, in order (an item showing an
        outside url is not one of them)."""
        by_id = {str(a.id): a for a in self.attachments}
        shown = [
            by_id.get(str(m.get("attachment_id"))) for m in layout.gallery_media(self.components)
        ]
        return [a for a in shown if a is not None]

    @property
    def gallery_names(self) -> list[str]:
        """The file names of :attr:`gallery`."""
        return [a.filename for a in self.gallery]

    @property
    def alt_texts(self) -> list[str]:
        """Every alt text a reader can get: the attachments' descriptions, then those of the
        Media Gallery items and Thumbnails."""
        own = [a.description for a in self.attachments if a.description]
        return own + layout.descriptions(self.components)

    @property
    def accent_colour(self) -> int | None:
        """The accent colour of the message's first Container (None: none, or no colour)."""
        container = next(
            (c for c in layout.walk(self.components) if c.get("type") == layout.CONTAINER), None
        )
        return None if container is None else container.get("accent_color")

    def snapshot(self) -> dict[str, Any]:
        """This message as a forward carries it: Discord's message snapshot, the fields of
        content only (``MessageSnapshotResponse`` in the OpenAPI description)."""
        return {
            "message": {
                "type": self.type,
                "content": self.content,
                "embeds": self.embeds,
                "attachments": [a.to_payload() for a in self.attachments],
                "timestamp": self.timestamp,
                "edited_timestamp": self.edited_timestamp,
                "flags": self.flags,
                "mentions": [u.to_payload() for u in self.pings.users],
                "mention_roles": [str(r.id) for r in self.pings.roles],
                "components": self.components,
            }
        }

    def to_payload(self, guild_member: Member | None = None) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel.id),
            "type": self.type,
            "author": self.author.to_payload(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": self.pings.everyone,
            "mentions": [u.to_payload() for u in self.pings.users],
            "mention_roles": [str(r.id) for r in self.pings.roles],
            "attachments": [a.to_payload() for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "flags": self.flags,
        }
        if self.webhook_id is not None:
            payload["webhook_id"] = str(self.webhook_id)
            payload["application_id"] = str(self.webhook_id)
        if self.nonce is not None:
            payload["nonce"] = self.nonce
        if self.interaction is not None:
            payload["interaction_metadata"] = self.interaction.metadata(self)
        if self.reference is not None:
            payload["message_reference"] = self.reference
        if self.snapshots:
            payload["message_snapshots"] = self.snapshots
        if guild_member is not None and self.channel.guild is not None:
            payload["guild_id"] = str(self.channel.guild.id)
            payload["member"] = guild_member.to_payload(with_user=False)
        return payload


@dataclass(eq=False)
class Interaction:
    id: int
    token: str
    type: int  # 2 application command, 3 component, 4 autocomplete, 5 modal submit
    user: User
    channel: AnyChannel
    data: dict[str, Any]
    created_at: float  # emulated clock seconds
    message: Message | None = None  # the message holding the clicked component
    response_type: int | None = None
    answered_at: float | None = None  # emulated clock seconds of the initial response
    #: (host, port) of the HTTP connection that sent the initial response: which process answered
    answered_from: tuple[str, int] | None = None
    original: Message | None = None
    followups: list[Message] = field(default_factory=list)
    modal: dict[str, Any] | None = None
    #: The choices an autocomplete interaction was answered with (callback type 8).
    choices: list[dict[str, Any]] | None = None

    @property
    def guild(self) -> Guild | None:
        """None for an interaction in the bot's DM."""
        return self.channel.guild

    @property
    def responded(self) -> bool:
        return self.response_type is not None

    def metadata(self, message: Message) -> dict[str, Any]:
        """The ``interaction_metadata`` of a message this interaction made (OpenAPI
        ``MessageComponentInteractionMetadataResponse`` and friends): a click's answer names the
        clicked message (``interacted_message_id``); a followup names the original response."""
        metadata: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "user": self.user.to_payload(),
            "authorizing_integration_owners": {"0": str(self.guild.id if self.guild else 0)},
        }
        if self.original is not None and self.original is not message:
            metadata["original_response_message_id"] = str(self.original.id)
        if self.type == 3 and self.message is not None:  # a component (button, select)
            metadata["interacted_message_id"] = str(self.message.id)
        return metadata


def without_content(payload: dict[str, Any]) -> dict[str, Any]:
    """A message as a bot without the message content intent gets it: no content, embeds,
    attachments or components, in the message and in the snapshots of what it forwards."""
    shown = {**payload, "content": "", "embeds": [], "attachments": [], "components": []}
    if payload.get("message_snapshots"):
        shown["message_snapshots"] = [
            {"message": without_content(s["message"])} for s in payload["message_snapshots"]
        ]
    return shown


def forward_reference(message: Message) -> dict[str, Any]:
    """The ``message_reference`` of a forward of ``message``: its type FORWARD and where the
    forwarded message is."""
    reference = {
        "type": FORWARD,
        "message_id": str(message.id),
        "channel_id": str(message.channel.id),
    }
    if message.channel.guild is not None:
        reference["guild_id"] = str(message.channel.guild.id)
    return reference


def number_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A copy of a message's components in which each carries a numeric ``id``, as Discord
    stores them: ids the sender gave are kept, the others are numbered 1, 2, 3... in reading
    order (a layout, then its children, a Section's accessory last), skipping ids already
    taken."""
    copied = _deep_copy(components)
    taken = {c["id"] for c in layout.walk(copied) if _given_id(c)}
    counter = itertools.count(1)
    for component in layout.walk(copied):
        if not _given_id(component):
            component["id"] = next(n for n in counter if n not in taken)
    return copied


def _given_id(component: dict[str, Any]) -> bool:
    """An id the sender gave (0 counts as none: Discord replaces it)."""
    given = component.get("id")
    return isinstance(given, int) and not isinstance(given, bool) and given > 0


def _deep_copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _deep_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_deep_copy(v) for v in value]
    return value


def new_token() -> str:
    return "aW50ZXJhY3Rpb246" + secrets.token_urlsafe(48)
