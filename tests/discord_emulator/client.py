"""The story API: what a human does in the Discord app, as awaitable methods.

    ana = emu.actor("ana")
    table = await ana.slash("pop", "new", mode="coop")
    await ben.click(table.message, label="Join")
    hand = ben.visible_messages()[-1]

The emulator refuses what the Discord app would not let a person do (a command that was never
synced, a button on a message the person cannot see) by raising :class:`ActionRefused`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import aiohttp

from .model import (
    AnyChannel,
    Attachment,
    Channel,
    DMChannel,
    Guild,
    Interaction,
    Message,
    Perm,
    User,
    new_token,
)
from .rest import APPLICATION_COMMAND, AUTOCOMPLETE_INTERACTION, COMPONENT, MODAL_SUBMIT
from .wire import DiscordError

if TYPE_CHECKING:
    from .server import Emulator

OPTION_TYPES: dict[int, tuple[type, ...]] = {3: (str,), 4: (int,), 5: (bool,), 10: (int, float)}
SUB_COMMAND, SUB_COMMAND_GROUP, USER, CHANNEL, ROLE = 1, 2, 6, 7, 8


class ActionRefused(AssertionError):
    """The Discord app would not let this user do that."""


class InteractionResult:
    """What became of one interaction: how the bot answered, and the messages it made."""

    def __init__(self, emu: Emulator, interaction: Interaction) -> None:
        self.emu = emu
        self.interaction = interaction

    @property
    def responded(self) -> bool:
        return self.interaction.responded

    @property
    def response_type(self) -> int | None:
        return self.interaction.response_type

    @property
    def message(self) -> Message | None:
        """The response message (for a click answered by update: the clicked message)."""
        return self.interaction.original

    @property
    def followups(self) -> list[Message]:
        return self.interaction.followups

    @property
    def modal(self) -> dict[str, Any] | None:
        return self.interaction.modal

    async def wait_message(
        self, predicate: Callable[[Message], Any] = lambda m: True, timeout: float = 10.0
    ) -> Message:
        """Wait until the response message exists, is no longer "thinking", and fits."""

        def ready() -> Message | None:
            m = self.interaction.original
            return m if m is not None and not m.loading and predicate(m) else None

        return await self.emu.wait_for(ready, timeout, "the interaction's response message")

    async def wait_followups(self, count: int = 1, timeout: float = 10.0) -> list[Message]:
        await self.emu.wait_for(
            lambda: len(self.followups) >= count, timeout, f"{count} followup(s)"
        )
        return self.followups

    def __repr__(self) -> str:
        return f"<InteractionResult type={self.response_type} message={self.message!r}>"


class Actor:
    """One simulated person. ``channel`` is where they type when no other is given."""

    def __init__(
        self, emu: Emulator, user: User, channel: AnyChannel | None, locale: str = "en-US"
    ) -> None:
        self.emu = emu
        self.user = user
        self.channel = channel
        #: The language of this person's Discord app (every interaction's ``locale``).
        self.locale = locale

    def __repr__(self) -> str:
        return f"<Actor {self.user.name}>"

    @property
    def name(self) -> str:
        return self.user.name

    @property
    def id(self) -> int:
        return self.user.id

    @property
    def mention(self) -> str:
        return f"<@{self.user.id}>"

    def at(self, channel: AnyChannel) -> Actor:
        """The same person, typing in another channel or thread."""
        return Actor(self.emu, self.user, channel, self.locale)

    # ------------------------------------------------------------------ reading

    def can_see(self, channel: AnyChannel | None = None) -> bool:
        channel = self._where(channel)
        return not channel.deleted and self.emu.has(self.user, channel, Perm.VIEW_CHANNEL)

    def visible_messages(self, channel: AnyChannel | None = None) -> list[Message]:
        """Public messages of the channel plus this user's own ephemeral ones, oldest first.
        Someone else's DM channel shows nothing."""
        return self.emu.visible_messages(self.user, self._where(channel))

    def last_message(self, channel: AnyChannel | None = None) -> Message | None:
        messages = self.visible_messages(channel)
        return messages[-1] if messages else None

    def ephemeral_messages(self, channel: AnyChannel | None = None) -> list[Message]:
        return [m for m in self.visible_messages(channel) if m.ephemeral]

    @property
    def dm_channel(self) -> DMChannel:
        """This user's DM channel with the bot (opened if need be)."""
        return self.emu.open_dm(self.user)

    def dms(self) -> list[Message]:
        """The DM messages between the bot and this user, both ways, oldest first."""
        return self.emu.dms(self.user)

    async def download(self, attachment: Attachment) -> bytes:
        """Fetch an attachment over HTTP from its ``url``, as the Discord app would."""
        async with aiohttp.ClientSession() as session, session.get(attachment.url) as response:
            response.raise_for_status()
            return await response.read()

    # ------------------------------------------------------------------ acting

    async def send(self, channel: AnyChannel | str | None = None, content: str = "") -> Message:
        """Post a channel message as this user (``await ana.send("hello")`` uses their channel)."""
        if isinstance(channel, str):
            channel, content = None, channel
        channel = self._may_post(self._where(channel))
        return self.emu.create_message(channel, self.user, content=content)

    async def edit(self, message: Message, content: str) -> Message:
        """Edit one's own message, as its author may in the Discord app (not in an archived
        thread, nor a locked one without Manage Threads): the bot hears MESSAGE_UPDATE."""
        channel = message.channel
        if message.author is not self.user or message.deleted or message.ephemeral:
            raise ActionRefused(f"{self.name} cannot edit message {message.id}")
        if channel.is_thread and (
            channel.archived
            or (channel.locked and not self.emu.has(self.user, channel, Perm.MANAGE_THREADS))
        ):
            raise ActionRefused(f"{self.name} cannot edit messages in #{channel.name} now")
        return self.emu.edit_by_author(message, content)

    async def forward(self, message: Message, channel: AnyChannel | None = None) -> Message:
        """Forward a message this person can read into a channel (their own by default): a
        new message of theirs with no content of its own, a ``message_reference`` of type
        FORWARD (1) and the forwarded message's snapshot in ``message_snapshots``."""
        source = message.channel
        if (
            message.deleted
            or message.ephemeral  # the app offers no Forward on an ephemeral message
            or message.type not in (0, 19)  # a default message or a reply
            or not message.visible_to(self.user)
            or not self.can_see(source)
            or not self.emu.has(self.user, source, Perm.READ_MESSAGE_HISTORY)
        ):
            raise ActionRefused(f"{self.name} cannot forward message {message.id}")
        channel = self._may_post(self._where(channel))
        return self.emu.create_message(channel, self.user, forwarding=message)

    def _may_post(self, channel: AnyChannel) -> AnyChannel:
        """The channel, if this person may post there now (a post unarchives its thread)."""
        need = Perm.SEND_MESSAGES_IN_THREADS if channel.is_thread else Perm.SEND_MESSAGES
        if not self.can_see(channel) or not self.emu.has(self.user, channel, need):
            raise ActionRefused(f"{self.name} cannot send messages in #{channel.name}")
        try:
            self.emu.open_for_message(channel, self.user)
        except DiscordError as refused:
            raise ActionRefused(f"{self.name} cannot write in #{channel.name}: {refused}") from None
        return channel

    async def send_dm(self, content: str) -> Message:
        """Write to the bot in this user's DM channel (MESSAGE_CREATE without a guild_id)."""
        return await self.send(self.dm_channel, content)

    async def slash(self, *path: str, **options: Any) -> InteractionResult:
        """Run ``/path... option=value`` and wait for the bot's first response (or the deadline).

        ``await ana.slash("pop", "new", mode="coop")`` runs ``/pop new mode:coop``.
        """
        channel = self._where(None)
        data = self._command_data(channel, path, options)
        return await self._interact(APPLICATION_COMMAND, channel, data)

    async def autocomplete(self, *path: str, focused: str, **options: Any) -> list[dict[str, Any]]:
        """Type into option ``focused`` of ``/path...`` (its value in ``options``, as typed so
        far; the others as filled in): the suggestions the bot answers (callback type 8), as
        Discord shows them. The option must have been synced with ``autocomplete``."""
        if focused not in options:
            raise ActionRefused(f"type something into {focused!r} first (an empty string works)")
        channel = self._where(None)
        data = self._command_data(channel, path, options, focused=focused)
        result = await self._interact(AUTOCOMPLETE_INTERACTION, channel, data)
        if result.interaction.choices is None:
            raise AssertionError(f"no suggestions for {focused!r} within Discord's 3 s")
        return result.interaction.choices

    def _command_data(
        self,
        channel: AnyChannel,
        path: tuple[str, ...],
        options: dict[str, Any],
        *,
        focused: str | None = None,
    ) -> dict[str, Any]:
        """The ``data`` of a command interaction, checked as the Discord app checks it."""
        if channel.is_thread and channel.archived:
            raise ActionRefused("application commands cannot be used in an archived thread")
        command = self._find_command(channel, path[0])
        data: dict[str, Any] = {"id": command["id"], "name": command["name"], "type": 1}
        if "guild_id" in command:
            data["guild_id"] = command["guild_id"]
        resolved: dict[str, dict[str, Any]] = {}
        schema, holder = command, data
        for name in path[1:]:
            sub = next(
                (
                    o
                    for o in schema.get("options", [])
                    if o["name"] == name and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)
                ),
                None,
            )
            if sub is None:
                raise ActionRefused(f"/{' '.join(path)}: no subcommand {name!r}")
            node: dict[str, Any] = {"name": name, "type": sub["type"], "options": []}
            holder.setdefault("options", []).append(node)
            schema, holder = sub, node
        if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in schema.get("options", [])):
            raise ActionRefused(f"/{' '.join(path)} needs a subcommand")
        holder.setdefault("options", []).extend(
            self._options(schema.get("options", []), options, resolved, channel, focused)
        )
        if resolved:
            data["resolved"] = resolved
        return data

    async def click(
        self, message: Message, label: str | None = None, *, custom_id: str | None = None
    ) -> InteractionResult:
        """Press a button of a message this user can see, by label or custom_id, wherever it
        sits (an action row, a row in a Container, a Section's accessory). The interaction's
        ``data`` names the button's ``custom_id`` and its numeric ``id``, as Discord's does."""
        button = self._component(message, label=label, custom_id=custom_id, types=(2,))
        if button.get("style") == 5 or "custom_id" not in button:
            raise ActionRefused("link buttons open a URL; they send no interaction")
        data = {"custom_id": button["custom_id"], "component_type": 2, "id": button.get("id")}
        return await self._interact(COMPONENT, message.channel, data, message=message)

    async def forge_click(self, message: Message, custom_id: str) -> InteractionResult:
        """Send a button click with any custom_id, as a tampered client could: bots must not
        trust that the id was ever on the message."""
        data = {"custom_id": custom_id, "component_type": 2}
        return await self._interact(COMPONENT, message.channel, data, message=message)

    async def choose(
        self,
        message: Message,
        *values: str,
        custom_id: str | None = None,
        placeholder: str | None = None,
    ) -> InteractionResult:
        """Pick option values in a string select of a message this user can see."""
        select = self._component(message, custom_id=custom_id, placeholder=placeholder, types=(3,))
        allowed = {o["value"] for o in select.get("options", [])}
        if unknown := set(values) - allowed:
            raise ActionRefused(f"not options of this select: {sorted(unknown)}")
        low, high = select.get("min_values", 1), select.get("max_values", 1)
        if not low <= len(values) <= high:
            raise ActionRefused(f"choose between {low} and {high} values")
        data = {
            "custom_id": select["custom_id"],
            "component_type": 3,
            "id": select.get("id"),
            "values": list(values),
        }
        return await self._interact(COMPONENT, message.channel, data, message=message)

    async def submit_modal(self, result: InteractionResult, **fields: str) -> InteractionResult:
        """Fill in and submit the modal the bot answered ``result`` with."""
        modal = result.modal
        if modal is None:
            raise ActionRefused("the bot did not open a modal")
        rows = []
        for row in modal.get("components", []):
            inputs = [
                {"type": 4, "custom_id": c["custom_id"], "value": fields.get(c["custom_id"], "")}
                for c in row.get("components", [])
            ]
            rows.append({"type": 1, "components": inputs})
        data = {"custom_id": modal["custom_id"], "components": rows}
        origin = result.interaction
        return await self._interact(MODAL_SUBMIT, origin.channel, data, message=origin.message)

    # ------------------------------------------------------------------ plumbing

    def _where(self, channel: AnyChannel | None) -> AnyChannel:
        channel = channel or self.channel
        if channel is None:
            raise ActionRefused(f"{self.name} is in no channel")
        return channel

    def _find_command(self, channel: AnyChannel, name: str) -> dict[str, Any]:
        if channel.guild is None:
            raise ActionRefused("slash commands in DMs are not emulated")
        candidates = self.emu.guild_commands.get(channel.guild.id, []) + self.emu.global_commands
        for command in candidates:
            if command["name"] == name and command.get("type", 1) == 1:
                needed = int(command.get("default_member_permissions") or 0)
                needed |= Perm.USE_APPLICATION_COMMANDS
                if not self.emu.has(self.user, channel, needed):
                    raise ActionRefused(f"{self.name} may not use /{name} in #{channel.name}")
                return command
        raise ActionRefused(f"/{name} was never synced: the Discord app does not offer it")

    def _options(
        self,
        schema: list[dict[str, Any]],
        given: dict[str, Any],
        resolved: dict[str, dict[str, Any]],
        channel: Channel,
        focused: str | None = None,
    ) -> list[dict[str, Any]]:
        by_name = {o["name"]: o for o in schema}
        if unknown := set(given) - set(by_name):
            raise ActionRefused(f"unknown options {sorted(unknown)}")
        out = []
        for option in schema:
            name = option["name"]
            if name not in given:
                if option.get("required") and focused is None:
                    raise ActionRefused(f"option {name!r} is required")
                continue
            value = given[name]
            kind = option["type"]
            if name == focused:  # what is typed so far, as text, before any check
                if not option.get("autocomplete"):
                    raise ActionRefused(f"option {name!r} offers no suggestions")
                out.append({"name": name, "type": kind, "value": str(value), "focused": True})
                continue
            if kind in OPTION_TYPES:
                if not isinstance(value, OPTION_TYPES[kind]) or (
                    kind == 4 and isinstance(value, bool)
                ):
                    raise ActionRefused(f"option {name!r} must be of Discord type {kind}")
                choices = option.get("choices")
                if choices and value not in [c["value"] for c in choices]:
                    raise ActionRefused(f"{value!r} is not a choice of {name!r}")
            else:
                value = self._resolve(kind, value, resolved, channel)
            out.append({"name": name, "type": kind, "value": value})
        return out

    def _resolve(
        self, kind: int, value: Any, resolved: dict[str, dict[str, Any]], channel: Channel
    ) -> str:
        guild = channel.guild
        if isinstance(value, Actor):
            value = value.user
        if kind == USER and isinstance(value, User):
            resolved.setdefault("users", {})[str(value.id)] = value.to_payload()
            if member := guild.members.get(value.id):
                resolved.setdefault("members", {})[str(value.id)] = {
                    **member.to_payload(with_user=False),
                    "permissions": str(guild.permissions_in(member, channel)),
                }
            return str(value.id)
        if kind == CHANNEL and isinstance(value, Channel):
            resolved.setdefault("channels", {})[str(value.id)] = {
                **value.to_payload(),
                "permissions": str(self.emu.permissions(self.user, value)),
            }
            return str(value.id)
        if kind == ROLE and hasattr(value, "permissions"):
            resolved.setdefault("roles", {})[str(value.id)] = value.to_payload()
            return str(value.id)
        raise ActionRefused(f"cannot pass {value!r} as an option of type {kind}")

    def _component(
        self,
        message: Message,
        *,
        types: tuple[int, ...],
        label: str | None = None,
        custom_id: str | None = None,
        placeholder: str | None = None,
    ) -> dict[str, Any]:
        current = self.emu.messages.get(message.id, message)
        if not current.visible_to(self.user) or not self.can_see(current.channel):
            raise ActionRefused(f"{self.name} cannot see message {message.id}")
        matches = [
            c
            for c in current.iter_components()
            if c.get("type") in types
            and (label is None or c.get("label") == label)
            and (custom_id is None or c.get("custom_id") == custom_id)
            and (placeholder is None or c.get("placeholder") == placeholder)
        ]
        if len(matches) != 1:
            raise ActionRefused(
                f"{len(matches)} components match label={label!r} "
                f"custom_id={custom_id!r} on message {message.id}"
            )
        if matches[0].get("disabled"):
            raise ActionRefused(f"that component is disabled: {matches[0]}")
        return matches[0]

    async def _interact(
        self,
        kind: int,
        channel: AnyChannel,
        data: dict[str, Any],
        *,
        message: Message | None = None,
    ) -> InteractionResult:
        emu = self.emu
        if not self.can_see(channel):
            raise ActionRefused(f"{self.name} cannot see #{channel.name}")
        interaction = Interaction(
            emu.snowflakes.next(),
            new_token(),
            kind,
            self.user,
            channel,
            data,
            created_at=emu.clock.now(),
            message=message,
        )
        emu.interactions[interaction.id] = interaction
        emu.dispatch("INTERACTION_CREATE", self._payload(interaction))
        result = InteractionResult(emu, interaction)
        with contextlib.suppress(TimeoutError):  # then responded is False; tests assert on it
            await emu.wait_for(
                lambda: interaction.responded,
                emu.response_deadline + 0.5,
                "the bot's response",
                exact=True,  # Discord's deadline: no later answer counts
            )
        return result

    def _payload(self, interaction: Interaction) -> dict[str, Any]:
        emu, guild = self.emu, interaction.guild
        if guild is None:
            payload = self._dm_payload(interaction)
        else:
            payload = self._guild_payload(interaction, guild)
        if interaction.message is not None:
            payload["message"] = emu.messages.get(
                interaction.message.id, interaction.message
            ).to_payload()
        return payload

    def _dm_payload(self, interaction: Interaction) -> dict[str, Any]:
        """A click in the bot's DM: ``user`` instead of ``member``, no guild, context 1."""
        emu, channel = self.emu, interaction.channel
        return {
            "id": str(interaction.id),
            "application_id": str(emu.application_id),
            "type": interaction.type,
            "data": interaction.data,
            "token": interaction.token,
            "version": 1,
            "channel_id": str(channel.id),
            "channel": {
                **channel.to_payload(),
                "permissions": str(emu.permissions(self.user, channel)),
            },
            "user": self.user.to_payload(),
            "app_permissions": str(emu.permissions(emu.bot_user, channel)),
            "locale": self.locale,
            "entitlements": [],
            "authorizing_integration_owners": {"0": "0"},
            "context": 1,
            "attachment_size_limit": emu.attachment_size_limit,
        }

    def _guild_payload(self, interaction: Interaction, guild: Guild) -> dict[str, Any]:
        emu, channel = self.emu, interaction.channel
        member = guild.members[self.user.id]
        bot_member = guild.members[emu.bot_user.id]
        return {
            "id": str(interaction.id),
            "application_id": str(emu.application_id),
            "type": interaction.type,
            "data": interaction.data,
            "token": interaction.token,
            "version": 1,
            "guild_id": str(guild.id),
            "guild": {"id": str(guild.id), "locale": "en-US", "features": []},
            "channel_id": str(channel.id),
            "channel": {
                **channel.to_payload(),
                "permissions": str(emu.permissions(self.user, channel)),
            },
            "member": {
                **member.to_payload(),
                "permissions": str(guild.permissions_in(member, channel)),
            },
            "app_permissions": str(guild.permissions_in(bot_member, channel)),
            "locale": self.locale,
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(guild.id)},
            "context": 0,
            "attachment_size_limit": emu.attachment_size_limit,
        }
