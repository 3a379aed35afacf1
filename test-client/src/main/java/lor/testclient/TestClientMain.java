package lor.testclient;

import java.util.Arrays;
import java.util.List;

import io.netty.util.ResourceLeakDetector;
import lor.testclient.bots.BotsCommand;
import lor.testclient.lifecycle.LifecycleCommand;
import lor.testclient.net.WsClient;
import lor.testclient.scenario.FaultScenarios;
import lor.testclient.scenario.Scenario;
import lor.testclient.scenario.ScenarioCommand;
import lor.testclient.scenario.Scenarios;
import lor.testclient.soak.SoakCommand;

/**
 * {@code java -jar test-client.jar scenarios --director ws://HOST:PORT/ws}: runs the end-to-end scenario suite
 * and exits 0 only when every scenario passed; {@code faults …} does the same with the fault scenarios.
 * {@code bots …} is the load generator ({@link BotsCommand}); {@code soak …} is issue 6's soak
 * ({@link SoakCommand}).
 */
public final class TestClientMain {

    static final String USAGE = """
            usage: java -jar test-client/target/test-client.jar COMMAND [options]

            commands:
              scenarios --director ws://HOST:PORT/ws [--timeout-ms N] [--only TEXT]
                  runs the end-to-end scenario suite; one PASS/FAIL line per scenario, then
                  "N passed, M failed"; exit status 0 only when M is 0.
                  --timeout-ms   longest wait for a world lifecycle step, e.g. an idle shutdown (default 120000)
                  --only         run only the scenarios whose name contains TEXT
              faults --director ws://HOST:PORT/ws [--timeout-ms N] [--only TEXT]
                  runs the fault scenarios (world processes killed and frozen, hostile frames) against a live
                  director on this host, same output and exit status as scenarios. Destructive for world meadow.
              soak --director ws://HOST:PORT/ws [--players N] [--duration S] [--kill-every S] [--stop-director]
                  players in several worlds while a random world is SIGKILLed every so often (default: 200
                  players, 30 min, every 2 min); checks that no acknowledged snapshot is lost, no process is
                  orphaned, tick p99 stays under 50 ms and, for 10 min or more, that the director's heap after GC
                  and open descriptors stay flat. Runs on the director's host; "soak --help" lists every option.
              bots --director ws://HOST:PORT/ws [--count N] [--duration S] [--world W] [--rate R]
                   [--encoding json|binary] [--report FILE] [--warmup S] [--join-concurrency K] ...
                  the load generator: N bots join world W and random-walk; prints a one-line summary of
                  latency, bandwidth and CPU; exit status 0 only when every bot joined and none dropped.
                  "bots --help" lists every option.
              lifecycle --director ws://HOST:PORT/ws --admin-token T [--world W] [--rounds N]
                        [--wait-for-spare] [--idle-rss-seconds S] [--report FILE]
                  times joining a stopped world (stopped through the operator API) and a running one;
                  "lifecycle --help" lists every option.
            """;

    private static final int EXIT_USAGE = 64;
    private static final String LEAK_DETECTION = "io.netty.leakDetection.level";

    private TestClientMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h")) {
            System.out.print(USAGE);
            System.exit(args.length == 0 ? EXIT_USAGE : 0);
        }
        try {
            switch (args[0]) {
                case "scenarios" -> System.exit(scenarios(args, Scenarios.all()));
                case "faults" -> System.exit(scenarios(args, FaultScenarios.all()));
                case "soak" -> System.exit(SoakCommand.run(Arrays.copyOfRange(args, 1, args.length), System.out));
                case "bots" -> {
                    withoutLeakDetection();
                    System.exit(BotsCommand.run(Arrays.copyOfRange(args, 1, args.length), System.out, System.err));
                }
                case "lifecycle" -> System.exit(LifecycleCommand.run(Arrays.copyOfRange(args, 1, args.length),
                        System.out));
                default -> {
                    System.err.println("test-client: unknown command " + args[0]);
                    System.err.print(USAGE);
                    System.exit(EXIT_USAGE);
                }
            }
        } catch (IllegalArgumentException e) {
            System.err.println("test-client: " + e.getMessage());
            System.exit(EXIT_USAGE);
        }
    }

    /**
     * Netty's default samples buffers and records where they were touched: at a load generator's ten thousand frames
     * a second, CPU that the server it measures, on the same machine, would otherwise have. Unless asked for with
     * {@code -Dio.netty.leakDetection.level}.
     */
    private static void withoutLeakDetection() {
        if (System.getProperty(LEAK_DETECTION) == null) {
            ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
        }
    }

    private static int scenarios(String[] args, List<Scenario> suite) {
        return ScenarioCommand.run(Arrays.copyOfRange(args, 1, args.length), suite, System.out, WsClient.NO_TAP);
    }
}
