package lor.sim.world;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

import lor.sim.grid.Grid;
import lor.sim.grid.GridSize;
import lor.sim.grid.Walls;
import lor.sim.module.ModuleField;
import lor.sim.module.ModuleHook;
import lor.sim.module.ModuleRules;
import lor.sim.module.ModuleSpec;
import lor.sim.module.WorldModules;
import lor.sim.objects.Inventories;
import lor.sim.util.StateHash;

/**
 * Runs a world's modules: each hook through the module's {@link ModuleView}, every change it makes journalled (the
 * wakes it schedules marked instead: {@link ModuleWakes#mark}), and a hook that throws undone whole and counted
 * ({@link ModuleStats}). Owns what the modules keep in the world besides entity columns: their field layers and their
 * wakes. A world without modules has no host.
 */
final class ModuleHost {

    /** What a refused action's journal is undone for, and what a failing action is refused with. */
    static final String MODULE_ERROR = "module_error";

    private final World world;
    private final WorldModules modules;
    private final ModuleField[] fields;
    private final ModuleView[] views;
    /** Each module's rules, held here so that a wake does not look them up through the module list. */
    private final ModuleRules[] rules;
    private final ModuleWakes wakes;
    private final ModuleWatches watches;
    private final ModuleJournal journal = new ModuleJournal();
    private final ModuleStats stats;
    private final ModuleRuleRuns ruleRuns;
    private final Walls walls;
    /** The owner's clock in nanoseconds, to time hooks by; null for none (a predicting client, a test). */
    private LongSupplier clock;
    /** The reason the last action called was refused with, null when it was carried out. */
    private String refusal;

    ModuleHost(World world, WorldModules modules, GridSize size, long tick, long seed) {
        this.world = world;
        this.modules = modules;
        this.fields = new ModuleField[modules.size()];
        this.views = new ModuleView[modules.size()];
        this.rules = new ModuleRules[modules.size()];
        this.wakes = new ModuleWakes(tick);
        this.watches = new ModuleWatches(modules.size());
        List<String> names = new ArrayList<>();
        for (int m = 0; m < modules.size(); m++) {
            ModuleSpec spec = modules.spec(m);
            fields[m] = new ModuleField(spec, size);
            views[m] = new ModuleView(world, this, m, seed);
            rules[m] = modules.rules(m);
            names.add(spec.name());
        }
        this.stats = new ModuleStats(names);
        this.ruleRuns = new ModuleRuleRuns(world.pack(), modules, stats);
        this.walls = Walls.of(size.width(), size.height(), this::blocks);
    }

    WorldModules modules() {
        return modules;
    }

    ModuleField field(int module) {
        return fields[module];
    }

    ModuleWakes wakes() {
        return wakes;
    }

    ModuleJournal journal() {
        return journal;
    }

    ModuleWatches watches() {
        return watches;
    }

    /** A hook changed the value of a field cell: whoever watches it wakes next tick, unless the hook is undone. */
    void cellChanged(int index) {
        watches.fire(index, world.tick() + 1, wakes);
    }

    /**
     * The clock has just left {@code oldLine}: the watched cells whose terrain now reads otherwise wake their
     * watchers next tick. Costs the watches, not the cells the lines transmute.
     */
    void lineChanged(int oldLine) {
        if (watches.size() == 0) {
            return;
        }
        Grid grid = world.grid();
        for (int id = 0; id < watches.capacity(); id++) {
            if (watches.live(id)) {
                long watch = watches.watch(id);
                int cell = ModuleWakes.key(watch);
                if (world.pack().clock().transmute(oldLine, grid.cell(cell)) != world.field().cell(cell)) {
                    wakes.schedule(world.tick() + 1, watch);
                }
            }
        }
    }

    void clock(LongSupplier nanoTime) {
        this.clock = nanoTime;
        ruleRuns.clock(nanoTime);
    }

    /** Counts the runs and failures of the modules' Java object rules: the world's object engine tells it. */
    ModuleRuleRuns ruleRuns() {
        return ruleRuns;
    }

    ModuleStats stats() {
        return stats;
    }

    /** The cells some module's field blocks, as movement and NPC plans see them. */
    Walls walls() {
        return walls;
    }

    /**
     * {@link #walls()}, or null while no field holds a blocking value: a step or a rule's {@code blocked} then pays
     * no call through {@link Walls}, in the common case (a fire's spread asks four times a wake).
     */
    Walls wallsIfAny() {
        for (ModuleField field : fields) {
            if (field.anyBlocking()) {
                return walls;
            }
        }
        return null;
    }

    /** Whether a blocking value lies on the cell on any module's field. */
    boolean blocks(int index) {
        for (ModuleField field : fields) {
            if (field.blocksAt(index)) {
                return true;
            }
        }
        return false;
    }

    /** A fresh world: every module places what its game starts with. */
    void begin() {
        for (int m = 0; m < views.length; m++) {
            call(m, ModuleHook.BEGIN, 0, 0, null);
        }
    }

    void playerEntered(int entity) {
        for (int m = 0; m < views.length; m++) {
            call(m, ModuleHook.ENTER, entity, 0, null);
        }
    }

    void playerLeft(int entity) {
        for (int m = 0; m < views.length; m++) {
            call(m, ModuleHook.LEAVE, entity, 0, null);
        }
    }

    /**
     * One action of a module, carried out whole or not at all.
     *
     * @return null when carried out, else the refusal's reason ({@link #MODULE_ERROR} when the module threw)
     */
    String act(int module, int entity, int action, int[] fields) {
        if (!call(module, ModuleHook.ACT, entity, action, fields)) {
            return MODULE_ERROR;
        }
        return refusal;
    }

    /**
     * The tick's module phase: every wake due at it, by module, key and tag. The ready wakes are sorted by module
     * first, so a run that reaches the last module's wakes takes the rest without looking at each: in a world of one
     * module, every tick's wakes are one run, handed over without a pass over them to find where it ends.
     */
    void wakePhase() {
        wakes.advance();
        int count = wakes.readyCount();
        int from = 0;
        while (from < count) {
            int module = ModuleWakes.module(wakes.ready(from));
            int to = count;
            if (ModuleWakes.module(wakes.ready(count - 1)) != module) {
                // The last entry is another module's, so the search stops before it.
                to = from + 1;
                while (ModuleWakes.module(wakes.ready(to)) == module) {
                    to++;
                }
            }
            wakeRun(module, from, to);
            from = to;
        }
    }

    /**
     * One module's wakes of this tick, ready entries {@code from} to {@code to}: each contained as {@link #call}
     * contains a hook (undone whole if it throws, and counted), but dispatched without the hook switch and counted and
     * timed once for the run. A wake is the cheapest hook there is (a rule's step over a cell), so what the call around
     * it costs is most of what the module API costs a tick (docs/benchmarks.md, "Dispatch").
     */
    private void wakeRun(int module, int from, int to) {
        ModuleView view = views[module];
        ModuleRules moduleRules = rules[module];
        long start = clock == null ? 0 : clock.getAsLong();
        view.startWakes();
        for (int i = from; i < to; i++) {
            long wake = wakes.ready(i);
            int key = ModuleWakes.key(wake);
            int tag = ModuleWakes.tag(wake);
            view.startWake(key, tag);
            wakes.mark();
            try {
                moduleRules.wake(view, key, tag);
            } catch (RuntimeException | StackOverflowError e) {
                undo(module);
                stats.failed(module, ModuleHook.WAKE, world.tick(), asRuntime(e));
            }
            journal.clear();
        }
        stats.ran(module, ModuleHook.WAKE, to - from, clock == null ? 0 : clock.getAsLong() - start);
    }

    private static RuntimeException asRuntime(Throwable e) {
        return e instanceof RuntimeException r ? r : new IllegalStateException(e);
    }

    /** Cells of the module fields changed since the last call were reported: forget them. */
    void clearChanged() {
        for (ModuleField field : fields) {
            field.clearChanged();
        }
    }

    void stateHash(StateHash h) {
        for (ModuleField field : fields) {
            field.stateHash(h);
        }
        wakes.stateHash(h);
        // Only a world with watches mixes them, so the hashes of worlds that never watch stay what they were.
        if (watches.size() > 0) {
            watches.stateHash(h);
        }
    }

    /**
     * Runs one hook of one module; if it throws, undoes what it did and counts the failure. An action that returns a
     * refusal is undone too, its reason left in {@link #refusal}. Written as one switch rather than a lambda per call
     * so that a tick allocates nothing.
     *
     * @param a the entity (enter, leave, act)
     * @param b the action (act)
     * @return whether the hook returned
     */
    private boolean call(int module, ModuleHook hook, int a, int b, int[] args) {
        ModuleView view = views[module];
        ModuleRules moduleRules = rules[module];
        view.startCall(hook, a, b);
        wakes.mark();
        refusal = null;
        long start = clock == null ? 0 : clock.getAsLong();
        try {
            switch (hook) {
                case BEGIN -> moduleRules.begin(view);
                case ENTER -> moduleRules.playerEntered(view, a);
                case LEAVE -> moduleRules.playerLeft(view, a);
                case ACT -> refusal = checkedReason(module, moduleRules.act(view, a, b, args));
                default -> throw new IllegalStateException("hook " + hook);
            }
            if (refusal != null) {
                undo(module);
            }
            journal.clear();
            return true;
        } catch (RuntimeException | StackOverflowError e) {
            undo(module);
            stats.failed(module, hook, world.tick(), asRuntime(e));
            return false;
        } finally {
            stats.ran(module, hook, 1, clock == null ? 0 : clock.getAsLong() - start);
        }
    }

    // ---- snapshots (ModuleSnapshots) ------------------------------------------------------------------------------

    /** What each module keeps, for a snapshot: {@link ModuleSnapshots#images}. */
    List<ModuleImage> images(long[] accounts, int[][] accountValues) {
        return new ModuleSnapshots(world, this).images(accounts, accountValues);
    }

    /** Brings back what a snapshot's images hold: {@link ModuleSnapshots#restore}. */
    void restore(List<ModuleImage> images, Map<Long, int[]> accountValues, int[] defaults) {
        new ModuleSnapshots(world, this).restore(images, accountValues, defaults);
    }

    /** A module the snapshot has nothing of begins afresh. */
    void beginModule(int module) {
        call(module, ModuleHook.BEGIN, 0, 0, null);
    }

    /** A module's refusal, if it is one the module declared or one of the contract's. */
    private String checkedReason(int module, String reason) {
        if (reason != null && !modules.spec(module).reasons().contains(reason)
                && !IntentOutcome.isContractReason(reason)) {
            throw new IllegalStateException("module " + modules.spec(module).name() + " refused an action with \""
                    + reason + "\", which it does not declare among its reasons");
        }
        return reason;
    }

    /**
     * Undoes the current hook, of {@code module}: every record of the journal, newest first, and forgets them; and the
     * wakes it scheduled, which are not in the journal (whatever else is undone, they go).
     */
    private void undo(int module) {
        wakes.cancelSinceMark();
        for (int end = journal.end(); end > 0; end = journal.start(end)) {
            int at = journal.start(end);
            int a = journal.arg(at, 0);
            switch (journal.what(end)) {
                case ModuleJournal.CELL -> fields[module].undo(journal.cell(end), a, journal.arg(at, 1));
                case ModuleJournal.ATTRIBUTE -> world.bodies.undoAttribute(a, journal.arg(at, 1), journal.arg(at, 2));
                case ModuleJournal.DATA -> world.bodies.undoData(a, journal.arg(at, 1), journal.arg(at, 2));
                case ModuleJournal.MOVE -> world.bodies.undoMove(a, journal.arg(at, 1), journal.arg(at, 2),
                        journal.arg(at, 3));
                case ModuleJournal.SPAWN -> world.bodies.undoSpawn(a);
                case ModuleJournal.REMOVE -> world.bodies.undoRemove(a, journal.arg(at, 1));
                case ModuleJournal.GIVE -> {
                    Inventories.Inventory inventory =
                            world.inventories().find((long) a << 32 | (journal.arg(at, 1) & 0xffffffffL));
                    if (inventory != null) {
                        inventory.set(journal.arg(at, 2), journal.arg(at, 3));
                    }
                }
                case ModuleJournal.WATCH -> watches.remove(a, journal.arg(at, 1), journal.arg(at, 2));
                case ModuleJournal.UNWATCH -> watches.add(a, journal.arg(at, 1), journal.arg(at, 2));
                default -> throw new IllegalStateException("journal record " + journal.what(end));
            }
        }
        journal.clear();
    }
}
