"""The gateway: one WebSocket per bot connection, sessions that survive a dropped socket.

HELLO -> IDENTIFY -> READY + GUILD_CREATE -> dispatches. A session numbers its dispatches and
keeps them, so that a RESUME (op 6) after a dropped socket can replay what was missed.
Sharding: IDENTIFY may carry ``shard: [id, count]``; that session then hears only the guilds with
``(guild_id >> 22) % count == id`` (and, as on Discord, DMs only on shard 0). Several sessions,
one per shard, may be live at once (several bot processes).
Frames are plain JSON text: discord.py asks for zlib-stream but only inflates binary frames.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from .server import Emulator

log = logging.getLogger(__name__)

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, RESUME, RECONNECT, REQUEST_MEMBERS = 0, 1, 2, 3, 6, 7, 8
INVALID_SESSION, HELLO, HEARTBEAT_ACK = 9, 10, 11
HEARTBEAT_INTERVAL_MS = 41250
INVALID_SHARD = 4010  # close code

INTENT_GUILD_MEMBERS = 1 << 1
INTENT_DIRECT_MESSAGES = 1 << 12
INTENT_MESSAGE_CONTENT = 1 << 15


@dataclass(eq=False)
class Session:
    """What the gateway remembers about one identified bot connection.

    ``dispatch`` is synchronous: it numbers the event, keeps it for a later RESUME and queues it
    for the connection's writer task, so the emulator can fire events from plain methods and
    they still go out in order.
    """

    id: str
    intents: int
    #: (shard id, shard count) from IDENTIFY; (0, 1) when the client does not shard.
    shard: tuple[int, int] = (0, 1)
    ws: web.WebSocketResponse | None = None
    seq: int = 0
    log: list[dict[str, Any]] = field(default_factory=list)
    ready: bool = False
    resumes: int = 0
    closed: bool = False
    #: Set while the emulator itself drops the socket: that close keeps the session resumable.
    dropping: bool = False
    outbox: asyncio.Queue[dict[str, Any]] = field(default_factory=asyncio.Queue)

    @property
    def connected(self) -> bool:
        return self.ws is not None and not self.ws.closed

    def receives(self, guild_id: int | None) -> bool:
        """Whether Discord sends this guild's events to this session's shard (None: a DM,
        which only shard 0 hears)."""
        shard_id, shard_count = self.shard
        if guild_id is None:
            return shard_id == 0
        return (guild_id >> 22) % shard_count == shard_id

    def dispatch(self, event: str, data: dict[str, Any]) -> None:
        self.seq += 1
        frame = {"op": DISPATCH, "t": event, "s": self.seq, "d": data}
        self.log.append(frame)
        if self.connected:
            self.outbox.put_nowait(frame)

    def attach(self, ws: web.WebSocketResponse, *, replay_after: int | None = None) -> None:
        """Bind a (new) socket; on resume, queue every dispatch the client has not seen."""
        self.ws = ws
        self.outbox = asyncio.Queue()
        if replay_after is not None:
            for frame in self.log:
                if frame["s"] > replay_after:
                    self.outbox.put_nowait(frame)

    def events(self, name: str) -> list[dict[str, Any]]:
        """Payloads of every dispatch of this event so far (handy in tests)."""
        return [f["d"] for f in self.log if f["t"] == name]


async def _writer(session: Session, ws: web.WebSocketResponse) -> None:
    queue = session.outbox
    while not ws.closed:
        frame = await queue.get()
        try:
            await ws.send_str(json.dumps(frame))
        except (ConnectionError, RuntimeError):
            return  # the frame stays in the session log; a RESUME replays it


async def gateway_handler(emu: Emulator, request: web.Request) -> web.WebSocketResponse:
    ws = web.WebSocketResponse(max_msg_size=0)
    await ws.prepare(request)
    emu.gateway_connections.append(ws)
    await ws.send_str(json.dumps({"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}}))
    session: Session | None = None
    writer: asyncio.Task[None] | None = None
    try:
        async for msg in ws:
            if msg.type is not WSMsgType.TEXT:
                continue
            payload = json.loads(msg.data)
            op, data = payload.get("op"), payload.get("d")
            if op == HEARTBEAT:
                await ws.send_str(json.dumps({"op": HEARTBEAT_ACK}))
            elif op == IDENTIFY and session is None and _shard(data) is None:
                await ws.close(code=INVALID_SHARD, message=b"Invalid shard")
            elif op in (IDENTIFY, RESUME) and session is None:
                session = _identify(emu, ws, data) if op == IDENTIFY else _resume(emu, ws, data)
                if session is None:
                    await ws.send_str(json.dumps({"op": INVALID_SESSION, "d": False}))
                    continue
                writer = asyncio.create_task(_writer(session, ws))
            elif op == REQUEST_MEMBERS and session is not None:
                _send_member_chunk(emu, session, data)
            # PRESENCE and voice ops are accepted and ignored
    finally:
        if writer is not None:
            writer.cancel()
        if session is not None and session.ws is ws:
            session.ws = None
            if not session.dropping and ws.close_code in (1000, 1001):
                session.closed = True  # the client said goodbye: the session ends, as on Discord
            session.dropping = False
    return ws


def _shard(data: dict[str, Any]) -> tuple[int, int] | None:
    """IDENTIFY's ``shard: [id, count]`` ((0, 1) when absent); None when it is invalid."""
    shard = data.get("shard") or [0, 1]
    try:
        shard_id, shard_count = int(shard[0]), int(shard[1])
    except (TypeError, ValueError, IndexError):
        return None
    return (shard_id, shard_count) if 0 <= shard_id < shard_count else None


def _identify(emu: Emulator, ws: web.WebSocketResponse, data: dict[str, Any]) -> Session | None:
    if data.get("token") != emu.token:
        return None
    shard = _shard(data)
    if shard is None:
        return None
    for old in emu.sessions:  # one process per shard: a new IDENTIFY ends that shard's old ones
        if not old.connected and old.shard == shard:
            old.closed = True
    session = Session(id=secrets.token_hex(16), intents=int(data.get("intents", 0)), shard=shard)
    session.attach(ws)
    emu.sessions.append(session)
    guilds = [g for g in emu.guilds if session.receives(g.id)]
    ready = {
        "v": 10,
        "user": {**emu.bot_user.to_payload(), "verified": True, "mfa_enabled": False},
        "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
        "session_id": session.id,
        "resume_gateway_url": emu.gateway_url,
        "shard": list(shard),
        "application": {"id": str(emu.application_id), "flags": 0},
        "private_channels": [],
        "relationships": [],
        "presences": [],
        "session_type": "normal",
        "geo_ordered_rtc_regions": ["local"],
        "guild_join_requests": [],
        "auth": {},
    }
    session.dispatch("READY", ready)
    for guild in guilds:
        session.dispatch("GUILD_CREATE", guild.to_payload())
    session.ready = True
    return session


def _resume(emu: Emulator, ws: web.WebSocketResponse, data: dict[str, Any]) -> Session | None:
    session = next((s for s in emu.sessions if s.id == data.get("session_id")), None)
    if session is None or session.closed or data.get("token") != emu.token:
        return None
    session.attach(ws, replay_after=int(data.get("seq") or 0))
    session.resumes += 1
    session.dispatch("RESUMED", {})
    return session


def _send_member_chunk(emu: Emulator, session: Session, data: dict[str, Any]) -> None:
    guild = emu.guild_by_id(int(data["guild_id"]))
    if guild is None or not session.receives(guild.id):
        return
    members = list(guild.members.values())
    if user_ids := data.get("user_ids"):
        wanted = {int(u) for u in user_ids}
        members = [m for m in members if m.user.id in wanted]
    elif query := data.get("query"):
        members = [m for m in members if m.user.name.startswith(query)]
    chunk: dict[str, Any] = {
        "guild_id": str(guild.id),
        "members": [m.to_payload() for m in members],
        "chunk_index": 0,
        "chunk_count": 1,
        "not_found": [],
    }
    if nonce := data.get("nonce"):
        chunk["nonce"] = nonce
    session.dispatch("GUILD_MEMBERS_CHUNK", chunk)
