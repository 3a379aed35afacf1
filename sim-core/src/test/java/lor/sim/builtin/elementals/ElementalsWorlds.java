package lor.sim.builtin.elementals;

import java.util.List;
import java.util.Map;

import lor.sim.builtin.BuiltInModules;
import lor.sim.content.ContentPack;
import lor.sim.content.PackDef;
import lor.sim.content.RuleRegistry;
import lor.sim.content.TestPacks;
import lor.sim.grid.Direction;
import lor.sim.grid.MapText;
import lor.sim.module.WorldModules;
import lor.sim.objects.ObjectEngine;
import lor.sim.world.World;

/** Worlds that play elementals, for tests: a pack with the four elements and a map drawn in text. */
final class ElementalsWorlds {

    static final int FIRE = 0;
    static final int WATER = 1;
    static final int EARTH = 2;
    static final int AIR = 3;

    private ElementalsWorlds() {
    }

    static ContentPack pack() {
        return ContentPack.compile(new PackDef("elements", List.of("fire", "water", "earth", "air"),
                TestPacks.map("fire", 10, "water", 10, "earth", 10, "air", 10), null, List.of(), List.of(),
                List.of()), RuleRegistry.empty());
    }

    /** @param settings the pack's settings section for elementals */
    static World world(String map, long seed, Map<String, Integer> settings) {
        return World.create(MapText.parse(map), pack(), modules(settings), seed, ObjectEngine.NO_BLOCKS);
    }

    /** Elementals as a world (or a predicting client) resolves it from the pack. */
    static WorldModules modules(Map<String, Integer> settings) {
        return BuiltInModules.catalog().resolve("elements", List.of(Elementals.NAME),
                Map.of(Elementals.NAME, settings));
    }

    /** A cast as the wire would bring it: the fields checked, one int each. */
    static boolean cast(World world, int entity, Direction dir, int element) {
        return world.setModuleAction(entity, world.modules().action("cast"), new int[] {dir.code(), element});
    }

    static void steps(World world, int ticks) {
        for (int i = 0; i < ticks; i++) {
            world.step();
        }
    }

    static int cell(World world, int x, int y) {
        return world.moduleField(0).get(x, y, 0);
    }

    static int hp(World world, int entity) {
        return world.attributeAt(world.slotOf(entity), 0);
    }
}
