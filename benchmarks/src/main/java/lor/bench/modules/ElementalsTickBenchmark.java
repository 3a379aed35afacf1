package lor.bench.modules;

import java.util.Map;
import java.util.concurrent.TimeUnit;

import lor.sim.grid.Direction;
import lor.sim.objects.ObjectEngine;
import lor.sim.util.SplitMix64;
import lor.sim.world.World;
import lor.sim.world.WorldSnapshot;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Ticks of a 256 × 256 grass world that runs elementals (issue 33), with the shipped numbers
 * ({@code ElementalsSettings}) but for those each scene names:
 * <ul>
 * <li>{@link #burning}: no elementals; 64 fires lit 32 cells apart (on ticks spread over the 10-tick spread period)
 *     run over the grass, and the ticks measured are the 40 (a fire's life) in which about 10,000 cells burn. Fire
 *     leaves ash that stays, so the scene cannot go on for ever: after its 40 ticks the world is restored from the
 *     snapshot taken at their start (outside the measurement, but inside {@code -prof gc}'s count: see the
 *     {@code [alloc]} line the tear-down prints).</li>
 * <li>{@link #hunting}: 1,000 elementals and 1,024 players 8 cells apart, so every elemental has one in sight,
 *     standing still or each stepping every other tick on average (their intents are in the measured tick);
 *     {@code damage} 0 so that nobody dies and the hunt stays as it is (the strike still runs: it stamps both and
 *     schedules the prey's regrowth). Elementals walk to a player, over the current field, and strike.</li>
 * <li>{@link #idle}: 1,000 elementals and no player: each looks around every 10 ticks and stays home.</li>
 * </ul>
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class ElementalsTickBenchmark {

    /** Fire's value on elementals' field. */
    static final int FIRE = 1;

    @State(Scope.Benchmark)
    public static class Burning {
        static final Map<String, Integer> SETTINGS = Map.of("elementals", 0);
        static final int SEED_SPACING = 32;
        static final int START_BURNING = 8_000;
        /** A fire's life: the scene's window. */
        static final int WINDOW = 40;
        WorldSnapshot start;
        World world;
        int left;

        @Setup(Level.Trial)
        public void setUp() {
            World w = ModuleFixtures.world(ModuleFixtures.elementals(SETTINGS));
            light(w);
            while (burning(w) < START_BURNING) {
                step(w);
            }
            start = w.snapshot();
            long sum = 0;
            int min = Integer.MAX_VALUE;
            int max = 0;
            for (int i = 0; i < WINDOW; i++) {
                int b = burning(w);
                sum += b;
                min = Math.min(min, b);
                max = Math.max(max, b);
                step(w);
            }
            System.out.printf("%n[burning] cells on fire over the %d ticks measured: mean %.0f, min %d, max %d%n",
                    WINDOW, sum / (double) WINDOW, min, max);
            reset();
        }

        /** The scene's ticks are used up: the world goes back to their start (not measured). */
        @Setup(Level.Invocation)
        public void next() {
            if (left == 0) {
                reset();
            }
            left--;
        }

        /** Allocation of the scene's ticks alone, once the code is hot: what {@code -prof gc} cannot separate. */
        @TearDown(Level.Trial)
        public void allocation() {
            reset();
            System.out.printf("%n[alloc] burning: %.1f bytes per tick over %d ticks (restore left out)%n",
                    Allocation.perTick(() -> step(world), WINDOW), WINDOW);
        }

        private void reset() {
            world = World.restore(ModuleFixtures.grass(), ModuleFixtures.elementsPack(),
                    ModuleFixtures.elementals(SETTINGS), start, ModuleFixtures.SEED, ObjectEngine.NO_BLOCKS);
            left = WINDOW;
        }

        /** A player west of each seed casts fire east, seed i on tick i % 10; then they leave. */
        static void light(World w) {
            int perSide = ModuleFixtures.SIDE / SEED_SPACING;
            int seeds = perSide * perSide;
            int[] players = new int[seeds];
            for (int i = 0; i < seeds; i++) {
                int x = SEED_SPACING / 2 + i % perSide * SEED_SPACING;
                int y = SEED_SPACING / 2 + i / perSide * SEED_SPACING;
                players[i] = ModuleFixtures.player(w, i + 1, x - 1, y);
            }
            for (int t = 0; t < 10; t++) {
                for (int i = t; i < seeds; i += 10) {
                    w.setModuleAction(players[i], w.modules().action("cast"),
                            new int[] {Direction.E.code(), 0});
                }
                w.step();
            }
            for (int i = 0; i < seeds; i++) {
                w.removePlayer(i + 1);
            }
        }
    }

    @State(Scope.Benchmark)
    public static class Hunting {
        static final int SPACING = 8;
        /** Players standing still (the elementals reach them and strike) or walking (they chase and strike). */
        @Param({"still", "walking"})
        public String players;
        World world;
        int[] ids;
        SplitMix64 random = new SplitMix64(ModuleFixtures.SEED);

        @Setup(Level.Trial)
        public void setUp() {
            world = ModuleFixtures.world(ModuleFixtures.elementals(Map.of("elementals", 1000, "damage", 0)));
            int per = ModuleFixtures.SIDE / SPACING;
            ids = new int[per * per];
            for (int i = 0; i < ids.length; i++) {
                ids[i] = ModuleFixtures.player(world, i + 1, SPACING / 2 + i % per * SPACING,
                        SPACING / 2 + i / per * SPACING);
            }
            for (int i = 0; i < 600; i++) {
                tick();
            }
            System.out.printf("%n[hunting] %d entities; %.1f elementals move per tick%n", world.entityCount(),
                    Allocation.movesPerTick(world, this::tick, 100));
        }

        @TearDown(Level.Trial)
        public void allocation() {
            System.out.printf("%n[alloc] hunting, players %s: %.1f bytes per tick%n", players,
                    Allocation.perTick(this::tick, 200));
        }

        /** Walking, each player steps every other tick on average, as the load generator's bots send a move. */
        void tick() {
            if (players.equals("walking")) {
                for (int id : ids) {
                    int r = random.nextInt(8);
                    if (r < 4) {
                        world.setIntent(id, Direction.ofCode(r + 1));
                    }
                }
            }
            step(world);
        }
    }

    @State(Scope.Benchmark)
    public static class Idle {
        World world;

        @Setup(Level.Trial)
        public void setUp() {
            world = ModuleFixtures.world(ModuleFixtures.elementals(Map.of("elementals", 1000)));
            for (int i = 0; i < 200; i++) {
                step(world);
            }
            System.out.printf("%n[idle] %d elementals; %.1f move per tick%n", world.entityCount(),
                    Allocation.movesPerTick(world, () -> step(world), 100));
        }

        @TearDown(Level.Trial)
        public void allocation() {
            System.out.printf("%n[alloc] idle: %.1f bytes per tick%n", Allocation.perTick(() -> step(world), 200));
        }
    }

    /** A tick as the world server runs it: the step, then the broadcast forgets the cells it reported. */
    static void step(World world) {
        world.step();
        world.clearModuleChanges();
    }

    static int burning(World world) {
        int n = 0;
        for (int cell = 0; cell < world.grid().size().cells(); cell++) {
            n += world.moduleField(0).valueAt(cell) == FIRE ? 1 : 0;
        }
        return n;
    }

    @Benchmark
    public long burning(Burning s) {
        step(s.world);
        return s.world.tick();
    }

    @Benchmark
    public long hunting(Hunting s) {
        s.tick();
        return s.world.tick();
    }

    @Benchmark
    public long idle(Idle s) {
        step(s.world);
        return s.world.tick();
    }
}
