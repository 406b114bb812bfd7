"""The table layer's notices say what happened to this table, of this game: a paused table names
its game and why it paused; /table record mid-game names the game's own secrets; a forged button
is not called a finished turn; a table with no thread says it plays in the channel and which
permission would give it one."""

from __future__ import annotations

import pytest

import bot.games  # noqa: F401  (every game declares its run-time key families)
from bot.texts.i18n import catalogue, languages, t

GAMES = ("pop", "coloretto", "colorpop", "colourist")


def game_name(game: str, lang: str) -> str:
    return t(f"game.{game}", lang)


@pytest.mark.parametrize("lang", languages())
def test_the_pause_notices_name_the_game(lang):
    for key in ("pause.notice.forbidden", "pause.notice.thread_gone", "pause.notice.archived"):
        for game in GAMES:
            shown = t(key, lang, game=game_name(game, lang), id=3)
            assert game_name(game, lang) in shown, (key, game, shown)
            assert "3" in shown
        assert t(key, lang, game="X", id=3) != t(key, lang, game="Y", id=3)


@pytest.mark.parametrize("lang", languages())
def test_a_paused_table_says_why(lang):
    paused, gone = t("refusal.paused", lang), t("refusal.thread_gone", lang)
    assert paused != gone
    assert paused not in (t("refusal.stale", lang), t("refusal.not_playing", lang))
    forbidden = t("pause.notice.forbidden", lang, game="G", id=1)
    assert forbidden != t("pause.notice.thread_gone", lang, game="G", id=1)
    assert t("pause.notice.archived", lang, game="G", id=1) not in (
        forbidden,
        t("pause.notice.thread_gone", lang, game="G", id=1),
    )


SECRETS = {
    "en": ("secret colours", "choices not revealed"),
    "it": ("colori segreti", "scelte non ancora rivelate"),
    "ja": ("秘密の色", "公開されていない選択"),
    "fr": ("couleurs secrètes", "choix pas encore révélés"),
    "es": ("colores secretos", "elecciones que aún no se han revelado"),
    "pl": ("sekretne kolory", "wybory, które nie zostały jeszcze odkryte"),
    "de": ("geheimen Farben", "noch nicht aufgedeckt"),
}


@pytest.mark.parametrize("lang", languages())
def test_each_game_names_its_own_secrets_before_the_record(lang):
    shared = t("table.record_later", lang, id=4)
    colours, choices = SECRETS[lang]
    colorpop = t("colorpop.record_later", lang, id=4)
    colourist = t("colourist.record_later", lang, id=4)
    assert colours in colorpop
    assert choices in colourist
    assert len({shared, colorpop, colourist}) == 3
    assert all("4" in text for text in (shared, colorpop, colourist))


@pytest.mark.parametrize("lang", languages())
def test_an_invalid_button_is_not_a_finished_turn(lang):
    assert t("refusal.invalid_button", lang) != t("refusal.stale", lang)


@pytest.mark.parametrize("lang", languages())
def test_a_table_without_thread_says_it_plays_in_the_channel(lang):
    values = {"host": "@ana", "game": "Pop", "id": 5, "mode": "m"}
    opened, here = t("table.opened", lang, **values), t("table.opened_here", lang, **values)
    head = opened[: opened.index("5") + 1]
    assert here.startswith(head)  # the same opening, another ending
    assert opened != here
    told = t("table.no_thread", lang, game="Pop", id=5)
    assert "Create Public Threads" in told
    assert "5" in told


def test_the_english_texts_read_as_meant():
    assert t("table.no_thread", "en", game="Coloretto", id=2) == (
        "Coloretto table #2 plays here in the channel: I could not open a thread for it. To give"
        " each table its own thread, I need the “Create Public Threads” permission in this"
        " channel."
    )
    assert t("pause.notice.forbidden", "en", game="Colorpop", id=9).startswith(
        "Colorpop table #9 is paused: I lost permission to post in its thread."
    )
    assert t("coloretto.legend", "en", cards="◆ blue, ▬ brown") == (
        "Key: ◆ blue, ▬ brown; ×: how many cards of that colour."
    )
    assert catalogue("en")["refusal.invalid_button"] == (
        "That button is not valid here: use the buttons of the table's latest message."
    )


# "the rules", as each language says that a record is checked against them.
RULES = {"en": "rules", "it": "regole", "ja": "ルール", "fr": "règles", "es": "reglas"}
RULES |= {"pl": "zasad", "de": "Regeln"}


@pytest.mark.parametrize("lang", languages())
def test_the_record_says_what_it_holds_and_that_anyone_can_check_it(lang):
    """/table record's answer is for players: it names the record's format, says that anyone
    can check its moves against the rules, and with which program (not an order to run a
    command line a player has never heard of)."""
    shown = t("table.record", lang, game=game_name("pop", lang), id=3, format="pop-record/1")
    assert "pop-record/1" in shown
    assert RULES[lang] in shown
    assert "`pop-bot replay`" in shown
    assert "replay it with" not in shown


@pytest.mark.parametrize("lang", languages())
def test_help_and_the_proof_say_how_to_hold_the_proof_to_the_seal(lang):
    """The seal the lobby shows is checked by hand: /help and the message that gives the proof
    both say that the proof's `commitment` begins with it."""
    from bot.commands.table import command_names

    for text in (t("help", lang, **command_names(lang)), t("fair.record", lang)):
        assert "`commitment`" in text
        assert "🔒" in text


# "in 5 minutes" as Discord writes a relative timestamp (<t:…:R>) in each language.
IN_FIVE_MINUTES = {
    "en": ("in 5 minutes", "Time runs out in 5 minutes."),
    "de": ("in 5 Minuten", "Die Zeit läuft in 5 Minuten ab."),
    "fr": ("dans 5 minutes", "Fin du temps imparti dans 5 minutes."),
    "it": ("tra 5 minuti", "Il tempo scade tra 5 minuti."),
    "es": ("dentro de 5 minutos", "El tiempo se acaba dentro de 5 minutos."),
    "pl": ("za 5 minut", "Czas mija za 5 minut."),
    "ja": ("5分後", "制限時間\uff1a5分後"),  # a full-width colon
}


@pytest.mark.parametrize("lang", languages())
def test_the_deadline_reads_as_a_sentence_with_discords_relative_time(lang):
    """The turn's deadline is a Discord timestamp shown relative ("in 5 minutes", in the
    reader's language): the sentence around it reads right with it (German's separable verb
    after it, French's time that is up rather than passing)."""
    at, sentence = IN_FIVE_MINUTES[lang]
    assert t("turn.deadline", lang, at=at) == sentence
    reminder = t("timer.reminder", lang, who="Ana", at=at)
    assert at in reminder
    if lang in ("de", "fr"):  # the reminder says it the same way
        assert reminder.lower().endswith(sentence.lower())
