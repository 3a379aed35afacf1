package lor.director.world.process;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import com.sun.net.httpserver.HttpServer;

/**
 * Real processes in place of world servers ({@link StandInWorld}, packed into a jar at {@code dir}), started by a
 * real {@link WorldProcessLauncher}; each one reports its spawn token and ticket secret here as it starts, which is
 * what a test needs to register it with a supervisor and to verify the tickets issued for it.
 */
public final class StandInWorlds implements AutoCloseable {

    /** One started stand-in: what the director gave it. */
    public record Spawned(String worldId, String spawnToken, String ticketSecret, long pid) {
    }

    private final Path jar;
    private final HttpServer server;
    private final BlockingQueue<Spawned> spawned = new LinkedBlockingQueue<>();
    private volatile Integer exitStatus;
    /** Printed as the world's failure line before it exits, or null for none. */
    private volatile String failureLine;

    public StandInWorlds(Path dir) throws IOException {
        jar = dir.resolve("stand-in-world.jar");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, StandInWorld.class.getName());
        String entry = StandInWorld.class.getName().replace('.', '/') + ".class";
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest);
             InputStream in = StandInWorld.class.getClassLoader().getResourceAsStream(entry)) {
            out.putNextEntry(new JarEntry(entry));
            in.transferTo(out);
            out.closeEntry();
        }
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/spawned", exchange -> {
            String[] lines = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8).split("\n");
            spawned.add(new Spawned(lines[0], lines[1], lines[2], Long.parseLong(lines[3])));
            Integer status = exitStatus;
            if (status == null) {
                exchange.sendResponseHeaders(204, -1);
            } else {
                String line = failureLine;
                byte[] answer = (status + (line == null ? "" : "\n" + line)).getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(200, answer.length);
                exchange.getResponseBody().write(answer);
            }
            exchange.close();
        });
        server.start();
    }

    /** A launcher whose world jar is the stand-in. */
    public WorldProcessLauncher launcher() {
        String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/spawned";
        return new WorldProcessLauncher(jar, () -> url, "127.0.0.1", 30_000, 1 << 20);
    }

    /** A launcher whose world jar does not exist: every spawn fails at once. */
    public static WorldProcessLauncher missingJar(Path dir) {
        return new WorldProcessLauncher(dir.resolve("no-such-world-server.jar"), () -> "ws://127.0.0.1:1/control",
                "127.0.0.1", 30_000, 1 << 20);
    }

    /** Stand-ins started from now on exit with {@code status} as soon as they have reported; null: they live. */
    public void exitAtOnceWith(Integer status) {
        exitAtOnceWith(status, null);
    }

    /** As {@link #exitAtOnceWith(Integer)}, printing {@code line} first as a world that says why it cannot run. */
    public void exitAtOnceWith(Integer status, String line) {
        failureLine = line;
        exitStatus = status;
    }

    /** The next stand-in that started; fails after {@code timeout}. */
    public Spawned next(Duration timeout) throws InterruptedException {
        Spawned next = spawned.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (next == null) {
            throw new AssertionError("no stand-in world started within " + timeout);
        }
        return next;
    }

    /** Stand-ins that started and were not taken with {@link #next}. */
    public int waiting() {
        return spawned.size();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
