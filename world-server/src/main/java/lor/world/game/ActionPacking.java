package lor.world.game;

import lor.protocol.game.BuildMessage;
import lor.protocol.game.ObjectActionMessage;
import lor.protocol.game.PutMessage;
import lor.protocol.game.SetRecipeMessage;
import lor.protocol.game.TakeMessage;
import lor.sim.content.ContentPack;
import lor.sim.grid.Direction;
import lor.sim.world.ObjectIntent;

/**
 * Turns an action message into the packed intent the tick applies: names become the pack's indices here, on the
 * event loop, so the tick never handles a string. A name the pack does not define packs as unknown and is refused at
 * the tick with its reason, in order with the player's other intents.
 */
final class ActionPacking {

    private ActionPacking() {
    }

    static long pack(ObjectActionMessage action, ContentPack pack) {
        Direction side = Direction.parse(action.dir());
        if (action instanceof BuildMessage b) {
            return ObjectIntent.named(pack, ObjectIntent.Type.BUILD, side, b.kind(), 1);
        }
        if (action instanceof PutMessage p) {
            return ObjectIntent.named(pack, ObjectIntent.Type.PUT, side, p.item(), p.count());
        }
        if (action instanceof TakeMessage t) {
            return ObjectIntent.named(pack, ObjectIntent.Type.TAKE, side, t.item(), t.count());
        }
        if (action instanceof SetRecipeMessage r) {
            return ObjectIntent.named(pack, ObjectIntent.Type.SET_RECIPE, side, r.recipe(), 1);
        }
        return ObjectIntent.named(pack, ObjectIntent.Type.DISMANTLE, side, null, 1);
    }
}
