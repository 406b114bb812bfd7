-- A table: its lobby, options, seats and game state, as one JSON document with a version.
CREATE TABLE pop_tables (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    BIGINT  NOT NULL,
    channel_id  BIGINT  NOT NULL,
    thread_id   BIGINT,
    status      TEXT    NOT NULL,
    version     INTEGER NOT NULL,
    data        TEXT    NOT NULL,
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL
);
CREATE INDEX pop_tables_status ON pop_tables (status);
CREATE INDEX pop_tables_place ON pop_tables (guild_id, channel_id, thread_id);

-- Every accepted action, in order: (table, version) is unique, so nothing applies twice.
CREATE TABLE pop_actions (
    table_id    INTEGER NOT NULL REFERENCES pop_tables (id),
    version     INTEGER NOT NULL,
    user_id     BIGINT,
    kind        TEXT    NOT NULL,
    payload     TEXT    NOT NULL,
    created_at  TEXT    NOT NULL,
    PRIMARY KEY (table_id, version)
);
