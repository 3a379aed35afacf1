-- Lor schema, version 6: spawn records. The world process a director runs for each world, so that a director
-- restarted after a crash can take its running worlds back (re-adopt them) instead of starting second copies: the
-- process (pid, and its start time, which tells a reused pid apart), where it serves players, the epoch of its
-- claim, and a hash of the spawn token it must present when it reconnects. The token itself is never stored. A
-- spawn is recorded once its world is hydrated and running: only such a world can be taken back as it is.

CREATE TABLE IF NOT EXISTS world_spawns (
    world_id           text        PRIMARY KEY REFERENCES worlds (world_id) ON DELETE CASCADE,
    epoch              bigint      NOT NULL CHECK (epoch > 0),
    pid                bigint      NOT NULL CHECK (pid > 0),
    process_started_at timestamptz,
    game_port          integer     NOT NULL CHECK (game_port BETWEEN 1 AND 65535),
    spawn_token_sha256 bytea       NOT NULL CHECK (length(spawn_token_sha256) = 32),
    director           text        NOT NULL,
    spawned_at         timestamptz NOT NULL DEFAULT now()
);
