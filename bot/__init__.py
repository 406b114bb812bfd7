"""The Discord bot: commands, views, tables, timers, storage. The only layer that does I/O."""
