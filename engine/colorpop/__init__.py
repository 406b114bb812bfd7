"""Colorpop (Gigamic, 2012): the rules of /work/shared/rules/colorpop.md as a pure engine.

`adapter.COLORPOP` is the game protocol object the table layer uses; `rules` holds the board,
`game` the turns and the end, `view` what a seat may see, `ai` the computer players and `record`
the colorpop-record/1 format.
"""
