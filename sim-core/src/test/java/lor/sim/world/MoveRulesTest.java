package lor.sim.world;

import static lor.sim.world.Worlds.position;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import lor.sim.clock.Field;
import lor.sim.content.TestPacks;
import lor.sim.grid.Cells;
import lor.sim.grid.Direction;
import lor.sim.grid.Grid;
import lor.sim.grid.GridSize;
import lor.sim.grid.MapGenerator;
import lor.sim.util.SplitMix64;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** The movement rule, on its own and as the world applies it tick by tick. */
class MoveRulesTest {

    /** The contract's directions, written out independently of {@link Direction}: N is y−1, E is x+1. */
    private static final Map<Direction, int[]> DELTA = Map.of(
            Direction.N, new int[] {0, -1}, Direction.E, new int[] {1, 0},
            Direction.S, new int[] {0, 1}, Direction.W, new int[] {-1, 0});

    private enum Target { FREE, WALL, OCCUPIED }

    /**
     * One entity at a random cell steps in a random direction towards a free, walled or occupied cell (or off the
     * grid): the result names the reason, a refused entity stays put, a moved one is exactly one cell further.
     */
    @Property(tries = 400)
    void stepsOrRefusesOneCellByTheRules(@ForAll @IntRange(min = 1, max = 8) int width,
                                         @ForAll @IntRange(min = 1, max = 8) int height,
                                         @ForAll @IntRange(min = 1, max = 2) int layers,
                                         @ForAll @IntRange(min = 0, max = 7) int x,
                                         @ForAll @IntRange(min = 0, max = 7) int y,
                                         @ForAll @IntRange(min = 0, max = 1) int layer,
                                         @ForAll Direction direction,
                                         @ForAll Target target) {
        GridSize size = new GridSize(width, height, layers);
        int cx = Math.min(x, width - 1);
        int cy = Math.min(y, height - 1);
        int cl = Math.min(layer, layers - 1);
        int nx = cx + DELTA.get(direction)[0];
        int ny = cy + DELTA.get(direction)[1];
        boolean onGrid = size.contains(nx, ny, cl);
        int[] cells = new int[size.cells()];
        if (onGrid && target == Target.WALL) {
            cells[size.index(nx, ny, cl)] = Cells.WALL;
        }
        Grid grid = Grid.of(size, cells, 0, 0, 0);
        World world = onGrid && target == Target.OCCUPIED
                ? Worlds.withPlayersAt(grid, 1, new int[] {cx, cy, cl}, new int[] {nx, ny, cl})
                : Worlds.withPlayersAt(grid, 1, new int[] {cx, cy, cl});

        assertThat(world.setIntent(1, direction)).isTrue();
        world.step();

        IntentOutcome expected = !onGrid ? IntentOutcome.OUT_OF_BOUNDS : switch (target) {
            case FREE -> IntentOutcome.MOVED;
            case WALL -> IntentOutcome.WALL;
            case OCCUPIED -> IntentOutcome.OCCUPIED;
        };
        assertThat(world.events().count()).isEqualTo(1);
        assertThat(world.events().result(0)).isEqualTo(expected);
        if (expected == IntentOutcome.MOVED) {
            assertThat(position(world, 1)).containsExactly(nx, ny, cl);
            assertThat(world.occupant(cx, cy, cl)).isZero();
            assertThat(world.occupant(nx, ny, cl)).isEqualTo(1);
        } else {
            assertThat(position(world, 1)).containsExactly(cx, cy, cl);
            assertThat(world.occupant(cx, cy, cl)).isEqualTo(1);
        }
        assertThat(Worlds.brokenInvariant(world)).isNull();
    }

    @Test
    void checksBoundsThenWallsThenOccupancy() {
        Grid grid = Grid.of(new GridSize(3, 1, 1), new int[] {0, Cells.WALL, 0}, 0, 0, 0);
        int[] occupancy = {1, 7, 0};

        assertThat(MoveRules.check(grid, occupancy, 0, 0, 0, Direction.W)).isEqualTo(IntentOutcome.OUT_OF_BOUNDS);
        assertThat(MoveRules.check(grid, occupancy, 0, 0, 0, Direction.N)).isEqualTo(IntentOutcome.OUT_OF_BOUNDS);
        assertThat(MoveRules.check(grid, occupancy, 0, 0, 0, Direction.E)).isEqualTo(IntentOutcome.WALL);
        assertThat(MoveRules.check(grid, occupancy, 2, 0, 0, Direction.W)).isEqualTo(IntentOutcome.WALL);
        occupancy[2] = 4;
        assertThat(MoveRules.check(grid, occupancy, 2, 0, 0, Direction.E)).isEqualTo(IntentOutcome.OUT_OF_BOUNDS);
    }

    @Test
    void aStandingRefusalIsTheLinesWallOrAnObjectAndTheStepSaysTheSame() {
        // One row: floor, water that the economy's night floods, an object (-3), an entity (7), floor.
        int[] cells = {0, Cells.floor(Cells.TERRAIN_WATER), 0, 0, 0};
        Grid grid = Grid.of(new GridSize(5, 1, 1), cells, 0, 0, 0);
        Field night = new Field(grid, TestPacks.compiled(TestPacks.economy()).clock(), 2);
        int[] occupancy = {1, 0, -3, 7, 0};

        assertThat(List.of(0, 1, 2, 3, 4)).map(i -> MoveRules.standingResult(night, occupancy, i)).containsExactly(
                IntentOutcome.MOVED, IntentOutcome.WALL, IntentOutcome.OCCUPIED, IntentOutcome.MOVED,
                IntentOutcome.MOVED);
        assertThat(List.of(0, 1, 2, 3)).map(x -> MoveRules.check(night, occupancy, x, 0, 0, Direction.E))
                .as("an entity refuses the step, not the standing rule").containsExactly(
                        IntentOutcome.WALL, IntentOutcome.OCCUPIED, IntentOutcome.OCCUPIED, IntentOutcome.MOVED);
        Field day = new Field(grid, TestPacks.compiled(TestPacks.economy()).clock(), 0);
        assertThat(MoveRules.standingResult(day, occupancy, 1)).as("water by day").isEqualTo(IntentOutcome.MOVED);
    }

    @Test
    void checksTheMoversLayerOnly() {
        GridSize size = new GridSize(2, 1, 2);
        Grid grid = Grid.of(size, new int[] {0, Cells.WALL, 0, 0}, 0, 0, 0);
        int[] occupancy = new int[size.cells()];

        assertThat(MoveRules.check(grid, occupancy, 0, 0, 0, Direction.E)).isEqualTo(IntentOutcome.WALL);
        assertThat(MoveRules.check(grid, occupancy, 0, 0, 1, Direction.E)).isEqualTo(IntentOutcome.MOVED);
        occupancy[size.index(1, 0, 1)] = 3;
        assertThat(MoveRules.check(grid, occupancy, 0, 0, 1, Direction.E)).isEqualTo(IntentOutcome.OCCUPIED);
    }

    @Test
    void takesAtMostOneStepPerEntityPerTick() {
        World world = Worlds.withPlayersAt(Grid.open(new GridSize(9, 9, 1)), 1, new int[] {4, 4, 0});

        assertThat(world.setIntent(1, Direction.E)).isTrue();
        assertThat(world.setIntent(1, Direction.E)).isFalse();
        assertThat(world.setIntent(1, Direction.N)).isFalse();
        world.step();

        assertThat(position(world, 1)).containsExactly(5, 4, 0);
        assertThat(world.events().count()).isEqualTo(1);
        assertThat(world.setIntent(1, Direction.N)).as("a new tick takes a new intent").isTrue();
    }

    @Test
    void refusesAnIntentForAnEntityThatDoesNotExist() {
        World world = Worlds.withPlayersAt(Grid.open(new GridSize(9, 9, 1)), 1, new int[] {4, 4, 0});

        assertThat(world.setIntent(2, Direction.E)).isFalse();
        assertThat(world.setIntent(0, Direction.E)).isFalse();
        assertThat(world.setIntent(-1, Direction.E)).isFalse();
    }

    @Test
    void lowerIdMovingIntoTheCellAHigherIdIsLeavingIsRefused() {
        // 1 at (1,1), 2 at (2,1), both step east: 1 goes first, while 2 still stands in its way.
        World world = Worlds.withPlayersAt(Grid.open(new GridSize(9, 9, 1)), 1,
                new int[] {1, 1, 0}, new int[] {2, 1, 0});

        world.setIntent(1, Direction.E);
        world.setIntent(2, Direction.E);
        world.step();

        assertThat(world.events().result(0)).isEqualTo(IntentOutcome.OCCUPIED);
        assertThat(world.events().result(1)).isEqualTo(IntentOutcome.MOVED);
        assertThat(position(world, 1)).containsExactly(1, 1, 0);
        assertThat(position(world, 2)).containsExactly(3, 1, 0);
    }

    @Test
    void higherIdMovingIntoTheCellALowerIdLeftMoves() {
        // 2 at (1,1), 1 at (2,1), both step east: 1 leaves first, so 2 can follow into its cell.
        World world = Worlds.withPlayersAt(Grid.open(new GridSize(9, 9, 1)), 1,
                new int[] {2, 1, 0}, new int[] {1, 1, 0});

        world.setIntent(2, Direction.E);
        world.setIntent(1, Direction.E);
        world.step();

        assertThat(world.events().result(0)).isEqualTo(IntentOutcome.MOVED);
        assertThat(world.events().result(1)).isEqualTo(IntentOutcome.MOVED);
        assertThat(position(world, 1)).containsExactly(3, 1, 0);
        assertThat(position(world, 2)).containsExactly(2, 1, 0);
    }

    @Test
    void twoEntitiesSwappingPlacesAreBothRefused() {
        World world = Worlds.withPlayersAt(Grid.open(new GridSize(9, 9, 1)), 1,
                new int[] {1, 1, 0}, new int[] {2, 1, 0});

        world.setIntent(1, Direction.E);
        world.setIntent(2, Direction.W);
        world.step();

        assertThat(world.events().result(0)).isEqualTo(IntentOutcome.OCCUPIED);
        assertThat(world.events().result(1)).isEqualTo(IntentOutcome.OCCUPIED);
    }

    @Test
    void twoEntitiesSteppingIntoOneCellLetTheLowerIdIn() {
        World world = Worlds.withPlayersAt(Grid.open(new GridSize(9, 9, 1)), 1,
                new int[] {3, 1, 0}, new int[] {1, 1, 0});

        world.setIntent(2, Direction.E);
        world.setIntent(1, Direction.W);
        world.step();

        assertThat(position(world, 1)).containsExactly(2, 1, 0);
        assertThat(position(world, 2)).containsExactly(1, 1, 0);
        assertThat(world.events().result(1)).isEqualTo(IntentOutcome.OCCUPIED);
    }

    /**
     * Players only, random map, random intents (some sent twice), random leaves and joins: every tick, the world's
     * results and positions equal those of a reference model that applies the contract in ascending id order.
     */
    @Property(tries = 200)
    void matchesAReferenceModelTickByTick(@ForAll @IntRange(min = 1, max = 12) int width,
                                          @ForAll @IntRange(min = 1, max = 12) int height,
                                          @ForAll @IntRange(min = 1, max = 2) int layers,
                                          @ForAll @DoubleRange(min = 0, max = 0.5) double walls,
                                          @ForAll @IntRange(min = 1, max = 16) int players,
                                          @ForAll long seed) {
        Grid grid = MapGenerator.scatter(new GridSize(width, height, layers), walls, seed);
        World world = World.create(grid, seed);
        SplitMix64 random = new SplitMix64(seed);
        for (long account = 1; account <= players; account++) {
            world.spawnPlayer(account);
        }
        for (int tick = 0; tick < 40; tick++) {
            if (random.nextInt(5) == 0) {
                world.removePlayer(1 + random.nextInt(players));
            }
            if (random.nextInt(5) == 0) {
                world.spawnPlayer(1 + random.nextInt(players));
            }
            // Where everyone stands before the step, and the first intent of each.
            Map<Integer, int[]> before = new HashMap<>();
            List<Integer> ids = new ArrayList<>();
            for (int slot = 0; slot < world.slotCount(); slot++) {
                if (world.isLive(slot)) {
                    ids.add(world.idAt(slot));
                    before.put(world.idAt(slot), position(world, world.idAt(slot)));
                }
            }
            Map<Integer, Direction> intents = new HashMap<>();
            for (int id : ids) {
                if (random.nextInt(4) != 0) {
                    Direction direction = Direction.values()[random.nextInt(4)];
                    assertThat(world.setIntent(id, direction)).isTrue();
                    intents.put(id, direction);
                    if (random.nextInt(4) == 0) {
                        assertThat(world.setIntent(id, Direction.values()[random.nextInt(4)])).isFalse();
                    }
                }
            }

            world.step();

            List<Integer> expectedIds = new ArrayList<>();
            List<IntentOutcome> expectedResults = new ArrayList<>();
            Map<Integer, int[]> expectedAt = reference(grid, before, intents, expectedIds, expectedResults);
            List<Integer> actualIds = new ArrayList<>();
            List<IntentOutcome> actualResults = new ArrayList<>();
            for (int i = 0; i < world.events().count(); i++) {
                actualIds.add(world.events().entityId(i));
                actualResults.add(world.events().result(i));
            }
            assertThat(actualIds).as("tick %d ids", tick).isEqualTo(expectedIds);
            assertThat(actualResults).as("tick %d results", tick).isEqualTo(expectedResults);
            for (int id : ids) {
                assertThat(position(world, id)).as("tick %d entity %d", tick, id).isEqualTo(expectedAt.get(id));
            }
            assertThat(Worlds.brokenInvariant(world)).isNull();
        }
    }

    /**
     * Random maps of every generator, players and NPCs, random intents for players and NPCs alike, leaves and joins,
     * for many ticks: after every tick no two entities share a cell, nobody stands in a wall or off the grid, the
     * occupancy agrees with the positions, and nobody moved more than one cell or changed layer.
     */
    @Property(tries = 40)
    void neverPutsTwoEntitiesInOneCell(@ForAll @IntRange(min = 0, max = 2) int generator,
                                       @ForAll @IntRange(min = 0, max = 12) int players,
                                       @ForAll @IntRange(min = 0, max = 80) int npcs,
                                       @ForAll long seed) {
        SplitMix64 random = new SplitMix64(seed);
        int width = 3 + random.nextInt(30);
        int height = 3 + random.nextInt(30);
        Grid grid = switch (generator) {
            case 0 -> MapGenerator.scatter(new GridSize(width, height, 1 + random.nextInt(2)),
                    random.nextInt(50) / 100.0, seed);
            case 1 -> MapGenerator.rooms(new GridSize(width, height, 1 + random.nextInt(2)), 1 + random.nextInt(8),
                    seed);
            default -> MapGenerator.maze(width, height, seed);
        };
        World world = World.create(grid, seed);
        for (long account = 1; account <= players; account++) {
            world.spawnPlayer(account);
        }
        world.addNpcs(npcs);
        Map<Integer, int[]> last = positions(world);
        for (int tick = 0; tick < 150; tick++) {
            if (players > 0 && random.nextInt(6) == 0) {
                world.removePlayer(1 + random.nextInt(players));
            }
            if (players > 0 && random.nextInt(6) == 0) {
                int id = world.spawnPlayer(1 + random.nextInt(players));
                if (id > 0) {
                    last.put(id, position(world, id));
                }
            }
            for (int slot = 0; slot < world.slotCount(); slot++) {
                if (world.isLive(slot) && random.nextInt(3) != 0) {
                    world.setIntent(world.idAt(slot), Direction.values()[random.nextInt(4)]);
                }
            }

            world.step();

            assertThat(Worlds.brokenInvariant(world)).as("tick %d", tick).isNull();
            Map<Integer, int[]> now = positions(world);
            for (Map.Entry<Integer, int[]> entry : now.entrySet()) {
                int[] was = last.get(entry.getKey());
                int[] is = entry.getValue();
                assertThat(is[2]).isEqualTo(was[2]);
                assertThat(Math.abs(is[0] - was[0]) + Math.abs(is[1] - was[1])).as("entity %d", entry.getKey())
                        .isLessThanOrEqualTo(1);
            }
            last = now;
        }
    }

    private static Map<Integer, int[]> positions(World world) {
        Map<Integer, int[]> positions = new HashMap<>();
        for (int slot = 0; slot < world.slotCount(); slot++) {
            if (world.isLive(slot)) {
                positions.put(world.idAt(slot), position(world, world.idAt(slot)));
            }
        }
        return positions;
    }

    /** The contract, spelled out: ascending ids, bounds then walls then the cells as they are at that moment. */
    private static Map<Integer, int[]> reference(Grid grid, Map<Integer, int[]> before, Map<Integer, Direction> intents,
                                                 List<Integer> ids, List<IntentOutcome> results) {
        Map<List<Integer>, Integer> standing = new HashMap<>();
        Map<Integer, int[]> after = new HashMap<>();
        for (Map.Entry<Integer, int[]> entry : before.entrySet()) {
            int[] at = entry.getValue();
            standing.put(List.of(at[0], at[1], at[2]), entry.getKey());
            after.put(entry.getKey(), at.clone());
        }
        for (int id : intents.keySet().stream().sorted().toList()) {
            int[] at = after.get(id);
            int[] delta = DELTA.get(intents.get(id));
            int nx = at[0] + delta[0];
            int ny = at[1] + delta[1];
            IntentOutcome result;
            if (!grid.size().contains(nx, ny, at[2])) {
                result = IntentOutcome.OUT_OF_BOUNDS;
            } else if (grid.isWall(grid.size().index(nx, ny, at[2]))) {
                result = IntentOutcome.WALL;
            } else if (standing.containsKey(List.of(nx, ny, at[2]))) {
                result = IntentOutcome.OCCUPIED;
            } else {
                result = IntentOutcome.MOVED;
                standing.remove(List.of(at[0], at[1], at[2]));
                standing.put(List.of(nx, ny, at[2]), id);
                at[0] = nx;
                at[1] = ny;
            }
            ids.add(id);
            results.add(result);
        }
        return after;
    }
}
