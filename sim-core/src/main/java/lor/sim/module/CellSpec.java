package lor.sim.module;

/**
 * A value a module puts on its field layer, named for clients ({@code welcome}'s {@code cells}); 0 is an empty cell
 * and is never declared. A blocking value is a wall to movement while it lies on a cell.
 */
public record CellSpec(int value, String name, boolean blocksMovement) {

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
    }
}
