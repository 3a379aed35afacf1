package lor.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import lor.sim.module.GameModule;
import org.junit.jupiter.api.Test;

class DeterminismTest {

    private static final String MAP = """
            ..........
            ..#.......
            ....S..#..
            ..........
            """;

    private static TestWorld world(GameModule module, long seed) {
        String name = module.spec().name();
        return TestWorld.builder().pack("{\"name\": \"p\", \"modules\": [\"" + name + "\"]}").map(MAP)
                .modules(module).seed(seed).build();
    }

    @Test
    void aModuleByTheRulesAgreesTickByTickAlsoThroughARestart() {
        List<DeterminismReport> reports = Determinism.checkSeeds(seed -> world(new Beacons(), seed),
                seed -> new RandomPlay(seed, 3), 1, 3, 500);
        assertThat(reports).allMatch(DeterminismReport::deterministic);
        assertThat(reports).extracting(DeterminismReport::first).doesNotHaveDuplicates();
        DeterminismReport restarted = Determinism.check(seed -> world(new Beacons(), seed),
                seed -> new RandomPlay(seed, 3), 4, 500, 250);
        assertThat(restarted.deterministic()).as(restarted.toString()).isTrue();
    }

    @Test
    void aStaticCounterIsCaughtAtTheFirstTickItCounts() {
        DeterminismReport report = Determinism.check(seed -> world(new RuleBreakers.StaticCounter(), seed),
                seed -> new RandomPlay(seed, 2), 1, 500);
        assertThat(report.deterministic()).isFalse();
        assertThat(report.differingTick()).isBetween(1L, 20L);
        assertThat(report.ticks()).isEqualTo(report.differingTick());
        assertThatThrownBy(report::assertDeterministic).isInstanceOf(AssertionError.class)
                .hasMessageStartingWith("seed 1: the runs differ after tick " + report.differingTick());
    }

    @Test
    void stateKeptInTheRulesObjectPassesStraightRunsButNotARestart() {
        DeterminismReport straight = Determinism.check(seed -> world(new RuleBreakers.HiddenState(), seed),
                seed -> new RandomPlay(seed, 2), 1, 300);
        assertThat(straight.deterministic()).as(straight.toString()).isTrue();
        DeterminismReport restarted = Determinism.check(seed -> world(new RuleBreakers.HiddenState(), seed),
                seed -> new RandomPlay(seed, 2), 1, 300, 100);
        assertThat(restarted.deterministic()).isFalse();
        assertThat(restarted.differingTick()).isGreaterThan(100);
    }
}
