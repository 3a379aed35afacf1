package lor.sim.module;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import lor.sim.content.ContentException;

/**
 * A module's section of its pack's {@code "settings"}: whole numbers by name, as the studio tuned them. A module reads
 * each with its default and bounds, and names the keys it knows, so a typing mistake in a pack fails its world with
 * an error naming the entry ({@code settings.elementals "regrow_ticks"}) rather than being ignored.
 */
public final class ModuleSettings {

    private final String module;
    private final Map<String, Integer> values;

    public ModuleSettings(String module, Map<String, Integer> values) {
        this.module = module;
        this.values = new LinkedHashMap<>(values);
    }

    /** No settings: every module reads its defaults. */
    public static ModuleSettings none(String module) {
        return new ModuleSettings(module, Map.of());
    }

    /**
     * The value of {@code key}, or {@code defaultValue} when the pack does not set it.
     *
     * @throws ContentException naming the entry when the pack's value is outside {@code min..max}
     */
    public int integer(String key, int defaultValue, int min, int max) {
        Integer value = values.get(key);
        if (value == null) {
            return defaultValue;
        }
        if (value < min || value > max) {
            throw new ContentException(entry(key), "must be from " + min + " to " + max + ", not " + value);
        }
        return value;
    }

    /** @throws ContentException naming the first key of the section the module does not know */
    public void onlyKeys(Set<String> known) {
        for (String key : values.keySet()) {
            if (!known.contains(key)) {
                throw new ContentException(entry(key), "module " + module + " has no such setting (it has "
                        + known + ")");
            }
        }
    }

    private String entry(String key) {
        return "settings." + module + " \"" + key + "\"";
    }
}
