package lor.sim.module;

import lor.sim.grid.GridSize;
import lor.sim.util.IntList;
import lor.sim.util.StateHash;

/**
 * The field layer one module owns: an int per cell of the world's grid, indexed as the grid is
 * ({@code (layer*h+y)*w+x}), 0 for an empty cell, else one of the values the module declared. Cells set since the
 * last {@link #clearChanged()} are listed once each, so that states report them as they report the clock's
 * transmutes; a value declared blocking is a wall to movement while it lies on a cell, from the moment it is set.
 * A field nobody writes to costs nothing per tick.
 */
public final class ModuleField {

    private final String module;
    private final GridSize size;
    private final int[] cells;
    /** By cell: the tick its value was last set at, as an int (ticks wrap after 3.4 years at 20 Hz; see sinceAt). */
    private final int[] since;
    /** By value: whether the module declared it (0, the empty cell, always is). */
    private final boolean[] declared;
    /** By value: whether it blocks movement. */
    private final boolean[] blocking;
    private final IntList changed = new IntList(16);
    private final boolean[] listed;
    private int blockingCells;
    private int occupied;
    /** Two lanes of a sum over occupied cells of a hash of (cell, value, since): see {@link #stateHash}. */
    private int sumA;
    private int sumB;

    public ModuleField(ModuleSpec spec, GridSize size) {
        this.module = spec.name();
        this.size = size;
        this.cells = new int[size.cells()];
        this.since = new int[size.cells()];
        this.listed = new boolean[size.cells()];
        int maxValue = 0;
        for (CellSpec cell : spec.cells()) {
            maxValue = Math.max(maxValue, cell.value());
        }
        this.declared = new boolean[maxValue + 1];
        this.blocking = new boolean[maxValue + 1];
        declared[0] = true;
        for (CellSpec cell : spec.cells()) {
            declared[cell.value()] = true;
            blocking[cell.value()] = cell.blocksMovement();
        }
    }

    public String module() {
        return module;
    }

    public GridSize size() {
        return size;
    }

    /** The value on a cell; 0 outside the grid. */
    public int get(int x, int y, int layer) {
        return size.contains(x, y, layer) ? cells[size.index(x, y, layer)] : 0;
    }

    /** The value at a grid index. */
    public int valueAt(int cell) {
        return cells[cell];
    }

    /** The tick the value at a grid index was set at (0 if never), as of the world tick {@code now}. */
    public long sinceAt(int cell, long now) {
        // Kept as the tick's low 32 bits: the distance back from now is exact for 2^31 ticks.
        return now - ((int) now - since[cell]);
    }

    /** The low bits of the tick a cell was set at, as stored: for undoing a set. */
    public int rawSinceAt(int cell) {
        return since[cell];
    }

    /**
     * Puts {@code value} on a cell (0 empties it) at tick {@code tick}.
     *
     * @throws IllegalArgumentException for a cell outside the grid or a value the module did not declare, naming the
     *                                  module: a bug in the module, which the world treats as its failure
     */
    public void set(int x, int y, int layer, int value, long tick) {
        if (!size.contains(x, y, layer)) {
            throw new IllegalArgumentException("module " + module + " set the cell " + x + "," + y + "," + layer
                    + " outside its " + size.width() + " x " + size.height() + " x " + size.layers() + " field");
        }
        setAt(size.index(x, y, layer), value, tick);
    }

    /**
     * {@link #set} at a grid index.
     *
     * @throws IllegalArgumentException for a value the module did not declare, naming the module
     */
    public void setAt(int cell, int value, long tick) {
        if (value < 0 || value >= declared.length || !declared[value]) {
            throw new IllegalArgumentException("module " + module + " set the undeclared cell value " + value);
        }
        account(cell, -1);
        since[cell] = (int) tick;
        put(cell, value);
        account(cell, 1);
    }

    /** Puts back a cell's value and tick as they were before a {@link #set} that is being undone. */
    public void undo(int cell, int value, int rawSince) {
        account(cell, -1);
        put(cell, value);
        since[cell] = rawSince;
        account(cell, 1);
    }

    private void put(int cell, int value) {
        int old = cells[cell];
        if (old == value) {
            return;
        }
        blockingCells += (blocking[value] ? 1 : 0) - (blocking[old] ? 1 : 0);
        occupied += (value != 0 ? 1 : 0) - (old != 0 ? 1 : 0);
        cells[cell] = value;
        if (!listed[cell]) {
            listed[cell] = true;
            changed.add(cell);
        }
    }

    /** Whether the value on this cell blocks movement (false outside the grid: the grid's own edge rules apply). */
    public boolean blocks(int x, int y, int layer) {
        return blockingCells > 0 && size.contains(x, y, layer) && blocking[cells[size.index(x, y, layer)]];
    }

    /** Whether some cell holds a value that blocks movement. */
    public boolean anyBlocking() {
        return blockingCells > 0;
    }

    /** Whether the value at a grid index blocks movement. */
    public boolean blocksAt(int cell) {
        return blockingCells > 0 && blocking[cells[cell]];
    }

    /** Cells whose value changed since the last {@link #clearChanged()}, each once, as grid indices. */
    public int changedCount() {
        return changed.size();
    }

    public int changedCell(int i) {
        return changed.get(i);
    }

    public void clearChanged() {
        for (int i = 0; i < changed.size(); i++) {
            listed[changed.get(i)] = false;
        }
        changed.clear();
    }

    /** A copy of every cell, for a snapshot. */
    public int[] copyCells() {
        return cells.clone();
    }

    /** A copy of every cell's set tick (low 32 bits), for a snapshot. */
    public int[] copySince() {
        return since.clone();
    }

    /**
     * Mixes every occupied cell, with the tick it was set at, into a world's state hash: through a sum kept up to date
     * as cells change, so hashing a big field every tick (the determinism harness does) costs nothing.
     */
    public void stateHash(StateHash h) {
        h.mix(sumA).mix(sumB);
    }

    private void account(int cell, int sign) {
        if (cells[cell] != 0) {
            int k = StateHash.finish(cell * 0x9e3779b9 ^ cells[cell] * 0x85ebca6b ^ since[cell] * 0xc2b2ae35);
            sumA += sign * k;
            sumB += sign * StateHash.finish(k ^ 0x27d4eb2f);
        }
    }

    /**
     * Replaces every cell with a snapshot's, none of them listed as changed.
     *
     * @param setTicks each cell's set tick as {@link #copySince()} gave it
     * @throws IllegalArgumentException when the snapshot is of another size or holds a value the module does not
     *                                  declare (any more), naming the module and the first such cell
     */
    public void restore(int[] snapshot, int[] setTicks) {
        if (snapshot.length != cells.length || setTicks.length != cells.length) {
            throw new IllegalArgumentException("module " + module + ": a field of " + snapshot.length
                    + " cells cannot be restored onto " + cells.length);
        }
        int blocked = 0;
        int taken = 0;
        for (int cell = 0; cell < snapshot.length; cell++) {
            int value = snapshot[cell];
            if (value < 0 || value >= declared.length || !declared[value]) {
                throw new IllegalArgumentException("module " + module + ": the snapshot holds the undeclared cell "
                        + "value " + value + " at cell " + cell);
            }
            blocked += blocking[value] ? 1 : 0;
            taken += value != 0 ? 1 : 0;
        }
        System.arraycopy(snapshot, 0, cells, 0, cells.length);
        System.arraycopy(setTicks, 0, since, 0, cells.length);
        blockingCells = blocked;
        occupied = taken;
        sumA = 0;
        sumB = 0;
        for (int cell = 0; cell < cells.length; cell++) {
            account(cell, 1);
        }
        clearChanged();
    }

    /** Cells holding a value other than 0: kept as cells change, so a reader of an empty field skips it at once. */
    public int occupied() {
        return occupied;
    }
}
