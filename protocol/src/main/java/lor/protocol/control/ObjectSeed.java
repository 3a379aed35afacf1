package lor.protocol.control;

import java.util.regex.Pattern;

/**
 * Objects a world is created with ({@code --seed-objects KIND:COUNT:LAYER}, the world setting {@code seedObjects},
 * {@code world_assign}'s {@code seedObjects}): {@code count} objects of the content pack's {@code kind} on the free
 * floor cells from {@code fromLayer} on, placed at the world's first hydration (no snapshot yet) and kept by its
 * snapshots after that. The benchmark world's machines come from here.
 */
public record ObjectSeed(String kind, int count, int fromLayer) {

    /** The most objects a seed may ask for: ten times the engine's measured million, far below any array limit. */
    public static final int MAX_COUNT = 10_000_000;
    /** Layers are counted in a byte of the map format. */
    public static final int MAX_LAYER = 255;
    private static final Pattern KIND = Pattern.compile("[a-z0-9_-]{1,32}");
    private static final Pattern FORM = Pattern.compile("([a-z0-9_-]{1,32}):([0-9]{1,8}):([0-9]{1,3})");

    public ObjectSeed {
        if (kind == null || !KIND.matcher(kind).matches() || fromLayer < 0 || fromLayer > MAX_LAYER) {
            throw new IllegalArgumentException("--seed-objects must be KIND:COUNT:LAYER (e.g. pump:100000:1), got "
                    + kind + ":" + count + ":" + fromLayer);
        }
        if (count < 1 || count > MAX_COUNT) {
            throw new IllegalArgumentException("--seed-objects count must be 1.." + MAX_COUNT + ", got " + count);
        }
    }

    /** @throws IllegalArgumentException naming the expected form */
    public static ObjectSeed parse(String value) {
        var m = FORM.matcher(value);
        if (!m.matches()) {
            throw new IllegalArgumentException("--seed-objects must be KIND:COUNT:LAYER (e.g. pump:100000:1), got "
                    + value);
        }
        return new ObjectSeed(m.group(1), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)));
    }

    /** The command-line form, {@code KIND:COUNT:LAYER}. */
    public String toArgument() {
        return kind + ":" + count + ":" + fromLayer;
    }
}
