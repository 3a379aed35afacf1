package lor.testclient.e2e;

import static org.awaitility.Awaitility.await;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code java -jar director.jar} as a real OS process on a free port, with its output kept in a log file under
 * {@code target/} for failure analysis. {@link #close()} leaves no process behind: the director and any world it
 * spawned.
 */
final class DirectorProcess implements AutoCloseable {

    private static final Pattern READY = Pattern.compile("director ready (https?://[^\\s]+)");
    static final String PASSWORD_ITERATIONS = "--password-iterations";
    /**
     * The suite signs in hundreds of players (the soak alone 200, each registering and logging in), at a quarter
     * of a second of CPU per hash at the real cost: a test that does not name its cost hashes with fewer iterations.
     * The tests of what the cost is for (login back-off, a sign-in storm, slowloris) name the real one.
     */
    static final int TEST_PASSWORD_ITERATIONS = 10_000;
    /** The director's default, {@code PasswordHasher.ITERATIONS}. */
    static final int REAL_PASSWORD_ITERATIONS = 600_000;

    private final Process process;
    private final Path log;
    private final AtomicReference<URI> baseUrl = new AtomicReference<>();
    private final List<ProcessHandle> seenDescendants = new ArrayList<>();
    /** Copies the director's output into {@link #log}; done when the process has exited. */
    private Thread pump;

    private DirectorProcess(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    static DirectorProcess start(Path dataDir, String name, String... options) throws IOException {
        return start(dataDir, name, Map.of(), options);
    }

    /**
     * A director whose data directory holds an initialised PostgreSQL cluster ({@link PostgresTemplate}) unless it
     * has one already or uses another database ({@code --db-url}).
     *
     * @param environment added to this JVM's environment for the director (and so for its worlds)
     */
    static DirectorProcess start(Path dataDir, String name, Map<String, String> environment, String... options)
            throws IOException {
        if (!List.of(options).contains("--db-url")) {
            PostgresTemplate.copyUnlessPresent(dataDir.resolve("postgres"));
        }
        return startAsOnAFreshMachine(dataDir, name, environment, options);
    }

    /** A director that runs initdb itself when its data directory has no PostgreSQL cluster yet. */
    static DirectorProcess startAsOnAFreshMachine(Path dataDir, String name, Map<String, String> environment,
            String... options) throws IOException {
        List<String> command = new ArrayList<>(List.of(javaBinary(), "-jar", jar("lor.directorJar").toString(),
                "--port", "0", "--data-dir", dataDir.toString(), "--world-jar", jar("lor.worldJar").toString()));
        command.addAll(List.of(options));
        if (!command.contains(PASSWORD_ITERATIONS)) {
            command.addAll(List.of(PASSWORD_ITERATIONS, Integer.toString(TEST_PASSWORD_ITERATIONS)));
        }
        Path logDir = Path.of("target", "e2e-logs");
        Files.createDirectories(logDir);
        Path log = logDir.resolve(name + "-" + System.currentTimeMillis() + ".log");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(environment);
        Process process = builder.start();
        DirectorProcess director = new DirectorProcess(process, log);
        director.pumpOutput();
        try {
            await("director ready line in " + log).atMost(Duration.ofSeconds(120))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> director.baseUrl.get() != null || !process.isAlive());
        } catch (RuntimeException | Error e) {
            // The caller gets no handle to close: a director that never got ready must not outlive the test.
            director.close();
            throw e;
        }
        if (director.baseUrl.get() == null) {
            throw new IllegalStateException("director exited with " + process.exitValue() + " before ready; see "
                    + log.toAbsolutePath());
        }
        return director;
    }

    static Path jar(String property) {
        String value = System.getProperty(property);
        if (value == null) {
            throw new IllegalStateException("system property " + property + " is not set (run through failsafe)");
        }
        Path jar = Path.of(value).toAbsolutePath().normalize();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " does not exist: build the modules first (mvn -B verify)");
        }
        return jar;
    }

    static String javaBinary() {
        return ProcessHandle.current().info().command().orElse("java");
    }

    URI baseUrl() {
        return baseUrl.get();
    }

    URI clientUrl() {
        return URI.create(baseUrl().toString().replaceFirst("^http", "ws") + "/ws");
    }

    Path log() {
        return log;
    }

    long pid() {
        return process.pid();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** SIGTERM, then the exit status once the process is gone and all it printed is in {@link #log()}. */
    int terminate(Duration timeout) throws InterruptedException {
        rememberDescendants();
        // Through the handle: Process.destroy() also closes the pipes, and what the director logs while it stops
        // would be lost.
        process.toHandle().destroy();
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError("director did not exit within " + timeout + " after SIGTERM; see " + log);
        }
        pump.join(TimeUnit.SECONDS.toMillis(10));
        return process.exitValue();
    }

    /** SIGKILL, as a crash would end it: no shutdown hook runs, and its world processes live on. */
    void kill() throws InterruptedException {
        rememberDescendants();
        process.destroyForcibly();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            throw new AssertionError("director survived SIGKILL");
        }
    }

    @Override
    public void close() {
        rememberDescendants();
        if (process.isAlive()) {
            process.destroy();
            try {
                if (!process.waitFor(90, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
        // A test that failed half-way must not leave world processes behind for the next one.
        for (ProcessHandle descendant : seenDescendants) {
            descendant.destroyForcibly();
        }
    }

    private void rememberDescendants() {
        process.descendants().forEach(seenDescendants::add);
    }

    private void pumpOutput() {
        pump = new Thread(() -> {
            try (BufferedReader reader = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                 PrintWriter out = new PrintWriter(Files.newBufferedWriter(log, StandardCharsets.UTF_8), true)) {
                String line;
                while ((line = reader.readLine()) != null) {
                    out.println(line);
                    Matcher ready = READY.matcher(line);
                    if (ready.find()) {
                        baseUrl.set(URI.create(ready.group(1)));
                    }
                }
            } catch (IOException e) {
                // The process ended; the log has what it printed.
            }
        }, "director-output");
        pump.setDaemon(true);
        pump.start();
    }
}
