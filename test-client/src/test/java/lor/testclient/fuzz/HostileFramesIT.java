package lor.testclient.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import lor.protocol.Message;
import lor.protocol.director.RegisterMessage;
import lor.protocol.director.RegisteredMessage;
import lor.protocol.game.HelloMessage;
import lor.protocol.game.MoveMessage;
import lor.protocol.game.RejectedMessage;
import lor.protocol.game.StateMessage;
import lor.protocol.game.WelcomeMessage;
import lor.testclient.e2e.LaunchedDirector;
import lor.testclient.fuzz.HostileFrames.Endpoint;
import lor.testclient.jvm.HeapProbe;
import lor.testclient.net.DirectorHttp;
import lor.testclient.net.WsClient;
import lor.testclient.scenario.ScenarioContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile input on {@code /ws}, {@code /control} and {@code /game} of a real director process and a real world
 * process: {@value #DEFAULT_MESSAGES} seeded messages (see {@link HostileFrames}) over concurrent connections, then
 * proof that every one got an error or a close, that both processes live and serve a new player, that nothing
 * changed, and that neither heap grew.
 *
 * <p>{@code -Dlor.fuzz.seed=N} replays another sequence (every failure names its shard's seed and message number);
 * {@code -Dlor.fuzz.messages=N} sends more.
 */
class HostileFramesIT {

    private static final long DEFAULT_MESSAGES = 100_000;
    private static final long SEED = Long.getLong("lor.fuzz.seed", 0x10_2026_1203L);
    private static final long MESSAGES = Long.getLong("lor.fuzz.messages", DEFAULT_MESSAGES);
    private static final String WORLD = "meadow";
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    /** A director or world that retained even 300 bytes per hostile message would exceed this. */
    private static final long HEAP_GROWTH_BOUND = 32L * 1024 * 1024;
    /** Lines no hostile input may cause: errors, leaked buffers, handler failures outside the expected kinds. */
    private static final Pattern BAD_LOG_LINE = Pattern.compile(" ERROR |LEAK:|connection .* failed");

    @TempDir
    Path dataDir;

    @Test
    void everyHostileMessageGetsAnErrorOrACloseAndChangesNothing() throws Exception {
        try (LaunchedDirector director = LaunchedDirector.start(dataDir, "hostile-frames",
                "--idle-shutdown-ms", "0", "--snapshot-interval-ms", "3600000", "--warm-spares", "0",
                // Its hostile logins all come from this host: the real client at the end must not be backed off.
                "--login-failures-per-address", "0",
                // Nor its reconnects, one after every close, at a rate no client reaches: the new-connection
                // throttle (NetworkGuardsIT's subject) refused hundreds a second and made the shards wait.
                "--max-new-connections-per-second", "0");
             ScenarioContext ctx = new ScenarioContext(director.clientUrl(), Duration.ofSeconds(60))) {
            DirectorHttp http = ctx.http();
            List<String> usedTickets = new ArrayList<>();
            List<PlayerTarget> players = new ArrayList<>();
            List<RawWebSocket> firstConnections = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                PlayerTarget player = new PlayerTarget(ctx, ctx.newAccount("fuzz"), WORLD, usedTickets, TIMEOUT);
                // Both in the world at once: each is saved on a cell of its own, which it finds free at every return.
                firstConnections.add(player.connect(new Random(SEED + i)));
                players.add(player);
            }
            firstConnections.forEach(RawWebSocket::close);
            long worldPid = http.world(WORLD).pid();
            List<String> worldsBefore = worldRows(http);
            double[] countersBefore = counters(http);
            long directorHeapBefore;
            long worldHeapBefore;
            try (HeapProbe directorHeap = HeapProbe.attach(director.pid());
                 HeapProbe worldHeap = HeapProbe.attach(worldPid)) {
                directorHeapBefore = directorHeap.usedAfterGc();
                worldHeapBefore = worldHeap.usedAfterGc();
            }
            long logLinesBefore = logLines(director.log()).size();

            long started = System.nanoTime();
            List<ShardReport> reports = fuzz(director.clientUrl(), players, usedTickets);
            System.out.printf("hostile messages sent and accounted for in %d s%n",
                    TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started));

            reports.forEach(System.out::println);
            List<String> failures = new ArrayList<>();
            reports.forEach(r -> failures.addAll(r.failures));
            assertThat(failures).as("messages without their error or close (first of each shard)").isEmpty();
            long sent = reports.stream().mapToLong(r -> r.messages).sum();
            assertThat(sent).isGreaterThanOrEqualTo(MESSAGES);
            assertThat(reports.stream().mapToLong(r -> r.answers).sum()).as("errors answered").isPositive();

            // Both processes live, and nothing the hostile frames said changed anything.
            assertThat(director.isAlive()).isTrue();
            assertThat(ProcessHandle.of(worldPid).map(ProcessHandle::isAlive)).contains(true);
            assertThat(worldRows(http)).as("worlds, their processes and snapshots").isEqualTo(worldsBefore);
            assertThat(counters(http)).as("logins, spawns, snapshots persisted").containsExactly(countersBefore);
            for (PlayerTarget player : players) {
                assertThat(welcomePosition(ctx, player)).as("where " + player.account().username() + " is")
                        .isEqualTo(player.position());
            }
            assertRegisterNamesAreFree(ctx, reports);

            // Neither heap kept what it was sent.
            try (HeapProbe directorHeap = HeapProbe.attach(director.pid());
                 HeapProbe worldHeap = HeapProbe.attach(worldPid)) {
                long directorGrowth = directorHeap.usedAfterGc() - directorHeapBefore;
                long worldGrowth = worldHeap.usedAfterGc() - worldHeapBefore;
                System.out.printf("heap growth after GC: director %d KiB, world %d KiB%n", directorGrowth / 1024,
                        worldGrowth / 1024);
                assertThat(directorGrowth).as("director heap growth").isLessThan(HEAP_GROWTH_BOUND);
                assertThat(worldGrowth).as("world heap growth").isLessThan(HEAP_GROWTH_BOUND);
            }

            // A new player still registers, logs in, joins and moves.
            newPlayerMoves(ctx);

            List<String> lines = logLines(director.log());
            List<String> bad = lines.subList((int) logLinesBefore, lines.size()).stream()
                    .filter(line -> BAD_LOG_LINE.matcher(line).find()).limit(20).toList();
            assertThat(bad).as("log lines in " + director.log()).isEmpty();
        }
    }

    private List<ShardReport> fuzz(URI directorWs, List<PlayerTarget> players, List<String> usedTickets)
            throws Exception {
        URI control = URI.create(directorWs.toString().replaceFirst("/ws$", "/control"));
        URI game = URI.create(players.get(0).gameUrl());
        List<FuzzShard> shards = new ArrayList<>();
        // Shares of the messages: the director's client endpoint, the world's game endpoint before and after hello,
        // and the control endpoint, where every message but a ping ends its connection.
        addShards(shards, Endpoint.DIRECTOR, 3, 0.44, 12, usedTickets, i -> uri(directorWs));
        addShards(shards, Endpoint.GAME_LOBBY, 2, 0.15, 16, usedTickets, i -> uri(game));
        addShards(shards, Endpoint.GAME_IN_WORLD, players.size(), 0.35, 16, usedTickets, players::get);
        addShards(shards, Endpoint.CONTROL, 2, 0.06, 8, usedTickets, i -> uri(control));
        ExecutorService pool = Executors.newFixedThreadPool(shards.size());
        try {
            List<Future<ShardReport>> running = new ArrayList<>();
            for (FuzzShard shard : shards) {
                running.add(pool.submit(shard));
            }
            List<ShardReport> reports = new ArrayList<>();
            for (Future<ShardReport> shard : running) {
                reports.add(shard.get(15, TimeUnit.MINUTES));
            }
            return reports;
        } finally {
            pool.shutdownNow();
        }
    }

    private interface Targets {
        FuzzTarget get(int shard);
    }

    private void addShards(List<FuzzShard> shards, Endpoint endpoint, int count, double share, int batch,
                           List<String> usedTickets, Targets targets) {
        long messages = (long) Math.ceil(MESSAGES * share / count);
        for (int i = 0; i < count; i++) {
            long seed = SEED * 31 + shards.size();
            // A login costs the server a full password hash: a few show they are refused, more would only be slow.
            HostileFrames frames = new HostileFrames(endpoint, seed, usedTickets, 1);
            shards.add(new FuzzShard(endpoint.name().toLowerCase() + "-" + i, seed, targets.get(i), frames,
                    messages, batch));
        }
    }

    private static FuzzTarget uri(URI uri) {
        return random -> RawWebSocket.open(uri, TIMEOUT, random);
    }

    private static List<String> worldRows(DirectorHttp http) throws Exception {
        // Players come and go with the player shards' reconnects; everything else must stay.
        return http.worlds().stream().map(w -> w.worldId() + " " + w.status() + " pid " + w.pid() + " snapshot "
                + w.lastSnapshotSeq() + " hydrated " + w.hydratedSeq()).toList();
    }

    private static double[] counters(DirectorHttp http) throws Exception {
        return new double[] {http.metric("lor_logins_total"), http.metric("lor_world_spawns_total"),
                http.metric("lor_snapshots_persisted_total")};
    }

    private static String welcomePosition(ScenarioContext ctx, PlayerTarget player) throws Exception {
        var joined = ctx.join(player.account().client(), WORLD);
        WsClient game = ctx.game(joined.gameUrl());
        game.send(new HelloMessage(joined.ticket(), null));
        WelcomeMessage.Position you = game.expect(WelcomeMessage.class, ScenarioContext.STEP).you();
        game.close();
        return "{\"x\":" + you.x() + ",\"y\":" + you.y() + ",\"layer\":" + you.layer() + "}";
    }

    /** Usernames the fuzz tried to register (refused: weak passwords) do not exist: registering them works. */
    private static void assertRegisterNamesAreFree(ScenarioContext ctx, List<ShardReport> reports) throws Exception {
        Set<String> names = new LinkedHashSet<>();
        for (ShardReport report : reports) {
            names.addAll(report.registerNames);
        }
        assertThat(names).as("register attempts in the fuzz").isNotEmpty();
        WsClient client = ctx.director();
        for (String name : names.stream().limit(3).toList()) {
            client.send(new RegisterMessage(name, "a good long password", name));
            assertThat(client.expect(RegisteredMessage.class, ScenarioContext.STEP).ref()).isEqualTo(name);
        }
    }

    private static void newPlayerMoves(ScenarioContext ctx) throws Exception {
        ScenarioContext.Account account = ctx.newAccount("after");
        var joined = ctx.join(account.client(), WORLD);
        WsClient game = ctx.game(joined.gameUrl());
        game.send(new HelloMessage(joined.ticket(), null));
        game.expect(WelcomeMessage.class, ScenarioContext.STEP);
        game.send(new MoveMessage("E", 1, null));
        long deadline = System.nanoTime() + ScenarioContext.STEP.toNanos();
        while (true) {
            Message message = game.next(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            if (message instanceof StateMessage state && state.ack() >= 1
                    || message instanceof RejectedMessage rejected && rejected.seq() == 1) {
                return;
            }
        }
    }

    private static List<String> logLines(Path log) throws Exception {
        return Files.readAllLines(log, StandardCharsets.UTF_8);
    }
}
