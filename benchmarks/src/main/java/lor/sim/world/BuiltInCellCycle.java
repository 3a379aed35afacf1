package lor.sim.world;

import lor.bench.modules.CellCycle;
import lor.sim.grid.GridSize;
import lor.sim.module.ModuleField;

/**
 * {@link CellCycle}'s rule as sim-core would run it if it were one of the world's own phases: in the world's
 * package, on the same {@link ModuleField} and {@link ModuleWakes} a module gets, called directly with no hook
 * dispatch, no {@link ModuleView}, no journal, no randomness base and no statistics. The benchmark steps a world
 * without modules and then this, against a world that runs {@link CellCycle}: the difference is what the module API
 * costs. (It lives in the benchmarks, in sim-core's package, so that sim-core carries no rule only a benchmark uses.)
 */
public final class BuiltInCellCycle {

    private final ModuleField field;
    private final ModuleWakes wakes;
    private final int width;
    private long tick;

    public BuiltInCellCycle(GridSize size, long firstTick) {
        this.field = new ModuleField(CellCycle.SPEC, size);
        this.wakes = new ModuleWakes(firstTick);
        this.width = size.width();
        this.tick = firstTick;
        for (int cell = 0; cell < CellCycle.CELLS; cell++) {
            field.set(cell % width, cell / width, 0, CellCycle.A, tick);
            wakes.schedule(tick + 1 + cell % CellCycle.PERIOD, ModuleWakes.pack(0, cell, 0));
        }
    }

    /** One tick's phase, after the world's step: the wakes due, each turning its cell and scheduling itself again. */
    public void run() {
        wakes.advance();
        for (int i = 0; i < wakes.readyCount(); i++) {
            int key = ModuleWakes.key(wakes.ready(i));
            int x = key % width;
            int y = key / width;
            field.set(x, y, 0, field.get(x, y, 0) == CellCycle.A ? CellCycle.B : CellCycle.A, tick);
            wakes.schedule(tick + CellCycle.PERIOD, ModuleWakes.pack(0, key, 0));
        }
        tick++;
    }

    public ModuleField field() {
        return field;
    }
}
