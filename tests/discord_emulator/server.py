"""The emulator: one aiohttp server on 127.0.0.1 speaking REST v10, the gateway and attachments.

Tests build a world (guilds, channels, roles, users), start a real discord.py client against
``api_base`` / ``gateway_url``, then act through :class:`~tests.discord_emulator.client.Actor`.
Rules Discord enforces but discord.py does not check are enforced here; faults can be injected.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import os
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import wire
from .components import resolve_media
from .gateway import INTENT_DIRECT_MESSAGES, INTENT_MESSAGE_CONTENT, Session, gateway_handler
from .mentions import Pings, pings_of
from .model import (
    EPHEMERAL,
    HAS_SNAPSHOT,
    AnyChannel,
    Attachment,
    Channel,
    ChannelType,
    Clock,
    DMChannel,
    Guild,
    Interaction,
    Member,
    Message,
    Overwrite,
    Perm,
    Role,
    Snowflakes,
    User,
    forward_reference,
    number_components,
    without_content,
)
from .ratelimit import Fault, Window, too_many_requests
from .rest import RestApi
from .schema import RequestChecker, Violation
from .wire import DiscordError, json_response

if TYPE_CHECKING:
    from .client import Actor

API_PREFIX = "/api/v10"
#: Paths that carry their own credentials (the interaction token), not the bot token, and are
#: exempt from the global rate limit.
TOKEN_ROUTES = (f"{API_PREFIX}/interactions/", f"{API_PREFIX}/webhooks/")
MIB = 1024 * 1024
#: Discord bans a bot that makes 10,000 invalid requests (401/403/429) in this many seconds.
INVALID_REQUEST_PERIOD = 10 * 60
#: How many times longer than asked :meth:`Emulator.wait_for` waits before it gives up. A test's
#: timeout is what an idle machine needs; the suite runs in parallel on a machine that may be
#: busy (2 cores, other work beside), where everything takes longer. A timeout only stops a
#: wait that would otherwise hang: stretching it never turns a failure into a pass, it only
#: waits longer for what comes late. (Discord's own deadlines, such as the 3 s to answer an
#: interaction, are never stretched.) ``EMULATOR_PATIENCE`` in the environment sets it.
PATIENCE = float(os.environ.get("EMULATOR_PATIENCE", "3"))


@dataclass(frozen=True)
class RequestRecord:
    """One REST request as the emulator answered it."""

    method: str
    path: str  # the real path, "/api/v10/channels/123/messages"
    route: str  # the route, "POST /channels/{channel}/messages" ("" if no route matched)
    status: int
    #: True for a 429 of the global limit (``X-RateLimit-Global``).
    global_limit: bool
    at: float  # emulated clock seconds


@dataclass(eq=False)
class CreateTrap:
    """Set by :meth:`Emulator.hang_after_create`: the next matching Create Message is stored and
    dispatched, and then the HTTP answer never comes (``drop=False``: the request hangs until
    :meth:`release` or the emulator stops; ``drop=True``: the connection is cut)."""

    count: int
    channel_id: int | None
    drop: bool
    on_create: Callable[[Message], Any] | None
    #: Set when a message has been created and its answer withheld: the moment to kill the bot.
    created: asyncio.Event = field(default_factory=asyncio.Event)
    #: The messages created under this trap (stored and dispatched, never answered).
    messages: list[Message] = field(default_factory=list)
    #: on_create coroutines running beside their requests (kept until done).
    tasks: set[asyncio.Future[Any]] = field(default_factory=set)
    _released: asyncio.Event = field(default_factory=asyncio.Event)

    def matches(self, channel: AnyChannel) -> bool:
        return self.count > 0 and self.channel_id in (None, channel.id)

    def release(self) -> None:
        """Let the withheld answers of a hanging trap go out now (late), and disarm it."""
        self.count = 0
        self._released.set()

    async def spring(self, message: Message, request: web.Request, stopping: asyncio.Event) -> bool:
        """Withhold the answer; return True if it should still be sent (released in time)."""
        self.count -= 1
        self.messages.append(message)
        self.created.set()
        if self.on_create is not None:
            result = self.on_create(message)
            if inspect.isawaitable(result):  # run it beside, never inside, this request
                task = asyncio.ensure_future(result)
                self.tasks.add(task)  # a reference until it is done (asyncio keeps weak ones)
                task.add_done_callback(self.tasks.discard)
        if self.drop:
            if request.transport is not None:
                request.transport.abort()
            return False
        waiters = {
            asyncio.ensure_future(self._released.wait()),
            asyncio.ensure_future(stopping.wait()),
        }
        await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
        for waiter in waiters:
            waiter.cancel()
        if stopping.is_set() and not self._released.is_set():
            if request.transport is not None:
                request.transport.abort()
            return False
        return True


class Emulator:
    """A loopback Discord. Use as ``async with Emulator() as emu:``."""

    def __init__(
        self,
        *,
        token: str = "emulated.bot.token",
        response_deadline: float = 3.0,
        token_lifetime: float = 15 * 60,
        attachment_size_limit: int = 10 * MIB,
        recommended_shards: int = 1,
        message_rate: tuple[int, float] = (5, 5.0),
        global_rate: tuple[int, float] = (50, 1.0),
        rate_limit_headers: bool = True,
        nonce_window: float = 5 * 60,
        check_schema: bool = True,
    ) -> None:
        self.token = token
        self.response_deadline = response_deadline
        self.token_lifetime = token_lifetime
        self.attachment_size_limit = attachment_size_limit
        self.message_rate = message_rate
        #: What ``GET /gateway/bot`` answers as ``shards`` (the client may choose its own count).
        self.recommended_shards = recommended_shards
        #: When False, successful answers carry no X-RateLimit-* headers, so discord.py cannot
        #: pace itself and meets real 429s instead.
        self.rate_limit_headers = rate_limit_headers
        #: How long (emulated seconds) Discord remembers a nonce sent with ``enforce_nonce``.
        self.nonce_window = nonce_window
        #: Checks every request body against Discord's OpenAPI description (``schema.py``).
        self.schema: RequestChecker | None = RequestChecker() if check_schema else None
        #: Bodies that broke the OpenAPI description; the ``emu`` fixture fails on any left.
        self.schema_violations: list[Violation] = []

        self.clock = Clock()
        self.snowflakes = Snowflakes(self.clock)
        self.bot_user = User(self.snowflakes.next(), "popbot", bot=True)
        self.application_id = self.bot_user.id

        self.guilds: list[Guild] = []
        self.users: dict[str, User] = {}
        #: The bot's DM channel with each user, by user id (opened on first use, then reused).
        self.dm_channels: dict[int, DMChannel] = {}
        self.messages: dict[int, Message] = {}
        self.interactions: dict[int, Interaction] = {}
        self.attachments: dict[int, Attachment] = {}
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}

        self.sessions: list[Session] = []
        self.gateway_connections: list[web.WebSocketResponse] = []
        #: While True the gateway refuses every connection (503), as during a network cut.
        self.gateway_refused = False
        self.faults: list[Fault] = []
        self.global_window = Window(*global_rate, bucket="global")
        self.channel_windows: dict[int, Window] = {}
        #: (method, path, status) of every REST request, in order.
        self.requests: list[tuple[str, str, int]] = []
        #: Monotonic times of 401/403/429 answers (Discord bans at 10,000 in 10 minutes).
        self.invalid_requests: list[float] = []
        #: Every REST request with its route and answer (see the counters below).
        self.request_log: list[RequestRecord] = []
        #: (channel id, author id, nonce) -> the message first created with that nonce.
        self.nonces: dict[tuple[int, int, int | str], Message] = {}
        self.create_traps: list[CreateTrap] = []
        self.stopping = asyncio.Event()  # set by stop(): trapped requests give up

        self._runner: web.AppRunner | None = None
        self.port = 0

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> Emulator:
        app = web.Application(middlewares=[self._middleware], client_max_size=200 * MIB)
        RestApi(self).add_routes(app, API_PREFIX)
        app.router.add_get("/", self._gateway)
        app.router.add_get(
            "/attachments/{channel_id}/{attachment_id}/{filename}", self._serve_attachment
        )
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return self

    async def stop(self) -> None:
        self.stopping.set()  # hanging trapped requests give up (their connections are cut)
        for ws in self.gateway_connections:
            with contextlib.suppress(Exception):
                await ws.close(code=1001)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> Emulator:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        """What ``POP_DISCORD_API_BASE`` should be set to."""
        return self.base_url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        """What ``POP_DISCORD_GATEWAY_URL`` should be set to."""
        return f"ws://127.0.0.1:{self.port}/"

    # ------------------------------------------------------------------ building the world

    def add_guild(
        self, name: str, *, owner: User | None = None, shard: tuple[int, int] | None = None
    ) -> Guild:
        """A guild with the bot in it; ``shard=(id, count)`` picks an id that shard owns."""
        owner = owner or self.add_user(f"{name.lower().replace(' ', '-')}-owner")
        guild_id = self.snowflakes.next()
        if shard is not None:  # move the id's millisecond back onto the wanted shard
            shard_id, count = shard
            ms = guild_id >> 22
            guild_id = ((ms - (ms - shard_id) % count) << 22) | (guild_id & (1 << 22) - 1)
        guild = Guild(guild_id, name, owner)
        guild.roles.append(Role(guild.id, "@everyone", Perm.EVERYONE_DEFAULT))  # id = guild id
        bot_role = self.add_role(
            guild,
            self.bot_user.name,
            Perm.EVERYONE_DEFAULT | Perm.MANAGE_MESSAGES | Perm.MANAGE_THREADS,
            dispatch=False,
        )
        self.add_member(guild, owner, dispatch=False)
        self.add_member(guild, self.bot_user, roles=[bot_role], dispatch=False)
        self.guilds.append(guild)
        return guild

    def add_user(self, name: str) -> User:
        if name in self.users:
            raise ValueError(f"user {name!r} exists")
        user = User(self.snowflakes.next(), name)
        self.users[name] = user
        return user

    def add_member(
        self, guild: Guild, user: User, *, roles: Sequence[Role] = (), dispatch: bool = True
    ) -> Member:
        member = Member(user, list(roles), self.clock.iso())
        guild.members[user.id] = member
        if dispatch:
            self.dispatch("GUILD_MEMBER_ADD", {**member.to_payload(), "guild_id": str(guild.id)})
        return member

    def add_people(self, guild: Guild, names: Sequence[str]) -> list[User]:
        """A new user per name, each a member of `guild` (the load bench's players)."""
        people = [self.add_user(name) for name in names]
        for user in people:
            self.add_member(guild, user)
        return people

    def add_role(self, guild: Guild, name: str, permissions: int, *, dispatch: bool = True) -> Role:
        role = Role(self.snowflakes.next(), name, permissions, position=len(guild.roles))
        guild.roles.append(role)
        if dispatch:
            self.dispatch(
                "GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role.to_payload()}
            )
        return role

    def add_text_channel(self, guild: Guild, name: str) -> Channel:
        channel = Channel(
            self.snowflakes.next(),
            guild,
            name,
            position=len(guild.text_channels),
            created_at=self.clock.iso(),
        )
        guild.channels.append(channel)
        self.dispatch("CHANNEL_CREATE", channel.to_payload())
        return channel

    def add_thread(
        self,
        parent: Channel,
        name: str,
        *,
        owner: User | None = None,
        thread_id: int | None = None,
        private: bool = False,
        auto_archive_duration: int = 1440,
    ) -> Channel:
        thread = Channel(
            thread_id or self.snowflakes.next(),
            parent.guild,
            name,
            type=ChannelType.PRIVATE_THREAD if private else ChannelType.PUBLIC_THREAD,
            parent=parent,
            owner_id=(owner or self.bot_user).id,
            created_at=self.clock.iso(),
            auto_archive_duration=auto_archive_duration,
            last_activity=self.clock.now(),
        )
        parent.guild.channels.append(thread)
        self.dispatch("THREAD_CREATE", {**thread.to_payload(), "newly_created": True})
        return thread

    def actor(self, user: User | str, channel: Channel | None = None) -> Actor:
        """The story API for one user (``ana = emu.actor("ana")``)."""
        from .client import Actor

        if isinstance(user, str):
            user = self.users[user]
        return Actor(self, user, channel or self.default_channel)

    @property
    def default_channel(self) -> Channel | None:
        for guild in self.guilds:
            if guild.text_channels:
                return guild.text_channels[0]
        return None

    def guild_by_id(self, guild_id: int) -> Guild | None:
        return next((g for g in self.guilds if g.id == guild_id), None)

    def channel_by_id(self, channel_id: int) -> AnyChannel | None:
        for guild in self.guilds:
            for channel in guild.channels:
                if channel.id == channel_id:
                    return channel
        return next((c for c in self.dm_channels.values() if c.id == channel_id), None)

    def user_by_id(self, user_id: int) -> User | None:
        return next((u for u in self.users.values() if u.id == user_id), None)

    # ------------------------------------------------------------------ direct messages

    def open_dm(self, user: User | Actor) -> DMChannel:
        """The bot's DM channel with this user, created on first use (``POST /users/@me/channels``
        does the same). Discord sends no CHANNEL_CREATE for it."""
        user = getattr(user, "user", user)
        if user.id not in self.dm_channels:
            self.dm_channels[user.id] = DMChannel(
                self.snowflakes.next(), user, self.bot_user, created_at=self.clock.iso()
            )
        return self.dm_channels[user.id]

    def block_dms(self, user: User | Actor, blocked: bool = True) -> None:
        """The user refuses DMs from the bot (privacy settings or a block): the bot's sends to
        their DM channel answer 403 / 50007. ``blocked=False`` lets DMs through again."""
        getattr(user, "user", user).accepts_dms = not blocked

    def can_dm(self, user: User) -> bool:
        """Discord delivers a bot's DM only to a user who accepts DMs and shares a guild with it."""
        return user.accepts_dms and any(
            user.id in g.members and self.bot_user.id in g.members for g in self.guilds
        )

    def dms(self, user: User) -> list[Message]:
        """Every live message between the bot and this user, oldest first."""
        channel = self.dm_channels.get(user.id)
        return [] if channel is None else self.visible_messages(user, channel)

    # ------------------------------------------------------------------ changing the world mid-game

    def set_role_permissions(self, role: Role, permissions: int) -> None:
        role.permissions = permissions
        guild = next(g for g in self.guilds if role in g.roles)
        self.dispatch("GUILD_ROLE_UPDATE", {"guild_id": str(guild.id), "role": role.to_payload()})

    def set_member_roles(self, guild: Guild, user: User, roles: list[Role]) -> None:
        """Give a member exactly these roles (dispatches GUILD_MEMBER_UPDATE)."""
        member = guild.members[user.id]
        member.roles = list(roles)
        self.dispatch("GUILD_MEMBER_UPDATE", {**member.to_payload(), "guild_id": str(guild.id)})

    def set_nick(self, guild: Guild, user: User, nick: str | None) -> None:
        """Give a member a nickname, their display name in this guild (GUILD_MEMBER_UPDATE)."""
        member = guild.members[user.id]
        member.nick = nick
        self.dispatch("GUILD_MEMBER_UPDATE", {**member.to_payload(), "guild_id": str(guild.id)})

    def set_overwrite(
        self, channel: Channel, target: Role | User, *, allow: int = 0, deny: int = 0
    ) -> None:
        """Replace the channel's overwrite for a role or a member (dispatches CHANNEL_UPDATE)."""
        kind = 0 if isinstance(target, Role) else 1
        channel.overwrites[target.id] = Overwrite(target.id, kind, allow, deny)
        self.dispatch("CHANNEL_UPDATE", channel.to_payload())

    def deny(self, channel: Channel, target: Role | User, permissions: int) -> None:
        """Take permissions away from a role or member in one channel (and its threads)."""
        old = channel.overwrites.get(target.id)
        allow, deny = (old.allow, old.deny) if old else (0, 0)
        self.set_overwrite(channel, target, allow=allow & ~permissions, deny=deny | permissions)

    def archive_thread(self, thread: Channel, *, locked: bool = False) -> None:
        """Archive a thread, as Discord does after its inactivity period (or a moderator, who
        may also lock it: then only those who may manage threads can bring it back)."""
        self.set_thread_state(thread, archived=True, locked=locked or thread.locked)

    def set_thread_state(self, thread: Channel, *, archived: bool, locked: bool) -> None:
        """Archive or unarchive, lock or unlock a thread (dispatches THREAD_UPDATE)."""
        if not thread.is_thread:
            raise ValueError(f"#{thread.name} is not a thread")
        if thread.archived != archived:
            thread.archive_timestamp = self.clock.iso()
            if not archived:
                thread.last_activity = self.clock.now()  # unarchiving is activity
        thread.archived, thread.locked = archived, locked
        self.dispatch("THREAD_UPDATE", thread.to_payload())

    def archive_idle_threads(self) -> list[Channel]:
        """Threads inactive for their ``auto_archive_duration`` archive themselves (run by
        :meth:`advance`); the threads archived now."""
        now = self.clock.now()
        idle = [
            t
            for g in self.guilds
            for t in g.threads
            if not t.archived and now - t.last_activity >= 60 * t.auto_archive_duration
        ]
        for thread in idle:
            self.archive_thread(thread)
        return idle

    def open_for_message(self, channel: AnyChannel, author: User) -> None:
        """Discord's rule for a new message in a thread: an archived one is unarchived by it,
        unless it is locked and the author may not manage threads (400 50083); a locked one
        takes messages only from those who may (400 160005)."""
        if not channel.is_thread or channel.deleted:
            return
        assert isinstance(channel, Channel)
        manages = self.has(author, channel, Perm.MANAGE_THREADS)
        if channel.locked and not manages:
            if channel.archived:
                raise wire.DiscordError(
                    400, wire.THREAD_ARCHIVED, "Cannot perform this operation on an archived thread"
                )
            raise wire.DiscordError(400, wire.THREAD_LOCKED, "Thread is locked")
        if channel.archived:
            self.set_thread_state(channel, archived=False, locked=channel.locked)

    def delete_channel(self, channel: Channel) -> None:
        """Delete a channel or thread; later requests to it get 404 / 10003."""
        if channel.guild is None:
            raise ValueError("a DM channel cannot be deleted")
        channel.deleted = True
        if channel.is_thread:
            assert channel.parent is not None
            self.dispatch(
                "THREAD_DELETE",
                {
                    "id": str(channel.id),
                    "guild_id": str(channel.guild.id),
                    "parent_id": str(channel.parent.id),
                    "type": channel.type,
                },
            )
        else:
            for thread in channel.guild.threads:
                if thread.parent is channel:
                    thread.deleted = True
            self.dispatch("CHANNEL_DELETE", channel.to_payload())

    def permissions(self, user: User, channel: AnyChannel) -> int:
        if channel.guild is None:
            return channel.permissions_for(user)
        member = channel.guild.members.get(user.id)
        return 0 if member is None else channel.guild.permissions_in(member, channel)

    def has(self, user: User, channel: AnyChannel, permission: int) -> bool:
        return self.permissions(user, channel) & permission == permission

    # ------------------------------------------------------------------ time and faults

    def advance(self, seconds: float = 0.0, *, minutes: float = 0.0, hours: float = 0.0) -> None:
        """Move the emulated clock forward (token expiry, timestamps, snowflakes); threads
        inactive for their auto-archive duration archive themselves."""
        self.clock.advance(seconds, minutes=minutes + 60 * hours)
        self.archive_idle_threads()

    def fail_next(
        self,
        status: int,
        count: int = 1,
        *,
        method: str | None = None,
        path: str | None = None,
        retry_after: float = 0.2,
    ) -> Fault:
        """Answer the next ``count`` REST requests matching method/path with ``status``.

        ``status=429`` sends a proper rate-limit answer (discord.py waits ``retry_after``);
        500 is retried by discord.py after 1 s, 3 s, ...
        """
        fault = Fault(status, count, method, path, retry_after)
        self.faults.append(fault)
        return fault

    def fail_message_posts(
        self,
        status: int = 503,
        *,
        count: int | None = None,
        seconds: float | None = None,
        channel: AnyChannel | None = None,
    ) -> Fault:
        """A burst of ``status`` answers (default 503) to Create Message, in one channel or all:
        the next ``count`` posts, or every post for ``seconds`` of real time (or both: whichever
        ends first). discord.py does not retry a 503: the caller gets ``DiscordServerError``.
        ``fault.hits`` counts the refused posts; ``fault.cancel()`` ends the burst early."""
        if count is None and seconds is None:
            raise ValueError("give count, seconds or both")
        fault = Fault(
            status,
            count,
            until=None if seconds is None else time.monotonic() + seconds,
            message_posts=True,
            channel_id=None if channel is None else channel.id,
        )
        self.faults.append(fault)
        return fault

    def hang_after_create(
        self,
        *,
        channel: AnyChannel | None = None,
        count: int = 1,
        drop: bool = False,
        on_create: Callable[[Message], Any] | None = None,
    ) -> CreateTrap:
        """The next ``count`` Create Message requests (in ``channel``, or anywhere) are carried
        out — the message is stored and MESSAGE_CREATE dispatched — and then never answered:
        the request hangs (or, with ``drop=True``, its connection is cut). At that moment
        ``trap.created`` is set and ``on_create(message)`` is called (a coroutine it returns runs
        as a task), so a test can kill the bot exactly between create and answer::

            trap = emu.hang_after_create(channel=world.games)
            await trap.created.wait()
            await runner.kill()
        """
        trap = CreateTrap(count, None if channel is None else channel.id, drop, on_create)
        self.create_traps.append(trap)
        return trap

    # ------------------------------------------------------------------ counters

    def messages_created(self, channel: AnyChannel, *, author: User | None = None) -> int:
        """How many messages were ever created in the channel (deleted ones too), by ``author``
        if given (``emu.bot_user`` for the bot's)."""
        return sum(
            1
            for m in self.messages.values()
            if m.channel is channel and (author is None or m.author is author)
        )

    def requests_per_route(self, *, status: int | None = None) -> Counter[str]:
        """Requests by route ("POST /channels/{channel}/messages"), only those answered with
        ``status`` if given."""
        return Counter(r.route for r in self.request_log if status in (None, r.status))

    def rate_limited_per_route(self) -> Counter[str]:
        """429 answers by route, the global limit's excluded (see :meth:`global_rate_limited`)."""
        return Counter(r.route for r in self.request_log if r.status == 429 and not r.global_limit)

    def global_rate_limited(self) -> int:
        """How many requests got a 429 of the global limit."""
        return sum(1 for r in self.request_log if r.global_limit)

    def invalid_requests_recent(self, seconds: float = INVALID_REQUEST_PERIOD) -> int:
        """401, 403 and 429 answers in the last ``seconds`` of emulated time (Discord bans a bot
        at 10,000 in 10 minutes; ``advance`` moves old ones out of the window)."""
        since = self.clock.now() - seconds
        return sum(1 for r in self.request_log if r.status in (401, 403, 429) and r.at > since)

    # ------------------------------------------------------------------ schema checks

    def record_schema_violations(self, violations: list[Violation]) -> None:
        self.schema_violations.extend(violations)

    def take_schema_violations(self) -> list[Violation]:
        """Return and forget the violations so far: for tests that send a bad body on purpose
        (the ``emu`` fixture fails a test that leaves any behind)."""
        taken, self.schema_violations = self.schema_violations, []
        return taken

    async def drop_gateway(self, *, resumable: bool = True) -> None:
        """Close every bot socket without ending its session, as a network hiccup would.

        With ``resumable=False`` the sessions are forgotten too: the client must IDENTIFY again.
        """
        for session in self.sessions:
            if session.ws is not None and not session.ws.closed:
                session.closed = not resumable
                session.dropping = resumable
                await session.ws.close(code=4000, message=b"dropped by the emulator")

    async def cut_gateway(self) -> None:
        """A network cut between the bot and the gateway: every socket drops and every new
        one is refused (the client keeps trying, backing off) until ``restore_gateway``."""
        self.gateway_refused = True
        await self.drop_gateway()

    def restore_gateway(self) -> None:
        self.gateway_refused = False

    # ------------------------------------------------------------------ waiting

    async def wait_for(
        self,
        predicate: Callable[[], Any],
        timeout: float = 10.0,
        message: str = "condition",
        *,
        exact: bool = False,
    ) -> Any:
        """Poll ``predicate`` until it returns something truthy, and return that; TimeoutError
        after ``timeout`` seconds times :data:`PATIENCE` (``exact``: after ``timeout`` itself,
        for a wait whose length is Discord's rule, not a guard against hanging)."""
        if not exact:
            timeout *= PATIENCE
        deadline = time.monotonic() + timeout
        while True:
            value = predicate()
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"timed out after {timeout:g} s waiting for {message}")
            await asyncio.sleep(0.01)

    async def wait_until_bot_ready(self, timeout: float = 10.0) -> Session:
        return await self.wait_for(
            lambda: next((s for s in self.sessions if s.ready and s.connected), None),
            timeout,
            "a ready gateway session",
        )

    def session_for(self, guild: Guild | None) -> Session | None:
        """The live session that hears this guild (None: no process runs its shard now)."""
        guild_id = None if guild is None else guild.id
        return next(
            (
                s
                for s in reversed(self.sessions)
                if not s.closed and s.connected and s.receives(guild_id)
            ),
            None,
        )

    def interactions_heard_by(self, session: Session) -> set[int]:
        """Ids of the interactions dispatched to this session (only it held their tokens, so
        only its process could answer them)."""
        return {int(d["id"]) for d in session.events("INTERACTION_CREATE")}

    # ------------------------------------------------------------------ gateway dispatch

    def dispatch(self, event: str, data: dict[str, Any], *, intent: int = 0) -> None:
        """Send an event to every live session of the event's guild's shard (only to those with
        ``intent``, if given). Events without a guild (DMs) go to shard 0."""
        guild_id = (
            data.get("id")
            if event.startswith("GUILD_") and "guild_id" not in data
            else data.get("guild_id")
        )
        guild_id = int(guild_id) if guild_id is not None else None
        for session in self.sessions:
            if (
                not session.closed
                and session.intents & intent == intent
                and session.receives(guild_id)
            ):
                session.dispatch(event, data)

    def dispatch_message(self, event: str, message: Message) -> None:
        """MESSAGE_CREATE / MESSAGE_UPDATE for a public message or a DM (with no guild_id).

        Content reaches the bot only with the message content intent (or if it wrote the message,
        is mentioned, or the message is a DM). DMs reach it only with the direct messages intent.
        """
        if message.ephemeral:
            return  # Discord never tells bots about ephemeral messages
        guild = message.channel.guild
        member = guild.members.get(message.author.id) if guild is not None else None
        payload = message.to_payload(guild_member=member)
        for session in self.sessions:
            if session.closed or not session.receives(guild.id if guild is not None else None):
                continue
            if guild is None and not session.intents & INTENT_DIRECT_MESSAGES:
                continue
            data = payload
            mentioned = f"<@{self.bot_user.id}>" in message.text
            if (
                message.author is not self.bot_user
                and not mentioned
                and guild is not None
                and not session.intents & INTENT_MESSAGE_CONTENT
            ):
                data = without_content(payload)  # a forward's snapshots too
            session.dispatch(event, data)

    # ------------------------------------------------------------------ messages

    def create_message(
        self,
        channel: AnyChannel,
        author: User,
        *,
        content: str = "",
        components: list[dict[str, Any]] | None = None,
        embeds: list[dict[str, Any]] | None = None,
        attachments: list[Attachment] | None = None,
        flags: int = 0,
        ephemeral_for: User | None = None,
        interaction: Interaction | None = None,
        message_type: int = 0,
        nonce: int | str | None = None,
        allowed_mentions: dict[str, Any] | None = None,
        forwarding: Message | None = None,
    ) -> Message:
        """A new message (``allowed_mentions`` None: every mention in the content pings, as
        Discord does when a message does not say); ``forwarding``: a forward of that message
        (no content of its own, a reference of type FORWARD and the message's snapshot)."""
        message = Message(
            self.snowflakes.next(),
            channel,
            author,
            content=content,
            components=number_components(components or []),
            embeds=embeds or [],
            attachments=attachments or [],
            flags=(flags | EPHEMERAL) if ephemeral_for else (flags & ~EPHEMERAL),
            ephemeral_for=ephemeral_for,
            interaction=interaction,
            webhook_id=self.application_id if interaction else None,
            type=message_type,
            timestamp=self.clock.iso(),
            nonce=nonce,
            pings=self._pings(channel, author, content, allowed_mentions),
        )
        if message.is_components_v2:  # its Text Displays ping as content would
            message.pings = self._pings(channel, author, message.text, allowed_mentions)
        resolve_media(message.components, message.attachments, self.snowflakes.next)
        if forwarding is not None:
            message.flags |= HAS_SNAPSHOT
            message.reference = forward_reference(forwarding)
            message.snapshots = [forwarding.snapshot()]
        if channel.is_thread:
            assert isinstance(channel, Channel)
            channel.last_activity = self.clock.now()
        self.messages[message.id] = message
        self.dispatch_message("MESSAGE_CREATE", message)
        return message

    def edit_by_author(self, message: Message, content: str) -> Message:
        """A person edits their own message: its new content, ``edited_timestamp``, and
        MESSAGE_UPDATE with the whole message, as MESSAGE_CREATE carries it (edits never
        ping: who was pinged stays what the message pinged when it was created)."""
        message.content = content
        message.edited_timestamp = self.clock.iso()
        self.dispatch_message("MESSAGE_UPDATE", message)
        return message

    def _pings(
        self, channel: AnyChannel, author: User, content: str, allowed: dict[str, Any] | None
    ) -> Pings:
        guild = channel.guild
        if guild is None:
            assert isinstance(channel, DMChannel)
            people = {u.id: u for u in (channel.recipient, channel.bot)}
            return pings_of(content, allowed, people, {}, may_mention_everyone=False)
        return pings_of(
            content,
            allowed,
            {user_id: m.user for user_id, m in guild.members.items()},
            {r.id: r for r in guild.roles},
            may_mention_everyone=self.has(author, channel, Perm.MENTION_EVERYONE),
        )

    def delete_message(self, message: Message) -> None:
        message.deleted = True
        if message.ephemeral:
            return
        data = {"id": str(message.id), "channel_id": str(message.channel.id)}
        if (guild := message.channel.guild) is not None:
            data["guild_id"] = str(guild.id)
        self.dispatch("MESSAGE_DELETE", data, intent=INTENT_DIRECT_MESSAGES if guild is None else 0)

    def new_attachment(
        self,
        channel: AnyChannel,
        filename: str,
        data: bytes,
        content_type: str,
        description: str | None = None,
    ) -> Attachment:
        attachment_id = self.snowflakes.next()
        url = f"{self.base_url}/attachments/{channel.id}/{attachment_id}/{filename}"
        attachment = Attachment(attachment_id, filename, data, content_type, url, description)
        self.attachments[attachment_id] = attachment
        return attachment

    def channel_window(self, channel: AnyChannel) -> Window:
        if channel.id not in self.channel_windows:
            limit, period = self.message_rate
            self.channel_windows[channel.id] = Window(limit, period, bucket=f"msg-{channel.id:x}")
        return self.channel_windows[channel.id]

    def visible_messages(self, user: User, channel: AnyChannel) -> list[Message]:
        if channel.deleted or not self.has(user, channel, Perm.VIEW_CHANNEL):
            return []
        return [m for m in self.messages.values() if m.channel is channel and m.visible_to(user)]

    # ------------------------------------------------------------------ HTTP plumbing

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Any) -> web.StreamResponse:
        if not request.path.startswith(API_PREFIX):
            return await handler(request)
        response = await self._api(request, handler)
        self.requests.append((request.method, request.path, response.status))
        resource = request.match_info.route.resource
        route = "" if resource is None else resource.canonical.removeprefix(API_PREFIX)
        self.request_log.append(
            RequestRecord(
                request.method,
                request.path,
                f"{request.method} {route}",
                response.status,
                response.status == 429 and "X-RateLimit-Global" in response.headers,
                self.clock.now(),
            )
        )
        if response.status in (401, 403, 429):
            self.invalid_requests.append(time.monotonic())
        return response

    async def _api(self, request: web.Request, handler: Any) -> web.StreamResponse:
        token_route = request.path.startswith(TOKEN_ROUTES)
        if not token_route and request.headers.get("Authorization") != f"Bot {self.token}":
            return json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        for fault in self.faults:
            if fault.matches(request):
                return fault.respond()
        if not token_route and (wait := self.global_window.take()) is not None:
            return too_many_requests(wait, is_global=True, headers={})
        try:
            return await handler(request)
        except DiscordError as error:
            return error.to_response()

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        if self.gateway_refused:
            return web.Response(status=503, text="the gateway is cut (emulator)")
        return await gateway_handler(self, request)

    async def _serve_attachment(self, request: web.Request) -> web.Response:
        attachment = self.attachments.get(int(request.match_info["attachment_id"]))
        if attachment is None or attachment.filename != request.match_info["filename"]:
            raise web.HTTPNotFound()
        return web.Response(body=attachment.data, content_type=attachment.content_type)

    def unanswered_interactions(self) -> list[Interaction]:
        return [i for i in self.interactions.values() if not i.responded]
