package lor.world;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Consumer;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import lor.protocol.Json;
import lor.protocol.MessageCodec;
import lor.protocol.control.ObjectSeed;
import lor.protocol.control.PortalGrantedMessage;
import lor.protocol.control.PortalRefusedMessage;
import lor.protocol.control.WorldLoadMessage;
import lor.protocol.control.WorldModulesMessage;
import lor.protocol.control.WorldReadyMessage;
import lor.protocol.control.WorldStatusMessage;
import lor.protocol.game.GameMessages;
import lor.protocol.game.HelloMessage;
import lor.protocol.game.MapEncoding;
import lor.protocol.game.MapMessage;
import lor.protocol.game.NamesMessage;
import lor.protocol.game.WelcomeMessage;
import lor.protocol.game.binary.BinaryState;
import lor.protocol.ticket.Ticket;
import lor.sim.content.ContentPack;
import lor.sim.grid.Direction;
import lor.sim.grid.Grid;
import lor.sim.grid.Portal;
import lor.sim.module.CheckedAct;
import lor.sim.module.WorldModules;
import lor.sim.world.IntentOutcome;
import lor.sim.world.TickEvents;
import lor.sim.world.World;
import lor.sim.world.WorldSnapshot;
import lor.world.control.ControlLink;
import lor.world.game.BinaryStateBroadcaster;
import lor.world.game.BroadcastBatch;
import lor.world.game.IntentQueue;
import lor.world.game.ModuleDeclarations;
import lor.world.game.ObjectViews;
import lor.world.game.PlayerConnection;
import lor.world.game.PlayerSession;
import lor.world.game.Rejections;
import lor.world.game.StateBroadcaster;
import lor.world.sim.LoadMeter;
import lor.world.sim.ModuleReport;
import lor.world.sim.ModuleWatch;
import lor.world.sim.TickStats;
import lor.world.sim.WorldLoop;
import lor.world.snapshot.SnapshotCodec;
import lor.world.snapshot.SnapshotOutbox;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.ArrayNode;
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
    private final WorldModules modules;
    /** The modules as welcome carries them ({@code []} for none), built once. */
    private final ArrayNode modulesJson;
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
    private final ModuleReport moduleReport = new ModuleReport();
    private final World.SpawnRule spawnRule;
    /** The encoded {@code map} message: the same bytes for every player. */
    private final ByteBuf mapFrame;
    /** Who is in the world, connected or held; this class greets them and runs the world they are in. */
    private final PlayerRoster roster;
    private final ModuleWatch moduleWatch;
    /** Told once when a game module keeps failing: the world must stop with its last good state saved. */
    private Consumer<String> onModuleFailure = reason -> { };
    private boolean modulesFailed;
    private World world;
    private long hydratedSeq;
    private long lastSeq;
    private long loopTicks;
    private long nextSnapshotAt;

    /** A world without a content pack. */
    public WorldRuntime(WorldConfig config, Grid grid, ControlLink control, SnapshotOutbox outbox,
                       Consumer<String> fatal) {
        this(config, grid, ContentPack.empty(), control, outbox, fatal);
    }

    /** A world without game modules. */
    public WorldRuntime(WorldConfig config, Grid grid, ContentPack pack, ControlLink control, SnapshotOutbox outbox,
                        Consumer<String> fatal) {
        this(config, grid, pack, WorldModules.none(), control, outbox, fatal);
    }

    /**
     * @param modules the game modules the pack names
     * @param fatal   called once when the world cannot go on (a snapshot it cannot read); the process exits
     */
    public WorldRuntime(WorldConfig config, Grid grid, ContentPack pack, WorldModules modules, ControlLink control,
                        SnapshotOutbox outbox, Consumer<String> fatal) {
        this.worldId = config.worldId();
        this.grid = grid;
        this.pack = pack;
        this.contentJson = pack.isEmpty() ? null : Json.MAPPER.valueToTree(pack.source());
        this.modules = modules;
        this.modulesJson = ModuleDeclarations.json(modules);
        this.moduleWatch = new ModuleWatch(worldId);
        this.npcs = config.npcs();
        this.objectSeed = config.seedObjects();
        this.objectSeedKind = Contents.seedKind(config, pack, grid);
        this.seed = worldId.hashCode();
        this.snapshotIntervalTicks = config.snapshotIntervalTicks(WorldLoop.TICK_RATE);
        this.roster = new PlayerRoster(worldId, control, config.reconnectWindowTicks(WorldLoop.TICK_RATE));
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
                // The binary broadcast skips the regions its engine counts as empty: blocks and regions must agree.
                world = state == null ? World.create(grid, pack, modules, seed, BinaryState.REGION_SIZE)
                        : World.restore(grid, pack, modules, SnapshotCodec.decode(state, pack, grid.size().cells()),
                                seed, BinaryState.REGION_SIZE);
            } catch (IllegalArgumentException e) {
                LOG.error("world {} cannot hydrate from snapshot seq {}: {}", worldId, seq, e.getMessage());
                fatal.accept("unreadable snapshot seq " + seq);
                return;
            }
            world.spawnRule(spawnRule);
            world.timeModules(System::nanoTime);
            roster.open(world);
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

    /**
     * Who stops the world when a game module has failed in every tick for {@link ModuleWatch#FAILING_TICKS}; told
     * once, on the tick thread, with the reason the world shows as failed.
     */
    public void onModuleFailure(Consumer<String> stop) {
        this.onModuleFailure = stop;
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
        roster.sendRoster();
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
        PlayerSession session = roster.admit(connection, ticket, binary, names);
        if (session == null) {
            return;
        }
        int slot = world.slotOf(session.entityId());
        connection.send(new WelcomeMessage(session.entityId(), world.tick(), WorldLoop.TICK_RATE,
                WorldLoop.BROADCAST_RATE, new WelcomeMessage.GridSize(grid.width(), grid.height(), grid.layers()),
                new WelcomeMessage.Position(world.xAt(slot), world.yAt(slot), world.layerAt(slot)),
                binary ? BinaryState.ENCODING : HelloMessage.JSON, contentJson,
                contentJson == null ? null : ObjectViews.counts(pack, world.inventories().of(ticket.accountId())),
                modulesJson, ref));
        connection.sendFrame(mapFrame.duplicate());
        if (names) {
            connection.send(new NamesMessage(PlayerNames.of(roster.connected(), roster.heldSessions())));
        }
        PlayerNames.announce(session, roster.connected());
    }

    /** The player left (its client closed the connection, or the world let it go): its entity leaves now. */
    public void leave(PlayerConnection connection) {
        roster.leave(connection);
    }

    /**
     * The player's connection was lost: its entity is held for the reconnect window ({@link PlayerRoster#lose}).
     */
    public void lose(PlayerConnection connection) {
        roster.lose(connection, loopTicks);
    }

    /** The director says the account entered another world: it leaves this one. */
    public void kick(long account) {
        roster.kick(account);
    }

    /** The target world is ready: the player gets its ticket and leaves, remembered beside the portal. */
    public void portalGranted(PortalGrantedMessage granted) {
        roster.portalGranted(granted);
    }

    /** The control connection is back: transfers asked for on the lost one are abandoned, their players told. */
    public void abandonTransfers() {
        roster.abandonTransfers();
    }

    /** The target world cannot take the player: it stays here, on the portal, and is told why. */
    public void portalRefused(PortalRefusedMessage refused) {
        roster.portalRefused(refused);
    }

    @Override
    public void tick(WorldLoop loop) {
        loopTicks++;
        if (world == null) {
            return;
        }
        roster.releaseExpiredHolds(loopTicks);
        handIntentsToSimulation();
        world.step();
        String moduleFailure = moduleWatch.afterStep(world);
        if (moduleFailure != null && !modulesFailed) {
            modulesFailed = true;
            LOG.error("world {} stops: {}", worldId, moduleFailure);
            onModuleFailure.accept(moduleFailure);
        }
        answerIntents(world.events());
        if (loopTicks % TICKS_PER_BROADCAST == 0) {
            long start = System.nanoTime();
            broadcaster.broadcast(world, roster.connected(), start, outbound);
            binaryBroadcaster.broadcast(world, roster.connected(), start, outbound);
            world.markPositions();
            world.objects().markSeen();
            world.clearModuleChanges();
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
            control.sendIfWritable(new WorldStatusMessage(worldId, world.tick(), roster.count(), s.p50(), s.p99(),
                    s.max(), loop.overruns()));
            control.sendIfWritable(loadReport(loop));
            WorldModulesMessage modulesReport = moduleReport.next(world, worldId, WorldLoop.TICK_RATE);
            if (modulesReport != null) {
                control.sendIfWritable(modulesReport);
            }
        }
    }

    private WorldLoadMessage loadReport(WorldLoop loop) {
        TickStats.Summary b = load.broadcasts();
        long bytes = load.bytesSinceLast(broadcaster.bytesWritten() + binaryBroadcaster.bytesWritten());
        long frames = load.framesSinceLast(broadcaster.framesWritten() + binaryBroadcaster.framesWritten());
        int queued = loop.queuedCommands();
        Collection<PlayerSession> connected = roster.connected();
        for (PlayerSession session : connected) {
            queued += session.connection().intents().size();
        }
        return new WorldLoadMessage(worldId, b.p50(), b.p99(), connected.isEmpty() ? 0 : bytes / connected.size(),
                frames, queued, load.gcPauseSeconds(), load.gcCount(), LoadMeter.cpuSeconds(), LoadMeter.rssBytes());
    }

    /**
     * At most one intent per player per tick: the rest wait in its queue for the next ticks. A player on its way
     * through a portal has left in all but name: its intents are dropped.
     */
    private void handIntentsToSimulation() {
        for (PlayerSession session : roster.connected()) {
            IntentQueue intents = session.connection().intents();
            long packed = intents.poll();
            if (packed == IntentQueue.EMPTY || session.transferId() != 0) {
                continue;
            }
            if (IntentQueue.isAct(packed)) {
                handActToSimulation(session, IntentQueue.seqOf(packed), intents.polledAct());
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

    /**
     * A module's action goes to the tick like any intent; one the event loop refused (an unknown action, a bad field)
     * is answered now, in its turn, so that {@code ack} covers it as it covers the rest.
     */
    private void handActToSimulation(PlayerSession session, long seq, CheckedAct act) {
        if (act.refusal() == null) {
            if (world.setModuleAction(session.entityId(), act.action(), act.fields())) {
                session.handedToTick(seq);
            }
            return;
        }
        session.handedToTick(seq);
        session.processed();
        rejections.add(session.connection(), seq, act.refusal());
    }

    /** Refusals go back with this tick's frames; a step onto a portal starts a transfer. */
    private void answerIntents(TickEvents events) {
        for (int i = 0; i < events.count(); i++) {
            PlayerSession session = roster.byEntity(events.entityId(i));
            if (session == null || session.inFlightSeq() < 0) {
                continue;
            }
            long seq = session.processed();
            IntentOutcome result = events.result(i);
            if (!result.succeeded()) {
                rejections.add(session.connection(), seq, events.reason(i));
                continue;
            }
            if (result != IntentOutcome.MOVED) {
                continue;
            }
            int slot = world.slotOf(session.entityId());
            Portal portal = grid.portalAt(grid.size().index(world.xAt(slot), world.yAt(slot), world.layerAt(slot)));
            if (portal != null) {
                roster.startTransfer(session, portal);
            }
        }
    }

    /**
     * Stops admitting, takes every player out (saving where they stand) and publishes the final snapshot.
     *
     * @return its seq, or the hydrated seq when the world was never hydrated and has nothing new to save
     */
    public long closeForShutdown() {
        roster.closeAll();
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
