package lor.testclient.bots;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.util.concurrent.ScheduledFuture;
import lor.protocol.Json;
import lor.protocol.game.binary.BinaryState;
import lor.protocol.game.binary.Varints;
import lor.protocol.netty.EventLoops;
import lor.protocol.netty.HttpResponses;
import lor.protocol.testing.LoopbackServer;
import tools.jackson.databind.JsonNode;

/**
 * A stand-in for a director and a world, in this JVM, speaking just enough of the protocol for bots: {@code /ws}
 * refuses every {@code resume} with {@code bad_token}, logs every account in and joins it to the one world;
 * {@code /game} welcomes a {@code hello}, sends a map, and every 100 ms a state (JSON or binary, as asked for)
 * acking the highest seq received; it refuses every fifth intent with {@code wall}. Other HTTP paths get 404.
 */
final class FakeLorServer implements AutoCloseable {

    private static final int WIDTH = 64;
    private static final int HEIGHT = 48;

    private final EventLoopGroup group = EventLoops.create("fake-lor", 1);
    private final LoopbackServer director;
    private final LoopbackServer game;
    private final AtomicInteger nextEntity = new AtomicInteger(1);
    private final boolean speaksBinary;
    /** A bot whose game connection the world closes once it has sent this many intents; none when empty. */
    private final Map<String, Integer> closeAfterIntents = new ConcurrentHashMap<>();
    final AtomicInteger movesReceived = new AtomicInteger();
    final AtomicInteger hellos = new AtomicInteger();

    FakeLorServer(boolean speaksBinary) throws InterruptedException {
        this.speaksBinary = speaksBinary;
        this.director = bind("/ws", DirectorSession::new);
        this.game = bind("/game", GameSession::new);
    }

    String directorUrl() {
        return director.webSocketUrl("/ws").toString();
    }

    void closeGameOf(String username, int afterIntents) {
        closeAfterIntents.put(username, afterIntents);
    }

    @Override
    public void close() {
        director.close();
        game.close();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** Frames of up to 64 KiB, each as it comes, as Netty's WebSocket handler takes them by default. */
    private LoopbackServer bind(String path, Supplier<SimpleChannelInboundHandler<Object>> sessions)
            throws InterruptedException {
        return LoopbackServer.named(path).on(group).start(LoopbackServer.webSocket(path, 64 * 1024, 0, sessions));
    }

    private static JsonNode json(WebSocketFrame frame) {
        return Json.MAPPER.readTree(((TextWebSocketFrame) frame).text());
    }

    private static void send(ChannelHandlerContext ctx, String json) {
        ctx.writeAndFlush(new TextWebSocketFrame(json));
    }

    /** The ticket it hands out is the account's name, so that the world knows whom it welcomes. */
    private final class DirectorSession extends SimpleChannelInboundHandler<Object> {

        private String username = "nobody";

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof FullHttpRequest request) {
                HttpResponses.notFound(ctx, request);
                return;
            }
            JsonNode request = json((WebSocketFrame) msg);
            switch (request.path("type").asString()) {
                case "resume" -> send(ctx, "{\"type\":\"error\",\"code\":\"bad_token\",\"message\":\"unknown\"}");
                case "register" ->
                        send(ctx, "{\"type\":\"error\",\"code\":\"username_taken\",\"message\":\"taken\"}");
                case "login" -> {
                    username = request.path("username").asString();
                    send(ctx, "{\"type\":\"logged_in\",\"accountId\":1,\"token\":\"tok-" + username + "\"}");
                }
                case "join_world" -> send(ctx, "{\"type\":\"world_joined\",\"worldId\":\""
                        + request.path("worldId").asString() + "\",\"gameUrl\":\"" + game.webSocketUrl("/game")
                        + "\",\"ticket\":\"" + username + "\"}");
                default -> send(ctx, "{\"type\":\"error\",\"code\":\"unknown_type\",\"message\":\"?\"}");
            }
        }
    }

    private final class GameSession extends SimpleChannelInboundHandler<Object> {

        private String account;
        private int entityId;
        private boolean binary;
        private long lastSeq;
        private long intents;
        private long tick;
        private boolean sentReset;
        private ScheduledFuture<?> broadcast;

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof FullHttpRequest request) {
                HttpResponses.notFound(ctx, request);
                return;
            }
            JsonNode message = json((WebSocketFrame) msg);
            switch (message.path("type").asString()) {
                case "hello" -> hello(ctx, message);
                case "move" -> move(ctx, message.path("seq").asLong());
                default -> send(ctx, "{\"type\":\"error\",\"code\":\"unknown_type\",\"message\":\"?\"}");
            }
        }

        private void hello(ChannelHandlerContext ctx, JsonNode hello) {
            hellos.incrementAndGet();
            account = hello.path("ticket").asString();
            entityId = nextEntity.getAndIncrement();
            binary = speaksBinary && BinaryState.ENCODING.equals(hello.path("encoding").asString(""));
            send(ctx, "{\"type\":\"welcome\",\"entityId\":" + entityId + ",\"tick\":0,\"tickRate\":20,"
                    + "\"broadcastRate\":10,\"grid\":{\"width\":" + WIDTH + ",\"height\":" + HEIGHT
                    + ",\"layers\":1},\"you\":{\"x\":" + x() + ",\"y\":5,\"layer\":0}"
                    + (binary ? ",\"encoding\":\"binary\"" : "") + "}");
            send(ctx, "{\"type\":\"map\",\"width\":" + WIDTH + ",\"height\":" + HEIGHT + ",\"layers\":1,"
                    + "\"spawn\":{\"x\":1,\"y\":1,\"layer\":0},\"encoding\":\"rle-varint\",\"cells\":\"\","
                    + "\"portals\":[]}");
            broadcast = ctx.executor().scheduleAtFixedRate(() -> state(ctx), 100, 100, TimeUnit.MILLISECONDS);
        }

        private int x() {
            return entityId % WIDTH;
        }

        private void move(ChannelHandlerContext ctx, long seq) {
            movesReceived.incrementAndGet();
            intents++;
            Integer closeAfter = closeAfterIntents.get(account);
            if (closeAfter != null && intents >= closeAfter) {
                ctx.close();
                return;
            }
            if (seq % 5 == 0) {
                send(ctx, "{\"type\":\"rejected\",\"seq\":" + seq + ",\"reason\":\"wall\"}");
            }
            lastSeq = seq;
        }

        private void state(ChannelHandlerContext ctx) {
            tick += 2;
            if (!binary) {
                send(ctx, "{\"type\":\"state\",\"tick\":" + tick + ",\"ack\":" + lastSeq + ",\"entities\":[{\"id\":"
                        + entityId + ",\"x\":" + x() + ",\"y\":5,\"layer\":0,\"kind\":\"player\"}]}");
                return;
            }
            ByteBuf frame = ctx.alloc().buffer();
            frame.writeByte(BinaryState.KIND_STATE);
            Varints.write(frame, tick);
            Varints.write(frame, lastSeq);
            if (!sentReset) {
                sentReset = true;
                frame.writeByte(BinaryState.FLAG_RESET);
                Varints.write(frame, 0);
                Varints.write(frame, 1);
                int regionsWide = BinaryState.regionsWide(WIDTH);
                Varints.write(frame, BinaryState.region(x(), 5, 0, regionsWide, BinaryState.regionsHigh(HEIGHT)));
                Varints.write(frame, 1);
                Varints.write(frame, entityId);
                Varints.write(frame, x());
                Varints.write(frame, 5);
                Varints.write(frame, 0);
                frame.writeByte(BinaryState.ENTITY_PLAYER);
            } else {
                frame.writeByte(0);
                Varints.write(frame, 0);
                Varints.write(frame, 0);
            }
            Varints.write(frame, 0);
            ctx.writeAndFlush(new BinaryWebSocketFrame(frame));
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) throws Exception {
            if (broadcast != null) {
                broadcast.cancel(false);
            }
            super.channelInactive(ctx);
        }
    }
}
