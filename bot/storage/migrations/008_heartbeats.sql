-- The running bot's heartbeat, for `pop-bot check --alive` (another process: a container's
-- HEALTHCHECK, an operator). Every POP_HEARTBEAT_EVERY seconds (`every`) each bot process
-- writes one row per shard it runs, from its event loop, so a stuck loop writes none:
-- `gateway` is that shard's connection to Discord at the beat (starting, up, down or stopped)
-- and `since` when it became so. Times are Unix seconds of the writer's clock. A row is a shard
-- of one shard count: rows of another count are an earlier deployment's, and are not read.
CREATE TABLE bot_heartbeats (
    shard       INTEGER NOT NULL,
    shard_count INTEGER NOT NULL,
    host        TEXT    NOT NULL,
    pid         INTEGER NOT NULL,
    every       DOUBLE PRECISION NOT NULL,
    beat_at     DOUBLE PRECISION NOT NULL,
    gateway     TEXT    NOT NULL,
    since       DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (shard, shard_count)
)
