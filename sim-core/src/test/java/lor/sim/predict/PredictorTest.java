package lor.sim.predict;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import lor.sim.content.ContentPack;
import lor.sim.content.PackDef;
import lor.sim.content.RuleRegistry;
import lor.sim.content.TestPacks;
import lor.sim.grid.Cells;
import lor.sim.grid.Direction;
import lor.sim.grid.Grid;
import lor.sim.grid.GridSize;
import lor.sim.grid.MapGenerator;
import lor.sim.grid.Portal;
import lor.sim.objects.Inventories;
import lor.sim.objects.ObjectEngine;
import lor.sim.path.PathFinder;
import lor.sim.util.SplitMix64;
import lor.sim.world.IntentOutcome;
import lor.sim.world.ObjectIntent;
import lor.sim.world.World;
import net.jqwik.api.Assume;
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
                .containsOnly(IntentOutcome.MOVED);
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
        assertThat(List.of(p.judgedActions(), p.mispredictedActions())).as("steps only").containsExactly(0L, 0L);
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
        assertThat(p.check(Direction.E)).as("entity 9 at x=2").isEqualTo(IntentOutcome.OCCUPIED);
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
        assertThat(p.check(Direction.E)).isEqualTo(IntentOutcome.WALL);

        p.beginState();
        p.clockLine("day");
        p.endState(0);
        assertThat(p.check(Direction.E)).isEqualTo(IntentOutcome.MOVED);
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

    // ---- actions on objects ------------------------------------------------------------------------------------

    private static final ContentPack ECONOMY = TestPacks.compiled(TestPacks.economy());
    private static final int FURNACE = ECONOMY.kindIndex("furnace");
    private static final int CRATE = ECONOMY.kindIndex("crate");
    private static final int WOOD = ECONOMY.itemIndex("wood");

    private static long build(int kind, Direction side) {
        return ObjectIntent.pack(ObjectIntent.Type.BUILD, side, kind, 1);
    }

    /** A state of the player (entity 1) at {@code (x, y)} carrying {@code wood}, with objects as id, kind, x, y. */
    private static void economyState(Predictor p, long ack, int x, int y, int wood, int... objects) {
        p.beginState();
        p.entity(1, x, y, 0);
        for (int i = 0; i < objects.length; i += 4) {
            p.object(objects[i], objects[i + 1], objects[i + 2], objects[i + 3], 0, -1);
        }
        for (int item = 0; item < ECONOMY.itemCount(); item++) {
            p.inventory(item, item == WOOD ? wood : ECONOMY.startCount(item));
        }
        p.endState(ack);
    }

    @Test
    void aBuildIsPredictedAtOnceAndTheObjectBlocksTheStepsAfterIt() {
        Predictor p = new Predictor(open(6, 3), ECONOMY, 0, 1, 1, 1, 0);
        economyState(p, 0, 1, 1, 20);

        assertThat(p.act(1, build(FURNACE, Direction.E))).isEqualTo(IntentOutcome.DONE);
        assertThat(p.carried(WOOD)).as("the furnace's cost spent").isEqualTo(16);
        assertThat(p.objectKind(2, 1, 0)).isEqualTo(FURNACE);
        assertThat(p.other(2, 1, 0)).as("built by the prediction alone").isEqualTo(Predictor.PREDICTED_OBJECT);
        assertThat(p.apply(2, Direction.E)).isEqualTo(IntentOutcome.OCCUPIED);
        p.apply(3, Direction.W);
        p.rejected(3, "rate_limited");
        assertThat(List.of(p.carried(WOOD), p.pendingCount())).as("replayed once, without the forgotten step")
                .containsExactly(16, 2);

        economyState(p, 0, 1, 1, 20);
        assertThat(List.of(p.carried(WOOD), p.objectKind(2, 1, 0))).as("replayed on a state before the build")
                .containsExactly(16, FURNACE);

        economyState(p, 2, 1, 1, 16, 77, FURNACE, 2, 1);
        assertThat(p.other(2, 1, 0)).as("the server's furnace").isEqualTo(-77);
        assertThat(p.pendingCount()).isZero();
        assertThat(p.mispredictions()).isZero();
    }

    @Test
    void anActionsOutcomeIsJudgedByTheServersAnswer() {
        Predictor p = new Predictor(open(6, 3), ECONOMY, 0, 1, 1, 1, 0);
        economyState(p, 0, 1, 1, 1);

        assertThat(p.act(1, build(FURNACE, Direction.N))).isEqualTo(IntentOutcome.MISSING_ITEMS);
        p.rejected(1, "missing_items");
        economyState(p, 1, 1, 1, 1);
        assertThat(p.mispredictions()).as("refused for the reason predicted").isZero();

        assertThat(p.act(2, build(CRATE, Direction.N))).isEqualTo(IntentOutcome.MISSING_ITEMS);
        economyState(p, 2, 1, 1, 1, 5, CRATE, 1, 0);
        assertThat(p.mispredictions()).as("the server built it after all (it knew of more wood)").isEqualTo(1);

        assertThat(p.act(3, ObjectIntent.pack(ObjectIntent.Type.DISMANTLE, Direction.N, 0, 0)))
                .isEqualTo(IntentOutcome.DONE);
        assertThat(p.carried(WOOD)).as("the crate's cost back").isEqualTo(3);
        p.rejected(3, "no_room");
        economyState(p, 3, 1, 1, 1, 5, CRATE, 1, 0);
        assertThat(p.mispredictions()).as("predicted done, refused").isEqualTo(2);

        p.act(4, build(CRATE, Direction.S));
        p.rejected(4, "rate_limited");
        assertThat(p.pendingCount()).as("never reached a tick: forgotten").isZero();
        assertThat(p.objectKind(1, 2, 0)).isEqualTo(-1);
        assertThat(List.of(p.judgedActions(), p.mispredictedActions())).as("the forgotten one not judged")
                .containsExactly(3L, 2L);
    }

    /**
     * Alone in a world of the economy pack, a player stepping, building and dismantling crates, putting wood and
     * ore in and taking them out, with states (objects, stocks, inventory) and refusals arriving a random number of
     * ticks late: every outcome and position is predicted right, and the predicted inventory is the server's once
     * everything is acknowledged.
     */
    @Property(tries = 40)
    void aloneWithCratesNothingIsMispredicted(@ForAll long seed, @ForAll @IntRange(min = 0, max = 5) int delay) {
        Grid grid = MapGenerator.scatter(new GridSize(16, 12, 1), 0.15, seed);
        World world = World.create(grid, ECONOMY, seed);
        int entity = world.spawnPlayer(1);
        int slot = world.slotOf(entity);
        Predictor p = new Predictor(grid, ECONOMY, world.tick(), entity, world.xAt(slot), world.yAt(slot),
                world.layerAt(slot));
        SplitMix64 random = new SplitMix64(seed);
        ArrayDeque<Runnable> inFlight = new ArrayDeque<>();
        int ore = ECONOMY.itemIndex("ore");
        long seq = 0;
        int actions = 0;
        int done = 0;
        for (int tick = 0; tick < 300; tick++) {
            long s = ++seq;
            int choice = random.nextInt(10);
            Direction side = Direction.values()[random.nextInt(4)];
            if (choice < 5) {
                p.apply(s, side);
                world.setIntent(entity, side);
            } else {
                long action = switch (choice) {
                    case 5 -> build(CRATE, side);
                    case 6 -> ObjectIntent.pack(ObjectIntent.Type.DISMANTLE, side, 0, 0);
                    case 7 -> ObjectIntent.pack(ObjectIntent.Type.PUT, side, random.nextInt(2) == 0 ? WOOD : ore,
                            1 + random.nextInt(3));
                    default -> ObjectIntent.pack(ObjectIntent.Type.TAKE, side, random.nextInt(2) == 0 ? WOOD : ore,
                            1 + random.nextInt(3));
                };
                p.act(s, action);
                world.setAction(entity, action);
                actions++;
            }
            world.step();
            IntentOutcome outcome = world.events().count() > 0 ? world.events().result(0) : IntentOutcome.MOVED;
            done += outcome == IntentOutcome.DONE ? 1 : 0;
            Runnable refusal = outcome.succeeded() ? () -> { } : () -> p.rejected(s, outcome.reason());
            Runnable state = stateOf(world, entity, p, s);
            inFlight.add(() -> {
                refusal.run();
                state.run();
            });
            while (inFlight.size() > delay) {
                inFlight.poll().run();
            }
        }
        while (!inFlight.isEmpty()) {
            inFlight.poll().run();
        }
        assertThat(actions).isPositive();
        // A map that walls the player in where it spawns (seed -50526) lets no action be carried out: a world that
        // proves nothing about prediction, not a failure of it.
        Assume.that(done > 0);
        assertThat(p.mispredictions()).isZero();
        Inventories.Inventory carried = world.inventories().of(1);
        for (int item = 0; item < ECONOMY.itemCount(); item++) {
            assertThat(p.carried(item)).as("item %d", item).isEqualTo(carried.count(item));
        }
    }

    /** The world as a state sent now would carry it, to be given to the predictor later. */
    private static Runnable stateOf(World world, int entity, Predictor p, long ack) {
        int slot = world.slotOf(entity);
        int x = world.xAt(slot);
        int y = world.yAt(slot);
        int layer = world.layerAt(slot);
        ObjectEngine objects = world.objects();
        List<int[]> seen = new ArrayList<>();
        for (int id = 1; id < objects.idBound(); id++) {
            if (!objects.exists(id)) {
                continue;
            }
            int cell = objects.cellOf(id);
            int w = world.grid().width();
            int h = world.grid().height();
            List<Integer> row = new ArrayList<>(List.of(id, objects.kindOf(id), cell % w, (cell / w) % h,
                    cell / (w * h), objects.recipeOf(id)));
            for (int i = 0; i < objects.slotsOf(id); i++) {
                if (objects.stockItem(id, i) >= 0) {
                    row.add(objects.stockItem(id, i));
                    row.add(objects.stockCount(id, i));
                }
            }
            seen.add(row.stream().mapToInt(Integer::intValue).toArray());
        }
        int[] inventory = new int[ECONOMY.itemCount()];
        for (int item = 0; item < inventory.length; item++) {
            inventory[item] = world.inventories().of(1).count(item);
        }
        return () -> {
            p.beginState();
            p.entity(entity, x, y, layer);
            for (int[] o : seen) {
                p.object(o[0], o[1], o[2], o[3], o[4], o[5]);
                for (int i = 6; i < o.length; i += 2) {
                    p.objectStock(o[i], o[i + 1]);
                }
            }
            for (int item = 0; item < inventory.length; item++) {
                p.inventory(item, inventory[item]);
            }
            p.endState(ack);
        };
    }
}
