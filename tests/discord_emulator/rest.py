"""REST API v10: the routes discord.py uses for a bot with slash commands, buttons and threads.

Each handler checks what Discord checks (existence, permissions, message limits, interaction
deadlines and tokens) and raises :class:`DiscordError` with Discord's status and error code.
"""

from __future__ import annotations

import json
import mimetypes
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import layout_rules, wire
from .components import IS_COMPONENTS_V2, resolve_media
from .mentions import validate_allowed_mentions
from .model import (
    EPHEMERAL,
    LOADING,
    AnyChannel,
    Channel,
    DMChannel,
    Interaction,
    Message,
    Perm,
    number_components,
)
from .ratelimit import too_many_requests
from .wire import DiscordError, invalid_form, json_response

if TYPE_CHECKING:
    from .server import Emulator

MAX_CONTENT = 2000
MAX_ROWS = 5
MAX_ATTACHMENTS = 10
MAX_EMBEDS = 10
MAX_NONCE = 25
#: What the request log shows for a request the emulator never answered (nginx's "client
#: closed request"): a trapped Create Message whose connection was cut.
NEVER_ANSWERED = 499
INT64 = range(-(2**63), 2**63)

# interaction callback types
PONG, MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, AUTOCOMPLETE, MODAL = (
    1,
    4,
    5,
    6,
    7,
    8,
    9,
)
# interaction types
APPLICATION_COMMAND, COMPONENT, AUTOCOMPLETE_INTERACTION, MODAL_SUBMIT = 2, 3, 4, 5
MAX_CHOICES = 25  # an autocomplete answer's choices, each named and valued in 1–100 characters


@dataclass
class Upload:
    filename: str
    data: bytes


async def read_body(request: web.Request) -> tuple[dict[str, Any], dict[int, Upload]]:
    """The JSON payload and the uploaded files of a JSON or multipart request."""
    files: dict[int, Upload] = {}
    if request.content_type.startswith("multipart/"):
        payload: dict[str, Any] = {}
        reader = await request.multipart()
        async for part in reader:
            if part.name == "payload_json":
                payload = json.loads(await part.text())  # type: ignore[union-attr]
            elif part.name and (m := re.fullmatch(r"files\[(\d+)\]", part.name)):
                files[int(m[1])] = Upload(part.filename or "file", await part.read())  # type: ignore[union-attr]
        return payload, files
    if not request.can_read_body:
        return {}, files
    return await request.json(), files


def validate_message(
    payload: dict[str, Any],
    files: dict[int, Upload],
    size_limit: int,
    *,
    edited: Message | None = None,
) -> None:
    """Discord's per-message limits, which discord.py leaves to the server. ``edited``: the
    message an edit changes (its flag, its content and the attachments it may keep count)."""
    validate_allowed_mentions(payload)
    content = payload.get("content")
    if content is not None and len(content) > MAX_CONTENT:
        raise invalid_form(
            "content", "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_CONTENT} or fewer in length."
        )
    if len(payload.get("embeds") or []) > MAX_EMBEDS:
        raise invalid_form("embeds", "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
    components = payload.get("components") or []
    if layout_rules.becomes_v2(payload, edited):
        layout_rules.refuse_legacy_fields(payload, edited)
        layout_rules.check_v2(components, attachment_names(payload, files, edited))
    else:
        layout_rules.check_legacy(components, MAX_ROWS)
    kept = len(edited.attachments) if edited is not None else 0
    entries = payload.get("attachments")
    count = len(entries) if entries is not None else kept + len(files)
    if count > MAX_ATTACHMENTS or len(files) > MAX_ATTACHMENTS:
        raise invalid_form(
            "attachments", "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_ATTACHMENTS} or fewer in length."
        )
    for upload in files.values():
        if len(upload.data) > size_limit:
            raise DiscordError(413, wire.REQUEST_TOO_LARGE, "Request entity too large")


def attachment_names(
    payload: dict[str, Any], files: dict[int, Upload], edited: Message | None
) -> set[str]:
    """The files the message will have, as ``attachment://`` may name them (and, for a File
    component rebuilt from a received message, their urls): the ``attachments`` list's kept
    ones and uploads (an entry's ``filename`` renames its upload), or without the list what
    it had and what this request uploads."""
    existing = {str(a.id): a for a in edited.attachments} if edited is not None else {}
    entries = payload.get("attachments")
    if entries is None:
        kept = list(existing.values())
        new = [u.filename for u in files.values()]
    else:
        kept = [existing[str(e.get("id"))] for e in entries if str(e.get("id")) in existing]
        new = [
            e.get("filename") or files[int(e["id"])].filename
            for e in entries
            if str(e.get("id")) not in existing
            and str(e.get("id")).isdigit()
            and int(e["id"]) in files
        ]
    return {a.filename for a in kept} | {a.url for a in kept} | set(new)


def validate_nonce(payload: dict[str, Any]) -> int | str | None:
    """Create Message's ``nonce``: an integer (64-bit) or a string of at most 25 characters."""
    nonce = payload.get("nonce")
    if nonce is None:
        return None
    if (
        isinstance(nonce, bool)
        or not isinstance(nonce, (int, str))
        or (isinstance(nonce, int) and nonce not in INT64)
    ):
        raise invalid_form("nonce", "NONCE_TYPE_INVALID", "Nonce must be an integer or a string.")
    if isinstance(nonce, str) and len(nonce) > MAX_NONCE:
        raise invalid_form(
            "nonce", "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_NONCE} or fewer in length."
        )
    return nonce


def validate_choices(data: dict[str, Any]) -> list[dict[str, Any]]:
    """An autocomplete answer: at most 25 choices, each with a name and a value of 1–100
    characters (a number value for number options)."""
    choices = data.get("choices")
    if not isinstance(choices, list):
        raise invalid_form("data.choices", "BASE_TYPE_REQUIRED", "This field is required")
    if len(choices) > MAX_CHOICES:
        raise invalid_form(
            "data.choices", "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_CHOICES} or fewer in length."
        )
    for n, choice in enumerate(choices):
        for key in ("name", "value"):
            value = choice.get(key)
            if isinstance(value, str) and not 1 <= len(value) <= 100:
                raise invalid_form(
                    f"data.choices.{n}.{key}",
                    "BASE_TYPE_BAD_LENGTH",
                    "Must be between 1 and 100 in length.",
                )
            if value is None:
                raise invalid_form(
                    f"data.choices.{n}.{key}", "BASE_TYPE_REQUIRED", "This field is required"
                )
    return choices


class RestApi:
    def __init__(self, emu: Emulator) -> None:
        self.emu = emu

    def add_routes(self, app: web.Application, prefix: str) -> None:
        p = prefix
        app.router.add_routes(
            [
                web.get(p + "/users/@me", self.get_me),
                web.get(p + "/oauth2/applications/@me", self.get_application),
                web.get(p + "/applications/@me", self.get_application),
                web.get(p + "/gateway", self.get_gateway),
                web.get(p + "/gateway/bot", self.get_gateway),
                web.put(p + "/applications/{app}/commands", self.put_commands),
                web.get(p + "/applications/{app}/commands", self.get_commands),
                web.put(p + "/applications/{app}/guilds/{guild}/commands", self.put_commands),
                web.get(p + "/applications/{app}/guilds/{guild}/commands", self.get_commands),
                web.get(p + "/guilds/{guild}/members/{user}", self.get_member),
                web.post(p + "/users/@me/channels", self.open_dm),
                web.get(p + "/channels/{channel}", self.get_channel),
                web.patch(p + "/channels/{channel}", self.patch_channel),
                web.get(p + "/channels/{channel}/messages", self.get_messages),
                web.post(p + "/channels/{channel}/messages", self.post_message),
                web.get(p + "/channels/{channel}/messages/{message}", self.get_message),
                web.patch(p + "/channels/{channel}/messages/{message}", self.patch_message),
                web.delete(p + "/channels/{channel}/messages/{message}", self.delete_message),
                web.post(
                    p + "/channels/{channel}/messages/{message}/threads",
                    self.post_thread_from_message,
                ),
                web.post(p + "/channels/{channel}/threads", self.post_thread),
                web.post(p + "/interactions/{id}/{token}/callback", self.interaction_callback),
                web.post(p + "/webhooks/{app}/{token}", self.post_followup),
                web.get(p + "/webhooks/{app}/{token}/messages/{message}", self.get_webhook_message),
                web.patch(
                    p + "/webhooks/{app}/{token}/messages/{message}", self.patch_webhook_message
                ),
                web.delete(
                    p + "/webhooks/{app}/{token}/messages/{message}", self.delete_webhook_message
                ),
            ]
        )

    # ------------------------------------------------------------------ helpers

    def channel(self, request: web.Request, *, need: int = 0) -> AnyChannel:
        """The channel of the route, or 404 10003; 403 50013 if the bot lacks ``need``."""
        channel = self.emu.channel_by_id(int(request.match_info["channel"]))
        if channel is None or channel.deleted:
            raise DiscordError(404, wire.UNKNOWN_CHANNEL, "Unknown Channel")
        if not self.emu.has(self.emu.bot_user, channel, Perm.VIEW_CHANNEL):
            raise DiscordError(403, 50001, "Missing Access")
        if need and not self.emu.has(self.emu.bot_user, channel, need):
            raise DiscordError(403, wire.MISSING_PERMISSIONS, "Missing Permissions")
        return channel

    def guild_channel(self, request: web.Request, *, need: int = 0) -> Channel:
        """Like :meth:`channel`, for routes that make no sense in a DM (403 50003 there)."""
        channel = self.channel(request)
        if isinstance(channel, DMChannel):
            raise DiscordError(403, wire.CANNOT_ACT_ON_DM, "Cannot execute action on a DM channel")
        return self.channel(request, need=need)  # type: ignore[return-value]

    def message_in(self, channel: AnyChannel, message_id: str) -> Message:
        message = self.emu.messages.get(int(message_id))
        if (
            message is None
            or message.deleted
            or message.channel is not channel
            or message.ephemeral
        ):
            raise DiscordError(404, wire.UNKNOWN_MESSAGE, "Unknown Message")
        return message

    def interaction_for(self, request: web.Request) -> Interaction:
        """The interaction behind a webhook token; 401 50027 once the token has expired."""
        emu = self.emu
        if request.match_info["app"] != str(emu.application_id):
            raise DiscordError(404, wire.UNKNOWN_WEBHOOK, "Unknown Webhook")
        token = request.match_info["token"]
        found = next((i for i in emu.interactions.values() if i.token == token), None)
        if found is None or emu.clock.now() - found.created_at > emu.token_lifetime:
            raise DiscordError(401, wire.INVALID_WEBHOOK_TOKEN, "Invalid Webhook Token")
        return found

    def webhook_message(self, interaction: Interaction, message_id: str) -> Message:
        if message_id == "@original":
            message = interaction.original
        else:
            message = next(
                (
                    m
                    for m in [interaction.original, *interaction.followups]
                    if m is not None and str(m.id) == message_id
                ),
                None,
            )
        if message is None or message.deleted:
            raise DiscordError(404, wire.UNKNOWN_MESSAGE, "Unknown Message")
        return message

    def attachments_after(
        self,
        channel: AnyChannel,
        payload: dict[str, Any],
        files: dict[int, Upload],
        existing: list | None,
    ) -> list | None:
        """The new attachment list (None = unchanged), following Discord's ``attachments`` rules.

        Each entry of ``payload["attachments"]`` is either a kept attachment (its real id) or a
        new upload (the index n of ``files[n]``). Without the list, uploads are added to what
        the message already has.
        """
        entries = payload.get("attachments")
        if entries is None:
            if not files:
                return None
            return list(existing or []) + [
                self.store_upload(channel, u) for _, u in sorted(files.items())
            ]
        kept = {a.id: a for a in existing or []}
        result = []
        for n, entry in enumerate(entries):
            attachment_id = int(entry["id"])
            if attachment_id in kept:
                result.append(kept[attachment_id])
            elif attachment_id in files:
                result.append(
                    self.store_upload(
                        channel,
                        files[attachment_id],
                        entry.get("filename"),
                        entry.get("description"),
                    )
                )
            else:
                raise invalid_form(
                    f"attachments.{n}.id", "ATTACHMENT_NOT_FOUND", "Unknown attachment"
                )
        return result

    def store_upload(
        self,
        channel: AnyChannel,
        upload: Upload,
        filename: str | None = None,
        description: str | None = None,
    ):
        name = filename or upload.filename
        content_type = mimetypes.guess_type(name)[0] or "application/octet-stream"
        return self.emu.new_attachment(channel, name, upload.data, content_type, description)

    def new_message(
        self, channel: AnyChannel, payload: dict[str, Any], files: dict[int, Upload], **kwargs: Any
    ) -> Message:
        return self.emu.create_message(
            channel,
            self.emu.bot_user,
            content=payload.get("content") or "",
            components=payload.get("components"),
            embeds=payload.get("embeds"),
            attachments=self.attachments_after(channel, payload, files, []) or [],
            flags=int(payload.get("flags") or 0) & ~EPHEMERAL,
            allowed_mentions=payload.get("allowed_mentions"),
            **kwargs,
        )

    def edit(self, message: Message, payload: dict[str, Any], files: dict[int, Upload]) -> Message:
        validate_message(payload, files, self.emu.attachment_size_limit, edited=message)
        if "content" in payload:
            message.content = payload["content"] or ""
        if "components" in payload:
            message.components = number_components(payload["components"] or [])
        if "embeds" in payload:
            message.embeds = payload["embeds"] or []
        attachments = self.attachments_after(message.channel, payload, files, message.attachments)
        if attachments is not None:
            message.attachments = attachments
        message.flags |= int(payload.get("flags") or 0) & IS_COMPONENTS_V2  # it is only ever set
        if "components" in payload:
            resolve_media(message.components, message.attachments, self.emu.snowflakes.next)
        message.flags &= ~LOADING
        message.edited_timestamp = self.emu.clock.iso()
        self.emu.dispatch_message("MESSAGE_UPDATE", message)
        return message

    async def body(
        self, request: web.Request, openapi_path: str
    ) -> tuple[dict[str, Any], dict[int, Upload]]:
        """The request's payload and uploads, after checking the payload against the route's
        request schema in Discord's OpenAPI description (violations are recorded, not refused:
        where the description errs, Discord would have accepted the body)."""
        payload, files = await read_body(request)
        if self.emu.schema is not None:
            self.emu.record_schema_violations(
                self.emu.schema.check(request.method, openapi_path, payload, uploads=len(files))
            )
        return payload, files

    def rate_limit_headers(self, headers: dict[str, str]) -> dict[str, str]:
        return headers if self.emu.rate_limit_headers else {}

    # ------------------------------------------------------------------ identity and commands

    async def get_me(self, request: web.Request) -> web.Response:
        return json_response(
            {**self.emu.bot_user.to_payload(), "verified": True, "mfa_enabled": False}
        )

    async def get_application(self, request: web.Request) -> web.Response:
        emu = self.emu
        owner = emu.guilds[0].owner if emu.guilds else emu.bot_user
        return json_response(
            {
                "id": str(emu.application_id),
                "name": emu.bot_user.name,
                "icon": None,
                "description": "",
                "bot_public": False,
                "bot_require_code_grant": False,
                "owner": owner.to_payload(),
                "verify_key": "0" * 64,
                "team": None,
                "flags": 0,
                "summary": "",
                "bot": emu.bot_user.to_payload(),
            }
        )

    async def get_gateway(self, request: web.Request) -> web.Response:
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        return json_response(
            {
                "url": self.emu.gateway_url,
                "shards": self.emu.recommended_shards,
                "session_start_limit": limit,
            }
        )

    def _command_list(self, request: web.Request) -> list[dict[str, Any]]:
        if request.match_info["app"] != str(self.emu.application_id):
            raise DiscordError(403, 50001, "Missing Access")
        if "guild" in request.match_info:
            return self.emu.guild_commands.setdefault(int(request.match_info["guild"]), [])
        return self.emu.global_commands

    async def put_commands(self, request: web.Request) -> web.Response:
        current = self._command_list(request)
        old_ids = {(c["name"], c.get("type", 1)): c["id"] for c in current}
        guild_route = "/guilds/{guild_id}" if "guild" in request.match_info else ""
        commands, _ = await self.body(
            request, f"/applications/{{application_id}}{guild_route}/commands"
        )
        new = []
        for command in commands:
            key = (command["name"], command.get("type", 1))
            # As Discord stores it: permissions as a string of bits (or null), installable in
            # guilds unless said otherwise, contexts null unless given.
            permissions = command.get("default_member_permissions")
            new.append(
                {
                    "type": 1,
                    "description": "",
                    "options": [],
                    "nsfw": False,
                    "dm_permission": True,
                    "contexts": None,
                    **command,
                    "default_member_permissions": None
                    if permissions is None
                    else str(int(permissions)),
                    "integration_types": command.get("integration_types") or [0],
                    "id": old_ids.get(key) or str(self.emu.snowflakes.next()),
                    "application_id": str(self.emu.application_id),
                    "version": "1",
                }
            )
            if "guild" in request.match_info:
                new[-1]["guild_id"] = request.match_info["guild"]
        current[:] = new
        return json_response(new)

    async def get_commands(self, request: web.Request) -> web.Response:
        return json_response(self._command_list(request))

    async def get_member(self, request: web.Request) -> web.Response:
        guild = self.emu.guild_by_id(int(request.match_info["guild"]))
        member = guild and guild.members.get(int(request.match_info["user"]))
        if member is None:
            raise DiscordError(404, 10007, "Unknown Member")
        return json_response(member.to_payload())

    # ------------------------------------------------------------------ channels and messages

    async def open_dm(self, request: web.Request) -> web.Response:
        """Open (or reopen) the bot's DM with a user. This succeeds even when the user refuses
        DMs: Discord only refuses the messages sent there (403 50007)."""
        payload, _ = await self.body(request, "/users/@me/channels")
        try:
            user = self.emu.user_by_id(int(payload.get("recipient_id")))
        except (TypeError, ValueError):
            raise invalid_form(
                "recipient_id", "NUMBER_TYPE_COERCE", "Value is not snowflake."
            ) from None
        if user is None:
            raise DiscordError(400, wire.INVALID_RECIPIENTS, "Invalid Recipient(s)")
        return json_response(self.emu.open_dm(user).to_payload())

    async def get_channel(self, request: web.Request) -> web.Response:
        return json_response(self.channel(request).to_payload())

    async def get_messages(self, request: web.Request) -> web.Response:
        channel = self.channel(request, need=Perm.READ_MESSAGE_HISTORY)
        limit = int(request.query.get("limit", 50))
        messages = [
            m
            for m in self.emu.messages.values()
            if m.channel is channel and not m.deleted and not m.ephemeral
        ]
        newest_first = sorted(messages, key=lambda m: m.id, reverse=True)[:limit]
        return json_response([m.to_payload() for m in newest_first])

    async def get_message(self, request: web.Request) -> web.Response:
        channel = self.channel(request, need=Perm.READ_MESSAGE_HISTORY)
        return json_response(self.message_in(channel, request.match_info["message"]).to_payload())

    async def post_message(self, request: web.Request) -> web.Response:
        channel = self.channel(request)
        window = self.emu.channel_window(channel)
        if (wait := window.take()) is not None:
            return too_many_requests(
                wait, is_global=False, headers=self.rate_limit_headers(window.headers())
            )
        send = Perm.SEND_MESSAGES_IN_THREADS if channel.is_thread else Perm.SEND_MESSAGES
        payload, files = await self.body(request, "/channels/{channel_id}/messages")
        self.channel(request, need=send | (Perm.ATTACH_FILES if files else 0))
        if isinstance(channel, DMChannel) and not self.emu.can_dm(channel.recipient):
            raise DiscordError(403, wire.CANNOT_MESSAGE_USER, "Cannot send messages to this user")
        validate_message(payload, files, self.emu.attachment_size_limit)
        nonce = validate_nonce(payload)
        headers = self.rate_limit_headers(window.headers())
        earlier = None
        if nonce is not None and payload.get("enforce_nonce") is True:
            earlier = self.earlier_with_nonce(channel, nonce)
        if earlier is not None:
            return json_response(earlier.to_payload(), headers=headers)  # exactly once
        self.emu.open_for_message(channel, self.emu.bot_user)  # unarchives, or 50083 / 160005
        if not (
            payload.get("content")
            or payload.get("embeds")
            or files
            or payload.get("components")
            or payload.get("sticker_ids")
        ):
            raise DiscordError(400, 50006, "Cannot send an empty message")
        message = self.new_message(channel, payload, files, nonce=nonce)
        if nonce is not None:
            self.emu.nonces.setdefault((channel.id, message.author.id, nonce), message)
        trap = next((t for t in self.emu.create_traps if t.matches(channel)), None)
        if trap is not None and not await trap.spring(message, request, self.emu.stopping):
            return web.Response(status=NEVER_ANSWERED)  # the connection is gone: nobody reads it
        return json_response(message.to_payload(), headers=headers)

    def earlier_with_nonce(self, channel: AnyChannel, nonce: int | str) -> Message | None:
        """The bot's message created in this channel with this nonce within the nonce window."""
        earlier = self.emu.nonces.get((channel.id, self.emu.bot_user.id, nonce))
        if earlier is None:
            return None
        created = (earlier.id >> 22) / 1000 + 1420070400  # the snowflake's (emulated) time
        if self.emu.clock.now() - created > self.emu.nonce_window:
            return None
        return earlier

    async def patch_message(self, request: web.Request) -> web.Response:
        channel = self.channel(request)
        message = self.message_in(channel, request.match_info["message"])
        if message.author is not self.emu.bot_user:
            raise DiscordError(
                403, wire.CANNOT_EDIT_OTHERS, "Cannot edit a message authored by another user"
            )
        payload, files = await self.body(request, "/channels/{channel_id}/messages/{message_id}")
        self.refuse_edit_in_closed_thread(channel)
        return json_response(self.edit(message, payload, files).to_payload())

    def refuse_edit_in_closed_thread(self, channel: AnyChannel) -> None:
        """Messages of an archived thread cannot be edited (400 50083), nor of a locked one
        without Manage Threads (400 160005)."""
        if not channel.is_thread:
            return
        if channel.archived:
            raise DiscordError(
                400, wire.THREAD_ARCHIVED, "Cannot perform this operation on an archived thread"
            )
        if channel.locked and not self.emu.has(self.emu.bot_user, channel, Perm.MANAGE_THREADS):
            raise DiscordError(400, wire.THREAD_LOCKED, "Thread is locked")

    async def patch_channel(self, request: web.Request) -> web.Response:
        """Modify a thread: archive or unarchive it, lock it, its auto-archive time. Unarchiving
        takes only being able to post there, unless it is locked (Manage Threads); locking
        takes Manage Threads; archiving, the thread's creator or Manage Threads."""
        channel = self.guild_channel(request)
        payload, _ = await self.body(request, "/channels/{channel_id}")
        if not channel.is_thread:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        bot = self.emu.bot_user
        manages = self.emu.has(bot, channel, Perm.MANAGE_THREADS)
        archived = payload.get("archived", channel.archived)
        locked = payload.get("locked", channel.locked)
        if (locked != channel.locked and not manages) or (
            channel.archived and not archived and channel.locked and not manages
        ):
            raise DiscordError(403, wire.MISSING_PERMISSIONS, "Missing Permissions")
        if archived and not channel.archived and not (manages or channel.owner_id == bot.id):
            raise DiscordError(403, wire.MISSING_PERMISSIONS, "Missing Permissions")
        if "auto_archive_duration" in payload:
            channel.auto_archive_duration = int(payload["auto_archive_duration"])
        self.emu.set_thread_state(channel, archived=bool(archived), locked=bool(locked))
        return json_response(channel.to_payload())

    async def delete_message(self, request: web.Request) -> web.Response:
        channel = self.channel(request)
        message = self.message_in(channel, request.match_info["message"])
        if message.author is not self.emu.bot_user:
            if isinstance(channel, DMChannel):
                raise DiscordError(
                    403, wire.CANNOT_ACT_ON_DM, "Cannot execute action on a DM channel"
                )
            self.channel(request, need=Perm.MANAGE_MESSAGES)
        self.emu.delete_message(message)
        return web.Response(status=204)

    async def post_thread_from_message(self, request: web.Request) -> web.Response:
        channel = self.guild_channel(request, need=Perm.CREATE_PUBLIC_THREADS)
        message = self.message_in(channel, request.match_info["message"])
        if any(t.id == message.id for t in channel.guild.channels):
            raise DiscordError(400, 160004, "A thread has already been created for this message")
        payload, _ = await self.body(
            request, "/channels/{channel_id}/messages/{message_id}/threads"
        )
        thread = self.emu.add_thread(
            channel,
            payload["name"],
            thread_id=message.id,
            auto_archive_duration=int(payload.get("auto_archive_duration") or 1440),
        )
        return json_response(thread.to_payload(), status=201)

    async def post_thread(self, request: web.Request) -> web.Response:
        payload, _ = await self.body(request, "/channels/{channel_id}/threads")
        private = payload.get("type", 12) == 12
        need = Perm.CREATE_PRIVATE_THREADS if private else Perm.CREATE_PUBLIC_THREADS
        channel = self.guild_channel(request, need=need)
        if channel.is_thread:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        thread = self.emu.add_thread(
            channel,
            payload["name"],
            private=private,
            auto_archive_duration=int(payload.get("auto_archive_duration") or 1440),
        )
        return json_response(thread.to_payload(), status=201)

    # ------------------------------------------------------------------ interactions

    async def interaction_callback(self, request: web.Request) -> web.Response:
        emu = self.emu
        interaction = emu.interactions.get(int(request.match_info["id"]))
        if interaction is None or interaction.token != request.match_info["token"]:
            raise DiscordError(404, wire.UNKNOWN_INTERACTION, "Unknown interaction")
        if interaction.responded:
            raise DiscordError(
                400, wire.ALREADY_ACKNOWLEDGED, "Interaction has already been acknowledged."
            )
        if emu.clock.now() - interaction.created_at > emu.response_deadline:
            raise DiscordError(404, wire.UNKNOWN_INTERACTION, "Unknown interaction")
        payload, files = await self.body(
            request, "/interactions/{interaction_id}/{interaction_token}/callback"
        )
        kind = payload.get("type")
        data = payload.get("data") or {}
        on_component = interaction.type == COMPONENT or (
            interaction.type == MODAL_SUBMIT and interaction.message is not None
        )
        allowed = {MESSAGE, DEFERRED_MESSAGE}
        allowed |= {DEFERRED_UPDATE, UPDATE_MESSAGE} if on_component else set()
        allowed |= {MODAL} if interaction.type != MODAL_SUBMIT else set()
        if interaction.type == AUTOCOMPLETE_INTERACTION:
            allowed = {AUTOCOMPLETE}  # suggestions, nothing else (no message, no deferral)
        if kind not in allowed:
            raise invalid_form(
                "type",
                "INTERACTION_RESPONSE_TYPE_INVALID",
                f"Callback type {kind} is not valid for this interaction",
            )
        if kind in (MESSAGE, UPDATE_MESSAGE):
            edited = interaction.message if kind == UPDATE_MESSAGE else None
            try:
                validate_message(data, files, emu.attachment_size_limit, edited=edited)
            except DiscordError as refused:
                raise refused.under("data") from None
        if kind == AUTOCOMPLETE:
            interaction.choices = validate_choices(data)
        ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
        if kind in (MESSAGE, UPDATE_MESSAGE) and not ephemeral:
            emu.open_for_message(interaction.channel, emu.bot_user)  # it speaks: unarchived
        user = interaction.user if ephemeral else None
        message_type = 20 if interaction.type == APPLICATION_COMMAND else 0
        channel = interaction.channel
        if kind == MESSAGE:
            interaction.original = self.new_message(
                channel,
                data,
                files,
                ephemeral_for=user,
                interaction=interaction,
                message_type=message_type,
            )
        elif kind == DEFERRED_MESSAGE:
            interaction.original = emu.create_message(
                channel,
                emu.bot_user,
                flags=LOADING,
                ephemeral_for=user,
                interaction=interaction,
                message_type=message_type,
            )
        elif kind in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            assert interaction.message is not None
            interaction.original = interaction.message
            if kind == UPDATE_MESSAGE:
                self.edit(interaction.message, data, files)
        elif kind == MODAL:
            interaction.modal = data
        interaction.response_type = kind
        interaction.answered_at = emu.clock.now()
        if request.transport is not None:
            interaction.answered_from = request.transport.get_extra_info("peername")
        if "with_response" not in request.query:
            return web.Response(status=204)
        original = interaction.original
        answer: dict[str, Any] = {
            "interaction": {
                "id": str(interaction.id),
                "type": interaction.type,
                "response_message_loading": kind == DEFERRED_MESSAGE,
                "response_message_ephemeral": bool(original and original.ephemeral),
            },
            "resource": {"type": kind},
        }
        if original is not None:
            answer["interaction"]["response_message_id"] = str(original.id)
            if kind in (MESSAGE, UPDATE_MESSAGE):  # "thinking" (5) has no message resource yet
                answer["resource"]["message"] = original.to_payload()
        return json_response(answer)

    async def post_followup(self, request: web.Request) -> web.Response:
        interaction = self.interaction_for(request)
        if not interaction.responded:
            raise DiscordError(404, wire.UNKNOWN_WEBHOOK, "Unknown Webhook")
        payload, files = await self.body(request, "/webhooks/{webhook_id}/{webhook_token}")
        original = interaction.original
        if interaction.response_type == DEFERRED_MESSAGE and original and original.loading:
            message = self.edit(original, payload, files)  # fills "thinking", keeps its flags
        else:
            validate_message(payload, files, self.emu.attachment_size_limit)
            ephemeral = bool(int(payload.get("flags") or 0) & EPHEMERAL)
            if not ephemeral:
                self.emu.open_for_message(interaction.channel, self.emu.bot_user)
            message = self.new_message(
                interaction.channel,
                payload,
                files,
                interaction=interaction,
                ephemeral_for=interaction.user if ephemeral else None,
            )
            interaction.followups.append(message)
        if request.query.get("wait") in ("true", "1", "True"):
            return json_response(message.to_payload())
        return web.Response(status=204)

    async def get_webhook_message(self, request: web.Request) -> web.Response:
        interaction = self.interaction_for(request)
        return json_response(
            self.webhook_message(interaction, request.match_info["message"]).to_payload()
        )

    async def patch_webhook_message(self, request: web.Request) -> web.Response:
        interaction = self.interaction_for(request)
        message = self.webhook_message(interaction, request.match_info["message"])
        payload, files = await self.body(
            request, "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"
        )
        if not message.ephemeral:
            self.refuse_edit_in_closed_thread(message.channel)
        return json_response(self.edit(message, payload, files).to_payload())

    async def delete_webhook_message(self, request: web.Request) -> web.Response:
        interaction = self.interaction_for(request)
        self.emu.delete_message(self.webhook_message(interaction, request.match_info["message"]))
        return web.Response(status=204)
