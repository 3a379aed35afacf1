package lor.sim.builtin.kilns;

import java.util.Set;

import lor.sim.module.GameModule;
import lor.sim.module.ModuleRules;
import lor.sim.module.ModuleSettings;
import lor.sim.module.ModuleSpec;

/**
 * The smallest module there is: no actions, attributes, field or hooks, only one Java object rule, {@code kiln}, which
 * a pack's object kind runs with {@code "rule": "kiln"} ({@link KilnRule}: the default pack's kiln formula written in
 * Java). The {@code kilns} pack and world play it; it is the worked example of a module's object rules
 * (docs/modules.md, "Object rules").
 */
public final class Kilns implements GameModule {

    public static final String NAME = "kilns";

    private static final ModuleSpec SPEC = ModuleSpec.builder(NAME)
            .objectRule(KilnRule.ID, KilnRule::new)
            .build();

    @Override
    public ModuleSpec spec() {
        return SPEC;
    }

    @Override
    public ModuleRules rules(ModuleSettings settings) {
        settings.onlyKeys(Set.of());
        // No actions, so act is never called; no other hook either: the module costs its worlds nothing per tick.
        return (world, entity, action, fields) -> "unknown_action";
    }
}
