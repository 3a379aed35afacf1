package lor.sim.content;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Packs for tests, written as a studio would (through {@link PackDef}) and compiled. */
public final class TestPacks {

    private TestPacks() {
    }

    /**
     * The default pack's economy, with short lines: {@code day}, {@code dusk}, {@code night} of 10 ticks each;
     * water floods into wall at night.
     */
    public static PackDef economy() {
        return new PackDef("economy", List.of("wood", "ore", "coal", "iron", "tool"),
                map("wood", 20, "ore", 8, "coal", 4),
                new PackDef.ClockDef(List.of("day", "dusk", "night"), 10,
                        List.of(new PackDef.TransmuteDef("night", "water", "wall"))),
                List.of(
                        new PackDef.KindDef("furnace", map("wood", 4), 4, 20,
                                List.of(new PackDef.PortDef("W", List.of("ore", "coal"), null),
                                        new PackDef.PortDef("E", null, List.of("iron"))),
                                List.of("smelt_iron"), null, null, null),
                        new PackDef.KindDef("anvil", map("wood", 3), 4, 20,
                                List.of(new PackDef.PortDef("W", List.of("iron", "wood"), null)),
                                List.of("forge_tool"), null, null, null),
                        new PackDef.KindDef("crate", map("wood", 2), 8, 100,
                                List.of(new PackDef.PortDef("W", List.of(), null)), null, null, null, null),
                        new PackDef.KindDef("kiln", map("wood", 3), 2, 20,
                                List.of(new PackDef.PortDef("E", null, List.of("coal"))), null, "kiln", null, 4)),
                List.of(new PackDef.RecipeDef("smelt_iron", map("ore", 2, "coal", 1), map("iron", 1), 5,
                                List.of("night")),
                        new PackDef.RecipeDef("forge_tool", map("iron", 2, "wood", 1), map("tool", 1), 6, null)),
                List.of(new PackDef.FormulaDef("kiln", List.of(new PackDef.FormulaRuleDef("wood >= 2 && on(day)",
                        smap("wood", "wood - 2", "coal", "coal + 1"))))));
    }

    public static ContentPack compiled(PackDef def) {
        return ContentPack.compile(def, RuleRegistry.empty());
    }

    public static Map<String, Integer> map(Object... pairs) {
        Map<String, Integer> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put((String) pairs[i], (Integer) pairs[i + 1]);
        }
        return m;
    }

    public static Map<String, String> smap(String... pairs) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put(pairs[i], pairs[i + 1]);
        }
        return m;
    }
}
