package lor.world;

import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Entry point of a world process. Started by the director, which reads its stdout as the world's log. */
public final class WorldServerMain {

    /** Exit status for bad options (sysexits EX_USAGE). */
    private static final int EXIT_USAGE = 64;

    private WorldServerMain() {
    }

    public static void main(String[] args) throws Exception {
        WorldConfig config;
        try {
            config = WorldConfig.parse(args, System.getenv());
        } catch (IllegalArgumentException e) {
            System.err.println("world-server: " + e.getMessage());
            System.err.println(WorldConfig.USAGE);
            System.exit(EXIT_USAGE);
            return;
        }
        Logger log = LoggerFactory.getLogger(WorldServerMain.class);
        log.info("starting {}", config);
        WorldServer server;
        try {
            server = WorldServer.start(config);
        } catch (IllegalArgumentException e) {
            // A map this build does not ship, or one it cannot read: a configuration error, not a crash.
            System.err.println("world-server: " + e.getMessage());
            System.exit(EXIT_USAGE);
            return;
        }
        // SIGTERM takes the same path as the director's shutdown request.
        long hookBudget = config.shutdownAckTimeoutMs() + 5_000;
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                server.shutdown("SIGTERM").get(hookBudget, TimeUnit.MILLISECONDS);
            } catch (Exception e) {
                log.error("shutdown on SIGTERM did not finish cleanly: {}", e.toString());
            }
        }, "sigterm"));
        int status = server.exitStatus().join();
        log.info("world {} exits with status {}", config.worldId(), status);
        System.exit(status);
    }
}
