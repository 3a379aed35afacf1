package lor.sim.module;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** An action a module adds, sent by clients as {@code act} with these fields, and checked against them first. */
public record ActionSpec(String name, List<FieldSpec> fields) {

    public ActionSpec {
        fields = List.copyOf(fields);
    }

    public static ActionSpec of(String name, FieldSpec... fields) {
        return new ActionSpec(name, List.of(fields));
    }

    /** The position of the field named {@code field}, or -1. */
    public int fieldIndex(String field) {
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).name().equals(field)) {
                return i;
            }
        }
        return -1;
    }

    void check(String module) {
        String where = "module " + module + ": action " + ModuleNames.quoted(name);
        ModuleNames.check("module " + module + ": action", name);
        if (fields.size() > ModuleSpec.MAX_FIELDS) {
            throw new ModuleException(where + " declares " + fields.size() + " fields; an action has at most "
                    + ModuleSpec.MAX_FIELDS);
        }
        Set<String> seen = new HashSet<>();
        for (FieldSpec field : fields) {
            field.check(where);
            if (!seen.add(field.name())) {
                throw new ModuleException(where + " declares the field \"" + field.name() + "\" twice");
            }
        }
    }
}
