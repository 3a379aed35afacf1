-- Lor schema, version 7: the start world plays the default content pack (world-server content/default.json):
-- items, machines, recipes and the day/dusk/night clock. New settings key:
--   content     name of a content pack (a file NAME.json in the director's --content-dir, else shipped with the
--               world server); none = a world without items or objects
UPDATE worlds SET settings = settings || '{"content": "default"}'::jsonb, updated_at = now()
WHERE world_id = 'start';
