package lor.testclient.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import lor.protocol.director.LoggedInMessage;
import lor.protocol.director.LoggedOutMessage;
import lor.protocol.director.LoginMessage;
import lor.protocol.director.LogoutMessage;
import lor.protocol.director.RegisterMessage;
import lor.protocol.director.RegisteredMessage;
import lor.protocol.director.ResumeMessage;
import lor.protocol.director.WorldJoinedMessage;
import lor.protocol.game.HelloMessage;
import lor.protocol.game.WelcomeMessage;
import lor.testclient.net.WsClient;
import lor.testclient.scenario.ScenarioCommand;
import lor.testclient.scenario.ScenarioContext;
import lor.testclient.scenario.Scenarios;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The contract's own test, and the secrets audit, on one run of the whole scenario suite (it takes minutes):
 * {@code director.jar} as a real process with a fresh embedded PostgreSQL and debug logging, and the
 * {@code scenarios} command against it, run in this JVM so that every frame its clients send and receive can be
 * read. Every scenario passes, as the command reports it to an operator. Then the test logs in, joins and logs out
 * itself with a password of its own and calls the admin API, stops the director, and searches every log the
 * director and its worlds wrote (the director's output, which carries every world's, and the log files under its
 * data directory) for every secret seen: no password, session token, ticket, admin token, spawn token or ticket
 * secret appears in any log line.
 */
class ScenarioSuiteIT {

    private static final String ADMIN_TOKEN = "admin-token-" + Long.toHexString(Double.doubleToLongBits(Math.PI));

    @TempDir
    Path dataDir;

    private final SecretAudit audit = new SecretAudit();

    @Test
    void everyScenarioPassesAndNoSecretSeenAppearsInAnyLog() throws Exception {
        List<Path> logs = new ArrayList<>();
        String username = ScenarioContext.uniqueName("auditor");
        ScheduledExecutorService scanner = Executors.newSingleThreadScheduledExecutor();
        try (DirectorProcess director = DirectorProcess.startAsOnAFreshMachine(dataDir, "scenario-suite",
                Map.of("LOR_LOG_LEVEL", "DEBUG"),
                "--idle-shutdown-ms", "2000", "--snapshot-interval-ms", "1000", "--admin-token", ADMIN_TOKEN)) {
            audit.add(ADMIN_TOKEN);
            scanner.scheduleWithFixedDelay(() -> audit.scanWorldProcesses(director.pid()), 0, 100,
                    TimeUnit.MILLISECONDS);

            ByteArrayOutputStream printed = new ByteArrayOutputStream();
            int status = ScenarioCommand.run(new String[] {"--director", director.clientUrl().toString(),
                "--timeout-ms", "60000"}, Scenarios.all(), new PrintStream(printed, true, StandardCharsets.UTF_8),
                    audit::frame);
            SuiteCommand.assertAllPassed(printed.toString(StandardCharsets.UTF_8), status, Scenarios.all().size());

            playOnce(director, username);
            callTheAdminApi(director);

            scanner.shutdown();
            scanner.awaitTermination(10, TimeUnit.SECONDS);
            // A clean stop flushes every log.
            director.terminate(Duration.ofSeconds(90));
            logs.add(director.log());
        } finally {
            scanner.shutdownNow();
        }
        try (Stream<Path> files = Files.walk(dataDir.resolve("logs"))) {
            files.filter(Files::isRegularFile).filter(f -> !f.toString().endsWith(".gz")).forEach(logs::add);
        }

        String everything = read(logs);
        assertThat(everything).as("the logs are the right ones: they name the test's account")
                .contains(username).contains("director ready");
        audit.assertNoneIn(logs, everything);
    }

    /** Register, log in, join {@code start}, enter it, resume on a new connection and log out. */
    private void playOnce(DirectorProcess director, String username) throws Exception {
        String password = "audit password " + System.nanoTime();
        audit.add(password);
        try (ScenarioContext ctx = new ScenarioContext(director.clientUrl(), Duration.ofSeconds(60), audit::frame)) {
            WsClient client = ctx.director();
            client.send(new RegisterMessage(username, password, null));
            client.expect(RegisteredMessage.class, ScenarioContext.STEP);
            client.send(new LoginMessage(username, password, null));
            String token = client.expect(LoggedInMessage.class, ScenarioContext.STEP).token();
            WorldJoinedMessage joined = ctx.join(client, "start");
            WsClient game = ctx.game(joined.gameUrl());
            game.send(new HelloMessage(joined.ticket(), null));
            game.expect(WelcomeMessage.class, ScenarioContext.STEP);
            game.close();

            WsClient again = ctx.director();
            again.send(new ResumeMessage(token, null));
            again.expect(LoggedInMessage.class, ScenarioContext.STEP);
            again.send(new LogoutMessage(null));
            again.expect(LoggedOutMessage.class, ScenarioContext.STEP);
            assertThat(audit.secrets()).contains(password, token, joined.ticket());
        }
    }

    private void callTheAdminApi(DirectorProcess director) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        String wrong = "wrong-admin-token-0123456789";
        audit.add(wrong);
        URI worlds = URI.create(director.baseUrl() + "/api/admin/worlds");
        assertThat(http.send(HttpRequest.newBuilder(worlds).header("Authorization", "Bearer " + ADMIN_TOKEN).build(),
                HttpResponse.BodyHandlers.discarding()).statusCode()).isEqualTo(200);
        assertThat(http.send(HttpRequest.newBuilder(worlds).header("Authorization", "Bearer " + wrong).build(),
                HttpResponse.BodyHandlers.discarding()).statusCode()).isEqualTo(401);
    }

    private static String read(List<Path> files) throws IOException {
        StringBuilder all = new StringBuilder();
        for (Path file : files) {
            // Leniently: a log line may hold bytes that are not UTF-8, and the search must still see the rest.
            all.append(new String(Files.readAllBytes(file), StandardCharsets.UTF_8)).append('\n');
        }
        return all.toString();
    }
}
