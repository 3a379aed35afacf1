package lor.director;

import lor.protocol.process.StopSignals;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Entry point: {@code java -jar director/target/director.jar [options]}. Exit status: 0 after a clean stop (SIGTERM,
 * SIGINT), 64 for bad options, 1 when it cannot start.
 */
public final class DirectorMain {

    /** Exit status for bad options (sysexits EX_USAGE). */
    private static final int EXIT_USAGE = 64;
    private static final int EXIT_FAILED = 1;

    private DirectorMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        DirectorConfig config;
        try {
            config = DirectorConfig.parse(args, System.getenv());
        } catch (DirectorConfig.HelpRequested help) {
            System.out.print(DirectorConfig.USAGE);
            return;
        } catch (IllegalArgumentException e) {
            System.err.println("director: " + e.getMessage());
            System.err.println("run with --help for every option");
            System.exit(EXIT_USAGE);
            return;
        }
        // Before the first logger: the file appender writes under the data directory.
        System.setProperty("lor.logDir", config.logDir().toString());
        Logger log = LoggerFactory.getLogger(DirectorMain.class);
        log.info("starting with {}", config);
        Director director;
        try {
            director = Director.start(config);
        } catch (Exception e) {
            log.error("director failed to start: {}", e.getMessage(), e);
            System.exit(EXIT_FAILED);
            return;
        }
        // SIGTERM and SIGINT stop it in order and it exits 0; the hook covers any other way the JVM ends.
        StopSignals.install("the director").onStop(director::close);
        Runtime.getRuntime().addShutdownHook(new Thread(director::close, "director-shutdown"));
        System.out.println("director ready " + director.baseUrl());
        System.out.flush();
        director.awaitClosed();
        log.info("director stopped; exit status 0");
        System.exit(0);
    }
}
