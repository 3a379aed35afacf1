package lor.testclient.scenario;

import static lor.testclient.scenario.Checks.check;
import static lor.testclient.scenario.Checks.equal;
import static lor.testclient.scenario.ScenarioContext.STEP;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import lor.protocol.ErrorMessage;
import lor.protocol.Message;
import lor.protocol.director.ListWorldsMessage;
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
    private static final long SEED = 0x10AD_F00DL;

    private FaultScenarios() {
    }

    public static List<Scenario> all() {
        return List.of(
                new Scenario("an acknowledged snapshot survives SIGKILL of its world",
                        FaultScenarios::ackedSnapshotSurvivesKill),
                new Scenario("a frozen world is killed after three missed heartbeats and replaced",
                        FaultScenarios::frozenWorldReplaced),
                new Scenario("hostile frames on /ws get errors and change nothing", FaultScenarios::hostileClientFrames),
                new Scenario("hostile frames on /game after hello get errors and change nothing",
                        FaultScenarios::hostileGameFrames),
                new Scenario("hostile frames on an unregistered /control are refused",
                        FaultScenarios::hostileControlFrames));
    }

    static void ackedSnapshotSurvivesKill(ScenarioContext ctx) throws Exception {
        ScenarioContext.Account account = ctx.newAccount("fault-kill");
        GamePlayer player = GamePlayer.enter(ctx, account, WORLD);
        player.awaitState("first state", STEP, s -> player.seen(player.entityId()) != null);
        int[] moved = player.stepAside();
        long afterMove = ctx.http().world(WORLD).lastSnapshotSeq();
        // The next periodic snapshot holds the moved position; once the director has acked it, it is persisted.
        ctx.await("a snapshot of " + WORLD + " after the move", ctx.lifecycleTimeout(),
                () -> ctx.http().world(WORLD).lastSnapshotSeq() > afterMove);
        long acked = ctx.http().world(WORLD).lastSnapshotSeq();
        long killed = pidOf(ctx);

        ProcessHandle.of(killed).orElseThrow().destroyForcibly();
        check(player.connection().awaitClose(STEP) > 0, "the killed world's player lost its connection");
        ctx.await("the director to see the exit", STEP, () -> !"running".equals(ctx.http().world(WORLD).status())
                || !Long.valueOf(killed).equals(ctx.http().world(WORLD).pid()));

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
        long frozen = pidOf(ctx);
        check(signal("STOP", frozen) == 0, "kill -STOP " + frozen);
        try {
            ctx.await("the director to kill the frozen world", Duration.ofSeconds(15),
                    () -> ProcessHandle.of(frozen).map(p -> !p.isAlive()).orElse(true));
        } finally {
            // Only matters if the director did not kill it: a frozen process must not be left behind.
            signal("CONT", frozen);
        }
        check(ctx.http().metric("lor_world_unhealthy_total") >= 1, "counted in lor_world_unhealthy_total");
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
