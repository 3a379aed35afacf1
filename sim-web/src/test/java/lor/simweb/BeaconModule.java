package lor.simweb;

import lor.sim.grid.Direction;
import lor.sim.module.FieldSpec;
import lor.sim.module.GameModule;
import lor.sim.module.ModuleRules;
import lor.sim.module.ModuleSettings;
import lor.sim.module.ModuleSpec;
import lor.sim.module.ModuleWorld;

/**
 * A module that is not built in, found as a studio's is: a provider in {@code META-INF/services} of this test
 * classpath, so that the JVM tests and {@code sim-test.js} (TeaVM lists providers when it compiles) see it as a
 * studio's build of the page's script would see the studio's modules. {@code light} puts a beacon on the cell beside
 * the player; a lit cell refuses another with {@code lit}.
 */
public final class BeaconModule implements GameModule {

    public static final String NAME = "beacon";
    static final int BEACON = 1;

    private static final ModuleSpec SPEC = ModuleSpec.builder(NAME)
            .action("light", FieldSpec.dir("dir"))
            .cell(BEACON, "beacon").colour(BEACON, "#ffee00")
            .reasons("lit")
            .build();

    @Override
    public ModuleSpec spec() {
        return SPEC;
    }

    @Override
    public ModuleRules rules(ModuleSettings settings) {
        return (ModuleWorld world, int entity, int action, int[] fields) -> {
            Direction dir = Direction.ofCode(fields[0]);
            int x = world.x(entity) + dir.dx;
            int y = world.y(entity) + dir.dy;
            int layer = world.layer(entity);
            if (x < 0 || y < 0 || x >= world.width() || y >= world.height() || world.blocked(x, y, layer)) {
                return "wall";
            }
            if (world.cell(x, y, layer) != 0) {
                return "lit";
            }
            world.setCell(x, y, layer, BEACON);
            return null;
        };
    }
}
