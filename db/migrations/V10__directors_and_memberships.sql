-- Lor schema, version 10: several directors on one database.
--
-- directors: every director process that shares this database, where world processes reach its /control (a world
-- whose director dies reconnects to another one from this list), and when it last renewed its leases. A director
-- removes its row when it stops; a crashed one's row ages and is ignored once its leases could have expired.
CREATE TABLE IF NOT EXISTS directors (
    director_id text        PRIMARY KEY,
    control_url text        NOT NULL,
    started_at  timestamptz NOT NULL DEFAULT now(),
    seen_at     timestamptz NOT NULL DEFAULT now()
);

-- memberships: which world each account plays in, whichever director runs that world: one account is in one world
-- at a time across every director. Written by the director that runs the world, as the world reports its players.
CREATE TABLE IF NOT EXISTS memberships (
    account_id bigint      PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    world_id   text        NOT NULL REFERENCES worlds (world_id) ON DELETE CASCADE,
    joined_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS memberships_world ON memberships (world_id);

-- Where players reach a spawned world (the gameUrl its director handed out): a director that adopts the world after
-- its own director died may run on another host, and sends players to the same address.
ALTER TABLE world_spawns ADD COLUMN IF NOT EXISTS game_url text;
