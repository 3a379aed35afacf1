package lor.world;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import lor.protocol.ErrorCode;
import lor.protocol.control.WorldReadyMessage;
import lor.protocol.control.WorldStatusMessage;
import lor.protocol.game.GameMessages;
import lor.protocol.game.MapEncoding;
import lor.protocol.game.MapMessage;
import lor.protocol.game.RejectedMessage;
import lor.protocol.game.WelcomeMessage;
import lor.protocol.ticket.Ticket;
import lor.sim.grid.Grid;
import lor.sim.world.StepResult;
import lor.sim.world.TickEvents;
import lor.sim.world.World;
import lor.sim.world.WorldSnapshot;
import lor.world.control.ControlLink;
import lor.world.game.IntentQueue;
import lor.world.game.PlayerConnection;
import lor.world.game.PlayerSession;
import lor.world.game.StateBroadcaster;
import lor.world.sim.TickStats;
import lor.world.sim.WorldLoop;
import lor.world.snapshot.SnapshotCodec;
import lor.world.snapshot.SnapshotOutbox;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The world as its tick thread runs it. One tick, in order: admit joins and leaves (the loop's commands) → hand
 * each player's next intent to the simulation → step → send the refusals → every second tick, broadcast state →
 * snapshot and status when due. Every method runs on the tick thread, so none of this state is shared.
 */
public final class WorldRuntime implements WorldLoop.Tickable {

    private static final Logger LOG = LoggerFactory.getLogger(WorldRuntime.class);
    private static final int TICKS_PER_BROADCAST = WorldLoop.TICK_RATE / WorldLoop.BROADCAST_RATE;

    private final String worldId;
    private final Grid grid;
    private final int npcs;
    private final long seed;
    private final long snapshotIntervalTicks;
    private final ControlLink control;
    private final SnapshotOutbox outbox;
    private final Consumer<String> fatal;
    private final StateBroadcaster broadcaster;
    /** The encoded {@code map} message: the same bytes for every player. */
    private final ByteBuf mapFrame;
    private final Map<Long, PlayerSession> byAccount = new LinkedHashMap<>();
    private final Map<Integer, PlayerSession> byEntity = new HashMap<>();
    private World world;
    private long hydratedSeq;
    private long lastSeq;
    private long loopTicks;
    private long nextSnapshotAt;
    private boolean admitting = true;

    /** @param fatal called once when the world cannot go on (a snapshot it cannot read); the process exits */
    public WorldRuntime(WorldConfig config, Grid grid, ControlLink control, SnapshotOutbox outbox,
                       Consumer<String> fatal) {
        this.worldId = config.worldId();
        this.grid = grid;
        this.npcs = config.npcs();
        this.seed = worldId.hashCode();
        this.snapshotIntervalTicks = config.snapshotIntervalTicks(WorldLoop.TICK_RATE);
        this.control = control;
        this.outbox = outbox;
        this.fatal = fatal;
        this.broadcaster = new StateBroadcaster(config.viewRadius(), ByteBufAllocator.DEFAULT);
        this.mapFrame = Unpooled.unreleasableBuffer(Unpooled.wrappedBuffer(GameMessages.serverCodec()
                .encode(mapMessage(grid)).getBytes(StandardCharsets.UTF_8)).asReadOnly());
    }

    static MapMessage mapMessage(Grid grid) {
        return new MapMessage(grid.width(), grid.height(), grid.layers(), grid.spawnX(), grid.spawnY(),
                grid.spawnLayer(), MapEncoding.NAME, MapEncoding.encode(grid.copyCells()));
    }

    /** Applies the director's last persisted snapshot; later snapshots continue its seq. Idempotent. */
    public void hydrate(long seq, ObjectNode state) {
        if (world == null) {
            try {
                world = state == null ? World.create(grid, seed) : World.restore(grid, SnapshotCodec.decode(state),
                        seed);
            } catch (IllegalArgumentException e) {
                LOG.error("world {} cannot hydrate from snapshot seq {}: {}", worldId, seq, e.getMessage());
                fatal.accept("unreadable snapshot seq " + seq);
                return;
            }
            int placed = world.addNpcs(npcs);
            hydratedSeq = seq;
            lastSeq = seq;
            nextSnapshotAt = loopTicks + snapshotIntervalTicks;
            LOG.info("world {} hydrated from snapshot seq {} at tick {}; {} NPCs", worldId, seq, world.tick(), placed);
        }
        control.send(new WorldReadyMessage(worldId, hydratedSeq));
    }

    public void admit(PlayerConnection connection, Ticket ticket, Object ref) {
        if (world == null || !admitting) {
            connection.closeWith(ErrorCode.WORLD_UNAVAILABLE, "world is not admitting players");
            return;
        }
        long account = ticket.accountId();
        PlayerSession previous = byAccount.remove(account);
        if (previous != null && previous.connection() != connection) {
            byEntity.remove(previous.entityId());
            previous.connection().closeWith(ErrorCode.REPLACED, "this account connected again elsewhere");
        }
        int entityId = world.spawnPlayer(account);
        if (entityId == 0) {
            connection.closeWith(ErrorCode.WORLD_UNAVAILABLE, "world is full");
            return;
        }
        PlayerSession session = new PlayerSession(connection, entityId);
        byAccount.put(account, session);
        byEntity.put(entityId, session);
        int slot = world.slotOf(entityId);
        connection.send(new WelcomeMessage(entityId, world.tick(), WorldLoop.TICK_RATE, WorldLoop.BROADCAST_RATE,
                new WelcomeMessage.GridSize(grid.width(), grid.height(), grid.layers()),
                new WelcomeMessage.Position(world.xAt(slot), world.yAt(slot), world.layerAt(slot)), ref));
        connection.sendFrame(mapFrame.duplicate());
        LOG.info("account {} entered as entity {} at {},{},{} ({} online)", account, entityId, world.xAt(slot),
                world.yAt(slot), world.layerAt(slot), byAccount.size());
    }

    public void leave(PlayerConnection connection) {
        long account = connection.accountId();
        PlayerSession session = byAccount.get(account);
        if (session == null || session.connection() != connection) {
            return;
        }
        byAccount.remove(account);
        byEntity.remove(session.entityId());
        if (world != null) {
            world.removePlayer(account);
        }
        LOG.info("account {} left ({} online)", account, byAccount.size());
    }

    @Override
    public void tick(WorldLoop loop) {
        loopTicks++;
        if (world == null) {
            return;
        }
        handIntentsToSimulation();
        world.step();
        answerRefusals(world.events());
        if (loopTicks % TICKS_PER_BROADCAST == 0) {
            broadcaster.broadcast(world, byAccount.values(), System.nanoTime());
        }
        if (loopTicks >= nextSnapshotAt) {
            takeSnapshot(false);
        }
        if (loopTicks % WorldLoop.TICK_RATE == 0) {
            TickStats.Summary s = loop.stats().summary();
            control.sendIfWritable(new WorldStatusMessage(worldId, world.tick(), byAccount.size(), s.p50(), s.p99(),
                    s.max(), loop.overruns()));
        }
    }

    /** At most one intent per player per tick: the rest wait in its queue for the next ticks. */
    private void handIntentsToSimulation() {
        for (PlayerSession session : byAccount.values()) {
            long packed = session.connection().intents().poll();
            if (packed != IntentQueue.EMPTY
                    && world.setIntent(session.entityId(), IntentQueue.directionOf(packed))) {
                session.handedToTick(IntentQueue.seqOf(packed));
            }
        }
    }

    private void answerRefusals(TickEvents events) {
        for (int i = 0; i < events.count(); i++) {
            PlayerSession session = byEntity.get(events.entityId(i));
            if (session == null || session.inFlightSeq() < 0) {
                continue;
            }
            long seq = session.processed();
            StepResult result = events.result(i);
            if (result != StepResult.MOVED) {
                session.connection().send(new RejectedMessage(seq, result.reason()));
            }
        }
    }

    /**
     * Stops admitting, takes every player out (saving where they stand) and publishes the final snapshot.
     *
     * @return its seq, or the hydrated seq when the world was never hydrated and has nothing new to save
     */
    public long closeForShutdown() {
        admitting = false;
        for (PlayerSession session : new ArrayList<>(byAccount.values())) {
            session.connection().closeWith(ErrorCode.WORLD_UNAVAILABLE, "world is shutting down");
            leave(session.connection());
        }
        if (world == null) {
            return hydratedSeq;
        }
        return takeSnapshot(true);
    }

    private long takeSnapshot(boolean last) {
        WorldSnapshot snapshot = world.snapshot();
        long seq = ++lastSeq;
        nextSnapshotAt = loopTicks + snapshotIntervalTicks;
        outbox.publish(seq, snapshot, last);
        return seq;
    }
}
