-- Lor schema, version 12: a snapshot's state is stored as the text the world sent. The director never reads a
-- world's state; parsing it into jsonb on every store (and the director into a tree before that) cost a second per
-- snapshot of a world of a million objects, for nothing. New rows fill state_text; rows written before keep their
-- jsonb state and still hydrate from it (the repository reads whichever one is set). Nothing is rewritten here.

-- IF EXISTS / IF NOT EXISTS: re-running it (after an operator rolled the history back) changes nothing.
ALTER TABLE world_snapshots
    ADD COLUMN IF NOT EXISTS state_text text,
    ALTER COLUMN state DROP NOT NULL,
    DROP CONSTRAINT IF EXISTS world_snapshots_one_state,
    ADD CONSTRAINT world_snapshots_one_state CHECK ((state IS NULL) <> (state_text IS NULL));
