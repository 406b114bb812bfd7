"""Pop's own controls besides the table talk: My hand (the hand, privately), a card, Confirm
(two- and five-card picks) and Hint (solo). A pick of several cards is a draft until Confirm:
drafts live in memory (a restart forgets an unconfirmed selection, never a pick)."""

from __future__ import annotations

from bot.model.binding import seed_of
from bot.model.posts import Refusal
from bot.model.table import Table
from bot.tables import workers
from bot.tables.faces import Press, verb
from bot.texts.i18n import listed, t
from engine.pop.adapter import POP, Pick, Talk

from .posts import PopPosts
from .words import hints_of


class PopClicks(PopPosts):
    @verb("hand")
    async def hand(self, press: Press) -> None:
        """My hand: an ephemeral message with the hand picture and a button per card."""
        await self.show_private(press)

    @verb("card")
    async def card(self, press: Press) -> None:
        """A card of the hand: the pick (one card), or one more card of the draft."""
        arg = press.arg
        card = int(arg) if arg is not None and arg.isdigit() and len(arg) <= 2 else 0
        me = POP.view(self.state_of(press.live), press.seat.id)
        if card not in me.hand:
            raise Refusal("refusal.not_in_hand", card=arg if card == 0 else card)
        need = me.cards_to_choose
        if need == 1:
            await self._pick(press, (card,))
            return
        table_id, epoch = press.table.id, press.table.epoch
        for stale in [k for k in self.drafts if k[0] == table_id and k[1] != epoch]:
            del self.drafts[stale]  # drafts of turns gone by: memory stays flat
        draft = self.drafts.setdefault((table_id, epoch, press.seat.id), [])
        if card in draft:
            draft.remove(card)
        elif len(draft) < need:
            draft.append(card)
        else:
            raise Refusal("pop.refusal.too_many", n=need)
        await self.redraw_here(press)

    @verb("confirm")
    async def confirm(self, press: Press) -> None:
        need = POP.view(self.state_of(press.live), press.seat.id).cards_to_choose
        draft = self.drafts.get((press.table.id, press.table.epoch, press.seat.id), [])
        if len(draft) != need:
            raise Refusal("refusal.pick_count", n=need)
        await self._pick(press, tuple(draft))

    async def _pick(self, press: Press, cards: Pick) -> None:
        epoch = press.table.epoch
        await self.play(press, cards)
        self.drafts.pop((press.table.id, epoch, press.seat.id), None)
        await self.redraw_here(press)

    @verb("hint")
    async def hint(self, press: Press) -> None:
        """Solo: the hard AI's pick for this turn, shown only to the player, and counted."""
        await press.reply.defer(ephemeral=True, thinking=True)
        me = POP.view(self.state_of(press.live), press.seat.id)
        seed = seed_of("hint", press.table.id, press.table.version)
        hint = await workers.AI.run(POP.ai_move, me, "hard", seed)
        cards = () if isinstance(hint, Talk) else hint  # (a solo game has no table talk)

        def count(table: Table) -> None:
            table.face["hints"] = {str(table.games): hints_of(table) + 1}

        table = await press.services.update(press.table.id, count)
        await press.interaction.followup.send(
            t(
                "pop.hint.text",
                table.lang(),
                cards=listed(map(str, cards), table.lang()),
                n=hints_of(table),
            ),
            ephemeral=True,
        )

    def forget(self, table_id: int) -> None:
        """Unconfirmed selections of a table that left memory go with it."""
        super().forget(table_id)
        for key in [k for k in self.drafts if k[0] == table_id]:
            del self.drafts[key]
