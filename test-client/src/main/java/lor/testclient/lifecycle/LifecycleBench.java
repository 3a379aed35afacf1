package lor.testclient.lifecycle;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import lor.protocol.Json;
import lor.protocol.director.DirectorMessages;
import lor.protocol.director.JoinWorldMessage;
import lor.protocol.director.LoggedInMessage;
import lor.protocol.director.LoginMessage;
import lor.protocol.director.RegisterMessage;
import lor.protocol.director.WorldJoinedMessage;
import lor.protocol.game.GameMessages;
import lor.protocol.game.HelloMessage;
import lor.protocol.game.WelcomeMessage;
import lor.testclient.net.DirectorHttp;
import lor.testclient.net.WsClient;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code test-client lifecycle}: how long joining takes, by the state the world is in. Each round stops the world
 * through the operator API (so a director with {@code --admin-token} is needed), waits until it is stopped, then
 * times {@code join_world} → {@code world_joined} (the world started: cold, or from a warm spare if the director
 * keeps one) and {@code hello} → {@code welcome}; then a second join of the running world. Prints p50/p99/max and
 * writes a JSON report.
 */
public final class LifecycleBench {

    private static final Duration STEP = Duration.ofSeconds(60);

    private final URI directorWs;
    private final String world;
    private final String adminToken;
    private final boolean waitForSpare;
    private final HttpClient http = HttpClient.newHttpClient();
    private final DirectorHttp directorHttp;

    /** @param waitForSpare before each round, wait for the director's warm spare to be ready (when it keeps one) */
    public LifecycleBench(URI directorWs, String world, String adminToken, boolean waitForSpare) {
        this.directorWs = directorWs;
        this.world = world;
        this.adminToken = adminToken;
        this.waitForSpare = waitForSpare;
        this.directorHttp = new DirectorHttp(http, DirectorHttp.baseOf(directorWs));
    }

    /** One round's figures, in milliseconds. */
    public record Round(double stoppedJoinMs, double welcomeMs, double runningJoinMs) {
    }

    public List<Round> run(int rounds) throws Exception {
        String user = "lifecycle-" + Long.toString(System.nanoTime() % 1_000_000_000L, 36);
        try (WsClient director = WsClient.connect(http, directorWs, DirectorMessages.clientCodec(), STEP)) {
            director.send(new RegisterMessage(user, "lifecycle-password", null));
            director.next(STEP);
            director.send(new LoginMessage(user, "lifecycle-password", null));
            director.expect(LoggedInMessage.class, STEP);
            List<Round> results = new ArrayList<>();
            for (int i = 0; i < rounds; i++) {
                stopAndWait();
                long t0 = System.nanoTime();
                director.send(new JoinWorldMessage(world, null));
                WorldJoinedMessage joined = director.expect(WorldJoinedMessage.class, STEP);
                long t1 = System.nanoTime();
                try (WsClient game = WsClient.connect(http, URI.create(joined.gameUrl()), GameMessages.clientCodec(),
                        STEP)) {
                    game.send(new HelloMessage(joined.ticket(), null));
                    game.expect(WelcomeMessage.class, STEP);
                    long t2 = System.nanoTime();
                    director.send(new JoinWorldMessage(world, null));
                    director.expect(WorldJoinedMessage.class, STEP);
                    long t3 = System.nanoTime();
                    results.add(new Round((t1 - t0) / 1e6, (t2 - t1) / 1e6, (t3 - t2) / 1e6));
                }
            }
            return results;
        }
    }

    private void stopAndWait() throws Exception {
        if (!directorHttp.world(world).status().equals("stopped")) {
            HttpRequest stop = HttpRequest.newBuilder(DirectorHttp.baseOf(directorWs)
                            .resolve("/api/admin/worlds/" + world + "/stop"))
                    .header("Authorization", "Bearer " + adminToken)
                    .POST(HttpRequest.BodyPublishers.noBody())
                    .build();
            int status = http.send(stop, HttpResponse.BodyHandlers.discarding()).statusCode();
            if (status != 202 && status != 409) {
                throw new IllegalStateException("stop answered " + status + " (is --admin-token right?)");
            }
        }
        long deadline = System.nanoTime() + STEP.toNanos();
        while (!directorHttp.world(world).status().equals("stopped")) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("world " + world + " did not stop");
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
        }
        // A warm spare is started when one is taken: let it register before timing the next start.
        long spareDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (waitForSpare && directorHttp.metric("lor_warm_spares_ready") == 0) {
            if (System.nanoTime() > spareDeadline) {
                throw new IllegalStateException("no warm spare became ready within 60 s");
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
        }
    }

    public static ObjectNode report(List<Round> rounds) {
        ObjectNode out = Json.MAPPER.createObjectNode();
        out.put("rounds", rounds.size());
        summary(out.putObject("stoppedJoinMs"), rounds.stream().map(Round::stoppedJoinMs).toList());
        summary(out.putObject("welcomeMs"), rounds.stream().map(Round::welcomeMs).toList());
        summary(out.putObject("runningJoinMs"), rounds.stream().map(Round::runningJoinMs).toList());
        return out;
    }

    public static String line(List<Round> rounds) {
        return String.format(Locale.ROOT, "join of a stopped world p50 %.0f ms p99 %.0f ms; welcome p50 %.0f ms; "
                        + "join of a running world p50 %.1f ms p99 %.1f ms (%d rounds)",
                percentile(rounds.stream().map(Round::stoppedJoinMs).toList(), 0.5),
                percentile(rounds.stream().map(Round::stoppedJoinMs).toList(), 0.99),
                percentile(rounds.stream().map(Round::welcomeMs).toList(), 0.5),
                percentile(rounds.stream().map(Round::runningJoinMs).toList(), 0.5),
                percentile(rounds.stream().map(Round::runningJoinMs).toList(), 0.99), rounds.size());
    }

    private static void summary(ObjectNode out, List<Double> values) {
        out.put("p50", percentile(values, 0.5)).put("p99", percentile(values, 0.99))
                .put("max", percentile(values, 1.0)).put("min", percentile(values, 0.0));
    }

    static double percentile(List<Double> values, double q) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        if (sorted.isEmpty()) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(q * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, rank)));
    }
}
