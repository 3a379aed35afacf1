package lor.simweb;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

import org.junit.jupiter.api.Test;

/**
 * The test script's seeded worlds ({@link SimTestApi}, {@link SeededWorlds}) run on the JVM. The pinned hashes are
 * what the TeaVM-compiled script returned for the same calls, and the SHA-256 of a whole run's hash string covers
 * every tick of it. They were recomputed on the JVM when the state hash moved from 64-bit FNV-1a to the int-only
 * {@code StateHash}, then checked by hand under Node 20 against the compiled script built from the same sources:
 * every figure here, both digests included, came out the same. test-client's {@code BrowserSimParityIT} compares the
 * compiled script with the JVM in Chromium tick by tick, on these worlds and on content packs.
 */
class SeededWorldsTest {

    @Test
    void aSeededRunWithoutObjectsHashesEveryTickAsTheCompiledScriptDid() {
        String run = SimTestApi.run(48, 40, 0.15, "42", 4, 20, 0, 10_000);
        String[] hashes = run.split(",");

        assertThat(hashes).hasSize(10_000);
        assertThat(hashes[0]).isEqualTo("03be11a30323fa9c");
        assertThat(hashes[4_999]).isEqualTo("3c6292af6678aef2");
        assertThat(hashes[9_999]).isEqualTo("bf4ccc60396df5dd");
        assertThat(sha256(run)).isEqualTo("357dd225b7034f71a807047992baf072660ed8285240168d7faee5160531c4d1");
    }

    @Test
    void aSeededRunWithObjectsAndBuildsHashesEveryTickAsTheCompiledScriptDid() {
        String run = SimTestApi.run(48, 40, 0.15, "42", 4, 20, 200, 10_000);
        String[] hashes = run.split(",");

        assertThat(hashes).hasSize(10_000);
        assertThat(hashes[0]).isEqualTo("833df592f127ac99");
        assertThat(hashes[4_999]).isEqualTo("88488ee22352c1eb");
        assertThat(hashes[9_999]).isEqualTo("91a7781593bf863d");
        assertThat(sha256(run)).isEqualTo("bead496c1d0faa6fafc71f768b211b8477e092a49fe050e36f157b628beff9f4");
    }

    @Test
    void aWorldSteppedByHandHashesAsTheCompiledScriptDid() {
        int world = SimTestApi.create(48, 40, 0.15, "42", 4, 20, 50);

        assertThat(SimTestApi.stateHash(world)).isEqualTo("674e7384d896b100");
        assertThat(SimTestApi.setIntent(world, 1, 1)).isTrue();
        assertThat(SimTestApi.step(world)).isEqualTo("222b2df42e045a7b");
        assertThat(SimTestApi.setAction(world, 2, 0, 1, 0, 1)).isTrue();
        assertThat(SimTestApi.step(world)).isEqualTo("3e7de044e6717d13");
        SimTestApi.dispose(world);
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

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.US_ASCII)));
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }
}
