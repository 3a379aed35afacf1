-- Lor schema, version 2: world settings for the grid stage, and a second world.
--
-- settings keys read by the director when it spawns a world (all optional):
--   map         name of a map shipped with the world server (maps/<name>.map); none = an open 64 x 64 floor
--   npcs        wandering NPCs to add at start (default 0)
--   viewRadius  cells a player sees in each direction in state messages (default 24)

UPDATE worlds SET settings = settings || '{"map": "start", "npcs": 24, "viewRadius": 24}'::jsonb, updated_at = now()
 WHERE world_id = 'start';

INSERT INTO worlds (world_id, name, settings)
VALUES ('meadow', 'Meadow', '{"map": "meadow", "npcs": 0, "viewRadius": 24}'::jsonb)
ON CONFLICT (world_id) DO NOTHING;
