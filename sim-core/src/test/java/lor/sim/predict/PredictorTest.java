package lor.sim.predict;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import lor.sim.content.ContentPack;
import lor.sim.content.PackDef;
import lor.sim.content.RuleRegistry;
import lor.sim.grid.Cells;
import lor.sim.grid.Grid;
import lor.sim.grid.GridSize;
import lor.sim.grid.MapGenerator;
import lor.sim.grid.Portal;
import lor.sim.path.PathFinder;
import lor.sim.util.SplitMix64;
import lor.sim.world.Direction;
import lor.sim.world.StepResult;
import lor.sim.world.World;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** Prediction on the server's rules: reconciliation, the field the clock transmutes, objects, and a walk's path. */
class PredictorTest {

    private static Grid open(int width, int height) {
        return Grid.open(new GridSize(width, height, 1));
    }

    private static Predictor at(Grid grid, int x, int y) {
        return new Predictor(grid, ContentPack.empty(), 0, 1, x, y, 0);
    }

    /** A state of this player (entity 1) at {@code (x, 0)} with {@code ack}, and others as id, x pairs. */
    private static boolean state(Predictor p, long ack, int x, int... others) {
        p.beginState();
        p.entity(1, x, 0, 0);
        for (int i = 0; i < others.length; i += 2) {
            p.entity(others[i], others[i + 1], 0, 0);
        }
        return p.endState(ack);
    }

    @Test
    void reconcilesOnAckAndReplaysThePendingIntents() {
        // A 4 x 1 corridor, the player at x=0 sends E, E, E; the server has applied one when a state comes with
        // ack 1 and another entity at x=3: the pending two replay from x=1 and the second is blocked.
        Predictor p = at(open(4, 1), 0, 0);
        assertThat(List.of(p.apply(1, Direction.E), p.apply(2, Direction.E), p.apply(3, Direction.E)))
                .containsOnly(StepResult.MOVED);
        assertThat(p.predictedX()).isEqualTo(3);

        assertThat(state(p, 1, 1, 7, 3)).isTrue();
        assertThat(List.of(p.x(), p.predictedX(), p.pendingCount())).containsExactly(1, 2, 2);
        assertThat(p.mispredictions()).isZero();
        assertThat(p.other(3, 0, 0)).isEqualTo(7);

        state(p, 3, 2, 7, 3);
        assertThat(List.of(p.x(), p.predictedX(), p.pendingCount())).as("the last intent was refused, as predicted")
                .containsExactly(2, 2, 0);
        assertThat(p.mispredictions()).isZero();
        assertThat(p.reconciled()).isEqualTo(2);

        state(p, 3, 0);
        assertThat(List.of(p.x(), p.predictedX())).as("no pending intent: the server's word").containsExactly(0, 0);
    }

    @Test
    void forgetsARateLimitedIntentAndCountsAMisprediction() {
        Predictor p = at(open(5, 1), 0, 0);
        p.apply(1, Direction.E);
        p.apply(2, Direction.E);
        p.forget(1);
        assertThat(List.of(p.predictedX(), p.pendingCount())).containsExactly(1, 1);

        // The server refused seq 2 (someone unseen stepped in): predicted 1, got 0.
        state(p, 2, 0);
        assertThat(List.of(p.x(), p.predictedX(), p.pendingCount())).containsExactly(0, 0, 0);
        assertThat(p.mispredictions()).isEqualTo(1);
    }

    @Test
    void aStateWithoutThisPlayerChangesOnlyTheOthers() {
        Predictor p = at(open(5, 1), 0, 0);
        p.apply(1, Direction.E);
        p.beginState();
        p.entity(9, 2, 0, 0);
        p.object(4, 4, 0, 0);
        assertThat(p.endState(1)).isFalse();
        assertThat(List.of(p.pendingCount(), p.predictedX())).containsExactly(1, 1);
        assertThat(p.check(Direction.E)).as("entity 9 at x=2").isEqualTo(StepResult.OCCUPIED);
        assertThat(p.other(4, 0, 0)).as("an object, by minus its id").isEqualTo(-4);
        assertThat(p.other(-1, 0, 0)).as("off the grid").isZero();
    }

    @Test
    void theClockLineOfTheStateTransmutesTheField() {
        // Water at (1,0) floods at night: a wall while the line is current, water again by day.
        GridSize size = new GridSize(3, 1, 1);
        int[] cells = {Cells.FLOOR, Cells.floor(Cells.TERRAIN_WATER), Cells.FLOOR};
        Grid grid = Grid.of(size, cells, 0, 0, 0);
        ContentPack pack = ContentPack.compile(new PackDef("tides", List.of(), Map.of(),
                new PackDef.ClockDef(List.of("day", "night"), 10, List.of(new PackDef.TransmuteDef("night", "water",
                        "wall"))), List.of(), List.of(), List.of()), RuleRegistry.empty());
        Predictor p = new Predictor(grid, pack, 15, 1, 0, 0, 0);
        assertThat(p.field().line()).as("tick 15 is night").isEqualTo(1);
        assertThat(p.check(Direction.E)).isEqualTo(StepResult.WALL);

        p.beginState();
        p.clockLine("day");
        p.endState(0);
        assertThat(p.check(Direction.E)).isEqualTo(StepResult.MOVED);
        p.clockLine("no such line");
        assertThat(p.field().line()).as("a line the pack does not have changes nothing").isZero();
    }

    @Test
    void aWalkGoesAroundPortalsAndWhatOthersHoldButMayEndOnAPortal() {
        // 5 x 3 open floor; a portal at (2,1) on the straight line from (0,1) to (4,1).
        GridSize size = new GridSize(5, 3, 1);
        int[] cells = new int[size.cells()];
        cells[size.index(2, 1, 0)] = Cells.portalFloor(1);
        Grid grid = Grid.of(size, cells, 0, 1, 0, List.of(new Portal(1, "elsewhere", 0, 0, 0)));
        Predictor p = new Predictor(grid, ContentPack.empty(), 0, 1, 0, 1, 0);
        PathFinder finder = new PathFinder(64);
        byte[] out = new byte[32];

        int n = p.path(finder, 4, 1, false, 4, 32, out);
        assertThat(n).as("around the portal").isEqualTo(6);
        assertThat(steps(out, n)).doesNotContain("2,1");

        assertThat(p.path(finder, 2, 1, false, 4, 32, out)).as("onto the portal asked for").isEqualTo(2);

        p.beginState();
        p.entity(1, 0, 1, 0);
        p.entity(5, 1, 0, 0);
        p.entity(6, 1, 2, 0);
        p.endState(0);
        assertThat(p.path(finder, 4, 1, false, 4, 32, out)).as("others ignored unless asked").isEqualTo(6);
        assertThat(p.path(finder, 4, 1, true, 4, 32, out)).as("boxed in by others and the portal").isEqualTo(-1);
        assertThat(p.path(finder, 9, 1, false, 4, 32, out)).as("off the grid").isEqualTo(-1);
    }

    /** The cells a path from (0,1) visits, as "x,y" strings. */
    private static List<String> steps(byte[] out, int n) {
        int x = 0;
        int y = 1;
        List<String> cells = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Direction d = Direction.ofCode(out[i]);
            x += d.dx;
            y += d.dy;
            cells.add(x + "," + y);
        }
        return cells;
    }

    /**
     * Alone in a world (walls, no NPCs), a player whose intents the server applies one per tick, with states
     * arriving a random number of ticks late, is never mispredicted, and the prediction ends where the server has
     * the player.
     */
    @Property(tries = 60)
    void aloneInAWorldNothingIsMispredicted(@ForAll long seed, @ForAll @IntRange(min = 0, max = 6) int delay) {
        Grid grid = MapGenerator.scatter(new GridSize(24, 16, 1), 0.25, seed);
        World world = World.create(grid, seed);
        int entity = world.spawnPlayer(1);
        int slot = world.slotOf(entity);
        Predictor p = new Predictor(grid, ContentPack.empty(), world.tick(), entity, world.xAt(slot),
                world.yAt(slot), world.layerAt(slot));
        SplitMix64 random = new SplitMix64(seed);
        ArrayDeque<long[]> inFlight = new ArrayDeque<>();
        long seq = 0;
        for (int tick = 0; tick < 300; tick++) {
            Direction d = Direction.values()[random.nextInt(4)];
            p.apply(++seq, d);
            world.setIntent(entity, d);
            world.step();
            slot = world.slotOf(entity);
            inFlight.add(new long[] {seq, world.xAt(slot), world.yAt(slot), world.layerAt(slot)});
            while (inFlight.size() > delay) {
                long[] s = inFlight.poll();
                p.beginState();
                p.entity(entity, (int) s[1], (int) s[2], (int) s[3]);
                p.endState(s[0]);
            }
        }
        assertThat(p.mispredictions()).isZero();
        assertThat(p.reconciled()).isPositive();
        assertThat(List.of(p.predictedX(), p.predictedY())).containsExactly(world.xAt(slot), world.yAt(slot));
    }
}
