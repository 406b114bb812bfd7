"""Helpers that make end-to-end tests read like a story of people at a table."""

from __future__ import annotations

import re
import string

COLOURS = "red|yellow|green|blue|purple"


PINNED_DEALS: list[int] = []  # the next deals' seeds, chosen by a test (`pin_next_deal`)


def pin_next_deal(seed: int) -> None:
    """The next game dealt gets `seed` instead of the one its committed secret and Discord's
    ids give (bot.model.fair.deal_seed, patched by the `pinned_deals` fixture): for stories about a
    particular deal, not about fairness."""
    PINNED_DEALS.append(seed)


def thread_of(world, table_no: int):
    """The thread the bot opened for table #N, of any game and in any language ("Pop table
    #3", "Colourist table #4"; table numbers are unique across games): None if none yet."""
    return next((c for c in world.guild.threads if c.name.endswith(f" #{table_no}")), None)


def shown_text(message) -> str:
    """What a message says: an emulator message's ``text`` (a legacy message's content, a
    Components V2 message's Text Displays), or the ``content`` of a post built in a test."""
    return message.text if hasattr(message, "text") else message.content


def alt_texts(message) -> list[str]:
    """A message's alt texts: an emulator message's (attachments', gallery items' and
    thumbnails'), or the attachments' descriptions of a post built in a test."""
    if hasattr(message, "alt_texts"):
        return message.alt_texts
    return [a.description for a in message.attachments if a.description]


def cards_mentioned(message) -> set[int]:
    """Card numbers a message shows in words: alt texts ("23 green") and captions ("**23**",
    "💥 12, 22 explode", "The Chief shows: 7")."""
    found = set()
    for alt in alt_texts(message):
        found |= {int(n) for n in re.findall(rf"\b(\d+) (?:{COLOURS})\b", alt)}
    text = shown_text(message)
    found |= {int(n) for n in re.findall(r"\*\*(\d+)\*\*", text)}
    for group in re.findall(r"💥(?: Chain ×\d+:)? ([\d, ]+) explode", text):
        found |= {int(n) for n in re.findall(r"\d+", group)}
    for group in re.findall(r"shows: ([\d, ]+)", text):
        found |= {int(n) for n in re.findall(r"\d+", group)}
    return found


def table_number(message) -> int:
    return int(re.search(r"#(\d+)", message.text).group(1))


def card_buttons(message) -> list[int]:
    return [
        int(b["custom_id"].rsplit(":", 1)[1]) for b in message.buttons if ":card:" in b["custom_id"]
    ]


def is_lobby(message) -> bool:
    """A lobby message: it has a Join button (found by its verb, in any language)."""
    return any(b["custom_id"].endswith(":join") for b in message.buttons)


async def open_table(emu, world, host, game="pop", **options):
    """Host runs /<game> new with these options. Returns (table number, its thread, the lobby
    message)."""
    opened = await host.slash(game, "new", **options)
    message = await opened.wait_message()
    number = table_number(message)
    thread = await emu.wait_for(lambda: thread_of(world, number), 10, "the table's thread")
    lobby = await emu.wait_for(
        lambda: next((m for m in host.visible_messages(thread) if is_lobby(m)), None),
        10,
        "the lobby message",
    )
    return number, thread, lobby


async def start_table(emu, world, host, joiners=(), ai=0, game="pop", before_start=None, **options):
    """Host opens a table of `game`, the joiners join, the host adds `ai` AI seats and starts
    (`before_start()` runs just before, e.g. to pin the deal's seed).
    Returns (table number, the table's thread)."""
    number, thread, lobby = await open_table(emu, world, host, game, **options)
    for player in joiners:
        await player.click(lobby, label="Join")
    for _ in range(ai):
        await host.click(lobby, label="Add AI")
    if before_start is not None:
        before_start()
    await host.click(lobby, label="Start")
    return number, thread


async def turn_message(emu, actor, thread, header, timeout=20):
    """The newest table message of the turn whose header contains `header`."""
    return await emu.wait_for(
        lambda: next(
            (
                m
                for m in reversed(actor.visible_messages(thread))
                if "My hand" in m.button_labels and header in m.text
            ),
            None,
        ),
        timeout,
        f"the table message of {header}",
    )


async def open_hand(player, message):
    """Press My hand; the private hand message, once it shows its buttons."""
    opened = await player.click(message, label="My hand")
    try:
        return await opened.wait_message(lambda m: m.buttons)
    except TimeoutError:  # say what came instead of a hand
        got = opened.message.text if opened.message is not None else "no answer"
        raise AssertionError(f"My hand opened no hand: {got!r}") from None


async def pick(player, hand_message, card):
    return await player.click(
        hand_message,
        custom_id=next(
            b["custom_id"] for b in hand_message.buttons if b["custom_id"].endswith(f":card:{card}")
        ),
    )


async def pick_and_confirm(emu, player, hand_message, cards):
    """Select the cards and, where the mode needs it, Confirm once all show as selected."""
    for card in cards:
        assert (await pick(player, hand_message, card)).responded
    if any(b.get("label") == "Confirm" for b in hand_message.buttons):
        want = f"{len(cards)} of {len(cards)}"
        await emu.wait_for(lambda: want in hand_message.text, 10, "the selection")
        await player.click(hand_message, label="Confirm")


async def scoreboard(emu, actor, thread, timeout=30):
    """The message that announces the game's winners."""
    return await emu.wait_for(
        lambda: next(
            (
                m
                for m in actor.visible_messages(thread)
                if "Winner" in m.text or "Shared victory" in m.text
            ),
            None,
        ),
        timeout,
        "the scoreboard",
    )


async def play_turn(emu, players, thread, header, pick=lambda hand: hand[:1]):
    """Every player opens their hand from the table message of this turn and picks.
    Returns the table message, and what each player held and picked."""
    message = await turn_message(emu, players[0], thread, header)
    held, picked = {}, {}
    for player in players:
        hand_message = await open_hand(player, message)
        assert hand_message.ephemeral
        assert hand_message.visible_to(player.user)
        held[player.name] = hand = card_buttons(hand_message)
        picked[player.name] = pick(hand)
        await pick_and_confirm(emu, player, hand_message, picked[player.name])
    return message, held, picked


SET_RESULT = re.compile(r"^\*\*Set \d+\*\* —", re.MULTILINE)


def assert_no_secret_shown(public, turns):
    """While a card is in a hand, no public message mentions it (text or picture alt text).

    `turns` are (table message, cards held, cards picked) per turn, in order; a card held but
    not picked in a turn stays secret until the next turn's table message, or until the set's
    result when the set ends there: that result may name the cards left in hand, as the rules
    break a tie with them (to the end for the last turn of a game with no such result)."""
    public = sorted(public, key=lambda m: m.id)
    for i, (turn_message, held, picked) in enumerate(turns):
        secret = set().union(*map(set, held.values())) - set().union(*map(set, picked.values()))
        until = turns[i + 1][0].id if i + 1 < len(turns) else float("inf")
        result = next(
            (m.id for m in public if turn_message.id < m.id < until and SET_RESULT.search(m.text)),
            None,
        )
        if result is not None:
            until = result
        for message in public:
            if turn_message.id <= message.id < until:
                assert not cards_mentioned(message) & secret, message.text


async def stored_table(bot_runner, table_id=1):
    """The table as the bot stored it, and its game's state (read back from the database)."""
    tables = bot_runner.client.tables
    table, state = await tables.store.load(table_id)
    return table, (tables.held.faces[table.game].game.load_state(state) if state else None)


# What Discord's Markdown may read as formatting in a name, wherever it stands: emphasis,
# underline, spoilers, strike, code, masked links, links' "://", mentions and emoji, and the
# escape itself; and at the start of a line (a name may begin one): headings, quotes, subtext,
# lists. Each must be backslashed; any other punctuation may be.
MARKUP = frozenset("*_|~`[]<:\\")
LINE_START = frozenset("#>-+")
ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")  # a backslash before ASCII punctuation


def read(text: str) -> str:
    """What a reader sees of a message text's escapes."""
    return ESCAPE.sub(r"\1", text)


def spelt_literally(name: str) -> re.Pattern[str]:
    """`name` as a message text must spell it to be shown as written."""
    parts = []
    for i, c in enumerate(name):
        if c in MARKUP or (c in LINE_START and not name[:i].strip()):
            parts.append(re.escape("\\" + c))
        elif c in string.punctuation:
            parts.append(r"\\?" + re.escape(c))
        else:
            parts.append(re.escape(c))
    return re.compile("".join(parts))


def shown_literally(text: str, name: str) -> bool:
    """Whether the name shows in this text, and each time as written."""
    shown = read(text).count(name)
    return shown > 0 and shown == len(spelt_literally(name).findall(text))


async def private_answer(result, words):
    """The private answer a press or a command got; it says `words`."""
    message = await result.wait_message()
    assert message.ephemeral, message.text
    assert words in message.text, message.text
    return message


async def press_card(player, message, card):
    """Press the button of `card` on a private hand or puzzle message."""
    return await player.click(
        message,
        custom_id=next(
            b["custom_id"] for b in message.buttons if b["custom_id"].endswith(f":card:{card}")
        ),
    )


async def play_enigma(emu, player, message, cards):
    """Pick an Enigma's five `cards` and Confirm: the result's private message."""
    for card in cards:
        await press_card(player, message, card)
    await emu.wait_for(lambda: "5 of 5" in message.text, 10, "five cards selected")
    await player.click(message, label="Confirm")
    return await emu.wait_for(
        lambda: next(
            (
                m
                for m in player.ephemeral_messages()
                if "Try again" in m.button_labels and m.id > message.id
            ),
            None,
        ),
        20,
        "the puzzle's result",
    )


async def turn_posted_again(emu, actor, thread, first, header: str = "turn 1**"):
    """The turn's message posted anew after `first` was deleted (its buttons with it)."""
    return await emu.wait_for(
        lambda: next(
            (
                m
                for m in actor.visible_messages(thread)
                if header in m.text and "My hand" in m.button_labels and m.id != first.id
            ),
            None,
        ),
        10,
        "the turn's message posted again",
    )
