package lor.testclient.soak;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

import lor.testclient.jvm.HeapProbe;
import lor.testclient.net.DirectorHttp.WorldRow;

/**
 * The director's process, watched from its host: its open file descriptors and heap after a full GC (the one
 * process that lives through the whole soak; world processes are killed every few minutes), and every process it
 * ever started, so that none outlives its place.
 */
final class DirectorWatch implements AutoCloseable {

    private final ProcessHandle director;
    /** Every descendant of the director seen during the soak: world processes and warm spares. */
    private final Map<Long, ProcessHandle> children = new ConcurrentHashMap<>();
    final Series openFiles = new Series("director open file descriptors", 1, "");
    final Series heapAfterGc = new Series("director heap after GC", 1024 * 1024, "MiB");
    private HeapProbe heap;
    private String heapError;

    private DirectorWatch(ProcessHandle director) {
        this.director = director;
    }

    /**
     * The director is the parent of its world processes: the soak needs no pid from its operator. A world that a
     * restarted director took back has lost its parent (it is init's, or a subreaper's, now), and the soak must never
     * watch, let alone stop, such a process: only a java parent other than pid 1 counts.
     *
     * @throws IllegalStateException when no running world is a child of a director of this host
     */
    static DirectorWatch of(List<WorldRow> rows) {
        Optional<ProcessHandle> parent = rows.stream().filter(r -> r.pid() != null && "running".equals(r.status()))
                .map(r -> ProcessHandle.of(r.pid()).flatMap(ProcessHandle::parent)).flatMap(Optional::stream)
                .filter(DirectorWatch::couldBeADirector)
                .findFirst();
        return new DirectorWatch(parent.orElseThrow(() -> new IllegalStateException("no running world is a child "
                + "of a director of this host: the soak must run beside the director, on worlds it started itself")));
    }

    private static boolean couldBeADirector(ProcessHandle process) {
        return process.pid() != 1 && process.info().command().map(c -> c.endsWith("java")).orElse(false);
    }

    long pid() {
        return director.pid();
    }

    /** Counts the director's descriptors and remembers its children. */
    void sample(long second) {
        director.descendants().forEach(p -> children.putIfAbsent(p.pid(), p));
        try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(director.pid()), "fd"))) {
            openFiles.add(second, fds.count());
        } catch (IOException e) {
            // The director is gone, or this is no Linux host: the series stays short and is not judged flat.
        }
    }

    /** Forces a full GC in the director and records its heap in use after it. */
    void sampleHeap(long second) {
        if (heapError != null) {
            return;
        }
        try {
            if (heap == null) {
                heap = HeapProbe.attach(director.pid());
            }
            heapAfterGc.add(second, heap.usedAfterGc());
        } catch (Exception e) {
            heapError = e.toString();
        }
    }

    String heapError() {
        return heapError;
    }

    int childrenSeen() {
        return children.size();
    }

    /**
     * Processes that have left their place: a killed world still alive, or a process the director started that
     * lives on without it as its ancestor.
     */
    List<Long> strays(List<Long> killedPids) {
        Stream<Long> killedAlive = killedPids.stream()
                .filter(pid -> Optional.ofNullable(children.get(pid)).or(() -> ProcessHandle.of(pid))
                        .map(ProcessHandle::isAlive).orElse(false));
        Stream<Long> orphaned = children.values().stream().filter(ProcessHandle::isAlive)
                .filter(p -> !isDirectorDescendant(p)).map(ProcessHandle::pid);
        return Stream.concat(killedAlive, orphaned).distinct().sorted().toList();
    }

    /** SIGTERM, then waits for the director to exit. @return every process it started that is still alive */
    List<Long> stop(Duration timeout) throws Exception {
        director.descendants().forEach(p -> children.putIfAbsent(p.pid(), p));
        close();
        director.destroy();
        try {
            director.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new IllegalStateException("the director did not exit within " + timeout.toSeconds()
                    + " s of SIGTERM");
        }
        return children.values().stream().filter(ProcessHandle::isAlive).map(ProcessHandle::pid).sorted().toList();
    }

    private boolean isDirectorDescendant(ProcessHandle process) {
        for (Optional<ProcessHandle> p = process.parent(); p.isPresent(); p = p.get().parent()) {
            if (p.get().pid() == director.pid()) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void close() throws IOException {
        if (heap != null) {
            heap.close();
            heap = null;
        }
    }
}
