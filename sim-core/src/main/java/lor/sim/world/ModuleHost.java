package lor.sim.world;

import java.util.ArrayList;
import java.util.List;

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
 * Runs a world's modules: each hook through the module's {@link ModuleView}, every change it makes journalled, and a
 * hook that throws undone whole and counted ({@link ModuleFailures}). Owns what the modules keep in the world besides
 * entity columns: their field layers and their wakes. A world without modules has no host.
 */
final class ModuleHost {

    /** What a refused action's journal is undone for, and what a failing action is refused with. */
    static final String MODULE_ERROR = "module_error";

    private final World world;
    private final WorldModules modules;
    private final ModuleField[] fields;
    private final ModuleView[] views;
    private final ModuleWakes wakes;
    private final ModuleJournal journal = new ModuleJournal();
    private final ModuleFailures failures;
    private final Walls walls;
    /** The reason the last action called was refused with, null when it was carried out. */
    private String refusal;

    ModuleHost(World world, WorldModules modules, GridSize size, long tick, long seed) {
        this.world = world;
        this.modules = modules;
        this.fields = new ModuleField[modules.size()];
        this.views = new ModuleView[modules.size()];
        List<String> names = new ArrayList<>();
        for (int m = 0; m < modules.size(); m++) {
            ModuleSpec spec = modules.spec(m);
            fields[m] = new ModuleField(spec, size);
            views[m] = new ModuleView(world, this, m, seed);
            names.add(spec.name());
        }
        this.wakes = new ModuleWakes(tick);
        this.failures = new ModuleFailures(names);
        this.walls = new Walls() {
            @Override
            public int width() {
                return size.width();
            }

            @Override
            public int height() {
                return size.height();
            }

            @Override
            public boolean isWall(int index) {
                return blocks(index);
            }
        };
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

    ModuleFailures failures() {
        return failures;
    }

    /** The cells some module's field blocks, as movement and NPC plans see them. */
    Walls walls() {
        return walls;
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

    /** The tick's module phase: every wake due at it, by module, key and tag. */
    void wakePhase() {
        wakes.advance();
        for (int i = 0; i < wakes.readyCount(); i++) {
            long wake = wakes.ready(i);
            call(ModuleWakes.module(wake), ModuleHook.WAKE, ModuleWakes.key(wake), ModuleWakes.tag(wake), null);
        }
    }

    void startTick() {
        failures.startTick();
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
    }

    /**
     * Runs one hook of one module; if it throws, undoes what it did and counts the failure. An action that returns a
     * refusal is undone too, its reason left in {@link #refusal}. Written as one switch rather than a lambda per call
     * so that a tick allocates nothing.
     *
     * @param a the entity (enter, leave, act) or the key (wake)
     * @param b the action (act) or the tag (wake)
     * @return whether the hook returned
     */
    private boolean call(int module, ModuleHook hook, int a, int b, int[] args) {
        ModuleView view = views[module];
        ModuleRules rules = modules.rules(module);
        view.startCall(hook, a, b);
        refusal = null;
        try {
            switch (hook) {
                case BEGIN -> rules.begin(view);
                case ENTER -> rules.playerEntered(view, a);
                case LEAVE -> rules.playerLeft(view, a);
                case ACT -> refusal = checkedReason(module, rules.act(view, a, b, args));
                case WAKE -> rules.wake(view, a, b);
                default -> throw new IllegalStateException("hook " + hook);
            }
            if (refusal != null) {
                undo(0);
            }
            journal.clear();
            return true;
        } catch (RuntimeException | StackOverflowError e) {
            undo(0);
            journal.clear();
            RuntimeException error = e instanceof RuntimeException r ? r : new IllegalStateException(e);
            failures.failed(module, hook, world.tick(), error);
            return false;
        }
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

    /** Undoes the journal's records from {@code mark} on, newest first. */
    private void undo(int mark) {
        for (int r = journal.count() - 1; r >= mark; r--) {
            int a = journal.arg(r, 0);
            int b = journal.arg(r, 1);
            int c = journal.arg(r, 2);
            int d = journal.arg(r, 3);
            switch (journal.what(r)) {
                case ModuleJournal.CELL -> fields[a].undo(b, c, d);
                case ModuleJournal.ATTRIBUTE -> world.undoAttribute(a, b, c);
                case ModuleJournal.DATA -> world.undoData(a, b, c);
                case ModuleJournal.MOVE -> world.undoMove(a, b, c, d);
                case ModuleJournal.SPAWN -> world.undoSpawn(a);
                case ModuleJournal.REMOVE -> world.undoRemove(a, b);
                case ModuleJournal.GIVE -> {
                    Inventories.Inventory inventory = world.inventories().find((long) a << 32 | (b & 0xffffffffL));
                    if (inventory != null) {
                        inventory.set(c, d);
                    }
                }
                case ModuleJournal.WAKE -> wakes.cancel(a);
                default -> throw new IllegalStateException("journal record " + journal.what(r));
            }
        }
        journal.truncate(mark);
    }
}
