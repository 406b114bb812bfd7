"""Numbered SQL migrations (`NNN_*.sql`), and the Python that carries data over where SQL
alone cannot (`carry_over_003`: a Pop-only database to the game-agnostic tables; `rate_004`:
the ratings of the games finished before ratings existed)."""
