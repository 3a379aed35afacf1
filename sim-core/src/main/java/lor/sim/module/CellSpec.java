package lor.sim.module;

/**
 * A value a module puts on its field layer, named for clients ({@code welcome}'s {@code cells}); 0 is an empty cell
 * and is never declared. A blocking value is a wall to movement while it lies on a cell. {@code colour} is how clients
 * that draw declarations paint it ({@code #rrggbb}), or null for a colour of their choosing.
 */
public record CellSpec(int value, String name, boolean blocksMovement, String colour) {

    /** Without a colour of its own. */
    public CellSpec(int value, String name, boolean blocksMovement) {
        this(value, name, blocksMovement, null);
    }

    /** The same value painted {@code rgb} ({@code #rrggbb}). */
    public CellSpec painted(String rgb) {
        return new CellSpec(value, name, blocksMovement, rgb);
    }

    /** A value that does not block movement. */
    public static CellSpec of(int value, String name) {
        return new CellSpec(value, name, false);
    }

    /** A value that blocks movement while it lies on a cell. */
    public static CellSpec blocking(int value, String name) {
        return new CellSpec(value, name, true);
    }

    void check(String module) {
        String at = "module " + module + ": cell value " + ModuleNames.quoted(name);
        ModuleNames.check("module " + module + ": cell value", name);
        if (value < 1) {
            throw new ModuleException(at + " is " + value + ": cell values are 1 or more (0 is an empty cell)");
        }
        if (colour != null && !isRgb(colour)) {
            throw new ModuleException(at + " has the colour " + ModuleNames.quoted(colour)
                    + ": a colour is # and six hexadecimal digits, as #ff5a1f");
        }
    }

    private static boolean isRgb(String text) {
        if (text.length() != 7 || text.charAt(0) != '#') {
            return false;
        }
        for (int i = 1; i < 7; i++) {
            if (Character.digit(text.charAt(i), 16) < 0) {
                return false;
            }
        }
        return true;
    }
}
