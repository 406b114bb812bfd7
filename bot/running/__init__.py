"""Running and checking the bot: the settings, `pop-bot run` (`main`), the Discord client, shards, logs, the heartbeat, `pop-bot check`, the store it opens and the picture tools."""
