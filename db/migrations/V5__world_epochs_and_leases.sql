-- Lor schema, version 5: fencing. Every spawn of a world claims it in the database: the claim bumps the world's
-- epoch and takes a lease (owner and expiry) that its director renews while the world runs. A second director, or
-- a second spawn racing the first, cannot claim a world whose lease is live, and a snapshot is stored only under
-- the world's current epoch, so a process from an older spawn can never overwrite a newer one's state.

-- IF NOT EXISTS: re-running it (after an operator rolled the history back) changes nothing.
ALTER TABLE worlds
    ADD COLUMN IF NOT EXISTS epoch            bigint      NOT NULL DEFAULT 0 CHECK (epoch >= 0),
    ADD COLUMN IF NOT EXISTS lease_owner      text,
    ADD COLUMN IF NOT EXISTS lease_expires_at timestamptz;

ALTER TABLE world_snapshots
    ADD COLUMN IF NOT EXISTS epoch bigint NOT NULL DEFAULT 0;
