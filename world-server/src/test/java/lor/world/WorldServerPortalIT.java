package lor.world;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.netty.channel.Channel;
import io.netty.handler.codec.http.websocketx.WebSocketCloseStatus;
import lor.protocol.ErrorCode;
import lor.protocol.ErrorMessage;
import lor.protocol.Limits;
import lor.protocol.Message;
import lor.protocol.control.PlayerJoinedMessage;
import lor.protocol.control.PlayerKickMessage;
import lor.protocol.control.PlayerLeftMessage;
import lor.protocol.control.PlayerRosterMessage;
import lor.protocol.control.PortalGrantedMessage;
import lor.protocol.control.PortalTransferMessage;
import lor.protocol.control.SnapshotAckMessage;
import lor.protocol.control.WorldHydrateMessage;
import lor.protocol.control.WorldReadyMessage;
import lor.protocol.control.WorldRegisterMessage;
import lor.protocol.control.WorldResumedMessage;
import lor.protocol.control.WorldSnapshotMessage;
import lor.protocol.game.HelloMessage;
import lor.protocol.game.MapMessage;
import lor.protocol.game.MoveMessage;
import lor.protocol.game.StateMessage;
import lor.protocol.game.TransferMessage;
import lor.protocol.game.WelcomeMessage;
import lor.protocol.ticket.Secrets;
import lor.protocol.ticket.Ticket;
import lor.protocol.ticket.TicketSigner;
import lor.sim.grid.Grid;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Stage 3 over real sockets: a world server in this JVM, a director played by the test ({@link ScriptedDirector})
 * and a game client on {@code /game}. What {@link WorldRuntimeTest} shows for the tick thread, this shows for the
 * wiring: control messages reach the tick thread, and the player sees the result on its connection.
 */
class WorldServerPortalIT {

    private static final Duration STEP = Duration.ofSeconds(20);
    private static final String TICKET_SECRET = Secrets.random256();
    private static final TicketSigner SIGNER = TicketSigner.fromEncodedSecret(TICKET_SECRET);

    private ScriptedDirector director;
    private Channel control;
    private WorldServer world;
    private GameClient client;

    @AfterEach
    void stop() throws Exception {
        if (client != null) {
            client.close();
        }
        if (world != null) {
            CompletableFuture<Integer> exit = world.shutdown("test over");
            WorldSnapshotMessage last = nextLastSnapshot();
            director.send(control, new SnapshotAckMessage("start", last.seq()));
            assertThat(exit.get(60, TimeUnit.SECONDS)).as("exit status").isZero();
        }
        if (director != null) {
            director.close();
        }
    }

    @Test
    void playerWalkingOntoStartsPortalLeavesWithTheTicketTheDirectorGranted() throws Exception {
        startWorld("--map", "start", "--intent-rate", "100");
        client = join(42);
        WelcomeMessage welcome = client.next(WelcomeMessage.class, STEP);
        MapMessage map = client.next(MapMessage.class, STEP);
        assertThat(map.portals()).containsExactly(new MapMessage.PortalInfo(1, "cellar"));
        assertThat(next(PlayerJoinedMessage.class)).isEqualTo(new PlayerJoinedMessage("start", 42));

        List<String> path = pathToAPortal(Maps.load(config("--map", "start")), welcome.you().x(), welcome.you().y());
        assertThat(path).as("within one queue of intents").hasSizeLessThanOrEqualTo(32);
        for (int i = 0; i < path.size(); i++) {
            client.send(new MoveMessage(path.get(i), i + 1, null));
        }

        PortalTransferMessage transfer = next(PortalTransferMessage.class);
        assertThat(transfer.accountId()).isEqualTo(42);
        assertThat(List.of(transfer.targetWorldId(), transfer.x(), transfer.y(), transfer.layer()))
                .containsExactly("cellar", 6, 6, 0);
        director.send(control, new PortalGrantedMessage("start", transfer.transferId(), 42, "cellar",
                "ws://127.0.0.1:4001/game", "t.m"));

        assertThat(nextFromWorld(TransferMessage.class))
                .isEqualTo(new TransferMessage("cellar", "ws://127.0.0.1:4001/game", "t.m"));
        assertThat(client.closeStatus().get(STEP.toMillis(), TimeUnit.MILLISECONDS))
                .isEqualTo(WebSocketCloseStatus.NORMAL_CLOSURE.code());
        assertThat(next(PlayerLeftMessage.class)).isEqualTo(new PlayerLeftMessage("start", 42));
    }

    @Test
    void kickFromTheDirectorClosesThePlayerWithReplaced() throws Exception {
        startWorld("--map", "meadow");
        client = join(42);
        client.next(WelcomeMessage.class, STEP);
        next(PlayerJoinedMessage.class);

        director.send(control, new PlayerKickMessage("start", 42, "entered another world"));

        assertThat(nextFromWorld(ErrorMessage.class).code()).isEqualTo(ErrorCode.REPLACED.wireName());
        assertThat(client.closeStatus().get(STEP.toMillis(), TimeUnit.MILLISECONDS)).isEqualTo(Limits.CLOSE_REPLACED);
        assertThat(next(PlayerLeftMessage.class)).isEqualTo(new PlayerLeftMessage("start", 42));
    }

    @Test
    void sendsTheRosterAfterHydrationAndAgainAfterAReconnect() throws Exception {
        director = new ScriptedDirector();
        world = WorldServer.start(config("--map", "meadow"));
        control = director.next(WorldRegisterMessage.class, STEP).connection();
        director.send(control, new WorldHydrateMessage("start", 1, null));
        assertThat(next(PlayerRosterMessage.class)).isEqualTo(new PlayerRosterMessage("start", List.of()));
        client = join(42);
        client.next(WelcomeMessage.class, STEP);
        next(PlayerJoinedMessage.class);

        control.close().sync();
        control = director.next(WorldRegisterMessage.class, STEP).connection();
        director.send(control, new WorldResumedMessage("start"));

        assertThat(next(PlayerRosterMessage.class)).isEqualTo(new PlayerRosterMessage("start", List.of(42L)));
    }

    @Test
    void aTransferAskedForOnALostControlConnectionIsAbandonedOnceTheWorldIsBack() throws Exception {
        startWorld("--map", "start", "--intent-rate", "100");
        client = join(42);
        WelcomeMessage welcome = client.next(WelcomeMessage.class, STEP);
        List<String> path = pathToAPortal(Maps.load(config("--map", "start")), welcome.you().x(), welcome.you().y());
        for (int i = 0; i < path.size(); i++) {
            client.send(new MoveMessage(path.get(i), i + 1, null));
        }
        next(PortalTransferMessage.class);

        // The director goes away before answering, and its answer with it.
        control.close().sync();
        control = director.next(WorldRegisterMessage.class, STEP).connection();
        director.send(control, new WorldResumedMessage("start"));

        ErrorMessage error = nextFromWorld(ErrorMessage.class);
        assertThat(error.code()).isEqualTo(ErrorCode.WORLD_UNAVAILABLE.wireName());
        assertThat(next(PlayerRosterMessage.class)).isEqualTo(new PlayerRosterMessage("start", List.of(42L)));
        String back = switch (path.get(path.size() - 1)) {
            case "N" -> "S";
            case "S" -> "N";
            case "E" -> "W";
            default -> "E";
        };
        client.send(new MoveMessage(back, path.size() + 1, null));
        StateMessage moved = nextStateWithAck(path.size() + 1);
        int[] beside = walk(welcome.you().x(), welcome.you().y(), path.subList(0, path.size() - 1));
        assertThat(moved.entities()).filteredOn(e -> e.id() == welcome.entityId())
                .extracting(e -> List.of(e.x(), e.y())).containsExactly(List.of(beside[0], beside[1]));
        assertThat(client.closeStatus()).as("still connected").isNotDone();
    }

    private void startWorld(String... options) throws Exception {
        director = new ScriptedDirector();
        world = WorldServer.start(config(options));
        control = director.next(WorldRegisterMessage.class, STEP).connection();
        director.send(control, new WorldHydrateMessage("start", 1, null));
        director.next(WorldReadyMessage.class, STEP);
    }

    private GameClient join(long accountId) throws Exception {
        GameClient joined = GameClient.connect(world.gameServer().port(), STEP);
        joined.send(new HelloMessage(SIGNER.sign(new Ticket(accountId, "start", System.currentTimeMillis() + 30_000,
                "join" + accountId)), "hello"));
        return joined;
    }

    /** The next control message of {@code type} from the world (others are skipped). */
    private <T extends Message> T next(Class<T> type) throws InterruptedException {
        return type.cast(director.next(type, STEP).message());
    }

    /** The next game message of {@code type} the player receives, skipping state and anything else. */
    private <T extends Message> T nextFromWorld(Class<T> type) throws InterruptedException {
        long deadline = System.nanoTime() + STEP.toNanos();
        while (System.nanoTime() < deadline) {
            Message message = client.next(STEP).message();
            if (type.isInstance(message)) {
                return type.cast(message);
            }
        }
        throw new AssertionError("no " + type.getSimpleName() + " within " + STEP);
    }

    private StateMessage nextStateWithAck(long ack) throws InterruptedException {
        while (true) {
            StateMessage state = nextFromWorld(StateMessage.class);
            if (state.ack() >= ack) {
                assertThat(state.ack()).isEqualTo(ack);
                return state;
            }
        }
    }

    private WorldSnapshotMessage nextLastSnapshot() throws InterruptedException {
        while (true) {
            WorldSnapshotMessage snapshot = next(WorldSnapshotMessage.class);
            if (snapshot.last()) {
                return snapshot;
            }
        }
    }

    /** Where the moves lead from {@code (x, y)}. */
    private static int[] walk(int x, int y, List<String> moves) {
        for (String move : moves) {
            switch (move) {
                case "N" -> y--;
                case "S" -> y++;
                case "E" -> x++;
                default -> x--;
            }
        }
        return new int[] {x, y};
    }

    /** The moves of a shortest walk over floor from {@code (x, y)} onto the nearest portal cell of layer 0. */
    private static List<String> pathToAPortal(Grid grid, int x, int y) {
        int width = grid.width();
        int[] from = new int[width * grid.height()];
        Arrays.fill(from, -1);
        from[y * width + x] = y * width + x;
        Deque<Integer> frontier = new ArrayDeque<>(List.of(y * width + x));
        int[][] steps = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}};
        String[] names = {"N", "E", "S", "W"};
        while (!frontier.isEmpty()) {
            int at = frontier.poll();
            if (grid.portalAt(grid.size().index(at % width, at / width, 0)) != null) {
                List<String> moves = new ArrayList<>();
                for (int cell = at; cell != y * width + x; cell = from[cell]) {
                    int previous = from[cell];
                    int dx = cell % width - previous % width;
                    int dy = cell / width - previous / width;
                    for (int d = 0; d < 4; d++) {
                        if (steps[d][0] == dx && steps[d][1] == dy) {
                            moves.add(0, names[d]);
                        }
                    }
                }
                return moves;
            }
            for (int[] step : steps) {
                int nx = at % width + step[0];
                int ny = at / width + step[1];
                if (nx >= 0 && ny >= 0 && nx < width && ny < grid.height() && from[ny * width + nx] < 0
                        && !grid.isWall(grid.size().index(nx, ny, 0))) {
                    from[ny * width + nx] = at;
                    frontier.add(ny * width + nx);
                }
            }
        }
        throw new AssertionError("no portal reachable from " + x + "," + y);
    }

    private WorldConfig config(String... options) {
        List<String> args = new ArrayList<>(List.of("--world-id", "start", "--control-url",
                director == null ? "ws://127.0.0.1:1/control" : director.controlUrl().toString(),
                "--shutdown-ack-timeout-ms", "1000"));
        args.addAll(List.of(options));
        return WorldConfig.parse(args.toArray(String[]::new),
                Map.of(WorldConfig.ENV_SPAWN_TOKEN, "spawn-token", WorldConfig.ENV_TICKET_SECRET, TICKET_SECRET));
    }
}
