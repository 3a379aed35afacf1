package lor.testclient.e2e.tripwire;

import lor.sim.module.ModuleRules;
import lor.sim.module.ModuleWorld;

/**
 * {@code trip} marks the player's cell and schedules a wake for each of the next {@link #FAILING_WAKES} ticks; every
 * wake throws. A failing wake is undone with what it scheduled, so one wake rescheduling itself would fail once and
 * stop; wakes scheduled by the (successful) act all stand, and the module fails in every one of those ticks.
 */
public final class TripwireRules implements ModuleRules {

    /**
     * Six seconds of ticks at 20 a second: more than the five after which the world stops, and few enough that
     * what is left of them when the world starts again (about a second's worth) cannot stop it a second time.
     */
    static final int FAILING_WAKES = 120;

    @Override
    public String act(ModuleWorld world, int entity, int action, int[] fields) {
        world.setCell(world.x(entity), world.y(entity), world.layer(entity), TripwireModule.MARK);
        for (int i = 1; i <= FAILING_WAKES; i++) {
            world.wakeAt(world.tick() + i, 0, 0);
        }
        return null;
    }

    @Override
    public void wake(ModuleWorld world, int key, int tag) {
        throw new IllegalStateException("the tripwire was tripped");
    }
}
