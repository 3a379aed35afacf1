package lor.world;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

import lor.protocol.ErrorCode;
import lor.protocol.control.WorldReadyMessage;
import lor.protocol.control.WorldStatusMessage;
import lor.protocol.game.WelcomeMessage;
import lor.protocol.ticket.Ticket;
import lor.sim.world.Entity;
import lor.sim.world.GridSize;
import lor.sim.world.World;
import lor.sim.world.WorldSnapshot;
import lor.world.control.ControlLink;
import lor.world.game.PlayerConnection;
import lor.world.sim.TickStats;
import lor.world.sim.WorldLoop;
import lor.world.snapshot.SnapshotCodec;
import lor.world.snapshot.SnapshotOutbox;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The world as its tick thread runs it: the simulation, the players in it, and when to snapshot and report.
 * Every method runs on the tick thread (through {@link WorldLoop#submit} or as the loop's tick), so none of this
 * state is shared.
 */
public final class WorldRuntime implements WorldLoop.Tickable {

    private static final Logger LOG = LoggerFactory.getLogger(WorldRuntime.class);

    private final String worldId;
    private final GridSize grid;
    private final long snapshotIntervalTicks;
    private final ControlLink control;
    private final SnapshotOutbox outbox;
    private final Map<Long, PlayerConnection> connections = new HashMap<>();
    private World world;
    private long hydratedSeq;
    private long lastSeq;
    private long loopTicks;
    private long nextSnapshotAt;
    private boolean admitting = true;
    private final Consumer<String> fatal;

    /** @param fatal called once when the world cannot go on (a snapshot it cannot read); the process exits */
    public WorldRuntime(WorldConfig config, ControlLink control, SnapshotOutbox outbox, Consumer<String> fatal) {
        this.worldId = config.worldId();
        this.grid = config.grid();
        this.snapshotIntervalTicks = config.snapshotIntervalTicks(WorldLoop.TICK_RATE);
        this.control = control;
        this.outbox = outbox;
        this.fatal = fatal;
    }

    /** Applies the director's last persisted snapshot; later snapshots continue its seq. Idempotent. */
    public void hydrate(long seq, ObjectNode state) {
        if (world == null) {
            try {
                world = state == null ? World.empty(grid) : World.restore(grid, SnapshotCodec.decode(state));
            } catch (IllegalArgumentException e) {
                LOG.error("world {} cannot hydrate from snapshot seq {}: {}", worldId, seq, e.getMessage());
                fatal.accept("unreadable snapshot seq " + seq);
                return;
            }
            hydratedSeq = seq;
            lastSeq = seq;
            nextSnapshotAt = loopTicks + snapshotIntervalTicks;
            LOG.info("world {} hydrated from snapshot seq {} at tick {}", worldId, seq, world.tick());
        }
        control.send(new WorldReadyMessage(worldId, hydratedSeq));
    }

    public void admit(PlayerConnection connection, Ticket ticket, Object ref) {
        if (world == null || !admitting) {
            connection.closeWith(ErrorCode.WORLD_UNAVAILABLE, "world is not admitting players");
            return;
        }
        PlayerConnection previous = connections.put(ticket.accountId(), connection);
        if (previous != null && previous != connection) {
            previous.closeWith(ErrorCode.REPLACED, "this account connected again elsewhere");
        }
        Entity entity = world.spawnPlayer(ticket.accountId());
        if (entity == null) {
            connections.remove(ticket.accountId());
            connection.closeWith(ErrorCode.WORLD_UNAVAILABLE, "world is full");
            return;
        }
        connection.send(new WelcomeMessage(entity.id(), world.tick(), WorldLoop.TICK_RATE, WorldLoop.BROADCAST_RATE,
                new WelcomeMessage.GridSize(grid.width(), grid.height(), grid.layers()),
                new WelcomeMessage.Position(entity.x(), entity.y(), entity.layer()), ref));
        LOG.info("account {} entered as entity {} at {},{},{} ({} online)", ticket.accountId(), entity.id(),
                entity.x(), entity.y(), entity.layer(), connections.size());
    }

    public void leave(PlayerConnection connection) {
        long accountId = connection.accountId();
        if (connections.get(accountId) != connection) {
            return;
        }
        connections.remove(accountId);
        if (world != null) {
            world.removePlayer(accountId);
        }
        LOG.info("account {} left ({} online)", accountId, connections.size());
    }

    @Override
    public void tick(WorldLoop loop) {
        loopTicks++;
        if (world == null) {
            return;
        }
        world.step();
        if (loopTicks >= nextSnapshotAt) {
            takeSnapshot(false);
        }
        if (loopTicks % WorldLoop.TICK_RATE == 0) {
            TickStats.Summary s = loop.stats().summary();
            control.send(new WorldStatusMessage(worldId, world.tick(), connections.size(), s.p50(), s.p99(),
                    s.max(), loop.overruns()));
        }
    }

    /**
     * Stops admitting, takes every player out (saving where they stand) and publishes the final snapshot.
     *
     * @return its seq, or the hydrated seq when the world was never hydrated and has nothing new to save
     */
    public long closeForShutdown() {
        admitting = false;
        for (PlayerConnection connection : new ArrayList<>(connections.values())) {
            connection.closeWith(ErrorCode.WORLD_UNAVAILABLE, "world is shutting down");
            leave(connection);
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
