package lor.testkit;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import lor.sim.content.ContentPack;
import lor.sim.grid.Direction;
import lor.sim.module.ActionSpec;
import lor.sim.module.FieldSpec;
import lor.sim.module.WorldModules;
import lor.sim.util.SplitMix64;

/**
 * Players doing random things, every choice drawn from the seed: {@code players} join at the first tick; each tick
 * each player online moves (a third of the time), sends one of the world's modules' actions with fields drawn from
 * its declaration (a third), or waits; now and then one leaves and later comes back, so that the modules' enter and
 * leave hooks run too. Fields are drawn within their declarations: the module's own checks are what it exercises.
 */
public final class RandomPlay implements Session {

    /** About one player leaving or coming back in this many player-ticks. */
    private static final int LEAVE_ODDS = 500;

    private final SplitMix64 random;
    private final int players;

    public RandomPlay(long seed, int players) {
        // Not the world's own generator: the players' choices must not line up with the world's draws.
        this.random = new SplitMix64(seed ^ 0x5EED_0F_71A7L);
        this.players = players;
    }

    @Override
    public void beforeTick(TestWorld world) {
        if (world.tick() == 0) {
            for (int p = 1; p <= players; p++) {
                world.join("p" + p);
            }
        }
        for (int p = 1; p <= players; p++) {
            play(world, "p" + p);
        }
    }

    private void play(TestWorld world, String name) {
        TestPlayer player = world.player(name);
        if (random.nextInt(LEAVE_ODDS) == 0) {
            if (player.online()) {
                world.leave(name);
            } else {
                world.join(name);
            }
            return;
        }
        if (!player.online()) {
            return;
        }
        int choice = random.nextInt(3);
        WorldModules modules = world.modules();
        if (choice == 0) {
            player.move(direction());
        } else if (choice == 1 && !modules.isEmpty()) {
            int module = random.nextInt(modules.size());
            List<ActionSpec> actions = modules.spec(module).actions();
            if (!actions.isEmpty()) {
                ActionSpec action = actions.get(random.nextInt(actions.size()));
                player.act(action.name(), fields(action, world.pack()));
            }
        }
    }

    private Map<String, Object> fields(ActionSpec action, ContentPack pack) {
        Map<String, Object> fields = new LinkedHashMap<>();
        for (FieldSpec field : action.fields()) {
            Object value = switch (field.type()) {
                case INT -> {
                    long span = (long) field.max() - field.min() + 1;
                    yield (int) (field.min() + Math.floorMod(random.nextLong(), span));
                }
                case DIR -> direction().name();
                case ITEM -> pack.itemCount() == 0 ? "" : pack.item(random.nextInt(pack.itemCount()));
                case KIND -> pack.kindCount() == 0 ? "" : pack.kind(random.nextInt(pack.kindCount())).id();
                case ENUM -> field.values().get(random.nextInt(field.values().size()));
            };
            fields.put(field.name(), value);
        }
        return fields;
    }

    private Direction direction() {
        return Direction.ofCode(1 + random.nextInt(4));
    }
}
