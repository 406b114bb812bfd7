"""Lobby and seats, for every game: opening a table, Join, Leave, Add AI, Start, Cancel,
Rematch, and the table commands that change seats (/table leave, /table remove)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from .controls import Click
from .face import GameFace, Refusal, TableAPI
from .i18n import dynamic_key, t
from .outbox import lobby_post
from .table import Seat, Table, TableEdit, TableSettings

log = logging.getLogger("pop.lobby")

AI_NAMES = ("Robo Ada", "Robo Bo", "Robo Cy", "Robo Di", "Robo Ed", "Robo Flo")


def require_host(table: Table, user: discord.abc.User) -> None:
    """The host, or someone who may manage threads, may run the table."""
    if user.id == table.host_id:
        return
    perms = getattr(user, "guild_permissions", None)
    if perms is not None and (perms.manage_threads or perms.administrator):
        return
    raise Refusal("refusal.host_only")


def lobby_values(face: GameFace, table: Table, lang: str) -> dict[str, object]:
    """What every game's lobby text shows: the table, its mode, the host, who sits (AI seats
    marked), and how many may. Each game words it with its own keys."""
    low, high = face.game.seat_range(face.options(table))
    names = ", ".join(s.name + (" 🤖" if s.ai else "") for s in table.seats) or "—"
    return {
        "id": table.id,
        "mode": face.mode_name(table, lang),
        "host": f"<@{table.host_id}>",
        "n": len(table.seats),
        "high": high,
        "low": low,
        "names": names,
    }


def is_full(api: TableAPI, table: Table) -> bool:
    return len(table.seats) >= seat_range(api, table)[1]


def seat_range(api: TableAPI, table: Table) -> tuple[int, int]:
    face = api.face(table)
    return face.game.seat_range(face.options(table))


def deal(api: TableAPI, edit: TableEdit, seed: int) -> Any:
    """A new game at the table (start or rematch): the game's state, dealt from `seed`."""
    table = edit.table
    face = api.face(table)
    state = face.game.start(face.options(table), [s.id for s in table.seats], seed)
    table.games += 1
    table.seed = seed
    table.moves = 0
    table.status = "playing"
    table.epoch += 1
    table.turn_deadline = None
    table.warned = False
    for seat in table.seats:
        seat.timeouts, seat.autoplay_epoch = 0, None
    return state


async def open_table(
    api: TableAPI,
    interaction: discord.Interaction,
    game: str,
    options: dict[str, Any],
    settings: TableSettings,
) -> None:
    """`/<game> new`: a table in its own thread (or here, where threads are not possible)."""
    user = interaction.user
    channel = interaction.channel
    assert interaction.guild_id is not None
    assert interaction.channel_id is not None
    host = Seat(id=str(user.id), user_id=user.id, name=user.display_name)
    locale = str(interaction.guild_locale or "en").split("-")[0]
    table = Table(
        game=game,
        guild_id=interaction.guild_id,
        channel_id=interaction.channel_id,
        host_id=user.id,
        options=options,
        settings=settings,
        seats=[host],
        locale=locale,
    )
    if isinstance(channel, discord.Thread):
        table.thread_id = channel.id
    live = await api.insert(table, kick=False)
    table = live.table
    lang = table.lang()
    face = api.face(table)
    await interaction.response.send_message(
        t(
            "table.opened",
            lang,
            host=user.mention,
            id=table.id,
            mode=face.mode_name(table, lang),
            game=t(dynamic_key("game", game), lang),
        )
    )
    if table.thread_id is None:
        thread = await _make_thread(interaction, table, lang)
        if thread is not None:
            async with api.editing(table.id) as edit:
                edit.table.thread_id = thread.id
                await api.commit(edit)
    api.kick(table.id)


async def _make_thread(
    interaction: discord.Interaction, table: Table, lang: str
) -> discord.Thread | None:
    channel = interaction.channel
    if not isinstance(channel, discord.TextChannel):
        return None
    if not channel.permissions_for(channel.guild.me).create_public_threads:
        return None
    try:
        message = await interaction.original_response()
        return await message.create_thread(
            name=t(
                "table.thread_name",
                lang,
                id=table.id,
                game=t(dynamic_key("game", table.game), lang),
            ),
            auto_archive_duration=1440,
        )
    except discord.HTTPException as e:
        log.warning("table %s: no thread (%s); playing in the channel", table.id, e.status)
        return None


# --- Lobby buttons ------------------------------------------------------------------------


def _join(api: TableAPI, table: Table, user: discord.abc.User) -> None:
    if table.seat_of_user(user.id):
        raise Refusal("refusal.already_seated")
    if is_full(api, table):
        raise Refusal("refusal.table_full")
    table.seats.append(Seat(id=str(user.id), user_id=user.id, name=user.display_name))


def _leave(_api: TableAPI, table: Table, user: discord.abc.User) -> None:
    seat = table.seat_of_user(user.id)
    if seat is None:
        raise Refusal("refusal.not_seated")
    table.seats.remove(seat)
    if not any(s.user_id for s in table.seats):
        table.status = "cancelled"
    elif user.id == table.host_id:
        table.host_id = next(s.user_id for s in table.seats if s.user_id)


def _add_ai(api: TableAPI, table: Table, user: discord.abc.User) -> None:
    require_host(table, user)
    if is_full(api, table):
        raise Refusal("refusal.table_full")
    ai_id = table.next_ai_id()
    number = int(ai_id[3:])
    name = AI_NAMES[number - 1] if number <= len(AI_NAMES) else f"Robo {number}"
    table.seats.append(Seat(id=ai_id, name=name, ai=True))


def _cancel(_api: TableAPI, table: Table, user: discord.abc.User) -> None:
    require_host(table, user)
    table.status = "cancelled"
    table.epoch += 1


async def on_lobby_click(api: TableAPI, interaction: discord.Interaction, click: Click) -> None:
    try:
        async with api.editing(click.table_id) as edit:
            table = edit.table
            lang = table.lang()
            if table.status != "lobby" or click.epoch != table.epoch:
                raise Refusal("refusal.lobby_closed")
            state = None
            if click.verb == "start":
                require_host(table, interaction.user)
                low, high = seat_range(api, table)
                if not low <= len(table.seats) <= high:
                    raise Refusal(
                        "refusal.seat_count",
                        low=low,
                        high=high,
                        mode=api.face(table).mode_name(table, lang),
                    )
                state = deal(api, edit, api.rng.getrandbits(63))
            else:
                LOBBY_CHANGES[click.verb](api, table, interaction.user)
            table = await api.commit(edit, state)
    except Refusal as no:
        await api.refuse(interaction, no)
        return
    face = api.face(table)
    text = face.lobby_text(table, lang)
    if table.status == "lobby":
        view = api.view_for(table, lobby_post(table, text, lang))
        await interaction.response.edit_message(content=text, view=view)
    else:  # started or cancelled: the lobby's buttons are gone
        await interaction.response.edit_message(content=text, view=None)
        if table.status == "playing":
            api.game_started(await api.live(table.id))


async def on_rematch(api: TableAPI, interaction: discord.Interaction, click: Click) -> None:
    try:
        async with api.editing(click.table_id) as edit:
            table = edit.table
            if table.status != "finished" or click.epoch != table.epoch:
                raise Refusal("refusal.stale")
            if table.seat_of_user(interaction.user.id) is None:
                raise Refusal("refusal.not_seated")
            state = deal(api, edit, api.rng.getrandbits(63))
            table = await api.commit(edit, state)
    except Refusal as no:
        await api.refuse(interaction, no)
        return
    live = await api.live(table.id)
    if table.private:  # a private game (Pop's Enigma): try again, privately
        await interaction.response.defer(ephemeral=True, thinking=True)
        await api.show_private(interaction, live, table.seats[0])
        return
    await interaction.response.edit_message(view=None)
    await interaction.followup.send(t("table.rematch", table.lang(), user=interaction.user.mention))
    api.game_started(live)


LOBBY_CHANGES: dict[str, Callable[[TableAPI, Table, discord.abc.User], None]] = {
    "join": _join,
    "leave": _leave,
    "addai": _add_ai,
    "cancel": _cancel,
}
TABLE_VERBS: dict[str, Callable[[TableAPI, discord.Interaction, Click], Awaitable[None]]] = {
    **{verb: on_lobby_click for verb in (*LOBBY_CHANGES, "start")},
    "rematch": on_rematch,
}


# --- /table leave, /table remove ----------------------------------------------------------


async def unseat(
    api: TableAPI, interaction: discord.Interaction, player: discord.abc.User, *, by_host: bool
) -> None:
    """Leave a lobby, or hand one's seat in a running game to the AI (or the host takes a
    player's seat away)."""
    assert interaction.channel_id is not None
    found = [
        tb for tb in await api.store.tables_in(interaction.channel_id) if tb.seat_of_user(player.id)
    ]
    if not found:
        raise Refusal("refusal.not_seated")
    async with api.editing(found[0].id) as edit:
        table = edit.table
        if by_host:
            require_host(table, interaction.user)
        seat = table.seat_of_user(player.id)
        assert seat is not None
        if table.status == "lobby":
            _leave(api, table, player)
        else:
            seat.ai = True  # the game goes on: an AI plays the seat
        table = await api.commit(edit)
    key = "table.removed" if by_host else "table.left"
    await interaction.response.send_message(t(key, table.lang(), name=seat.name))
    if table.status == "lobby" and table.lobby_message_id:
        api.refresh_lobby(table.id)
    elif table.status == "playing":
        await api.drive_ai(table.id)
