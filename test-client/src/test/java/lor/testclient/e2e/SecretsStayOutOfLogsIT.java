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
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import lor.protocol.MessageCodec;
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
import lor.testclient.scenario.ScenarioContext;
import lor.testclient.scenario.ScenarioRunner;
import lor.testclient.scenario.Scenarios;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * No password, session token, ticket, admin token, spawn token or ticket secret appears in any log line. The whole
 * scenario suite runs (in this JVM, so that every frame its clients send and receive can be read) against
 * {@code director.jar} started with debug logging, and the test logs in, joins and logs out itself with a password
 * of its own. Every secret value seen on the wire, plus the spawn tokens and ticket secrets in the world
 * processes' environments, is then searched for in every log the director and its worlds wrote: the director's
 * output (which carries every world's output) and the log files under its data directory.
 */
class SecretsStayOutOfLogsIT {

    /** Fields of our protocols that carry secrets. */
    private static final Set<String> SECRET_FIELDS = Set.of("password", "token", "ticket", "spawnToken",
            "ticketSecret");
    /** Shorter values (a refused "short" password) would match ordinary text by chance; none of them is real. */
    private static final int MIN_SECRET_CHARS = 8;
    private static final String ADMIN_TOKEN = "admin-token-" + Long.toHexString(Double.doubleToLongBits(Math.PI));
    private static final Path PROC = Path.of("/proc");

    @TempDir
    Path dataDir;

    private final Set<String> secrets = ConcurrentHashMap.newKeySet();
    private final Set<String> worldSecrets = ConcurrentHashMap.newKeySet();
    private final Map<Long, String> worldCommandLines = new ConcurrentHashMap<>();

    @Test
    void noSecretSeenInAFullScenarioRunAppearsInAnyLog() throws Exception {
        List<Path> logs = new ArrayList<>();
        String username = ScenarioContext.uniqueName("auditor");
        ScheduledExecutorService scanner = Executors.newSingleThreadScheduledExecutor();
        try (DirectorProcess director = DirectorProcess.start(dataDir, "secrets-audit",
                Map.of("LOR_LOG_LEVEL", "DEBUG"),
                "--idle-shutdown-ms", "2000", "--snapshot-interval-ms", "1000", "--admin-token", ADMIN_TOKEN)) {
            secrets.add(ADMIN_TOKEN);
            scanner.scheduleWithFixedDelay(() -> scanWorldProcesses(director.pid()), 0, 100, TimeUnit.MILLISECONDS);

            ByteArrayOutputStream printed = new ByteArrayOutputStream();
            int failed = new ScenarioRunner(director.clientUrl(), Duration.ofSeconds(60),
                    new PrintStream(printed, true, StandardCharsets.UTF_8), this::collectSecrets)
                    .run(Scenarios.all());
            assertThat(failed).as(printed.toString(StandardCharsets.UTF_8)).isZero();

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

        assertThat(secrets).as("passwords, tokens and tickets seen on the wire").hasSizeGreaterThan(20);
        String everything = read(logs);
        assertThat(everything).as("the logs are the right ones: they name the test's account")
                .contains(username).contains("director ready");
        for (String secret : secrets) {
            assertThat(everything.contains(secret)).as("a secret of %d characters is in the logs %s",
                    secret.length(), logs).isFalse();
        }
        if (Files.isDirectory(PROC)) {
            assertThat(worldSecrets).as("world spawn tokens and ticket secrets read from /proc").isNotEmpty();
            for (String secret : worldSecrets) {
                assertThat(everything.contains(secret)).as("a world secret is in the logs %s", logs).isFalse();
                assertThat(worldCommandLines.values()).as("command lines are visible to every local user")
                        .noneMatch(commandLine -> commandLine.contains(secret));
            }
        }
    }

    /** Register, log in, join {@code start}, enter it, resume on a new connection and log out. */
    private void playOnce(DirectorProcess director, String username) throws Exception {
        String password = "audit password " + System.nanoTime();
        secrets.add(password);
        try (ScenarioContext ctx = new ScenarioContext(director.clientUrl(), Duration.ofSeconds(60),
                this::collectSecrets)) {
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
            assertThat(secrets).contains(password, token, joined.ticket());
        }
    }

    private void callTheAdminApi(DirectorProcess director) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        String wrong = "wrong-admin-token-0123456789";
        secrets.add(wrong);
        URI worlds = URI.create(director.baseUrl() + "/api/admin/worlds");
        assertThat(http.send(HttpRequest.newBuilder(worlds).header("Authorization", "Bearer " + ADMIN_TOKEN).build(),
                HttpResponse.BodyHandlers.discarding()).statusCode()).isEqualTo(200);
        assertThat(http.send(HttpRequest.newBuilder(worlds).header("Authorization", "Bearer " + wrong).build(),
                HttpResponse.BodyHandlers.discarding()).statusCode()).isEqualTo(401);
    }

    /** Every secret field of a frame, at any depth; frames that are not JSON (some scenarios send such) hold none. */
    private void collectSecrets(String frame) {
        JsonNode node;
        try {
            node = MessageCodec.MAPPER.readTree(frame);
        } catch (RuntimeException e) {
            return;
        }
        collect(node);
    }

    private void collect(JsonNode node) {
        if (node == null) {
            return;
        }
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                JsonNode value = field.getValue();
                if (SECRET_FIELDS.contains(field.getKey()) && value.isString()) {
                    addSecret(secrets, value.asString());
                } else {
                    collect(value);
                }
            }
        } else if (node.isArray()) {
            node.forEach(this::collect);
        }
    }

    /** A ticket's MAC alone would be a leak too. */
    private static void addSecret(Set<String> into, String value) {
        if (value.length() >= MIN_SECRET_CHARS) {
            into.add(value);
            int dot = value.lastIndexOf('.');
            if (dot > 0 && value.length() - dot - 1 >= MIN_SECRET_CHARS) {
                into.add(value.substring(dot + 1));
            }
        }
    }

    /** The spawn token and ticket secret each world process was started with, and its command line. */
    private void scanWorldProcesses(long directorPid) {
        ProcessHandle.of(directorPid).ifPresent(d -> d.descendants().forEach(world -> {
            Path proc = PROC.resolve(Long.toString(world.pid()));
            try {
                for (String variable : new String(Files.readAllBytes(proc.resolve("environ")),
                        StandardCharsets.UTF_8).split("\0")) {
                    if (variable.startsWith("LOR_SPAWN_TOKEN=") || variable.startsWith("LOR_TICKET_SECRET=")) {
                        addSecret(worldSecrets, variable.substring(variable.indexOf('=') + 1));
                    }
                }
                worldCommandLines.put(world.pid(), new String(Files.readAllBytes(proc.resolve("cmdline")),
                        StandardCharsets.UTF_8).replace('\0', ' '));
            } catch (IOException | RuntimeException e) {
                // Gone meanwhile, or no /proc here.
            }
        }));
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
