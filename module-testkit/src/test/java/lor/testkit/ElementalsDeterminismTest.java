package lor.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The built-in elementals, played at random (players walking and casting, leaving and coming back, elementals hunting
 * them), agree with themselves tick by tick: the quick version of the figure in docs/benchmarks.md
 * ({@code lor.bench.ModuleDeterminism}, 100 seeds x 10,000 ticks).
 */
class ElementalsDeterminismTest {

    @Test
    void threeSeedsOfTwoThousandTicksAgreeAndSoDoesARestartHalfway() {
        for (DeterminismReport report : Determinism.checkSeeds(ElementalsPlay::world, ElementalsPlay::session, 1, 3,
                2_000)) {
            report.assertDeterministic();
        }
        DeterminismReport restarted = Determinism.check(ElementalsPlay::world, ElementalsPlay::session, 4, 2_000,
                1_000);
        assertThat(restarted.deterministic()).as(restarted.toString()).isTrue();
    }
}
