package lor.testclient.e2e.tripwire;

import lor.sim.module.GameModule;
import lor.sim.module.ModuleRules;
import lor.sim.module.ModuleSettings;
import lor.sim.module.ModuleSpec;

/**
 * A studio's module for {@code ModuleFailureIT}, shipped to the world in a jar the test writes ({@link ModuleJar}):
 * its one action, {@code trip}, marks the player's cell and then makes the module fail in every tick (see
 * {@link TripwireRules}). Never on a world server's class path: a world finds it only in {@code --modules-dir}.
 */
public final class TripwireModule implements GameModule {

    public static final String NAME = "tripwire";
    public static final String ACTION = "trip";
    /** The value {@code trip} puts on the player's cell: the last good state the failure must not lose. */
    public static final int MARK = 1;

    private static final ModuleSpec SPEC = ModuleSpec.builder(NAME).action(ACTION).cell(MARK, "mark").build();

    @Override
    public ModuleSpec spec() {
        return SPEC;
    }

    @Override
    public ModuleRules rules(ModuleSettings settings) {
        return new TripwireRules();
    }
}
