package lor.director;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import lor.director.world.WorldStatus;
import lor.director.world.WorldView;
import lor.protocol.control.WorldModulesMessage;
import lor.protocol.control.WorldStatusMessage;
import org.junit.jupiter.api.Test;

class DirectorMetricsTest {

    private static final WorldView ALPHA = new WorldView("alpha", "Alpha", WorldStatus.RUNNING, 4, 4242L, 9001,
            17, 1_700_000_000_000L, 17, new WorldStatusMessage("alpha", 1200, 4, 0.0012, 0.0125, 0.031, 3));
    private static final WorldView BETA = new WorldView("beta", "Beta", WorldStatus.RUNNING, 2, 4343L, 9002,
            5, 1_700_000_000_000L, 5, new WorldStatusMessage("beta", 800, 2, 0.002, 0.004, 0.5, 0));
    private static final WorldView GAMMA = new WorldView("gamma", "Gamma", WorldStatus.STARTING, 0, 4444L, null,
            0, 0, 0, null);
    private static final WorldView DELTA = new WorldView("delta", "Delta", WorldStatus.STOPPED, 0, null, null,
            9, 0, 0, null);
    private static final WorldModulesMessage ELEMENTALS = new WorldModulesMessage("elements", List.of(
            new WorldModulesMessage.HookStats("elementals", "wake", 1200, 3, 0.0625, 2.5e-5),
            new WorldModulesMessage.HookStats("elementals", "act", 7, 0, 0.5, 0),
            new WorldModulesMessage.HookStats("kiln_rule", "enter", 2, 1, 0, 0)));
    private static final WorldView ELEMENTS = new WorldView("elements", "Elements", WorldStatus.RUNNING, 1, 4545L,
            9003, 3, 1_700_000_000_000L, 3, new WorldStatusMessage("elements", 400, 1, 0.001, 0.002, 0.003, 0), null,
            ELEMENTALS, null);
    /** Stopping: what its process last said about its modules is no longer shown. */
    private static final WorldView EPSILON = new WorldView("epsilon", "Epsilon", WorldStatus.STOPPING, 0, 4646L,
            9004, 3, 1_700_000_000_000L, 3, null, null, ELEMENTALS, null);

    @Test
    void rendersTheContractMetricsFromItsInputs() {
        DirectorMetrics metrics = new DirectorMetrics();
        metrics.worldSpawns.set(5);
        metrics.snapshotsPersisted.set(42);
        metrics.connectionsRefused = () -> 7;

        Map<String, Double> samples = samples(metrics.render(List.of(ALPHA, BETA, GAMMA, DELTA)));

        assertThat(samples).containsEntry("lor_worlds_running", 2.0);
        assertThat(samples).containsEntry("lor_players_online", 6.0);
        assertThat(samples).containsEntry("lor_world_spawns_total", 5.0);
        assertThat(samples).containsEntry("lor_snapshots_persisted_total", 42.0);
        assertThat(samples).containsEntry("lor_connections_refused_total", 7.0);
        assertThat(samples.get("lor_tick_duration_seconds{world=\"alpha\",quantile=\"0.99\"}"))
                .isCloseTo(0.0125, within(1e-12));
        assertThat(samples.get("lor_tick_duration_seconds{world=\"alpha\",quantile=\"0.5\"}"))
                .isCloseTo(0.0012, within(1e-12));
        assertThat(samples.get("lor_tick_duration_seconds{world=\"beta\",quantile=\"0.99\"}"))
                .isCloseTo(0.004, within(1e-12));
        assertThat(samples.get("lor_tick_duration_seconds{world=\"beta\",quantile=\"1\"}"))
                .isCloseTo(0.5, within(1e-12));
    }

    @Test
    void reportsNoTickDurationForAWorldWithoutStatus() {
        String text = new DirectorMetrics().render(List.of(ALPHA, GAMMA, DELTA));

        assertThat(text).contains("lor_tick_duration_seconds{world=\"alpha\",quantile=\"0.99\"}");
        assertThat(text).doesNotContain("lor_tick_duration_seconds{world=\"gamma\"")
                .doesNotContain("lor_tick_duration_seconds{world=\"delta\"");
    }

    @Test
    void countsOnlyRunningWorldsAsRunning() {
        Map<String, Double> samples = samples(new DirectorMetrics().render(List.of(GAMMA, DELTA)));

        assertThat(samples).containsEntry("lor_worlds_running", 0.0);
        assertThat(samples).containsEntry("lor_players_online", 0.0);
    }

    @Test
    void rendersZeroesWithoutWorlds() {
        Map<String, Double> samples = samples(new DirectorMetrics().render(List.of()));

        assertThat(samples).containsEntry("lor_worlds_running", 0.0)
                .containsEntry("lor_players_online", 0.0)
                .containsEntry("lor_world_spawns_total", 0.0)
                .containsEntry("lor_snapshots_persisted_total", 0.0);
        assertThat(samples.keySet()).noneMatch(series -> series.startsWith("lor_tick_duration_seconds"));
    }

    @Test
    void announcesEveryMetricWithHelpAndTypeBeforeItsSamples() {
        List<String> lines = new DirectorMetrics().render(List.of(ALPHA, BETA)).lines().toList();

        assertThat(lines).contains(
                "# TYPE lor_worlds_running gauge",
                "# TYPE lor_players_online gauge",
                "# TYPE lor_world_spawns_total counter",
                "# TYPE lor_snapshots_persisted_total counter",
                "# TYPE lor_tick_duration_seconds summary");
        for (String name : List.of("lor_worlds_running", "lor_players_online", "lor_world_spawns_total",
                "lor_snapshots_persisted_total", "lor_tick_duration_seconds")) {
            assertThat(lines).anyMatch(line -> line.startsWith("# HELP " + name + " ")
                    && line.length() > "# HELP ".length() + name.length() + 1);
        }
        Map<String, Integer> typeLine = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith("# TYPE ")) {
                typeLine.put(line.split(" ")[2], i);
            } else if (!line.startsWith("#")) {
                String family = line.split("[{ ]", 2)[0];
                assertThat(typeLine).as("TYPE before the first sample of %s", family).containsKey(family);
            }
        }
    }

    @Test
    void everySampleLineIsNameLabelsAndANumber() {
        String text = new DirectorMetrics().render(List.of(ALPHA, BETA, GAMMA, ELEMENTS));

        assertThat(text).contains("lor_module_errors_total{");
        assertThat(text).endsWith("\n");
        text.lines().filter(line -> !line.startsWith("#")).forEach(line -> {
            assertThat(line).matches("[a-z_]+(\\{[a-z]+=\"[^\"]*\"(,[a-z]+=\"[^\"]*\")*})? \\S+");
            assertThat(Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1))).isFinite();
        });
    }

    @Test
    void rendersEachHookOfEachModuleOfARunningWorldThatReportedItsModules() {
        Map<String, Double> samples = samples(new DirectorMetrics().render(List.of(ALPHA, ELEMENTS, EPSILON)));

        assertThat(samples)
                .containsEntry("lor_module_errors_total{world=\"elements\",module=\"elementals\",hook=\"wake\"}", 3.0)
                .containsEntry("lor_module_errors_total{world=\"elements\",module=\"elementals\",hook=\"act\"}", 0.0)
                .containsEntry("lor_module_errors_total{world=\"elements\",module=\"kiln_rule\",hook=\"enter\"}", 1.0)
                .containsEntry("lor_module_hook_calls_total{world=\"elements\",module=\"elementals\",hook=\"wake\"}",
                        1200.0)
                .containsEntry("lor_module_hook_seconds_total{world=\"elements\",module=\"elementals\",hook=\"act\"}",
                        0.5);
        assertThat(samples.get("lor_module_hook_seconds_total{world=\"elements\",module=\"elementals\","
                + "hook=\"wake\"}")).isCloseTo(0.0625, within(1e-12));
        assertThat(samples.get("lor_module_hook_seconds_per_tick{world=\"elements\",module=\"elementals\","
                + "hook=\"wake\"}")).isCloseTo(2.5e-5, within(1e-12));
        assertThat(samples.keySet().stream().filter(series -> series.startsWith("lor_module_"))).hasSize(12)
                .allMatch(series -> series.contains("{world=\"elements\","));
    }

    @Test
    void announcesTheModuleMetricsWithTheirTypesAndAHelpLine() {
        List<String> lines = new DirectorMetrics().render(List.of(ELEMENTS)).lines().toList();

        assertThat(lines).contains(
                "# TYPE lor_module_errors_total counter",
                "# TYPE lor_module_hook_calls_total counter",
                "# TYPE lor_module_hook_seconds_total counter",
                "# TYPE lor_module_hook_seconds_per_tick gauge");
        for (String name : List.of("lor_module_errors_total", "lor_module_hook_calls_total",
                "lor_module_hook_seconds_total", "lor_module_hook_seconds_per_tick")) {
            assertThat(lines).anyMatch(line -> line.startsWith("# HELP " + name + " ")
                    && line.length() > "# HELP ".length() + name.length() + 20);
        }
    }

    @Test
    void rendersNoModuleSeriesForWorldsWithoutModules() {
        Map<String, Double> samples = samples(new DirectorMetrics().render(List.of(ALPHA, BETA, GAMMA, DELTA)));

        assertThat(samples.keySet()).noneMatch(series -> series.startsWith("lor_module_"));
    }

    /** Series (name and labels) to value, for every sample line. */
    private static Map<String, Double> samples(String text) {
        Map<String, Double> samples = new LinkedHashMap<>();
        text.lines().filter(line -> !line.isEmpty() && !line.startsWith("#")).forEach(line -> {
            int space = line.lastIndexOf(' ');
            samples.put(line.substring(0, space), Double.parseDouble(line.substring(space + 1)));
        });
        return samples;
    }
}
