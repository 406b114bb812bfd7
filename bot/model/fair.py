"""Fair deals at a table (docs/fair-deals.md): a secret seed is drawn and its commitment shown,
by its seal (its first hex digits, in small text), when a table opens (for a rematch, when the
game before it ends); the deal's seed comes from that secret and the ids Discord gave the
seats' joins and the Start, which the bot cannot choose once it has committed; the message that
starts the game shows those ids; after the end `/table record` gives the proof
(`fairness.json`), whose commitment begins with the seal.

Until the game is over the secret lives in the table's row only: never in a post, a picture,
an alt text, a file or a log line.
"""

from __future__ import annotations

import json
import secrets

from bot.texts.i18n import listed, t
from bot.texts.markdown import subtext
from engine import fair, rng

from .table import FairDeal, Table

# A message shows a commitment by its first 16 hex digits, its seal: short enough to read in
# passing, long enough to bind. The proof's whole commitment must begin with it; another secret
# whose SHA-256 begins alike takes about 2**64 tries to find (docs/fair-deals.md, section 1).
SEAL_DIGITS = 16


def committed() -> FairDeal:
    """A new secret seed, to be shown by its commitment only."""
    return FairDeal(secret=secrets.token_bytes(fair.SECRET_BYTES).hex())


def dealt(table: Table, pressed: int) -> FairDeal:
    """The game about to be dealt: the secret committed for it (at the table's opening, or the
    end of the game before), the seats' join ids in seat order, and the pressed Start's (or
    Rematch's) id. A table opened before fair deals gets its secret now."""
    ahead = table.fair_next if table.status == "finished" else table.fair
    secret = (ahead or committed()).secret
    return FairDeal(secret=secret, joins=[s.joined or 0 for s in table.seats], start=pressed)


def deal_seed(deal: FairDeal) -> int:
    """The seed every random draw of the game comes from."""
    assert deal.start is not None
    return fair.deal_seed(bytes.fromhex(deal.secret), deal.joins, deal.start)


def game_seed(table: Table) -> int:
    """The seed the table's game replays from: a public game dealt before fair deals (no
    commitment) was dealt by the old generator."""
    if table.fair is None and not table.private:
        return rng.legacy(table.seed)
    return table.seed


def proof(table: Table) -> bytes | None:
    """The finished game's `fairness.json` (the caller checks that it is over), or None."""
    deal = table.fair
    if deal is None or deal.start is None:
        return None
    made = fair.Proof(bytes.fromhex(deal.secret), tuple(deal.joins), deal.start)
    return (json.dumps(made.to_json(), indent=1) + "\n").encode()


def record_command(lang: str) -> str:
    """`/table record` as the player's Discord names it."""
    return f"/{t('command.table.name', lang)} {t('command.record.name', lang)}"


def seal(deal: FairDeal) -> str:
    """What a message shows of a deal's commitment: its first SEAL_DIGITS hex digits."""
    return deal.commitment[:SEAL_DIGITS]


def commitment_line(table: Table, lang: str) -> str | None:
    """The current game's seal, for the lobby message, in small text (None: nothing
    committed)."""
    if table.fair is None or table.private or table.status == "cancelled":
        return None
    said = t("fair.commitment", lang, seal=seal(table.fair), table_record=record_command(lang))
    return subtext(said)


def inputs_line(table: Table, lang: str) -> str | None:
    """Every id the current game was dealt with, for the message that starts it (the lobby
    message edited by the Start's answer, or the rematch's), in small text: public before
    anyone sees what was dealt, so that the ids in `fairness.json` can be held to them (None:
    nothing dealt). The ids are shown whole: each is an input of the deal."""
    deal = table.fair
    if deal is None or deal.start is None or table.private or table.status == "cancelled":
        return None
    joins = listed((f"`{join}`" for join in deal.joins), lang)
    return subtext(t("fair.inputs", lang, join_ids=joins, start_id=f"`{deal.start}`"))


def results_lines(table: Table, game_no: int, lang: str) -> tuple[str, ...]:
    """What the results post of game `game_no` says of its deal, in small text: the seal it
    was dealt from, where its proof is, and the rematch's seal (nothing for a private game, one
    dealt before fair deals, or one a rematch has followed already)."""
    deal = table.fair
    if deal is None or deal.start is None or game_no != table.games or table.private:
        return ()
    lines = [t("fair.results", lang, seal=seal(deal), table_record=record_command(lang))]
    if table.fair_next is not None:
        lines.append(t("fair.rematch_next", lang, seal=seal(table.fair_next)))
    return tuple(subtext(line) for line in lines)
