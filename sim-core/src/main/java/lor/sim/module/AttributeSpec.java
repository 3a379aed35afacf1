package lor.sim.module;

/**
 * An int every entity of a world carries (health, mana, charge…), within inclusive bounds, starting at its default:
 * in every state in view and in snapshots; {@code look} says how clients that draw declarations show it.
 */
public record AttributeSpec(String name, int min, int max, int defaultValue, AttributeLook look) {

    /** Shown as a number. */
    public AttributeSpec(String name, int min, int max, int defaultValue) {
        this(name, min, max, defaultValue, AttributeLook.NUMBER);
    }

    public static AttributeSpec of(String name, int min, int max, int defaultValue) {
        return new AttributeSpec(name, min, max, defaultValue);
    }

    /** The same attribute shown otherwise. */
    public AttributeSpec shown(AttributeLook how) {
        return new AttributeSpec(name, min, max, defaultValue, how);
    }

    /** {@code value} brought within the bounds. */
    public int clamp(int value) {
        return Math.max(min, Math.min(max, value));
    }

    void check(String module) {
        String at = "module " + module + ": attribute " + ModuleNames.quoted(name);
        ModuleNames.check("module " + module + ": attribute", name);
        if (min > max) {
            throw new ModuleException(at + " has its minimum " + min + " above its maximum " + max);
        }
        if (look == null) {
            throw new ModuleException(at + " has no look (bar, number or hidden)");
        }
        if (defaultValue < min || defaultValue > max) {
            throw new ModuleException(at + " has its default " + defaultValue + " outside " + min + ".." + max);
        }
    }
}
