package lor.testclient.e2e;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;

/**
 * {@link DirectorProcess} for end-to-end tests in other packages (the browser tests): the same real process on a
 * free port, the same log under {@code target/e2e-logs/}, the same cleanup of every process it spawned.
 */
public final class LaunchedDirector implements AutoCloseable {

    private final DirectorProcess process;

    private LaunchedDirector(DirectorProcess process) {
        this.process = process;
    }

    /** Starts {@code director.jar} with a temporary data directory and waits for its ready line. */
    public static LaunchedDirector start(Path dataDir, String name, String... options) throws IOException {
        return new LaunchedDirector(DirectorProcess.start(dataDir, name, options));
    }

    /** {@code http://127.0.0.1:PORT} from the ready line. */
    public URI baseUrl() {
        return process.baseUrl();
    }

    /** {@code ws://127.0.0.1:PORT/ws}. */
    public URI clientUrl() {
        return process.clientUrl();
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public Path log() {
        return process.log();
    }

    @Override
    public void close() {
        process.close();
    }
}
