package lor.bench.modules;

import lor.sim.module.GameModule;
import lor.sim.module.ModuleRules;
import lor.sim.module.ModuleSettings;
import lor.sim.module.ModuleSpec;
import lor.sim.module.ModuleWorld;

/**
 * The rule the dispatch benchmark runs twice: {@link #CELLS} cells of a field each turn from one value to the other
 * every {@link #PERIOD} ticks, woken by a wake they schedule again each time, due spread evenly over the period (so
 * {@code CELLS / PERIOD} wakes a tick). Here as a module through the API; {@code lor.sim.world.BuiltInCellCycle} is
 * the same rule written into sim-core's world package against the same field and scheduler.
 */
public final class CellCycle implements GameModule {

    public static final int CELLS = 4096;
    public static final int PERIOD = 8;
    public static final int A = 1;
    public static final int B = 2;

    public static final ModuleSpec SPEC = ModuleSpec.builder("cycle").cell(A, "a").cell(B, "b").build();

    @Override
    public ModuleSpec spec() {
        return SPEC;
    }

    @Override
    public ModuleRules rules(ModuleSettings settings) {
        return new Rules();
    }

    /** The first {@link #CELLS} cells, row by row. */
    private static final class Rules implements ModuleRules {

        @Override
        public void begin(ModuleWorld world) {
            for (int cell = 0; cell < CELLS; cell++) {
                world.setCell(cell % world.width(), cell / world.width(), 0, A);
                world.wakeAt(world.tick() + 1 + cell % PERIOD, cell, 0);
            }
        }

        @Override
        public String act(ModuleWorld world, int entity, int action, int[] fields) {
            return null;
        }

        @Override
        public void wake(ModuleWorld world, int key, int tag) {
            int x = key % world.width();
            int y = key / world.width();
            world.setCell(x, y, 0, world.cell(x, y, 0) == A ? B : A);
            world.wakeAt(world.tick() + PERIOD, key, tag);
        }
    }
}
