package lor.testclient.scenario;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

import lor.protocol.control.ControlMessages;
import lor.protocol.director.DirectorMessages;
import lor.protocol.director.JoinWorldMessage;
import lor.protocol.director.LoggedInMessage;
import lor.protocol.director.LoginMessage;
import lor.protocol.director.RegisterMessage;
import lor.protocol.director.RegisteredMessage;
import lor.protocol.director.WorldJoinedMessage;
import lor.protocol.game.GameMessages;
import lor.testclient.net.DirectorHttp;
import lor.testclient.net.WsClient;

/** What scenarios share: the director's addresses, connections that are closed after each scenario, deadlines. */
public final class ScenarioContext implements AutoCloseable {

    /** A single request's answer arrives within this. */
    public static final Duration STEP = Duration.ofSeconds(15);
    /** Password used for every scenario account. */
    static final String PASSWORD = "correct horse battery";

    private final URI directorWs;
    private final HttpClient http;
    private final DirectorHttp directorHttp;
    private final Duration lifecycleTimeout;
    private final List<WsClient> open = new ArrayList<>();
    private final Consumer<String> frameTap;

    public ScenarioContext(URI directorWs, Duration lifecycleTimeout) {
        this(directorWs, lifecycleTimeout, WsClient.NO_TAP);
    }

    /** @param frameTap sees every text frame of every connection the scenario opens */
    public ScenarioContext(URI directorWs, Duration lifecycleTimeout, Consumer<String> frameTap) {
        this(directorWs, lifecycleTimeout, frameTap, HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5))
                .build());
    }

    /** @param http every connection's client: one with its own TLS trust for a {@code wss://} director */
    public ScenarioContext(URI directorWs, Duration lifecycleTimeout, Consumer<String> frameTap, HttpClient http) {
        this.http = http;
        this.frameTap = frameTap;
        this.directorWs = directorWs;
        this.directorHttp = new DirectorHttp(http, DirectorHttp.baseOf(directorWs));
        this.lifecycleTimeout = lifecycleTimeout;
    }

    /** How long world lifecycle waits (idle shutdown, spawn) may take. */
    public Duration lifecycleTimeout() {
        return lifecycleTimeout;
    }

    public DirectorHttp http() {
        return directorHttp;
    }

    public WsClient director() throws Exception {
        return opened(WsClient.connect(http, directorWs, DirectorMessages.clientCodec(), STEP, frameTap));
    }

    public WsClient game(String gameUrl) throws Exception {
        return opened(WsClient.connect(http, URI.create(gameUrl), GameMessages.clientCodec(), STEP, frameTap));
    }

    /** A connection to the director's control endpoint, speaking as a world process would. */
    public WsClient control() throws Exception {
        URI url = URI.create(directorWs.toString().replaceFirst("/ws$", "/control"));
        return opened(WsClient.connect(http, url, ControlMessages.worldCodec(), STEP, frameTap));
    }

    /** Connections are made outside the lock: the soak's players connect from many threads at once. */
    private synchronized WsClient opened(WsClient client) {
        open.add(client);
        return client;
    }

    /** A fresh valid username: 3-32 of [A-Za-z0-9_-]. */
    public static String uniqueName(String prefix) {
        return prefix + "-" + Long.toString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE, 36);
    }

    /** Registers a fresh account and logs in on a new connection. */
    public Account newAccount(String prefix) throws Exception {
        WsClient client = director();
        String username = uniqueName(prefix);
        client.send(new RegisterMessage(username, PASSWORD, "reg"));
        long id = client.expect(RegisteredMessage.class, STEP).accountId();
        client.send(new LoginMessage(username, PASSWORD, "login"));
        LoggedInMessage login = client.expect(LoggedInMessage.class, STEP);
        return new Account(client, username, id, login.token());
    }

    /** Logs an existing scenario account in on a new connection. */
    public Account login(String username) throws Exception {
        WsClient client = director();
        client.send(new LoginMessage(username, PASSWORD, "login"));
        LoggedInMessage login = client.expect(LoggedInMessage.class, STEP);
        return new Account(client, username, login.accountId(), login.token());
    }

    public WorldJoinedMessage join(WsClient client, String worldId) throws Exception {
        client.send(new JoinWorldMessage(worldId, "join"));
        return client.expect(WorldJoinedMessage.class, lifecycleTimeout);
    }

    /** Polls {@code condition} until it holds or the deadline passes. */
    public void await(String what, Duration timeout, Condition condition) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.holds()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + timeout.toMillis() + " ms waiting for " + what);
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(100));
        }
    }

    @FunctionalInterface
    public interface Condition {
        boolean holds() throws Exception;
    }

    /** A logged-in account with its director connection. */
    public record Account(WsClient client, String username, long accountId, String token) {
    }

    @Override
    public synchronized void close() {
        for (WsClient client : open) {
            client.close();
        }
        open.clear();
    }
}
