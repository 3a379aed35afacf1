package lor.sim.module;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import lor.sim.content.ObjectRule;

/**
 * What a module adds to the worlds that run it, as clients learn it from {@code welcome}: its actions, the attributes
 * every entity carries, the values of its field layer, and the reasons its actions may be refused with. Made with
 * {@link #builder(String)}; {@link #check()} refuses a declaration that breaks the contract's rules, naming the
 * module and the entry. Besides what clients learn, a module may provide Java object rules ({@link ObjectRuleSpec}):
 * the object kinds of a pack naming the module run them by id.
 */
public record ModuleSpec(String name, int apiVersion, List<ActionSpec> actions, List<AttributeSpec> attributes,
                         List<String> data, List<CellSpec> cells, List<String> reasons,
                         List<ObjectRuleSpec> objectRules) {

    /** The most fields an action declares: an {@code act} frame's keys are bounded by it. */
    public static final int MAX_FIELDS = 16;

    public ModuleSpec {
        actions = List.copyOf(actions);
        attributes = List.copyOf(attributes);
        data = List.copyOf(data);
        cells = List.copyOf(cells);
        reasons = List.copyOf(reasons);
        objectRules = List.copyOf(objectRules);
    }

    /** A declaration without object rules. */
    public ModuleSpec(String name, int apiVersion, List<ActionSpec> actions, List<AttributeSpec> attributes,
                      List<String> data, List<CellSpec> cells, List<String> reasons) {
        this(name, apiVersion, actions, attributes, data, cells, reasons, List.of());
    }

    /** A declaration for this build's {@link ModuleApi#VERSION}. */
    public static Builder builder(String name) {
        return new Builder(name);
    }

    /**
     * @return this declaration
     * @throws ModuleException for a name not of the contract's form, a name declared twice, bounds that cross, a
     *                         default outside its bounds, a cell value below 1
     */
    public ModuleSpec check() {
        ModuleNames.check("module", name);
        Set<String> seen = new HashSet<>();
        for (ActionSpec action : actions) {
            action.check(name);
            unique(seen, "action", action.name());
        }
        seen.clear();
        for (AttributeSpec attribute : attributes) {
            attribute.check(name);
            unique(seen, "attribute", attribute.name());
        }
        for (String column : data) {
            ModuleNames.check("module " + name + ": entity data", column);
            unique(seen, "attribute or entity data", column);
        }
        seen.clear();
        Set<Integer> values = new HashSet<>();
        for (CellSpec cell : cells) {
            cell.check(name);
            unique(seen, "cell value", cell.name());
            if (!values.add(cell.value())) {
                throw new ModuleException("module " + name + ": the cell value " + cell.value() + " is named twice");
            }
        }
        seen.clear();
        for (String reason : reasons) {
            ModuleNames.check("module " + name + ": reason", reason);
            unique(seen, "reason", reason);
        }
        seen.clear();
        for (ObjectRuleSpec rule : objectRules) {
            rule.check(name);
            unique(seen, "object rule", rule.id());
        }
        return this;
    }

    /** The declared cell value {@code value}, or null. */
    public CellSpec cell(int value) {
        for (CellSpec cell : cells) {
            if (cell.value() == value) {
                return cell;
            }
        }
        return null;
    }

    private void unique(Set<String> seen, String what, String entry) {
        if (!seen.add(entry)) {
            throw new ModuleException("module " + name + ": the " + what + " \"" + entry + "\" is declared twice");
        }
    }

    /** Collects a module's declarations. */
    public static final class Builder {

        private final String name;
        private int apiVersion = ModuleApi.VERSION;
        private final List<ActionSpec> actions = new ArrayList<>();
        private final List<AttributeSpec> attributes = new ArrayList<>();
        private final List<String> data = new ArrayList<>();
        private final List<CellSpec> cells = new ArrayList<>();
        private final List<String> reasons = new ArrayList<>();
        private final List<ObjectRuleSpec> objectRules = new ArrayList<>();

        private Builder(String name) {
            this.name = name;
        }

        /** The API version the module was written against, when it is not this build's. */
        public Builder apiVersion(int version) {
            this.apiVersion = version;
            return this;
        }

        public Builder action(String action, FieldSpec... fields) {
            actions.add(ActionSpec.of(action, fields));
            return this;
        }

        public Builder attribute(String attribute, int min, int max, int defaultValue) {
            attributes.add(AttributeSpec.of(attribute, min, max, defaultValue));
            return this;
        }

        /**
         * Ints every entity carries for this module that clients are not shown (a cooldown, a target): kept in
         * snapshots by name, 0 for an entity that never had one.
         */
        public Builder entityData(String... columns) {
            data.addAll(List.of(columns));
            return this;
        }

        public Builder cell(int value, String cell) {
            cells.add(CellSpec.of(value, cell));
            return this;
        }

        public Builder blockingCell(int value, String cell) {
            cells.add(CellSpec.blocking(value, cell));
            return this;
        }

        /**
         * How clients that draw declarations paint the cell value {@code value} declared before ({@code #rrggbb});
         * without it they choose a colour.
         *
         * @throws ModuleException when no such value was declared before
         */
        public Builder colour(int value, String rgb) {
            for (int i = 0; i < cells.size(); i++) {
                if (cells.get(i).value() == value) {
                    cells.set(i, cells.get(i).painted(rgb));
                    return this;
                }
            }
            throw new ModuleException("module " + name + ": a colour for the cell value " + value
                    + ", which is not declared before it");
        }

        /**
         * How clients that draw declarations show the attribute declared before (a bar between its bounds, its
         * number, or not at all); without it, its number.
         *
         * @throws ModuleException when no such attribute was declared before
         */
        public Builder shown(String attribute, AttributeLook look) {
            for (int i = 0; i < attributes.size(); i++) {
                if (attributes.get(i).name().equals(attribute)) {
                    attributes.set(i, attributes.get(i).shown(look));
                    return this;
                }
            }
            throw new ModuleException("module " + name + ": a look for the attribute " + ModuleNames.quoted(attribute)
                    + ", which is not declared before it");
        }

        /** Reasons the module's actions may be refused with, besides the contract's own. */
        public Builder reasons(String... more) {
            reasons.addAll(List.of(more));
            return this;
        }

        /**
         * A Java object rule an object kind of the module's packs runs with {@code "rule": "ID"}: {@code factory}
         * builds it once per compiled pack.
         */
        public Builder objectRule(String id, ObjectRule.Factory factory) {
            objectRules.add(new ObjectRuleSpec(id, factory));
            return this;
        }

        /** @throws ModuleException as {@link ModuleSpec#check()} */
        public ModuleSpec build() {
            return new ModuleSpec(name, apiVersion, actions, attributes, data, cells, reasons, objectRules).check();
        }
    }
}
