package lor.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import lor.sim.content.ContentPack;
import lor.sim.content.PackDef;
import lor.sim.content.RuleRegistry;
import lor.sim.grid.GridSize;
import lor.sim.objects.ObjectEngine;

/**
 * The pack and the worlds of the object benchmarks. Kinds: {@code crate} (a stock and nothing to do: asleep after
 * its first run), {@code pump} (a formula over 2 ports and 4 stock slots (water, heat, steam, tick) that changes
 * something on every run, run
 * every {@code every} ticks: awake), {@code lamp} (a formula that reads the clock's line: asleep until the line
 * changes).
 */
public final class ObjectFixtures {

    /** 4096 × 4096: room for ten million objects one cell apart. */
    static final GridSize BIG = new GridSize(4096, 4096, 1);

    private ObjectFixtures() {
    }

    /** @param pumpEvery ticks between two runs of a pump */
    public static ContentPack pack(int pumpEvery) {
        Map<String, Integer> none = Map.of();
        return ContentPack.compile(new PackDef("bench", List.of("water", "heat", "steam", "tick", "lit"), none,
                new PackDef.ClockDef(List.of("day", "night"), 1_000_000, List.of()),
                List.of(new PackDef.KindDef("crate", none, 4, 100, null, null, null, null, null),
                        new PackDef.KindDef("pump", none, 4, 1000,
                                List.of(new PackDef.PortDef("W", List.of("water", "heat"), null),
                                        new PackDef.PortDef("E", List.of("water", "heat"), List.of("steam"))),
                                null, "pump", null, pumpEvery),
                        new PackDef.KindDef("lamp", none, 1, 10, null, null, "lamp", null, null)),
                List.of(),
                List.of(new PackDef.FormulaDef("pump", List.of(
                                new PackDef.FormulaRuleDef(null, sets("tick", "(tick + 1) % 1000")),
                                new PackDef.FormulaRuleDef("water + heat > 0",
                                        sets("steam", "(steam + water + heat) % 1000")))),
                        new PackDef.FormulaDef("lamp", List.of(new PackDef.FormulaRuleDef(null,
                                sets("lit", "line + 1")))))), RuleRegistry.empty());
    }

    private static Map<String, String> sets(String... pairs) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put(pairs[i], pairs[i + 1]);
        }
        return m;
    }

    /**
     * {@code count} objects of {@code kind}, on every {@code spacing}-th cell of the first rows, built
     * {@code perTick} per tick (so that periodic ones come due spread over the ticks), then run until the build's
     * wake-ups have settled.
     *
     * @return the engine, at the tick after the last settling one
     */
    static ObjectEngine build(ContentPack pack, String kind, int count, int spacing, int perTick) {
        ObjectEngine engine = new ObjectEngine(pack, BIG, new int[BIG.cells()], 0, 0, count, ObjectEngine.NO_BLOCKS);
        int k = pack.kindIndex(kind);
        long tick = 0;
        for (int i = 0; i < count; i++) {
            engine.build(k, i * spacing);
            if ((i + 1) % perTick == 0) {
                engine.runObjects(tick++);
            }
        }
        for (int i = 0; i < 3; i++) {
            engine.runObjects(tick++);
        }
        return engine;
    }
}
