package lor.protocol.control;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import lor.protocol.ErrorCode;
import lor.protocol.Fields;
import lor.protocol.MessageCodec;
import lor.protocol.MessageType;
import lor.protocol.Names;
import lor.protocol.Protocol;
import lor.protocol.ProtocolException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;

/** The registry of the control channel between a world process and the director ({@code /control}). */
public final class ControlMessages {

    /** The member of {@code world_snapshot} and {@code world_hydrate} that holds a world's state. */
    private static final String STATE = "state";

    public static final MessageType<WorldRegisterMessage> WORLD_REGISTER = MessageType.of(WorldRegisterMessage.TYPE,
            WorldRegisterMessage.class,
            f -> new WorldRegisterMessage(f.string("worldId"), f.string("spawnToken"), f.intValue("gamePort"),
                    f.longValue("pid")),
            (m, out) -> out.put("worldId", m.worldId())
                    .put("spawnToken", m.spawnToken())
                    .put("gamePort", m.gamePort())
                    .put("pid", m.pid()));

    public static final MessageType<WorldHydrateMessage> WORLD_HYDRATE = MessageType.of(WorldHydrateMessage.TYPE,
            WorldHydrateMessage.class,
            f -> new WorldHydrateMessage(f.string("worldId"), f.longValue("seq"), f.optionalPayload(STATE)),
            (m, out) -> {
                out.put("worldId", m.worldId()).put("seq", m.seq());
                if (m.state() != null) {
                    out.set(STATE, m.state().node());
                }
            });

    public static final MessageType<WorldResumedMessage> WORLD_RESUMED = MessageType.of(WorldResumedMessage.TYPE,
            WorldResumedMessage.class,
            f -> new WorldResumedMessage(f.string("worldId"), f.optionalString("ticketSecret")),
            (m, out) -> {
                out.put("worldId", m.worldId());
                if (m.ticketSecret() != null) {
                    out.put("ticketSecret", m.ticketSecret());
                }
            });

    public static final MessageType<WorldReadyMessage> WORLD_READY = MessageType.of(WorldReadyMessage.TYPE,
            WorldReadyMessage.class,
            f -> new WorldReadyMessage(f.string("worldId"), f.longValue("hydratedSeq")),
            (m, out) -> out.put("worldId", m.worldId()).put("hydratedSeq", m.hydratedSeq()));

    public static final MessageType<WorldSnapshotMessage> WORLD_SNAPSHOT = MessageType.of(WorldSnapshotMessage.TYPE,
            WorldSnapshotMessage.class,
            f -> new WorldSnapshotMessage(f.string("worldId"), f.longValue("seq"), f.payload(STATE),
                    f.booleanValue("last", false)),
            (m, out) -> out.put("worldId", m.worldId())
                    .put("seq", m.seq())
                    .put("last", m.last())
                    .set("state", m.state().node()));

    public static final MessageType<SnapshotAckMessage> SNAPSHOT_ACK = MessageType.of(SnapshotAckMessage.TYPE,
            SnapshotAckMessage.class,
            f -> new SnapshotAckMessage(f.string("worldId"), f.longValue("seq")),
            (m, out) -> out.put("worldId", m.worldId()).put("seq", m.seq()));

    public static final MessageType<WorldStatusMessage> WORLD_STATUS = MessageType.of(WorldStatusMessage.TYPE,
            WorldStatusMessage.class,
            f -> new WorldStatusMessage(f.string("worldId"), f.longValue("tick"), f.intValue("players"),
                    f.doubleValue("tickP50"), f.doubleValue("tickP99"), f.doubleValue("tickMax"),
                    f.longValue("overruns")),
            (m, out) -> out.put("worldId", m.worldId())
                    .put("tick", m.tick())
                    .put("players", m.players())
                    .put("tickP50", m.tickP50())
                    .put("tickP99", m.tickP99())
                    .put("tickMax", m.tickMax())
                    .put("overruns", m.overruns()));

    public static final MessageType<WorldShutdownMessage> WORLD_SHUTDOWN = MessageType.of(WorldShutdownMessage.TYPE,
            WorldShutdownMessage.class,
            f -> new WorldShutdownMessage(f.string("worldId"), f.optionalString("reason")),
            (m, out) -> {
                out.put("worldId", m.worldId());
                if (m.reason() != null) {
                    out.put("reason", m.reason());
                }
            });

    public static final MessageType<ShutdownAckMessage> SHUTDOWN_ACK = MessageType.of(ShutdownAckMessage.TYPE,
            ShutdownAckMessage.class,
            f -> new ShutdownAckMessage(f.string("worldId"), f.longValue("lastSeq")),
            (m, out) -> out.put("worldId", m.worldId()).put("lastSeq", m.lastSeq()));

    public static final MessageType<PortalTransferMessage> PORTAL_TRANSFER = MessageType.of(
            PortalTransferMessage.TYPE, PortalTransferMessage.class,
            f -> new PortalTransferMessage(f.string("worldId"), f.longValue("transferId"), f.longValue("accountId"),
                    f.string("targetWorldId"), f.intValue("x"), f.intValue("y"), f.intValue("layer"),
                    f.optionalString("name")),
            (m, out) -> {
                out.put("worldId", m.worldId()).put("transferId", m.transferId())
                        .put("accountId", m.accountId()).put("targetWorldId", m.targetWorldId())
                        .put("x", m.x()).put("y", m.y()).put("layer", m.layer());
                if (m.name() != null) {
                    out.put("name", m.name());
                }
            });

    public static final MessageType<PortalGrantedMessage> PORTAL_GRANTED = MessageType.of(
            PortalGrantedMessage.TYPE, PortalGrantedMessage.class,
            f -> new PortalGrantedMessage(f.string("worldId"), f.longValue("transferId"), f.longValue("accountId"),
                    f.string("targetWorldId"), f.string("gameUrl"), f.string("ticket")),
            (m, out) -> out.put("worldId", m.worldId()).put("transferId", m.transferId())
                    .put("accountId", m.accountId()).put("targetWorldId", m.targetWorldId())
                    .put("gameUrl", m.gameUrl()).put("ticket", m.ticket()));

    public static final MessageType<PortalRefusedMessage> PORTAL_REFUSED = MessageType.of(
            PortalRefusedMessage.TYPE, PortalRefusedMessage.class,
            f -> new PortalRefusedMessage(f.string("worldId"), f.longValue("transferId"), f.longValue("accountId"),
                    f.string("reason")),
            (m, out) -> out.put("worldId", m.worldId()).put("transferId", m.transferId())
                    .put("accountId", m.accountId()).put("reason", m.reason()));

    public static final MessageType<PlayerJoinedMessage> PLAYER_JOINED = MessageType.of(PlayerJoinedMessage.TYPE,
            PlayerJoinedMessage.class,
            f -> new PlayerJoinedMessage(f.string("worldId"), f.longValue("accountId")),
            (m, out) -> out.put("worldId", m.worldId()).put("accountId", m.accountId()));

    public static final MessageType<PlayerLeftMessage> PLAYER_LEFT = MessageType.of(PlayerLeftMessage.TYPE,
            PlayerLeftMessage.class,
            f -> new PlayerLeftMessage(f.string("worldId"), f.longValue("accountId")),
            (m, out) -> out.put("worldId", m.worldId()).put("accountId", m.accountId()));

    public static final MessageType<PlayerRosterMessage> PLAYER_ROSTER = MessageType.of(PlayerRosterMessage.TYPE,
            PlayerRosterMessage.class,
            f -> {
                List<Long> accounts = new ArrayList<>();
                for (JsonNode id : f.array("accountIds")) {
                    if (!id.isIntegralNumber() || !id.canConvertToLong()) {
                        throw new ProtocolException(ErrorCode.BAD_REQUEST, "accountIds must be integers", null);
                    }
                    accounts.add(id.longValue());
                }
                return new PlayerRosterMessage(f.string("worldId"), accounts);
            },
            (m, out) -> {
                out.put("worldId", m.worldId());
                ArrayNode ids = out.putArray("accountIds");
                m.accountIds().forEach(ids::add);
            });

    public static final MessageType<PlayerKickMessage> PLAYER_KICK = MessageType.of(PlayerKickMessage.TYPE,
            PlayerKickMessage.class,
            f -> new PlayerKickMessage(f.string("worldId"), f.longValue("accountId"), f.string("reason")),
            (m, out) -> out.put("worldId", m.worldId()).put("accountId", m.accountId()).put("reason", m.reason()));

    public static final MessageType<WorldLoadMessage> WORLD_LOAD = MessageType.of(WorldLoadMessage.TYPE,
            WorldLoadMessage.class,
            f -> new WorldLoadMessage(f.string("worldId"), f.doubleValue("broadcastP50"), f.doubleValue("broadcastP99"),
                    f.longValue("bytesPerClientPerSecond"), f.longValue("framesPerSecond"), f.intValue("queueDepth"),
                    f.doubleValue("gcPauseSecondsTotal"), f.longValue("gcCount"), f.doubleValue("cpuSecondsTotal"),
                    f.longValue("rssBytes")),
            (m, out) -> out.put("worldId", m.worldId())
                    .put("broadcastP50", m.broadcastP50())
                    .put("broadcastP99", m.broadcastP99())
                    .put("bytesPerClientPerSecond", m.bytesPerClientPerSecond())
                    .put("framesPerSecond", m.framesPerSecond())
                    .put("queueDepth", m.queueDepth())
                    .put("gcPauseSecondsTotal", m.gcPauseSecondsTotal())
                    .put("gcCount", m.gcCount())
                    .put("cpuSecondsTotal", m.cpuSecondsTotal())
                    .put("rssBytes", m.rssBytes()));

    public static final MessageType<WorldModulesMessage> WORLD_MODULES = MessageType.of(WorldModulesMessage.TYPE,
            WorldModulesMessage.class,
            f -> new WorldModulesMessage(f.string("worldId"), hookStats(f)),
            (m, out) -> {
                out.put("worldId", m.worldId());
                ArrayNode hooks = out.putArray("hooks");
                for (WorldModulesMessage.HookStats h : m.hooks()) {
                    hooks.addObject().put("module", h.module())
                            .put("hook", h.hook())
                            .put("calls", h.calls())
                            .put("errors", h.errors())
                            .put("seconds", h.seconds())
                            .put("secondsPerTick", h.secondsPerTick());
                }
            });

    public static final MessageType<SpareRegisterMessage> SPARE_REGISTER = MessageType.of(SpareRegisterMessage.TYPE,
            SpareRegisterMessage.class,
            f -> new SpareRegisterMessage(f.string("spawnToken"), f.longValue("pid")),
            (m, out) -> out.put("spawnToken", m.spawnToken()).put("pid", m.pid()));

    public static final MessageType<WorldAssignMessage> WORLD_ASSIGN = MessageType.of(WorldAssignMessage.TYPE,
            WorldAssignMessage.class,
            f -> new WorldAssignMessage(WorldSpec.read(f), f.string("ticketSecret")),
            (m, out) -> {
                out.put("worldId", m.worldId()).put("ticketSecret", m.ticketSecret());
                m.spec().writeSettings(out);
            });

    public static final MessageType<WorldHeartbeatMessage> WORLD_HEARTBEAT = MessageType.of(
            WorldHeartbeatMessage.TYPE, WorldHeartbeatMessage.class,
            f -> new WorldHeartbeatMessage(f.string("worldId"), f.longValue("tick")),
            (m, out) -> out.put("worldId", m.worldId()).put("tick", m.tick()));

    public static final MessageType<WorldDirectorsMessage> WORLD_DIRECTORS = MessageType.of(
            WorldDirectorsMessage.TYPE, WorldDirectorsMessage.class,
            f -> {
                List<String> urls = new ArrayList<>();
                for (JsonNode url : f.array("controlUrls")) {
                    if (!url.isString() || url.stringValue().isEmpty() || url.stringValue().length() > 2048) {
                        throw new ProtocolException(ErrorCode.BAD_REQUEST, "controlUrls must be URLs", null);
                    }
                    urls.add(url.stringValue());
                }
                if (urls.isEmpty() || urls.size() > WorldDirectorsMessage.MAX_URLS) {
                    throw new ProtocolException(ErrorCode.BAD_REQUEST, "controlUrls must name 1 to "
                            + WorldDirectorsMessage.MAX_URLS + " directors", null);
                }
                return new WorldDirectorsMessage(f.string("worldId"), urls);
            },
            (m, out) -> {
                out.put("worldId", m.worldId());
                ArrayNode urls = out.putArray("controlUrls");
                m.controlUrls().forEach(urls::add);
            });

    /** What a world process sends. */
    public static final List<MessageType<?>> WORLD_TO_DIRECTOR = List.of(WORLD_REGISTER, WORLD_READY, WORLD_SNAPSHOT,
            WORLD_STATUS, WORLD_LOAD, WORLD_MODULES, SHUTDOWN_ACK, PORTAL_TRANSFER, PLAYER_JOINED, PLAYER_LEFT,
            PLAYER_ROSTER, SPARE_REGISTER, WORLD_HEARTBEAT);

    /** What the director sends to a world process. */
    public static final List<MessageType<?>> DIRECTOR_TO_WORLD = List.of(WORLD_HYDRATE, WORLD_RESUMED, SNAPSHOT_ACK,
            WORLD_SHUTDOWN, PORTAL_GRANTED, PORTAL_REFUSED, PLAYER_KICK, WORLD_ASSIGN, WORLD_DIRECTORS, Protocol.ERROR);

    private ControlMessages() {
    }

    /**
     * The director's end. It keeps a world's {@code state} as the text the world sent: it stores it and hands it
     * back in {@code world_hydrate} without ever reading it, and a tree of a large world's state (13 MB for a
     * million objects) cost it a parse and a write per snapshot.
     */
    public static MessageCodec directorCodec() {
        return MessageCodec.keepingAsText(WORLD_TO_DIRECTOR, DIRECTOR_TO_WORLD, Set.of(STATE));
    }

    public static MessageCodec worldCodec() {
        return new MessageCodec(DIRECTOR_TO_WORLD, WORLD_TO_DIRECTOR);
    }

    /**
     * The hooks of a {@code world_modules}: each a module's named hook, once, with figures that are not negative. The
     * director turns each into labelled series on {@code /metrics}, where a name outside the contract's form would
     * break the exposition format and a pair twice would be a duplicate series.
     */
    private static List<WorldModulesMessage.HookStats> hookStats(Fields f) throws ProtocolException {
        JsonNode array = f.array("hooks");
        if (array.size() > WorldModulesMessage.MAX_HOOKS) {
            throw bad(f, "hooks must list at most " + WorldModulesMessage.MAX_HOOKS + " module hooks");
        }
        List<WorldModulesMessage.HookStats> hooks = new ArrayList<>(array.size());
        Set<String> modules = new HashSet<>();
        Set<String> pairs = new HashSet<>();
        for (int i = 0; i < array.size(); i++) {
            JsonNode h = array.get(i);
            String entry = "hooks[" + i + "]";
            if (!h.isObject()) {
                throw bad(f, entry + " must be an object");
            }
            JsonNode module = h.path("module");
            if (!module.isString() || !Names.isModuleName(module.stringValue())) {
                throw bad(f, entry + ".module must be a module name (" + Names.MODULE_NAME.pattern() + ")");
            }
            JsonNode hook = h.path("hook");
            if (!hook.isString() || !WorldModulesMessage.HOOK_NAMES.contains(hook.stringValue())) {
                throw bad(f, entry + ".hook must be one of " + String.join(", ", WorldModulesMessage.HOOK_NAMES));
            }
            if (!pairs.add(module.stringValue() + ' ' + hook.stringValue())) {
                throw bad(f, entry + " names the hook " + hook.stringValue() + " of " + module.stringValue()
                        + " again");
            }
            if (modules.add(module.stringValue()) && modules.size() > WorldModulesMessage.MAX_MODULES) {
                throw bad(f, "hooks must name at most " + WorldModulesMessage.MAX_MODULES + " modules");
            }
            hooks.add(new WorldModulesMessage.HookStats(module.stringValue(), hook.stringValue(),
                    count(f, h, entry, "calls"), count(f, h, entry, "errors"), seconds(f, h, entry, "seconds"),
                    seconds(f, h, entry, "secondsPerTick")));
        }
        return hooks;
    }

    private static long count(Fields f, JsonNode entry, String at, String name) throws ProtocolException {
        JsonNode value = entry.path(name);
        if (!value.isIntegralNumber() || !value.canConvertToLong() || value.longValue() < 0) {
            throw bad(f, at + "." + name + " must be an integer, 0 or more");
        }
        return value.longValue();
    }

    private static double seconds(Fields f, JsonNode entry, String at, String name) throws ProtocolException {
        JsonNode value = entry.path(name);
        // A number beyond a double's range reads as the default, not as an exception that would escape the codec.
        double seconds = value.isNumber() ? value.doubleValue(-1) : -1;
        if (!Double.isFinite(seconds) || seconds < 0) {
            throw bad(f, at + "." + name + " must be a number, 0 or more");
        }
        return seconds;
    }

    private static ProtocolException bad(Fields f, String message) {
        return new ProtocolException(ErrorCode.BAD_REQUEST, message, f.ref());
    }
}
