package lor.protocol.director;

import java.util.ArrayList;
import java.util.List;

import lor.protocol.Fields;
import lor.protocol.MessageCodec;
import lor.protocol.MessageType;
import lor.protocol.Protocol;
import lor.protocol.ProtocolException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The registry of the director's client endpoint {@code /ws}. */
public final class DirectorMessages {

    public static final MessageType<RegisterMessage> REGISTER = MessageType.of(RegisterMessage.TYPE,
            RegisterMessage.class,
            f -> new RegisterMessage(f.string("username"), f.string("password"), f.ref()),
            (m, out) -> {
                out.put("username", m.username());
                out.put("password", m.password());
                MessageCodec.putRef(out, m.ref());
            });

    public static final MessageType<RegisteredMessage> REGISTERED = MessageType.of(RegisteredMessage.TYPE,
            RegisteredMessage.class,
            f -> new RegisteredMessage(f.longValue("accountId"), f.ref()),
            (m, out) -> {
                out.put("accountId", m.accountId());
                MessageCodec.putRef(out, m.ref());
            });

    public static final MessageType<LoginMessage> LOGIN = MessageType.of(LoginMessage.TYPE, LoginMessage.class,
            f -> new LoginMessage(f.string("username"), f.string("password"), f.ref()),
            (m, out) -> {
                out.put("username", m.username());
                out.put("password", m.password());
                MessageCodec.putRef(out, m.ref());
            });

    public static final MessageType<ResumeMessage> RESUME = MessageType.of(ResumeMessage.TYPE, ResumeMessage.class,
            f -> new ResumeMessage(f.string("token"), f.ref()),
            (m, out) -> {
                out.put("token", m.token());
                MessageCodec.putRef(out, m.ref());
            });

    public static final MessageType<LoggedInMessage> LOGGED_IN = MessageType.of(LoggedInMessage.TYPE,
            LoggedInMessage.class,
            f -> new LoggedInMessage(f.longValue("accountId"), f.string("token"), f.ref()),
            (m, out) -> {
                out.put("accountId", m.accountId());
                out.put("token", m.token());
                MessageCodec.putRef(out, m.ref());
            });

    public static final MessageType<LogoutMessage> LOGOUT = MessageType.of(LogoutMessage.TYPE, LogoutMessage.class,
            f -> new LogoutMessage(f.ref()),
            (m, out) -> MessageCodec.putRef(out, m.ref()));

    public static final MessageType<LoggedOutMessage> LOGGED_OUT = MessageType.of(LoggedOutMessage.TYPE,
            LoggedOutMessage.class,
            f -> new LoggedOutMessage(f.ref()),
            (m, out) -> MessageCodec.putRef(out, m.ref()));

    public static final MessageType<ListWorldsMessage> LIST_WORLDS = MessageType.of(ListWorldsMessage.TYPE,
            ListWorldsMessage.class,
            f -> new ListWorldsMessage(f.ref()),
            (m, out) -> MessageCodec.putRef(out, m.ref()));

    public static final MessageType<WorldsMessage> WORLDS = MessageType.of(WorldsMessage.TYPE, WorldsMessage.class,
            DirectorMessages::decodeWorlds,
            (m, out) -> {
                ArrayNode worlds = out.putArray("worlds");
                for (WorldsMessage.WorldSummary world : m.worlds()) {
                    worlds.addObject()
                            .put("worldId", world.worldId())
                            .put("name", world.name())
                            .put("status", world.status())
                            .put("players", world.players());
                }
                MessageCodec.putRef(out, m.ref());
            });

    public static final MessageType<JoinWorldMessage> JOIN_WORLD = MessageType.of(JoinWorldMessage.TYPE,
            JoinWorldMessage.class,
            f -> new JoinWorldMessage(f.string("worldId"), f.ref()),
            (m, out) -> {
                out.put("worldId", m.worldId());
                MessageCodec.putRef(out, m.ref());
            });

    public static final MessageType<WorldJoinedMessage> WORLD_JOINED = MessageType.of(WorldJoinedMessage.TYPE,
            WorldJoinedMessage.class,
            f -> new WorldJoinedMessage(f.string("worldId"), f.string("gameUrl"), f.string("ticket"), f.ref()),
            (m, out) -> {
                out.put("worldId", m.worldId());
                out.put("gameUrl", m.gameUrl());
                out.put("ticket", m.ticket());
                MessageCodec.putRef(out, m.ref());
            });

    /** What a client may send to {@code /ws}. */
    public static final List<MessageType<?>> CLIENT_REQUESTS =
            List.of(REGISTER, LOGIN, RESUME, LOGOUT, LIST_WORLDS, JOIN_WORLD);

    /** What the director answers on {@code /ws}. */
    public static final List<MessageType<?>> DIRECTOR_ANSWERS =
            List.of(REGISTERED, LOGGED_IN, LOGGED_OUT, WORLDS, WORLD_JOINED, Protocol.ERROR);

    private DirectorMessages() {
    }

    /** The codec the director uses on {@code /ws}. */
    public static MessageCodec serverCodec() {
        return new MessageCodec(CLIENT_REQUESTS, DIRECTOR_ANSWERS);
    }

    /** The codec a client uses against {@code /ws}. */
    public static MessageCodec clientCodec() {
        return new MessageCodec(DIRECTOR_ANSWERS, CLIENT_REQUESTS);
    }

    private static WorldsMessage decodeWorlds(Fields f) throws ProtocolException {
        List<WorldsMessage.WorldSummary> worlds = new ArrayList<>();
        JsonNode array = f.array("worlds");
        for (JsonNode world : array) {
            if (!(world instanceof ObjectNode)) {
                continue;
            }
            worlds.add(new WorldsMessage.WorldSummary(world.path("worldId").asString(),
                    world.path("name").asString(), world.path("status").asString(), world.path("players").asInt()));
        }
        return new WorldsMessage(worlds, f.ref());
    }
}
