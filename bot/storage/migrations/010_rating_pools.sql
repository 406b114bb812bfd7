-- Ratings a player can read (issue 34): one rating per player, per rating pool (a game's way of
-- winning: Pop's competitive and Trick apart, Colorpop's free-for-all, duel and teams apart), per
-- server, and an AI level's one rating for the whole bot (`guild_id` 0, its player "ai:hard@1": its
-- level and its game's AI version). `played_at`: its last rated game, from which time away
-- grows its uncertainty. The old rows are renamed, every finished game they placed is rated
-- again under the new rules in the order played (`rate_010.py`), then they are dropped. The
-- new keys are named: PostgreSQL keeps the old ones' names ("ratings_pkey") with the renamed
-- tables, and one schema holds one index of a name.
ALTER TABLE ratings RENAME TO ratings_009;
ALTER TABLE rating_changes RENAME TO rating_changes_009;
CREATE TABLE ratings (
    guild_id    BIGINT  NOT NULL,
    game        TEXT    NOT NULL,
    pool        TEXT    NOT NULL,
    player      TEXT    NOT NULL,
    mu          DOUBLE PRECISION NOT NULL,
    sigma       DOUBLE PRECISION NOT NULL,
    games       INTEGER NOT NULL,
    played_at   TEXT    NOT NULL,
    CONSTRAINT ratings_010_key PRIMARY KEY (guild_id, game, pool, player)
);
-- Every rated game, seat by seat, as in 004, with its pool: the rating before is the one the
-- game was rated from (time away included). A seat the rating left out (an AI level's seat
-- on a side below its best) has no row.
CREATE TABLE rating_changes (
    table_id     INTEGER NOT NULL,
    game_no      INTEGER NOT NULL,
    seat         TEXT    NOT NULL,
    guild_id     BIGINT  NOT NULL,
    game         TEXT    NOT NULL,
    pool         TEXT    NOT NULL,
    player       TEXT    NOT NULL,
    side         INTEGER NOT NULL,
    place        INTEGER NOT NULL,
    gone         INTEGER NOT NULL,
    mu_before    DOUBLE PRECISION NOT NULL,
    sigma_before DOUBLE PRECISION NOT NULL,
    mu_after     DOUBLE PRECISION NOT NULL,
    sigma_after  DOUBLE PRECISION NOT NULL,
    finished_at  TEXT    NOT NULL,
    CONSTRAINT rating_changes_010_key PRIMARY KEY (table_id, game_no, seat)
);
CREATE INDEX rating_changes_pool ON rating_changes (guild_id, game, pool, player)
