package lor.world;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import lor.protocol.Message;
import lor.protocol.MessageCodec;
import lor.protocol.control.ControlMessages;
import lor.protocol.netty.MessageFrames;
import lor.protocol.testing.LoopbackServer;

/**
 * The director's side of {@code /control}, played by the test step by step: every message a world sends lands in
 * a queue with the connection it came on, and the test answers (or drops the connection) as the scenario needs.
 */
final class ScriptedDirector implements AutoCloseable {

    /** A message from the world, with the connection it arrived on, its size in UTF-16 chars and when it came. */
    record Received(Channel connection, Message message, int chars, long receivedAtNanos) {
    }

    /**
     * The receive buffer of each control connection. Fixed rather than autotuned, so that a test that stops
     * reading knows how little the director's side of the socket can hold.
     */
    static final int RECEIVE_BUFFER_BYTES = 64 * 1024;

    private final MessageCodec codec = ControlMessages.directorCodec();
    private final BlockingQueue<Received> inbox = new LinkedBlockingQueue<>();
    private final LoopbackServer server;

    ScriptedDirector() throws InterruptedException {
        server = LoopbackServer.named("scripted-director").receiveBuffer(RECEIVE_BUFFER_BYTES).start(
                LoopbackServer.webSocket("/control", MessageFrames.FRAGMENT_BYTES, 64 * 1024 * 1024, Inbox::new));
    }

    URI controlUrl() {
        return server.webSocketUrl("/control");
    }

    /** The next message of {@code type} from the world, skipping status reports; fails after {@code timeout}. */
    <T extends Message> Received next(Class<T> type, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Received received = inbox.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (received == null) {
                throw new AssertionError("no " + type.getSimpleName() + " within " + timeout.toMillis() + " ms");
            }
            if (type.isInstance(received.message())) {
                return received;
            }
        }
    }

    /** Everything of {@code type} that arrives within {@code window} (the whole window is waited for). */
    <T extends Message> List<Received> collect(Class<T> type, Duration window) throws InterruptedException {
        List<Received> collected = new ArrayList<>();
        long deadline = System.nanoTime() + window.toNanos();
        long left;
        while ((left = deadline - System.nanoTime()) > 0) {
            Received received = inbox.poll(left, TimeUnit.NANOSECONDS);
            if (received != null && type.isInstance(received.message())) {
                collected.add(received);
            }
        }
        return collected;
    }

    /** The director stops reading this connection: what the world sends piles up in the socket and behind it. */
    void stopReading(Channel connection) {
        connection.config().setAutoRead(false);
    }

    void resumeReading(Channel connection) {
        connection.config().setAutoRead(true);
    }

    void send(Channel connection, Message message) {
        MessageFrames.writeText(connection, codec.encode(message));
    }

    @Override
    public void close() {
        server.close();
    }

    /** Queues what the world sends, with the connection it came on. */
    private final class Inbox extends SimpleChannelInboundHandler<TextWebSocketFrame> {

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, TextWebSocketFrame frame) throws Exception {
            String text = frame.text();
            inbox.add(new Received(ctx.channel(), codec.decode(text), text.length(), System.nanoTime()));
        }
    }
}
