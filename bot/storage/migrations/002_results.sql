-- One row per seat of every finished game: what /pop stats and /pop leaderboard are made of.
CREATE TABLE pop_results (
    table_id    INTEGER NOT NULL,
    game_no     INTEGER NOT NULL,
    guild_id    BIGINT  NOT NULL,
    user_id     BIGINT  NOT NULL,
    mode        TEXT    NOT NULL,
    won         INTEGER NOT NULL,
    sets        INTEGER NOT NULL,
    score       INTEGER NOT NULL,
    level       TEXT,
    difficulty  INTEGER,
    finished_at TEXT    NOT NULL,
    PRIMARY KEY (table_id, game_no, user_id)
);
CREATE INDEX pop_results_player ON pop_results (guild_id, user_id);

-- Every Enigma attempt: the daily puzzle's list of solvers and tries, and solve counts.
CREATE TABLE pop_enigma_tries (
    table_id    INTEGER NOT NULL,
    game_no     INTEGER NOT NULL,
    guild_id    BIGINT  NOT NULL,
    user_id     BIGINT  NOT NULL,
    puzzle_id   TEXT    NOT NULL,
    day         TEXT    NOT NULL,
    daily       INTEGER NOT NULL,
    solved      INTEGER NOT NULL,
    finished_at TEXT    NOT NULL,
    PRIMARY KEY (table_id, game_no)
);
CREATE INDEX pop_enigma_tries_day ON pop_enigma_tries (guild_id, day);
