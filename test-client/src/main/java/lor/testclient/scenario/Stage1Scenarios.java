package lor.testclient.scenario;

import static lor.testclient.scenario.Checks.check;
import static lor.testclient.scenario.Checks.equal;
import static lor.testclient.scenario.ScenarioContext.PASSWORD;
import static lor.testclient.scenario.ScenarioContext.STEP;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import lor.protocol.ErrorMessage;
import lor.protocol.Limits;
import lor.protocol.control.WorldRegisterMessage;
import lor.protocol.director.JoinWorldMessage;
import lor.protocol.director.ListWorldsMessage;
import lor.protocol.director.LoggedInMessage;
import lor.protocol.director.LoginMessage;
import lor.protocol.director.RegisterMessage;
import lor.protocol.director.RegisteredMessage;
import lor.protocol.director.ResumeMessage;
import lor.protocol.director.WorldJoinedMessage;
import lor.protocol.director.WorldsMessage;
import lor.protocol.game.HelloMessage;
import lor.protocol.game.WelcomeMessage;
import lor.testclient.net.DirectorHttp.WorldRow;
import lor.testclient.net.WsClient;

/**
 * Stage 1: accounts, bad input, and the world-process lifecycle. Order matters for the lifecycle scenarios at the
 * end: each leaves world {@code start} in the state the next one starts from.
 */
public final class Stage1Scenarios {

    static final String WORLD = "start";

    private Stage1Scenarios() {
    }

    public static List<Scenario> all() {
        return List.of(
                new Scenario("register", Stage1Scenarios::register),
                new Scenario("duplicate username", Stage1Scenarios::duplicateUsername),
                new Scenario("invalid registration input", Stage1Scenarios::invalidRegistration),
                new Scenario("login", Stage1Scenarios::login),
                new Scenario("bad password", Stage1Scenarios::badPassword),
                new Scenario("resume", Stage1Scenarios::resume),
                new Scenario("bad token", Stage1Scenarios::badToken),
                new Scenario("list worlds", Stage1Scenarios::listWorlds),
                new Scenario("join needs login and a known world", Stage1Scenarios::joinRefusals),
                new Scenario("unknown type", Stage1Scenarios::unknownType),
                new Scenario("malformed JSON", Stage1Scenarios::malformedJson),
                new Scenario("oversize frame closes with 1009", Stage1Scenarios::oversizeFrame),
                new Scenario("control registration with a wrong token is refused", Stage1Scenarios::forgedWorld),
                new Scenario("join spawns a process", Stage1Scenarios::joinSpawnsProcess),
                new Scenario("hello with a forged ticket is refused", Stage1Scenarios::forgedTicket),
                new Scenario("hello with a ticket is welcomed once", Stage1Scenarios::ticketAdmittedOnce),
                new Scenario("idle shutdown persists a final snapshot", Stage1Scenarios::idleShutdownPersists),
                new Scenario("rejoin hydrates from the last snapshot", Stage1Scenarios::rejoinHydrates),
                new Scenario("ten concurrent joins give one pid", Stage1Scenarios::concurrentJoinsOneProcess));
    }

    static void register(ScenarioContext ctx) throws Exception {
        WsClient client = ctx.director();
        client.send(new RegisterMessage(ScenarioContext.uniqueName("reg"), PASSWORD, "r-1"));
        RegisteredMessage registered = client.expect(RegisteredMessage.class, STEP);
        check(registered.accountId() > 0, "accountId must be positive, got " + registered.accountId());
        equal("r-1", registered.ref(), "ref echoed");
    }

    static void duplicateUsername(ScenarioContext ctx) throws Exception {
        WsClient client = ctx.director();
        String name = ScenarioContext.uniqueName("dup");
        client.send(new RegisterMessage(name, PASSWORD, 1));
        client.expect(RegisteredMessage.class, STEP);
        client.send(new RegisterMessage(name, "another password", 2));
        client.expectError("username_taken", STEP);
        client.send(new RegisterMessage(name.toUpperCase(Locale.ROOT), PASSWORD, 3));
        client.expectError("username_taken", STEP);
        // The original password still works: the refused registrations changed nothing.
        client.send(new LoginMessage(name, PASSWORD, 4));
        client.expect(LoggedInMessage.class, STEP);
    }

    static void invalidRegistration(ScenarioContext ctx) throws Exception {
        WsClient client = ctx.director();
        client.send(new RegisterMessage("ab", PASSWORD, null));
        client.expectError("invalid_username", STEP);
        client.send(new RegisterMessage("no spaces allowed", PASSWORD, null));
        client.expectError("invalid_username", STEP);
        client.send(new RegisterMessage("x".repeat(33), PASSWORD, null));
        client.expectError("invalid_username", STEP);
        String name = ScenarioContext.uniqueName("weak");
        client.send(new RegisterMessage(name, "short", null));
        client.expectError("weak_password", STEP);
        client.sendText("{\"type\":\"register\",\"username\":\"" + name + "\"}");
        client.expectError("bad_request", STEP);
        // None of it created the account.
        client.send(new LoginMessage(name, "short", null));
        client.expectError("bad_credentials", STEP);
    }

    static void login(ScenarioContext ctx) throws Exception {
        WsClient client = ctx.director();
        String name = ScenarioContext.uniqueName("login");
        client.send(new RegisterMessage(name, PASSWORD, null));
        long id = client.expect(RegisteredMessage.class, STEP).accountId();
        client.send(new LoginMessage(name, PASSWORD, 7));
        LoggedInMessage loggedIn = client.expect(LoggedInMessage.class, STEP);
        equal(id, loggedIn.accountId(), "accountId");
        check(loggedIn.token() != null && loggedIn.token().length() >= 43, "token must carry 256 bits");
        check(loggedIn.ref() != null && loggedIn.ref().toString().equals("7"), "ref 7 echoed as a number");
    }

    static void badPassword(ScenarioContext ctx) throws Exception {
        ScenarioContext.Account account = ctx.newAccount("badpw");
        WsClient client = ctx.director();
        client.send(new LoginMessage(account.username(), "wrong password!", null));
        ErrorMessage wrong = client.expectError("bad_credentials", STEP);
        client.send(new LoginMessage(ScenarioContext.uniqueName("nobody"), "wrong password!", null));
        ErrorMessage unknown = client.expectError("bad_credentials", STEP);
        equal(wrong.message(), unknown.message(), "same answer for unknown user and wrong password");
        client.send(new JoinWorldMessage(WORLD, null));
        client.expectError("not_authenticated", STEP);
    }

    static void resume(ScenarioContext ctx) throws Exception {
        ScenarioContext.Account account = ctx.newAccount("resume");
        WsClient fresh = ctx.director();
        fresh.send(new ResumeMessage(account.token(), "again"));
        LoggedInMessage resumed = fresh.expect(LoggedInMessage.class, STEP);
        equal(account.accountId(), resumed.accountId(), "resumed account");
        equal("again", resumed.ref(), "ref echoed");
    }

    static void badToken(ScenarioContext ctx) throws Exception {
        WsClient client = ctx.director();
        client.send(new ResumeMessage("not-a-real-token", null));
        client.expectError("bad_token", STEP);
        client.send(new JoinWorldMessage(WORLD, null));
        client.expectError("not_authenticated", STEP);
    }

    static void listWorlds(ScenarioContext ctx) throws Exception {
        WsClient client = ctx.director();
        client.send(new ListWorldsMessage("lw"));
        WorldsMessage worlds = client.expect(WorldsMessage.class, STEP);
        check(worlds.worlds().stream().anyMatch(w -> w.worldId().equals(WORLD)), "world start is listed");
        for (WorldsMessage.WorldSummary w : worlds.worlds()) {
            check(Set.of("stopped", "starting", "running", "stopping").contains(w.status()),
                    "status of " + w.worldId() + " is " + w.status());
        }
    }

    static void joinRefusals(ScenarioContext ctx) throws Exception {
        WsClient anonymous = ctx.director();
        anonymous.send(new JoinWorldMessage(WORLD, "j"));
        equal("j", anonymous.expectError("not_authenticated", STEP).ref(), "ref echoed on error");
        ScenarioContext.Account account = ctx.newAccount("nowhere");
        account.client().send(new JoinWorldMessage("no-such-world", null));
        account.client().expectError("unknown_world", STEP);
    }

    static void unknownType(ScenarioContext ctx) throws Exception {
        WsClient client = ctx.director();
        client.sendText("{\"type\":\"teleport\",\"x\":1,\"ref\":\"u\"}");
        equal("u", client.expectError("unknown_type", STEP).ref(), "ref echoed");
        client.send(new ListWorldsMessage(null));
        client.expect(WorldsMessage.class, STEP);
    }

    static void malformedJson(ScenarioContext ctx) throws Exception {
        WsClient client = ctx.director();
        client.sendText("{\"type\": \"login\", ");
        client.expectError("bad_request", STEP);
        client.sendText("[1,2,3]");
        client.expectError("bad_request", STEP);
        client.sendText("{\"username\":\"x\"}");
        client.expectError("bad_request", STEP);
        client.sendText("{\"type\":42}");
        client.expectError("bad_request", STEP);
        client.send(new ListWorldsMessage(null));
        client.expect(WorldsMessage.class, STEP);
    }

    static void oversizeFrame(ScenarioContext ctx) throws Exception {
        String padding = "x".repeat(Limits.MAX_CLIENT_FRAME_BYTES);
        WsClient single = ctx.director();
        single.sendText("{\"type\":\"list_worlds\",\"pad\":\"" + padding + "\"}");
        equal(Limits.CLOSE_TOO_BIG, single.awaitClose(STEP), "close status for one oversize frame");
        WsClient fragmented = ctx.director();
        String half = padding.substring(0, padding.length() / 2 + 16);
        fragmented.sendFragmented("{\"type\":\"list_worlds\",\"pad\":\"" + half, half + "\"}");
        equal(Limits.CLOSE_TOO_BIG, fragmented.awaitClose(STEP), "close status for oversize fragments");
    }

    static void forgedWorld(ScenarioContext ctx) throws Exception {
        WorldRow before = ctx.http().world(WORLD);
        WsClient control = ctx.control();
        control.send(new WorldRegisterMessage(WORLD, "not-the-spawn-token", 1, 1));
        control.expectError("not_allowed", STEP);
        control.awaitClose(STEP);
        WorldRow after = ctx.http().world(WORLD);
        equal(before.status(), after.status(), "world status unchanged");
        equal(before.pid(), after.pid(), "world pid unchanged");
    }

    static void joinSpawnsProcess(ScenarioContext ctx) throws Exception {
        ScenarioContext.Account account = ctx.newAccount("spawn");
        WorldJoinedMessage joined = ctx.join(account.client(), WORLD);
        equal(WORLD, joined.worldId(), "joined world");
        check(joined.gameUrl().startsWith("ws://") && joined.gameUrl().endsWith("/game"),
                "gameUrl looks like ws://HOST:PORT/game: " + joined.gameUrl());
        WorldRow row = ctx.http().world(WORLD);
        equal("running", row.status(), "status after join");
        check(row.pid() != null && row.pid() > 0, "a pid is listed");
        check(ProcessHandle.of(row.pid()).map(ProcessHandle::isAlive).orElse(false)
                        || !isLocal(joined.gameUrl()),
                "process " + row.pid() + " is alive");
    }

    static void forgedTicket(ScenarioContext ctx) throws Exception {
        ScenarioContext.Account account = ctx.newAccount("forger");
        WorldJoinedMessage joined = ctx.join(account.client(), WORLD);
        String real = joined.ticket();
        int dot = real.indexOf('.');
        String forged = real.substring(0, dot + 1) + (real.charAt(dot + 1) == 'A' ? 'B' : 'A')
                + real.substring(dot + 2);
        WsClient game = ctx.game(joined.gameUrl());
        game.send(new HelloMessage(forged, "h"));
        equal("h", game.expectError("bad_ticket", STEP).ref(), "ref echoed");
        game.awaitClose(STEP);
        WsClient missing = ctx.game(joined.gameUrl());
        missing.sendText("{\"type\":\"hello\"}");
        missing.expectError("bad_ticket", STEP);
        missing.awaitClose(STEP);
    }

    static void ticketAdmittedOnce(ScenarioContext ctx) throws Exception {
        ScenarioContext.Account account = ctx.newAccount("player");
        WorldJoinedMessage joined = ctx.join(account.client(), WORLD);
        WsClient game = ctx.game(joined.gameUrl());
        game.send(new HelloMessage(joined.ticket(), 1));
        WelcomeMessage welcome = game.expect(WelcomeMessage.class, STEP);
        check(welcome.entityId() > 0, "entity id is positive");
        equal(20, welcome.tickRate(), "tickRate");
        equal(10, welcome.broadcastRate(), "broadcastRate");
        check(welcome.grid().width() > 0 && welcome.grid().height() > 0 && welcome.grid().layers() > 0,
                "grid has a size");
        WsClient replay = ctx.game(joined.gameUrl());
        replay.send(new HelloMessage(joined.ticket(), 2));
        replay.expectError("bad_ticket", STEP);
        replay.awaitClose(STEP);
        game.sendText("{\"type\":\"fly\"}");
        game.awaitError("unknown_type", STEP);
    }

    static void idleShutdownPersists(ScenarioContext ctx) throws Exception {
        WorldRow before = ctx.http().world(WORLD);
        check(before.pid() != null, "world start runs before this scenario");
        ctx.await("world start to stop when idle", ctx.lifecycleTimeout(),
                () -> ctx.http().world(WORLD).status().equals("stopped"));
        WorldRow after = ctx.http().world(WORLD);
        check(after.lastSnapshotSeq() > before.lastSnapshotSeq(), "lastSnapshotSeq grew from "
                + before.lastSnapshotSeq() + " to " + after.lastSnapshotSeq());
        check(after.pid() == null, "no pid once stopped");
        check(!ProcessHandle.of(before.pid()).map(ProcessHandle::isAlive).orElse(false), "process exited");
    }

    static void rejoinHydrates(ScenarioContext ctx) throws Exception {
        WorldRow stopped = ctx.http().world(WORLD);
        equal("stopped", stopped.status(), "status before rejoin");
        ScenarioContext.Account account = ctx.newAccount("rejoin");
        ctx.join(account.client(), WORLD);
        WorldRow running = ctx.http().world(WORLD);
        equal("running", running.status(), "status after rejoin");
        equal(stopped.lastSnapshotSeq(), running.hydratedSeq(), "the new process hydrated from the last seq");
    }

    static void concurrentJoinsOneProcess(ScenarioContext ctx) throws Exception {
        ctx.await("world start to stop when idle", ctx.lifecycleTimeout(),
                () -> ctx.http().world(WORLD).status().equals("stopped"));
        double spawnsBefore = ctx.http().metric("lor_world_spawns_total");
        List<ScenarioContext.Account> accounts = new ArrayList<>();
        ScenarioContext.Account first = ctx.newAccount("crowd");
        accounts.add(first);
        for (int i = 1; i < 10; i++) {
            WsClient client = ctx.director();
            client.send(new ResumeMessage(first.token(), null));
            client.expect(LoggedInMessage.class, STEP);
            accounts.add(new ScenarioContext.Account(client, first.username(), first.accountId(), first.token()));
        }
        ExecutorService pool = Executors.newFixedThreadPool(accounts.size());
        try {
            List<Callable<WorldJoinedMessage>> joins = new ArrayList<>();
            for (ScenarioContext.Account account : accounts) {
                joins.add(() -> ctx.join(account.client(), WORLD));
            }
            Set<String> urls = new HashSet<>();
            for (Future<WorldJoinedMessage> joined : pool.invokeAll(joins)) {
                urls.add(joined.get().gameUrl());
            }
            equal(1, urls.size(), "distinct game URLs among 10 joins");
        } finally {
            pool.shutdownNow();
        }
        equal(spawnsBefore + 1, ctx.http().metric("lor_world_spawns_total"), "processes spawned by 10 joins");
        check(ctx.http().world(WORLD).pid() != null, "one pid is listed");
    }

    private static boolean isLocal(String gameUrl) {
        return gameUrl.contains("://127.") || gameUrl.contains("://localhost") || gameUrl.contains("://[::1]");
    }
}
