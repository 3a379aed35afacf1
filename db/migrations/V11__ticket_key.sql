-- Lor schema, version 11: tickets any director can sign.
--
-- ticket_key: the one key every director sharing this database derives each spawn's ticket secret from (with the
-- world, the epoch and the spawn token's hash), so that a director that does not run a world signs its tickets
-- itself instead of asking the director that does. Made by the first director that starts on this schema. Whoever
-- reads it can sign tickets for the worlds running now: no more than the database grants already (any session may
-- ask a director over LISTEN/NOTIFY to admit any account). To change it, delete the row while no director runs.
CREATE TABLE IF NOT EXISTS ticket_key (
    only_row   boolean     PRIMARY KEY DEFAULT true CHECK (only_row),
    key        bytea       NOT NULL CHECK (length(key) = 32),
    created_at timestamptz NOT NULL DEFAULT now()
);

-- Which key a spawn's ticket secret was derived from (a hash naming it, never the key); null for a random secret,
-- whose tickets only the world's own director can sign.
ALTER TABLE world_spawns ADD COLUMN IF NOT EXISTS ticket_key_id text;
