package lor.testkit;

import lor.sim.grid.Direction;
import lor.sim.module.FieldSpec;
import lor.sim.module.GameModule;
import lor.sim.module.ModuleRules;
import lor.sim.module.ModuleSettings;
import lor.sim.module.ModuleSpec;
import lor.sim.module.ModuleWorld;

/**
 * A module for the kit's own tests, by the rules: a player lights a beacon on the cell beside it (a wall to walk
 * into) for one of its charges; the beacon goes out after {@code burn_ticks}, and the charge comes back then.
 */
final class Beacons implements GameModule {

    static final String NAME = "beacons";
    static final int LIT = 1;
    static final ModuleSpec SPEC = ModuleSpec.builder(NAME)
            .action("light", FieldSpec.dir("dir"), FieldSpec.integer("height", 1, 3))
            .attribute("charge", 0, 3, 3)
            .blockingCell(LIT, "lit")
            .reasons("no_charge")
            .build();

    @Override
    public ModuleSpec spec() {
        return SPEC;
    }

    @Override
    public ModuleRules rules(ModuleSettings settings) {
        int burn = settings.integer("burn_ticks", 20, 1, 10_000);
        return new ModuleRules() {
            @Override
            public String act(ModuleWorld world, int entity, int action, int[] fields) {
                Direction dir = Direction.ofCode(fields[0]);
                int x = world.x(entity) + dir.dx;
                int y = world.y(entity) + dir.dy;
                int layer = world.layer(entity);
                if (x < 0 || y < 0 || x >= world.width() || y >= world.height()) {
                    return "out_of_bounds";
                }
                if (world.blocked(x, y, layer)) {
                    return "wall";
                }
                int charge = world.attribute(entity, 0);
                if (charge == 0) {
                    return "no_charge";
                }
                world.setAttribute(entity, 0, charge - 1);
                world.setCell(x, y, layer, LIT);
                // The key says which cell; the tag who gets the charge back (entity ids fit in 16 bits here).
                world.wakeAt(world.tick() + burn, (layer * world.height() + y) * world.width() + x, entity & 0xFFFF);
                return null;
            }

            @Override
            public void wake(ModuleWorld world, int key, int tag) {
                int x = key % world.width();
                int y = key / world.width() % world.height();
                int layer = key / (world.width() * world.height());
                world.setCell(x, y, layer, 0);
                if (world.exists(tag)) {
                    world.setAttribute(tag, 0, world.attribute(tag, 0) + 1);
                }
            }
        };
    }
}
