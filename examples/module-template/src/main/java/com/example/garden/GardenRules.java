package com.example.garden;

import lor.sim.grid.Direction;
import lor.sim.module.ModuleRules;
import lor.sim.module.ModuleWorld;

/**
 * One world's garden. Everything it must remember lives in the world (the field's cells, the attribute, the wakes),
 * so snapshots keep it and predicting clients compute the same: the only field here is a setting.
 */
final class GardenRules implements ModuleRules {

    /** The attribute's index among the module's attributes. */
    private static final int SEEDS = 0;

    private final int growTicks;

    GardenRules(int growTicks) {
        this.growTicks = growTicks;
    }

    @Override
    public String act(ModuleWorld world, int entity, int action, int[] fields) {
        Direction dir = Direction.ofCode(fields[0]);
        int flower = Garden.TULIP + fields[1];
        int x = world.x(entity) + dir.dx;
        int y = world.y(entity) + dir.dy;
        int layer = world.layer(entity);
        if (x < 0 || y < 0 || x >= world.width() || y >= world.height()) {
            return "out_of_bounds";
        }
        if (world.blocked(x, y, layer)) {
            return "wall";
        }
        if (world.cell(x, y, layer) != 0) {
            return "planted";
        }
        int seeds = world.attribute(entity, SEEDS);
        if (seeds == 0) {
            return "no_seeds";
        }
        world.setAttribute(entity, SEEDS, seeds - 1);
        world.setCell(x, y, layer, Garden.SPROUT);
        // The key says where, the tag what grows there: all a wake knows when it comes due.
        world.wakeAt(world.tick() + growTicks, (layer * world.height() + y) * world.width() + x, flower);
        return null;
    }

    @Override
    public void wake(ModuleWorld world, int key, int tag) {
        int x = key % world.width();
        int y = key / world.width() % world.height();
        int layer = key / (world.width() * world.height());
        if (world.cell(x, y, layer) == Garden.SPROUT) {
            world.setCell(x, y, layer, tag);
        }
    }
}
