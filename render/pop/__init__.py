"""Pop's pictures: the scene folded from engine events, its frames, the drawing of the board,
a hand and the results, their alt texts, and a recorded game's pictures."""
