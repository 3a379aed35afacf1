package lor.protocol.control;

import java.util.List;

import lor.protocol.MessageCodec;
import lor.protocol.MessageType;
import lor.protocol.Protocol;

/** The registry of the control channel between a world process and the director ({@code /control}). */
public final class ControlMessages {

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
            f -> new WorldHydrateMessage(f.string("worldId"), f.longValue("seq"), f.optionalObject("state")),
            (m, out) -> {
                out.put("worldId", m.worldId()).put("seq", m.seq());
                if (m.state() != null) {
                    out.set("state", m.state());
                }
            });

    public static final MessageType<WorldResumedMessage> WORLD_RESUMED = MessageType.of(WorldResumedMessage.TYPE,
            WorldResumedMessage.class,
            f -> new WorldResumedMessage(f.string("worldId")),
            (m, out) -> out.put("worldId", m.worldId()));

    public static final MessageType<WorldReadyMessage> WORLD_READY = MessageType.of(WorldReadyMessage.TYPE,
            WorldReadyMessage.class,
            f -> new WorldReadyMessage(f.string("worldId"), f.longValue("hydratedSeq")),
            (m, out) -> out.put("worldId", m.worldId()).put("hydratedSeq", m.hydratedSeq()));

    public static final MessageType<WorldSnapshotMessage> WORLD_SNAPSHOT = MessageType.of(WorldSnapshotMessage.TYPE,
            WorldSnapshotMessage.class,
            f -> new WorldSnapshotMessage(f.string("worldId"), f.longValue("seq"), f.object("state"),
                    f.booleanValue("last", false)),
            (m, out) -> out.put("worldId", m.worldId())
                    .put("seq", m.seq())
                    .put("last", m.last())
                    .set("state", m.state()));

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

    /** What a world process sends. */
    public static final List<MessageType<?>> WORLD_TO_DIRECTOR =
            List.of(WORLD_REGISTER, WORLD_READY, WORLD_SNAPSHOT, WORLD_STATUS, SHUTDOWN_ACK);

    /** What the director sends to a world process. */
    public static final List<MessageType<?>> DIRECTOR_TO_WORLD =
            List.of(WORLD_HYDRATE, WORLD_RESUMED, SNAPSHOT_ACK, WORLD_SHUTDOWN, Protocol.ERROR);

    private ControlMessages() {
    }

    public static MessageCodec directorCodec() {
        return new MessageCodec(WORLD_TO_DIRECTOR, DIRECTOR_TO_WORLD);
    }

    public static MessageCodec worldCodec() {
        return new MessageCodec(DIRECTOR_TO_WORLD, WORLD_TO_DIRECTOR);
    }
}
