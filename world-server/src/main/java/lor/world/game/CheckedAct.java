package lor.world.game;

import java.util.Map;

import lor.protocol.game.ActMessage;
import lor.protocol.game.RejectedMessage;
import lor.sim.content.ContentPack;
import lor.sim.module.ActionArguments;
import lor.sim.module.WorldModules;

/**
 * An {@code act} as the event loop hands it to the tick: the module's action and its fields as ints, or the reason it
 * is refused ({@code unknown_action}, {@code bad_field}). A refusal still goes through the tick, in order with the
 * player's other intents, so that {@code ack} covers it as it covers every intent.
 *
 * @param refusal null for an action to run
 */
public record CheckedAct(WorldModules.ActionRef action, int[] fields, String refusal) {

    /** Checks an {@code act} against the world's modules and pack; the tick never sees a client's string. */
    static CheckedAct of(ActMessage message, WorldModules modules, ContentPack pack) {
        WorldModules.ActionRef action = message.action() == null ? null : modules.action(message.action());
        if (action == null) {
            return new CheckedAct(null, null, RejectedMessage.UNKNOWN_ACTION);
        }
        Map<String, Object> fields = message.fields();
        ActionArguments.Checked checked = ActionArguments.check(action.spec(), fields, pack);
        if (!checked.ok()) {
            return new CheckedAct(null, null, RejectedMessage.BAD_FIELD);
        }
        return new CheckedAct(action, checked.values(), null);
    }
}
