package lor.testclient.bots;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoop;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolHandler.ClientHandshakeStateEvent;
import io.netty.handler.codec.http.websocketx.WebSocketCloseStatus;
import io.netty.util.ReferenceCountUtil;
import lor.protocol.ErrorCode;
import lor.protocol.ErrorMessage;
import lor.protocol.Json;
import lor.protocol.Message;
import lor.protocol.MessageCodec;
import lor.protocol.ProtocolException;
import lor.protocol.director.DirectorMessages;
import lor.protocol.director.JoinWorldMessage;
import lor.protocol.director.LoggedInMessage;
import lor.protocol.director.LoginMessage;
import lor.protocol.director.RegisterMessage;
import lor.protocol.director.RegisteredMessage;
import lor.protocol.director.ResumeMessage;
import lor.protocol.director.WorldJoinedMessage;
import lor.protocol.game.GameMessages;
import lor.protocol.game.StateMessage;
import lor.protocol.game.binary.BinaryState;
import lor.protocol.game.binary.StateTracker;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One bot: account {@code bot-<n>}, its director connection while it joins, then its game connection and random
 * walk. A small state machine, wholly confined to one event loop (its connections are registered on that loop and
 * its timers run there), so its fields need no synchronisation; the run's main thread reads them only after the
 * event-loop group has terminated.
 *
 * <p>Joining: {@code resume} with a cached token, else {@code register} then {@code login} ({@code login} alone when
 * the name is taken: a first login of a missing account would be a failed login, and a fleet of those from one
 * address earns the director's login back-off);
 * then {@code join_world}, close the director connection, connect to the {@code gameUrl}, {@code hello},
 * {@code welcome} (the bot has joined), {@code map}, then an intent every {@code 1/rate} s at a per-bot phase. A
 * {@code transfer} (the walk stepped onto a portal) takes the bot back into the run's world through the director.
 *
 * <p>Bots start walking together, once the join phase is over. On a first run the director's password hashing can
 * hold every core for minutes; a world starved meanwhile reads each connection's intents in bursts and refuses
 * them as rate-limited (closing a connection after 100 refusals in 5 s), which is not the steady state the run
 * measures.
 */
final class Bot implements ByteCounter.Counts {

    /** The password of every bot account. */
    static final String PASSWORD = "lor-bot-password";

    private static final MessageCodec DIRECTOR_CODEC = DirectorMessages.clientCodec();
    private static final MessageCodec GAME_CODEC = GameMessages.clientCodec();
    private static final int MAX_RATE_LIMITED_RETRIES = 50;

    enum Phase { WAITING, DIRECTOR, CONNECTING_GAME, AWAITING_WELCOME, AWAITING_MAP, PLAYING, FINISHED, FAILED }

    /** How the bot got its session. */
    enum Auth { RESUMED, LOGGED_IN, REGISTERED }

    private enum Step { RESUME, LOGIN, REGISTER, JOIN }

    final int index;
    final String username;
    final boolean sample;
    private final Fleet fleet;
    private final EventLoop loop;
    private final WalkRandom random;
    /** Nanoseconds between two intents. */
    private final long period;
    final PendingIntents intents;

    Phase phase = Phase.WAITING;
    Auth auth;
    /** The first join succeeded ({@code welcome} received). */
    boolean joined;
    String failure;
    boolean dropped;
    String dropReason;

    private boolean rejoining;
    private boolean registered;
    private boolean joinReported;
    private boolean closeCounted;
    private Step step;
    private int rateLimitedRetries;
    private Channel director;
    private Channel game;
    private ScheduledFuture<?> walk;
    private WalkSlots slots;
    /** The window is over: no more intents. */
    private boolean walkOver;
    private ScheduledFuture<?> joinTimeout;
    private String gameUrl;
    private String ticket;
    private String lastGameError;
    private Throwable lastCause;

    private long joinSentNanos;
    private boolean firstStateSeen;
    int entityId;
    private StateTracker tracker;

    long bytesIn;
    long bytesOut;
    long framesIn;
    long framesOut;
    long stateFrames;
    long malformedStates;
    long rejectedByTick;
    long rejectedRateLimited;
    long transfers;
    long missedSlots;
    long sampleFrames;
    long sampleErrors;
    long selfMissing;
    String firstSampleError;
    final Map<String, Integer> errors = new TreeMap<>();
    /** bytesIn, framesIn, bytesOut, framesOut, stateFrames at the window's start and end; null when not marked. */
    long[] windowStart;
    long[] windowEnd;

    Bot(int index, Fleet fleet, EventLoop loop, boolean sample) {
        this.index = index;
        this.username = "bot-" + index;
        this.fleet = fleet;
        this.loop = loop;
        this.sample = sample;
        this.random = new WalkRandom(fleet.options.seed(), index);
        this.intents = new PendingIntents(nanos -> FleetStats.recordNanos(fleet.stats.latency, nanos));
        this.period = Math.max(1, Math.round(1e9 / fleet.options.rate()));
    }

    EventLoop loop() {
        return loop;
    }

    /** Starts joining; from any thread. */
    void start() {
        loop.execute(() -> {
            long timeout = (long) (fleet.options.joinTimeoutSeconds() * 1e9);
            joinTimeout = loop.schedule(() -> fail("no welcome within " + fleet.options.joinTimeoutSeconds() + " s"),
                    timeout, TimeUnit.NANOSECONDS);
            connectDirector();
        });
    }

    // ---------------------------------------------------------------- director

    private void connectDirector() {
        phase = Phase.DIRECTOR;
        URI url = fleet.options.director();
        ChannelFuture connect = fleet.bootstrap.clone(loop)
                .handler(BotInitializers.director(url, new DirectorHandler()))
                .connect(url.getHost(), url.getPort());
        director = connect.channel();
        connect.addListener(f -> {
            if (!f.isSuccess() && phase == Phase.DIRECTOR) {
                fail("cannot reach the director: " + f.cause());
            }
        });
    }

    private void authenticate() {
        String token = fleet.tokens.get(username);
        if (token != null) {
            request(Step.RESUME);
        } else {
            request(Step.REGISTER);
        }
    }

    private void request(Step next) {
        step = next;
        Message message = switch (next) {
            case RESUME -> new ResumeMessage(fleet.tokens.get(username), null);
            case LOGIN -> new LoginMessage(username, PASSWORD, null);
            case REGISTER -> new RegisterMessage(username, PASSWORD, null);
            case JOIN -> new JoinWorldMessage(fleet.options.world(), null);
        };
        if (next == Step.JOIN && joinSentNanos == 0) {
            // Join time runs from the first join_world: a retry after rate_limited is part of it.
            joinSentNanos = System.nanoTime();
        }
        if (director != null && director.isActive()) {
            director.writeAndFlush(new TextWebSocketFrame(DIRECTOR_CODEC.encode(message)));
        }
    }

    private void onDirectorMessage(Message message) {
        if (message instanceof LoggedInMessage loggedIn) {
            fleet.tokens.put(username, loggedIn.token());
            if (auth == null) {
                auth = step == Step.RESUME ? Auth.RESUMED : registered ? Auth.REGISTERED : Auth.LOGGED_IN;
            }
            request(Step.JOIN);
        } else if (message instanceof RegisteredMessage) {
            registered = true;
            request(Step.LOGIN);
        } else if (message instanceof WorldJoinedMessage worldJoined) {
            gameUrl = worldJoined.gameUrl();
            ticket = worldJoined.ticket();
            phase = Phase.CONNECTING_GAME;
            director.close();
            director = null;
            connectGame();
        } else if (message instanceof ErrorMessage error) {
            onDirectorError(error);
        } else {
            fail("unexpected " + message.type() + " from the director");
        }
    }

    private void onDirectorError(ErrorMessage error) {
        String code = error.code();
        if (code.equals(ErrorCode.RATE_LIMITED.wireName()) && rateLimitedRetries++ < MAX_RATE_LIMITED_RETRIES) {
            Step again = step;
            long delayMs = Math.min(2_000, 100L << Math.min(rateLimitedRetries, 5))
                    + ThreadLocalRandom.current().nextInt(100);
            loop.schedule(() -> {
                if (phase == Phase.DIRECTOR) {
                    request(again);
                }
            }, delayMs, TimeUnit.MILLISECONDS);
        } else if (step == Step.RESUME && code.equals(ErrorCode.BAD_TOKEN.wireName())) {
            fleet.tokens.remove(username);
            request(Step.REGISTER);
        } else if (step == Step.REGISTER && code.equals(ErrorCode.USERNAME_TAKEN.wireName())) {
            request(Step.LOGIN);
        } else {
            fail("director answered " + step.name().toLowerCase() + " with " + code + ": " + error.message());
        }
    }

    private final class DirectorHandler extends SimpleChannelInboundHandler<TextWebSocketFrame> {

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
            if (evt == ClientHandshakeStateEvent.HANDSHAKE_COMPLETE && ctx.channel() == director) {
                authenticate();
            } else if (evt == ClientHandshakeStateEvent.HANDSHAKE_TIMEOUT && ctx.channel() == director) {
                fail("the director did not complete the WebSocket handshake within "
                        + BotInitializers.HANDSHAKE_TIMEOUT_MS + " ms");
            }
            ctx.fireUserEventTriggered(evt);
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, TextWebSocketFrame frame) {
            if (ctx.channel() != director) {
                return;
            }
            Message message;
            try {
                message = DIRECTOR_CODEC.decode(frame.text());
            } catch (ProtocolException e) {
                fail("unreadable message from the director: " + e.getMessage());
                return;
            }
            onDirectorMessage(message);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            if (ctx.channel() == director && phase == Phase.DIRECTOR) {
                fail("the director closed the connection"
                        + (lastCause != null ? " (" + lastCause + ")" : ""));
            }
            ctx.fireChannelInactive();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            lastCause = cause;
            ctx.close();
        }
    }

    // ---------------------------------------------------------------- game

    private void connectGame() {
        URI url;
        try {
            url = URI.create(gameUrl);
        } catch (IllegalArgumentException e) {
            fail("bad gameUrl " + gameUrl);
            return;
        }
        if (url.getHost() == null || url.getPort() <= 0) {
            fail("bad gameUrl " + gameUrl);
            return;
        }
        lastGameError = null;
        lastCause = null;
        ChannelFuture connect = fleet.bootstrap.clone(loop)
                .handler(BotInitializers.game(url, new ByteCounter(this), new GameHandler()))
                .connect(url.getHost(), url.getPort());
        game = connect.channel();
        connect.addListener(f -> {
            if (!f.isSuccess() && phase == Phase.CONNECTING_GAME) {
                fail("cannot reach the world at " + gameUrl + ": " + f.cause());
            }
        });
    }

    private void sayHello(Channel channel) {
        ObjectNode hello = Json.MAPPER.createObjectNode();
        hello.put("type", "hello");
        hello.put("ticket", ticket);
        hello.put("encoding", fleet.options.encoding());
        ticket = null;
        phase = Phase.AWAITING_WELCOME;
        channel.writeAndFlush(new TextWebSocketFrame(Json.MAPPER.writeValueAsString(hello)));
    }

    private void onText(ByteBuf content, long now) {
        if (phase == Phase.AWAITING_WELCOME) {
            JsonNode tree = parse(content);
            if (tree == null) {
                fail("unreadable first message from the world");
            } else if ("welcome".equals(tree.path("type").asString(""))) {
                onWelcome(tree, now);
            } else if ("error".equals(tree.path("type").asString(""))) {
                countError(tree);
                fail("world refused hello: " + tree.path("code").asString("?"));
            } else {
                fail("expected welcome, got " + tree.path("type").asString("?"));
            }
            return;
        }
        switch (StateFrames.jsonKind(content)) {
            case STATE -> {
                long ack = StateFrames.jsonAck(content);
                if (ack < 0) {
                    malformedStates++;
                    return;
                }
                onState(ack, now);
                if (sample) {
                    checkJsonState(content, ack);
                }
            }
            case REJECTED -> {
                long seq = StateFrames.jsonSeq(content);
                boolean rateLimited = StateFrames.jsonRateLimited(content);
                if (rateLimited) {
                    rejectedRateLimited++;
                } else {
                    rejectedByTick++;
                }
                intents.reject(seq, rateLimited, now);
            }
            case OTHER -> onOtherText(content);
        }
    }

    private void onOtherText(ByteBuf content) {
        JsonNode tree = parse(content);
        String type = tree == null ? "" : tree.path("type").asString("");
        switch (type) {
            case "map" -> {
                if (phase == Phase.AWAITING_MAP) {
                    phase = Phase.PLAYING;
                    startWalking();
                }
            }
            case "error" -> countError(tree);
            case "transfer" -> onTransfer();
            default -> errors.merge(tree == null ? "unreadable_frame" : "unexpected_" + type, 1, Integer::sum);
        }
    }

    private void onWelcome(JsonNode welcome, long now) {
        String encoding = welcome.path("encoding").asString(BotsOptions.JSON);
        if (!encoding.equals(fleet.options.encoding())) {
            fail("the world answered hello with encoding " + encoding + ", not " + fleet.options.encoding());
            return;
        }
        entityId = welcome.path("entityId").asInt();
        if (sample && fleet.options.encoding().equals(BotsOptions.BINARY)) {
            tracker = new StateTracker(welcome.path("grid").path("width").asInt(),
                    welcome.path("grid").path("height").asInt(), welcome.path("modules"));
        }
        phase = Phase.AWAITING_MAP;
        firstStateSeen = false;
        if (!rejoining) {
            FleetStats.recordNanos(fleet.stats.joinToWelcome, now - joinSentNanos);
            joined = true;
        }
        rejoining = false;
        cancelJoinTimeout();
        reportJoin(true);
    }

    private void onBinary(ByteBuf content, long now) {
        if (phase != Phase.AWAITING_MAP && phase != Phase.PLAYING) {
            errors.merge("unexpected_binary", 1, Integer::sum);
            return;
        }
        int kind = content.isReadable() ? content.getUnsignedByte(content.readerIndex()) : -1;
        if (kind == BinaryState.KIND_MODULES || kind == BinaryState.KIND_WORLD) {
            // Not a state: a modules frame precedes its broadcast's state frame (the sample's tracker needs it), a
            // world frame (objects, stocks) is not tracked here.
            if (kind == BinaryState.KIND_MODULES && sample && tracker != null) {
                applyModulesFrame(content);
            }
            return;
        }
        long ack = StateFrames.binaryAck(content);
        if (ack < 0) {
            malformedStates++;
            return;
        }
        onState(ack, now);
        if (sample && tracker != null) {
            checkBinaryState(content, ack);
        }
    }

    private void applyModulesFrame(ByteBuf content) {
        try {
            tracker.apply(content.duplicate());
        } catch (RuntimeException e) {
            sampleError("binary modules frame does not apply: " + e);
            tracker = null;
        }
    }

    private void onState(long ack, long now) {
        stateFrames++;
        if (!firstStateSeen) {
            firstStateSeen = true;
            if (joined && transfers == 0 && joinSentNanos != 0) {
                FleetStats.recordNanos(fleet.stats.joinToFirstState, now - joinSentNanos);
            }
        }
        intents.ack(ack, now);
    }

    private void onTransfer() {
        // The walk stepped onto a portal: the server closes this connection. Back into the run's world, through the
        // director, with the cached session; what is pending on this connection is not counted.
        transfers++;
        stopWalking();
        intents.restart();
        rejoining = true;
        Channel old = game;
        game = null;
        if (old != null) {
            old.close();
        }
        long timeout = (long) (fleet.options.joinTimeoutSeconds() * 1e9);
        joinTimeout = loop.schedule(() -> fail("no welcome within " + fleet.options.joinTimeoutSeconds()
                + " s after a portal transfer"), timeout, TimeUnit.NANOSECONDS);
        connectDirector();
    }

    private void checkJsonState(ByteBuf content, long ack) {
        sampleFrames++;
        try {
            Message message = GAME_CODEC.decode(content.toString(StandardCharsets.UTF_8));
            if (!(message instanceof StateMessage state)) {
                sampleError("a frame read as state decodes as " + message.type());
                return;
            }
            if (state.ack() != ack) {
                sampleError("cheap ack " + ack + " but the full decode says " + state.ack());
            }
            checkSelf(state);
        } catch (ProtocolException e) {
            sampleError("state does not decode: " + e.getMessage());
        }
    }

    private void checkBinaryState(ByteBuf content, long ack) {
        sampleFrames++;
        try {
            tracker.apply(content.duplicate());
            if (tracker.ack() != ack) {
                sampleError("cheap ack " + ack + " but the tracker says " + tracker.ack());
            }
            checkSelf(tracker.state());
        } catch (RuntimeException e) {
            // The tracker cannot be trusted after a frame it could not apply; stop checking this bot.
            sampleError("binary state does not apply: " + e);
            tracker = null;
        }
    }

    private void checkSelf(StateMessage state) {
        for (StateMessage.EntityState e : state.entities()) {
            if (e.id() == entityId) {
                return;
            }
        }
        selfMissing++;
    }

    private void sampleError(String error) {
        sampleErrors++;
        if (firstSampleError == null) {
            firstSampleError = username + ": " + error;
        }
    }

    private void countError(JsonNode error) {
        String code = error.path("code").asString("?");
        errors.merge(code, 1, Integer::sum);
        lastGameError = code;
    }

    private static JsonNode parse(ByteBuf content) {
        try {
            JsonNode tree = Json.MAPPER.readTree(content.toString(StandardCharsets.UTF_8));
            return tree != null && tree.isObject() ? tree : null;
        } catch (JacksonException e) {
            return null;
        }
    }

    private final class GameHandler extends ChannelInboundHandlerAdapter {

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
            if (evt == ClientHandshakeStateEvent.HANDSHAKE_COMPLETE && ctx.channel() == game) {
                sayHello(ctx.channel());
            } else if (evt == ClientHandshakeStateEvent.HANDSHAKE_TIMEOUT && ctx.channel() == game) {
                fail("the world did not complete the WebSocket handshake within "
                        + BotInitializers.HANDSHAKE_TIMEOUT_MS + " ms");
            }
            ctx.fireUserEventTriggered(evt);
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            try {
                if (ctx.channel() != game) {
                    return;
                }
                long now = System.nanoTime();
                if (msg instanceof TextWebSocketFrame text) {
                    framesIn++;
                    onText(text.content(), now);
                } else if (msg instanceof BinaryWebSocketFrame binary) {
                    framesIn++;
                    onBinary(binary.content(), now);
                }
            } finally {
                ReferenceCountUtil.release(msg);
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            if (ctx.channel() == game) {
                switch (phase) {
                    case CONNECTING_GAME, AWAITING_WELCOME, AWAITING_MAP, PLAYING -> fail(
                            "the world closed the connection" + (lastGameError != null ? " after error "
                                    + lastGameError : lastCause != null ? " (" + lastCause + ")" : ""));
                    default -> {
                    }
                }
            }
            ctx.fireChannelInactive();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            lastCause = cause;
            ctx.close();
        }
    }

    // ---------------------------------------------------------------- walking

    /**
     * Starts the walk if the fleet walks, this bot plays and it does not walk yet, at the fleet's {@link WalkSlots}
     * with this bot's phase. From any state; on the bot's loop.
     */
    void startWalking() {
        if (walk != null || walkOver || phase != Phase.PLAYING || !fleet.walking()) {
            return;
        }
        slots = new WalkSlots(fleet.walkOrigin(), random.phaseNanos(period), period);
        scheduleStep(slots.firstAtOrAfter(System.nanoTime()));
    }

    private void scheduleStep(long k) {
        walk = loop.schedule(() -> step(k), Math.max(0, slots.at(k) - System.nanoTime()), TimeUnit.NANOSECONDS);
    }

    private void stopWalking() {
        if (walk != null) {
            walk.cancel(false);
            walk = null;
        }
    }

    /**
     * One intent, for slot {@code k}. A late loop does not catch up with a burst (a player's client would not, and a
     * burst is what the world's rate limiter refuses): the slots it slept through are counted as missed and skipped,
     * and how late the timer fired goes to the send-lag histogram.
     */
    private void step(long k) {
        walk = null;
        Channel channel = game;
        if (walkOver || phase != Phase.PLAYING || channel == null || !channel.isActive()) {
            return;
        }
        long now = System.nanoTime();
        long late = Math.max(0, now - slots.at(k));
        long missed = slots.missed(k, now);
        boolean measure = fleet.window.contains(now);
        if (measure) {
            missedSlots += missed;
            FleetStats.recordNanos(fleet.stats.sendLag, late);
        }
        long seq = intents.send(now, measure);
        String move = "{\"type\":\"move\",\"dir\":\"" + random.nextDirection() + "\",\"seq\":" + seq + "}";
        framesOut++;
        channel.writeAndFlush(new TextWebSocketFrame(ByteBufUtil.writeAscii(channel.alloc(), move)),
                channel.voidPromise());
        scheduleStep(k + missed + 1);
    }

    // ---------------------------------------------------------------- the run's end and failures

    @Override
    public void bytesRead(int bytes) {
        bytesIn += bytes;
    }

    @Override
    public void bytesWritten(int bytes) {
        bytesOut += bytes;
    }

    /** On the bot's loop, at the window's start: a bot that joined and has not dropped is a client of the window. */
    void markWindowStart() {
        if (joined && phase != Phase.FAILED) {
            windowStart = counters();
        }
    }

    /** On the bot's loop, at the window's end: the counts stop and so does the walk. */
    void markWindowEnd() {
        if (windowStart != null) {
            windowEnd = counters();
        }
        walkOver = true;
        stopWalking();
    }

    /** On the bot's loop, once answers have had their grace period: count what is still unanswered and close. */
    void finish() {
        walkOver = true;
        intents.abandonAsUnanswered();
        Phase was = phase;
        if (was != Phase.FAILED) {
            phase = Phase.FINISHED;
        }
        cancelJoinTimeout();
        stopWalking();
        if (!joinReported) {
            // Still joining when the run ended (it cannot be, the join phase waits for every bot; but be safe).
            failure = "still joining at the end of the run";
            reportJoin(false);
        }
        if (director != null) {
            director.close();
        }
        Channel channel = game;
        if (channel != null && channel.isActive()) {
            channel.writeAndFlush(new CloseWebSocketFrame(WebSocketCloseStatus.NORMAL_CLOSURE, "run over"))
                    .addListener(ChannelFutureListener.CLOSE);
            loop.schedule(() -> channel.close(), 2, TimeUnit.SECONDS);
            channel.closeFuture().addListener(f -> countClosed());
        } else {
            countClosed();
        }
    }

    private void countClosed() {
        if (!closeCounted) {
            closeCounted = true;
            fleet.closed.countDown();
        }
    }

    private void fail(String reason) {
        if (phase == Phase.FAILED || phase == Phase.FINISHED) {
            return;
        }
        phase = Phase.FAILED;
        stopWalking();
        cancelJoinTimeout();
        if (joined) {
            dropped = true;
            dropReason = reason;
            intents.abandonAsUnanswered();
        } else {
            failure = reason;
        }
        if (director != null) {
            director.close();
        }
        if (game != null) {
            game.close();
        }
        reportJoin(false);
    }

    private void reportJoin(boolean success) {
        if (!joinReported) {
            joinReported = true;
            fleet.joinFinished(success);
        }
    }

    private void cancelJoinTimeout() {
        if (joinTimeout != null) {
            joinTimeout.cancel(false);
            joinTimeout = null;
        }
    }

    private long[] counters() {
        return new long[] {bytesIn, framesIn, bytesOut, framesOut, stateFrames};
    }
}
