package lor.protocol.game;

import java.util.List;

import lor.protocol.Fields;
import lor.protocol.MessageCodec;
import lor.protocol.MessageType;
import lor.protocol.Protocol;
import lor.protocol.ProtocolException;
import tools.jackson.databind.node.ObjectNode;

/** The registry of a world server's game endpoint {@code /game}. */
public final class GameMessages {

    public static final MessageType<HelloMessage> HELLO = MessageType.of(HelloMessage.TYPE, HelloMessage.class,
            f -> new HelloMessage(f.stringOrNull("ticket"), f.ref()),
            (m, out) -> {
                out.put("ticket", m.ticket());
                MessageCodec.putRef(out, m.ref());
            });

    public static final MessageType<WelcomeMessage> WELCOME = MessageType.of(WelcomeMessage.TYPE,
            WelcomeMessage.class,
            GameMessages::decodeWelcome,
            (m, out) -> {
                out.put("entityId", m.entityId());
                out.put("tick", m.tick());
                out.put("tickRate", m.tickRate());
                out.put("broadcastRate", m.broadcastRate());
                out.putObject("grid")
                        .put("width", m.grid().width())
                        .put("height", m.grid().height())
                        .put("layers", m.grid().layers());
                out.putObject("you")
                        .put("x", m.you().x())
                        .put("y", m.you().y())
                        .put("layer", m.you().layer());
                MessageCodec.putRef(out, m.ref());
            });

    public static final List<MessageType<?>> CLIENT_MESSAGES = List.of(HELLO);

    public static final List<MessageType<?>> SERVER_MESSAGES = List.of(WELCOME, Protocol.ERROR);

    private GameMessages() {
    }

    public static MessageCodec serverCodec() {
        return new MessageCodec(CLIENT_MESSAGES, SERVER_MESSAGES);
    }

    public static MessageCodec clientCodec() {
        return new MessageCodec(SERVER_MESSAGES, CLIENT_MESSAGES);
    }

    private static WelcomeMessage decodeWelcome(Fields f) throws ProtocolException {
        ObjectNode grid = f.object("grid");
        ObjectNode you = f.object("you");
        return new WelcomeMessage(f.intValue("entityId"), f.longValue("tick"), f.intValue("tickRate"),
                f.intValue("broadcastRate"),
                new WelcomeMessage.GridSize(grid.path("width").asInt(), grid.path("height").asInt(),
                        grid.path("layers").asInt()),
                new WelcomeMessage.Position(you.path("x").asInt(), you.path("y").asInt(), you.path("layer").asInt()),
                f.ref());
    }
}
