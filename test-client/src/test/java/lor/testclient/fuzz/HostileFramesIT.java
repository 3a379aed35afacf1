package lor.testclient.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import lor.protocol.Json;
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
import tools.jackson.databind.JsonNode;

/**
 * Hostile input on {@code /ws}, {@code /control} and {@code /game} of a real director process and a real world
 * process: {@value #DEFAULT_MESSAGES} seeded messages (see {@link HostileFrames}) over concurrent connections, then
 * proof that every one got an error or a close, that both processes live and serve a new player, that nothing
 * changed, and that neither heap grew. A player of the {@code elements} world, whose game module declares an action,
 * gets hostile {@code act} frames besides ({@link HostileActs}): each is refused with the reason the contract gives,
 * a burst of them beyond the intents' rate is refused {@code rate_limited}, and the player's elements and the
 * module's field stay as they were.
 *
 * <p>{@code -Dlor.fuzz.seed=N} replays another sequence (every failure names its shard's seed and message number);
 * {@code -Dlor.fuzz.messages=N} sends more.
 */
class HostileFramesIT {

    private static final long DEFAULT_MESSAGES = 100_000;
    private static final long SEED = Long.getLong("lor.fuzz.seed", 0x10_2026_1203L);
    private static final long MESSAGES = Long.getLong("lor.fuzz.messages", DEFAULT_MESSAGES);
    private static final String WORLD = "meadow";
    /** The world of the act frames: its module elementals declares {@code cast}. */
    private static final String MODULE_WORLD = "elements";
    /** Act frames: about a third of them reach the world's ticks, which answer one a tick (see addShards). */
    private static final double MODULE_SHARE = 0.01;
    /** Acts written at once: within the connection's frame burst (100), well over its intents' budget (20). */
    private static final int BURST = 90;
    /**
     * The second burst: its refusals beyond the intents' budget (20) take the connection's past 100 within 5 s,
     * while it stays within the frame burst, so the close is the intents' flood rule's, not the frame limit's.
     */
    private static final int FLOOD_BURST = 75;
    /** The frame limit's bucket refilled from empty: 100 frames at 50 a second, with room. */
    private static final Duration FRAME_BUCKET_REFILL = Duration.ofMillis(2_500);
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
            PlayerTarget caster = new PlayerTarget(ctx, ctx.newAccount("fuzzact"), MODULE_WORLD, usedTickets,
                    TIMEOUT);
            firstConnections.add(caster.connect(new Random(SEED + 2)));
            firstConnections.forEach(RawWebSocket::close);
            String casterBefore = carriedAndField(ctx, caster);
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
            List<ShardReport> reports = fuzz(director.clientUrl(), players, caster, usedTickets);
            System.out.printf("hostile messages sent and accounted for in %d s%n",
                    TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started));

            reports.forEach(System.out::println);
            List<String> failures = new ArrayList<>();
            reports.forEach(r -> failures.addAll(r.failures));
            assertThat(failures).as("messages without their error or close (first of each shard)").isEmpty();
            long sent = reports.stream().mapToLong(r -> r.messages).sum();
            assertThat(sent).isGreaterThanOrEqualTo(MESSAGES);
            assertThat(reports.stream().mapToLong(r -> r.answers).sum()).as("errors answered").isPositive();
            assertThat(reports.stream().flatMap(r -> r.refusals.keySet().stream()))
                    .as("acts refused at their tick").contains("unknown_action", "bad_field");
            burstOfActsIsRateLimited(caster);

            // Both processes live, and nothing the hostile frames said changed anything.
            assertThat(director.isAlive()).isTrue();
            assertThat(ProcessHandle.of(worldPid).map(ProcessHandle::isAlive)).contains(true);
            assertThat(worldRows(http)).as("worlds, their processes and snapshots").isEqualTo(worldsBefore);
            assertThat(counters(http)).as("logins, spawns, snapshots persisted").containsExactly(countersBefore);
            for (PlayerTarget player : players) {
                assertThat(welcomePosition(ctx, player)).as("where " + player.account().username() + " is")
                        .isEqualTo(player.position());
            }
            assertThat(carriedAndField(ctx, caster)).as("the caster's elements and the elementals' field")
                    .isEqualTo(casterBefore);
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

    private List<ShardReport> fuzz(URI directorWs, List<PlayerTarget> players, PlayerTarget caster,
                                   List<String> usedTickets) throws Exception {
        URI control = URI.create(directorWs.toString().replaceFirst("/ws$", "/control"));
        URI game = URI.create(players.get(0).gameUrl());
        List<FuzzShard> shards = new ArrayList<>();
        // Shares of the messages: the director's client endpoint, the world's game endpoint before and after hello,
        // and the control endpoint, where every message but a ping ends its connection.
        addShards(shards, Endpoint.DIRECTOR, 3, 0.44, 12, usedTickets, i -> uri(directorWs));
        addShards(shards, Endpoint.GAME_LOBBY, 2, 0.15, 16, usedTickets, i -> uri(game));
        addShards(shards, Endpoint.GAME_IN_WORLD, players.size(), 0.35, 16, usedTickets, players::get);
        addShards(shards, Endpoint.CONTROL, 2, 0.06, 8, usedTickets, i -> uri(control));
        // Sized to end with the others: a world answers a player's acts one a tick. Batches stay within the
        // intents' budget (a second's worth, 20), so that most acts get their own refusal, not rate_limited.
        addShards(shards, Endpoint.GAME_MODULES, 1, MODULE_SHARE, 8, usedTickets, i -> caster);
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

    /**
     * {@value #BURST} refused acts written at once: those beyond the intents' budget are refused {@code rate_limited}
     * at once, the rest with their own reason at their ticks; the connection stays open (fewer than 100 refusals).
     * Then, within the same 5 s, a second burst takes the refusals past 100: {@code error rate_limited} and close 1008.
     */
    private static void burstOfActsIsRateLimited(PlayerTarget caster) throws Exception {
        Random random = new Random(SEED);
        HostileActs acts = new HostileActs(random);
        try (RawWebSocket game = caster.connect(random)) {
            long firstBurstAt = System.nanoTime();
            Map<Long, String> due = writeBurst(game, acts, BURST, random);
            Map<String, Integer> reasons = new TreeMap<>();
            while (!due.isEmpty()) {
                RawWebSocket.ServerFrame frame = game.read();
                assertThat(frame).as("an answer to the burst, with " + due.size() + " to come").isNotNull();
                assertThat(frame.isClose()).as("closed with " + (frame.isClose() ? frame.closeStatus() : 0)
                        + " after " + reasons).isFalse();
                if (frame.opcode() != WsFrames.TEXT) {
                    continue;
                }
                JsonNode answer = Json.MAPPER.readTree(frame.text());
                String type = answer.path("type").asString();
                // What the world sends unasked (map, state) is no answer.
                assertThat(type).as(frame.text()).isIn("map", "state", "rejected");
                if (type.equals("rejected")) {
                    String reason = answer.path("reason").asString();
                    assertThat(reason).as(frame.text())
                            .isIn(due.remove(answer.path("seq").asLong()), RejectedMessage.RATE_LIMITED);
                    reasons.merge(reason, 1, Integer::sum);
                }
            }
            System.out.println("a burst of " + BURST + " acts: " + reasons);
            int limited = reasons.getOrDefault(RejectedMessage.RATE_LIMITED, 0);
            assertThat(limited).as("refused rate_limited").isGreaterThanOrEqualTo(BURST - 2 * 20);

            // Pacing, not synchronisation: the frame limit's bucket (100, 50 a second) must be full again so that
            // only the intents' flood rule can close the connection; the intents' bucket is full (20) by then too.
            long refilled = firstBurstAt + FRAME_BUCKET_REFILL.toNanos() - System.nanoTime();
            if (refilled > 0) {
                TimeUnit.NANOSECONDS.sleep(refilled);
            }
            assertThat(System.nanoTime() - firstBurstAt).as("the second burst within the 5 s of the first")
                    .isLessThan(TimeUnit.SECONDS.toNanos(4));
            writeBurst(game, acts, FLOOD_BURST, random);
            String error = null;
            while (true) {
                RawWebSocket.ServerFrame frame = game.read();
                assertThat(frame).as("the close after " + limited + " and more refusals").isNotNull();
                if (frame.isClose()) {
                    assertThat(frame.closeStatus()).as("close status after the flood").isEqualTo(1008);
                    break;
                }
                if (frame.opcode() == WsFrames.TEXT) {
                    JsonNode answer = Json.MAPPER.readTree(frame.text());
                    if (answer.path("type").asString().equals("error")) {
                        error = answer.path("code").asString();
                    }
                }
            }
            assertThat(error).as("the error before the close").isEqualTo(RejectedMessage.RATE_LIMITED);
        }
    }

    private static Map<Long, String> writeBurst(RawWebSocket game, HostileActs acts, int count, Random random)
            throws IOException {
        Map<Long, String> due = acts.burst(count, text -> {
            try {
                game.write(WsFrames.frame(WsFrames.TEXT, text, random));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        game.flush();
        return due;
    }

    /** What a game connection of the caster is welcomed with and first shown: its elements, the module's field. */
    private static String carriedAndField(ScenarioContext ctx, PlayerTarget caster) throws Exception {
        var joined = ctx.join(caster.account().client(), MODULE_WORLD);
        WsClient game = ctx.game(joined.gameUrl());
        try {
            game.send(new HelloMessage(joined.ticket(), null));
            WelcomeMessage welcome = game.expect(WelcomeMessage.class, ScenarioContext.STEP);
            long deadline = System.nanoTime() + ScenarioContext.STEP.toNanos();
            while (true) {
                if (game.next(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())))
                        instanceof StateMessage state && state.fields() != null) {
                    return "carried " + new TreeMap<>(welcome.inventory()) + ", field " + state.fields();
                }
            }
        } finally {
            game.close();
        }
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
