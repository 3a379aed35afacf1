package lor.sim.module;

import lor.sim.content.ObjectRule;

/**
 * A Java object rule a module provides: an object kind of a pack that names the module runs it with
 * {@code "rule": "ID"}, as it would run a formula. The factory builds the rule once per compiled pack (resolving item
 * and line names to indices then, not on every run); the rule is the pure function {@link ObjectRule} describes.
 */
public record ObjectRuleSpec(String id, ObjectRule.Factory factory) {

    void check(String module) {
        ModuleNames.check("module " + module + ": object rule", id);
        if (factory == null) {
            throw new ModuleException("module " + module + ": object rule " + ModuleNames.quoted(id)
                    + " has no factory");
        }
    }
}
