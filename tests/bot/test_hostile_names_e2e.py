"""Display names are shown as written (issue 31): a name full of Markdown (bold, spoilers,
underline, strike, code, a heading, a quote, subtext, a masked link) changed the posts it went
into. Here three such players play a rated Pop game and a cooperative one, and ask for their
records; every text the bot sent shows each name letter for letter, and what is not Markdown
(pictures' alt texts, button labels) shows it unescaped."""

from __future__ import annotations

import pytest

from tests.bot.story import read, shown_literally, start_table, turn_message
from tests.bot.test_ratings_e2e import play_game
from tests.clock import TestClock

pytestmark = pytest.mark.asyncio

HOSTILE = {
    "ana": "# **Ana** ||x|| __u__",
    "ben": "-# ~~Ben~~ `c` > q \\o/",
    "cleo": "[Cleo](https://evil.example)",
}


def bot_texts(emu):
    """Every message the bot sent (public, private, in DMs), as it reads now: (its text, its
    plain texts: alt texts, button and menu labels)."""
    for message in emu.messages.values():
        if message.author is not emu.bot_user:
            continue
        plain = [a.description or "" for a in message.attachments]
        for component in message.iter_components():
            plain += [component.get("label") or "", component.get("placeholder") or ""]
            plain += [o.get("label", "") for o in component.get("options", [])]
        yield message, plain


async def test_hostile_display_names_are_shown_as_written(emu, world, roomy_channels, pop_bot):
    ana, ben, cleo = world.ana, world.ben, world.cleo
    for actor in (ana, ben, cleo):
        emu.set_nick(world.guild, actor.user, HOSTILE[actor.name])
    await (await ana.slash("settings", "pings", state="off")).wait_message()

    # A rated game: lobby, turns, captions, results and rating changes name the seats.
    _, thread = await start_table(emu, world, ana, [ben], ai=1, sets=1)
    results = await play_game(emu, thread, [ana, ben], after=0)
    assert shown_literally(results.text, HOSTILE["ana"])
    assert shown_literally(results.text, HOSTILE["ben"])
    records = [
        await (await who.slash(*command, **options)).wait_message()
        for who, command, options in (
            (ana, ("stats",), {}),
            (ben, ("stats",), {"user": ana}),
            (ana, ("history",), {}),
            (cleo, ("history",), {}),  # nothing yet: the answer names her
        )
    ]
    assert all(shown_literally(r.text, HOSTILE["ana"]) for r in records[:3])
    assert shown_literally(records[3].text, HOSTILE["cleo"])

    # A cooperative game on a 2-minute timer: a signal, a number removed, a seat left, a
    # warning (ana turned pings off: named, not mentioned), the AI playing at the deadline.
    clock = TestClock()
    pop_bot.client.tables.use_clock(clock)
    _, coop = await start_table(emu, world, ana, [ben, cleo], mode="coop", timer="2m")
    turn = await turn_message(emu, ana, coop, "Set 1/")
    menu = await (await ana.click(turn, label="Signal")).wait_message(lambda m: m.components)
    await ana.choose(menu, menu.iter_components()[0]["options"][0]["value"])
    number = await ana.send(coop, "I have the 2 blue ones")
    await emu.wait_for(lambda: number.deleted, 10, "the number to be removed")
    await (await cleo.at(coop).slash("table", "leave")).wait_message()
    await (await ben.at(coop).slash("table", "show")).wait_message()
    said = ("📣", "was removed", "left the table", "seconds left", "the AI played this turn")

    def texts_said() -> dict[str, str]:
        texts = [m.text for m in ana.visible_messages(coop)]
        return {w: next((x for x in texts if w in x), "") for w in said}

    clock.advance(95)  # 30 seconds before the deadline: the warning
    await emu.wait_for(lambda: texts_said()["seconds left"], 10, "the warning")
    clock.advance(30)

    await emu.wait_for(lambda: all(texts_said().values()), 10, "every notice")
    for words, text in texts_said().items():
        named = HOSTILE["cleo"] if words == "left the table" else HOSTILE["ana"]
        assert shown_literally(text, named), (words, text)

    # Every text the bot sent shows every name as written; plain texts show it unescaped.
    shown = {name: 0 for name in HOSTILE.values()}
    alt_texts = 0
    for message, plain in bot_texts(emu):
        for name in HOSTILE.values():
            if name in read(message.text):
                assert shown_literally(message.text, name), message.text
                shown[name] += 1
            for text in plain:
                assert read(text).count(name) == text.count(name), text  # nothing escaped
                alt_texts += name in text
    assert all(n >= 3 for n in shown.values()), shown
    assert alt_texts  # the pictures' alt texts name the players, as written
