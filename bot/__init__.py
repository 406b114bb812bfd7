"""The Discord bot, the only layer that does I/O, in rooms by role (imports point down this list): `running` (the client, the
settings, `pop-bot check`), `games` (the registration, each game's face on one base),
`commands` (the slash commands), `tables` (the tables at play: presses, the move path, the
lobby, AI seats, timers), `posting` (everything a table posts, laid out by one composer),
`storage`, `ratings`, `model` (a table as data) and `texts`. `cli.py` is the `pop-bot` command."""
