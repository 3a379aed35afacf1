package lor.testclient.scenario;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import lor.protocol.ErrorMessage;
import lor.protocol.Message;
import lor.protocol.director.WorldJoinedMessage;
import lor.protocol.game.ActMessage;
import lor.protocol.game.BuildMessage;
import lor.protocol.game.DismantleMessage;
import lor.protocol.game.HelloMessage;
import lor.protocol.game.MapMessage;
import lor.protocol.game.MoveMessage;
import lor.protocol.game.PutMessage;
import lor.protocol.game.RejectedMessage;
import lor.protocol.game.StateMessage;
import lor.protocol.game.TakeMessage;
import lor.protocol.game.TransferMessage;
import lor.protocol.game.WelcomeMessage;
import lor.protocol.game.binary.BinaryState;
import lor.protocol.game.binary.StateTracker;
import lor.protocol.game.binary.WorldTracker;
import lor.sim.content.ContentPack;
import lor.sim.grid.Cells;
import lor.sim.grid.Direction;
import lor.sim.grid.Grid;
import lor.sim.world.ObjectIntent;
import lor.testclient.net.WsClient;
import lor.testclient.predict.ClientContent;
import lor.testclient.predict.Prediction;

/**
 * A player in a world as the scenarios drive it: joined through the director, welcomed, holding the map and a
 * {@link Prediction} of its own entity that every message it reads keeps reconciled.
 */
public final class GamePlayer {

    private final WsClient game;
    private final WelcomeMessage welcome;
    private final Prediction prediction;
    private final List<RejectedMessage> rejections = new ArrayList<>();
    private final List<ErrorMessage> errors = new ArrayList<>();
    private final WorldJoinedMessage joined;
    private final MapMessage map;
    private final ContentPack pack;
    private StateMessage lastState;
    /** What the player carries, as the welcome or the last state that carried it said. */
    private Map<String, Integer> inventory;
    private TransferMessage transfer;
    private long seq;

    private GamePlayer(WsClient game, WorldJoinedMessage joined, WelcomeMessage welcome, MapMessage map) {
        this.game = game;
        this.map = map;
        this.joined = joined;
        this.welcome = welcome;
        this.pack = ClientContent.compile(welcome);
        this.prediction = new Prediction(map, pack, ClientContent.modules(pack), welcome.tick(), welcome.entityId(),
                welcome.you().x(), welcome.you().y(), welcome.you().layer(), welcome.inventory());
        this.inventory = welcome.inventory() == null ? Map.of() : welcome.inventory();
    }

    /** Joins {@code worldId} with a logged-in account and reads {@code welcome} and {@code map}. */
    public static GamePlayer enter(ScenarioContext ctx, ScenarioContext.Account account, String worldId)
            throws Exception {
        return enter(ctx, account, worldId, HelloMessage.JSON);
    }

    /** As {@link #enter(ScenarioContext, ScenarioContext.Account, String)}, with state frames in {@code encoding}. */
    public static GamePlayer enter(ScenarioContext ctx, ScenarioContext.Account account, String worldId,
                                   String encoding) throws Exception {
        WorldJoinedMessage joined = ctx.join(account.client(), worldId);
        WsClient game = ctx.game(joined.gameUrl());
        game.send(new HelloMessage(joined.ticket(), encoding, null));
        WelcomeMessage welcome = game.expect(WelcomeMessage.class, ScenarioContext.STEP);
        if (!welcome.encoding().equals(encoding)) {
            throw new AssertionError("asked for " + encoding + " state, welcome says " + welcome.encoding());
        }
        MapMessage map = game.expect(MapMessage.class, ScenarioContext.STEP);
        if (BinaryState.ENCODING.equals(encoding)) {
            StateTracker tracker = new StateTracker(map.width(), map.height(), welcome.modules());
            WorldTracker objects = welcome.content() == null ? null : new WorldTracker(welcome.content());
            // World and modules frames come just before the state frame of their broadcast: they yield no message of
            // their own.
            game.decodeBinaryWith(bytes -> {
                ByteBuf frame = Unpooled.wrappedBuffer(bytes);
                if (objects != null && frame.getUnsignedByte(frame.readerIndex()) == BinaryState.KIND_WORLD) {
                    objects.apply(frame);
                    return null;
                }
                if (!tracker.apply(frame)) {
                    return null;
                }
                return objects == null ? tracker.state() : objects.merge(tracker.state());
            });
        }
        return new GamePlayer(game, joined, welcome, map);
    }

    public WsClient connection() {
        return game;
    }

    public WelcomeMessage welcome() {
        return welcome;
    }

    public WorldJoinedMessage joined() {
        return joined;
    }

    public Prediction prediction() {
        return prediction;
    }

    public int entityId() {
        return welcome.entityId();
    }

    public long lastSeq() {
        return seq;
    }

    /** The world's content pack, as the welcome gave it (empty in a world without one). */
    public ContentPack pack() {
        return pack;
    }

    /** The player's inventory as last told: item → count, items it has none of absent. */
    public Map<String, Integer> inventory() {
        return inventory;
    }

    /** The last state read, or null before any. */
    public StateMessage lastState() {
        return lastState;
    }

    /** An object in the last state standing on {@code (x, y, layer)}, or null. */
    public StateMessage.ObjectState objectAt(int x, int y, int layer) {
        if (lastState == null) {
            return null;
        }
        return lastState.objects().stream().filter(o -> o.x() == x && o.y() == y && o.layer() == layer)
                .findFirst().orElse(null);
    }

    /** Places an object of {@code kind} on the cell on side {@code dir}. @return the intent's seq */
    public long build(String kind, Direction dir) {
        long s = predictAction(ObjectIntent.Type.BUILD, dir, pack.kindIndex(kind), 1);
        game.send(new BuildMessage(kind, dir.name(), s, null));
        return s;
    }

    /** Moves items from the inventory into the object on side {@code dir}. @return the intent's seq */
    public long put(Direction dir, String item, int count) {
        long s = predictAction(ObjectIntent.Type.PUT, dir, pack.itemIndex(item), count);
        game.send(new PutMessage(dir.name(), item, count, s, null));
        return s;
    }

    /** Moves items from the object on side {@code dir} into the inventory. @return the intent's seq */
    public long take(Direction dir, String item, int count) {
        long s = predictAction(ObjectIntent.Type.TAKE, dir, pack.itemIndex(item), count);
        game.send(new TakeMessage(dir.name(), item, count, s, null));
        return s;
    }

    /** Takes the object on side {@code dir} back into the inventory. @return the intent's seq */
    public long dismantle(Direction dir) {
        long s = predictAction(ObjectIntent.Type.DISMANTLE, dir, 0, 1);
        game.send(new DismantleMessage(dir.name(), s, null));
        return s;
    }

    /** Numbers an action and predicts its outcome. @return its seq */
    private long predictAction(ObjectIntent.Type type, Direction dir, int index, long count) {
        long s = ++seq;
        prediction.act(s, ObjectIntent.pack(type, dir, index, count));
        return s;
    }

    /**
     * Sends a game module's action ({@code act}) with its fields and predicts it with the module's own code.
     *
     * @return its seq
     */
    public long act(String action, Map<String, Object> fields) {
        long s = ++seq;
        prediction.act(s, action, fields);
        game.send(new ActMessage(action, s, fields, null));
        return s;
    }

    /** An attribute of an entity in the last state, or null when it is not in view or has none of that name. */
    public Integer attribute(int entity, String name) {
        StateMessage.EntityState e = seen(entity);
        return e == null || e.attrs() == null ? null : e.attrs().get(name);
    }

    /** The value of a module's field at a cell in the last state: 0 for an empty cell (or one out of view). */
    public int fieldCell(String module, int x, int y, int layer) {
        if (lastState == null || lastState.fields() == null) {
            return 0;
        }
        for (StateMessage.FieldCell c : lastState.fields()) {
            if (c.module().equals(module) && c.x() == x && c.y() == y && c.layer() == layer) {
                return c.value();
            }
        }
        return 0;
    }

    /** Leaves the world: closes the game connection with a close frame, as a player quitting does. */
    public void leave() {
        game.close();
    }

    /** Sends a move intent and predicts it. @return its seq */
    public long move(Direction direction) {
        long s = ++seq;
        prediction.apply(s, direction);
        game.send(new MoveMessage(direction.name(), s, null));
        return s;
    }

    /** Reads one message and lets the prediction see it. */
    public Message read(Duration timeout) throws Exception {
        return dispatch(game.next(timeout));
    }

    private Message dispatch(Message message) {
        if (message instanceof StateMessage state) {
            lastState = state;
            if (state.inventory() != null) {
                inventory = state.inventory();
            }
            prediction.onState(state);
        } else if (message instanceof RejectedMessage rejected) {
            rejections.add(rejected);
            prediction.rejected(rejected.seq(), rejected.reason());
        } else if (message instanceof ErrorMessage error) {
            errors.add(error);
        } else if (message instanceof TransferMessage t) {
            transfer = t;
        }
        return message;
    }

    /** Reads and handles whatever arrives until {@code time} has passed. */
    public void readFor(Duration time) throws Exception {
        long deadline = System.nanoTime() + time.toNanos();
        while (System.nanoTime() < deadline) {
            Message message = game.poll(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            if (message != null) {
                dispatch(message);
            }
        }
    }

    /** Reads until a state satisfies {@code condition}; fails after {@code timeout}. */
    public StateMessage awaitState(String what, Duration timeout, Predicate<StateMessage> condition)
            throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("timed out after " + timeout.toMillis() + " ms waiting for " + what);
            }
            Message message = game.poll(Duration.ofNanos(left));
            if (message != null && dispatch(message) instanceof StateMessage state && condition.test(state)) {
                return state;
            }
        }
    }

    /** Reads until a state acknowledges {@code ackSeq}. */
    public StateMessage awaitAck(long ackSeq) throws Exception {
        return awaitState("ack " + ackSeq, ScenarioContext.STEP, s -> s.ack() >= ackSeq);
    }

    /** Reads until the intent {@code seq} is refused; fails if a state acknowledges it without a refusal first. */
    public RejectedMessage awaitRejection(long rejectedSeq) throws Exception {
        long deadline = System.nanoTime() + ScenarioContext.STEP.toNanos();
        while (System.nanoTime() < deadline) {
            for (RejectedMessage r : rejections) {
                if (r.seq() == rejectedSeq) {
                    return r;
                }
            }
            Message message = read(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            if (message instanceof StateMessage state && state.ack() >= rejectedSeq
                    && rejections.stream().noneMatch(r -> r.seq() == rejectedSeq)) {
                throw new AssertionError("intent " + rejectedSeq + " was acknowledged without a refusal");
            }
        }
        throw new AssertionError("no rejection of intent " + rejectedSeq);
    }

    /** The entity's authoritative position as of the last state, or the welcome position before any. */
    public int[] position() {
        return new int[] {prediction.x(), prediction.y(), prediction.layer()};
    }

    /** An entity's position in the last state, or null if it is not in view. */
    public StateMessage.EntityState seen(int otherEntityId) {
        if (lastState == null) {
            return null;
        }
        return lastState.entities().stream().filter(e -> e.id() == otherEntityId).findFirst().orElse(null);
    }

    public List<RejectedMessage> rejections() {
        return rejections;
    }

    public List<ErrorMessage> errors() {
        return errors;
    }

    /**
     * Steps onto a free neighbouring cell (again if an NPC took it first) and returns the acknowledged position,
     * which differs from the welcome position.
     */
    public int[] stepAside() throws Exception {
        WelcomeMessage.Position welcomed = welcome().you();
        int[] start = {welcomed.x(), welcomed.y(), welcomed.layer()};
        for (int attempt = 0; attempt < 20; attempt++) {
            awaitAck(move(freeDirection()));
            if (!Arrays.equals(position(), start)) {
                return position();
            }
        }
        throw new AssertionError("the player could not step away from " + Arrays.toString(start)
                + "; refusals " + rejections());
    }

    /** A free neighbouring cell that is no portal. */
    private Direction freeDirection() {
        Grid grid = prediction().grid();
        int[] at = position();
        for (Direction d : Direction.values()) {
            int x = at[0] + d.dx;
            int y = at[1] + d.dy;
            if (x < 0 || y < 0 || x >= grid.width() || y >= grid.height()) {
                continue;
            }
            int index = grid.size().index(x, y, at[2]);
            if (!prediction().field().isWall(index) && Cells.portal(grid.cell(index)) == 0
                    && prediction().other(x, y, at[2]) == 0) {
                return d;
            }
        }
        throw new AssertionError("no free cell around " + at[0] + "," + at[1]);
    }

    /**
     * Walks to {@code (tx, ty)} on the current layer along a shortest path around walls, portals and the other
     * entities of the last state, one acknowledged step at a time. A step refused because an NPC wandered into the
     * way is planned again; the walk fails when the target stays out of reach.
     */
    public void walkTo(int tx, int ty) throws Exception {
        for (int attempt = 0; attempt < 400; attempt++) {
            int[] at = position();
            if (at[0] == tx && at[1] == ty) {
                return;
            }
            Direction[] path = route(at[0], at[1], at[2], tx, ty);
            if (path == null) {
                awaitState("a state with the way clear", ScenarioContext.STEP, s -> true);
                continue;
            }
            awaitAck(move(path[0]));
        }
        int[] now = position();
        throw new AssertionError("walked to " + now[0] + "," + now[1] + " instead of " + tx + "," + ty);
    }

    /**
     * Runs towards {@code (tx, ty)}: the steps of a shortest path around what the last state showed, sent at once (at
     * most {@code maxSteps}, within the intent rate) so that the player moves a cell every tick, then waits for the
     * last one's ack.
     *
     * @return whether a path was found
     */
    public boolean runTo(int tx, int ty, int maxSteps) throws Exception {
        int[] at = position();
        Direction[] path = route(at[0], at[1], at[2], tx, ty);
        if (path == null || path.length == 0) {
            return false;
        }
        long last = 0;
        for (int i = 0; i < Math.min(maxSteps, path.length); i++) {
            last = move(path[i]);
        }
        awaitAck(last);
        return true;
    }

    /**
     * Walks beside the nearest portal to {@code worldId}, steps onto it and waits for the world's
     * {@code transfer}.
     */
    public TransferMessage walkThroughPortalTo(String worldId) throws Exception {
        int[] spot = besidePortal(worldId);
        walkTo(spot[0], spot[1]);
        return stepOntoPortal(Direction.ofCode(spot[2]));
    }

    /** Steps from beside a portal onto it (retrying while an NPC is in the way) and waits for the transfer. */
    public TransferMessage stepOntoPortal(Direction direction) throws Exception {
        for (int attempt = 0; attempt < 50 && transfer == null; attempt++) {
            long s = move(direction);
            long deadline = System.nanoTime() + ScenarioContext.STEP.toNanos();
            while (transfer == null && System.nanoTime() < deadline
                    && rejections.stream().noneMatch(r -> r.seq() == s)) {
                read(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            }
        }
        if (transfer == null) {
            throw new AssertionError("no transfer after stepping onto the portal; errors " + errors);
        }
        return transfer;
    }

    /**
     * A free cell beside the nearest reachable portal to {@code worldId}: {@code {x, y, direction onto it}}. While
     * other entities block every way (an NPC in a corridor, a player standing in a doorway), later states are read
     * until one leaves a way open.
     */
    public int[] besidePortal(String worldId) throws Exception {
        for (int attempt = 0; attempt < 100; attempt++) {
            int[] spot = reachableBesidePortal(worldId);
            if (spot != null) {
                return spot;
            }
            awaitState("a state with a way to the portal", ScenarioContext.STEP, s -> true);
        }
        throw new AssertionError("no reachable portal to " + worldId + " from " + Arrays.toString(position()));
    }

    private int[] reachableBesidePortal(String worldId) {
        Grid grid = prediction.grid();
        int[] at = position();
        int[] best = null;
        int bestLength = Integer.MAX_VALUE;
        for (int y = 0; y < grid.height(); y++) {
            for (int x = 0; x < grid.width(); x++) {
                if (!leadsTo(Cells.portal(grid.cell(grid.size().index(x, y, at[2]))), worldId)) {
                    continue;
                }
                for (Direction d : Direction.values()) {
                    int bx = x - d.dx;
                    int by = y - d.dy;
                    if (bx < 0 || by < 0 || bx >= grid.width() || by >= grid.height()
                            || Cells.portal(grid.cell(grid.size().index(bx, by, at[2]))) != 0) {
                        continue;
                    }
                    Direction[] path = route(at[0], at[1], at[2], bx, by);
                    if (path != null && path.length < bestLength) {
                        best = new int[] {bx, by, d.code()};
                        bestLength = path.length;
                    }
                }
            }
        }
        return best;
    }

    private boolean leadsTo(int portalNumber, String worldId) {
        return portalNumber > 0 && map.portals().stream()
                .anyMatch(p -> p.number() == portalNumber && p.worldId().equals(worldId));
    }

    /** The transfer the world sent, or null. */
    public TransferMessage transfer() {
        return transfer;
    }

    /** Follows a transfer: connects to the other world with the ticket and reads its welcome and map. */
    public static GamePlayer follow(ScenarioContext ctx, TransferMessage transfer) throws Exception {
        WsClient game = ctx.game(transfer.gameUrl());
        game.send(new HelloMessage(transfer.ticket(), null));
        WelcomeMessage welcome = game.expect(WelcomeMessage.class, ScenarioContext.STEP);
        MapMessage map = game.expect(MapMessage.class, ScenarioContext.STEP);
        return new GamePlayer(game, new WorldJoinedMessage(transfer.worldId(), transfer.gameUrl(),
                transfer.ticket(), null), welcome, map);
    }

    /** Breadth-first route through free cells, or null. */
    private Direction[] route(int sx, int sy, int layer, int tx, int ty) {
        Grid grid = prediction.grid();
        int width = grid.width();
        int cells = width * grid.height();
        int[] from = new int[cells];
        Arrays.fill(from, -1);
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        int start = sy * width + sx;
        from[start] = start;
        queue.add(start);
        while (!queue.isEmpty()) {
            int cell = queue.poll();
            if (cell == ty * width + tx) {
                List<Direction> steps = new ArrayList<>();
                for (int c = cell; c != start; c = from[c]) {
                    int p = from[c];
                    steps.add(0, c == p + 1 ? Direction.E : c == p - 1 ? Direction.W
                            : c == p + width ? Direction.S : Direction.N);
                }
                return steps.toArray(Direction[]::new);
            }
            for (Direction d : Direction.values()) {
                int nx = cell % width + d.dx;
                int ny = cell / width + d.dy;
                if (nx < 0 || ny < 0 || nx >= width || ny >= grid.height()) {
                    continue;
                }
                int next = ny * width + nx;
                int index = grid.size().index(nx, ny, layer);
                boolean portal = Cells.portal(grid.cell(index)) != 0 && next != ty * width + tx;
                if (from[next] < 0 && !grid.isWall(index) && !portal && prediction.other(nx, ny, layer) == 0
                        && !prediction.moduleBlocks(nx, ny, layer)) {
                    from[next] = cell;
                    queue.add(next);
                }
            }
        }
        return null;
    }
}
