package lor.testclient.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import lor.protocol.Json;
import tools.jackson.databind.JsonNode;

/**
 * Every secret a test run saw, to be searched for in the logs afterwards: passwords, session tokens, tickets and
 * admin tokens from the frames of our protocols (see {@link #frame}), and the spawn tokens and ticket secrets the
 * director hands its world processes in their environments (see {@link #scanWorldProcesses}).
 */
final class SecretAudit {

    /** Fields of our protocols that carry secrets. */
    private static final Set<String> SECRET_FIELDS = Set.of("password", "token", "ticket", "spawnToken",
            "ticketSecret");
    /** Shorter values (a refused "short" password) would match ordinary text by chance; none of them is real. */
    private static final int MIN_SECRET_CHARS = 8;
    private static final Path PROC = Path.of("/proc");

    private final Set<String> secrets = ConcurrentHashMap.newKeySet();
    private final Set<String> worldSecrets = ConcurrentHashMap.newKeySet();
    private final Map<Long, String> worldCommandLines = new ConcurrentHashMap<>();

    /** A secret the test used itself (a password it chose, a wrong admin token it sent). */
    void add(String secret) {
        secrets.add(secret);
    }

    Set<String> secrets() {
        return secrets;
    }

    /** A frame tap: every secret field of a frame, at any depth; frames that are not JSON hold none. */
    void frame(String frame) {
        JsonNode node;
        try {
            node = Json.MAPPER.readTree(frame);
        } catch (RuntimeException e) {
            return;
        }
        collect(node);
    }

    /** The spawn token and ticket secret each world process was started with, and its command line. */
    void scanWorldProcesses(long directorPid) {
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

    /** No secret seen appears in {@code logs}, and no world secret on a world's command line. */
    void assertNoneIn(List<Path> logs, String everything) {
        assertThat(secrets).as("passwords, tokens and tickets seen on the wire").hasSizeGreaterThan(20);
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
}
