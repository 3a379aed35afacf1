package lor.director.kubernetes;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import lor.protocol.Json;
import tools.jackson.databind.JsonNode;

/** A player's WebSocket, the JDK's client: JSON frames in and out, over TLS when the URL is {@code wss://}. */
final class JsonSocket implements WebSocket.Listener, AutoCloseable {

    private final BlockingQueue<JsonNode> received = new LinkedBlockingQueue<>();
    private final StringBuilder partial = new StringBuilder();
    private final CompletableFuture<Void> closed = new CompletableFuture<>();
    private WebSocket socket;

    private JsonSocket() {
    }

    /** @param http trusts what the server's certificate must be signed by, for {@code wss://} */
    static JsonSocket open(HttpClient http, URI url) throws Exception {
        JsonSocket listener = new JsonSocket();
        listener.socket = http.newWebSocketBuilder().connectTimeout(Duration.ofSeconds(10)).buildAsync(url, listener)
                .get(20, TimeUnit.SECONDS);
        return listener;
    }

    void send(String json) {
        socket.sendText(json, true).join();
    }

    /**
     * The next frame of {@code type}, skipping others.
     *
     * @throws AssertionError when none comes within {@code within}, or an error comes instead
     */
    JsonNode next(String type, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (true) {
            JsonNode frame = received.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (frame == null) {
                throw new AssertionError("no " + type + " within " + within + (closed.isDone() ? " (closed)" : ""));
            }
            String got = frame.path("type").asString();
            if (got.equals(type)) {
                return frame;
            }
            if (got.equals("error")) {
                throw new AssertionError("waiting for " + type + ": " + frame);
            }
        }
    }

    boolean isClosed() {
        return closed.isDone();
    }

    @Override
    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
        partial.append(data);
        if (last) {
            received.add(Json.MAPPER.readTree(partial.toString()));
            partial.setLength(0);
        }
        webSocket.request(1);
        return null;
    }

    @Override
    public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
        closed.complete(null);
        return null;
    }

    @Override
    public void onError(WebSocket webSocket, Throwable error) {
        closed.complete(null);
    }

    @Override
    public void close() {
        socket.abort();
    }
}
