package lor.simweb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import lor.sim.world.IntentOutcome;
import lor.sim.world.World;
import org.junit.jupiter.api.Test;

/**
 * The test script's seeded worlds ({@link SimTestApi}, {@link SeededWorlds}) on the JVM: what the browser parity test
 * compares with the compiled script. No hash is pinned here: whether the compiled script hashes as the JVM does is
 * {@code BrowserSimParityIT}'s to check, in Chromium, tick by tick; a pinned figure would change with every rule of
 * sim-core (NPC planning, for one) and say nothing about the script.
 */
class SeededWorldsTest {

    @Test
    void aSeededRunHashesEveryTickAndAgainTheSame() {
        String[] run = SimTestApi.run(48, 40, 0.15, "42", 4, 20, 200, 2_000).split(",");
        String[] again = SimTestApi.run(48, 40, 0.15, "42", 4, 20, 200, 2_000).split(",");
        String[] otherSeed = SimTestApi.run(48, 40, 0.15, "43", 4, 20, 200, 2_000).split(",");

        assertThat(run).hasSize(2_000).allMatch(hash -> hash.matches("[0-9a-f]{16}"));
        assertThat(again).containsExactly(run);
        assertThat(Arrays.stream(run).distinct().count()).as("distinct states").isGreaterThan(1_900);
        assertThat(otherSeed[0]).isNotEqualTo(run[0]);
    }

    @Test
    void aWorldSteppedByHandTakesItsIntentsAndActionsAsItsTwinDoes() {
        int world = SimTestApi.create(48, 40, 0.15, "42", 4, 20, 50);
        int twin = SimTestApi.create(48, 40, 0.15, "42", 4, 20, 50);
        World w = SeededWorlds.world(world);

        assertThat(SimTestApi.stateHash(world)).isEqualTo(SimTestApi.stateHash(twin));
        assertThat(SimTestApi.setIntent(world, 1, 1)).isTrue();
        assertThat(SimTestApi.setIntent(world, 1, 2)).as("a second intent in one tick").isFalse();
        assertThat(SimTestApi.setIntent(twin, 1, 1)).isTrue();
        assertThat(SimTestApi.step(world)).isEqualTo(SimTestApi.step(twin));
        assertThat(outcomes(w)).as("outcomes of the move").containsKey(w.entityOf(1));
        assertThat(SimTestApi.setAction(world, 2, 0, 1, 0, 1)).isTrue();
        assertThat(SimTestApi.setAction(twin, 2, 0, 1, 0, 1)).isTrue();
        assertThat(SimTestApi.step(world)).isEqualTo(SimTestApi.step(twin));
        assertThat(outcomes(w)).as("outcomes of the build").containsKey(w.entityOf(2));
        SimTestApi.dispose(world);
        SimTestApi.dispose(twin);
    }

    @Test
    void advancingWithoutHashesReachesTheSameState() {
        int stepped = SimTestApi.create(48, 40, 0.15, "7", 3, 10, 30);
        int advanced = SimTestApi.create(48, 40, 0.15, "7", 3, 10, 30);
        String last = null;
        for (int i = 0; i < 100; i++) {
            last = SimTestApi.step(stepped);
        }

        assertThat(SimTestApi.advance(advanced, 100)).isEqualTo(100.0);
        assertThat(SimTestApi.stateHash(advanced)).isEqualTo(last);
    }

    @Test
    void hashesAreSixteenHexDigits() {
        assertThat(SimTestApi.hex(0)).isEqualTo("0000000000000000");
        assertThat(SimTestApi.hex(-1)).isEqualTo("ffffffffffffffff");
        assertThat(SimTestApi.hex(0xABCL)).isEqualTo("0000000000000abc");
    }

    /** What the last step did to players' intents, by entity. */
    private static Map<Integer, IntentOutcome> outcomes(World world) {
        Map<Integer, IntentOutcome> out = new HashMap<>();
        for (int i = 0; i < world.events().count(); i++) {
            out.put(world.events().entityId(i), world.events().result(i));
        }
        return out;
    }
}
