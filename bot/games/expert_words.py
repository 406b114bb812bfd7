"""What a face says of the expert's readings (`bot.tables.hints`, `bot.tables.reviews`): a move
in words, when in the game a decision was made, and the public picture of the table then. Every
game has a default here; a face overrides what its own words say better."""

from __future__ import annotations

from typing import cast

from bot.model.binding import GameBinding, M, O, S, V
from bot.model.posts import Post
from bot.model.table import LiveTable
from bot.texts.i18n import t
from render.kit import Picture


class ExpertWords(GameBinding[O, S, M, V]):
    def table_post(self, live: LiveTable, lang: str) -> Post:
        """The public table message of the current turn (from the public view): each face
        draws its own."""
        raise NotImplementedError

    def move_words(self, live: LiveTable, move: object, lang: str) -> str:
        """A move in words a player reads in a hint or a review ("take row 2"), in `lang`,
        given the table as the seat saw it when the move was to be made. Each game says its
        own; this is the button's name and argument."""
        name, arg = self.game.move_name(cast(M, move))
        return name if arg is None else f"{name} {arg}"

    def decision_when(self, live: LiveTable, lang: str) -> str:
        """When in the game a decision a review lists was made, as players count: its turn."""
        return t("review.turn", lang, turn=self.game.turn(self.state_of(live)) + 1)

    def decision_picture(self, live: LiveTable, lang: str) -> Picture | None:
        """The public picture of the table at a decision a review lists: the table post's."""
        return next(iter(self.table_post(live, lang).pictures), None)
