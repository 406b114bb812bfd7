"""The table's buttons, and the views that carry them.

Every button is a `DynamicItem` whose regex template IS the custom_id contract
("pop:<table>:<epoch>:<verb>[:<arg>]"): after a restart discord.py rebuilds the button from the
id alone, so old messages keep working (discord.py's examples/views/dynamic_counter.py). The
epoch goes up whenever a table's buttons go stale (the game starts, a turn is revealed, the game
ends): a click on an older one is politely refused by the service.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import discord

from engine.pop.cards import colour_name
from render.style import COLOUR_STYLE

from .i18n import t

if TYPE_CHECKING:
    from .service import TableService
    from .table import Table

ANY_TABLE_BUTTON = re.compile(r"pop:.*")


def service_of(interaction: discord.Interaction) -> TableService:
    return interaction.client.service  # type: ignore[attr-defined]


def card_label(card: int) -> str:
    """A card button's label: the number first, then its colour's shape."""
    return f"{card} {COLOUR_STYLE[colour_name(card)].symbol}"


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button],
                  template=r"pop:(?P<table>[0-9]{1,18}):(?P<epoch>[0-9]{1,9}):"
                           r"(?P<verb>join|leave|addai|start|cancel)"):
    STYLES = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
              "addai": discord.ButtonStyle.secondary, "start": discord.ButtonStyle.primary,
              "cancel": discord.ButtonStyle.danger}

    def __init__(self, table_id: int, epoch: int, verb: str, lang: str | None = None) -> None:
        super().__init__(discord.ui.Button(
            label=t(f"button.{verb}", lang), style=self.STYLES[verb],
            custom_id=f"pop:{table_id}:{epoch}:{verb}"))
        self.table_id, self.epoch, self.verb = table_id, epoch, verb

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["table"]), int(match["epoch"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await service_of(interaction).on_lobby_click(interaction, self.table_id, self.epoch,
                                                     self.verb)


class HandButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"pop:(?P<table>[0-9]{1,18}):(?P<epoch>[0-9]{1,9}):hand"):
    def __init__(self, table_id: int, epoch: int, lang: str | None = None) -> None:
        super().__init__(discord.ui.Button(
            label=t("button.hand", lang), style=discord.ButtonStyle.primary,
            custom_id=f"pop:{table_id}:{epoch}:hand"))
        self.table_id, self.epoch = table_id, epoch

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["table"]), int(match["epoch"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await service_of(interaction).on_hand_click(interaction, self.table_id, self.epoch)


class CardButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"pop:(?P<table>[0-9]{1,18}):(?P<epoch>[0-9]{1,9}):card:"
                          r"(?P<card>[0-9]{1,2})"):
    def __init__(self, table_id: int, epoch: int, card: int, *, selected: bool = False,
                 disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(
            label=card_label(card),
            style=discord.ButtonStyle.success if selected else discord.ButtonStyle.secondary,
            disabled=disabled, custom_id=f"pop:{table_id}:{epoch}:card:{card}"))
        self.table_id, self.epoch, self.card = table_id, epoch, card

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["table"]), int(match["epoch"]), int(match["card"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await service_of(interaction).on_card_click(interaction, self.table_id, self.epoch,
                                                    self.card)


class ConfirmButton(discord.ui.DynamicItem[discord.ui.Button],
                    template=r"pop:(?P<table>[0-9]{1,18}):(?P<epoch>[0-9]{1,9}):confirm"):
    def __init__(self, table_id: int, epoch: int, *, disabled: bool = False,
                 lang: str | None = None) -> None:
        super().__init__(discord.ui.Button(
            label=t("button.confirm", lang), style=discord.ButtonStyle.primary,
            disabled=disabled, custom_id=f"pop:{table_id}:{epoch}:confirm"))
        self.table_id, self.epoch = table_id, epoch

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["table"]), int(match["epoch"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await service_of(interaction).on_confirm_click(interaction, self.table_id, self.epoch)


class RematchButton(discord.ui.DynamicItem[discord.ui.Button],
                    template=r"pop:(?P<table>[0-9]{1,18}):(?P<epoch>[0-9]{1,9}):rematch"):
    def __init__(self, table_id: int, epoch: int, lang: str | None = None, *,
                 retry: bool = False) -> None:
        super().__init__(discord.ui.Button(
            label=t("button.retry" if retry else "button.rematch", lang),
            style=discord.ButtonStyle.success, custom_id=f"pop:{table_id}:{epoch}:rematch"))
        self.table_id, self.epoch = table_id, epoch

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["table"]), int(match["epoch"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await service_of(interaction).on_rematch_click(interaction, self.table_id, self.epoch)


class SignalButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=r"pop:(?P<table>[0-9]{1,18}):(?P<epoch>[0-9]{1,9}):signal"):
    """Cooperative: opens a private menu to signal a colour held and a wished Queue letter."""

    def __init__(self, table_id: int, epoch: int, lang: str | None = None) -> None:
        super().__init__(discord.ui.Button(
            label=t("button.signal", lang), style=discord.ButtonStyle.secondary,
            custom_id=f"pop:{table_id}:{epoch}:signal"))
        self.table_id, self.epoch = table_id, epoch

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["table"]), int(match["epoch"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await service_of(interaction).on_signal_click(interaction, self.table_id, self.epoch)


class SignalSelect(discord.ui.DynamicItem[discord.ui.Select],
                   template=r"pop:(?P<table>[0-9]{1,18}):(?P<epoch>[0-9]{1,9}):say"):
    """The signal menu: one option per (colour held, Queue letter), e.g. "■ green → C"."""

    def __init__(self, table_id: int, epoch: int, colours: list[str] | None = None,
                 lang: str | None = None) -> None:
        options = [discord.SelectOption(label=f"{COLOUR_STYLE[c].symbol} {t('colour.' + c, lang)}"
                                        f" → {letter}", value=f"{c}:{letter}")
                   for c in colours or [] for letter in "ABCDE"]
        super().__init__(discord.ui.Select(
            placeholder=t("signal.placeholder", lang), custom_id=f"pop:{table_id}:{epoch}:say",
            options=options or [discord.SelectOption(label="-", value="-")]))
        self.table_id, self.epoch = table_id, epoch

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["table"]), int(match["epoch"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        value = (interaction.data or {}).get("values", ["-"])[0]
        await service_of(interaction).on_signal_chosen(interaction, self.table_id, self.epoch,
                                                       value)


class HintButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"pop:(?P<table>[0-9]{1,18}):(?P<epoch>[0-9]{1,9}):hint"):
    """Solo: the hard AI's suggestion, privately; hints are counted in the result."""

    def __init__(self, table_id: int, epoch: int, lang: str | None = None) -> None:
        super().__init__(discord.ui.Button(
            label=t("button.hint", lang), style=discord.ButtonStyle.secondary,
            custom_id=f"pop:{table_id}:{epoch}:hint"))
        self.table_id, self.epoch = table_id, epoch

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["table"]), int(match["epoch"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await service_of(interaction).on_hint_click(interaction, self.table_id, self.epoch)


DYNAMIC_ITEMS = (HintButton, LobbyButton, HandButton, CardButton, ConfirmButton, RematchButton,
                 SignalButton, SignalSelect)


def matches_a_button(custom_id: str) -> bool:
    return any(item.__discord_ui_compiled_template__.fullmatch(custom_id)
               for item in DYNAMIC_ITEMS)


def is_unanswerable_click(custom_id: str, message: discord.Message | None) -> bool:
    """A table-looking button id that discord.py will drop without a word: one no template
    knows, or one that is not on the clicked message (a forged click). We answer those."""
    if not ANY_TABLE_BUTTON.fullmatch(custom_id):
        return False
    if not matches_a_button(custom_id) or message is None:
        return True
    on_message = {getattr(child, "custom_id", None) for row in message.components
                  for child in getattr(row, "children", [row])}
    return custom_id not in on_message


# --- Views ----------------------------------------------------------------------------------


def lobby_view(table: Table, lang: str | None) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for verb in ("join", "leave", "addai", "start", "cancel"):
        view.add_item(LobbyButton(table.id, table.epoch, verb, lang))
    return view


def turn_view(table: Table, lang: str | None) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(HandButton(table.id, table.epoch, lang))
    if table.options.mode == "coop":
        view.add_item(SignalButton(table.id, table.epoch, lang))
    if table.options.mode == "solo":
        view.add_item(HintButton(table.id, table.epoch, lang))
    return view


def signal_view(table: Table, colours: list[str], lang: str | None) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(SignalSelect(table.id, table.epoch, colours, lang))
    return view


def hand_view(table: Table, hand: list[int], selected: list[int], need: int, *,
              can_choose: bool, lang: str | None) -> discord.ui.View:
    """One button per card (at most 10) and, when several cards must be picked, Confirm."""
    view = discord.ui.View(timeout=None)
    for card in sorted(hand):
        view.add_item(CardButton(table.id, table.epoch, card, selected=card in selected,
                                 disabled=not can_choose))
    if need > 1:
        view.add_item(ConfirmButton(table.id, table.epoch, lang=lang,
                                    disabled=not can_choose or len(selected) != need))
    return view


def rematch_view(table: Table, lang: str | None) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(table.id, table.epoch, lang, retry=table.private))
    return view
