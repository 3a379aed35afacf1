-- Lor schema, version 14: the kilns world, which plays the "kilns" content pack: its kiln runs the Java object rule
-- "kiln" of the built-in kilns game module (the default pack's kiln formula written in Java; issue 33). The start
-- map, without wandering NPCs, so that nothing walks onto the cell a player builds on.

INSERT INTO worlds (world_id, name, settings)
VALUES ('kilns', 'Kilns', '{"map": "start", "content": "kilns", "npcs": 0, "viewRadius": 24}'::jsonb)
ON CONFLICT (world_id) DO NOTHING;
