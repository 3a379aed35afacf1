package lor.sim.module;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One field of an action: its name, its type and, for {@code int}, its inclusive bounds, for {@code enum}, its names.
 * The world checks a field's value against this before the module sees it, and hands the module an int: the number
 * itself, a {@link lor.sim.grid.Direction#code() direction's code}, an item's or kind's index in the pack, or the
 * index of the enum name.
 */
public record FieldSpec(String name, FieldType type, int min, int max, List<String> values) {

    public FieldSpec {
        values = List.copyOf(values);
    }

    /** An integer from {@code min} to {@code max}, both included. */
    public static FieldSpec integer(String name, int min, int max) {
        return new FieldSpec(name, FieldType.INT, min, max, List.of());
    }

    /** A direction: {@code N}, {@code E}, {@code S} or {@code W}. */
    public static FieldSpec dir(String name) {
        return new FieldSpec(name, FieldType.DIR, 0, 0, List.of());
    }

    /** An item of the world's pack. */
    public static FieldSpec item(String name) {
        return new FieldSpec(name, FieldType.ITEM, 0, 0, List.of());
    }

    /** An object kind of the world's pack. */
    public static FieldSpec kind(String name) {
        return new FieldSpec(name, FieldType.KIND, 0, 0, List.of());
    }

    /** One of {@code values}, handed to the module as its index in that list. */
    public static FieldSpec oneOf(String name, String... values) {
        return new FieldSpec(name, FieldType.ENUM, 0, values.length - 1, List.of(values));
    }

    /** @throws ModuleException naming {@code where} (module and action) and this field */
    void check(String where) {
        String at = where + ": field " + ModuleNames.quoted(name);
        ModuleNames.check(where + ": field", name);
        if (ModuleNames.RESERVED_FIELDS.contains(name)) {
            throw new ModuleException(at + " is a key of the act message itself " + ModuleNames.RESERVED_FIELDS);
        }
        if (type == null) {
            throw new ModuleException(at + " has no type");
        }
        if (type == FieldType.INT && min > max) {
            throw new ModuleException(at + " has its minimum " + min + " above its maximum " + max);
        }
        if (type == FieldType.ENUM) {
            if (values.isEmpty()) {
                throw new ModuleException(at + " is an enum without values");
            }
            Set<String> seen = new HashSet<>();
            for (String value : values) {
                ModuleNames.check(at + ": enum value", value);
                if (!seen.add(value)) {
                    throw new ModuleException(at + " lists the value \"" + value + "\" twice");
                }
            }
        } else if (!values.isEmpty()) {
            throw new ModuleException(at + " of type " + type.wireName() + " lists enum values");
        }
    }
}
