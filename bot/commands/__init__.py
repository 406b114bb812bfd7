"""The slash commands: `/table`, `/settings`, `/help` (`table`), `/stats`, `/leaderboard`, `/history` (`records`), and the base of every game's own group (`games`)."""
