package lor.testkit;

import java.util.LinkedHashMap;
import java.util.Map;

import lor.sim.grid.Direction;

/**
 * A player of a {@link TestWorld}, by name: what it sends for the coming tick (one intent a tick, as on a server) and
 * what it is now. Reads throw {@link IllegalStateException} while the player is not in the world.
 */
public final class TestPlayer {

    private final TestWorld world;
    private final String name;
    private final long accountId;

    TestPlayer(TestWorld world, String name, long accountId) {
        this.world = world;
        this.name = name;
        this.accountId = accountId;
    }

    public String name() {
        return name;
    }

    public long accountId() {
        return accountId;
    }

    public boolean online() {
        return world.slotOf(this) >= 0;
    }

    /** The player's entity id now (a player who leaves and comes back gets a new one). */
    public int entityId() {
        return world.world().idAt(slot());
    }

    /**
     * Sends one of the world's modules' actions, its fields given as name, value, name, value…, each value as a
     * client's JSON would carry it: a number (Integer or Long), or a String (a direction {@code "E"}, an item, a
     * kind, one of an enum's values); a {@link Direction} is sent as its name. Checked as the world server checks an
     * {@code act} frame: an action no module declares is refused with {@code unknown_action}, fields that do not
     * match its declaration with {@code bad_field}, both answered at the next step.
     */
    public TestPlayer act(String action, Object... fieldsAndValues) {
        if (fieldsAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("fields come as name, value pairs; got " + fieldsAndValues.length
                    + " arguments");
        }
        Map<String, Object> fields = new LinkedHashMap<>();
        for (int i = 0; i < fieldsAndValues.length; i += 2) {
            Object value = fieldsAndValues[i + 1];
            fields.put(String.valueOf(fieldsAndValues[i]), value instanceof Direction d ? d.name() : value);
        }
        return act(action, fields);
    }

    /** As {@link #act(String, Object...)}, with the fields as a JSON object's members. */
    public TestPlayer act(String action, Map<String, ?> fields) {
        world.act(this, action, fields);
        return this;
    }

    /** A step in the coming tick. */
    public TestPlayer move(Direction direction) {
        world.move(this, direction);
        return this;
    }

    /** What became of this player's intent in the last tick, or null when it sent none. */
    public Outcome outcome() {
        return world.outcome(name);
    }

    public int x() {
        return world.world().xAt(slot());
    }

    public int y() {
        return world.world().yAt(slot());
    }

    public int layer() {
        return world.world().layerAt(slot());
    }

    /** An attribute a module of the world declares, by name. */
    public int attribute(String attribute) {
        return world.world().attributeAt(slot(), world.attributeIndex(attribute));
    }

    /** How many of the pack's item the player carries. */
    public int carried(String item) {
        return world.carried(this, item);
    }

    private int slot() {
        int slot = world.slotOf(this);
        if (slot < 0) {
            throw new IllegalStateException(name + " is not in the world");
        }
        return slot;
    }

    @Override
    public String toString() {
        return name;
    }
}
