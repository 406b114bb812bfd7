-- Rating seasons (issue 36): a server may run its ratings in seasons (`/server seasons`).
-- `guild_seasons`: its setting (`cadence` none, monthly or quarterly, `carry`, the percent of
-- each person's rating the next season starts from, the channel its champions are announced
-- in), the season running (`season`, "2026-12" or "2026-Q4", '' with seasons none) and when it
-- ends (`ends_at`, a Unix time, NULL with seasons none).
CREATE TABLE guild_seasons (
    guild_id    BIGINT  PRIMARY KEY,
    cadence     TEXT    NOT NULL,
    carry       INTEGER NOT NULL,
    channel_id  BIGINT,
    locale      TEXT    NOT NULL,
    season      TEXT    NOT NULL,
    ends_at     DOUBLE PRECISION,
    updated_at  TEXT    NOT NULL
);
CREATE INDEX guild_seasons_ends ON guild_seasons (ends_at);

-- Each rated game's season in its server ('' where the server runs no seasons).
ALTER TABLE rating_changes ADD COLUMN season TEXT NOT NULL DEFAULT '';
CREATE INDEX rating_changes_season ON rating_changes (guild_id, season, game, pool);

-- A season that ended: its board, every pool's rows as they stood at its end (AI levels'
-- too, as the board showed them), and where its champions were announced (`message_id` NULL
-- while that is owed, 0 when there was nothing to announce). The end is written in one
-- transaction with the new season's ratings: a restart finds it done or not begun.
CREATE TABLE season_ends (
    guild_id    BIGINT  NOT NULL,
    season      TEXT    NOT NULL,
    ended_at    TEXT    NOT NULL,
    channel_id  BIGINT,
    locale      TEXT    NOT NULL,
    message_id  BIGINT,
    CONSTRAINT season_ends_key PRIMARY KEY (guild_id, season)
);
CREATE TABLE season_ratings (
    guild_id    BIGINT  NOT NULL,
    season      TEXT    NOT NULL,
    game        TEXT    NOT NULL,
    pool        TEXT    NOT NULL,
    player      TEXT    NOT NULL,
    mu          DOUBLE PRECISION NOT NULL,
    sigma       DOUBLE PRECISION NOT NULL,
    games       INTEGER NOT NULL,
    played_at   TEXT    NOT NULL,
    CONSTRAINT season_ratings_key PRIMARY KEY (guild_id, season, game, pool, player)
)
