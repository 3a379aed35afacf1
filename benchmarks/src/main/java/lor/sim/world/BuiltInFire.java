package lor.sim.world;

import lor.sim.module.ModuleField;
import lor.sim.module.ModuleRules;
import lor.sim.module.ModuleSpec;
import lor.sim.module.ModuleWorld;

/**
 * A module's wake rule run as sim-core would run a phase of its own: the module's very code ({@link ModuleRules#wake}),
 * called straight from a loop over the due wakes, on a {@link ModuleWorld} that reads and writes a
 * {@link ModuleField} and {@link ModuleWakes} directly: no hook dispatch, no journal, no checks, no statistics. Only
 * what a field rule reads is there (the grid, the field, the clock, the scheduler, and whether an entity exists: none
 * does, so a player's regrowth the fires' casters left behind ends at once, as in the module's world they left); the
 * rest throws. The dispatch
 * benchmark runs elementals' fire so against the same rule in a world that runs the module: the same code on the same
 * data structures, so the difference is what the module API costs. (In the benchmarks, in sim-core's package, as
 * {@link BuiltInCellCycle} is.)
 */
public final class BuiltInFire {

    private final ModuleField field;
    private final ModuleWakes wakes;
    private final ModuleRules rules;
    private final Direct view;
    private long tick;

    /**
     * The rule where {@code source}, a world that runs the module as its only one, stands: its field, its wakes and
     * its tick, copied; {@code plain} (a world of the same grid without modules) gives the terrain and the walls.
     */
    public BuiltInFire(World source, World plain, ModuleSpec spec, ModuleRules rules) {
        this.field = new ModuleField(spec, plain.grid().size());
        ModuleField from = source.moduleField(0);
        field.restore(from.copyCells(), from.copySince());
        this.tick = source.tick();
        this.wakes = new ModuleWakes(tick);
        long[] pending = source.snapshot().modules().get(0).wakes();
        for (int i = 0; i < pending.length; i += ModuleImage.WAKE_LONGS) {
            wakes.schedule(pending[i], ModuleWakes.pack(0, (int) pending[i + 1], (int) pending[i + 2]));
        }
        this.rules = rules;
        this.view = new Direct(plain);
    }

    /** One tick's phase: the wakes due, each run by the rule. */
    public void run() {
        wakes.advance();
        for (int i = 0; i < wakes.readyCount(); i++) {
            long wake = wakes.ready(i);
            rules.wake(view, ModuleWakes.key(wake), ModuleWakes.tag(wake));
        }
        tick++;
    }

    /** Wakes still to come: none once every fire is out. */
    public int pending() {
        return wakes.size();
    }

    public ModuleField field() {
        return field;
    }

    /** The field, the grid and the scheduler, straight. */
    private final class Direct extends ModuleGridView {

        private final World plain;

        Direct(World plain) {
            super(plain.field);
            this.plain = plain;
        }

        @Override
        public long tick() {
            return tick;
        }

        /** The terrain, the bodies, and the rule's own field (earth blocks), as the module's world sees them. */
        @Override
        public boolean blocked(int x, int y, int layer) {
            if (!size.contains(x, y, layer)) {
                return true;
            }
            int index = size.index(x, y, layer);
            return plain.bodies.blocksEveryone(index) || field.blocksAt(index);
        }

        @Override
        public int cell(int x, int y, int layer) {
            return field.get(x, y, layer);
        }

        @Override
        public void setCell(int x, int y, int layer, int value) {
            field.set(x, y, layer, value, tick);
        }

        @Override
        public long cellSince(int x, int y, int layer) {
            return field.sinceAt(size.index(x, y, layer), tick);
        }

        @Override
        public void wakeAt(long at, int key, int tag) {
            wakes.schedule(at, ModuleWakes.pack(0, key, tag));
        }

        @Override
        public int random(int bound) {
            throw absent();
        }

        @Override
        public void watchCell(int x, int y, int layer, int tag) {
            throw absent();
        }

        @Override
        public void unwatchCell(int x, int y, int layer, int tag) {
            throw absent();
        }

        @Override
        public int entitiesNear(int x, int y, int layer, int radius, int[] out) {
            throw absent();
        }

        @Override
        public boolean exists(int entity) {
            int slot = plain.slotOf(entity);
            return slot >= 0 && plain.isLive(slot);
        }

        @Override
        public boolean isPlayer(int entity) {
            throw absent();
        }

        @Override
        public boolean isOwnNpc(int entity) {
            throw absent();
        }

        @Override
        public int x(int entity) {
            throw absent();
        }

        @Override
        public int y(int entity) {
            throw absent();
        }

        @Override
        public int layer(int entity) {
            throw absent();
        }

        @Override
        public int attribute(int entity, int attribute) {
            throw absent();
        }

        @Override
        public void setAttribute(int entity, int attribute, int value) {
            throw absent();
        }

        @Override
        public int data(int entity, int column) {
            throw absent();
        }

        @Override
        public void setData(int entity, int column, int value) {
            throw absent();
        }

        @Override
        public int spawnNpc(int x, int y, int layer) {
            throw absent();
        }

        @Override
        public void removeNpc(int entity) {
            throw absent();
        }

        @Override
        public boolean step(int entity, int direction) {
            throw absent();
        }

        @Override
        public void respawn(int entity) {
            throw absent();
        }

        @Override
        public int item(String name) {
            throw absent();
        }

        @Override
        public int carried(int entity, int item) {
            throw absent();
        }

        @Override
        public boolean give(int entity, int item, int count) {
            throw absent();
        }

        @Override
        public boolean lineOfSight(int x0, int y0, int x1, int y1, int layer) {
            throw absent();
        }

        @Override
        public int firstStep(int entity, int x, int y, int margin) {
            throw absent();
        }

        private UnsupportedOperationException absent() {
            return new UnsupportedOperationException("a field rule's built-in run has no entities, items or chance");
        }
    }
}
