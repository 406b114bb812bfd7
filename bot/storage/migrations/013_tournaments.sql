-- Tournaments (`/tournament new`): `data` is the tournament as JSON (its players, the rounds
-- seated and the games finished), `status` its stage, read by the restart.
CREATE TABLE tournaments (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    BIGINT  NOT NULL,
    channel_id  BIGINT  NOT NULL,
    status      TEXT    NOT NULL,
    data        TEXT    NOT NULL,
    created_at  TEXT    NOT NULL
);
CREATE INDEX tournaments_status ON tournaments (status);

-- Each table a round opened, written in the table's own insert: the primary key refuses a
-- second table for one place of a round, so a round opened again after a restart opens only
-- the tables it still lacks.
CREATE TABLE tournament_tables (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round_no      INTEGER NOT NULL,
    table_no      INTEGER NOT NULL,
    table_id      INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, round_no, table_no)
)
