-- Lor schema, version 3: the cellar, below start, joined to it by portals (declared in the maps themselves).
-- No NPCs: a player arriving through the stairs always finds the stairs' landing free.

INSERT INTO worlds (world_id, name, settings)
VALUES ('cellar', 'Cellar', '{"map": "cellar", "npcs": 0, "viewRadius": 24}'::jsonb)
ON CONFLICT (world_id) DO NOTHING;
