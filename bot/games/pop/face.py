"""Pop's Discord face: its posts (`posts.py`), its clicks (`clicks.py`) and the co-op table
talk (`coop.py`), on the one base every face stands on (`bot.tables.faces`).

Pop's own controls: My hand (the hand, privately), a card, Confirm (two- and five-card picks),
Signal and its menu (co-op table talk, §6), Hint (solo).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.model.table import LiveTable
from bot.tables.faces import StatsRow
from bot.texts.i18n import dynamic_key, t
from engine.pop.adapter import PopOptions, Talk
from engine.pop.modes import MODES
from engine.pop.results import COOP_LEVELS
from engine.protocol import Outcome

from .challenges import KINDS
from .clicks import PopClicks
from .commands import PopCommands
from .coop import PopTalk
from .words import cards_text, hints_of


class PopFace(PopClicks, PopTalk):
    commands_class = PopCommands
    challenge_kinds = KINDS
    tournament_modes = {"competitive": PopOptions(mode="competitive").model_dump()}  # noqa: RUF012

    def move_words(self, live: LiveTable, move: object, lang: str) -> str:
        """A pick as Pop names cards ("12 (▲ yellow), 27 (● red)"); table talk as Signal's menu
        says it ("Signal: ▲ yellow → C")."""
        played = self.narrow_move(move)
        if isinstance(played, Talk):
            return f"{t('pop.button.signal', lang)}: {self._talk_label(played, lang)}"
        return cards_text(played, lang)

    # --- Stats ------------------------------------------------------------------------------

    def outcome_details(self, live: LiveTable, outcome: Outcome) -> dict[str, Any]:
        table = live.table
        details = dict(outcome.seats[0].details) if outcome.seats else {}
        spec = MODES[outcome.mode]
        if spec.one_turn:
            details["puzzle"] = self.options(table).puzzle_id
            details["daily"] = table.face.get("daily")
        if spec.refills:
            details["hints"] = hints_of(table)
        return details

    def stats_lines(self, rows: Sequence[StatsRow], lang: str) -> list[str]:
        """Average set score (competitive and Trick), best co-op level, solo wins per
        difficulty, Enigmas solved."""
        lines = []
        scored = [
            (int(d.get("sets", 1)), score) for mode, _, score, d in rows if MODES[mode].competitive
        ]
        sets = sum(s for s, _ in scored)
        if sets:
            lines.append(
                t("pop.stats.average", lang, score=round(sum(s for _, s in scored) / sets, 1))
            )
        levels = [
            d.get("level") for mode, _, _, d in rows if MODES[mode].cooperative and d.get("level")
        ]
        if levels:
            best = max(levels, key=COOP_LEVELS.index)
            lines.append(
                t("pop.stats.coop", lang, level=t(dynamic_key("pop.level", str(best)), lang))
            )
        solo: dict[int, int] = {}
        for mode, won, _, d in rows:
            if MODES[mode].difficulties and won and d.get("difficulty"):
                solo[int(d["difficulty"])] = solo.get(int(d["difficulty"]), 0) + 1
        for difficulty, wins in sorted(solo.items()):
            lines.append(t("pop.stats.solo", lang, n=wins, difficulty=difficulty))
        solved = {d.get("puzzle") for mode, won, _, d in rows if MODES[mode].one_turn and won}
        lines.append(t("pop.stats.enigmas", lang, n=len(solved)))
        return lines
