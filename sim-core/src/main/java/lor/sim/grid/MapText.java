package lor.sim.grid;

import java.util.ArrayList;
import java.util.List;

/**
 * The text form of a map. One character per cell, one line per row, rows top (y = 0) to bottom; layers as blocks
 * separated by one or more blank lines, layer 0 first. Every row of every layer has the same width and every layer
 * the same height. Lines starting with {@code ;} are comments. Lines starting with {@code @} are directives; the
 * one directive, {@code @portal LETTER WORLD X Y LAYER}, declares that cells marked with that lowercase letter lead
 * to cell (X, Y, LAYER) of world WORLD (portals are numbered in the order they are declared).
 * <pre>
 * #    wall
 * .    floor
 * ,    grass
 * ~    shallow water (walkable)
 * =    road
 * S    floor, and the spawn point (at most one; default: the centre of layer 0)
 * a-z  floor that is a declared portal
 * </pre>
 */
public final class MapText {

    private MapText() {
    }

    public static Grid parse(String text) {
        List<Portal> portals = new ArrayList<>();
        int[] portalOfLetter = new int[26];
        for (String line : text.split("\r?\n", -1)) {
            if (line.startsWith("@")) {
                Portal portal = portal(line, portals.size() + 1, portalOfLetter);
                portals.add(portal);
            }
        }
        List<List<String>> layers = blocks(text);
        if (layers.isEmpty()) {
            throw new MapFormatException("map has no rows");
        }
        int height = layers.get(0).size();
        int width = layers.get(0).get(0).length();
        for (int l = 0; l < layers.size(); l++) {
            if (layers.get(l).size() != height) {
                throw new MapFormatException("layer " + l + " has " + layers.get(l).size() + " rows, layer 0 has "
                        + height);
            }
        }
        GridSize size;
        try {
            size = new GridSize(width, height, layers.size());
        } catch (IllegalArgumentException e) {
            throw new MapFormatException("map is " + width + " wide, " + height + " high, " + layers.size()
                    + " layers: " + e.getMessage());
        }
        int[] cells = new int[size.cells()];
        int spawnX = -1;
        int spawnY = -1;
        int spawnLayer = -1;
        for (int layer = 0; layer < layers.size(); layer++) {
            for (int y = 0; y < height; y++) {
                String row = layers.get(layer).get(y);
                if (row.length() != width) {
                    throw new MapFormatException("layer " + layer + " row " + y + " is " + row.length()
                            + " wide, expected " + width);
                }
                for (int x = 0; x < width; x++) {
                    char c = row.charAt(x);
                    if (c == 'S') {
                        if (spawnX >= 0) {
                            throw new MapFormatException("second spawn point at layer " + layer + " row " + y
                                    + " column " + x);
                        }
                        spawnX = x;
                        spawnY = y;
                        spawnLayer = layer;
                    }
                    if (c >= 'a' && c <= 'z') {
                        if (portalOfLetter[c - 'a'] == 0) {
                            throw new MapFormatException("undeclared portal '" + c + "' at layer " + layer + " row "
                                    + y + " column " + x);
                        }
                        cells[size.index(x, y, layer)] = Cells.portalFloor(portalOfLetter[c - 'a']);
                    } else {
                        cells[size.index(x, y, layer)] = cellOf(c, layer, y, x);
                    }
                }
            }
        }
        if (spawnX < 0) {
            spawnX = width / 2;
            spawnY = height / 2;
            spawnLayer = 0;
        }
        return Grid.of(size, cells, spawnX, spawnY, spawnLayer, portals);
    }

    private static Portal portal(String line, int number, int[] portalOfLetter) {
        String[] parts = line.trim().split("\\s+");
        if (parts.length != 6 || !parts[0].equals("@portal") || parts[1].length() != 1
                || parts[1].charAt(0) < 'a' || parts[1].charAt(0) > 'z') {
            throw new MapFormatException("directive must read '@portal LETTER WORLD X Y LAYER': " + line);
        }
        char letter = parts[1].charAt(0);
        if (portalOfLetter[letter - 'a'] != 0) {
            throw new MapFormatException("portal '" + letter + "' is declared twice");
        }
        try {
            Portal portal = new Portal(number, parts[2], Integer.parseInt(parts[3]), Integer.parseInt(parts[4]),
                    Integer.parseInt(parts[5]));
            portalOfLetter[letter - 'a'] = number;
            return portal;
        } catch (IllegalArgumentException e) {
            throw new MapFormatException("bad portal '" + letter + "': " + e.getMessage());
        }
    }

    /**
     * The text of a grid; {@code parse(format(g))} equals {@code g} when its cells use only the listed kinds and its
     * spawn point is plain floor or the default (the centre of layer 0). The spawn point is written as {@code S}
     * except when it is the default on a cell that is not plain floor: there the cell is written and the reader
     * falls back to the same default. A spawn point elsewhere on a wall or on terrain reads back as plain floor.
     */
    public static String format(Grid grid) {
        int spawnCell = grid.cell(grid.size().index(grid.spawnX(), grid.spawnY(), grid.spawnLayer()));
        boolean defaultSpawn = grid.spawnX() == grid.width() / 2 && grid.spawnY() == grid.height() / 2
                && grid.spawnLayer() == 0;
        boolean writeSpawn = spawnCell == Cells.FLOOR || !defaultSpawn;
        StringBuilder out = new StringBuilder(grid.size().cells() + grid.height() * grid.layers() * 2);
        if (grid.portals().size() > 26) {
            throw new IllegalArgumentException("the text form holds at most 26 portals");
        }
        for (Portal p : grid.portals()) {
            out.append("@portal ").append((char) ('a' + p.number() - 1)).append(' ').append(p.targetWorld())
                    .append(' ').append(p.targetX()).append(' ').append(p.targetY()).append(' ')
                    .append(p.targetLayer()).append('\n');
        }
        for (int layer = 0; layer < grid.layers(); layer++) {
            if (layer > 0) {
                out.append('\n');
            }
            for (int y = 0; y < grid.height(); y++) {
                for (int x = 0; x < grid.width(); x++) {
                    boolean spawn = writeSpawn && x == grid.spawnX() && y == grid.spawnY()
                            && layer == grid.spawnLayer();
                    out.append(spawn ? 'S' : charOf(grid.cell(grid.size().index(x, y, layer))));
                }
                out.append('\n');
            }
        }
        return out.toString();
    }

    private static int cellOf(char c, int layer, int row, int column) {
        return switch (c) {
            case '#' -> Cells.WALL;
            case '.', 'S' -> Cells.FLOOR;
            case ',' -> Cells.floor(Cells.TERRAIN_GRASS);
            case '~' -> Cells.floor(Cells.TERRAIN_WATER);
            case '=' -> Cells.floor(Cells.TERRAIN_ROAD);
            default -> throw new MapFormatException("unknown cell '" + c + "' at layer " + layer + " row " + row
                    + " column " + column);
        };
    }

    private static char charOf(int cell) {
        if (Cells.isWall(cell)) {
            return '#';
        }
        if (Cells.portal(cell) != 0) {
            return (char) ('a' + Cells.portal(cell) - 1);
        }
        return switch (Cells.terrain(cell)) {
            case Cells.TERRAIN_GRASS -> ',';
            case Cells.TERRAIN_WATER -> '~';
            case Cells.TERRAIN_ROAD -> '=';
            default -> '.';
        };
    }

    private static List<List<String>> blocks(String text) {
        List<List<String>> layers = new ArrayList<>();
        List<String> current = new ArrayList<>();
        for (String line : text.split("\r?\n", -1)) {
            if (line.startsWith(";") || line.startsWith("@")) {
                continue;
            }
            if (line.isBlank()) {
                if (!current.isEmpty()) {
                    layers.add(current);
                    current = new ArrayList<>();
                }
                continue;
            }
            current.add(line);
        }
        if (!current.isEmpty()) {
            layers.add(current);
        }
        return layers;
    }
}
