package lor.testclient.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Two clients that are not ours: plain JDK WebSockets and a generic JSON parser, no Lor class at all, written only
 * from the contract and the README (the map encoding is decoded here from its documentation). In world
 * {@code start}, with its NPCs wandering, they join, see each other, and are refused on a wall and on each other.
 */
class ContractClientIT {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final String[] DIRS = {"N", "E", "S", "W"};
    private static final int[] DX = {0, 1, 0, -1};
    private static final int[] DY = {-1, 0, 1, 0};

    @TempDir
    Path dataDir;

    @Test
    void twoForeignClientsJoinStartSeeEachOtherAndAreRefusedOnWallsAndEachOther() throws Exception {
        try (DirectorProcess director = DirectorProcess.start(dataDir, "contract-clients",
                "--idle-shutdown-ms", "600000")) {
            URI ws = director.clientUrl();
            Player a = Player.join(ws, "alice-" + System.nanoTime() % 100000);
            Player b = Player.join(ws, "bob-" + System.nanoTime() % 100000);

            a.awaitState(s -> a.sees(b.entityId) != null && a.sees(a.entityId) != null);
            b.awaitState(s -> b.sees(a.entityId) != null && b.sees(b.entityId) != null);

            // Refused on a wall: walk beside the nearest wall, then into it.
            int[] beside = a.nearestCellBesideWall();
            a.walkTo(beside[0], beside[1]);
            assertThat(a.stepUntilRefused(beside[2])).isEqualTo("wall");

            // Refused on another player: A walks next to B (who stays put) and steps into B's cell.
            b.awaitState(s -> b.sees(b.entityId) != null);
            a.awaitState(s -> a.sees(b.entityId) != null);
            JsonNode target = a.sees(b.entityId);
            int[] next = a.freeNeighbourOf(target.get("x").asInt(), target.get("y").asInt());
            a.walkTo(next[0], next[1]);
            assertThat(a.stepUntilRefused(next[2])).isEqualTo("occupied");
        }
    }

    /** One foreign client: a director connection, a game connection, the map, and what it last saw. */
    private static final class Player {

        private final Socket game;
        private final int entityId;
        private final int width;
        private final int height;
        private final int[] cells;
        private JsonNode lastState;
        private long seq;

        private Player(Socket game, JsonNode welcome, JsonNode map) {
            this.game = game;
            this.entityId = welcome.get("entityId").asInt();
            this.width = map.get("width").asInt();
            this.height = map.get("height").asInt();
            this.cells = decodeCells(map.get("cells").asString(), width * height * map.get("layers").asInt());
        }

        static Player join(URI directorWs, String username) throws Exception {
            Socket director = Socket.open(directorWs);
            director.send("{\"type\":\"register\",\"username\":\"" + username + "\",\"password\":\"pass-word-1\"}");
            director.await("registered");
            director.send("{\"type\":\"login\",\"username\":\"" + username + "\",\"password\":\"pass-word-1\"}");
            director.await("logged_in");
            director.send("{\"type\":\"join_world\",\"worldId\":\"start\",\"ref\":\"j\"}");
            JsonNode joined = director.await("world_joined");
            Socket game = Socket.open(URI.create(joined.get("gameUrl").asString()));
            game.send("{\"type\":\"hello\",\"ticket\":\"" + joined.get("ticket").asString() + "\"}");
            JsonNode welcome = game.await("welcome");
            JsonNode map = game.await("map");
            return new Player(game, welcome, map);
        }

        /** README: runs of two unsigned LEB128 varints (length, value), base64. */
        static int[] decodeCells(String base64, int count) {
            byte[] bytes = Base64.getDecoder().decode(base64);
            int[] out = new int[count];
            int filled = 0;
            int i = 0;
            while (i < bytes.length) {
                long[] run = new long[2];
                for (int k = 0; k < 2; k++) {
                    int shift = 0;
                    int b;
                    do {
                        b = bytes[i++] & 0xFF;
                        run[k] |= (long) (b & 0x7F) << shift;
                        shift += 7;
                    } while ((b & 0x80) != 0);
                }
                for (long r = 0; r < run[0]; r++) {
                    out[filled++] = (int) run[1];
                }
            }
            assertThat(filled).as("cells covered by the runs").isEqualTo(count);
            return out;
        }

        boolean wall(int x, int y) {
            return (cells[y * width + x] & 1) != 0;
        }

        /** README: bits 4-11 of a cell name a portal; stepping on one leaves the world, so walks avoid them. */
        boolean portal(int x, int y) {
            return (cells[y * width + x] >>> 4 & 0xFF) != 0;
        }

        boolean blocked(int x, int y) {
            return wall(x, y) || portal(x, y);
        }

        JsonNode sees(int id) {
            if (lastState == null) {
                return null;
            }
            for (JsonNode e : lastState.get("entities")) {
                if (e.get("id").asInt() == id) {
                    return e;
                }
            }
            return null;
        }

        boolean occupiedByOther(int x, int y) {
            for (JsonNode e : lastState.get("entities")) {
                if (e.get("id").asInt() != entityId && e.get("x").asInt() == x && e.get("y").asInt() == y) {
                    return true;
                }
            }
            return false;
        }

        int[] me() {
            JsonNode me = sees(entityId);
            return new int[] {me.get("x").asInt(), me.get("y").asInt()};
        }

        JsonNode awaitState(Predicate<JsonNode> condition) throws Exception {
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (System.nanoTime() < deadline) {
                JsonNode message = game.next(Duration.ofNanos(deadline - System.nanoTime()));
                if (message != null && message.get("type").asString().equals("state")) {
                    lastState = message;
                    if (condition.test(message)) {
                        return message;
                    }
                }
            }
            throw new AssertionError("no such state within " + WAIT);
        }

        /** Sends one move and returns the refusal reason, or null once a state acknowledges it unrefused. */
        String step(int direction) throws Exception {
            long s = ++seq;
            game.send("{\"type\":\"move\",\"dir\":\"" + DIRS[direction] + "\",\"seq\":" + s + "}");
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (System.nanoTime() < deadline) {
                JsonNode message = game.next(Duration.ofNanos(deadline - System.nanoTime()));
                if (message == null) {
                    break;
                }
                String type = message.get("type").asString();
                if (type.equals("rejected") && message.get("seq").asLong() == s) {
                    return message.get("reason").asString();
                }
                if (type.equals("state")) {
                    lastState = message;
                    if (message.get("ack").asLong() >= s) {
                        return null;
                    }
                }
            }
            throw new AssertionError("move " + s + " was neither acknowledged nor refused");
        }

        /** Steps in one direction until refused; a wandering NPC in the way is waited out. */
        String stepUntilRefused(int direction) throws Exception {
            for (int attempt = 0; attempt < 50; attempt++) {
                String reason = step(direction);
                if (reason != null && !reason.equals("occupied")) {
                    return reason;
                }
                if (reason != null) {
                    int[] me = me();
                    JsonNode blocker = null;
                    for (JsonNode e : lastState.get("entities")) {
                        if (e.get("x").asInt() == me[0] + DX[direction]
                                && e.get("y").asInt() == me[1] + DY[direction]) {
                            blocker = e;
                        }
                    }
                    if (blocker == null || blocker.get("kind").asString().equals("player")) {
                        return reason;
                    }
                }
            }
            throw new AssertionError("never refused");
        }

        /** Walks along a breadth-first route, stepping again when an NPC was in the way. */
        void walkTo(int tx, int ty) throws Exception {
            for (int attempt = 0; attempt < 200; attempt++) {
                int[] me = me();
                if (me[0] == tx && me[1] == ty) {
                    return;
                }
                List<Integer> route = route(me[0], me[1], tx, ty);
                if (route == null || route.isEmpty()) {
                    awaitState(s -> true);
                    continue;
                }
                step(route.get(0));
            }
            throw new AssertionError("could not reach " + tx + "," + ty);
        }

        List<Integer> route(int sx, int sy, int tx, int ty) {
            int[] from = new int[width * height];
            Arrays.fill(from, -1);
            ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(sy * width + sx));
            from[sy * width + sx] = sy * width + sx;
            while (!queue.isEmpty()) {
                int c = queue.poll();
                if (c == ty * width + tx) {
                    List<Integer> dirs = new ArrayList<>();
                    for (int at = c; at != sy * width + sx; at = from[at]) {
                        int p = from[at];
                        for (int d = 0; d < 4; d++) {
                            if (p % width + DX[d] == at % width && p / width + DY[d] == at / width) {
                                dirs.add(0, d);
                            }
                        }
                    }
                    return dirs;
                }
                for (int d = 0; d < 4; d++) {
                    int x = c % width + DX[d];
                    int y = c / width + DY[d];
                    if (x >= 0 && y >= 0 && x < width && y < height && from[y * width + x] < 0 && !blocked(x, y)
                            && !occupiedByOther(x, y)) {
                        from[y * width + x] = c;
                        queue.add(y * width + x);
                    }
                }
            }
            return null;
        }

        int[] nearestCellBesideWall() {
            int[] me = me();
            int[] best = null;
            int bestDistance = Integer.MAX_VALUE;
            for (int y = 1; y < height - 1; y++) {
                for (int x = 1; x < width - 1; x++) {
                    for (int d = 0; d < 4 && !blocked(x, y); d++) {
                        int distance = Math.abs(x - me[0]) + Math.abs(y - me[1]);
                        if (wall(x + DX[d], y + DY[d]) && distance < bestDistance
                                && route(me[0], me[1], x, y) != null) {
                            best = new int[] {x, y, d};
                            bestDistance = distance;
                        }
                    }
                }
            }
            return best;
        }

        /** A free cell beside (x, y), and the direction from it to (x, y). */
        int[] freeNeighbourOf(int x, int y) {
            for (int d = 0; d < 4; d++) {
                int nx = x - DX[d];
                int ny = y - DY[d];
                if (!blocked(nx, ny) && (!occupiedByOther(nx, ny) || me()[0] == nx && me()[1] == ny)) {
                    return new int[] {nx, ny, d};
                }
            }
            throw new AssertionError("no free cell beside " + x + "," + y);
        }
    }

    /** A text WebSocket with an inbox of parsed JSON objects. */
    private static final class Socket implements WebSocket.Listener {

        private final LinkedBlockingQueue<JsonNode> inbox = new LinkedBlockingQueue<>();
        private final StringBuilder partial = new StringBuilder();
        private WebSocket socket;

        static Socket open(URI uri) throws Exception {
            Socket s = new Socket();
            s.socket = HttpClient.newHttpClient().newWebSocketBuilder().buildAsync(uri, s).get(10, TimeUnit.SECONDS);
            return s;
        }

        void send(String json) {
            socket.sendText(json, true).join();
        }

        JsonNode next(Duration timeout) throws InterruptedException {
            return inbox.poll(Math.max(1, timeout.toMillis()), TimeUnit.MILLISECONDS);
        }

        JsonNode await(String type) throws InterruptedException {
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (System.nanoTime() < deadline) {
                JsonNode message = next(Duration.ofNanos(deadline - System.nanoTime()));
                if (message != null && message.get("type").asString().equals(type)) {
                    return message;
                }
                if (message != null && message.get("type").asString().equals("error")) {
                    throw new AssertionError("error instead of " + type + ": " + message);
                }
            }
            throw new AssertionError("no " + type + " within " + WAIT);
        }

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                inbox.add(JSON.readTree(partial.toString()));
                partial.setLength(0);
            }
            webSocket.request(1);
            return null;
        }
    }
}
