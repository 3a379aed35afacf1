package lor.world;

import java.util.Arrays;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import lor.protocol.control.WorldAssignMessage;
import lor.protocol.control.WorldExitCodes;
import lor.protocol.process.StopSignals;
import lor.world.content.ContentLoadException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Entry point of a world process. Started by the director, which reads its stdout as the world's log. */
public final class WorldServerMain {

    private WorldServerMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("--spare")) {
            runSpare(Arrays.copyOfRange(args, 1, args.length), StopSignals.install("the world process"));
            return;
        }
        WorldConfig config;
        try {
            config = WorldConfig.parse(args, System.getenv());
        } catch (IllegalArgumentException e) {
            System.err.println("world-server: " + e.getMessage());
            System.err.println(WorldConfig.usage());
            System.exit(WorldExitCodes.USAGE);
            return;
        }
        run(config, StopSignals.install("world " + config.worldId()));
    }

    /**
     * {@code --spare --control-url URL [--bind ADDR] [other world options but --world-id]}: wait as a warm spare,
     * then run the world the director assigns. The spawn token comes from the environment, the ticket secret with
     * the assignment.
     */
    private static void runSpare(String[] spareArgs, StopSignals signals) throws Exception {
        Logger log = LoggerFactory.getLogger(WorldServerMain.class);
        String token = System.getenv(WorldConfig.ENV_SPAWN_TOKEN);
        if (token == null || token.isBlank()) {
            System.err.println("world-server: a spare needs " + WorldConfig.ENV_SPAWN_TOKEN);
            System.exit(WorldExitCodes.USAGE);
            return;
        }
        Spare spare;
        try {
            spare = Spare.start(Arrays.asList(spareArgs), token, System.getenv(), true);
        } catch (IllegalArgumentException e) {
            System.err.println("world-server: " + e.getMessage());
            System.err.println(WorldConfig.usage());
            System.exit(WorldExitCodes.USAGE);
            return;
        }
        // A spare stopped while it waits has nothing to save: it lets go of the director and exits 0.
        signals.onStop(() -> spare.assignment().completeExceptionally(
                new IllegalStateException("stopped by a signal")));
        WorldAssignMessage assign;
        try {
            assign = spare.assignment().get();
        } catch (ExecutionException e) {
            log.info("spare released without a world: {}", e.getCause().getMessage());
            spare.retire();
            System.exit(0);
            return;
        }
        log.info("spare becomes world {}", assign.worldId());
        WorldServer server;
        try {
            server = spare.become(assign);
        } catch (ContentLoadException e) {
            spare.release();
            failOnContent(assign.worldId(), e);
            return;
        } catch (IllegalArgumentException e) {
            log.error("cannot become world {}: {}", assign.worldId(), e.getMessage());
            spare.release();
            System.exit(WorldExitCodes.USAGE);
            return;
        }
        serve(server, signals);
    }

    private static void run(WorldConfig config, StopSignals signals) throws Exception {
        LoggerFactory.getLogger(WorldServerMain.class).info("starting {}", config);
        WorldServer server;
        try {
            server = WorldServer.start(config);
        } catch (ContentLoadException e) {
            failOnContent(config.worldId(), e);
            return;
        } catch (IllegalArgumentException e) {
            // A map this build does not ship, or one it cannot read: a configuration error, not a crash.
            System.err.println("world-server: " + e.getMessage());
            System.exit(WorldExitCodes.USAGE);
            return;
        }
        serve(server, signals);
    }

    /** A pack with an error stops this world, with a reason the director shows; other worlds go on. */
    private static void failOnContent(String worldId, ContentLoadException e) {
        LoggerFactory.getLogger(WorldServerMain.class).error("world {} cannot load its content pack: {}", worldId,
                e.getMessage());
        System.out.println(WorldExitCodes.FAILURE_LINE + "its content pack cannot be loaded: " + e.getMessage());
        System.out.flush();
        System.exit(WorldExitCodes.BAD_CONTENT);
    }

    /** Runs until the world stops; SIGTERM stops it as the director would. */
    private static void serve(WorldServer server, StopSignals signals) {
        Logger log = LoggerFactory.getLogger(WorldServerMain.class);
        WorldConfig config = server.config();
        // SIGTERM takes the same path as the director's shutdown request, and the process then exits with the
        // shutdown's status (0 when its final snapshot was acknowledged). The hook covers a JVM that ends otherwise.
        signals.onStop(() -> server.shutdown("SIGTERM"));
        long hookBudget = config.shutdownAckTimeoutMs() + 5_000;
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                server.shutdown("JVM exit").get(hookBudget, TimeUnit.MILLISECONDS);
            } catch (Exception e) {
                log.error("shutdown on JVM exit did not finish cleanly: {}", e.toString());
            }
        }, "jvm-exit"));
        int status = server.exitStatus().join();
        log.info("world {} exits with status {}", config.worldId(), status);
        System.exit(status);
    }
}
