-- Lor schema, version 9: worlds made while the director runs. An operator creates, changes and removes worlds
-- through the admin API; a template holds a name and settings from which numbered instances are made on demand
-- (a dungeon per party): instance N of template T is the world 'T-N', named '<template name> #N', with a copy of
-- the template's settings taken when it is made. An instance is a world like any other (listed, joined, stopped,
-- removed); a template cannot be removed while instances of it exist.

CREATE TABLE IF NOT EXISTS world_templates (
    -- 24 characters leave room for '-' and the instance number within a world id's 32.
    template_id   text        PRIMARY KEY CHECK (template_id ~ '^[a-z0-9_-]{1,24}$'),
    name          text        NOT NULL,
    settings      jsonb       NOT NULL DEFAULT '{}'::jsonb,
    next_instance integer     NOT NULL DEFAULT 1 CHECK (next_instance BETWEEN 1 AND 9999999),
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE worlds
    ADD COLUMN IF NOT EXISTS template_id text REFERENCES world_templates (template_id),
    ADD COLUMN IF NOT EXISTS instance_no integer CHECK (instance_no > 0);

CREATE INDEX IF NOT EXISTS worlds_template_id ON worlds (template_id) WHERE template_id IS NOT NULL;
