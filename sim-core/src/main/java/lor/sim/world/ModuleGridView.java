package lor.sim.world;

import lor.sim.clock.Field;
import lor.sim.grid.GridSize;
import lor.sim.module.ModuleWorld;

/**
 * The grid as a game module reads it: its size, its spawn and each cell's terrain as the clock's line has it. The
 * world's view and the predicting client's mirror both extend it, so a module reads the grid alike on the server and
 * in the client: the rest of {@link ModuleWorld} is where they differ (what may change, and what comes from states).
 */
public abstract class ModuleGridView implements ModuleWorld {

    /** The grid with the clock's transmutations, as the world (or the client's last state) has it. */
    protected final Field clockField;
    protected final GridSize size;

    protected ModuleGridView(Field clockField) {
        this.clockField = clockField;
        this.size = clockField.grid().size();
    }

    @Override
    public int line() {
        return clockField.line();
    }

    @Override
    public int width() {
        return size.width();
    }

    @Override
    public int height() {
        return size.height();
    }

    @Override
    public int layers() {
        return size.layers();
    }

    @Override
    public int spawnX() {
        return clockField.grid().spawnX();
    }

    @Override
    public int spawnY() {
        return clockField.grid().spawnY();
    }

    @Override
    public int spawnLayer() {
        return clockField.grid().spawnLayer();
    }

    @Override
    public int terrain(int x, int y, int layer) {
        return size.contains(x, y, layer) ? clockField.cell(size.index(x, y, layer)) : -1;
    }
}
