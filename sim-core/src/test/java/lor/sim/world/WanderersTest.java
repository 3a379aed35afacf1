package lor.sim.world;

import static lor.sim.content.TestPacks.map;
import static lor.sim.world.Worlds.position;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.List;

import lor.sim.content.ContentPack;
import lor.sim.content.PackDef;
import lor.sim.content.TestPacks;
import lor.sim.grid.Cells;
import lor.sim.grid.Grid;
import lor.sim.grid.GridSize;
import lor.sim.grid.MapGenerator;
import lor.sim.util.SplitMix64;
import org.junit.jupiter.api.Test;

/**
 * NPCs plan on what movement checks: the walls of the clock's current line and the cells objects hold. The maps here
 * are cut into rooms by stripes of water with one-cell doors, and the packs flood water into wall, so a plan made on
 * the map alone would cross water that the field has made a wall.
 */
class WanderersTest {

    private static final int SIDE = 48;
    private static final int STRIPE = 8;
    private static final int CRATE = 0;

    /**
     * With the water flooded for good and objects standing, NPCs walk exactly as they do on a map where those cells
     * are walls: step for step, tick for tick. Any plan across a flooded cell or an object would be refused there
     * and send the NPC elsewhere.
     */
    @Test
    void npcsOnAFloodedFieldAmongObjectsWalkAsOnAMapWhoseWallsStandThere() {
        long seed = 31;
        Grid striped = stripedMap(seed);
        int[] objectCells = dryFloorCells(striped, 90, seed);
        World field = World.create(striped, pack(List.of("flood"), 10, "flood"), seed);
        for (int cell : objectCells) {
            field.objects().build(CRATE, cell);
        }
        int[] walled = cellsOf(striped);
        for (int i = 0; i < walled.length; i++) {
            if (Cells.terrain(walled[i]) == Cells.TERRAIN_WATER) {
                walled[i] = Cells.WALL;
            }
        }
        for (int cell : objectCells) {
            walled[cell] = Cells.WALL;
        }
        World map = World.create(Grid.of(striped.size(), walled, striped.spawnX(), striped.spawnY(), 0), seed);
        assertThat(field.addNpcs(30)).isEqualTo(30);
        assertThat(map.addNpcs(30)).isEqualTo(30);
        long moves = 0;

        for (int tick = 1; tick <= 600; tick++) {
            int[][] before = positions(map);
            field.step();
            map.step();
            int[][] now = positions(map);
            assertThat(positions(field)).as("NPCs' cells at tick %d", tick).isDeepEqualTo(now);
            for (int slot = 0; slot < now.length; slot++) {
                moves += now[slot][0] != before[slot][0] || now[slot][1] != before[slot][1] ? 1 : 0;
            }
        }

        assertThat(field.npcStepsIntoWalls()).as("steps into flooded cells").isZero();
        assertThat(field.npcStepsIntoOccupied()).as("steps into objects or NPCs")
                .isEqualTo(map.npcStepsIntoOccupied());
        assertThat(moves).as("NPCs walked").isGreaterThan(30 * 600 / 3);
    }

    /**
     * One NPC alone, water that floods every other line, and crates built and taken away around it: every step it
     * tries, movement takes. Nothing else moves, so a refusal could only be a wall of the current line or an object,
     * what its plans must never lead into, whether the line turned or an object came after the plan was made.
     */
    @Test
    void anNpcAloneNeverStepsIntoTheLinesWallsNorIntoAnObject() {
        for (long seed = 1; seed <= 4; seed++) {
            Grid striped = stripedMap(seed);
            World world = World.create(striped, pack(List.of("day", "night"), 15, "night"), seed);
            assertThat(world.addNpcs(1)).isEqualTo(1);
            int npc = world.idAt(0);
            SplitMix64 builder = new SplitMix64(seed);
            ArrayDeque<Integer> crates = new ArrayDeque<>();
            int moved = 0;

            for (int tick = 0; tick < 1500; tick++) {
                if (tick % 5 == 0) {
                    buildNear(world, position(world, npc), builder, crates, 12);
                }
                int[] before = position(world, npc);
                world.step();
                moved += before[0] != position(world, npc)[0] || before[1] != position(world, npc)[1] ? 1 : 0;
            }

            assertThat(world.npcStepsIntoWalls()).as("seed %d: steps into the line's walls", seed).isZero();
            assertThat(world.npcStepsIntoOccupied()).as("seed %d: steps into objects", seed).isZero();
            assertThat(moved).as("seed %d: steps taken", seed).isGreaterThan(500);
        }
    }

    /**
     * Forty NPCs among water that floods every other line and crates built in their way: they search for paths
     * about as often as on the same map with the water never flooding and no crates, instead of planning across a
     * wall, being refused and planning again.
     */
    @Test
    void npcsAmongFloodsAndObjectsSearchAboutAsOftenAsOnAStillMap() {
        long seed = 7;
        Grid striped = stripedMap(seed);
        World hazards = World.create(striped, pack(List.of("day", "night"), 15, "night"), seed);
        for (int cell : dryFloorCells(striped, 90, seed)) {
            hazards.objects().build(CRATE, cell);
        }
        World still = World.create(striped, seed);
        hazards.addNpcs(40);
        still.addNpcs(40);
        SplitMix64 builder = new SplitMix64(seed);
        ArrayDeque<Integer> crates = new ArrayDeque<>();

        for (int tick = 0; tick < 2000; tick++) {
            if (tick % 5 == 0) {
                int slot = builder.nextInt(hazards.slotCount());
                buildNear(hazards, position(hazards, hazards.idAt(slot)), builder, crates, 40);
            }
            hazards.step();
            still.step();
        }

        long refusedStill = still.npcStepsIntoOccupied();
        assertThat(hazards.npcStepsIntoWalls()).as("steps into the line's walls").isZero();
        assertThat(hazards.npcStepsIntoOccupied()).as("steps refused, against %d on the still map", refusedStill)
                .isLessThan(2 * refusedStill);
        assertThat(hazards.npcSearches()).as("path searches, against %d on the still map", still.npcSearches())
                .isLessThan(still.npcSearches() * 3 / 2);
    }

    /**
     * The flood comes under an NPC's feet: movement lets it step out of the wall, and so does its planning, though
     * the search starts on a wall.
     */
    @Test
    void anNpcTheFloodCatchesWalksOutOfIt() {
        // One row: floor, then water at x = 3, then floor; day for 50 ticks, then night.
        GridSize size = new GridSize(7, 1, 1);
        int[] cells = new int[size.cells()];
        cells[3] = Cells.floor(Cells.TERRAIN_WATER);
        World world = World.create(Grid.of(size, cells, 0, 0, 0), pack(List.of("day", "night"), 50, "night"), 5);
        int[] crates = new int[size.cells()];
        for (int x = 0; x < size.width(); x++) {
            crates[x] = x == 3 ? 0 : world.objects().build(CRATE, x);
        }
        assertThat(world.addNpcs(1)).as("the one free cell is the water").isEqualTo(1);
        int npc = world.idAt(0);
        for (int x = 0; x < size.width(); x++) {
            if (x != 2 && x != 4 && crates[x] != 0) {
                world.objects().remove(crates[x]);
            }
        }
        for (int tick = 0; tick < 50; tick++) {
            world.step();
        }
        assertThat(position(world, npc)).as("boxed in by crates through the day").containsExactly(3, 0, 0);
        assertThat(world.field().isWall(3)).as("night: the water is a wall").isTrue();
        world.objects().remove(crates[2]);
        world.objects().remove(crates[4]);

        for (int tick = 0; tick < 10 && position(world, npc)[0] == 3; tick++) {
            world.step();
        }

        assertThat(position(world, npc)[0]).as("out of the flooded cell").isNotEqualTo(3);
        assertThat(world.npcStepsIntoWalls()).isZero();
    }

    private static int[][] positions(World world) {
        int[][] at = new int[world.slotCount()][];
        for (int slot = 0; slot < at.length; slot++) {
            at[slot] = position(world, world.idAt(slot));
        }
        return at;
    }

    /** Builds a crate on a free dry floor cell within two cells of {@code at}, keeping at most {@code max}. */
    private static void buildNear(World world, int[] at, SplitMix64 random, ArrayDeque<Integer> crates, int max) {
        GridSize size = world.grid().size();
        int x = at[0] + random.nextInt(5) - 2;
        int y = at[1] + random.nextInt(5) - 2;
        if (!size.contains(x, y, 0)) {
            return;
        }
        int cell = size.index(x, y, 0);
        if (world.grid().cell(cell) != Cells.FLOOR || world.occupant(x, y, 0) != 0) {
            return;
        }
        crates.add(world.objects().build(CRATE, cell));
        if (crates.size() > max) {
            world.objects().remove(crates.poll());
        }
    }

    /** Scattered walls, and stripes of water every {@link #STRIPE} cells with a one-cell door between two rooms. */
    private static Grid stripedMap(long seed) {
        Grid scatter = MapGenerator.scatter(new GridSize(SIDE, SIDE, 1), 0.06, seed);
        int[] cells = cellsOf(scatter);
        for (int y = 0; y < SIDE; y++) {
            for (int x = 0; x < SIDE; x++) {
                boolean stripe = x % STRIPE == STRIPE / 2 && y % STRIPE != 0
                        || y % STRIPE == STRIPE / 2 && x % STRIPE != 0;
                int i = y * SIDE + x;
                if (stripe && !Cells.isWall(cells[i])) {
                    cells[i] = Cells.floor(Cells.TERRAIN_WATER);
                }
            }
        }
        return Grid.of(scatter.size(), cells, scatter.spawnX(), scatter.spawnY(), 0);
    }

    /** {@code count} distinct plain floor cells, drawn with the seed. */
    private static int[] dryFloorCells(Grid grid, int count, long seed) {
        SplitMix64 random = new SplitMix64(seed ^ 0x5eed);
        int[] cells = new int[count];
        boolean[] taken = new boolean[grid.size().cells()];
        for (int n = 0; n < count; ) {
            int cell = random.nextInt(grid.size().cells());
            if (grid.cell(cell) == Cells.FLOOR && !taken[cell]) {
                taken[cell] = true;
                cells[n++] = cell;
            }
        }
        return cells;
    }

    private static int[] cellsOf(Grid grid) {
        int[] cells = new int[grid.size().cells()];
        for (int i = 0; i < cells.length; i++) {
            cells[i] = grid.cell(i);
        }
        return cells;
    }

    /** A pack with a buildable crate and a clock whose {@code floodLine} makes water a wall. */
    private static ContentPack pack(List<String> lines, int ticksPerLine, String floodLine) {
        PackDef.TransmuteDef flood = new PackDef.TransmuteDef(floodLine, "water", "wall");
        return TestPacks.compiled(new PackDef("floods", List.of("wood"), map("wood", 10),
                new PackDef.ClockDef(lines, ticksPerLine, List.of(flood)),
                List.of(new PackDef.KindDef("crate", map("wood", 1), null, null, List.of(), null, null, null, null)),
                List.of(), List.of()));
    }
}
