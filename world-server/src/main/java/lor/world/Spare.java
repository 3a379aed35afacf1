package lor.world;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import lor.protocol.ErrorMessage;
import lor.protocol.Message;
import lor.protocol.MessageCodec;
import lor.protocol.ProtocolException;
import lor.protocol.control.ControlMessages;
import lor.protocol.control.SpareRegisterMessage;
import lor.protocol.control.WorldAssignMessage;
import lor.sim.grid.BenchMap;
import lor.sim.world.World;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A warm spare: a world-server JVM started before any world needs it. It registers with the director as a spare,
 * loads and exercises the classes a world start needs while it waits, and when the director assigns it a world it
 * becomes that world (then it registers and is hydrated like any freshly spawned world). What a join then waits for
 * is a hydration, not a JVM start.
 */
final class Spare {

    private static final Logger LOG = LoggerFactory.getLogger(Spare.class);

    private final URI controlUrl;
    private final String spawnToken;
    private final MessageCodec codec = ControlMessages.worldCodec();
    private final CompletableFuture<WorldAssignMessage> assignment = new CompletableFuture<>();
    private WebSocket socket;

    private Spare(URI controlUrl, String spawnToken) {
        this.controlUrl = controlUrl;
        this.spawnToken = spawnToken;
    }

    /**
     * Registers as a spare, warms up, and waits for the director's assignment.
     *
     * @return the world to become, or a failed future if the director refused or hung up
     */
    static Spare register(URI controlUrl, String spawnToken) throws Exception {
        Spare spare = new Spare(controlUrl, spawnToken);
        spare.socket = HttpClient.newHttpClient().newWebSocketBuilder().buildAsync(controlUrl, spare.new Listener())
                .get();
        spare.socket.sendText(spare.codec.encode(new SpareRegisterMessage(spawnToken, ProcessHandle.current().pid())),
                true).join();
        LOG.info("warm spare registered with the director at {}", controlUrl);
        return spare;
    }

    CompletableFuture<WorldAssignMessage> assignment() {
        return assignment;
    }

    /** The arguments and environment a world started from this assignment parses, as a spawned one would. */
    static WorldConfig configFor(WorldAssignMessage assign, List<String> spareArgs, String spawnToken) {
        List<String> args = new ArrayList<>(spareArgs);
        args.addAll(List.of("--world-id", assign.worldId(),
                "--snapshot-interval-ms", Long.toString(assign.snapshotIntervalMs()),
                "--npcs", Integer.toString(assign.npcs()),
                "--view-radius", Integer.toString(assign.viewRadius()),
                "--spawn", assign.spawn()));
        if (assign.map() != null) {
            args.addAll(List.of("--map", assign.map()));
        }
        return WorldConfig.parse(args.toArray(String[]::new), Map.of(WorldConfig.ENV_SPAWN_TOKEN, spawnToken,
                WorldConfig.ENV_TICKET_SECRET, assign.ticketSecret()));
    }

    /** Loads and runs once what starting a world runs, so that the assigned world starts on warm classes. */
    static void warmUp() {
        long start = System.nanoTime();
        World world = World.create(BenchMap.grid(), 1);
        world.addNpcs(64);
        for (int i = 0; i < 50; i++) {
            world.step();
            world.markPositions();
        }
        world.snapshot();
        for (String name : List.of("start", "cellar", "meadow")) {
            try {
                Maps.load(WorldConfig.parse(new String[] {"--world-id", "warmup", "--control-url", "ws://127.0.0.1:1/",
                    "--map", name}, Map.of(WorldConfig.ENV_SPAWN_TOKEN, "t", WorldConfig.ENV_TICKET_SECRET, "s")));
            } catch (RuntimeException e) {
                LOG.debug("warm-up could not load map {}: {}", name, e.toString());
            }
        }
        LOG.info("warm-up done in {} ms", (System.nanoTime() - start) / 1_000_000);
    }

    /** The assigned world runs on its own control connection; this one has done its job. */
    void close() {
        socket.sendClose(WebSocket.NORMAL_CLOSURE, "assigned");
    }

    private final class Listener implements WebSocket.Listener {

        private final StringBuilder partial = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                handle(partial.toString());
                partial.setLength(0);
            }
            webSocket.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
            assignment.completeExceptionally(new IllegalStateException("the director closed the spare connection ("
                    + statusCode + " " + reason + ")"));
            return null;
        }

        @Override
        public void onError(WebSocket webSocket, Throwable error) {
            assignment.completeExceptionally(error);
        }

        private void handle(String text) {
            Message message;
            try {
                message = codec.decode(text);
            } catch (ProtocolException e) {
                LOG.error("unreadable message from the director: {}", e.getMessage());
                return;
            }
            if (message instanceof WorldAssignMessage assign) {
                assignment.complete(assign);
            } else if (message instanceof ErrorMessage error) {
                assignment.completeExceptionally(new IllegalStateException("refused: " + error.message()));
            }
        }
    }
}
