package lor.world.agones;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * The Agones SDK sidecar's REST gateway, played by the test: it records every request (method, path, body, content
 * type) in the order they came, and answers them all with {@link #answer}'s status (200 at first).
 */
public final class StandInSdk implements AutoCloseable {

    /** One request as the sidecar saw it, and the status it was answered with. */
    public record Call(String method, String path, String body, String contentType, int status) {
    }

    private final HttpServer server;
    private final List<Call> calls = new CopyOnWriteArrayList<>();
    private volatile int status = 200;

    public StandInSdk() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** The arguments that point a world at this stand-in (with {@link #environment()}). */
    public List<String> options(long healthIntervalMs) {
        return List.of("--agones", "--agones-sdk-host", "127.0.0.1",
                "--agones-health-interval-ms", Long.toString(healthIntervalMs));
    }

    /** The process environment Agones would set. */
    public Map<String, String> environment() {
        return Map.of(AgonesConfig.ENV_HTTP_PORT, Integer.toString(port()));
    }

    public AgonesConfig config(long healthIntervalMs) {
        return AgonesConfig.of("127.0.0.1", environment(), healthIntervalMs);
    }

    /** The status every later request is answered with. */
    public void answer(int status) {
        this.status = status;
    }

    public List<Call> calls() {
        return List.copyOf(calls);
    }

    /** The paths called, in order. */
    public List<String> paths() {
        return calls.stream().map(Call::path).toList();
    }

    public long count(String path) {
        return calls.stream().filter(c -> c.path().equals(path)).count();
    }

    @Override
    public void close() {
        server.stop(0);
    }

    private void handle(HttpExchange exchange) throws IOException {
        String body;
        try (InputStream in = exchange.getRequestBody()) {
            body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        int answered = status;
        calls.add(new Call(exchange.getRequestMethod(), exchange.getRequestURI().getPath(), body,
                exchange.getRequestHeaders().getFirst("Content-Type"), answered));
        byte[] answer = "{}".getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(answered, answer.length);
        try (var out = exchange.getResponseBody()) {
            out.write(answer);
        }
    }
}
