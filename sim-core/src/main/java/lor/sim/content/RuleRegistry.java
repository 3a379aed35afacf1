package lor.sim.content;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The Java rules a pack may name, by id. Filled before packs are compiled; read-only afterwards. */
public final class RuleRegistry {

    private final Map<String, ObjectRule.Factory> factories = new TreeMap<>();

    public static RuleRegistry empty() {
        return new RuleRegistry();
    }

    /** @throws IllegalArgumentException when the id is taken or not of the pack's id form */
    public RuleRegistry register(String id, ObjectRule.Factory factory) {
        if (!Ids.isValid(id)) {
            throw new IllegalArgumentException("rule id " + id + " must match " + Ids.PATTERN);
        }
        if (factories.putIfAbsent(id, factory) != null) {
            throw new IllegalArgumentException("rule " + id + " is registered twice");
        }
        return this;
    }

    /** The registered ids, sorted: what an error about a missing rule lists. */
    public List<String> ids() {
        return List.copyOf(factories.keySet());
    }

    ObjectRule.Factory find(String id) {
        return factories.get(id);
    }
}
