package lor.sim.world;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import lor.sim.content.ContentPack;
import lor.sim.content.PackDef;
import lor.sim.content.RuleRegistry;
import lor.sim.content.TestPacks;
import lor.sim.grid.Direction;
import lor.sim.grid.MapText;
import lor.sim.module.FieldSpec;
import lor.sim.module.GameModule;
import lor.sim.module.ModuleCatalog;
import lor.sim.module.ModuleHook;
import lor.sim.module.ModuleRules;
import lor.sim.module.ModuleSettings;
import lor.sim.module.ModuleSpec;
import lor.sim.module.ModuleWorld;
import lor.sim.objects.ObjectEngine;
import org.junit.jupiter.api.Test;

/** The machinery every module runs on: actions whole or not at all, failures contained, wakes in one order. */
class ModuleHostTest {

    private static final String ROOM = """
            ........
            ...S....
            ........
            """;

    /** What the probe's hooks saw, in order. */
    private final List<String> seen = new ArrayList<>();

    /**
     * A module whose action {@code poke} sets its cell, its attribute, spends a coin, spawns an NPC, then ends as its
     * {@code mode} field says: done, refused, thrown, or with a reason it never declared.
     */
    private final GameModule probe = new GameModule() {
        private final ModuleSpec spec = ModuleSpec.builder("probe")
                .action("poke", FieldSpec.dir("dir"), FieldSpec.oneOf("mode", "done", "refuse", "fail", "undeclared"))
                .attribute("charge", 0, 5, 3).entityData("memo")
                .cell(1, "mark").blockingCell(2, "block")
                .reasons("not_now")
                .build();

        @Override
        public ModuleSpec spec() {
            return spec;
        }

        @Override
        public ModuleRules rules(ModuleSettings settings) {
            return new ModuleRules() {
                @Override
                public String act(ModuleWorld w, int entity, int action, int[] fields) {
                    Direction d = Direction.ofCode(fields[0]);
                    w.setCell(w.x(entity) + d.dx, w.y(entity) + d.dy, 0, 2);
                    w.setAttribute(entity, 0, 99);
                    w.setData(entity, 0, 7);
                    w.give(entity, 0, -1);
                    w.spawnNpc(0, 0, 0);
                    w.wakeAt(w.tick() + 1, entity, 9);
                    return switch (fields[1]) {
                        case 0 -> null;
                        case 1 -> "not_now";
                        case 2 -> throw new IllegalStateException("boom");
                        default -> "made_up";
                    };
                }

                @Override
                public void wake(ModuleWorld w, int key, int tag) {
                    seen.add(w.tick() + ":" + key + "/" + tag);
                    if (tag == 13) {
                        w.setCell(0, 0, 0, 1);
                        throw new IllegalArgumentException("wake failed");
                    }
                    if (tag == 9) {
                        w.wakeAt(w.tick() + 2, 40, 2);
                        w.wakeAt(w.tick() + 2, 3, 5);
                        w.wakeAt(w.tick() + 2, 40, 1);
                        w.wakeAt(w.tick() + 2, 3, 5);
                        w.wakeAt(w.tick() + 1, 0, 13);
                    }
                }
            };
        }
    };

    private final World world = World.create(MapText.parse(ROOM), pack(),
            ModuleCatalog.of(probe).resolve("p", List.of("probe"), Map.of()), 5, ObjectEngine.NO_BLOCKS);
    private final int player = world.spawnPlayer(1);

    {
        world.inventories().of(1);
    }

    private static ContentPack pack() {
        return ContentPack.compile(new PackDef("p", List.of("coin"), TestPacks.map("coin", 3), null, List.of(),
                List.of(), List.of()), RuleRegistry.empty());
    }

    @Test
    void anActionCarriedOutKeepsEverythingItDidAndAWallItMadeStopsMovement() {
        poke(Direction.E, 0);
        assertThat(world.events().reason(0)).isNull();
        assertThat(world.events().result(0)).isEqualTo(IntentOutcome.DONE);
        assertThat(world.moduleField(0).get(4, 1, 0)).isEqualTo(2);
        assertThat(world.attributeAt(world.slotOf(player), 0)).as("clamped to its bounds").isEqualTo(5);
        assertThat(world.inventories().of(1).count(0)).isEqualTo(2);
        assertThat(world.entityCount()).isEqualTo(2);
        world.setIntent(player, Direction.E);
        world.step();
        assertThat(world.events().result(0)).isEqualTo(IntentOutcome.WALL);
    }

    @Test
    void aRefusedFailedOrUndeclaredEndingUndoesTheWholeAction() {
        for (int mode = 1; mode <= 3; mode++) {
            World twin = twinAt(world.tick());
            poke(Direction.E, mode);
            assertThat(world.events().reason(0)).isEqualTo(mode == 1 ? "not_now" : "module_error");
            assertThat(world.moduleField(0).get(4, 1, 0)).isZero();
            assertThat(world.attributeAt(world.slotOf(player), 0)).isEqualTo(3);
            assertThat(world.inventories().of(1).count(0)).isEqualTo(3);
            assertThat(world.entityCount()).as("the NPC spawned is taken back").isEqualTo(1);
            assertThat(world.moduleWakes()).isZero();
            twin.step();
            assertThat(world.stateHash()).as("as if the action had not been sent").isEqualTo(twin.stateHash());
        }
        ModuleStats failures = world.moduleStats();
        assertThat(failures.count(0, ModuleHook.ACT)).isEqualTo(2);
        assertThat(failures.takeFailures()).satisfiesExactly(
                f -> assertThat(f.error()).hasMessage("boom"),
                f -> {
                    assertThat(f.module()).isEqualTo("probe");
                    assertThat(f.error()).hasMessageContaining("\"made_up\", which it does not declare");
                });
    }

    @Test
    void wakesDueAtATickRunByKeyAndTagEachOnceAndAFailingWakeIsUndoneAndCounted() {
        poke(Direction.E, 0);
        world.step();
        world.step();
        world.step();
        assertThat(seen).containsExactly("1:1/9", "2:0/13", "3:3/5", "3:40/1", "3:40/2");
    }

    @Test
    void aWakeThatThrowsChangesNothingAndIsCountedWithItsModuleAndHook() {
        poke(Direction.E, 0);
        world.step();
        world.step();
        assertThat(world.moduleField(0).get(0, 0, 0)).as("the failing wake's cell is undone").isZero();
        ModuleStats failures = world.moduleStats();
        assertThat(failures.count(0, ModuleHook.WAKE)).isEqualTo(1);
        assertThat(failures.failingTicks(0, 2)).isEqualTo(1);
        assertThat(failures.takeFailures()).singleElement().satisfies(f -> {
            assertThat(f.hook()).isEqualTo(ModuleHook.WAKE);
            assertThat(f.tick()).isEqualTo(2);
            assertThat(f.error()).hasMessage("wake failed");
        });
        world.step();
        assertThat(failures.takeFailures()).as("taken already, and none since").isEmpty();
        assertThat(failures.failingTicks(0, 3)).isZero();
    }

    private void poke(Direction dir, int mode) {
        assertThat(world.setModuleAction(player, world.modules().action("poke"), new int[] {dir.code(), mode}))
                .isTrue();
        world.step();
    }

    private World twinAt(long tick) {
        World twin = World.create(MapText.parse(ROOM), pack(),
                ModuleCatalog.of(probe).resolve("p", List.of("probe"), Map.of()), 5, ObjectEngine.NO_BLOCKS);
        twin.spawnPlayer(1);
        // A server hands a player its inventory when it joins (welcome carries it).
        twin.inventories().of(1);
        while (twin.tick() < tick) {
            twin.step();
        }
        return twin;
    }
}
