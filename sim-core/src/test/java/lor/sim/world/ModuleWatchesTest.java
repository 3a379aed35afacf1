package lor.sim.world;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import lor.sim.content.ContentPack;
import lor.sim.content.PackDef;
import lor.sim.content.RuleRegistry;
import lor.sim.grid.MapText;
import lor.sim.module.FieldSpec;
import lor.sim.module.FixedModule;
import lor.sim.module.GameModule;
import lor.sim.module.ModuleCatalog;
import lor.sim.module.ModuleRules;
import lor.sim.module.ModuleSpec;
import lor.sim.module.ModuleWorld;
import lor.sim.module.WorldModules;
import lor.sim.objects.ObjectEngine;
import org.junit.jupiter.api.Test;

/**
 * Watched cells: a change of any module's field value, or of the terrain when the clock's line turns, wakes the
 * watchers in the next tick's module phase, once; watches and what they fire are undone with a failing hook; they
 * survive a snapshot and are in the state hash.
 */
class ModuleWatchesTest {

    private static final String ROOM = """
            ........
            ...S....
            ........
            """;
    /** Grid index of (4, 1) on the 8-wide room. */
    private static final int CELL_4_1 = 12;

    /** What the watcher's wakes saw, as "tick:key/tag". */
    private final List<String> seen = new ArrayList<>();

    /**
     * Actions on cells (x, y) of layer 0: watch and unwatch with a tag, mark (set its own field's value), flip (set
     * and empty a cell in one call), fail (watch a cell, mark another, then throw), flood (watch one cell with every
     * tag, then one more cell).
     */
    private final GameModule watcher = module(ModuleSpec.builder("watcher")
            .action("watch", xy(FieldSpec.integer("tag", 0, 65_535)))
            .action("unwatch", xy(FieldSpec.integer("tag", 0, 65_535)))
            .action("mark", xy(FieldSpec.integer("value", 0, 1)))
            .action("flip", xy())
            .action("fail", xy())
            .action("flood", xy())
            .cell(1, "lit")
            .build(), new ModuleRules() {
                @Override
                public String act(ModuleWorld w, int entity, int action, int[] f) {
                    switch (action) {
                        case 0 -> w.watchCell(f[0], f[1], 0, f[2]);
                        case 1 -> w.unwatchCell(f[0], f[1], 0, f[2]);
                        case 2 -> w.setCell(f[0], f[1], 0, f[2]);
                        case 3 -> {
                            w.setCell(f[0], f[1], 0, 1);
                            w.setCell(f[0], f[1], 0, 0);
                        }
                        case 4 -> {
                            w.watchCell(0, 0, 0, 4);
                            w.setCell(f[0], f[1], 0, 1);
                            throw new IllegalStateException("after a watch and a change");
                        }
                        default -> {
                            for (int tag = 0; tag <= 65_535; tag++) {
                                w.watchCell(f[0], f[1], 0, tag);
                            }
                            w.watchCell(0, 0, 0, 0);
                        }
                    }
                    return null;
                }

                @Override
                public void wake(ModuleWorld w, int key, int tag) {
                    seen.add(w.tick() + ":" + key + "/" + tag);
                }
            });

    /** Another module, whose own field's changes wake the watcher too. */
    private final GameModule stones = module(ModuleSpec.builder("stones")
            .action("stone", xy()).cell(1, "stone").build(),
            (w, entity, action, f) -> {
                w.setCell(f[0], f[1], 0, 1);
                return null;
            });

    private final World world = newWorld();
    private final int player = world.spawnPlayer(1);

    private static FieldSpec[] xy(FieldSpec... more) {
        List<FieldSpec> fields = new ArrayList<>(List.of(FieldSpec.integer("x", 0, 7), FieldSpec.integer("y", 0, 2)));
        fields.addAll(List.of(more));
        return fields.toArray(new FieldSpec[0]);
    }

    private static GameModule module(ModuleSpec spec, ModuleRules rules) {
        return FixedModule.of(spec, rules);
    }

    private WorldModules modules() {
        return ModuleCatalog.of(watcher, stones).resolve("p", List.of("watcher", "stones"), Map.of());
    }

    /** Lines day and night of 10 ticks; at night floor reads as wall. */
    private static ContentPack pack() {
        return ContentPack.compile(new PackDef("p", List.of(), Map.of(), new PackDef.ClockDef(List.of("day", "night"),
                10, List.of(new PackDef.TransmuteDef("night", "floor", "wall"))), List.of(), List.of(), List.of()),
                RuleRegistry.empty());
    }

    private World newWorld() {
        return World.create(MapText.parse(ROOM), pack(), modules(), 5, ObjectEngine.NO_BLOCKS);
    }

    /** One action of the player, run in the tick this steps. */
    private String act(World w, String action, int... fields) {
        assertThat(w.setModuleAction(w.entityOf(1), w.modules().action(action), fields)).isTrue();
        w.step();
        return w.events().reason(0);
    }

    @Test
    void aChangeOfAnyModulesValueOnAWatchedCellWakesTheWatcherNextTickOnce() {
        act(world, "watch", 4, 1, 3);                   // tick 0
        act(world, "mark", 4, 1, 1);                    // tick 1: a change
        act(world, "mark", 4, 1, 1);                    // tick 2: the same value again, no change
        act(world, "stone", 4, 1);                      // tick 3: another module's field
        act(world, "flip", 4, 1);                       // tick 4: two changes in one call
        act(world, "mark", 5, 1, 1);                    // tick 5: a cell nobody watches
        world.step();                                   // tick 6
        assertThat(seen).containsExactly("2:" + CELL_4_1 + "/3", "4:" + CELL_4_1 + "/3", "5:" + CELL_4_1 + "/3");

        act(world, "watch", 4, 1, 8);                   // tick 7: a second watch of the cell
        act(world, "unwatch", 4, 1, 3);                 // tick 8
        act(world, "mark", 4, 1, 1);                    // tick 9
        world.step();                                   // tick 10
        assertThat(seen).endsWith("10:" + CELL_4_1 + "/8").hasSize(4);
        assertThat(player).isEqualTo(world.entityOf(1));
    }

    @Test
    void aFailingHookTakesBackItsWatchesAndTheWakesItsChangesFired() {
        act(world, "watch", 4, 1, 3);
        World twin = newWorld();
        twin.spawnPlayer(1);
        act(twin, "watch", 4, 1, 3);

        assertThat(act(world, "fail", 4, 1)).isEqualTo("module_error");
        twin.step();
        assertThat(world.stateHash()).as("as if the action had not been sent").isEqualTo(twin.stateHash());
        act(world, "mark", 0, 0, 1);
        world.step();
        assertThat(seen).as("neither the undone change nor the undone watch wakes anything").isEmpty();

        assertThat(act(world, "flood", 2, 2)).as("a module may watch 65,536 cells at once").isEqualTo("module_error");
        act(world, "mark", 2, 2, 1);
        world.step();
        assertThat(seen).as("the refused flood's watches are gone").isEmpty();
    }

    @Test
    void aLineThatTransmutesAWatchedCellWakesItsWatchersAndOneThatDoesNotLeavesThemAlone() {
        act(world, "watch", 2, 0, 1);
        act(world, "mark", 3, 0, 1);
        act(world, "watch", 3, 0, 2);
        while (world.tick() < 21) {
            world.step();
        }
        // Floor turns wall at tick 10 (night) and back at 20 (day); (3, 0) changed at 1, before it was watched.
        assertThat(seen).containsExactly("10:2/1", "10:3/2", "20:2/1", "20:3/2");
    }

    @Test
    void watchesSurviveASnapshotAreInTheStateHashAndWakeTheRestoredWorldAsTheOriginal() {
        World unwatched = newWorld();
        unwatched.spawnPlayer(1);
        act(unwatched, "unwatch", 4, 1, 3);
        act(world, "watch", 4, 1, 3);
        assertThat(world.stateHash()).as("a watch is state").isNotEqualTo(unwatched.stateHash());
        act(world, "watch", 1, 2, 65_535);
        // Players are not in a snapshot's entities (they join again), so the player leaves first, as on a server.
        world.removePlayer(1);
        world.step();

        WorldSnapshot snapshot = world.snapshot();
        ModuleImage image = snapshot.modules().get(0);
        assertThat(image.watches()).containsExactly(CELL_4_1, 3, 2 * 8 + 1, 65_535);
        World restored = World.restore(world.grid(), world.pack(), modules(), snapshot, 5, ObjectEngine.NO_BLOCKS);
        assertThat(restored.stateHash()).isEqualTo(world.stateHash());
        world.spawnPlayer(1);
        restored.spawnPlayer(1);

        List<String> original = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            if (i == 3) {
                act(world, "mark", 4, 1, 1);
                act(restored, "mark", 4, 1, 1);
            } else {
                world.step();
                restored.step();
            }
            assertThat(restored.stateHash()).as("tick %d", world.tick()).isEqualTo(world.stateHash());
            if (i == 4) {
                original.addAll(seen);
            }
        }
        assertThat(original).containsExactly("7:" + CELL_4_1 + "/3", "7:" + CELL_4_1 + "/3");
        assertThat(seen).as("both worlds, the same wakes").hasSize(10).containsOnly(
                "7:" + CELL_4_1 + "/3", "10:" + CELL_4_1 + "/3", "10:17/65535",
                "20:" + CELL_4_1 + "/3", "20:17/65535");
    }
}
