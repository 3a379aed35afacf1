package lor.testclient.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Predicate;

import lor.protocol.director.ListWorldsMessage;
import lor.protocol.director.WorldsMessage;
import lor.testclient.net.DirectorHttp;
import lor.testclient.net.WsClient;
import lor.testclient.scenario.ScenarioContext;

/**
 * Several real directors on one {@link SharedDatabase}, each a {@link DirectorProcess} with its own data directory
 * and port, and any of them with its database connections through a {@link TcpProxy} that the test can cut.
 * Directors are numbered from 1, as a scenario names them ("director 3 loses the database").
 * {@link #close()} leaves no process behind, whichever directors were killed or restarted on the way.
 */
final class DirectorCluster implements AutoCloseable {

    /** A world's spawn and a join: what a scenario's {@link ScenarioContext} waits for at most. */
    static final Duration LIFECYCLE = Duration.ofSeconds(60);

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final SharedDatabase database;
    private final boolean ownsDatabase;
    private final List<Member> members;

    private DirectorCluster(SharedDatabase database, boolean ownsDatabase, List<Member> members) {
        this.database = database;
        this.ownsDatabase = ownsDatabase;
        this.members = List.copyOf(members);
    }

    /** A cluster whose directors keep their data, logs and (unless given one) the shared database under root. */
    static Builder builder(Path root) {
        return new Builder(root);
    }

    SharedDatabase database() {
        return database;
    }

    int size() {
        return members.size();
    }

    /** Director {@code n}, from 1. */
    Member director(int n) {
        if (n < 1 || n > members.size()) {
            throw new IllegalArgumentException("directors are numbered 1 to " + members.size() + ", not " + n);
        }
        return members.get(n - 1);
    }

    List<Member> directors() {
        return members;
    }

    /** The directors whose process runs now. */
    List<Member> alive() {
        return members.stream().filter(Member::isAlive).toList();
    }

    /**
     * Random choices of directors, the same for the same seed: a failing scenario is run again with the seed its
     * output names.
     */
    Chooser random(long seed) {
        System.out.println("DirectorCluster: directors chosen at random with seed " + seed);
        return new Chooser(seed);
    }

    /**
     * Heals every cut first, so that stopping directors can write their worlds' final snapshots instead of waiting
     * out the database's timeouts, then stops all directors at once, then the proxies and the database.
     */
    @Override
    public void close() throws IOException {
        for (Member member : members) {
            if (member.proxy != null) {
                member.proxy.heal();
            }
        }
        List<Thread> closing = new ArrayList<>();
        for (Member member : members) {
            Thread thread = new Thread(member::closeProcesses, "close-" + member.name);
            thread.start();
            closing.add(thread);
        }
        for (Thread thread : closing) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        for (Member member : members) {
            if (member.proxy != null) {
                member.proxy.close();
            }
        }
        if (ownsDatabase) {
            database.close();
        }
    }

    /** How the cluster is made; {@link #start()} starts it. */
    static final class Builder {
        private final Path root;
        private int size = 3;
        private String name = "cluster";
        private SharedDatabase database;
        private final List<String> common = new ArrayList<>();
        private final Map<Integer, List<String>> own = new HashMap<>();
        private final Set<Integer> proxied = new HashSet<>();

        private Builder(Path root) {
            this.root = root;
        }

        /** How many directors (default 3). */
        Builder directors(int size) {
            if (size < 1) {
                throw new IllegalArgumentException("a cluster has at least one director");
            }
            this.size = size;
            return this;
        }

        /** Prefix of the directors' log files under {@code target/e2e-logs} (default "cluster"). */
        Builder name(String name) {
            this.name = name;
            return this;
        }

        /** Director options for all directors (before each one's own). */
        Builder options(String... options) {
            common.addAll(Arrays.asList(options));
            return this;
        }

        /** Director options for director {@code n} only. */
        Builder options(int n, String... options) {
            own.computeIfAbsent(n, k -> new ArrayList<>()).addAll(Arrays.asList(options));
            return this;
        }

        /** Director {@code n} reaches the database through a {@link TcpProxy}: {@link Member#proxy()}. */
        Builder databaseThroughProxy(int n) {
            proxied.add(n);
            return this;
        }

        /** Runs on this database, which the caller closes; without it the cluster starts and closes its own. */
        Builder database(SharedDatabase database) {
            this.database = database;
            return this;
        }

        /** Starts the directors at once (they migrate the database together) and waits until all are ready. */
        DirectorCluster start() throws IOException {
            for (int n : own.keySet()) {
                check(n);
            }
            for (int n : proxied) {
                check(n);
            }
            boolean owns = database == null;
            SharedDatabase db = owns ? SharedDatabase.start(root.resolve("postgres")) : database;
            List<Member> members = new ArrayList<>();
            try {
                for (int n = 1; n <= size; n++) {
                    List<String> options = new ArrayList<>(common);
                    options.addAll(own.getOrDefault(n, List.of()));
                    if (!options.contains("--warm-spares")) {
                        // A spare is a world JVM per director kept waiting: three of them would slow every start
                        // on a test machine, and a scenario that is about spares asks for them.
                        options.addAll(List.of("--warm-spares", "0"));
                    }
                    TcpProxy proxy = proxied.contains(n) ? db.newProxy() : null;
                    options.addAll(proxy == null ? db.options() : db.optionsThrough(proxy));
                    members.add(new Member(n, name + "-d" + n, root.resolve("d" + n), options, proxy));
                }
                startAll(members);
            } catch (IOException | RuntimeException e) {
                for (Member member : members) {
                    member.closeProcesses();
                    if (member.proxy != null) {
                        member.proxy.close();
                    }
                }
                if (owns) {
                    db.close();
                }
                throw e;
            }
            return new DirectorCluster(db, owns, members);
        }

        private void check(int n) {
            if (n < 1 || n > size) {
                throw new IllegalArgumentException("directors are numbered 1 to " + size + ", not " + n);
            }
        }

        private static void startAll(List<Member> members) throws IOException {
            ExecutorService starting = Executors.newFixedThreadPool(members.size());
            try {
                List<CompletableFuture<Void>> started = new ArrayList<>();
                for (Member member : members) {
                    started.add(CompletableFuture.runAsync(() -> {
                        try {
                            member.start();
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    }, starting));
                }
                CompletableFuture.allOf(started.toArray(CompletableFuture[]::new)).join();
            } catch (CompletionException e) {
                if (e.getCause() instanceof UncheckedIOException io) {
                    throw io.getCause();
                }
                if (e.getCause() instanceof RuntimeException runtime) {
                    throw runtime;
                }
                throw e;
            } finally {
                starting.shutdown();
            }
        }
    }

    /** One director of the cluster, across its restarts. */
    static final class Member {
        private final int index;
        private final String name;
        private final Path dataDir;
        private final List<String> options;
        private final TcpProxy proxy;
        /** Every process this director ran, the current one last: all of them are closed with the cluster. */
        private final List<DirectorProcess> processes = new CopyOnWriteArrayList<>();

        private Member(int index, String name, Path dataDir, List<String> options, TcpProxy proxy) {
            this.index = index;
            this.name = name;
            this.dataDir = dataDir;
            this.options = List.copyOf(options);
            this.proxy = proxy;
        }

        /** From 1. */
        int index() {
            return index;
        }

        String name() {
            return name;
        }

        Path dataDir() {
            return dataDir;
        }

        /** The options it was started with, the database's included. */
        List<String> options() {
            return options;
        }

        /** The proxy between this director and the database, or null when it connects directly. */
        TcpProxy proxy() {
            return proxy;
        }

        /** The running (or last) process. */
        DirectorProcess process() {
            if (processes.isEmpty()) {
                throw new IllegalStateException(name + " has not started");
            }
            return processes.get(processes.size() - 1);
        }

        /** {@code ws://127.0.0.1:PORT/ws} of the current process: a restart keeps the port. */
        URI clientUrl() {
            return process().clientUrl();
        }

        URI baseUrl() {
            return process().baseUrl();
        }

        long pid() {
            return process().pid();
        }

        boolean isAlive() {
            return !processes.isEmpty() && process().isAlive();
        }

        Path log() {
            return process().log();
        }

        /** SIGKILL: a crash. Its world processes live on until the cluster closes. */
        void kill() throws InterruptedException {
            process().kill();
        }

        /** SIGTERM, and its exit status once it is gone. */
        int terminate(Duration timeout) throws InterruptedException {
            return process().terminate(timeout);
        }

        /**
         * Starts it again after a kill or terminate: same data directory, options, proxy and port. A director under
         * a service manager comes back at its address; and a world keeps the {@code --control-url} list it was
         * spawned with, so a director back on another port would be lost to every world spawned before.
         */
        void restart() throws IOException {
            if (isAlive()) {
                throw new IllegalStateException(name + " still runs (pid " + pid() + ")");
            }
            start(List.of("--port", Integer.toString(baseUrl().getPort())));
        }

        /** The endpoints of the current process over HTTP. */
        DirectorHttp http() {
            return new DirectorHttp(HTTP, baseUrl());
        }

        /** A client of the current process for scenarios: the caller closes it. */
        ScenarioContext context() {
            return new ScenarioContext(clientUrl(), LIFECYCLE);
        }

        /** The worlds {@code list_worlds} through this director names, wherever they run. */
        List<String> listedWorlds() throws Exception {
            return listWorlds().stream().map(WorldsMessage.WorldSummary::worldId).toList();
        }

        /** What {@code list_worlds} through this director answers. */
        List<WorldsMessage.WorldSummary> listWorlds() throws Exception {
            try (ScenarioContext ctx = context()) {
                WsClient client = ctx.director();
                client.send(new ListWorldsMessage("list"));
                return client.expect(WorldsMessage.class, ScenarioContext.STEP).worlds();
            }
        }

        /**
         * Whether {@code /readyz} answers 200 now. The director answers within 2 s whatever its database does; no
         * answer at all counts as not ready.
         */
        boolean ready() {
            try {
                HttpResponse<Void> response = HTTP.send(HttpRequest.newBuilder(baseUrl().resolve("/readyz"))
                        .timeout(Duration.ofSeconds(5)).GET().build(), HttpResponse.BodyHandlers.discarding());
                return response.statusCode() == 200;
            } catch (IOException e) {
                return false;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }

        @Override
        public String toString() {
            return name + (processes.isEmpty() ? "" : " (pid " + pid() + ", " + baseUrl() + ")");
        }

        private void start() throws IOException {
            start(List.of());
        }

        /** @param overrides options after its own: the director takes the last of an option given twice */
        private void start(List<String> overrides) throws IOException {
            Files.createDirectories(dataDir);
            List<String> all = new ArrayList<>(options);
            all.addAll(overrides);
            processes.add(DirectorProcess.start(dataDir, name, all.toArray(String[]::new)));
        }

        private void closeProcesses() {
            for (DirectorProcess process : processes) {
                process.close();
            }
        }
    }

    /** Chooses directors at random from a seed. */
    final class Chooser {
        private final long seed;
        private final Random random;

        private Chooser(long seed) {
            this.seed = seed;
            this.random = new Random(seed);
        }

        long seed() {
            return seed;
        }

        /** A running director. */
        Member next() {
            return next(member -> true);
        }

        /** A running director that {@code filter} accepts. */
        Member next(Predicate<Member> filter) {
            List<Member> candidates = alive().stream().filter(filter).toList();
            if (candidates.isEmpty()) {
                throw new IllegalStateException("no running director to choose from among " + members);
            }
            return candidates.get(random.nextInt(candidates.size()));
        }

        /** A running director other than {@code these}. */
        Member nextExcept(Member... these) {
            Set<Member> excluded = Set.of(these);
            return next(member -> !excluded.contains(member));
        }
    }
}
