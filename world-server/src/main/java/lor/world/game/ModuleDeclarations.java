package lor.world.game;

import lor.protocol.Json;
import lor.sim.module.ActionSpec;
import lor.sim.module.AttributeSpec;
import lor.sim.module.CellSpec;
import lor.sim.module.FieldSpec;
import lor.sim.module.FieldType;
import lor.sim.module.ModuleSpec;
import lor.sim.module.WorldModules;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code welcome.modules}: what a world's game modules add, as the contract spells it, so that a client that knows
 * no module by name can still offer its actions, show its attributes and draw its field; with two keys of this
 * project's beside the contract's (README, "Game modules"), which clients that do not draw declarations ignore: an
 * attribute's {@code show} ({@code bar}, {@code number}, {@code hidden}) and a cell value's {@code colour}
 * ({@code #rrggbb}, when the module gives one). Built once per world.
 */
public final class ModuleDeclarations {

    private ModuleDeclarations() {
    }

    /** The contract's array: {@code []} for a world without modules. */
    public static ArrayNode json(WorldModules modules) {
        ArrayNode out = Json.MAPPER.createArrayNode();
        for (ModuleSpec spec : modules.specs()) {
            ObjectNode module = out.addObject().put("name", spec.name());
            ArrayNode actions = module.putArray("actions");
            for (ActionSpec action : spec.actions()) {
                ObjectNode fields = actions.addObject().put("name", action.name()).putObject("fields");
                for (FieldSpec field : action.fields()) {
                    fieldSpec(fields.putObject(field.name()), field);
                }
            }
            ArrayNode attributes = module.putArray("attributes");
            for (AttributeSpec attribute : spec.attributes()) {
                attributes.addObject().put("name", attribute.name()).put("min", attribute.min())
                        .put("max", attribute.max()).put("default", attribute.defaultValue())
                        .put("show", attribute.look().wireName());
            }
            ArrayNode cells = module.putArray("cells");
            for (CellSpec cell : spec.cells()) {
                ObjectNode c = cells.addObject().put("value", cell.value()).put("name", cell.name());
                if (cell.colour() != null) {
                    c.put("colour", cell.colour());
                }
            }
            ArrayNode reasons = module.putArray("reasons");
            spec.reasons().forEach(reasons::add);
        }
        return out;
    }

    private static void fieldSpec(ObjectNode out, FieldSpec field) {
        out.put("type", field.type().wireName());
        if (field.type() == FieldType.INT) {
            out.put("min", field.min()).put("max", field.max());
        } else if (field.type() == FieldType.ENUM) {
            ArrayNode values = out.putArray("values");
            field.values().forEach(values::add);
        }
    }
}
