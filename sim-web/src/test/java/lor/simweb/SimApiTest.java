package lor.simweb;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

import org.junit.jupiter.api.Test;

/**
 * The exported API run on the JVM. The pinned hashes are what the TeaVM-compiled {@code sim.js} returned for the same
 * calls (under Node, by hand, when this test was written), and the SHA-256 of a whole run's hash string covers every
 * tick of it; a browser test can compare against the same figures.
 */
class SimApiTest {

    @Test
    void aSeededRunWithoutObjectsHashesEveryTickAsTheCompiledScriptDid() {
        String run = SimApi.run(48, 40, 0.15, "42", 4, 20, 0, 10_000);
        String[] hashes = run.split(",");

        assertThat(hashes).hasSize(10_000);
        assertThat(hashes[0]).isEqualTo("d9fcc7018e134221");
        assertThat(hashes[4_999]).isEqualTo("9fbeecbe58c3b542");
        assertThat(hashes[9_999]).isEqualTo("99ff431c95269115");
        assertThat(sha256(run)).isEqualTo("c5e41f083718d4b673d05bab6d5ab3a8f4678b0496db924a2a8b266bd318dbeb");
    }

    @Test
    void aSeededRunWithObjectsAndBuildsHashesEveryTickAsTheCompiledScriptDid() {
        String run = SimApi.run(48, 40, 0.15, "42", 4, 20, 200, 10_000);
        String[] hashes = run.split(",");

        assertThat(hashes).hasSize(10_000);
        assertThat(hashes[0]).isEqualTo("4ab7d6f1d50959ce");
        assertThat(hashes[4_999]).isEqualTo("ce7d1f20d4e6cfc2");
        assertThat(hashes[9_999]).isEqualTo("3b4500376011ce36");
        assertThat(sha256(run)).isEqualTo("ed7aeb45758a87ad1361d63fed881e76f888dc09e8e0375d481db0534a75e243");
    }

    @Test
    void aWorldSteppedByHandHashesAsTheCompiledScriptDid() {
        int world = SimApi.create(48, 40, 0.15, "42", 4, 20, 50);

        assertThat(SimApi.stateHash(world)).isEqualTo("30befd592602951f");
        assertThat(SimApi.setIntent(world, 1, 1)).isTrue();
        assertThat(SimApi.step(world)).isEqualTo("b329a2e15c3b77f9");
        assertThat(SimApi.setAction(world, 2, 0, 1, 0, 1)).isTrue();
        assertThat(SimApi.step(world)).isEqualTo("d47bf35eebd67c7e");
        SimApi.dispose(world);
    }

    @Test
    void advancingWithoutHashesReachesTheSameState() {
        int stepped = SimApi.create(48, 40, 0.15, "7", 3, 10, 30);
        int advanced = SimApi.create(48, 40, 0.15, "7", 3, 10, 30);
        String last = null;
        for (int i = 0; i < 100; i++) {
            last = SimApi.step(stepped);
        }

        assertThat(SimApi.advance(advanced, 100)).isEqualTo(100.0);
        assertThat(SimApi.stateHash(advanced)).isEqualTo(last);
    }

    @Test
    void hashesAreSixteenHexDigits() {
        assertThat(SimApi.hex(0)).isEqualTo("0000000000000000");
        assertThat(SimApi.hex(-1)).isEqualTo("ffffffffffffffff");
        assertThat(SimApi.hex(0xABCL)).isEqualTo("0000000000000abc");
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.US_ASCII)));
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }
}
