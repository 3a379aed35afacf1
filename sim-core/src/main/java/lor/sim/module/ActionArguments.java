package lor.sim.module;

import java.util.Map;

import lor.sim.content.ContentPack;
import lor.sim.grid.Direction;

/**
 * An {@code act} intent's fields checked against its action's declaration, before the module sees them: each declared
 * field present, of its JSON type, within its bounds or among its values, its item or kind one the pack has, and no
 * field the action does not declare. What passes reaches the module as one int per field, in declaration order.
 */
public final class ActionArguments {

    /** No field's value is this: values are ints. */
    private static final long REFUSED = Long.MIN_VALUE;
    /** How much of a refused value a refusal quotes: a client's string is not copied whole into a log. */
    private static final int QUOTED = 40;

    /** The outcome: the values in field order, or why they were refused ({@code bad_field}). */
    public record Checked(int[] values, String refusal) {

        public boolean ok() {
            return refusal == null;
        }
    }

    private ActionArguments() {
    }

    /**
     * @param fields the message's keys other than {@code type}, {@code action}, {@code seq} and {@code ref}, with
     *               their decoded JSON values: an integral number as Integer or Long, a string as String
     */
    public static Checked check(ActionSpec action, Map<String, ?> fields, ContentPack pack) {
        for (String key : fields.keySet()) {
            if (action.fieldIndex(key) < 0) {
                return refused("the action " + action.name() + " has no field " + shown(key));
            }
        }
        int[] values = new int[action.fields().size()];
        for (int i = 0; i < values.length; i++) {
            FieldSpec field = action.fields().get(i);
            if (!fields.containsKey(field.name())) {
                return refused("the field " + field.name() + " is missing");
            }
            Object raw = fields.get(field.name());
            long value = field.type() == FieldType.INT ? number(field, raw) : named(field, raw, pack);
            if (value == REFUSED) {
                return refused(describe(field, raw));
            }
            values[i] = (int) value;
        }
        return new Checked(values, null);
    }

    private static long number(FieldSpec field, Object raw) {
        long value;
        if (raw instanceof Integer i) {
            value = i;
        } else if (raw instanceof Long l) {
            value = l;
        } else {
            return REFUSED;
        }
        return value < field.min() || value > field.max() ? REFUSED : value;
    }

    private static long named(FieldSpec field, Object raw, ContentPack pack) {
        if (!(raw instanceof String name)) {
            return REFUSED;
        }
        int value = switch (field.type()) {
            case DIR -> {
                Direction direction = Direction.parse(name);
                yield direction == null ? -1 : direction.code();
            }
            case ITEM -> pack.itemIndex(name);
            case KIND -> pack.kindIndex(name);
            case ENUM -> field.values().indexOf(name);
            case INT -> -1;
        };
        return value < 0 ? REFUSED : value;
    }

    private static String shown(Object raw) {
        String shown = String.valueOf(raw);
        if (shown.length() > QUOTED) {
            shown = shown.substring(0, QUOTED) + "…";
        }
        return raw instanceof String ? "\"" + shown + "\"" : shown;
    }

    private static String describe(FieldSpec field, Object raw) {
        String shown = shown(raw);
        return switch (field.type()) {
            case INT -> "the field " + field.name() + " must be an integer from " + field.min() + " to "
                    + field.max() + ", not " + shown;
            case DIR -> "the field " + field.name() + " must be N, E, S or W, not " + shown;
            case ITEM -> "the field " + field.name() + " must be an item of this world's pack, not " + shown;
            case KIND -> "the field " + field.name() + " must be an object kind of this world's pack, not " + shown;
            case ENUM -> "the field " + field.name() + " must be one of " + field.values() + ", not " + shown;
        };
    }

    private static Checked refused(String why) {
        return new Checked(null, why);
    }
}
