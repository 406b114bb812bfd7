"""How a move's posts become messages: pure functions, unit-tested without Discord.

A move's steps go out one message each; when the table is behind, or the request budget is
tight, consecutive steps share a message (their captions in order, every picture), the results
may ride on the last step's message, and the next turn's message may ride on the move's last.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from .posts import Post

MAX_FILES_PER_MESSAGE = 4  # when catching up, steps share a message (Discord allows 10)
MAX_ATTACHMENTS = 10  # Discord's limit per message: steps share up to this under a tight budget
MAX_CONTENT = 2000  # Discord's limit on a message's text
BEHIND = 6  # step pictures waiting beyond which the outbox catches up
STEPS_PER_MOVE_GUESS = 8  # for a move not drawn yet, when judging how far behind we are


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
    """Several step posts as one message: their captions in order, every picture, the last
    one's controls."""
    results = any(p.results for p in posts)
    if len(posts) == 1:
        only = posts[0]
        return Post(
            only.content,
            list(only.pictures),
            list(only.controls),
            only.step,
            only.in_channel,
            results,
            list(only.mentions),
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


def with_turn(post: Post, turn: Post) -> Post | None:
    """A move's last message carrying the next turn's table message too: the captions, then the
    turn's text; every picture; the turn's controls. None when Discord's limits forbid it."""
    content = f"{post.content}\n\n{turn.content}" if post.content else turn.content
    pictures = [*post.pictures, *turn.pictures]
    if len(pictures) > MAX_ATTACHMENTS or len(content) > MAX_CONTENT or post.in_channel:
        return None
    mentions = list(dict.fromkeys([*post.mentions, *turn.mentions]))
    return Post(content, pictures, list(turn.controls), True, False, post.results, mentions)


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


def with_prefix(prefix: str, text: str) -> str:
    """The turn message's text under the step captions it also carries, when they fit."""
    if prefix and len(prefix) + 2 + len(text) <= MAX_CONTENT:
        return f"{prefix}\n\n{text}"
    return text
