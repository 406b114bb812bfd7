-- Any game's table: bookkeeping (seats, messages, timer) as JSON, the game's state beside it.
CREATE TABLE game_tables (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    game        TEXT    NOT NULL,
    guild_id    BIGINT  NOT NULL,
    channel_id  BIGINT  NOT NULL,
    thread_id   BIGINT,
    status      TEXT    NOT NULL,
    version     INTEGER NOT NULL,
    data        TEXT    NOT NULL,
    state       TEXT,
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL
);
CREATE INDEX game_tables_status ON game_tables (status);
CREATE INDEX game_tables_place ON game_tables (guild_id, channel_id, thread_id);

-- Player moves only, in order: a game's seed (in the table) and its moves replay it exactly.
CREATE TABLE game_moves (
    table_id    INTEGER NOT NULL REFERENCES game_tables (id),
    game_no     INTEGER NOT NULL,
    seq         INTEGER NOT NULL,
    seat        TEXT    NOT NULL,
    user_id     BIGINT,
    move        TEXT    NOT NULL,
    created_at  TEXT    NOT NULL,
    PRIMARY KEY (table_id, game_no, seq)
);

-- How far the table's outbox got: every post of the moves before `seq` of game `game_no` is
-- out, and `step` posts of move `seq`. `idle` is 0 while anything is left to post.
CREATE TABLE table_deliveries (
    table_id    INTEGER PRIMARY KEY REFERENCES game_tables (id),
    game_no     INTEGER NOT NULL,
    seq         INTEGER NOT NULL,
    step        INTEGER NOT NULL,
    idle        INTEGER NOT NULL,
    updated_at  TEXT    NOT NULL
);
CREATE INDEX table_deliveries_busy ON table_deliveries (idle);

-- One row per human seat of every finished game, for any game: /stats and /leaderboard.
CREATE TABLE game_results (
    table_id    INTEGER NOT NULL,
    game_no     INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    guild_id    BIGINT  NOT NULL,
    user_id     BIGINT  NOT NULL,
    mode        TEXT    NOT NULL,
    won         INTEGER NOT NULL,
    score       INTEGER NOT NULL,
    details     TEXT    NOT NULL,
    day         TEXT    NOT NULL,
    finished_at TEXT    NOT NULL,
    PRIMARY KEY (table_id, game_no, user_id)
);
CREATE INDEX game_results_player ON game_results (guild_id, user_id, game);
CREATE INDEX game_results_day ON game_results (guild_id, game, day)
