package lor.world;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.util.collection.IntObjectHashMap;
import lor.protocol.ErrorCode;
import lor.protocol.ErrorMessage;
import lor.protocol.Json;
import lor.protocol.MessageCodec;
import lor.protocol.control.ObjectSeed;
import lor.protocol.control.PlayerJoinedMessage;
import lor.protocol.control.PlayerLeftMessage;
import lor.protocol.control.PlayerRosterMessage;
import lor.protocol.control.PortalGrantedMessage;
import lor.protocol.control.PortalRefusedMessage;
import lor.protocol.control.PortalTransferMessage;
import lor.protocol.control.WorldLoadMessage;
import lor.protocol.control.WorldReadyMessage;
import lor.protocol.control.WorldStatusMessage;
import lor.protocol.game.GameMessages;
import lor.protocol.game.HelloMessage;
import lor.protocol.game.MapEncoding;
import lor.protocol.game.MapMessage;
import lor.protocol.game.NamesMessage;
import lor.protocol.game.TransferMessage;
import lor.protocol.game.WelcomeMessage;
import lor.protocol.game.binary.BinaryState;
import lor.protocol.ticket.Ticket;
import lor.sim.content.ContentPack;
import lor.sim.grid.Grid;
import lor.sim.grid.Portal;
import lor.sim.world.Direction;
import lor.sim.world.StepResult;
import lor.sim.world.TickEvents;
import lor.sim.world.World;
import lor.sim.world.WorldSnapshot;
import lor.world.control.ControlLink;
import lor.world.game.BinaryStateBroadcaster;
import lor.world.game.BroadcastBatch;
import lor.world.game.IntentQueue;
import lor.world.game.ObjectViews;
import lor.world.game.PlayerConnection;
import lor.world.game.PlayerSession;
import lor.world.game.Rejections;
import lor.world.game.StateBroadcaster;
import lor.world.sim.LoadMeter;
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
    private static final MessageCodec GAME = GameMessages.serverCodec();
    /** Read-only and unreleasable, so one frame can serve every runtime of its grid in this process. */
    private static volatile MapFrame lastMapFrame;

    private final String worldId;
    private final Grid grid;
    private final ContentPack pack;
    /** The pack as welcome carries it, built once: every player of the world gets the same. */
    private final ObjectNode contentJson;
    private final int npcs;
    private final long seed;
    /** Objects a new world is created with, or null; {@link #objectSeedKind} is its kind's index in the pack. */
    private final ObjectSeed objectSeed;
    private final int objectSeedKind;
    private final long snapshotIntervalTicks;
    private final ControlLink control;
    private final SnapshotOutbox outbox;
    private final Consumer<String> fatal;
    private final StateBroadcaster broadcaster;
    private final BinaryStateBroadcaster binaryBroadcaster;
    /** A tick's frames: its rejections and, every other tick, its state frames, sent together at its end. */
    private final BroadcastBatch outbound = new BroadcastBatch();
    private final Rejections rejections = new Rejections(ByteBufAllocator.DEFAULT, outbound);
    private final LoadMeter load = new LoadMeter();
    private final World.SpawnRule spawnRule;
    /** The encoded {@code map} message: the same bytes for every player. */
    private final ByteBuf mapFrame;
    private final Map<Long, PlayerSession> byAccount = new LinkedHashMap<>();
    /** By entity id, without boxing: the tick looks a player up for every event. */
    private final IntObjectHashMap<PlayerSession> byEntity = new IntObjectHashMap<>();
    /**
     * Players whose connection was lost, by account, in the order they were lost (so, the window being the same for
     * all, in the order they expire): their entity stays in the world, visible, taking no intents, until a new
     * connection of the account takes it back or the window ends. Bounded by the world's entities.
     */
    private final Map<Long, Held> held = new LinkedHashMap<>();
    private final long reconnectWindowTicks;
    private World world;
    private long hydratedSeq;
    private long lastSeq;
    private long loopTicks;
    private long nextSnapshotAt;
    private boolean admitting = true;
    private long lastTransferId;

    /** A world without a content pack. */
    public WorldRuntime(WorldConfig config, Grid grid, ControlLink control, SnapshotOutbox outbox,
                       Consumer<String> fatal) {
        this(config, grid, ContentPack.empty(), control, outbox, fatal);
    }

    /** @param fatal called once when the world cannot go on (a snapshot it cannot read); the process exits */
    public WorldRuntime(WorldConfig config, Grid grid, ContentPack pack, ControlLink control, SnapshotOutbox outbox,
                        Consumer<String> fatal) {
        this.worldId = config.worldId();
        this.grid = grid;
        this.pack = pack;
        this.contentJson = pack.isEmpty() ? null : Json.MAPPER.valueToTree(pack.source());
        this.npcs = config.npcs();
        this.objectSeed = config.seedObjects();
        this.objectSeedKind = Contents.seedKind(config, pack, grid);
        this.seed = worldId.hashCode();
        this.snapshotIntervalTicks = config.snapshotIntervalTicks(WorldLoop.TICK_RATE);
        this.reconnectWindowTicks = config.reconnectWindowTicks(WorldLoop.TICK_RATE);
        this.control = control;
        this.outbox = outbox;
        this.fatal = fatal;
        this.broadcaster = new StateBroadcaster(config.viewRadius(), ByteBufAllocator.DEFAULT);
        this.binaryBroadcaster = new BinaryStateBroadcaster(grid.size(), config.viewRadius(), ByteBufAllocator.DEFAULT);
        this.spawnRule = config.spawnRule();
        this.mapFrame = mapFrame(grid);
    }

    /** The {@code map} frame of {@code grid}; the last one built is kept, so a spare's warm-up builds its world's. */
    private static ByteBuf mapFrame(Grid grid) {
        MapFrame last = lastMapFrame;
        if (last != null && last.grid() == grid) {
            return last.frame();
        }
        ByteBuf frame = Unpooled.unreleasableBuffer(Unpooled.wrappedBuffer(GAME
                .encode(mapMessage(grid)).getBytes(StandardCharsets.UTF_8)).asReadOnly());
        lastMapFrame = new MapFrame(grid, frame);
        return frame;
    }

    private record MapFrame(Grid grid, ByteBuf frame) {
    }

    /** A lost player's session (for where it came from) and the loop tick its reconnect window ends at. */
    private record Held(PlayerSession session, long expiresAtTick) {
    }

    static MapMessage mapMessage(Grid grid) {
        List<MapMessage.PortalInfo> portals = new ArrayList<>();
        for (Portal portal : grid.portals()) {
            portals.add(new MapMessage.PortalInfo(portal.number(), portal.targetWorld()));
        }
        return new MapMessage(grid.width(), grid.height(), grid.layers(), grid.spawnX(), grid.spawnY(),
                grid.spawnLayer(), MapEncoding.NAME, MapEncoding.encode(grid.copyCells()), portals);
    }

    /** Applies the director's last persisted snapshot; later snapshots continue its seq. Idempotent. */
    public void hydrate(long seq, ObjectNode state) {
        if (world == null) {
            try {
                world = state == null ? World.create(grid, pack, seed)
                        : World.restore(grid, pack,
                        SnapshotCodec.decode(state, pack, grid.size().cells()), seed);
            } catch (IllegalArgumentException e) {
                LOG.error("world {} cannot hydrate from snapshot seq {}: {}", worldId, seq, e.getMessage());
                fatal.accept("unreadable snapshot seq " + seq);
                return;
            }
            world.spawnRule(spawnRule);
            if (state == null && objectSeed != null) {
                seedObjects();
            }
            int placed = world.addNpcs(npcs);
            hydratedSeq = seq;
            lastSeq = seq;
            nextSnapshotAt = loopTicks + snapshotIntervalTicks;
            LOG.info("world {} hydrated from snapshot seq {} at tick {}; {} NPCs", worldId, seq, world.tick(), placed);
        }
        control.send(new WorldReadyMessage(worldId, hydratedSeq));
        sendRoster();
    }

    /** Whether a hydration has built the world. Tick-thread only. */
    public boolean hydrated() {
        return world != null;
    }

    /** A new world's own objects; its snapshots keep them from then on. */
    private void seedObjects() {
        int placed = world.seedObjects(objectSeedKind, objectSeed.count(), objectSeed.fromLayer());
        if (placed < objectSeed.count()) {
            LOG.warn("world {}: room for {} of the {} seeded {} objects from layer {}", worldId, placed,
                    objectSeed.count(), objectSeed.kind(), objectSeed.fromLayer());
        } else {
            LOG.info("world {} seeded with {} {} objects from layer {}", worldId, placed, objectSeed.kind(),
                    objectSeed.fromLayer());
        }
    }

    /** Tells the director every account in this world; after (re)registration, membership is exact again. */
    public void sendRoster() {
        if (world != null) {
            List<Long> accounts = new ArrayList<>(byAccount.keySet());
            accounts.addAll(held.keySet());
            control.send(new PlayerRosterMessage(worldId, accounts));
        }
    }

    public void admit(PlayerConnection connection, Ticket ticket, Object ref) {
        admit(connection, ticket, false, ref);
    }

    /** @param binary the player asked for binary state frames */
    public void admit(PlayerConnection connection, Ticket ticket, boolean binary, Object ref) {
        admit(connection, ticket, binary, false, ref);
    }

    /**
     * @param binary the player asked for binary state frames
     * @param names the player asked for the names of the players ({@code names} messages): it gets every known one
     *              after {@code map}, then each player's who enters after it
     */
    public void admit(PlayerConnection connection, Ticket ticket, boolean binary, boolean names, Object ref) {
        if (world == null || !admitting) {
            connection.closeWith(ErrorCode.WORLD_UNAVAILABLE, "world is not admitting players");
            return;
        }
        long account = ticket.accountId();
        Held returning = held.remove(account);
        PlayerSession previous = byAccount.remove(account);
        if (previous != null && previous.connection() != connection) {
            byEntity.remove(previous.entityId());
            previous.connection().closeWith(ErrorCode.REPLACED, "this account connected again elsewhere");
        }
        Ticket.Arrival arrival = ticket.arrival();
        int entityId = arrival == null ? world.spawnPlayer(account)
                : world.spawnPlayerAt(account, arrival.x(), arrival.y(), arrival.layer());
        if (entityId == 0) {
            connection.closeWith(ErrorCode.WORLD_UNAVAILABLE, "world is full");
            return;
        }
        PlayerSession session = new PlayerSession(connection, entityId, binary, ticket.name(), names);
        if (returning != null) {
            session.arrivedBy(returning.session().lastDirection());
        }
        byAccount.put(account, session);
        byEntity.put(entityId, session);
        int slot = world.slotOf(entityId);
        connection.send(new WelcomeMessage(entityId, world.tick(), WorldLoop.TICK_RATE, WorldLoop.BROADCAST_RATE,
                new WelcomeMessage.GridSize(grid.width(), grid.height(), grid.layers()),
                new WelcomeMessage.Position(world.xAt(slot), world.yAt(slot), world.layerAt(slot)),
                binary ? BinaryState.ENCODING : HelloMessage.JSON, contentJson,
                contentJson == null ? null : ObjectViews.counts(pack, world.inventories().of(account)), ref));
        connection.sendFrame(mapFrame.duplicate());
        if (names) {
            connection.send(new NamesMessage(PlayerNames.of(byAccount.values(),
                    held.values().stream().map(Held::session).toList())));
        }
        PlayerNames.announce(session, byAccount.values());
        control.send(new PlayerJoinedMessage(worldId, account));
        LOG.info("account {} {} entity {} at {},{},{} ({} online)", account,
                returning != null ? "came back to its held" : "entered as", entityId, world.xAt(slot),
                world.yAt(slot), world.layerAt(slot), byAccount.size());
    }

    /** The player left (its client closed the connection, or the world let it go): its entity leaves now. */
    public void leave(PlayerConnection connection) {
        long account = connection.accountId();
        PlayerSession session = byAccount.get(account);
        if (session == null || session.connection() != connection) {
            return;
        }
        byAccount.remove(account);
        byEntity.remove(session.entityId());
        takeOut(account, session);
    }

    /**
     * The player's connection was lost (dropped, silent, or cut off for not reading): its entity stays where it
     * stands for the reconnect window, and the director keeps counting it in this world. A world that is not
     * admitting (shutting down), or has no window, lets it go at once.
     */
    public void lose(PlayerConnection connection) {
        long account = connection.accountId();
        PlayerSession session = byAccount.get(account);
        if (session == null || session.connection() != connection) {
            return;
        }
        if (world == null || !admitting || reconnectWindowTicks == 0) {
            leave(connection);
            return;
        }
        byAccount.remove(account);
        byEntity.remove(session.entityId());
        held.put(account, new Held(session, loopTicks + reconnectWindowTicks));
        LOG.info("account {} lost its connection; entity {} held for {} ticks", account, session.entityId(),
                reconnectWindowTicks);
    }

    /** Lost players whose window has ended leave the world. */
    private void releaseExpiredHolds() {
        Iterator<Map.Entry<Long, Held>> expiring = held.entrySet().iterator();
        while (expiring.hasNext()) {
            Map.Entry<Long, Held> entry = expiring.next();
            if (entry.getValue().expiresAtTick() > loopTicks) {
                return;
            }
            expiring.remove();
            takeOut(entry.getKey(), entry.getValue().session());
        }
    }

    /** Takes the entity out of the world, saving where it stands, and tells the director. */
    private void takeOut(long account, PlayerSession session) {
        if (world != null) {
            int[] keep = cellToRemember(session);
            world.removePlayer(account, keep[0], keep[1], keep[2]);
        }
        control.send(new PlayerLeftMessage(worldId, account));
        LOG.info("account {} left ({} online)", account, byAccount.size() + held.size());
    }

    /** Players in the world: those connected and those held for their reconnect window. */
    int players() {
        return byAccount.size() + held.size();
    }

    /**
     * Where a leaving player is remembered: where it stands, except on a portal (it left while waiting for, or
     * after being refused, a transfer), where it is remembered one step back, so that its next join does not put
     * it on the way out.
     */
    private int[] cellToRemember(PlayerSession session) {
        int slot = world.slotOf(session.entityId());
        int x = world.xAt(slot);
        int y = world.yAt(slot);
        int layer = world.layerAt(slot);
        Direction arrivedBy = session.lastDirection();
        if (arrivedBy != null && grid.portalAt(grid.size().index(x, y, layer)) != null) {
            return new int[] {x - arrivedBy.dx, y - arrivedBy.dy, layer};
        }
        return new int[] {x, y, layer};
    }

    /** The director says the account entered another world: it leaves this one. */
    public void kick(long account) {
        PlayerSession session = byAccount.get(account);
        if (session != null) {
            session.connection().closeWith(ErrorCode.REPLACED, "this account entered another world");
            leave(session.connection());
        }
        Held lost = held.remove(account);
        if (lost != null) {
            takeOut(account, lost.session());
        }
    }

    /** The target world is ready: the player gets its ticket and leaves, remembered beside the portal. */
    public void portalGranted(PortalGrantedMessage granted) {
        PlayerSession session = byAccount.get(granted.accountId());
        if (session == null || session.transferId() != granted.transferId() || world == null) {
            return;
        }
        int[] keep = cellToRemember(session);
        byAccount.remove(granted.accountId());
        byEntity.remove(session.entityId());
        world.removePlayer(granted.accountId(), keep[0], keep[1], keep[2]);
        control.send(new PlayerLeftMessage(worldId, granted.accountId()));
        session.connection().transferOut(new TransferMessage(granted.targetWorldId(), granted.gameUrl(),
                granted.ticket()));
        LOG.info("account {} transferred to world {}", granted.accountId(), granted.targetWorldId());
    }

    /**
     * After the control connection was lost and is back: the answers to transfers asked for on the lost connection
     * never come, so the players waiting for them are told, and move again (they may step on the portal anew).
     */
    public void abandonTransfers() {
        for (PlayerSession session : byAccount.values()) {
            if (session.transferId() != 0) {
                session.transferId(0);
                session.connection().send(ErrorMessage.of(ErrorCode.WORLD_UNAVAILABLE,
                        "the portal is closed: the director was unreachable", null));
            }
        }
    }

    /** The target world cannot take the player: it stays here, on the portal, and is told why. */
    public void portalRefused(PortalRefusedMessage refused) {
        PlayerSession session = byAccount.get(refused.accountId());
        if (session != null && session.transferId() == refused.transferId()) {
            session.transferId(0);
            session.connection().send(ErrorMessage.of(ErrorCode.WORLD_UNAVAILABLE, refused.reason(), null));
        }
    }

    @Override
    public void tick(WorldLoop loop) {
        loopTicks++;
        if (world == null) {
            return;
        }
        releaseExpiredHolds();
        handIntentsToSimulation();
        world.step();
        answerIntents(world.events());
        if (loopTicks % TICKS_PER_BROADCAST == 0) {
            long start = System.nanoTime();
            broadcaster.broadcast(world, byAccount.values(), start, outbound);
            binaryBroadcaster.broadcast(world, byAccount.values(), start, outbound);
            world.markPositions();
            world.objects().markSeen();
            outbound.send();
            load.broadcastTook(System.nanoTime() - start);
        } else {
            outbound.send();
        }
        if (loopTicks >= nextSnapshotAt) {
            takeSnapshot(false);
        }
        if (loopTicks % WorldLoop.TICK_RATE == 0) {
            TickStats.Summary s = loop.stats().summary();
            control.sendIfWritable(new WorldStatusMessage(worldId, world.tick(), players(), s.p50(), s.p99(),
                    s.max(), loop.overruns()));
            control.sendIfWritable(loadReport(loop));
        }
    }

    private WorldLoadMessage loadReport(WorldLoop loop) {
        TickStats.Summary b = load.broadcasts();
        long bytes = load.bytesSinceLast(broadcaster.bytesWritten() + binaryBroadcaster.bytesWritten());
        long frames = load.framesSinceLast(broadcaster.framesWritten() + binaryBroadcaster.framesWritten());
        int queued = loop.queuedCommands();
        for (PlayerSession session : byAccount.values()) {
            queued += session.connection().intents().size();
        }
        return new WorldLoadMessage(worldId, b.p50(), b.p99(), byAccount.isEmpty() ? 0 : bytes / byAccount.size(),
                frames, queued, load.gcPauseSeconds(), load.gcCount(), LoadMeter.cpuSeconds(), LoadMeter.rssBytes());
    }

    /**
     * At most one intent per player per tick: the rest wait in its queue for the next ticks. A player on its way
     * through a portal has left in all but name: its intents are dropped.
     */
    private void handIntentsToSimulation() {
        for (PlayerSession session : byAccount.values()) {
            IntentQueue intents = session.connection().intents();
            long packed = intents.poll();
            if (packed == IntentQueue.EMPTY || session.transferId() != 0) {
                continue;
            }
            if (IntentQueue.isAction(packed)) {
                if (world.setAction(session.entityId(), intents.polledAction())) {
                    session.handedToTick(IntentQueue.seqOf(packed));
                }
                continue;
            }
            Direction direction = IntentQueue.directionOf(packed);
            if (world.setIntent(session.entityId(), direction)) {
                session.handedToTick(IntentQueue.seqOf(packed), direction);
            }
        }
    }

    /** Refusals go back with this tick's frames; a step onto a portal starts a transfer. */
    private void answerIntents(TickEvents events) {
        for (int i = 0; i < events.count(); i++) {
            PlayerSession session = byEntity.get(events.entityId(i));
            if (session == null || session.inFlightSeq() < 0) {
                continue;
            }
            long seq = session.processed();
            StepResult result = events.result(i);
            if (!result.succeeded()) {
                rejections.add(session.connection(), seq, result.reason());
                continue;
            }
            if (result != StepResult.MOVED) {
                continue;
            }
            int slot = world.slotOf(session.entityId());
            Portal portal = grid.portalAt(grid.size().index(world.xAt(slot), world.yAt(slot), world.layerAt(slot)));
            if (portal != null) {
                startTransfer(session, portal);
            }
        }
    }

    private void startTransfer(PlayerSession session, Portal portal) {
        long transferId = ++lastTransferId;
        long account = session.connection().accountId();
        session.transferId(transferId);
        boolean asked = control.send(new PortalTransferMessage(worldId, transferId, account, portal.targetWorld(),
                portal.targetX(), portal.targetY(), portal.targetLayer(), session.name()));
        if (!asked) {
            session.transferId(0);
            session.connection().send(ErrorMessage.of(ErrorCode.WORLD_UNAVAILABLE,
                    "the portal is closed: the director is unreachable", null));
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
        for (Map.Entry<Long, Held> lost : held.entrySet()) {
            takeOut(lost.getKey(), lost.getValue().session());
        }
        held.clear();
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
