"""Colorpop's pictures (Pillow, no Discord): `board.board_picture` draws a board from a view."""
