package lor.sim.clock;

import lor.sim.content.ClockSpec;
import lor.sim.grid.Cells;
import lor.sim.grid.Grid;
import lor.sim.grid.Walls;
import lor.sim.util.IntList;

/**
 * The world's field: its map's cells as the clock's current line transmutes them. A cell reads as the map says
 * unless the line's transmutations match it; portal cells never change. The walls are kept as a bit per cell, the
 * innermost check of movement; a line change rewrites only the cells the old and the new line touch, which are
 * found once per line and kept.
 */
public final class Field implements Walls {

    private final Grid grid;
    private final ClockSpec clock;
    private final int[] walls;
    /** Per line, the cells its transmutations change (null until first needed). */
    private final int[][] touched;
    private int line;

    public Field(Grid grid, ClockSpec clock, int line) {
        this.grid = grid;
        this.clock = clock;
        int cells = grid.size().cells();
        this.walls = new int[(cells + 31) >>> 5];
        for (int i = 0; i < cells; i++) {
            if (grid.isWall(i)) {
                walls[i >>> 5] |= 1 << i;
            }
        }
        this.touched = new int[clock.lineCount()][];
        this.line = 0;
        setLine(line, null);
    }

    public Grid grid() {
        return grid;
    }

    @Override
    public int width() {
        return grid.width();
    }

    @Override
    public int height() {
        return grid.height();
    }

    public int line() {
        return line;
    }

    @Override
    public boolean isWall(int index) {
        return (walls[index >>> 5] & (1 << index)) != 0;
    }

    /** The cell as it reads now ({@link Cells} encoding). */
    public int cell(int index) {
        int base = grid.cell(index);
        return Cells.portal(base) != 0 ? base : clock.transmute(line, base);
    }

    /**
     * Moves the field to {@code newLine}: the old line's cells read as the map again, the new line's as it
     * transmutes them.
     *
     * @param changed if not null, receives every cell whose value changed (once each)
     */
    public void setLine(int newLine, IntList changed) {
        int old = line;
        line = newLine;
        for (int index : touchedBy(old)) {
            refresh(index, old, changed);
        }
        for (int index : touchedBy(newLine)) {
            int base = grid.cell(index);
            if (clock.transmute(old, base) == base) {
                refresh(index, old, changed);
            }
        }
    }

    /** Cells the line transmutes, every one of them; empty for a line that changes nothing. */
    public int[] touchedBy(int l) {
        int[] cells = touched[l];
        if (cells == null) {
            cells = scan(l);
            touched[l] = cells;
        }
        return cells;
    }

    /** Brings the cell's wall bit up to the current line; lists it when its value changed since {@code oldLine}. */
    private void refresh(int index, int oldLine, IntList changed) {
        int now = cell(index);
        int bit = 1 << index;
        if (Cells.isWall(now) != ((walls[index >>> 5] & bit) != 0)) {
            walls[index >>> 5] ^= bit;
        }
        if (changed != null && clock.transmute(oldLine, grid.cell(index)) != now) {
            changed.add(index);
        }
    }

    private int[] scan(int l) {
        if (!clock.transmutes(l)) {
            return new int[0];
        }
        IntList cells = new IntList(64);
        int n = grid.size().cells();
        for (int i = 0; i < n; i++) {
            int base = grid.cell(i);
            if (Cells.portal(base) == 0 && clock.transmute(l, base) != base) {
                cells.add(i);
            }
        }
        return cells.toArray();
    }
}
