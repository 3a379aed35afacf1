package lor.protocol.game;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import lor.protocol.ErrorCode;
import lor.protocol.Fields;
import lor.protocol.MessageCodec;
import lor.protocol.MessageType;
import lor.protocol.Names;
import lor.protocol.Protocol;
import lor.protocol.ProtocolException;
import lor.protocol.game.binary.BinaryState;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** The registry of a world server's game endpoint {@code /game}. */
public final class GameMessages {

    public static final MessageType<HelloMessage> HELLO = MessageType.of(HelloMessage.TYPE, HelloMessage.class,
            GameMessages::decodeHello,
            (m, out) -> {
                out.put("ticket", m.ticket());
                if (m.encoding() != null) {
                    out.put("encoding", m.encoding());
                }
                if (m.names()) {
                    out.put("names", true);
                }
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
                out.put("encoding", m.encoding());
                if (m.content() != null) {
                    out.set("content", m.content());
                }
                if (m.inventory() != null) {
                    putCounts(out.putObject("inventory"), m.inventory());
                }
                out.set("modules", m.modules());
                MessageCodec.putRef(out, m.ref());
            });

    /** Fields that would carry a position; a move holding any of them is refused whole. */
    private static final List<String> POSITION_FIELDS = List.of("x", "y", "layer", "position");

    public static final MessageType<MoveMessage> MOVE = MessageType.of(MoveMessage.TYPE, MoveMessage.class,
            GameMessages::decodeMove,
            (m, out) -> {
                out.put("dir", m.dir());
                out.put("seq", m.seq());
                MessageCodec.putRef(out, m.ref());
            });

    public static final MessageType<BuildMessage> BUILD = MessageType.of(BuildMessage.TYPE, BuildMessage.class,
            f -> new BuildMessage(name(f, "kind"), side(f), seq(f), f.ref()),
            (m, out) -> {
                out.put("kind", m.kind()).put("dir", m.dir()).put("seq", m.seq());
                MessageCodec.putRef(out, m.ref());
            });

    public static final MessageType<PutMessage> PUT = MessageType.of(PutMessage.TYPE, PutMessage.class,
            f -> new PutMessage(side(f), name(f, "item"), f.longValue("count"), seq(f), f.ref()),
            (m, out) -> {
                out.put("dir", m.dir()).put("item", m.item()).put("count", m.count()).put("seq", m.seq());
                MessageCodec.putRef(out, m.ref());
            });

    public static final MessageType<TakeMessage> TAKE = MessageType.of(TakeMessage.TYPE, TakeMessage.class,
            f -> new TakeMessage(side(f), name(f, "item"), f.longValue("count"), seq(f), f.ref()),
            (m, out) -> {
                out.put("dir", m.dir()).put("item", m.item()).put("count", m.count()).put("seq", m.seq());
                MessageCodec.putRef(out, m.ref());
            });

    public static final MessageType<SetRecipeMessage> SET_RECIPE = MessageType.of(SetRecipeMessage.TYPE,
            SetRecipeMessage.class,
            f -> new SetRecipeMessage(side(f), name(f, "recipe"), seq(f), f.ref()),
            (m, out) -> {
                out.put("dir", m.dir()).put("recipe", m.recipe()).put("seq", m.seq());
                MessageCodec.putRef(out, m.ref());
            });

    public static final MessageType<DismantleMessage> DISMANTLE = MessageType.of(DismantleMessage.TYPE,
            DismantleMessage.class,
            f -> new DismantleMessage(side(f), seq(f), f.ref()),
            (m, out) -> {
                out.put("dir", m.dir()).put("seq", m.seq());
                MessageCodec.putRef(out, m.ref());
            });

    public static final MessageType<ActMessage> ACT = MessageType.of(ActMessage.TYPE, ActMessage.class,
            GameMessages::decodeAct,
            (m, out) -> {
                if (m.action() != null) {
                    out.put("action", m.action());
                }
                out.put("seq", m.seq());
                m.fields().forEach((name, value) -> {
                    if (value instanceof Long n) {
                        out.put(name, n);
                    } else if (value instanceof String s) {
                        out.put(name, s);
                    }
                });
                MessageCodec.putRef(out, m.ref());
            });

    public static final MessageType<RejectedMessage> REJECTED = MessageType.of(RejectedMessage.TYPE,
            RejectedMessage.class,
            f -> new RejectedMessage(f.longValue("seq"), f.string("reason")),
            (m, out) -> out.put("seq", m.seq()).put("reason", m.reason()));

    public static final MessageType<StateMessage> STATE = MessageType.of(StateMessage.TYPE, StateMessage.class,
            GameMessages::decodeState,
            (m, out) -> {
                out.put("tick", m.tick()).put("ack", m.ack());
                ArrayNode entities = out.putArray("entities");
                for (StateMessage.EntityState e : m.entities()) {
                    ObjectNode entity = entities.addObject().put("id", e.id()).put("x", e.x()).put("y", e.y())
                            .put("layer", e.layer()).put("kind", e.kind());
                    if (e.attrs() != null) {
                        putCounts(entity.putObject("attrs"), e.attrs());
                    }
                }
                encodeWorldParts(m, out);
                if (m.fields() != null) {
                    ArrayNode fields = out.putArray("fields");
                    for (StateMessage.FieldCell c : m.fields()) {
                        fields.addObject().put("module", c.module()).put("x", c.x()).put("y", c.y())
                                .put("layer", c.layer()).put("value", c.value());
                    }
                }
            });

    public static final MessageType<MapMessage> MAP = MessageType.of(MapMessage.TYPE, MapMessage.class,
            f -> {
                ObjectNode spawn = f.object("spawn");
                List<MapMessage.PortalInfo> portals = new ArrayList<>();
                if (f.has("portals")) {
                    for (JsonNode p : f.array("portals")) {
                        portals.add(new MapMessage.PortalInfo(p.path("number").asInt(), p.path("worldId").asString()));
                    }
                }
                return new MapMessage(f.intValue("width"), f.intValue("height"), f.intValue("layers"),
                        spawn.path("x").asInt(), spawn.path("y").asInt(), spawn.path("layer").asInt(),
                        f.string("encoding"), f.longString("cells"), portals);
            },
            (m, out) -> {
                out.put("width", m.width()).put("height", m.height()).put("layers", m.layers());
                out.putObject("spawn").put("x", m.spawnX()).put("y", m.spawnY()).put("layer", m.spawnLayer());
                out.put("encoding", m.encoding()).put("cells", m.cells());
                ArrayNode portals = out.putArray("portals");
                for (MapMessage.PortalInfo p : m.portals()) {
                    portals.addObject().put("number", p.number()).put("worldId", p.worldId());
                }
            });

    public static final MessageType<TransferMessage> TRANSFER = MessageType.of(TransferMessage.TYPE,
            TransferMessage.class,
            f -> new TransferMessage(f.string("worldId"), f.string("gameUrl"), f.string("ticket")),
            (m, out) -> out.put("worldId", m.worldId()).put("gameUrl", m.gameUrl()).put("ticket", m.ticket()));

    public static final MessageType<NamesMessage> NAMES = MessageType.of(NamesMessage.TYPE, NamesMessage.class,
            GameMessages::decodeNames,
            (m, out) -> {
                ObjectNode names = out.putObject("names");
                m.names().forEach((id, name) -> names.put(Integer.toString(id), name));
            });

    public static final List<MessageType<?>> CLIENT_MESSAGES =
            List.of(HELLO, MOVE, BUILD, PUT, TAKE, SET_RECIPE, DISMANTLE, ACT);

    public static final List<MessageType<?>> SERVER_MESSAGES =
            List.of(WELCOME, MAP, STATE, REJECTED, TRANSFER, NAMES, Protocol.ERROR);

    private GameMessages() {
    }

    public static MessageCodec serverCodec() {
        return new MessageCodec(CLIENT_MESSAGES, SERVER_MESSAGES);
    }

    public static MessageCodec clientCodec() {
        return new MessageCodec(SERVER_MESSAGES, CLIENT_MESSAGES);
    }

    private static HelloMessage decodeHello(Fields f) throws ProtocolException {
        String encoding = f.optionalString("encoding");
        if (encoding != null && !encoding.equals(HelloMessage.JSON) && !encoding.equals(BinaryState.ENCODING)) {
            throw new ProtocolException(ErrorCode.BAD_REQUEST, "encoding must be json or binary", f.ref());
        }
        return new HelloMessage(f.stringOrNull("ticket"), encoding, f.booleanValue("names", false), f.ref());
    }

    /** Entity id (a positive integer as a key) → name (a string). */
    private static NamesMessage decodeNames(Fields f) throws ProtocolException {
        Map<Integer, String> names = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : f.object("names").properties()) {
            int id;
            try {
                id = Integer.parseInt(e.getKey());
            } catch (NumberFormatException ex) {
                throw new ProtocolException(ErrorCode.BAD_REQUEST, "names must be keyed by entity id", f.ref());
            }
            if (id <= 0 || !e.getValue().isString()) {
                throw new ProtocolException(ErrorCode.BAD_REQUEST, "names maps entity ids to strings", f.ref());
            }
            names.put(id, e.getValue().asString());
        }
        return new NamesMessage(names);
    }

    private static MoveMessage decodeMove(Fields f) throws ProtocolException {
        for (String field : POSITION_FIELDS) {
            if (f.has(field)) {
                throw new ProtocolException(ErrorCode.BAD_REQUEST,
                        "a move carries only dir and seq: positions come from the server", f.ref());
            }
        }
        return new MoveMessage(side(f), seq(f), f.ref());
    }

    /**
     * An {@code act}'s keys are the client's to choose: they are read only up to the bounds {@link ActMessage}
     * documents, so that no map keyed by them grows with the frame on its way to the world's queue.
     */
    private static ActMessage decodeAct(Fields f) throws ProtocolException {
        long seq = seq(f);
        String action = f.stringOrNull("action");
        if (!Names.isModuleName(action)) {
            action = null;
        }
        Map<String, Object> fields = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> member : f.members()) {
            String name = member.getKey();
            if (ActMessage.RESERVED_KEYS.contains(name)) {
                continue;
            }
            if (fields.size() == ActMessage.MAX_FIELDS) {
                break;
            }
            if (name.length() > ActMessage.MAX_KEY_CHARS) {
                fields.put(ActMessage.LONG_KEY, ActMessage.Unsupported.LONG_KEY);
                break;
            }
            fields.put(name, actValue(member.getValue()));
        }
        return new ActMessage(action, seq, fields, f.ref());
    }

    /**
     * A field's value: the contract's fields are integers ({@code int}) or strings ({@code dir}, {@code item},
     * {@code kind}, {@code enum}); any other value is kept only as its type's name, for the world to refuse.
     */
    private static Object actValue(JsonNode value) {
        if (value.isIntegralNumber() && value.canConvertToLong()) {
            return value.longValue();
        }
        if (value.isString()) {
            return value.stringValue();
        }
        return new ActMessage.Unsupported(value.getNodeType().name().toLowerCase(Locale.ROOT));
    }

    private static StateMessage decodeState(Fields f) throws ProtocolException {
        List<StateMessage.EntityState> entities = new ArrayList<>();
        for (JsonNode e : f.array("entities")) {
            entities.add(new StateMessage.EntityState(e.path("id").asInt(), e.path("x").asInt(), e.path("y").asInt(),
                    e.path("layer").asInt(), e.path("kind").asString(""), attrs(e.get("attrs"), f)));
        }
        List<StateMessage.ObjectState> objects = new ArrayList<>();
        if (f.has("objects")) {
            for (JsonNode o : f.array("objects")) {
                JsonNode recipe = o.path("recipe");
                objects.add(new StateMessage.ObjectState(o.path("id").asInt(), o.path("kind").asString(""),
                        o.path("x").asInt(), o.path("y").asInt(), o.path("layer").asInt(),
                        recipe.isString() ? recipe.asString() : null, o.path("progress").asInt(),
                        counts(o.path("stock"))));
            }
        }
        StateMessage.ClockState clock = null;
        if (f.has("clock")) {
            ObjectNode c = f.object("clock");
            clock = new StateMessage.ClockState(c.path("line").asString(""), c.path("tick").asLong());
        }
        Map<String, Integer> inventory = f.has("inventory") ? counts(f.object("inventory")) : null;
        List<StateMessage.CellState> cells = new ArrayList<>();
        if (f.has("cells")) {
            for (JsonNode c : f.array("cells")) {
                cells.add(new StateMessage.CellState(c.path("x").asInt(), c.path("y").asInt(), c.path("layer").asInt(),
                        c.path("cell").asInt()));
            }
        }
        List<StateMessage.FieldCell> fields = null;
        if (f.has("fields")) {
            fields = new ArrayList<>();
            for (JsonNode c : f.array("fields")) {
                fields.add(new StateMessage.FieldCell(c.path("module").asString(""), c.path("x").asInt(),
                        c.path("y").asInt(), c.path("layer").asInt(), c.path("value").asInt()));
            }
        }
        return new StateMessage(f.longValue("tick"), f.longValue("ack"), entities, objects, clock, inventory, cells,
                fields);
    }

    /** An entity's {@code attrs}, name → a 32-bit integer; null when absent (a world without modules). */
    private static Map<String, Integer> attrs(JsonNode attrs, Fields f) throws ProtocolException {
        if (attrs == null || attrs.isNull()) {
            return null;
        }
        if (!attrs.isObject()) {
            throw new ProtocolException(ErrorCode.BAD_REQUEST, "an entity's attrs must be an object", f.ref());
        }
        Map<String, Integer> values = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : attrs.properties()) {
            if (!e.getValue().isIntegralNumber() || !e.getValue().canConvertToInt()) {
                throw new ProtocolException(ErrorCode.BAD_REQUEST, "an entity's attrs map names to integers",
                        f.ref());
            }
            values.put(e.getKey(), e.getValue().intValue());
        }
        return values;
    }

    /** The parts of {@code state} a world with a content pack adds. */
    private static void encodeWorldParts(StateMessage m, ObjectNode out) {
        if (m.clock() == null) {
            return;
        }
        ArrayNode objects = out.putArray("objects");
        for (StateMessage.ObjectState o : m.objects()) {
            ObjectNode node = objects.addObject().put("id", o.id()).put("kind", o.kind()).put("x", o.x())
                    .put("y", o.y()).put("layer", o.layer()).put("recipe", o.recipe()).put("progress", o.progress());
            putCounts(node.putObject("stock"), o.stock());
        }
        out.putObject("clock").put("line", m.clock().line()).put("tick", m.clock().tick());
        if (m.inventory() != null) {
            putCounts(out.putObject("inventory"), m.inventory());
        }
        if (!m.cells().isEmpty()) {
            ArrayNode cells = out.putArray("cells");
            for (StateMessage.CellState c : m.cells()) {
                cells.addObject().put("x", c.x()).put("y", c.y()).put("layer", c.layer()).put("cell", c.cell());
            }
        }
    }

    private static void putCounts(ObjectNode out, Map<String, Integer> counts) {
        counts.forEach(out::put);
    }

    /** An object of item → count, in its order; anything else reads as empty. */
    private static Map<String, Integer> counts(JsonNode node) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        if (node != null && node.isObject()) {
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                counts.put(e.getKey(), e.getValue().asInt());
            }
        }
        return counts;
    }

    /** A content name (kind, item, recipe): a string; whether the world knows it is the tick's to say. */
    private static String name(Fields f, String field) throws ProtocolException {
        return f.string(field);
    }

    private static String side(Fields f) throws ProtocolException {
        String dir = f.string("dir");
        if (!dir.equals("N") && !dir.equals("E") && !dir.equals("S") && !dir.equals("W")) {
            throw new ProtocolException(ErrorCode.BAD_REQUEST, "dir must be N, E, S or W", f.ref());
        }
        return dir;
    }

    private static long seq(Fields f) throws ProtocolException {
        long seq = f.longValue("seq");
        if (seq < 0) {
            throw new ProtocolException(ErrorCode.BAD_REQUEST, "seq must not be negative", f.ref());
        }
        return seq;
    }

    private static WelcomeMessage decodeWelcome(Fields f) throws ProtocolException {
        ObjectNode grid = f.object("grid");
        ObjectNode you = f.object("you");
        return new WelcomeMessage(f.intValue("entityId"), f.longValue("tick"), f.intValue("tickRate"),
                f.intValue("broadcastRate"),
                new WelcomeMessage.GridSize(grid.path("width").asInt(), grid.path("height").asInt(),
                        grid.path("layers").asInt()),
                new WelcomeMessage.Position(you.path("x").asInt(), you.path("y").asInt(), you.path("layer").asInt()),
                f.has("encoding") ? f.string("encoding") : HelloMessage.JSON,
                f.has("content") ? f.object("content") : null,
                f.has("inventory") ? counts(f.object("inventory")) : null, modules(f), f.ref());
    }

    /** {@code welcome.modules} as the world sent it; an empty array when absent or not an array. */
    private static ArrayNode modules(Fields f) {
        JsonNode modules = f.member("modules");
        return modules != null && modules.isArray() ? (ArrayNode) modules : JsonNodeFactory.instance.arrayNode();
    }
}
