"""Pictures: engine views and events in, PNG bytes and alt text out. Knows no Discord.

render/kit.py, render/style.py   the shared drawing kit: palette, sprites, text, shapes, PNG
render/pop/                      Pop's scenes, frames, pictures and alt text

from render.pop.pictures import board_picture, step_pictures, hand_picture, results_picture
from render.style import COLOUR_STYLE   # colour -> (hex, shape, symbol, ink) for buttons
"""
