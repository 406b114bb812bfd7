"""Colorpop (Gigamic, 2012): the rules of docs/rules/colorpop.md as a pure engine.

What the table layer uses (everything else is internal):
- `adapter.COLORPOP`: the `engine.protocol.Game` ("colorpop", "colorpop-record/1"), with
  `adapter.ColorpopOptions(mode, solo_colours)` and moves `adapter.ColorpopMove("C3")`;
  for the two-step pick of §7, `COLORPOP.groups_in_rail(view, rail)` and
  `COLORPOP.legal_groups(view)` give `rules.Group`s in the page's order (colour, then anchor),
  and `ColorpopMove.picking(group)` the move that picks one at its anchor (the cell recorded);
- `events`: what a move did, step by step (public: no event names a colour's owner while the
  game runs); `errors`: the `RuleError` codes;
- `view.ColorpopView`: what a seat (or anyone, seat=None) may see.

Modules: `rules` the board (cells, groups, gravity, rail shift, set-up), `game` the turns and
the end, `view` the secrets, `ai` the computer players, `record` colorpop-record/1, `bench_ai`
the AI benchmark.
"""
