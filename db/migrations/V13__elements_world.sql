-- Lor schema, version 13: the elements world, which plays the elementals game module (issue 33): the shipped
-- "elements" content pack names the module and carries its settings, and the "elements" map has grass next to its
-- spawn for fire to spread over. Its NPCs are the module's elementals, so none of the wandering kind.

INSERT INTO worlds (world_id, name, settings)
VALUES ('elements', 'Elements', '{"map": "elements", "content": "elements", "npcs": 0, "viewRadius": 24}'::jsonb)
ON CONFLICT (world_id) DO NOTHING;
