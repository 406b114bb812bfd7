-- Games that last a day. The next moment each playing table needs its turn timer (a reminder,
-- or the deadline), kept beside its JSON so one scheduler finds the next ones in one query.
-- DOUBLE PRECISION: PostgreSQL's REAL would round a Unix time to about two minutes.
ALTER TABLE game_tables ADD COLUMN wake_at DOUBLE PRECISION;
CREATE INDEX game_tables_wake ON game_tables (wake_at);

-- What a person asked of the bot for themselves, wherever they play: `pings` 0 means the bot
-- never mentions them (no ping when their turn begins, none in a reminder).
CREATE TABLE user_settings (
    user_id     BIGINT  PRIMARY KEY,
    pings       INTEGER NOT NULL,
    updated_at  TEXT    NOT NULL
)
