package lor.world;

import java.net.URI;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolHandler;
import io.netty.handler.codec.http.websocketx.WebSocketCloseStatus;
import io.netty.handler.codec.http.websocketx.WebSocketFrameAggregator;
import lor.protocol.Message;
import lor.protocol.MessageCodec;
import lor.protocol.game.GameMessages;
import lor.protocol.game.StateMessage;
import lor.protocol.netty.EventLoops;
import lor.protocol.netty.MessageFrames;

/** A bare game client on {@code /game}: sends what the test says, queues what the world sends with its arrival time. */
final class GameClient implements AutoCloseable {

    /** A message from the world and when it arrived (nanoTime). */
    record Received(Message message, long receivedAtNanos) {
    }

    private final EventLoopGroup group = EventLoops.create("game-client", 1);
    private final MessageCodec codec = GameMessages.clientCodec();
    private final BlockingQueue<Received> inbox = new LinkedBlockingQueue<>();
    /** Binary frames (state in the binary encoding), copied out of their buffers. */
    private final BlockingQueue<byte[]> binaryInbox = new LinkedBlockingQueue<>();
    private final CompletableFuture<Void> handshake = new CompletableFuture<>();
    /** The status code of the world's close frame; -1 when the connection closed without one. */
    private final CompletableFuture<Integer> closeStatus = new CompletableFuture<>();
    /** When the world's close frame arrived, or the connection closed without one (nanoTime). */
    private volatile long closedAtNanos;
    private final AtomicInteger pings = new AtomicInteger();
    private final Channel channel;

    private GameClient(URI url, int receiveBufferBytes) throws InterruptedException {
        WebSocketClientProtocolConfig config = WebSocketClientProtocolConfig.newBuilder()
                .webSocketUri(url)
                // No Origin, like every non-browser client: the game port refuses origins not allowed.
                .generateOriginHeader(false)
                .maxFramePayloadLength(MessageFrames.FRAGMENT_BYTES)
                // Closing the channel closes the socket, no close frame first: a goodbye is said explicitly.
                .sendCloseFrame(null)
                .build();
        Bootstrap bootstrap = new Bootstrap();
        if (receiveBufferBytes > 0) {
            bootstrap.option(ChannelOption.SO_RCVBUF, receiveBufferBytes);
        }
        channel = bootstrap
                .group(group)
                .channel(NioSocketChannel.class)
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline()
                                .addLast(new HttpClientCodec())
                                .addLast(new HttpObjectAggregator(64 * 1024))
                                // Sees the close frame before the protocol handler answers it and closes.
                                .addLast(new ChannelInboundHandlerAdapter() {
                                    @Override
                                    public void channelRead(ChannelHandlerContext ctx, Object msg) {
                                        if (msg instanceof CloseWebSocketFrame close) {
                                            closedAt();
                                            closeStatus.complete(close.statusCode());
                                        } else if (msg instanceof PingWebSocketFrame) {
                                            pings.incrementAndGet();
                                        }
                                        ctx.fireChannelRead(msg);
                                    }
                                })
                                .addLast(new WebSocketClientProtocolHandler(config))
                                .addLast(new WebSocketFrameAggregator(16 * 1024 * 1024))
                                .addLast(new SimpleChannelInboundHandler<TextWebSocketFrame>() {
                                    @Override
                                    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
                                        if (evt == WebSocketClientProtocolHandler.ClientHandshakeStateEvent
                                                .HANDSHAKE_COMPLETE) {
                                            handshake.complete(null);
                                        }
                                        ctx.fireUserEventTriggered(evt);
                                    }

                                    @Override
                                    protected void channelRead0(ChannelHandlerContext ctx, TextWebSocketFrame frame)
                                            throws Exception {
                                        inbox.add(new Received(codec.decode(frame.text()), System.nanoTime()));
                                    }
                                })
                                .addLast(new SimpleChannelInboundHandler<BinaryWebSocketFrame>() {
                                    @Override
                                    protected void channelRead0(ChannelHandlerContext ctx, BinaryWebSocketFrame frame) {
                                        binaryInbox.add(ByteBufUtil.getBytes(frame.content()));
                                    }
                                });
                    }
                })
                .connect(url.getHost(), url.getPort())
                .sync()
                .channel();
        channel.closeFuture().addListener(f -> {
            closedAt();
            closeStatus.complete(-1);
        });
    }

    private void closedAt() {
        if (closedAtNanos == 0) {
            closedAtNanos = System.nanoTime();
        }
    }

    static GameClient connect(int port, Duration timeout) throws Exception {
        return connect(port, timeout, 0);
    }

    /** @param receiveBufferBytes the socket's receive buffer, or 0 for the system's */
    static GameClient connect(int port, Duration timeout, int receiveBufferBytes) throws Exception {
        GameClient client = new GameClient(URI.create("ws://127.0.0.1:" + port + "/game"), receiveBufferBytes);
        try {
            client.handshake.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            client.close();
            throw e;
        }
        return client;
    }

    void send(Message message) {
        MessageFrames.writeText(channel, codec.encode(message));
    }

    /** The next message from the world, whatever it is; fails after {@code timeout}. */
    Received next(Duration timeout) throws InterruptedException {
        Received received = inbox.poll(timeout.toNanos(), TimeUnit.NANOSECONDS);
        if (received == null) {
            throw new AssertionError("nothing from the world within " + timeout.toMillis() + " ms");
        }
        return received;
    }

    /** The next message, which must be of {@code type}. */
    <T extends Message> T next(Class<T> type, Duration timeout) throws InterruptedException {
        Message message = next(timeout).message();
        if (!type.isInstance(message)) {
            throw new AssertionError("expected " + type.getSimpleName() + ", got " + message);
        }
        return type.cast(message);
    }

    /** The next message of {@code type}, passing over the state frames that arrive meanwhile. */
    <T extends Message> T nextAfterStates(Class<T> type, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Message message = next(Duration.ofNanos(Math.max(1, deadline - System.nanoTime()))).message();
            if (type.isInstance(message)) {
                return type.cast(message);
            }
            if (!(message instanceof StateMessage)) {
                throw new AssertionError("expected " + type.getSimpleName() + " or a state, got " + message);
            }
        }
    }

    /** The next binary frame from the world; fails after {@code timeout}. */
    byte[] nextBinary(Duration timeout) throws InterruptedException {
        byte[] frame = binaryInbox.poll(timeout.toNanos(), TimeUnit.NANOSECONDS);
        if (frame == null) {
            throw new AssertionError("no binary frame from the world within " + timeout.toMillis() + " ms");
        }
        return frame;
    }

    /** Completes with the status of the world's close frame once the connection is closed (-1 without one). */
    CompletableFuture<Integer> closeStatus() {
        return closeStatus;
    }

    /** When the connection was closed, or its close frame arrived (nanoTime); 0 while open. */
    long closedAtNanos() {
        return closedAtNanos;
    }

    /** Pings read from the world (Netty's protocol handler answers each with a pong). */
    int pings() {
        return pings.get();
    }

    /** Stops reading the socket: what the world sends piles up, and pings go unanswered. */
    void stopReading() {
        channel.config().setAutoRead(false);
    }

    void resumeReading() {
        channel.config().setAutoRead(true);
    }

    /** Says goodbye with a close frame (1000), as a client that leaves does. */
    void goodbye() {
        channel.writeAndFlush(new CloseWebSocketFrame(WebSocketCloseStatus.NORMAL_CLOSURE, "bye"));
    }

    /** Drops the connection without a close frame, as a lost network would. */
    void drop() {
        channel.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
    }

    @Override
    public void close() {
        channel.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
    }
}
