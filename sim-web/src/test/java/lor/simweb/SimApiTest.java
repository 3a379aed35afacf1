package lor.simweb;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The exported API run on the JVM. The pinned hashes are what the TeaVM-compiled {@code sim.js} returned for the same
 * calls (under Node, by hand, when this test was written); a browser test can compare against the same figures.
 */
class SimApiTest {

    @Test
    void aSeededRunHashesEveryTickAsTheCompiledScriptDid() {
        String[] hashes = SimApi.run(48, 40, 0.15, "42", 4, 20, 10_000).split(",");

        assertThat(hashes).hasSize(10_000);
        assertThat(hashes[0]).isEqualTo("d9fcc7018e134221");
        assertThat(hashes[9_999]).isEqualTo("eae77315a23cd1cf");
    }

    @Test
    void aWorldSteppedByHandHashesAsTheCompiledScriptDid() {
        int world = SimApi.create(48, 40, 0.15, "42", 4, 20);

        assertThat(SimApi.stateHash(world)).isEqualTo("e2d9437680839cfd");
        assertThat(SimApi.setIntent(world, 1, 1)).isTrue();
        assertThat(SimApi.step(world)).isEqualTo("5e0741f8560c56ba");
        SimApi.dispose(world);
    }

    @Test
    void hashesAreSixteenHexDigits() {
        assertThat(SimApi.hex(0)).isEqualTo("0000000000000000");
        assertThat(SimApi.hex(-1)).isEqualTo("ffffffffffffffff");
        assertThat(SimApi.hex(0xABCL)).isEqualTo("0000000000000abc");
    }
}
