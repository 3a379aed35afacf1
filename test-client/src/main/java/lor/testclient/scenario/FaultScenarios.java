package lor.testclient.scenario;

import static lor.testclient.scenario.Checks.check;
import static lor.testclient.scenario.Checks.equal;
import static lor.testclient.scenario.ScenarioContext.STEP;

import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import lor.protocol.ErrorCode;
import lor.protocol.ErrorMessage;
import lor.protocol.Limits;
import lor.protocol.Message;
import lor.protocol.director.ListWorldsMessage;
import lor.protocol.director.LoggedInMessage;
import lor.protocol.director.LoginMessage;
import lor.protocol.director.WorldsMessage;
import lor.testclient.net.DirectorHttp.WorldRow;
import lor.testclient.net.WsClient;

/**
 * {@code test-client faults}: the reliability promises of issue 6, checked against a live director on this host
 * (the scenarios signal world processes by pid). They are destructive for world {@code meadow}: its process is
 * killed and frozen; its players lose their connection.
 */
public final class FaultScenarios {

    static final String WORLD = "meadow";
    /** Hostile frames sent per connection by the frame scenarios. */
    static final int HOSTILE_FRAMES = 2_000;
    /** Well inside the burst a connection may send at once. */
    static final int FRAMES_PER_CONNECTION = 40;
    /** Sockets that trickle a request header and never finish it. */
    static final int SLOW_SOCKETS = 50;
    private static final long SEED = 0x10AD_F00DL;

    private FaultScenarios() {
    }

    public static List<Scenario> all() {
        return List.of(
                new Scenario("an acknowledged snapshot survives SIGKILL of its world",
                        FaultScenarios::ackedSnapshotSurvivesKill),
                new Scenario("a frozen world is killed after three missed heartbeats and replaced",
                        FaultScenarios::frozenWorldReplaced),
                new Scenario("hostile frames on /ws get errors and change nothing",
                        FaultScenarios::hostileClientFrames),
                new Scenario("hostile frames on /game after hello get errors and change nothing",
                        FaultScenarios::hostileGameFrames),
                new Scenario("hostile frames on an unregistered /control are refused",
                        FaultScenarios::hostileControlFrames),
                new Scenario("a flood on /ws is closed with 1008 within 2 s", FaultScenarios::floodClosed),
                new Scenario("slow headers are cut off while a real client connects",
                        FaultScenarios::slowHeadersCutOff),
                new Scenario("failed logins back off without locking the real user out",
                        FaultScenarios::failedLoginsBackOff),
                new Scenario("a second login closes the older game socket with 4001 within 1 s",
                        FaultScenarios::secondLoginReplaces),
                new Scenario("a dropped player gets the same entity back within the reconnect window",
                        FaultScenarios::droppedPlayerHeld));
    }

    static void ackedSnapshotSurvivesKill(ScenarioContext ctx) throws Exception {
        ScenarioContext.Account account = ctx.newAccount("fault-kill");
        GamePlayer player = GamePlayer.enter(ctx, account, WORLD);
        player.awaitState("first state", STEP, s -> player.seen(player.entityId()) != null);
        int[] moved = player.stepAside();
        long afterMove = ctx.http().world(WORLD).lastSnapshotSeq();
        // The next periodic snapshot holds the moved position; once the director has acked it, it is persisted.
        long killed = WorldKills.afterNextSnapshot(ctx, player, WORLD, afterMove, "the move");
        long acked = ctx.http().world(WORLD).lastSnapshotSeq();

        GamePlayer back = GamePlayer.enter(ctx, ctx.login(account.username()), WORLD);
        WorldRow row = ctx.http().world(WORLD);
        check(row.pid() != null && row.pid() != killed, "a new process, not " + killed);
        check(row.hydratedSeq() >= acked, "hydrated from seq " + row.hydratedSeq() + ", acked " + acked);
        equal(Arrays.toString(moved), Arrays.toString(new int[] {back.welcome().you().x(), back.welcome().you().y(),
                back.welcome().you().layer()}), "position after the crash");
    }

    static void frozenWorldReplaced(ScenarioContext ctx) throws Exception {
        GamePlayer player = GamePlayer.enter(ctx, ctx.newAccount("fault-freeze"), WORLD);
        player.awaitState("first state", STEP, s -> player.seen(player.entityId()) != null);
        double unhealthyBefore = ctx.http().metric("lor_world_unhealthy_total");
        long frozen = pidOf(ctx);
        check(signal("STOP", frozen) == 0, "kill -STOP " + frozen);
        try {
            ctx.await("the director to kill the frozen world", Duration.ofSeconds(15),
                    () -> ProcessHandle.of(frozen).map(p -> !p.isAlive()).orElse(true));
        } finally {
            // Only matters if the director did not kill it: a frozen process must not be left behind.
            signal("CONT", frozen);
        }
        ctx.await("the director to mark the killed world stopped", Duration.ofSeconds(10),
                () -> ctx.http().world(WORLD).status().equals("stopped"));
        equal(unhealthyBefore + 1, ctx.http().metric("lor_world_unhealthy_total"),
                "lor_world_unhealthy_total: the frozen world, counted once");
        GamePlayer replaced = GamePlayer.enter(ctx, ctx.newAccount("fault-freeze"), WORLD);
        replaced.awaitState("first state in the new process", STEP, s -> replaced.seen(replaced.entityId()) != null);
        long now = pidOf(ctx);
        check(now != frozen, "a new process, not the frozen " + frozen);
    }

    static void hostileClientFrames(ScenarioContext ctx) throws Exception {
        List<WorldRow> before = ctx.http().worlds();
        HostileFrames frames = new HostileFrames(SEED);
        WsClient client = null;
        for (int i = 0; i < HOSTILE_FRAMES; i++) {
            // A fresh connection now and then: a connection's frame budget is a real client's, not a fuzzer's.
            if (i % FRAMES_PER_CONNECTION == 0) {
                client = ctx.director();
            }
            client.sendText(frames.next());
            client.expect(ErrorMessage.class, STEP);
        }
        // Still served, and nothing the frames could have touched changed.
        client.send(new ListWorldsMessage("after"));
        check(client.expect(WorldsMessage.class, STEP).worlds().size() == before.size(), "the same worlds");
        ScenarioContext.Account account = ctx.newAccount("fault-after-ws");
        check(account.accountId() > 0, "a real client still registers and logs in");
    }

    static void hostileGameFrames(ScenarioContext ctx) throws Exception {
        GamePlayer player = GamePlayer.enter(ctx, ctx.newAccount("fault-game"), WORLD);
        player.awaitState("first state", STEP, s -> player.seen(player.entityId()) != null);
        int[] before = player.position();
        HostileFrames frames = new HostileFrames(SEED + 1);
        for (int i = 0; i < FRAMES_PER_CONNECTION; i++) {
            player.connection().sendText(frames.next());
            awaitError(player);
        }
        player.readFor(Duration.ofMillis(300));
        equal(Arrays.toString(before), Arrays.toString(player.position()), "position after hostile frames");
        check(!player.connection().isClosed(), "the player is still connected");
    }

    static void hostileControlFrames(ScenarioContext ctx) throws Exception {
        HostileFrames frames = new HostileFrames(SEED + 2);
        int closed = 0;
        for (int i = 0; i < 20; i++) {
            WsClient control = ctx.control();
            control.sendText(frames.next());
            int status = control.awaitClose(STEP);
            check(status == 1008 || status == 1003 || status == 1007, "closed with a policy status, got " + status);
            closed++;
        }
        equal(20, closed, "unregistered control connections closed");
        check("running".equals(ctx.http().world(WORLD).status()) || ctx.http().world(WORLD).pid() == null
                || ctx.http().world(WORLD).pid() > 0, "the director still answers");
    }

    static void floodClosed(ScenarioContext ctx) throws Exception {
        WsClient flooder = ctx.director();
        WsClient bystander = ctx.director();
        long start = System.nanoTime();
        for (int i = 0; i < 1_000 && !flooder.isClosed(); i++) {
            flooder.trySend(new ListWorldsMessage(i));
        }
        equal(Limits.CLOSE_POLICY, flooder.awaitClose(Duration.ofSeconds(2)), "the flooder's close status");
        long millis = (System.nanoTime() - start) / 1_000_000;
        check(millis <= 2_000, "closed after " + millis + " ms");
        bystander.send(new ListWorldsMessage("still-there"));
        check(!bystander.expect(WorldsMessage.class, STEP).worlds().isEmpty(), "another client is still served");
    }

    static void slowHeadersCutOff(ScenarioContext ctx) throws Exception {
        URI base = ctx.http().base();
        List<Socket> trickling = new ArrayList<>();
        try {
            for (int i = 0; i < SLOW_SOCKETS; i++) {
                Socket socket = new Socket(base.getHost(), base.getPort());
                socket.getOutputStream().write("GET /ws HTTP/1.1\r\nHost: x\r\n".getBytes(StandardCharsets.US_ASCII));
                trickling.add(socket);
            }
            ScenarioContext.Account real = ctx.newAccount("fault-slow");
            check(real.accountId() > 0, "a real client registers and logs in meanwhile");
            for (Socket socket : trickling) {
                // The header never ends: the server closes the connection at its handshake deadline.
                socket.setSoTimeout((int) Duration.ofSeconds(20).toMillis());
                check(socket.getInputStream().read() == -1, "a trickling socket was closed by the server");
            }
        } finally {
            for (Socket socket : trickling) {
                socket.close();
            }
        }
    }

    static void failedLoginsBackOff(ScenarioContext ctx) throws Exception {
        ScenarioContext.Account account = ctx.newAccount("fault-login");
        WsClient client = ctx.director();
        ErrorMessage refused = null;
        for (int attempt = 0; attempt < 10 && refused == null; attempt++) {
            client.send(new LoginMessage(account.username(), "not the password", attempt));
            ErrorMessage error = client.expect(ErrorMessage.class, STEP);
            if (ErrorCode.TOO_MANY_ATTEMPTS.wireName().equals(error.code())) {
                refused = error;
            } else {
                equal(ErrorCode.BAD_CREDENTIALS.wireName(), error.code(), "a wrong password's answer");
            }
        }
        check(refused != null, "repeated failures are refused with too_many_attempts");
        ctx.await("the back-off to end and the real password to work", Duration.ofSeconds(30), () -> {
            client.send(new LoginMessage(account.username(), ScenarioContext.PASSWORD, "real"));
            Message answer = client.next(STEP);
            return answer instanceof LoggedInMessage;
        });
    }

    static void secondLoginReplaces(ScenarioContext ctx) throws Exception {
        ScenarioContext.Account account = ctx.newAccount("fault-twice");
        GamePlayer first = GamePlayer.enter(ctx, account, WORLD);
        first.awaitState("first state", STEP, s -> first.seen(first.entityId()) != null);
        GamePlayer second = GamePlayer.enter(ctx, ctx.login(account.username()), WORLD);
        long welcomed = System.nanoTime();
        equal(Limits.CLOSE_REPLACED, first.connection().awaitClose(Duration.ofSeconds(1)), "the older socket's close");
        check(System.nanoTime() - welcomed <= Duration.ofSeconds(1).toNanos(), "closed within 1 s");
        equal(first.entityId(), second.entityId(), "the same entity");
    }

    static void droppedPlayerHeld(ScenarioContext ctx) throws Exception {
        ScenarioContext.Account account = ctx.newAccount("fault-drop");
        GamePlayer player = GamePlayer.enter(ctx, account, WORLD);
        player.awaitState("first state", STEP, s -> player.seen(player.entityId()) != null);
        int[] moved = player.stepAside();
        player.connection().drop();
        ctx.await("the dropped player to still count", STEP, () -> ctx.http().world(WORLD).players() >= 1);

        GamePlayer back = GamePlayer.enter(ctx, ctx.login(account.username()), WORLD);
        equal(player.entityId(), back.entityId(), "the same entity after the drop");
        equal(Arrays.toString(moved), Arrays.toString(new int[] {back.welcome().you().x(), back.welcome().you().y(),
                back.welcome().you().layer()}), "the position after the drop");
    }

    private static void awaitError(GamePlayer player) throws Exception {
        long deadline = System.nanoTime() + STEP.toNanos();
        while (System.nanoTime() < deadline) {
            Message message = player.read(Duration.ofNanos(deadline - System.nanoTime()));
            if (message instanceof ErrorMessage) {
                return;
            }
        }
        throw new AssertionError("no error answer within " + STEP);
    }

    private static long pidOf(ScenarioContext ctx) throws Exception {
        Long pid = ctx.http().world(WORLD).pid();
        check(pid != null, WORLD + " has a process");
        check(ProcessHandle.of(pid).isPresent(), "world pid " + pid + " is on this host");
        return pid;
    }

    /** @return kill's exit status (non-zero when the process is gone) */
    private static int signal(String name, long pid) throws Exception {
        return new ProcessBuilder("kill", "-" + name, Long.toString(pid))
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
    }
}
