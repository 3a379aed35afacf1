package lor.world.agones;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Agones' lifecycle calls over the SDK sidecar's local REST gateway: {@code POST /ready}, {@code /health} and
 * {@code /shutdown}, each with the body {@code {}}, sent with the JDK's HTTP client.
 *
 * <p>The calls go out one at a time, in the order they were asked, from one daemon thread of their own: a slow or
 * absent sidecar delays nothing but them, and the sidecar never sees Shutdown overtaken by a Ready or a Health.
 * A failed call is logged ({@link CallFailures}) and never reaches the world. The sidecar may start after the game
 * server (Agones says so), so Ready and Shutdown are retried; Health is not, the next ping is due soon anyway.
 */
public final class AgonesSdk implements AgonesLifecycle {

    private static final Logger LOG = LoggerFactory.getLogger(AgonesSdk.class);

    /** The sidecar is on the loopback interface: a connection takes well under a millisecond, or is refused. */
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(1);
    static final Duration CALL_TIMEOUT = Duration.ofSeconds(2);
    static final long FIRST_RETRY_MILLIS = 250;
    static final long LAST_RETRY_MILLIS = 5_000;
    /** Shutdown is tried this long, then the process exits without it (the attempt under way ends first). */
    static final long SHUTDOWN_TRIES_MILLIS = SHUTDOWN_WAIT_MILLIS - CALL_TIMEOUT.toMillis() - 1_000;

    private static final HttpRequest.BodyPublisher EMPTY_OBJECT = HttpRequest.BodyPublishers.ofString("{}");

    private final URI sdk;
    private final long healthIntervalMillis;
    private final HttpClient http;
    private final ScheduledExecutorService calls;
    private final CallFailures failures;
    private final AtomicBoolean pinging = new AtomicBoolean();
    private final AtomicBoolean readyAsked = new AtomicBoolean();
    private final AtomicBoolean shutdownAsked = new AtomicBoolean();
    private final CompletableFuture<Boolean> shutdownDone = new CompletableFuture<>();
    private volatile BooleanSupplier alive = () -> false;

    private AgonesSdk(AgonesConfig config) {
        this.sdk = config.sdkUrl();
        this.healthIntervalMillis = config.healthIntervalMs();
        this.calls = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "agones-sdk");
            thread.setDaemon(true);
            return thread;
        });
        // The gateway speaks HTTP/1.1; asking for an h2c upgrade would only add headers to every call.
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(CONNECT_TIMEOUT)
                .proxy(HttpClient.Builder.NO_PROXY)
                .build();
        this.failures = new CallFailures(sdk.toString(), System::nanoTime);
    }

    /** A client of the sidecar at {@code config}; it calls nothing until asked. */
    public static AgonesSdk start(AgonesConfig config) {
        LOG.info("under Agones: lifecycle reported to the SDK at {}, health every {} ms", config.sdkUrl(),
                config.healthIntervalMs());
        return new AgonesSdk(config);
    }

    @Override
    public void healthWhile(BooleanSupplier alive) {
        this.alive = alive;
        if (pinging.compareAndSet(false, true)) {
            try {
                calls.scheduleWithFixedDelay(this::ping, 0, healthIntervalMillis, TimeUnit.MILLISECONDS);
            } catch (RejectedExecutionException e) {
                // Closed already: nothing to ping for.
            }
        }
    }

    @Override
    public void ready() {
        if (readyAsked.compareAndSet(false, true)) {
            run(() -> tryReady(FIRST_RETRY_MILLIS));
        }
    }

    @Override
    public CompletableFuture<Boolean> shutdown() {
        if (shutdownAsked.compareAndSet(false, true)) {
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(SHUTDOWN_TRIES_MILLIS);
            if (!run(() -> tryShutdown(deadline, FIRST_RETRY_MILLIS))) {
                shutdownDone.complete(false);
            }
        }
        return shutdownDone;
    }

    @Override
    public void close() {
        calls.shutdownNow();
        shutdownDone.complete(false);
    }

    /** Failed calls since the last success. */
    long failedCalls() {
        return failures.failures();
    }

    private void ping() {
        try {
            if (!shutdownAsked.get() && alive.getAsBoolean()) {
                post("/health");
            }
        } catch (RuntimeException e) {
            // A periodic task that throws is never run again: log and ping on.
            LOG.error("Agones health ping failed", e);
        }
    }

    private void tryReady(long retryMillis) {
        if (shutdownAsked.get()) {
            // Ready after Shutdown would offer a stopping process to allocations.
            return;
        }
        if (post("/ready")) {
            LOG.info("Agones SDK accepted Ready");
        } else {
            schedule(() -> tryReady(Math.min(2 * retryMillis, LAST_RETRY_MILLIS)), retryMillis);
        }
    }

    private void tryShutdown(long deadline, long retryMillis) {
        if (post("/shutdown")) {
            LOG.info("Agones SDK accepted Shutdown");
            shutdownDone.complete(true);
        } else if (System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(retryMillis) >= deadline
                || !schedule(() -> tryShutdown(deadline, Math.min(2 * retryMillis, LAST_RETRY_MILLIS)), retryMillis)) {
            LOG.warn("Agones SDK did not accept Shutdown; the process exits without it");
            shutdownDone.complete(false);
        }
    }

    /** One call, on the calls thread; true when the sidecar answered 2xx. */
    private boolean post(String path) {
        HttpRequest request = HttpRequest.newBuilder(sdk.resolve(path))
                .timeout(CALL_TIMEOUT)
                .header("Content-Type", "application/json")
                .POST(EMPTY_OBJECT)
                .build();
        String call = "POST " + path;
        try {
            int status = http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
            if (status / 100 == 2) {
                failures.succeeded();
                return true;
            }
            failures.failed(call, "HTTP " + status);
        } catch (IOException e) {
            failures.failed(call, reason(e));
        } catch (InterruptedException e) {
            // Closed while calling.
            Thread.currentThread().interrupt();
        }
        return false;
    }

    private boolean run(Runnable call) {
        try {
            calls.execute(call);
            return true;
        } catch (RejectedExecutionException e) {
            return false;
        }
    }

    private boolean schedule(Runnable call, long delayMillis) {
        try {
            calls.schedule(call, delayMillis, TimeUnit.MILLISECONDS);
            return true;
        } catch (RejectedExecutionException e) {
            return false;
        }
    }

    /** The exception's type and the first message found down its causes (the client's often has none itself). */
    static String reason(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t.getMessage() != null && !t.getMessage().isBlank()) {
                return e.getClass().getSimpleName() + ": " + t.getMessage();
            }
        }
        return e.getClass().getSimpleName();
    }
}
