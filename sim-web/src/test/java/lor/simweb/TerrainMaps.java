package lor.simweb;

import java.util.Random;

/**
 * Maps for random content packs, as {@link lor.sim.grid.MapText} text: every cell class a pack's clock may transmute
 * (floor, grass, water, wall) scattered between roads every fourth row and column, which packs never transmute from
 * (see {@code RandomPacks}), so that players can always walk somewhere; a portal; the spawn point on a road near the
 * centre.
 */
final class TerrainMaps {

    private static final char[] TERRAIN = {'.', '.', '.', '.', ',', ',', '~', '~', '~', '#'};

    private TerrainMaps() {
    }

    static String text(int width, int height, long seed) {
        Random random = new Random(seed);
        int spawnX = width / 2 / 4 * 4;
        int spawnY = height / 2 / 4 * 4;
        // Off the roads, so that the portal does not cut them.
        int portalX = 4 * random.nextInt((width - 1) / 4) + 1 + random.nextInt(3);
        int portalY = 4 * random.nextInt((height - 1) / 4) + 1 + random.nextInt(3);
        StringBuilder out = new StringBuilder("@portal a elsewhere 0 0 0\n");
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                char cell;
                if (x == spawnX && y == spawnY) {
                    cell = 'S';
                } else if (x % 4 == 0 || y % 4 == 0) {
                    cell = '=';
                } else if (x == portalX && y == portalY) {
                    cell = 'a';
                } else {
                    cell = TERRAIN[random.nextInt(TERRAIN.length)];
                }
                out.append(cell);
            }
            out.append('\n');
        }
        return out.toString();
    }
}
