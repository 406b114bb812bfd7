"""Pictures: engine views and events in, PNG bytes and alt text out. Knows no Discord.

    from render.pictures import board_picture, step_pictures, hand_picture, results_picture
    from render.style import COLOUR_STYLE   # colour -> (hex, shape, symbol, ink) for buttons
"""
