-- One rating per player, per game, per server (openskill's Plackett-Luce mu and sigma): the
-- player is a person (their Discord id, as text) or an AI level ("ai:hard"). `games` counts
-- the rated games it played.
CREATE TABLE ratings (
    guild_id    BIGINT  NOT NULL,
    game        TEXT    NOT NULL,
    player      TEXT    NOT NULL,
    mu          DOUBLE PRECISION NOT NULL,
    sigma       DOUBLE PRECISION NOT NULL,
    games       INTEGER NOT NULL,
    updated_at  TEXT    NOT NULL,
    PRIMARY KEY (guild_id, game, player)
);

-- Every rated game, seat by seat: its place (1 first, a shared place a tie), its side (partners
-- share one), whether its person had left (placed last), and its player's rating before and
-- after the game. The places and sides are the stored outcome the ratings follow from.
CREATE TABLE rating_changes (
    table_id     INTEGER NOT NULL,
    game_no      INTEGER NOT NULL,
    seat         TEXT    NOT NULL,
    guild_id     BIGINT  NOT NULL,
    game         TEXT    NOT NULL,
    player       TEXT    NOT NULL,
    side         INTEGER NOT NULL,
    place        INTEGER NOT NULL,
    gone         INTEGER NOT NULL,
    mu_before    DOUBLE PRECISION NOT NULL,
    sigma_before DOUBLE PRECISION NOT NULL,
    mu_after     DOUBLE PRECISION NOT NULL,
    sigma_after  DOUBLE PRECISION NOT NULL,
    finished_at  TEXT    NOT NULL,
    PRIMARY KEY (table_id, game_no, seat)
);
CREATE INDEX rating_changes_player ON rating_changes (guild_id, player, game);

-- Where each finished game's results were posted (a link from /history).
CREATE TABLE results_messages (
    table_id    INTEGER NOT NULL,
    game_no     INTEGER NOT NULL,
    channel_id  BIGINT  NOT NULL,
    message_id  BIGINT  NOT NULL,
    PRIMARY KEY (table_id, game_no)
)
