package lor.sim.grid;

/** A one-cell step on a layer. N is y−1, E is x+1, as the contract says. */
public enum Direction {
    N(0, -1), E(1, 0), S(0, 1), W(-1, 0);

    private static final Direction[] VALUES = values();

    public final int dx;
    public final int dy;

    Direction(int dx, int dy) {
        this.dx = dx;
        this.dy = dy;
    }

    /** The direction named {@code N}, {@code E}, {@code S} or {@code W}; {@code null} for anything else. */
    public static Direction parse(String name) {
        if (name == null || name.length() != 1) {
            return null;
        }
        return switch (name.charAt(0)) {
            case 'N' -> N;
            case 'E' -> E;
            case 'S' -> S;
            case 'W' -> W;
            default -> null;
        };
    }

    /** Compact code for arrays: 1..4; 0 means "no direction". */
    public int code() {
        return ordinal() + 1;
    }

    public static Direction ofCode(int code) {
        return VALUES[code - 1];
    }

    public Direction opposite() {
        return VALUES[(ordinal() + 2) & 3];
    }
}
