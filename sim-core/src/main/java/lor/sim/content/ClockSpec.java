package lor.sim.content;

/**
 * The transmutation clock of a pack: its lines, how long each lasts, and per line the cell classes that read as
 * other classes while it is current.
 */
public final class ClockSpec {

    private final String[] lines;
    private final int ticksPerLine;
    private final CellClass[][] from;
    private final CellClass[][] to;

    ClockSpec(String[] lines, int ticksPerLine, CellClass[][] from, CellClass[][] to) {
        this.lines = lines;
        this.ticksPerLine = ticksPerLine;
        this.from = from;
        this.to = to;
    }

    public int lineCount() {
        return lines.length;
    }

    public String line(int i) {
        return lines[i];
    }

    public int ticksPerLine() {
        return ticksPerLine;
    }

    /** The line current at {@code clockTick}, a tick counted from the clock's start. */
    public int lineAt(long clockTick) {
        return (int) ((clockTick / ticksPerLine) % lines.length);
    }

    /**
     * What a map cell reads as while {@code line} is current: the first transmutation of that line whose class
     * matches it, applied; the cell itself when none does.
     */
    public int transmute(int line, int cell) {
        CellClass[] froms = from[line];
        for (int i = 0; i < froms.length; i++) {
            if (froms[i].matches(cell)) {
                return to[line][i].applyTo(cell);
            }
        }
        return cell;
    }

    /** Whether {@code line} changes any cell class. */
    public boolean transmutes(int line) {
        return from[line].length > 0;
    }
}
