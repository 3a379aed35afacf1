-- Lor schema, version 8: the benchmark world with ticking objects. The bench map on layer 0, where players appear by
-- the same hashed rule as in 'bench', over two layers of open floor (map "bench-layers") that hold 100,000 pumps of
-- the shipped "bench" content pack: a formula over 2 ports and 4 stock slots, run every 100 ticks, so 1 % of them
-- are awake on any tick. Run beside 'bench' (the same players, no objects), it shows what ticking objects cost.
-- New settings key:
--   seedObjects {"kind": K, "count": N, "fromLayer": L}: N objects of the content pack's kind K on the free floor
--               cells from layer L on, in index order, placed when the world is first created (no snapshot yet);
--               its snapshots keep them after that. First runs are spread over the kind's "every" ticks.

INSERT INTO worlds (world_id, name, settings)
VALUES ('bench-objects', 'Bench with objects', '{"map": "bench-layers", "content": "bench", "npcs": 0,
        "viewRadius": 24, "spawn": "hashed", "seedObjects": {"kind": "pump", "count": 100000, "fromLayer": 1}}'::jsonb)
ON CONFLICT (world_id) DO NOTHING;
