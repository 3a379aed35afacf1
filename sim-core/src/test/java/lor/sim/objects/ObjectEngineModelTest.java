package lor.sim.objects;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import lor.sim.content.ContentPack;
import lor.sim.content.PackDef;
import lor.sim.content.RuleRegistry;
import lor.sim.grid.Grid;
import lor.sim.grid.MapText;
import lor.sim.world.Direction;
import lor.sim.world.ObjectIntent;
import lor.sim.world.StepResult;
import lor.sim.world.World;
import lor.sim.world.WorldSnapshot;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/**
 * The engine, which runs only the objects that can change something, against {@link ReferenceWorld}, which runs
 * every object every tick: random packs, maps and actions, compared after every tick. Then snapshots: a world
 * restored from its snapshot goes on exactly as the original, and two runs of the same inputs agree.
 */
class ObjectEngineModelTest {

    private static final String[] TYPES = {"build", "put", "take", "set_recipe", "dismantle"};
    private static final int SIDE = 8;

    /** One random game: a pack, a map, players standing still, and a source of actions. */
    private static final class Game {
        final PackDef def;
        final ContentPack pack;
        final Grid grid;
        final Random random;
        final List<Long> accounts = new ArrayList<>();

        Game(long seed) {
            random = new Random(seed);
            def = new RandomPacks(seed).next();
            pack = ContentPack.compile(def, RuleRegistry.empty());
            StringBuilder map = new StringBuilder();
            for (int y = 0; y < SIDE; y++) {
                for (int x = 0; x < SIDE; x++) {
                    // Players stand on (1, 1), (4, 4) and (7, 7): never water, which a restore would not put them back
                    // on at night.
                    boolean playerCell = x == y && x % 3 == 1;
                    map.append(random.nextInt(10) == 0 && !playerCell ? '~' : '.');
                }
                map.append('\n');
            }
            grid = MapText.parse(map.toString());
            for (long a = 1, n = 1 + random.nextInt(3); a <= n; a++) {
                accounts.add(a * 10);
            }
        }

        World world() {
            World world = World.create(grid, pack, 5);
            for (int i = 0; i < accounts.size(); i++) {
                world.spawnPlayerAt(accounts.get(i), 1 + 3 * i, 1 + 3 * i, 0);
            }
            return world;
        }

        /** A random action: type, side, name (sometimes one the pack lacks), count (sometimes out of range). */
        Action action() {
            String type = TYPES[random.nextInt(TYPES.length)];
            Direction side = Direction.values()[random.nextInt(4)];
            String name = switch (type) {
                case "build" -> random.nextInt(10) == 0 ? "zz" : def.objects().get(random.nextInt(def.objects().size()))
                        .kind();
                case "put", "take" -> random.nextInt(10) == 0 ? "zz" : def.items().get(random.nextInt(def.items()
                        .size()));
                case "set_recipe" -> random.nextInt(10) == 0 ? "zz" : def.recipes().get(random.nextInt(def.recipes()
                        .size())).id();
                default -> null;
            };
            long count = switch (random.nextInt(12)) {
                case 0 -> 0;
                case 1 -> 2_000_000;
                default -> 1 + random.nextInt(5);
            };
            if (!type.equals("put") && !type.equals("take")) {
                count = 1;
            }
            return new Action(type, side, name, count);
        }

        long pack(Action a) {
            ObjectIntent.Type type = ObjectIntent.Type.values()[List.of(TYPES).indexOf(a.type())];
            int index = switch (a.type()) {
                case "build" -> pack.kindIndex(a.name());
                case "put", "take" -> pack.itemIndex(a.name());
                case "set_recipe" -> pack.recipeIndex(a.name());
                default -> 0;
            };
            return ObjectIntent.pack(type, a.side(), index, a.count());
        }
    }

    private record Action(String type, Direction side, String name, long count) {
    }

    @Property(tries = 1000)
    void theEngineAgreesWithTheModelThatRunsEverythingEveryTick(
            @ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
        Game game = new Game(seed);
        World world = game.world();
        ReferenceWorld model = new ReferenceWorld(game.def, game.grid);
        List<Integer> entities = new ArrayList<>();
        for (long account : game.accounts) {
            int entity = world.entityOf(account);
            entities.add(entity);
            int slot = world.slotOf(entity);
            model.addPlayer(account, world.yAt(slot) * SIDE + world.xAt(slot));
        }
        int ticks = 50 + game.random.nextInt(250);
        for (int t = 0; t < ticks; t++) {
            Map<Integer, String> expected = new TreeMap<>();
            for (int p = 0; p < entities.size(); p++) {
                if (game.random.nextInt(10) < 6) {
                    Action a = game.action();
                    assertThat(world.setAction(entities.get(p), game.pack(a))).isTrue();
                    String reason = model.act(game.accounts.get(p), a.type(), a.side().dx, a.side().dy, a.name(),
                            a.count());
                    expected.put(entities.get(p), reason == null ? "done" : reason);
                }
            }
            world.step();
            model.runObjectsAndEndTick();
            Map<Integer, String> actual = new TreeMap<>();
            for (int i = 0; i < world.events().count(); i++) {
                StepResult r = world.events().result(i);
                actual.put(world.events().entityId(i), r.succeeded() ? "done" : r.reason());
            }
            String where = "seed " + seed + ", tick " + (world.tick() - 1);
            assertThat(actual).as("action results at %s", where).isEqualTo(expected);
            assertThat(objects(world)).as("objects at %s", where).isEqualTo(objects(model));
            for (int p = 0; p < entities.size(); p++) {
                assertThat(inventory(world, game.accounts.get(p))).as("inventory at %s", where)
                        .isEqualTo(model.inventory(game.accounts.get(p)));
            }
        }
    }

    @Property(tries = 300)
    void aRestoredWorldGoesOnAsTheOriginalAndTwoRunsAgree(@ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
        Game first = new Game(seed);
        Game second = new Game(seed);
        World a = first.world();
        World b = second.world();
        int half = 100;
        World restored = null;
        for (int t = 0; t < 2 * half; t++) {
            if (t == half) {
                WorldSnapshot s = a.snapshot();
                ContentPack pack = first.pack;
                byte[] bytes = ObjectImageCodec.encode(s.objects(), pack);
                ObjectImage decoded = ObjectImageCodec.decode(bytes, pack, identity(pack.kindCount()),
                        identity(pack.itemCount()), identity(pack.recipeCount()), first.grid.size().cells());
                assertThat(decoded).isEqualTo(s.objects());
                restored = World.restore(first.grid, pack, new WorldSnapshot(s.tick(), s.nextEntityId(), s.players(),
                        s.inventories(), decoded), 5);
                for (long account : first.accounts) {
                    restored.spawnPlayer(account);
                }
                assertThat(ObjectImageCodec.encode(restored.snapshot().objects(), pack)).isEqualTo(bytes);
            }
            long[] actions = new long[first.accounts.size()];
            boolean[] acts = new boolean[actions.length];
            for (int p = 0; p < actions.length; p++) {
                acts[p] = first.random.nextInt(10) < 6;
                if (acts[p]) {
                    actions[p] = first.pack(first.action());
                }
                second.random.nextInt(10);
                if (acts[p]) {
                    second.action();
                }
            }
            for (int p = 0; p < actions.length; p++) {
                if (acts[p]) {
                    a.setAction(a.entityOf(first.accounts.get(p)), actions[p]);
                    b.setAction(b.entityOf(second.accounts.get(p)), actions[p]);
                    if (restored != null) {
                        restored.setAction(restored.entityOf(first.accounts.get(p)), actions[p]);
                    }
                }
            }
            a.step();
            b.step();
            assertThat(b.stateHash()).as("seed %d, tick %d: two runs", seed, a.tick()).isEqualTo(a.stateHash());
            if (restored != null) {
                restored.step();
                assertThat(objects(restored)).as("seed %d, tick %d: restored", seed, a.tick())
                        .isEqualTo(objects(a));
                assertThat(restored.objects().stateHash(restored.line())).as("seed %d, tick %d: restored", seed,
                        a.tick()).isEqualTo(a.objects().stateHash(a.line()));
                for (long account : first.accounts) {
                    assertThat(inventoryOf(restored, account)).isEqualTo(inventoryOf(a, account));
                }
            }
        }
    }

    /** Issue 16's determinism figure: 100 seeds × 10,000 ticks, two independent runs, equal state hashes. */
    @Test
    void twoRunsOfAHundredSeedsAgreeForTenThousandTicks() {
        for (long seed = 1; seed <= 100; seed++) {
            Game first = new Game(seed);
            Game second = new Game(seed);
            World a = first.world();
            World b = second.world();
            for (int t = 0; t < 10_000; t++) {
                for (long account : first.accounts) {
                    if (first.random.nextInt(10) < 3) {
                        long action = first.pack(first.action());
                        a.setAction(a.entityOf(account), action);
                        b.setAction(b.entityOf(account), action);
                    }
                }
                a.step();
                b.step();
                if (t % 1000 == 999) {
                    assertThat(b.stateHash()).as("seed %d, tick %d", seed, a.tick()).isEqualTo(a.stateHash());
                }
            }
        }
    }

    private static Map<Integer, String> objects(World world) {
        Map<Integer, String> seen = new TreeMap<>();
        ObjectEngine objects = world.objects();
        ContentPack pack = world.pack();
        for (int id = 1; id < objects.idBound(); id++) {
            if (!objects.exists(id)) {
                continue;
            }
            Map<String, Integer> stock = new TreeMap<>();
            for (int i = 0; i < objects.slotsOf(id); i++) {
                if (objects.stockItem(id, i) >= 0) {
                    stock.put(pack.item(objects.stockItem(id, i)), objects.stockCount(id, i));
                }
            }
            int recipe = objects.recipeOf(id);
            seen.put(id, pack.kind(objects.kindOf(id)).id() + "@" + objects.cellOf(id) + " recipe "
                    + (recipe < 0 ? null : pack.recipe(recipe).id()) + " crafting " + objects.isCrafting(id)
                    + " progress " + objects.progressOf(id, world.tick()) + " stock " + stock);
        }
        return seen;
    }

    private static Map<Integer, String> objects(ReferenceWorld model) {
        Map<Integer, String> seen = new TreeMap<>();
        for (ReferenceWorld.Obj o : model.objects.values()) {
            seen.put(o.id, o.kind + "@" + o.cell + " recipe " + o.recipe + " crafting " + o.crafting + " progress "
                    + model.progress(o) + " stock " + o.stock());
        }
        return seen;
    }

    private static Map<String, Integer> inventory(World world, long account) {
        Map<String, Integer> m = new TreeMap<>();
        Inventories.Inventory inventory = world.inventories().of(account);
        for (int item = 0; item < world.pack().itemCount(); item++) {
            m.put(world.pack().item(item), inventory.count(item));
        }
        return m;
    }

    private static int[] inventoryOf(World world, long account) {
        int[] counts = new int[world.pack().itemCount()];
        for (int item = 0; item < counts.length; item++) {
            counts[item] = world.inventories().of(account).count(item);
        }
        return counts;
    }

    private static int[] identity(int n) {
        int[] map = new int[n];
        for (int i = 0; i < n; i++) {
            map[i] = i;
        }
        return map;
    }
}
