"""Colorpop's pictures (Pillow, no Discord): what each shows (`scenes`), drawn in one frame size
(`picture.scene_picture`: the board, `board`; a move's marks, `marks`; the words, `labels`)."""
