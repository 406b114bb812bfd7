-- Challenges (`/challenge new`): one deal for a whole server, committed before anyone plays,
-- that every member may play once until it ends. `data` is the challenge as JSON (its secret
-- seed among it until the end: this row is the only place it is kept): `ends_at` is when the
-- scheduler ends it: `daily` names the day of a server's daily Enigma, made on demand.
CREATE TABLE challenges (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    BIGINT  NOT NULL,
    channel_id  BIGINT  NOT NULL,
    status      TEXT    NOT NULL,
    ends_at     DOUBLE PRECISION NOT NULL,
    daily       TEXT,
    data        TEXT    NOT NULL,
    created_at  TEXT    NOT NULL
);
CREATE INDEX challenges_open ON challenges (status, ends_at);
CREATE UNIQUE INDEX challenges_daily ON challenges (guild_id, daily);

-- A member's entry: the table their try is played at (`table_id` NULL while it is being
-- opened). One row a member (`try_no` 1), or one a try where a kind allows tries (an Enigma):
-- the primary key is what refuses a second entry, in one process or several.
CREATE TABLE challenge_entries (
    challenge_id INTEGER NOT NULL REFERENCES challenges (id),
    user_id      BIGINT  NOT NULL,
    try_no       INTEGER NOT NULL,
    table_id     INTEGER,
    created_at   TEXT    NOT NULL,
    PRIMARY KEY (challenge_id, user_id, try_no)
);
CREATE INDEX challenge_entries_table ON challenge_entries (table_id)
