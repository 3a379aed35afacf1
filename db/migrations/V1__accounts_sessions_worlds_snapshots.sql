-- Lor schema, version 1: accounts, login sessions, the world registry and world snapshots.

CREATE TABLE accounts (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    username      text        NOT NULL CHECK (username ~ '^[A-Za-z0-9_-]{3,32}$'),
    -- PBKDF2-HMAC-SHA256 in the form pbkdf2-sha256$ITERATIONS$SALT$HASH (base64); never the password.
    password_hash text        NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);

-- Usernames are unique regardless of case, so "Alice" cannot impersonate "alice".
CREATE UNIQUE INDEX accounts_username_key ON accounts (lower(username));

CREATE TABLE sessions (
    -- SHA-256 of the 256-bit token: a database leak does not leak usable tokens.
    token_hash bytea       PRIMARY KEY,
    account_id bigint      NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL
);

CREATE INDEX sessions_expires_at ON sessions (expires_at);

CREATE TABLE worlds (
    world_id          text        PRIMARY KEY CHECK (world_id ~ '^[a-z0-9_-]{1,32}$'),
    name              text        NOT NULL,
    -- Free-form world settings, updated by merging keys, never by replacing the document.
    settings          jsonb       NOT NULL DEFAULT '{}'::jsonb,
    last_snapshot_seq bigint      NOT NULL DEFAULT 0,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE world_snapshots (
    world_id   text        NOT NULL REFERENCES worlds (world_id),
    seq        bigint      NOT NULL CHECK (seq > 0),
    state      jsonb       NOT NULL,
    size_bytes integer     NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (world_id, seq)
);

INSERT INTO worlds (world_id, name) VALUES ('start', 'Start');
