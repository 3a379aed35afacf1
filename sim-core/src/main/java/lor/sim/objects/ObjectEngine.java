package lor.sim.objects;

import lor.sim.content.ContentPack;
import lor.sim.content.Formula;
import lor.sim.content.ObjectContext;
import lor.sim.content.ObjectKind;
import lor.sim.content.ObjectRule;
import lor.sim.content.Recipe;
import lor.sim.grid.GridSize;
import lor.sim.util.IntList;
import lor.sim.util.ReadySet;
import lor.sim.util.StateHash;
import lor.sim.util.TimingWheel;

/**
 * Runs a world's objects: recipes, formulas, Java rules and ports. An object with nothing to do is asleep and
 * costs nothing per tick; it runs again only when something it depends on changes:
 * <ul>
 * <li>its stock changes from outside (a player's put or take, items pushed in by a neighbour's port), or a
 *     neighbour it pushes into loses items or is built beside it;</li>
 * <li>a timer it set comes due (a recipe's outputs, a formula's {@code every}), kept in a {@link TimingWheel};</li>
 * <li>the clock's line changes while it waits for a line (a gated recipe, a formula that reads the line).</li>
 * </ul>
 * Woken objects run in ascending id order, each at most once per tick; an object woken by one with a lower id runs in
 * the same tick, one woken by a higher id (or by itself) in the next. That order is exactly the one of a model that
 * runs every object every tick, which is what the sleeping is checked against: a run that would change nothing is
 * never needed, so skipping it is invisible.
 *
 * <p>Objects share the world's occupancy array with entities: an object stores minus its id in its cell, so one
 * check keeps players off machines and machines off players. Not thread-safe: the world's owner runs it.
 */
public final class ObjectEngine {

    /** The block side of an engine that counts no blocks: its owner never asks {@link #objectsInBlock}. */
    public static final int NO_BLOCKS = 0;

    private final ContentPack pack;
    private final GridSize size;
    private final int[] occupancy;
    private final ObjectColumns t;
    private final Stocks stocks;
    private final ReadySet ready;
    private final TimingWheel wheel;
    private final IntList fired = new IntList(64);
    private final IntList clockWaiters;
    private final SeenChanges seen;
    private final ObjectPersistence persistence;
    private final Context context = new Context();
    private final RuleGuard guard;
    private final int[] stack;
    private final short[] scratchItems = new short[ContentPack.MAX_SLOTS];
    private final int[] scratchCounts = new int[ContentPack.MAX_SLOTS];
    /** The line the clock is on, as the last {@link #lineChanged} said. */
    private int line;
    /** The tick being run, or about to be: wakes and timers are relative to it. */
    private long tick;
    /** Runs in the last {@link #runObjects} call, for load figures. */
    private int lastRuns;
    /** Whether the last {@link #runRecipe} started its recipe, taking the inputs out of the stock. */
    private boolean recipeStarted;

    /**
     * @param occupancy the world's cell map, entity ids and minus object ids, indexed like the grid; shared
     * @param tick      the first tick {@link #runObjects} will run
     * @param line      the clock's line now
     * @param block     the side of the square blocks {@link #objectsInBlock} counts objects in, which must be the
     *                  regions of whoever asks (a view that skips empty regions misses every object of a region its
     *                  block count calls empty); {@link #NO_BLOCKS} when nobody asks
     */
    public ObjectEngine(ContentPack pack, GridSize size, int[] occupancy, long tick, int line, int capacity,
                        int block) {
        if (occupancy.length != size.cells()) {
            throw new IllegalArgumentException("occupancy has " + occupancy.length + " cells, the grid "
                    + size.cells());
        }
        if (block < 0) {
            throw new IllegalArgumentException("block side " + block);
        }
        this.pack = pack;
        this.size = size;
        this.occupancy = occupancy;
        EngineState state = EngineState.empty(pack, size, occupancy, tick, capacity, block);
        this.t = state.columns();
        this.stocks = state.stocks();
        this.ready = state.ready();
        this.seen = state.seen();
        this.wheel = state.wheel();
        this.clockWaiters = state.clockWaiters();
        this.persistence = new ObjectPersistence(state);
        this.guard = new RuleGuard(stocks);
        this.stack = new int[pack.maxStack()];
        this.tick = tick;
        this.line = line;
    }

    public ContentPack pack() {
        return pack;
    }

    /**
     * Tells {@code runs} of every run of a Java rule from now on, and of the failures {@link RuleGuard} undid; null
     * for nobody.
     */
    public void ruleRuns(RuleRuns runs) {
        guard.runs(runs);
    }

    /** The tick being run, or the next one to run between ticks. */
    public long tick() {
        return tick;
    }

    /** Objects in the world. */
    public int count() {
        return t.live;
    }

    /** One past the highest id in use: ids run 1..{@code idBound() - 1}, with gaps. */
    public int idBound() {
        return t.highWater + 1;
    }

    // ---- reading -----------------------------------------------------------------------------------------------

    public boolean exists(int id) {
        return t.isLive(id - 1);
    }

    /** The object on a cell, or 0. */
    public int objectAt(int cell) {
        int o = occupancy[cell];
        return o < 0 ? -o : 0;
    }

    public int kindOf(int id) {
        return t.kind[id - 1] - 1;
    }

    public int cellOf(int id) {
        return t.cell[id - 1];
    }

    /** The selected recipe's index, or -1. */
    public int recipeOf(int id) {
        return t.recipe[id - 1] - 1;
    }

    /**
     * Ticks of the running recipe done at the start of {@code now}: 0 when idle, the recipe's ticks when its
     * outputs are waiting for room.
     */
    public int progressOf(int id, long now) {
        int s = id - 1;
        if ((t.flags[s] & ObjectColumns.CRAFTING) == 0) {
            return 0;
        }
        int ticks = pack.recipe(t.recipe[s] - 1).ticks();
        return (int) Math.max(0, Math.min(ticks, ticks - (t.due[s] - now)));
    }

    public boolean isCrafting(int id) {
        return (t.flags[id - 1] & ObjectColumns.CRAFTING) != 0;
    }

    /** The tick a crafting object's outputs are due, or a rule object's next allowed run. */
    long dueOf(int id) {
        return t.due[id - 1];
    }

    /** Its stock slots: {@link #stockItem} and {@link #stockCount} read slot {@code i} of them. */
    public int slotsOf(int id) {
        return pack.kind(kindOf(id)).slots();
    }

    /** The item in stock slot {@code i}, or -1 for an empty slot. */
    public int stockItem(int id, int i) {
        return stocks.itemAt(t.stockBase[id - 1] + i);
    }

    public int stockCount(int id, int i) {
        return stocks.countAt(t.stockBase[id - 1] + i);
    }

    public int count(int id, int item) {
        int s = id - 1;
        return stocks.count(t.stockBase[s], slots(s), item);
    }

    /** How many more of {@code item} the object's stock takes. */
    public int room(int id, int item) {
        int s = id - 1;
        ObjectKind k = kind(s);
        return stocks.room(t.stockBase[s], k.slots(), k.capacity(), item);
    }

    /** Whether the object is queued to run (awake). */
    public boolean isAwake(int id) {
        return ready.contains(id - 1);
    }

    /** Objects that ran in the last {@link #runObjects}. */
    public int lastRuns() {
        return lastRuns;
    }

    /**
     * Mixes every object into {@code h} in id order: the live count, then each object's slot, kind, recipe, cell,
     * due tick (-1 unless it is crafting or its kind has a rule) and stock slots (slot order included: where an item
     * sits decides where the next one goes).
     *
     * @return {@code h}
     */
    public StateHash stateHash(StateHash h) {
        h.mix(t.live);
        for (int s = 0; s < t.highWater; s++) {
            if (t.kind[s] == 0) {
                continue;
            }
            h.mix(s);
            h.mix(t.kind[s]);
            h.mix(t.recipe[s]);
            h.mix(t.cell[s]);
            h.mix((t.flags[s] & ObjectColumns.CRAFTING) != 0 || kind(s).rule() != null ? t.due[s] : -1L);
            int base = t.stockBase[s];
            for (int i = 0, n = slots(s); i < n; i++) {
                h.mix(stocks.itemAt(base + i));
                h.mix(stocks.countAt(base + i));
            }
        }
        return h;
    }

    // ---- what clients saw (for broadcasters that send changes only) ------------------------------------------

    /** Whether the object's stock, recipe or crafting changed, or it was built, since {@link #markSeen()}. */
    public boolean changedSinceSeen(int id) {
        return seen.changedSinceSeen(id - 1);
    }

    /** Forgets what changed: a broadcaster calls it after each broadcast, the next one sends what changed since. */
    public void markSeen() {
        seen.markSeen();
    }

    /** The side of the blocks {@link #objectsInBlock} counts objects in; {@link #NO_BLOCKS} for none. */
    public int block() {
        return seen.block();
    }

    /**
     * Objects standing in the block of {@link #block()} × {@link #block()} cells holding {@code (x, y, layer)}.
     *
     * @throws IllegalStateException if the engine counts {@link #NO_BLOCKS}
     */
    public int objectsInBlock(int x, int y, int layer) {
        return seen.objectsInBlock(x, y, layer);
    }

    // ---- persistence -------------------------------------------------------------------------------------------

    /** A copy of every object, taken between ticks. */
    public ObjectImage image() {
        return persistence.image(tick, line);
    }

    /**
     * Puts back the objects of an image into this engine, which must be new and at the image's tick: same ids,
     * cells, stocks, timers, and the same objects awake or waiting for the clock, so that the world goes on as it
     * would have.
     *
     * @throws IllegalArgumentException when an object's cell is taken or off the grid
     */
    public void restore(ObjectImage image) {
        persistence.restore(image, tick);
    }

    // ---- changes from outside (players' intents, restoring) ----------------------------------------------------

    /**
     * Places a new object on {@code cell}, which the caller has checked is free. It runs in the coming objects
     * phase, and so do its neighbours (one of them may push into it).
     *
     * @return its id
     */
    public int build(int kind, int cell) {
        int s = place(kind, cell, tick);
        ready.add(s);
        wakeNeighbours(cell);
        return s + 1;
    }

    /**
     * Places a new object that sleeps until {@code firstRun}: how a world is seeded with many objects at once
     * without all of them coming due on one tick. Its neighbours are not woken: a seeded world is built before its
     * first tick, and every object's first run is its own timer.
     *
     * @param firstRun a tick at or after {@link #tick()}
     * @return its id
     */
    public int buildAsleep(int kind, int cell, long firstRun) {
        if (firstRun < tick) {
            throw new IllegalArgumentException("first run at tick " + firstRun + " is before tick " + tick);
        }
        int s = place(kind, cell, firstRun);
        wheel.schedule(s, firstRun);
        return s + 1;
    }

    /** A new object's columns, stock and cell; whether it runs is the caller's business. */
    private int place(int kind, int cell, long due) {
        ObjectKind k = pack.kind(kind);
        int s = t.allocate();
        t.kind[s] = (short) (kind + 1);
        t.cell[s] = cell;
        t.recipe[s] = (short) (k.recipeCount() == 1 ? k.recipe(0) + 1 : 0);
        t.flags[s] = 0;
        t.due[s] = due;
        t.stockBase[s] = stocks.allocate(k.slots());
        occupancy[cell] = -(s + 1);
        seen.placed(s, cell);
        return s;
    }

    /**
     * Takes the object out of the world; the caller has read what it held. Its cell is free at once. Neighbours
     * that pushed into it have nothing to wake for.
     */
    public void remove(int id) {
        int s = id - 1;
        occupancy[t.cell[s]] = 0;
        seen.removed(s, t.cell[s]);
        stocks.free(t.stockBase[s], slots(s));
        ready.remove(s);
        t.release(s);
    }

    /** Adds items from outside (a player's put); the caller has checked {@link #room}. */
    public void add(int id, int item, int n) {
        int s = id - 1;
        stocks.add(t.stockBase[s], slots(s), item, n);
        ready.add(s);
        seen.changed(s);
    }

    /** Takes items out (a player's take); the caller has checked {@link #count}. Feeders may push again. */
    public void take(int id, int item, int n) {
        int s = id - 1;
        stocks.remove(t.stockBase[s], slots(s), item, n);
        ready.add(s);
        seen.changed(s);
        wakeFeeders(s);
    }

    /**
     * Selects a recipe (index, or -1 for none). A recipe in progress is cancelled and its inputs go back into the
     * stock.
     *
     * @return false when the cancelled inputs do not fit back; nothing changed then
     */
    public boolean setRecipe(int id, int recipe) {
        int s = id - 1;
        if ((t.flags[s] & ObjectColumns.CRAFTING) != 0) {
            Recipe running = pack.recipe(t.recipe[s] - 1);
            ObjectKind k = kind(s);
            if (!stocks.fits(t.stockBase[s], k.slots(), k.capacity(), running, Stocks.Exchange.CANCEL,
                    scratchItems, scratchCounts)) {
                return false;
            }
            for (int i = 0; i < running.inputCount(); i++) {
                stocks.add(t.stockBase[s], k.slots(), running.inputItem(i), running.inputAmount(i));
            }
            t.flags[s] &= ~ObjectColumns.CRAFTING;
        }
        t.recipe[s] = (short) (recipe + 1);
        ready.add(s);
        seen.changed(s);
        return true;
    }

    // ---- the objects phase ---------------------------------------------------------------------------------------

    /**
     * Runs every object that is awake at {@code now}: timers due now fire, then objects run in ascending id order.
     * Called once per tick, with consecutive ticks.
     */
    public void runObjects(long now) {
        tick = now;
        fired.clear();
        while (wheel.nextTick() <= now) {
            wheel.advance(fired);
        }
        for (int i = 0; i < fired.size(); i++) {
            int s = fired.get(i);
            if (t.isLive(s)) {
                ready.add(s);
            }
        }
        int runs = 0;
        for (int s = ready.next(0); s >= 0; s = ready.next(s + 1)) {
            ready.remove(s);
            run(s);
            runs++;
        }
        lastRuns = runs;
        tick = now + 1;
    }

    /** The clock moved to another line: everything waiting for a line runs in the next objects phase. */
    public void lineChanged(int newLine) {
        line = newLine;
        for (int i = 0; i < clockWaiters.size(); i++) {
            int s = clockWaiters.get(i);
            if ((t.flags[s] & ObjectColumns.CLOCK_WAIT) != 0) {
                t.flags[s] &= ~ObjectColumns.CLOCK_WAIT;
                ready.add(s);
            }
        }
        clockWaiters.clear();
    }

    public int line() {
        return line;
    }

    private void run(int s) {
        ObjectKind k = kind(s);
        boolean changed = false;
        boolean decreased = false;
        ObjectRule rule = k.rule();
        if (rule != null) {
            if (tick >= t.due[s]) {
                context.begin(s, k);
                if (rule instanceof Formula formula) {
                    formula.run(context, stack);
                } else if (!guard.run(rule, context, k.index(), t.stockBase[s], k.slots(), tick)) {
                    // Its stock is back as it was: the run changed nothing, and the object sleeps as after any such
                    // run, until its stock or the line changes (a pure rule would only throw again before that).
                    context.changed = false;
                }
                if (context.changed) {
                    changed = true;
                    decreased = context.decreased;
                    t.due[s] = tick + k.every();
                    if (k.every() > 1) {
                        wheel.schedule(s, t.due[s]);
                    }
                } else if (k.ruleReadsLine()) {
                    waitForLine(s);
                }
            }
        } else if (t.recipe[s] != 0) {
            changed = runRecipe(s, k, pack.recipe(t.recipe[s] - 1));
            // Only starting a recipe takes items out (its inputs), also right after finishing the previous one.
            decreased = recipeStarted;
        }
        if (k.hasOutputs() && holdsOutItem(s, k) && push(s, k)) {
            changed = true;
            decreased = true;
        }
        if (changed) {
            // A recipe may start next tick (its pushed outputs made room), and a rule due by then runs again; a rule
            // due later comes back on the timer its change set, and its run next tick would change nothing: its
            // push just moved all it could, and a neighbour that makes room wakes it.
            if (rule == null || t.due[s] <= tick + 1) {
                ready.add(s);
            }
            seen.changed(s);
            if (decreased) {
                // Room opened: whoever pushes into this object may push again.
                wakeFeeders(s);
            }
        }
    }

    /**
     * Whether the object holds an item one of its out ports pushes: if not, {@link #push} has nothing to move, and
     * looking costs less than finding the neighbours.
     */
    private boolean holdsOutItem(int s, ObjectKind k) {
        int base = t.stockBase[s];
        for (int side = 0; side < 4; side++) {
            for (int item : k.outItems(side)) {
                if (stocks.count(base, k.slots(), item) > 0) {
                    return true;
                }
            }
        }
        return false;
    }

    private boolean runRecipe(int s, ObjectKind k, Recipe r) {
        recipeStarted = false;
        boolean changed = false;
        int base = t.stockBase[s];
        if ((t.flags[s] & ObjectColumns.CRAFTING) != 0) {
            if (tick < t.due[s]) {
                return false;
            }
            if (!stocks.fits(base, k.slots(), k.capacity(), r, Stocks.Exchange.FINISH, scratchItems,
                    scratchCounts)) {
                return false;
            }
            for (int i = 0; i < r.outputCount(); i++) {
                stocks.add(base, k.slots(), r.outputItem(i), r.outputAmount(i));
            }
            t.flags[s] &= ~ObjectColumns.CRAFTING;
            changed = true;
        }
        if (!r.runsOn(line)) {
            waitForLine(s);
            return changed;
        }
        if (stocks.fits(base, k.slots(), k.capacity(), r, Stocks.Exchange.START, scratchItems, scratchCounts)) {
            for (int i = 0; i < r.inputCount(); i++) {
                stocks.remove(base, k.slots(), r.inputItem(i), r.inputAmount(i));
            }
            t.flags[s] |= ObjectColumns.CRAFTING;
            t.due[s] = tick + r.ticks();
            wheel.schedule(s, t.due[s]);
            recipeStarted = true;
            changed = true;
        }
        return changed;
    }

    /** Pushes what its out ports hold into the neighbours that take it. */
    private boolean push(int s, ObjectKind k) {
        boolean moved = false;
        int base = t.stockBase[s];
        for (int side = 0; side < 4; side++) {
            int[] items = k.outItems(side);
            if (items.length == 0) {
                continue;
            }
            int neighbourCell = neighbour(t.cell[s], side);
            if (neighbourCell < 0 || occupancy[neighbourCell] >= 0) {
                continue;
            }
            int n = -occupancy[neighbourCell] - 1;
            ObjectKind nk = kind(n);
            int facing = (side + 2) & 3;
            for (int item : items) {
                int have = stocks.count(base, k.slots(), item);
                if (have == 0 || !nk.takesIn(facing, item)) {
                    continue;
                }
                int room = stocks.room(t.stockBase[n], nk.slots(), nk.capacity(), item);
                int m = Math.min(have, room);
                if (m > 0) {
                    stocks.remove(base, k.slots(), item, m);
                    stocks.add(t.stockBase[n], nk.slots(), item, m);
                    ready.add(n);
                    seen.changed(n);
                    moved = true;
                }
            }
        }
        return moved;
    }

    private void waitForLine(int s) {
        if ((t.flags[s] & ObjectColumns.CLOCK_WAIT) == 0) {
            t.flags[s] |= ObjectColumns.CLOCK_WAIT;
            clockWaiters.add(s);
        }
    }

    /** Wakes the objects beside {@code cell} (one was built there: they may push into it). */
    private void wakeNeighbours(int cell) {
        for (int side = 0; side < 4; side++) {
            int c = neighbour(cell, side);
            if (c >= 0 && occupancy[c] < 0) {
                ready.add(-occupancy[c] - 1);
            }
        }
    }

    /** Wakes the neighbours whose out port faces slot {@code s}: it may have room for them now. */
    private void wakeFeeders(int s) {
        int cell = t.cell[s];
        int w = size.width();
        int x = cell % w;
        int y = (cell / w) % size.height();
        wakeFeeder(y > 0 ? cell - w : -1, 2);
        wakeFeeder(x < w - 1 ? cell + 1 : -1, 3);
        wakeFeeder(y < size.height() - 1 ? cell + w : -1, 0);
        wakeFeeder(x > 0 ? cell - 1 : -1, 1);
    }

    /** Wakes the object on {@code cell} if it pushes out through {@code side} (the side facing the caller). */
    private void wakeFeeder(int cell, int side) {
        if (cell >= 0 && occupancy[cell] < 0) {
            int n = -occupancy[cell] - 1;
            if (kind(n).outItems(side).length > 0) {
                ready.add(n);
            }
        }
    }

    /** The cell beside {@code cell} on {@code side} (N E S W), or -1 off the grid. */
    private int neighbour(int cell, int side) {
        int w = size.width();
        int x = cell % w;
        int y = (cell / w) % size.height();
        return switch (side) {
            case 0 -> y > 0 ? cell - w : -1;
            case 1 -> x < w - 1 ? cell + 1 : -1;
            case 2 -> y < size.height() - 1 ? cell + w : -1;
            default -> x > 0 ? cell - 1 : -1;
        };
    }

    private ObjectKind kind(int s) {
        return pack.kind(t.kind[s] - 1);
    }

    private int slots(int s) {
        return kind(s).slots();
    }

    /** What a run sees of its object, and whether it changed anything. One instance, rebound per run. */
    private final class Context implements ObjectContext {
        private int base;
        private int slots;
        private int capacity;
        /** Where the object's items sit in {@link Stocks}, by item ({@link Stocks#index}); made on the first run. */
        private int[] entryOf;
        boolean changed;
        boolean decreased;

        void begin(int s, ObjectKind k) {
            base = t.stockBase[s];
            slots = k.slots();
            capacity = k.capacity();
            changed = false;
            decreased = false;
            if (entryOf == null) {
                entryOf = new int[pack.itemCount()];
            }
            stocks.index(base, slots, entryOf);
        }

        @Override
        public int count(int item) {
            // A Java rule may ask for an item the pack does not have: the plain scan answers that as it always has.
            return item >= 0 && item < entryOf.length ? stocks.count(base, slots, item, entryOf)
                    : stocks.count(base, slots, item);
        }

        @Override
        public void set(int item, int count) {
            int delta = item >= 0 && item < entryOf.length ? stocks.set(base, slots, capacity, item, count, entryOf)
                    : stocks.set(base, slots, capacity, item, count);
            if (delta != 0) {
                changed = true;
                decreased |= delta < 0;
            }
        }

        @Override
        public int line() {
            return line;
        }

        @Override
        public int capacity() {
            return capacity;
        }
    }
}
