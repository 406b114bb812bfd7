"""Each game's accent colour (the colour down the side of its messages), by its key: filled by
`bot.games.register` from each game's entry, read by the posting layer. Imports nothing, so
the command-line tools that register games load no picture library for it."""

ACCENTS: dict[str, int] = {}
