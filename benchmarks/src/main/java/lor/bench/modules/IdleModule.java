package lor.bench.modules;

import lor.sim.module.FieldSpec;
import lor.sim.module.GameModule;
import lor.sim.module.ModuleRules;
import lor.sim.module.ModuleSettings;
import lor.sim.module.ModuleSpec;

/**
 * A module with nothing to do: it declares an action, an attribute, a data column and a blocking cell value (so the
 * world keeps the columns, the field and its walls), and schedules nothing.
 */
public final class IdleModule implements GameModule {

    private static final ModuleSpec SPEC = ModuleSpec.builder("idle")
            .action("poke", FieldSpec.dir("dir"))
            .attribute("mood", 0, 10, 5)
            .entityData("poked_at")
            .blockingCell(1, "stone")
            .build();

    @Override
    public ModuleSpec spec() {
        return SPEC;
    }

    @Override
    public ModuleRules rules(ModuleSettings settings) {
        return (world, entity, action, fields) -> null;
    }
}
