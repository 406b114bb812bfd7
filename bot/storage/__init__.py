"""Tables in a real database: the store every backend shares (`store`), SQLite (`sqlite`), PostgreSQL (`postgres`), what the bot keeps of people (`people`) and the numbered migrations."""
