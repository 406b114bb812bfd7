"""The one message composer: how every message a table shows is laid out, from the parts the
faces and the table layer give (`bot.model.posts.Post`), as a Components V2 layout
(`laid_out`: `bot.model.layout`; `bot.posting.layout_view` makes discord.py's view of it). Pure,
unit-tested without Discord: a new message layout is written in this module alone.

Every posting mode lays out here: one message a turn in secret-choice games (Pop, Colourist:
the reveal's steps edit the turn's message, `turn_story`), a picture a step where no turn's
message is out (behind or tight, steps share a message, the results and the next turn may ride
on it), one message a seat's turn (Coloretto, Colorpop). The results post, known by its flag,
gets Rematch, Replay (the game step by step, privately: `bot.tables.replays`), Review when
the game was not rated (a seat's costliest decisions, privately: `bot.tables.reviews`), the
rating changes and the fair deal's reveal; the turn's message names who is pinged, and carries
Hint where the table has hints on; the captions a turn message carries are the bot's own
record, never read back.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, replace

from bot.model import layout
from bot.model.layout import Block, Gallery, Layout, Rule, Shown, Text
from bot.model.posts import HINT, REPLAY, REVIEW, Button, Post, lasting
from bot.model.table import Table
from bot.texts.i18n import t

MAX_FILES_PER_MESSAGE = 4  # when catching up, steps share a message (Discord allows 10)
MAX_ATTACHMENTS = layout.MAX_GALLERY  # steps share up to this many when the budget is tight
MAX_CONTENT = layout.MAX_TEXT  # Discord's limit on a message's text
BEHIND = 6  # step pictures waiting beyond which the outbox catches up
STEPS_PER_MOVE_GUESS = 8  # for a move not drawn yet, when judging how far behind we are

Captions = Sequence[tuple[int, str]]  # (move, its captions) a turn's message shows, in order


# --- Components V2: how a post is laid out ----------------------------------------------


def laid_out(
    post: Post, accent: int | None, kept: Sequence[Shown] = (), story: bool = False
) -> Layout:
    """A post as one message in its game's colour: its text, its pictures (after `kept`, those
    the message shows already; the last ten), a rule, then its controls in rows. A `story`
    (a turn's steps) shows its latest picture large, the ones before it in a strip below."""
    blocks: list[Block] = [Text(layout.fitted(post.content))] if post.content.strip() else []
    shown = [*kept, *(Shown(p.filename, p.alt) for p in post.pictures)][-layout.MAX_GALLERY :]
    if story and len(shown) > 1:
        blocks += [Gallery((shown[-1],)), Gallery(tuple(shown[:-1]))]
    elif shown:
        blocks.append(Gallery(tuple(shown)))
    rows = layout.control_rows(post.controls)
    if rows and blocks:
        blocks.append(Rule())
    return Layout(accent, (*blocks, *rows) or (Text("\u2026"),))


def with_text(laid: Layout, text: str) -> Layout:
    """The same message with its first text block (its status) now reading `text`."""
    blocks = list(laid.blocks)
    at = next((i for i, b in enumerate(blocks) if isinstance(b, Text)), None)
    if at is None:
        return replace(laid, blocks=(Text(layout.fitted(text)), *blocks))
    blocks[at] = Text(layout.fitted(text))
    return replace(laid, blocks=tuple(blocks))


# --- Messages of their own ----------------------------------------------------------------


def lobby(text: str, lines: Iterable[str | None], buttons: Sequence[Button]) -> Post:
    """The lobby message: the game's summary, then its other lines (the deal's commitment and
    ids), then its buttons."""
    content = "\n".join([text, *(line for line in lines if line is not None)])
    return Post(content, controls=list(buttons))


def notice(text: str, mentions: Sequence[int] = ()) -> Post:
    """A short notice in the table's channel, pinging exactly `mentions`."""
    return Post(text, mentions=list(mentions))


def private(header: str, post: Post) -> Post:
    """A seat's private message shown anew: a line above the face's post (Pop's Enigma)."""
    return replace(post, content=f"{header}\n{post.content}") if header else post


# --- The results ------------------------------------------------------------------------


@dataclass(frozen=True)
class Ending:
    """What the table layer adds to a finished game's results post."""

    rematch: str | None  # the label of the button that deals the next game (None: none)
    rating: str | None = None  # the seats' rating changes, when the game was rated
    fair: tuple[str, ...] = ()  # the deal's reveal and the rematch's commitment
    replay: str | None = None  # the label of Replay (None: the game has no replay)
    game_no: int = 0  # the finished game's number at its table (its Replay names it)
    review: str | None = None  # the label of Review (None: the game was rated, or has none)


def finished(posts: Sequence[Post], ending: Ending) -> list[Post]:
    """A move's posts with its results post (its flag says which) finished: the rating
    changes, the fair deal's lines, Rematch, Replay and Review."""
    return [_with_ending(post, ending) if post.results else post for post in posts]


def _with_ending(post: Post, ending: Ending) -> Post:
    content = post.content
    if ending.rating:
        content = f"{content}\n{ending.rating}".strip()
    if ending.fair:
        content = "\n".join([content, *ending.fair])
    if ending.rematch is None:  # a challenge's entry: one game, its deal kept from the others
        return replace(post, content=content)
    buttons = [Button("rematch", ending.rematch, "success")]
    if ending.replay is not None:
        buttons.append(Button(REPLAY, ending.replay, "primary", str(ending.game_no)))
    if ending.review is not None:
        buttons.append(Button(REVIEW, ending.review, "secondary", str(ending.game_no)))
    return replace(post, content=content, controls=[*post.controls, *buttons])


def offered(post: Post, table: Table, game_no: int) -> Post:
    """A message as posted now: a rematch dealt meanwhile makes its Rematch stale (its
    Replay and Review stay)."""
    if post.controls and (table.games != game_no or table.status == "playing"):
        return replace(post, controls=[c for c in post.controls if lasting(c)])
    return post


# --- A picture a step ---------------------------------------------------------------------


def steps_waiting(posts: Sequence[Post], done: int, moves_after: int) -> int:
    """Step pictures still to post: this move's, and a guess for the moves after it."""
    return sum(1 for p in posts[done:] if p.step) + STEPS_PER_MOVE_GUESS * moves_after


def next_batch(
    posts: Sequence[Post], start: int, grouped: bool, limit: int, results: bool = False
) -> list[Post]:
    """The posts of the next message: one, or when grouped, consecutive steps together (at
    most `limit` pictures); with `results`, the post after the last step (the results) rides
    on that step's message too."""
    batch = [posts[start]]
    if not grouped or not posts[start].step:
        return batch
    files = len(posts[start].pictures)
    text = len(posts[start].content)
    for post in posts[start + 1 :]:
        if (
            (not post.step and not results)
            or post.in_channel != batch[0].in_channel
            or files + len(post.pictures) > limit
            or text + 1 + len(post.content) > MAX_CONTENT
        ):
            break
        batch.append(post)
        files += len(post.pictures)
        text += 1 + len(post.content)
        if not post.step:
            break  # the results end the message
    return batch


def merged(posts: Sequence[Post]) -> Post:
    """Posts as one message: their captions in order, every picture, the last one's controls
    (it holds the results if any of them does)."""
    results = any(p.results for p in posts)
    if len(posts) == 1:
        only = posts[0]
        return replace(
            only,
            pictures=list(only.pictures),
            controls=list(only.controls),
            results=results,
            mentions=list(only.mentions),
        )
    return Post(
        "\n".join(p.content for p in posts if p.content),
        [pic for p in posts for pic in p.pictures],
        list(posts[-1].controls),
        True,
        posts[-1].in_channel,
        results,
        list(dict.fromkeys(user for p in posts for user in p.mentions)),
    )


def posts_in(attached: Collection[str], posts: Sequence[Post], start: int, sent: int) -> int:
    """How many posts from `start` the message just created holds: `sent`, unless Discord
    answered with a message made earlier under the same nonce (before a restart) that grouped
    a different number of steps; then as many as its pictures (`attached`: their file names)
    show."""
    names = set(attached)
    if not names or any(not p.pictures for p in posts[start : start + sent]):
        return sent
    held = 0
    for post in posts[start:]:
        if not post.pictures or any(p.filename not in names for p in post.pictures):
            break
        held += 1
    return held or sent


# --- The turn's message -------------------------------------------------------------------


def turn(post: Post, pinged: Sequence[int], lang: str, hints: bool = False) -> Post:
    """The turn's table message, mentioning the people who must act on its last line (nobody
    to mention: the face's post as it is); at a table with hints on, the Hint button after the
    game's own (the expert's move, privately: `bot.tables.hints`)."""
    if hints:
        hint = Button(HINT, t("hint.button", lang), "secondary")
        post = replace(post, controls=[*post.controls, hint])
    if not pinged:
        return post
    line = t("turn.ping", lang, who=" ".join(f"<@{u}>" for u in pinged))
    content = f"{post.content}\n{line}" if post.content else line
    return replace(post, content=content, mentions=list(pinged))


def bare(turn: Post) -> Post:
    """The turn's text and buttons, without its pictures (a move's message shows the board)."""
    return Post(turn.content, [], list(turn.controls), mentions=list(turn.mentions))


def with_turn(post: Post, turn: Post) -> Post | None:
    """A move's last message carrying the next turn's table message too: the captions, then the
    turn's text; every picture; the turn's controls. None when Discord's limits forbid it."""
    content = f"{post.content}\n\n{turn.content}" if post.content else turn.content
    pictures = [*post.pictures, *turn.pictures]
    if len(pictures) > MAX_ATTACHMENTS or len(content) > MAX_CONTENT or post.in_channel:
        return None
    mentions = list(dict.fromkeys([*post.mentions, *turn.mentions]))
    return Post(content, pictures, list(turn.controls), True, False, post.results, mentions)


def added_to_turn(captions: str, post: Post, turn: Post) -> Post:
    """The turn's message once a move within the turn is added: every caption it carries, the
    move's pictures (those it showed stay), the turn's text and buttons as they are now; the
    turn alone when that would not fit."""
    return with_turn(Post(captions, post.pictures), bare(turn)) or bare(turn)


def turn_story(status: str, captions: Sequence[str]) -> str:
    """A revealed turn's message: its status, then what each of its steps did."""
    told = "\n".join(c for c in captions if c)
    return f"{status}\n\n{told}" if status and told else status or told


def captions_text(captions: Captions) -> str:
    """The captions a turn's message carries above the turn's text, as one text."""
    return "\n".join(text for _, text in captions if text)


def turn_text(captions: Captions, text: str) -> str:
    """The turn message's text under the step captions it also carries, when they fit."""
    above = captions_text(captions)
    if above and len(above) + 2 + len(text) <= MAX_CONTENT:
        return f"{above}\n\n{text}"
    return text
