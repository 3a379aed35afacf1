package lor.director.world.process;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;

import lor.protocol.Names;
import lor.protocol.control.WorldExitCodes;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Copies a world process's output into the director's log, one line at a time, each prefixed with the world id
 * and logged at the level the world gave it. One daemon thread per process; it ends when the process closes its
 * output.
 */
public final class ProcessOutputPump {

    private static final Logger LOG = LoggerFactory.getLogger("lor.world-process");
    /** A runaway line is cut here rather than held whole in memory. */
    static final int MAX_LINE_CHARS = 8 * 1024;

    private ProcessOutputPump() {
    }

    public static void start(String worldId, long pid, InputStream output, ProcessReport report) {
        start(() -> worldId, pid, output, report);
    }

    /** As above, with a label read per line: a warm spare takes its world's name once it is assigned one. */
    static void start(Supplier<String> label, long pid, InputStream output, ProcessReport report) {
        Thread thread = new Thread(() -> pump(label, output, report), "out-" + pid);
        thread.setDaemon(true);
        thread.start();
    }

    private static void pump(Supplier<String> label, InputStream output, ProcessReport report) {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(output, StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                String shown = Names.shorten(line, MAX_LINE_CHARS);
                if (shown.startsWith(WorldExitCodes.FAILURE_LINE)) {
                    report.failure(shown.substring(WorldExitCodes.FAILURE_LINE.length()));
                }
                log(label.get(), shown);
            }
        } catch (IOException e) {
            LOG.debug("[{}] output closed: {}", label.get(), e.toString());
        } finally {
            report.outputClosed();
        }
    }

    private static void log(String worldId, String line) {
        if (line.startsWith("ERROR")) {
            LOG.error("[{}] {}", worldId, line);
        } else if (line.startsWith("WARN")) {
            LOG.warn("[{}] {}", worldId, line);
        } else if (line.startsWith("DEBUG") || line.startsWith("TRACE")) {
            LOG.debug("[{}] {}", worldId, line);
        } else {
            LOG.info("[{}] {}", worldId, line);
        }
    }
}
