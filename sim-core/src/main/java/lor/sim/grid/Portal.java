package lor.sim.grid;

import java.util.regex.Pattern;

/**
 * A portal of a map: the cells whose portal bits hold {@code number} lead to cell {@code (targetX, targetY,
 * targetLayer)} of world {@code targetWorld}. The simulation only stores it; taking a player there is the world
 * server's business.
 */
public record Portal(int number, String targetWorld, int targetX, int targetY, int targetLayer) {

    private static final Pattern WORLD_ID = Pattern.compile("[a-z0-9_-]{1,32}");

    public Portal {
        if (number < 1 || number > Cells.MAX_PORTALS) {
            throw new IllegalArgumentException("portal number must be 1.." + Cells.MAX_PORTALS + ", got " + number);
        }
        if (targetWorld == null || !WORLD_ID.matcher(targetWorld).matches()) {
            throw new IllegalArgumentException("portal target world must be 1-32 of [a-z0-9_-], got " + targetWorld);
        }
        if (targetX < 0 || targetY < 0 || targetLayer < 0) {
            throw new IllegalArgumentException("portal target cell must not be negative");
        }
    }
}
