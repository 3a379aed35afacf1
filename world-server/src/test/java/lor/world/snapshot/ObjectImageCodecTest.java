package lor.world.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

import lor.sim.content.ContentPack;
import lor.sim.content.RuleRegistry;
import lor.sim.grid.Grid;
import lor.sim.grid.GridSize;
import lor.sim.grid.MapGenerator;
import lor.sim.objects.ObjectEngine;
import lor.sim.objects.ObjectImage;
import lor.sim.util.SplitMix64;
import lor.sim.world.World;
import lor.sim.world.WorldSnapshot;
import lor.world.content.ContentPacks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The persisted form of objects, on worlds of the default pack driven at random (builds, puts, recipes, removals
 * and ticks, so images hold id gaps, crafts in progress, timers, objects awake and asleep): what is decoded is what
 * was encoded, and a world restored from it encodes to the same bytes.
 */
class ObjectImageCodecTest {

    private static final ContentPack PACK = ContentPacks.load("default", null, RuleRegistry.empty());
    private static final Grid GRID = MapGenerator.scatter(new GridSize(12, 12, 1), 0.1, 3);
    private static final long SEED = 11;

    static IntStream seeds() {
        return IntStream.range(0, 100);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void decodesWhatItEncodedAndARestoredWorldEncodesToTheSameBytes(int seed) {
        World world = World.create(GRID, PACK, SEED);
        drive(world, new SplitMix64(seed));
        WorldSnapshot snapshot = world.snapshot();

        byte[] bytes = ObjectImageCodec.encode(snapshot.objects(), PACK);
        ObjectImage decoded = decode(bytes);

        assertThat(decoded).as("decoded objects").isEqualTo(snapshot.objects());
        World restored = World.restore(GRID, PACK, new WorldSnapshot(snapshot.tick(), snapshot.nextEntityId(),
                snapshot.players(), snapshot.inventories(), decoded), SEED);
        assertThat(ObjectImageCodec.encode(restored.snapshot().objects(), PACK)).as("objects encoded again")
                .isEqualTo(bytes);
        for (int t = 0; t < 50; t++) {
            world.step();
            restored.step();
        }
        assertThat(ObjectImageCodec.encode(restored.snapshot().objects(), PACK))
                .isEqualTo(ObjectImageCodec.encode(world.snapshot().objects(), PACK));
    }

    @Test
    void refusesAnImageWhoseObjectCraftsWithoutARecipe() {
        ObjectImage.Builder image = ObjectImage.builder(PACK, 0, 0, 1);
        int furnace = PACK.kindIndex("furnace");

        assertThatThrownBy(() -> image.add(4, furnace, 0, -1, crafting(), 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("object 5: crafting without a recipe");
        assertThatThrownBy(() -> image.add(4, furnace, 0, PACK.recipeIndex("forge_tool"), 0, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("object 5: kind furnace cannot run recipe forge_tool");
    }

    @Test
    void refusesBytesLeftAfterTheLastObject() {
        byte[] bytes = ObjectImageCodec.encode(World.create(GRID, PACK, SEED).snapshot().objects(), PACK);
        byte[] longer = Arrays.copyOf(bytes, bytes.length + 1);

        assertThatThrownBy(() -> decode(longer)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("objects: bytes left after the last object");
    }

    /** The state bits of a crafting object, as an image gives them. */
    private static int crafting() {
        World world = World.create(GRID, PACK, SEED);
        ObjectEngine objects = world.objects();
        int id = objects.build(PACK.kindIndex("anvil"), freeCell(world, 0));
        objects.add(id, PACK.itemIndex("iron"), 4);
        objects.add(id, PACK.itemIndex("wood"), 2);
        objects.setRecipe(id, PACK.recipeIndex("forge_tool"));
        for (int t = 0; t < 3 && !objects.isCrafting(id); t++) {
            world.step();
        }
        assertThat(objects.isCrafting(id)).isTrue();
        ObjectImage image = world.snapshot().objects();
        return image.state(id - 1);
    }

    private static void drive(World world, SplitMix64 random) {
        ObjectEngine objects = world.objects();
        List<String> items = List.of("wood", "ore", "coal", "iron", "tool");
        int steps = 5 + random.nextInt(40);
        for (int i = 0; i < steps; i++) {
            int id = objects.idBound() > 1 ? 1 + random.nextInt(objects.idBound() - 1) : 0;
            boolean exists = id > 0 && objects.exists(id);
            switch (random.nextInt(6)) {
                case 0, 1 -> {
                    int cell = freeCell(world, random.nextInt(GRID.size().cells()));
                    if (cell >= 0) {
                        objects.build(random.nextInt(PACK.kindCount()), cell);
                    }
                }
                case 2 -> {
                    if (exists) {
                        int item = PACK.itemIndex(items.get(random.nextInt(items.size())));
                        int n = Math.min(objects.room(id, item), 1 + random.nextInt(20));
                        if (n > 0) {
                            objects.add(id, item, n);
                        }
                    }
                }
                case 3 -> {
                    int recipe = random.nextInt(PACK.recipeCount() + 1) - 1;
                    if (exists && (recipe < 0 || PACK.kind(objects.kindOf(id)).canRun(recipe))) {
                        objects.setRecipe(id, recipe);
                    }
                }
                case 4 -> {
                    if (exists && random.nextInt(3) == 0) {
                        objects.remove(id);
                    }
                }
                default -> {
                    for (int t = random.nextInt(60); t >= 0; t--) {
                        world.step();
                    }
                }
            }
        }
    }

    /** The first cell at or after {@code from} (wrapping) that is floor with nothing on it, or -1. */
    private static int freeCell(World world, int from) {
        GridSize size = GRID.size();
        for (int i = 0; i < size.cells(); i++) {
            int cell = (from + i) % size.cells();
            int x = cell % size.width();
            int y = (cell / size.width()) % size.height();
            int layer = cell / (size.width() * size.height());
            if (!world.field().isWall(cell) && world.occupant(x, y, layer) == 0) {
                return cell;
            }
        }
        return -1;
    }

    private static ObjectImage decode(byte[] bytes) {
        return ObjectImageCodec.decode(bytes, PACK, identity(PACK.kindCount()), identity(PACK.itemCount()),
                identity(PACK.recipeCount()), GRID.size().cells());
    }

    private static int[] identity(int n) {
        return IntStream.range(0, n).toArray();
    }
}
