package lor.sim.grid;

/** Grid dimensions in cells. Cells are indexed {@code (layer * height + y) * width + x}. */
public record GridSize(int width, int height, int layers) {

    public static final int MAX_SIDE = 4096;
    public static final int MAX_LAYERS = 4;

    public GridSize {
        if (width < 1 || width > MAX_SIDE || height < 1 || height > MAX_SIDE || layers < 1 || layers > MAX_LAYERS) {
            throw new IllegalArgumentException("grid must be 1.." + MAX_SIDE + " square and 1.." + MAX_LAYERS
                    + " layers, got " + width + "x" + height + "x" + layers);
        }
    }

    public int cells() {
        return width * height * layers;
    }

    public int index(int x, int y, int layer) {
        return (layer * height + y) * width + x;
    }

    public boolean contains(int x, int y, int layer) {
        return x >= 0 && x < width && y >= 0 && y < height && layer >= 0 && layer < layers;
    }
}
