"""Slash commands in the user's language: PopTranslator's localisations, the language option,
replies outside a table in the user's locale, and a table that speaks its language option."""

from __future__ import annotations

import re
from types import SimpleNamespace
from unittest.mock import AsyncMock

import discord
import pytest
from discord import app_commands

from bot.games import GAMES
from bot.games.pop.commands import PopCommands
from bot.model.posts import Refusal
from bot.model.table import TableSettings
from bot.running.client import all_commands
from bot.tables.answers import refuse
from bot.texts.i18n import DYNAMIC_KEYS, catalogue, dynamic_key, languages, t
from bot.texts.translator import PopTranslator
from tests.factories import a_table, people

EN = catalogue("en")

# Discord locales each shipped translation answers.
LOCALES = {
    "ja": ["ja"],
    "pl": ["pl"],
    "fr": ["fr"],
    "de": ["de"],
    "it": ["it"],
    "es": ["es-ES", "es-419"],
}
NAME = re.compile(r"^[-_'\w]{1,32}$")
CHOICE_FAMILIES = {"ai_level": "choice.ai_level", "state": "choice.pings"}
# A game's own option reads its own family (each game's modes, Pop's puzzle grades).
GAME_CHOICE_FAMILIES = {
    ("colorpop", "mode"): "colorpop.mode",
    ("pop", "mode"): "pop.choice.mode",
    ("pop", "difficulty"): "pop.choice.grade",
}

# The commands are declared, not run: the table layer they would use is never asked.
NO_TABLES = SimpleNamespace(
    lobby=SimpleNamespace(held=SimpleNamespace(store=None)),
    channels=SimpleNamespace(try_again=None),
    challenges=None,
    seasons=None,
    tournaments=None,
)


async def translated_commands() -> dict[str, dict]:
    """Every top-level command's sync payload, by name."""
    client = discord.Client(intents=discord.Intents.none())
    tree = app_commands.CommandTree(client)
    for command in all_commands(NO_TABLES, SimpleNamespace()):
        tree.add_command(command)
    await tree.set_translator(PopTranslator())
    return {
        c.name: await c.get_translated_payload(tree, tree.translator) for c in tree.get_commands()
    }


async def translated_pop() -> dict:
    return (await translated_commands())["pop"]


def subcommand(payload: dict, name: str) -> dict:
    return next(o for o in payload["options"] if o["name"] == name)


async def test_the_sync_payload_carries_japanese_and_polish_names_and_descriptions():
    pop = await translated_pop()
    new = subcommand(pop, "new")
    assert new["name_localizations"]["ja"] == "新規"
    assert new["name_localizations"]["pl"] == "nowy"
    assert new["description_localizations"]["pl"] == "Otwórz stół Pop w osobnym wątku"
    assert pop["description_localizations"]["ja"] == "色のカードゲーム、Popをプレイ"
    assert pop["name"] == "pop"
    assert "ja" not in pop["name_localizations"]
    assert new["name"] == "new"
    assert "en-US" not in new["name_localizations"]
    mode = next(o for o in new["options"] if o["name"] == "mode")
    coop = next(c for c in mode["choices"] if c["value"] == "coop")
    assert coop["name"] == "coop"
    assert coop["name_localizations"]["ja"] == "協力"
    assert coop["name_localizations"]["es-419"] == coop["name_localizations"]["es-ES"]


def leaves(payload: dict) -> list[tuple[str, dict]]:
    """(path, command) of every command that runs: subcommands, or the command itself."""
    subs = [o for o in payload.get("options", []) if o["type"] == 1]
    if not subs:
        return [(payload["name"], payload)]
    return [(f"{payload['name']} {o['name']}", o) for o in subs]


async def test_every_command_option_and_choice_is_localised_for_every_catalogue():
    commands = await translated_commands()
    assert set(commands) == {
        "pop",
        "coloretto",
        "colorpop",
        "colourist",
        "challenge",
        "server",
        "tournament",
        "table",
        "stats",
        "leaderboard",
        "history",
        "settings",
        "help",
    }
    missing = []
    for lang, locales in LOCALES.items():
        for locale in locales:
            for path, command in (leaf for c in commands.values() for leaf in leaves(c)):
                where = f"{locale} /{path}"
                if locale not in command["description_localizations"]:
                    missing.append(f"{where} description")
                if (
                    locale not in command["name_localizations"]
                    and catalogue(lang)[f"command.{command['name']}.name"] != command["name"]
                ):
                    missing.append(f"{where} name")
                for option in command["options"]:
                    if locale not in option.get("description_localizations", {}):
                        missing.append(f"{where} {option['name']}")
                    for choice in option.get("choices", []):
                        family = GAME_CHOICE_FAMILIES.get(
                            (path.split()[0], option["name"]), CHOICE_FAMILIES.get(option["name"])
                        )
                        if family is None:
                            continue  # a language is named in its own language everywhere
                        text = catalogue(lang)[f"{family}.{choice['value']}"]
                        if choice.get("name_localizations", {}).get(locale, choice["name"]) != text:
                            missing.append(f"{where} {option['name']}={choice['value']}")
    assert missing == []


async def test_localised_command_names_follow_discord_rules_and_stay_distinct():
    commands = await translated_commands()
    for locales in LOCALES.values():
        for locale in locales:
            for group in [list(commands.values())] + [
                c["options"] for c in commands.values() if leaves(c)[0][1] is not c
            ]:
                names = [c.get("name_localizations", {}).get(locale, c["name"]) for c in group]
                assert all(NAME.match(n) and n == n.lower() for n in names), names
                assert len(set(names)) == len(names), names


class RecordingTranslator(PopTranslator):
    """PopTranslator, noting every (English text, catalogue key) a command hands it."""

    def __init__(self) -> None:
        self.seen: set[tuple[str, str | None]] = set()

    async def translate(self, string, locale, context):
        self.seen.add((string.message, string.extras.get("key")))
        return await super().translate(string, locale, context)


async def test_the_english_discord_shows_is_the_english_catalogues():
    """Discord shows English users the text a command was declared with (the translator gives
    it nothing for English): it is en.json's, so a description fixed there is fixed for them."""
    client = discord.Client(intents=discord.Intents.none())
    tree = app_commands.CommandTree(client)
    for command in all_commands(NO_TABLES, SimpleNamespace()):
        tree.add_command(command)
    recording = RecordingTranslator()
    await tree.set_translator(recording)
    for command in tree.get_commands():
        await command.get_translated_payload(tree, recording)
    keyed = {(text, key) for text, key in recording.seen if key is not None}
    assert ("Pop", "game.pop") in keyed  # the /stats game choice: the game's name, not "pop"
    assert ("long track", "colourist.choice.length.long") in keyed
    assert sorted((key, text) for text, key in keyed if text != EN[key]) == []


# Options whose description lists their choices, and the family of those choices.
LISTED_CHOICES = {
    "option.new.ai_level": "choice.ai_level",
    "option.pings.state": "choice.pings",
    "pop.option.new.mode": "pop.choice.mode",
    "colorpop.option.mode": "colorpop.mode",
}


@pytest.mark.parametrize("lang", languages())
def test_an_option_lists_its_choices_as_they_are_written(lang):
    """ "on: …; off: never" over the choices "activées" and "désactivées" names choices the
    player cannot find: an option that lists its choices names each as the list shows it."""
    for option, family in LISTED_CHOICES.items():
        described = str(catalogue(lang)[option])
        for value in DYNAMIC_KEYS[family]:
            assert str(catalogue(lang)[dynamic_key(family, value)]) in described, (option, value)


# The table layer's commands: what they do, they do for every game.
SHARED_COMMANDS = ("table", "stats", "leaderboard", "history", "settings", "help")


async def test_the_commands_every_game_shares_name_no_game():
    """/stats, /leaderboard, /table record, /help… serve every game: no description of theirs
    or of their options names one game, or one game's record format, in any language."""
    commands = await translated_commands()
    named = []
    for lang in languages():
        games = [catalogue(lang)[f"game.{key}"] for key in GAMES]
        for name in SHARED_COMMANDS:
            for path, command in leaves(commands[name]):
                for item in (command, *command["options"]):
                    described = item.get("description_localizations", {})
                    text = described.get(LOCALES.get(lang, ["en-US"])[0], item["description"])
                    said = [g for g in games if g in text]
                    if said or "-record/" in text:
                        named.append(f"{lang} /{path} {item['name']}: {text}")
    assert named == []


def test_the_language_option_offers_the_shipped_catalogues_by_their_own_names():
    new = PopCommands(SimpleNamespace(), SimpleNamespace()).new
    (language,) = [p for p in new.parameters if p.name == "language"]
    assert [c.value for c in language.choices] == list(languages())
    assert {c.value: c.name for c in language.choices} == {
        "en": "English",
        "it": "Italiano",
        "ja": "日本語",
        "fr": "Français",
        "es": "Español",
        "pl": "Polski",
        "de": "Deutsch",
    }
    (mode,) = [p for p in new.parameters if p.name == "mode"]
    assert [c.value for c in mode.choices] == ["competitive", "trick", "coop", "solo", "enigma"]


# --- Replies outside a table speak the user's language ---------------------------------------


def interaction(locale: str) -> SimpleNamespace:
    response = SimpleNamespace(send_message=AsyncMock(), is_done=lambda: False)
    return SimpleNamespace(locale=discord.Locale(locale), response=response)


@pytest.mark.parametrize(
    ("locale", "lang"),
    [("ja", "ja"), ("pl", "pl"), ("es-ES", "es"), ("pt-BR", "en"), ("zh-CN", "en")],
)
async def test_help_and_rules_answer_in_the_users_language(locale, lang):
    from bot.commands.table import command_names

    group = PopCommands(SimpleNamespace(), SimpleNamespace())
    help_ = next(c for c in all_commands(NO_TABLES, SimpleNamespace()) if c.name == "help")
    asked = interaction(locale)
    await help_.callback(asked)
    assert asked.response.send_message.await_args.args[0] == t("help", lang, **command_names(lang))
    await group.rules.callback(group, asked, "coop")
    text = asked.response.send_message.await_args.args[0]
    assert text == t("pop.rules.common", lang) + "\n\n" + t("pop.rules.coop", lang)


async def test_a_refusal_answers_in_the_clickers_language():
    asked = interaction("pl")
    await refuse(asked, Refusal("refusal.pick_count", n=3))
    assert asked.response.send_message.await_args.args[0] == "Najpierw zaznacz dokładnie 3 karty."


@pytest.mark.parametrize(
    ("language", "locale", "lang"),
    [("ja", "en", "ja"), (None, "de", "de"), ("it", "fr", "it"), (None, "pt", "en")],
)
def test_a_table_speaks_its_language_option_else_the_servers(language, locale, lang):
    table = a_table(
        "pop", settings=TableSettings(language=language), seats=people("ana"), locale=locale
    )
    spoken = table.lang()
    assert t("table.left", spoken, name="Ana") == t("table.left", lang, name="Ana")


def test_a_rule_error_becomes_its_games_sentence_or_a_clear_general_no():
    from bot.tables.moves import refusal_for
    from engine.pop.errors import NotInHand
    from engine.protocol import RuleError

    said = refusal_for(NotInHand("card 7 is not in ana's hand", "ana", card=7))
    assert (said.key, said.values) == ("refusal.not_in_hand", {"card": 7})
    assert t(said.key, "pl", **said.values) != t(said.key, "en", **said.values)

    class Undeclared(RuleError):
        code = "no_such_code"

    assert refusal_for(Undeclared("engine text never shown")).key == "refusal.rule"


@pytest.mark.parametrize("lang", ["en", "it", "ja", "fr", "es", "pl", "de"])
def test_help_and_no_table_name_the_commands_as_the_players_discord_shows_them(lang):
    """/help and "no table here" name each command by its localised name (what the player's
    client shows and autocompletes), never by the English one when the language has its own."""
    from bot.commands.table import command_names, none_here

    names = command_names(lang)
    text = t("help", lang, **names)
    new, show = catalogue(lang)["command.new.name"], catalogue(lang)["command.show.name"]
    assert f"/pop {new}" in text
    assert f"/{catalogue(lang)['command.table.name']} {show}" in text
    assert names["settings_pings"] in text  # the ping setting every slow table offers
    assert f"/colourist {new}" in none_here(lang)
    if lang != "en":
        assert new != "new"  # the test means something: the name is translated
        assert "/pop new" not in text
        assert "/pop new" not in none_here(lang)


@pytest.mark.parametrize("lang", ["en", "it", "ja", "fr", "es", "pl", "de"])
def test_help_says_how_tournaments_work_within_one_message(lang):
    """/help names /tournament new as the player's Discord shows it, with its formats, and
    stays one plain message (2,000 characters; German, the longest, included)."""
    from bot.commands.table import command_names
    from bot.model.layout import MAX_PLAIN

    text = t("help", lang, **command_names(lang))
    assert len(text) <= MAX_PLAIN
    new = catalogue(lang)["command.new.name"]
    assert f"/{catalogue(lang)['command.tournament.name']} {new}" in text
    for fmt in ("swiss", "round_robin"):
        assert catalogue(lang)[f"choice.tournament_format.{fmt}"].lower() in text.lower()
    assert "Buchholz" in text or "ブッフホルツ" in text
