package lor.testclient.net;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Function;

import lor.protocol.ErrorMessage;
import lor.protocol.Message;
import lor.protocol.MessageCodec;
import lor.protocol.ProtocolException;

/**
 * A blocking, test-friendly JSON WebSocket client on the JDK's HTTP client: frames arrive in an inbox, and every
 * wait has a deadline. One instance per connection; not for load generation.
 */
public final class WsClient implements AutoCloseable {

    /** Status reported when the connection ended without a close frame. */
    public static final int ABNORMAL_CLOSE = 1006;
    /** How long {@link #close()} waits for each step of the closing handshake. */
    private static final long CLOSE_WAIT_MS = 1_000;

    /** A tap that looks at nothing: see {@link #connect(HttpClient, URI, MessageCodec, Duration, Consumer)}. */
    public static final Consumer<String> NO_TAP = text -> { };

    private final MessageCodec codec;
    private final Consumer<String> tap;
    /** Text frames as strings; binary frames already turned into messages by {@link #binaryDecoder}. */
    private final BlockingQueue<Object> inbox = new LinkedBlockingQueue<>();
    private volatile Function<ByteBuffer, Message> binaryDecoder;
    private final CompletableFuture<Integer> closed = new CompletableFuture<>();
    /** When the server's close frame (or the connection's end) arrived, nanoTime; 0 while open. */
    private volatile long closedAtNanos;
    private WebSocket socket;

    private WsClient(MessageCodec codec, Consumer<String> tap) {
        this.codec = codec;
        this.tap = tap;
    }

    public static WsClient connect(HttpClient http, URI uri, MessageCodec codec, Duration timeout) throws Exception {
        return connect(http, uri, codec, timeout, NO_TAP);
    }

    /** @param tap sees every text frame of the connection, both ways */
    public static WsClient connect(HttpClient http, URI uri, MessageCodec codec, Duration timeout,
                                   Consumer<String> tap) throws Exception {
        WsClient client = new WsClient(codec, tap);
        client.socket = http.newWebSocketBuilder()
                .connectTimeout(timeout)
                .buildAsync(uri, client.new Listener())
                .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        return client;
    }

    public void send(Message message) {
        sendText(codec.encode(message));
    }

    public void sendText(String text) {
        tap.accept(text);
        socket.sendText(text, true).join();
    }

    /** Sends unless the connection is closing or closed. @return false when the server has closed it */
    public boolean trySend(Message message) {
        try {
            String text = codec.encode(message);
            tap.accept(text);
            socket.sendText(text, true).join();
            return true;
        } catch (CompletionException e) {
            return false;
        }
    }

    /** Sends {@code text} split into two WebSocket fragments. */
    public void sendFragmented(String first, String rest) {
        tap.accept(first + rest);
        socket.sendText(first, false).join();
        socket.sendText(rest, true).join();
    }

    /**
     * Turns binary frames into messages from now on (they are refused before). Frames already received are decoded
     * when read.
     */
    public void decodeBinaryWith(Function<ByteBuffer, Message> decoder) {
        this.binaryDecoder = decoder;
    }

    /** The next message, decoded. */
    public Message next(Duration timeout) throws Exception {
        Object item = inbox.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (item == null) {
            throw new AssertionError("no message within " + timeout.toMillis() + " ms"
                    + (closed.isDone() ? " (connection closed with " + closed.getNow(null) + ")" : ""));
        }
        return decode(item);
    }

    private Message decode(Object item) {
        if (item instanceof ByteBuffer binary) {
            Function<ByteBuffer, Message> decoder = binaryDecoder;
            if (decoder == null) {
                throw new AssertionError("a binary frame arrived, and binary frames were not asked for");
            }
            return decoder.apply(binary);
        }
        String text = (String) item;
        try {
            return codec.decode(text);
        } catch (ProtocolException e) {
            throw new AssertionError("unreadable message from server: " + e.getMessage() + ": " + text);
        }
    }

    /** The next message within {@code timeout}, or null if none arrived. */
    public Message poll(Duration timeout) throws Exception {
        Object item = inbox.poll(timeout.toNanos(), TimeUnit.NANOSECONDS);
        return item == null ? null : decode(item);
    }

    /** The next message, which must be of {@code type}; an error message fails with its code. */
    public <T extends Message> T expect(Class<T> type, Duration timeout) throws Exception {
        Message message = next(timeout);
        if (type.isInstance(message)) {
            return type.cast(message);
        }
        if (message instanceof ErrorMessage error) {
            throw new AssertionError("expected " + type.getSimpleName() + ", got error " + error.code() + ": "
                    + error.message());
        }
        throw new AssertionError("expected " + type.getSimpleName() + ", got " + message.type());
    }

    /** The next message, which must be an error with {@code code}. */
    public ErrorMessage expectError(String code, Duration timeout) throws Exception {
        Message message = next(timeout);
        if (message instanceof ErrorMessage error) {
            if (!error.code().equals(code)) {
                throw new AssertionError("expected error " + code + ", got " + error.code() + ": " + error.message());
            }
            return error;
        }
        throw new AssertionError("expected error " + code + ", got " + message.type());
    }

    /** Skips other messages until an error arrives, which must have {@code code}. */
    public ErrorMessage awaitError(String code, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("no error " + code + " within " + timeout.toMillis() + " ms");
            }
            if (next(Duration.ofNanos(left)) instanceof ErrorMessage error) {
                if (!error.code().equals(code)) {
                    throw new AssertionError("expected error " + code + ", got " + error.code() + ": "
                            + error.message());
                }
                return error;
            }
        }
    }

    /** The status the connection closed with, waiting for it up to {@code timeout}. */
    public int awaitClose(Duration timeout) throws InterruptedException {
        try {
            return closed.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            return ABNORMAL_CLOSE;
        } catch (TimeoutException e) {
            throw new AssertionError("connection still open after " + timeout.toMillis() + " ms");
        }
    }

    public boolean isClosed() {
        return closed.isDone();
    }

    /** When the connection closed (its close frame arrived, or it failed), by {@link System#nanoTime()}; 0 if open. */
    public long closedAtNanos() {
        return closedAtNanos;
    }

    /**
     * Says goodbye: a close frame (1000), then waits briefly for the server's answer. A world takes the player out
     * at once; use {@link #drop()} for a connection that is lost instead.
     */
    @Override
    public void close() {
        if (socket == null || closed.isDone()) {
            return;
        }
        try {
            socket.sendClose(WebSocket.NORMAL_CLOSURE, "bye").get(CLOSE_WAIT_MS, TimeUnit.MILLISECONDS);
            closed.get(CLOSE_WAIT_MS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // The server did not answer: the connection is aborted below.
        } finally {
            socket.abort();
        }
    }

    /**
     * Drops the connection without a close frame, as a lost network would: a world holds the player for its
     * reconnect window.
     */
    public void drop() {
        if (socket != null) {
            socket.abort();
        }
    }

    private final class Listener implements WebSocket.Listener {

        private final StringBuilder partial = new StringBuilder();
        private final ByteArrayOutputStream partialBinary = new ByteArrayOutputStream();

        @Override
        public CompletionStage<?> onBinary(WebSocket webSocket, ByteBuffer data, boolean last) {
            byte[] bytes = new byte[data.remaining()];
            data.get(bytes);
            partialBinary.writeBytes(bytes);
            if (last) {
                inbox.add(ByteBuffer.wrap(partialBinary.toByteArray()));
                partialBinary.reset();
            }
            webSocket.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                String text = partial.toString();
                tap.accept(text);
                inbox.add(text);
                partial.setLength(0);
            }
            webSocket.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
            if (closedAtNanos == 0) {
                closedAtNanos = System.nanoTime();
            }
            closed.complete(statusCode);
            return null;
        }

        @Override
        public void onError(WebSocket webSocket, Throwable error) {
            if (closedAtNanos == 0) {
                closedAtNanos = System.nanoTime();
            }
            closed.complete(ABNORMAL_CLOSE);
        }
    }
}
