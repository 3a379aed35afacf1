package lor.sim.world;

import lor.sim.content.ContentPack;
import lor.sim.grid.Direction;

/**
 * A player's action on an object, packed into one {@code long} so that handing it from a network thread to the
 * tick costs no allocation:
 * <pre>
 * bits  0-2   type ({@link Type#code})
 * bits  3-4   side of the player it acts on ({@link Direction#ordinal()})
 * bits  5-17  kind, item or recipe index; {@link #UNKNOWN} for a name the pack does not define
 * bits 18-38  count; {@link #BAD} for one out of 1..{@link ContentPack#MAX_COUNT}
 * </pre>
 * Names become indices where the intent is decoded; whether they exist and the count is sane is judged at the tick,
 * like everything else about the intent, so that a refusal comes back as a {@code rejected} in order.
 */
public final class ObjectIntent {

    public static final int UNKNOWN = (1 << 13) - 1;
    public static final int BAD = (1 << 21) - 1;

    /** What the player does to the object on the adjacent cell. */
    public enum Type {
        BUILD("build"), PUT("put"), TAKE("take"), SET_RECIPE("set_recipe"), DISMANTLE("dismantle");

        private static final Type[] VALUES = values();

        /** The message type of the contract. */
        public final String messageType;

        Type(String messageType) {
            this.messageType = messageType;
        }

        public int code() {
            return ordinal() + 1;
        }

        static Type ofCode(int code) {
            return VALUES[code - 1];
        }
    }

    private ObjectIntent() {
    }

    /**
     * @param index kind, item or recipe index, or -1 for a name the pack lacks
     * @param count any value: out-of-range counts are packed as {@link #BAD} and refused at the tick
     */
    public static long pack(Type type, Direction side, int index, long count) {
        long i = index < 0 || index >= UNKNOWN ? UNKNOWN : index;
        long c = count < 1 || count > ContentPack.MAX_COUNT ? BAD : count;
        return type.code() | (long) side.ordinal() << 3 | i << 5 | c << 18;
    }

    /**
     * An action as the contract's message names it: the kind of a {@code build}, the item of a {@code put} or
     * {@code take}, the recipe of a {@code set_recipe} by their ids in the pack ({@code name} is not read for a
     * {@code dismantle}). A name the pack lacks packs as unknown and is refused at the tick, as any unknown index.
     */
    public static long named(ContentPack pack, Type type, Direction side, String name, long count) {
        boolean named = name != null;
        int index = switch (type) {
            case BUILD -> named ? pack.kindIndex(name) : -1;
            case PUT, TAKE -> named ? pack.itemIndex(name) : -1;
            case SET_RECIPE -> named ? pack.recipeIndex(name) : -1;
            case DISMANTLE -> 0;
        };
        return pack(type, side, index, type == Type.PUT || type == Type.TAKE ? count : 1);
    }

    /** The type whose message is {@code messageType}, or null. */
    public static Type ofMessage(String messageType) {
        for (Type t : Type.VALUES) {
            if (t.messageType.equals(messageType)) {
                return t;
            }
        }
        return null;
    }

    public static Type type(long packed) {
        return Type.ofCode((int) (packed & 7));
    }

    public static Direction side(long packed) {
        return Direction.ofCode(((int) (packed >>> 3) & 3) + 1);
    }

    /** The kind, item or recipe index, or -1 for an unknown name. */
    public static int index(long packed) {
        int i = (int) (packed >>> 5) & UNKNOWN;
        return i == UNKNOWN ? -1 : i;
    }

    /** The count, or -1 for a bad one. */
    public static int count(long packed) {
        int c = (int) (packed >>> 18) & BAD;
        return c == BAD ? -1 : c;
    }
}
