package lor.sim.world;

import static lor.sim.world.Worlds.position;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import lor.sim.grid.Cells;
import lor.sim.grid.Direction;
import lor.sim.grid.Grid;
import lor.sim.grid.GridSize;
import lor.sim.grid.MapGenerator;
import lor.sim.grid.MapText;
import lor.sim.grid.Portal;
import lor.sim.util.SplitMix64;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class WorldTest {

    /** Open 9×9, spawn point at the centre (4, 4). */
    private static final Grid OPEN = Grid.open(new GridSize(9, 9, 1));

    // ---- joining and leaving ----------------------------------------------------------------------------------

    @Test
    void spawnsTheFirstPlayerAtTheMapSpawnPoint() {
        World world = World.create(MapText.parse("""
                #####
                #...#
                #.S.#
                #####
                """), 1);

        int id = world.spawnPlayer(500);

        assertThat(id).isEqualTo(1);
        assertThat(position(world, id)).containsExactly(2, 2, 0);
        assertThat(world.occupant(2, 2, 0)).isEqualTo(id);
        assertThat(world.kindAt(world.slotOf(id))).isEqualTo(EntityKind.PLAYER);
        assertThat(world.accountAt(world.slotOf(id))).isEqualTo(500);
        assertThat(world.entityOf(500)).isEqualTo(id);
        assertThat(world.onlinePlayers()).isEqualTo(1);
        assertThat(world.entityCount()).isEqualTo(1);
    }

    @Test
    void spawnsLaterPlayersOnTheNearestFreeCellsRingByRing() {
        World world = World.create(OPEN, 1);
        List<List<Integer>> cells = new ArrayList<>();
        for (long account = 1; account <= 10; account++) {
            int[] at = position(world, world.spawnPlayer(account));
            cells.add(List.of(at[0], at[1]));
        }

        // Ring 0, then ring 1 row by row from the top, then the first cell of ring 2.
        assertThat(cells).containsExactly(
                List.of(4, 4),
                List.of(3, 3), List.of(4, 3), List.of(5, 3),
                List.of(3, 4), List.of(5, 4),
                List.of(3, 5), List.of(4, 5), List.of(5, 5),
                List.of(2, 2));
    }

    @Test
    void skipsWallsWhenLookingForTheNearestFreeCell() {
        World world = World.create(MapText.parse("""
                .....
                .###.
                .#S#.
                .##..
                .....
                """), 1);

        world.spawnPlayer(1);
        int second = world.spawnPlayer(2);
        int third = world.spawnPlayer(3);

        assertThat(position(world, second)).containsExactly(3, 3, 0);
        assertThat(position(world, third)).containsExactly(0, 0, 0);
    }

    @Test
    void spawnsOnAnotherLayerWhenThePreferredOneIsFull() {
        World world = World.create(Grid.open(new GridSize(1, 1, 2)), 1);

        int first = world.spawnPlayer(1);
        int second = world.spawnPlayer(2);

        assertThat(position(world, first)).containsExactly(0, 0, 0);
        assertThat(position(world, second)).containsExactly(0, 0, 1);
    }

    @Test
    void givesAnAccountSpawnedTwiceItsSameEntity() {
        World world = World.create(OPEN, 1);

        int first = world.spawnPlayer(77);
        int again = world.spawnPlayer(77);

        assertThat(again).isEqualTo(first);
        assertThat(world.entityCount()).isEqualTo(1);
        assertThat(world.onlinePlayers()).isEqualTo(1);
    }

    @Test
    void refusesAPlayerWhenNoCellIsFree() {
        World world = World.create(MapText.parse("#S.#\n"), 1);

        assertThat(world.spawnPlayer(1)).isEqualTo(1);
        assertThat(world.spawnPlayer(2)).isEqualTo(2);
        assertThat(world.spawnPlayer(3)).isZero();
        assertThat(world.entityOf(3)).isZero();
        assertThat(world.addNpcs(4)).isZero();
        assertThat(world.entityCount()).isEqualTo(2);
        assertThat(world.onlinePlayers()).isEqualTo(2);
    }

    @Test
    void removeFreesTheCellAndRespawnReturnsToTheSavedPosition() {
        World world = World.create(OPEN, 1);
        int id = world.spawnPlayer(9);
        world.setIntent(id, Direction.E);
        world.step();
        world.setIntent(id, Direction.S);
        world.step();

        world.removePlayer(9);

        assertThat(world.occupant(5, 5, 0)).isZero();
        assertThat(world.entityOf(9)).isZero();
        assertThat(world.slotOf(id)).isEqualTo(-1);
        assertThat(world.onlinePlayers()).isZero();
        assertThat(world.entityCount()).isZero();
        assertThat(world.setIntent(id, Direction.N)).isFalse();

        int again = world.spawnPlayer(9);

        assertThat(again).as("ids are never reused").isEqualTo(id + 1);
        assertThat(position(world, again)).containsExactly(5, 5, 0);
    }

    @Test
    void respawnsNextToTheSavedPositionWhenSomeoneStandsThere() {
        World world = World.restore(OPEN, new WorldSnapshot(0, 1, List.of(
                new PlayerRecord(1, 1, 1, 0), new PlayerRecord(2, 1, 1, 0))), 1);

        int squatter = world.spawnPlayer(2);
        int owner = world.spawnPlayer(1);

        assertThat(position(world, squatter)).containsExactly(1, 1, 0);
        assertThat(position(world, owner)).containsExactly(0, 0, 0);
    }

    // ---- arriving through a portal, leaving by one -------------------------------------------------------------

    @Test
    void spawnPlayerAtPutsTheArrivalOnTheGivenCellWhenItIsFree() {
        World world = World.create(OPEN, 1);

        int id = world.spawnPlayerAt(7, 2, 6, 0);

        assertThat(id).isEqualTo(1);
        assertThat(position(world, id)).containsExactly(2, 6, 0);
        assertThat(world.entityOf(7)).isEqualTo(id);
        assertThat(world.kindAt(world.slotOf(id))).isEqualTo(EntityKind.PLAYER);
        assertThat(world.accountAt(world.slotOf(id))).isEqualTo(7);
        assertThat(world.onlinePlayers()).isEqualTo(1);
    }

    @Test
    void spawnPlayerAtTakesTheNearestFreeCellWhenTheGivenOneIsTaken() {
        World world = Worlds.withPlayersAt(OPEN, 1, new int[] {2, 6, 0});

        int id = world.spawnPlayerAt(7, 2, 6, 0);

        // Ring 1 is searched row by row from the top: its first cell is up and to the left.
        assertThat(position(world, id)).containsExactly(1, 5, 0);
        assertThat(position(world, 1)).containsExactly(2, 6, 0);
        assertThat(Worlds.brokenInvariant(world)).isNull();
    }

    @Test
    void spawnPlayerAtAWallTakesTheNearestFloor() {
        World world = World.create(MapText.parse("""
                #####
                #.#S#
                #####
                """), 1);

        int id = world.spawnPlayerAt(7, 2, 1, 0);

        assertThat(position(world, id)).containsExactly(1, 1, 0);
    }

    @Test
    void spawnPlayerAtIgnoresTheSavedPositionAndReplacesIt() {
        World world = World.restore(OPEN, new WorldSnapshot(0, 1, List.of(new PlayerRecord(7, 1, 1, 0))), 1);

        int id = world.spawnPlayerAt(7, 6, 7, 0);

        assertThat(position(world, id)).containsExactly(6, 7, 0);
        world.removePlayer(7);
        assertThat(world.snapshot().players()).containsExactly(new PlayerRecord(7, 6, 7, 0));
        assertThat(position(world, world.spawnPlayer(7))).as("the next plain join comes back here")
                .containsExactly(6, 7, 0);
    }

    @Test
    void spawnPlayerAtLeavesAnAccountAlreadyPresentWhereItIs() {
        World world = World.create(OPEN, 1);
        int id = world.spawnPlayer(7);

        int again = world.spawnPlayerAt(7, 0, 0, 0);

        assertThat(again).isEqualTo(id);
        assertThat(position(world, id)).containsExactly(4, 4, 0);
        assertThat(world.entityCount()).isEqualTo(1);
        assertThat(world.occupant(0, 0, 0)).isZero();
        assertThat(world.snapshot().players()).containsExactly(new PlayerRecord(7, 4, 4, 0));
    }

    @Test
    void spawnPlayerAtACellOffTheGridPlacesNobodyAndForgetsNothing() {
        World world = World.restore(OPEN, new WorldSnapshot(0, 1, List.of(new PlayerRecord(7, 1, 1, 0))), 1);

        assertThat(world.spawnPlayerAt(7, 9, 0, 0)).isZero();
        assertThat(world.spawnPlayerAt(7, 0, 9, 0)).isZero();
        assertThat(world.spawnPlayerAt(7, 0, 0, 1)).isZero();
        assertThat(world.spawnPlayerAt(8, -1, 0, 0)).isZero();

        assertThat(world.entityCount()).isZero();
        assertThat(world.entityOf(7)).isZero();
        assertThat(world.snapshot().players()).containsExactly(new PlayerRecord(7, 1, 1, 0));
    }

    @Test
    void spawnPlayerAtAFullWorldPlacesNobody() {
        World world = World.create(MapText.parse("#S#\n"), 1);
        world.spawnPlayer(1);

        assertThat(world.spawnPlayerAt(2, 1, 0, 0)).isZero();
        assertThat(world.entityOf(2)).isZero();
        assertThat(world.entityCount()).isEqualTo(1);
    }

    @Test
    void removePlayerWithASavedCellFreesItsCellAndTheNextJoinUsesTheSavedOne() {
        World world = World.create(OPEN, 1);
        int id = world.spawnPlayer(9);
        world.setIntent(id, Direction.E);
        world.step();

        world.removePlayer(9, 4, 4, 0);

        assertThat(world.occupant(5, 4, 0)).isZero();
        assertThat(world.entityOf(9)).isZero();
        assertThat(world.entityCount()).isZero();
        assertThat(world.snapshot().players()).containsExactly(new PlayerRecord(9, 4, 4, 0));
        assertThat(position(world, world.spawnPlayer(9))).containsExactly(4, 4, 0);
    }

    @Test
    void removePlayerWithASavedCellOfAnAbsentAccountRemembersNothing() {
        World world = Worlds.withPlayersAt(OPEN, 1, new int[] {1, 1, 0});
        long before = world.stateHash();

        world.removePlayer(42, 3, 3, 0);

        assertThat(world.stateHash()).isEqualTo(before);
        assertThat(world.snapshot().players()).extracting(PlayerRecord::accountId).containsExactly(1L);
    }

    @Test
    void aPlayerStepsOntoAPortalCellLikeOntoFloor() {
        World world = Worlds.withPlayersAt(MapText.parse("@portal a cellar 1 1 0\n.a\n"), 1, new int[] {0, 0, 0});

        world.setIntent(1, Direction.E);
        world.step();

        assertThat(world.events().result(0)).isEqualTo(IntentOutcome.MOVED);
        assertThat(position(world, 1)).containsExactly(1, 0, 0);
        assertThat(world.grid().portalAt(world.grid().size().index(1, 0, 0)).targetWorld()).isEqualTo("cellar");
    }

    @Test
    void anNpcNeverAimsAtAPortalCell() {
        // Every cell an NPC here could aim at, other than its own, is a portal: it must stay where it is. Nobody
        // is placed on a portal either, so the middle cell is the only place the NPC can start from.
        Grid corridor = Grid.of(new GridSize(3, 1, 1), new int[] {Cells.portalFloor(1), Cells.FLOOR,
                Cells.portalFloor(1)}, 1, 0, 0, List.of(new Portal(1, "cellar", 1, 1, 0)));
        World world = World.create(corridor, 5);
        assertThat(world.addNpcs(2)).as("one free cell: portals take nobody").isEqualTo(1);
        int npc = world.idAt(0);
        assertThat(position(world, npc)).containsExactly(1, 0, 0);

        for (int tick = 0; tick < 200; tick++) {
            world.step();
            assertThat(position(world, npc)).as("tick %d", tick).containsExactly(1, 0, 0);
        }
    }

    @Test
    void aPlayerIsNeverPutDownOnAPortal() {
        Grid corridor = Grid.of(new GridSize(3, 1, 1), new int[] {Cells.portalFloor(1), Cells.FLOOR,
                Cells.portalFloor(1)}, 0, 0, 0, List.of(new Portal(1, "cellar", 1, 1, 0)));
        World world = World.create(corridor, 5);

        int first = world.spawnPlayer(1);
        assertThat(position(world, first)).containsExactly(1, 0, 0);
        assertThat(world.spawnPlayer(2)).as("only portals are left").isZero();
        assertThat(world.spawnPlayerAt(3, 2, 0, 0)).isZero();
    }

    @Test
    void withoutPortalsTheSameNpcWalks() {
        // The control for anNpcNeverAimsAtAPortalCell: on plain floor the NPC leaves its cell.
        World world = Worlds.withPlayersAt(Grid.open(new GridSize(3, 1, 1)), 5, new int[] {0, 0, 0},
                new int[] {2, 0, 0});
        world.addNpcs(1);
        int npc = world.idAt(world.slotCount() - 1);
        world.removePlayer(1);
        world.removePlayer(2);
        boolean moved = false;

        for (int tick = 0; tick < 200 && !moved; tick++) {
            world.step();
            moved = !Worlds.at(world, npc, 1, 0, 0);
        }

        assertThat(moved).isTrue();
    }

    // ---- snapshots --------------------------------------------------------------------------------------------

    @Test
    void restoreKeepsTheClockTheIdCounterAndSavedPositions() {
        World world = World.create(OPEN, 3);
        int a = world.spawnPlayer(1);
        int b = world.spawnPlayer(2);
        world.addNpcs(3);
        for (int i = 0; i < 5; i++) {
            world.setIntent(a, Direction.W);
            world.step();
        }
        int[] aAt = position(world, a);
        int[] bAt = position(world, b);
        world.removePlayer(2);

        WorldSnapshot snapshot = world.snapshot();
        World restored = World.restore(OPEN, snapshot, 3);

        assertThat(snapshot.tick()).isEqualTo(5);
        assertThat(snapshot.nextEntityId()).isEqualTo(6);
        assertThat(snapshot.players()).containsExactly(
                new PlayerRecord(1, aAt[0], aAt[1], aAt[2]), new PlayerRecord(2, bAt[0], bAt[1], bAt[2]));
        assertThat(restored.tick()).isEqualTo(5);
        assertThat(restored.entityCount()).as("everyone offline after a restore").isZero();
        int b2 = restored.spawnPlayer(2);
        int a2 = restored.spawnPlayer(1);
        assertThat(b2).isEqualTo(6);
        assertThat(a2).isEqualTo(7);
        assertThat(position(restored, a2)).isEqualTo(aAt);
        assertThat(position(restored, b2)).isEqualTo(bAt);
        assertThat(restored.addNpcs(1)).isEqualTo(1);
        assertThat(restored.idAt(restored.slotCount() - 1)).isEqualTo(8);
    }

    @Test
    void snapshotOfARestoredWorldEqualsTheOriginalSnapshot() {
        World world = World.create(MapGenerator.rooms(new GridSize(40, 30, 2), 6, 2), 8);
        for (long account = 10; account < 20; account++) {
            world.spawnPlayer(account);
        }
        world.addNpcs(20);
        SplitMix64 random = new SplitMix64(5);
        for (int tick = 0; tick < 50; tick++) {
            for (long account = 10; account < 20; account++) {
                world.setIntent(world.entityOf(account), Direction.values()[random.nextInt(4)]);
            }
            world.step();
        }
        world.removePlayer(12);
        world.removePlayer(17);

        WorldSnapshot snapshot = world.snapshot();

        assertThat(World.restore(world.grid(), snapshot, 8).snapshot()).isEqualTo(snapshot);
        assertThat(snapshot.players()).hasSize(10);
    }

    @Test
    void savedPositionThatBecameAWallFallsBackToTheNearestFreeCell() {
        WorldSnapshot snapshot = new WorldSnapshot(40, 9, List.of(new PlayerRecord(1, 2, 2, 0)));
        Grid rebuilt = MapText.parse("""
                .....
                .###.
                .###S
                .###.
                .....
                """);

        World world = World.restore(rebuilt, snapshot, 1);
        int id = world.spawnPlayer(1);

        assertThat(id).isEqualTo(9);
        assertThat(position(world, id)).containsExactly(0, 0, 0);
    }

    @Test
    void savedPositionOffASmallerGridFallsBackToTheSpawnPoint() {
        WorldSnapshot snapshot = new WorldSnapshot(40, 9, List.of(
                new PlayerRecord(1, 20, 3, 0), new PlayerRecord(2, 3, 3, 2)));

        World world = World.restore(OPEN, snapshot, 1);
        int first = world.spawnPlayer(1);
        int second = world.spawnPlayer(2);

        assertThat(position(world, first)).containsExactly(4, 4, 0);
        assertThat(position(world, second)).containsExactly(3, 3, 0);
    }

    // ---- stepping ---------------------------------------------------------------------------------------------

    @Test
    void stepAdvancesTheClock() {
        World world = World.create(OPEN, 1);

        world.step();
        world.step();

        assertThat(world.tick()).isEqualTo(2);
    }

    @Test
    void eventsListOneResultPerPlayerIntentInAscendingIdOrder() {
        World world = Worlds.withPlayersAt(MapText.parse("""
                .#...
                .....
                """), 1, new int[] {0, 0, 0}, new int[] {2, 0, 0}, new int[] {3, 0, 0}, new int[] {4, 1, 0});
        world.addNpcs(2);

        world.setIntent(4, Direction.S);
        world.setIntent(3, Direction.W);
        world.setIntent(2, Direction.W);
        world.setIntent(1, Direction.N);
        world.step();

        TickEvents events = world.events();
        assertThat(events.count()).isEqualTo(4);
        assertThat(List.of(events.entityId(0), events.entityId(1), events.entityId(2), events.entityId(3)))
                .containsExactly(1, 2, 3, 4);
        assertThat(List.of(events.result(0), events.result(1), events.result(2), events.result(3)))
                .containsExactly(IntentOutcome.OUT_OF_BOUNDS, IntentOutcome.WALL, IntentOutcome.OCCUPIED,
                        IntentOutcome.OUT_OF_BOUNDS);
    }

    @Test
    void eventsListOnlyPlayersWithAnIntentAndLastOneTick() {
        World world = Worlds.withPlayersAt(OPEN, 1, new int[] {1, 1, 0}, new int[] {5, 5, 0});
        world.addNpcs(5);
        world.setIntent(2, Direction.E);
        world.step();

        assertThat(world.events().count()).isEqualTo(1);
        assertThat(world.events().entityId(0)).isEqualTo(2);
        // An NPC may have been placed on (6, 5); the result must say what happened either way.
        assertThat(world.events().result(0))
                .isEqualTo(Worlds.at(world, 2, 6, 5, 0) ? IntentOutcome.MOVED : IntentOutcome.OCCUPIED);

        world.step();

        assertThat(world.events().count()).isZero();
    }

    @Test
    void npcsWanderOnAnOpenMap() {
        World world = World.create(Grid.open(new GridSize(48, 48, 1)), 21);
        assertThat(world.addNpcs(40)).isEqualTo(40);
        Map<Integer, int[]> start = new HashMap<>();
        for (int slot = 0; slot < world.slotCount(); slot++) {
            assertThat(world.kindAt(slot)).isEqualTo(EntityKind.NPC);
            start.put(world.idAt(slot), position(world, world.idAt(slot)));
        }
        Map<Integer, Integer> moves = new HashMap<>();

        for (int tick = 0; tick < 100; tick++) {
            int[][] before = new int[world.slotCount()][];
            for (int slot = 0; slot < world.slotCount(); slot++) {
                before[slot] = position(world, world.idAt(slot));
            }
            world.step();
            for (int slot = 0; slot < world.slotCount(); slot++) {
                int[] after = position(world, world.idAt(slot));
                if (after[0] != before[slot][0] || after[1] != before[slot][1]) {
                    moves.merge(world.idAt(slot), 1, Integer::sum);
                }
            }
            assertThat(Worlds.brokenInvariant(world)).isNull();
        }

        assertThat(moves).as("every NPC moved").hasSize(40);
        // Paths of up to 20 steps with re-planning in between: most ticks, most NPCs are walking.
        assertThat(moves.values().stream().mapToInt(Integer::intValue).sum()).isGreaterThan(40 * 100 / 2);
        assertThat(world.events().count()).as("NPC steps are not player events").isZero();
    }

    @Test
    void addNpcsPlacesThemOnFreeCellsOfLayerZeroWithFreshIds() {
        World world = World.create(MapGenerator.scatter(new GridSize(30, 30, 2), 0.3, 4), 4);
        int player = world.spawnPlayer(1);

        assertThat(world.addNpcs(100)).isEqualTo(100);

        assertThat(world.entityCount()).isEqualTo(101);
        assertThat(world.onlinePlayers()).isEqualTo(1);
        for (int slot = 0; slot < world.slotCount(); slot++) {
            assertThat(world.idAt(slot)).isEqualTo(slot + 1);
            if (world.idAt(slot) != player) {
                assertThat(world.layerAt(slot)).isZero();
                assertThat(world.accountAt(slot)).isZero();
            }
        }
        assertThat(Worlds.brokenInvariant(world)).isNull();
    }

    @Test
    void removedPlayerSlotReadsAsNotLiveUntilTheNextStepClosesTheGap() {
        World world = Worlds.withPlayersAt(OPEN, 1, new int[] {1, 1, 0}, new int[] {2, 2, 0}, new int[] {3, 3, 0});

        world.removePlayer(2);

        assertThat(world.slotCount()).isEqualTo(3);
        assertThat(world.isLive(1)).isFalse();
        assertThat(world.entityCount()).isEqualTo(2);
        assertThat(world.setIntent(3, Direction.N)).isTrue();

        world.step();

        assertThat(world.slotCount()).isEqualTo(2);
        assertThat(world.idAt(1)).isEqualTo(3);
        assertThat(world.slotOf(3)).isEqualTo(1);
        assertThat(position(world, 3)).containsExactly(3, 2, 0);
        assertThat(Worlds.brokenInvariant(world)).isNull();
    }

    @Test
    void removingAnUnknownAccountChangesNothing() {
        World world = Worlds.withPlayersAt(OPEN, 1, new int[] {1, 1, 0});
        long before = world.stateHash();

        world.removePlayer(42);

        assertThat(world.stateHash()).isEqualTo(before);
        assertThat(world.entityCount()).isEqualTo(1);
    }

    @Test
    void stateHashChangesWhenAnEntityStandsElsewhere() {
        Grid twoLayers = Grid.open(new GridSize(9, 9, 2));
        World world = Worlds.withPlayersAt(twoLayers, 1, new int[] {1, 1, 0});
        World same = Worlds.withPlayersAt(twoLayers, 1, new int[] {1, 1, 0});

        assertThat(same.stateHash()).isEqualTo(world.stateHash());
        assertThat(Worlds.withPlayersAt(twoLayers, 1, new int[] {2, 1, 0}).stateHash()).isNotEqualTo(world.stateHash());
        assertThat(Worlds.withPlayersAt(twoLayers, 1, new int[] {1, 2, 0}).stateHash()).isNotEqualTo(world.stateHash());
        assertThat(Worlds.withPlayersAt(twoLayers, 1, new int[] {1, 1, 1}).stateHash()).isNotEqualTo(world.stateHash());
        assertThat(Worlds.withPlayersAt(twoLayers, 2, new int[] {1, 1, 0}).stateHash())
                .as("the random state is part of it").isNotEqualTo(world.stateHash());
    }

    // ---- entitiesNear -----------------------------------------------------------------------------------------

    @Property(tries = 100)
    void entitiesNearEqualsABruteForceScan(@ForAll @IntRange(min = 1, max = 60) int width,
                                           @ForAll @IntRange(min = 1, max = 60) int height,
                                           @ForAll @IntRange(min = 1, max = 2) int layers,
                                           @ForAll @IntRange(min = 0, max = 200) int npcs,
                                           @ForAll long seed) {
        World world = World.create(MapGenerator.scatter(new GridSize(width, height, layers), 0.15, seed), seed);
        for (long account = 1; account <= 10; account++) {
            world.spawnPlayer(account);
        }
        world.addNpcs(npcs);
        SplitMix64 random = new SplitMix64(seed);
        int[] out = new int[world.entityCount() + 1];
        for (int tick = 0; tick < 12; tick++) {
            world.step();
            if (tick == 5) {
                world.removePlayer(3);
                world.removePlayer(4);
            }
            if (tick == 8) {
                world.spawnPlayer(3);
            }
            for (int q = 0; q < 5; q++) {
                int x = random.nextInt(width + 40) - 20;
                int y = random.nextInt(height + 40) - 20;
                int layer = random.nextInt(layers);
                int radius = random.nextInt(30);

                int found = world.entitiesNear(x, y, layer, radius, out);

                List<Integer> expected = new ArrayList<>();
                for (int slot = 0; slot < world.slotCount(); slot++) {
                    if (world.isLive(slot) && world.layerAt(slot) == layer && Math.abs(world.xAt(slot) - x) <= radius
                            && Math.abs(world.yAt(slot) - y) <= radius) {
                        expected.add(slot);
                    }
                }
                List<Integer> actual = new ArrayList<>();
                for (int i = 0; i < found; i++) {
                    actual.add(out[i]);
                }
                assertThat(actual).as("tick %d (%d,%d,%d) r=%d", tick, x, y, layer, radius).isEqualTo(expected);
            }
        }
    }

    @Test
    void entitiesNearRespectsTheOutputCapacity() {
        World world = World.create(Grid.open(new GridSize(20, 20, 1)), 2);
        world.addNpcs(100);
        int[] out = new int[7];

        int found = world.entitiesNear(10, 10, 0, 30, out);

        assertThat(found).isEqualTo(7);
        assertThat(out).isSorted().doesNotHaveDuplicates();
    }
}
