package lor.protocol.game;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import lor.protocol.MessageCodec;
import lor.protocol.ProtocolException;
import lor.protocol.testing.TextMutations;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * The reader and the codec agree: on plain moves written every way JSON allows, and on those moves with bytes
 * deleted, inserted or replaced, the reader either gives exactly the codec's message or leaves the frame to it.
 */
class MoveFrameReaderAgreementTest {

    private static final String[] WHITESPACE = {"", "", "", " ", "\t", "\n", "\r", "  "};
    /** Bytes that matter to JSON and to the reader, and a few that do not, for mutations. */
    private static final String MUTATION_CHARS = "{}[]:,\"\\ \t\n\r\f-+.eE0123456789NESWnulltrmovefx\u00e9\u0000";

    private final MessageCodec codec = GameMessages.serverCodec();

    @Property(tries = 1000)
    void readsEveryPlainMoveAsTheCodecDoes(@ForAll("plainMoves") String frame) throws ProtocolException {
        MoveMessage read = MoveFrameReaderTest.read(frame);

        assertThat(read).as("read %s", frame).isNotNull();
        assertThat(read).isEqualTo(codec.decode(frame));
    }

    @Property(tries = 3000)
    void neverReadsAFrameOtherwiseThanTheCodec(@ForAll("mutatedMoves") String frame) {
        MoveMessage read = MoveFrameReaderTest.read(frame);
        Statistics.collect(read == null ? "left to the codec" : "read");
        if (read == null) {
            return;
        }
        try {
            assertThat(codec.decode(frame)).as("codec on %s", frame).isEqualTo(read);
        } catch (ProtocolException e) {
            throw new AssertionError("the reader took " + frame + " which the codec refuses: " + e.getMessage());
        }
    }

    @Provide
    Arbitrary<String> plainMoves() {
        Arbitrary<String> dir = Arbitraries.of("N", "E", "S", "W");
        Arbitrary<Long> seq = Arbitraries.longs().between(0, 999_999_999_999_999_999L)
                .edgeCases(edges -> edges.includeOnly(0L, 1L, 999_999_999_999_999_999L));
        Arbitrary<String> ref = Arbitraries.oneOf(
                Arbitraries.just((String) null),
                Arbitraries.just("null"),
                Arbitraries.strings().withCharRange(' ', '~').excludeChars('"', '\\').ofMaxLength(12)
                        .map(s -> "\"" + s + "\""));
        Arbitrary<Long> layout = Arbitraries.longs();
        return Combinators.combine(dir, seq, ref, layout).as(MoveFrameReaderAgreementTest::write);
    }

    @Provide
    Arbitrary<String> mutatedMoves() {
        return TextMutations.of(plainMoves(), MUTATION_CHARS);
    }

    /** The fields in an order and with whitespace chosen by {@code layout}; {@code ref} as JSON text or absent. */
    private static String write(String dir, long seq, String ref, long layout) {
        Random random = new Random(layout);
        List<String> members = new ArrayList<>(List.of(
                member(random, "type", "\"move\""),
                member(random, "dir", "\"" + dir + "\""),
                member(random, "seq", Long.toString(seq))));
        if (ref != null) {
            members.add(member(random, "ref", ref));
        }
        Collections.shuffle(members, random);
        return space(random) + "{" + String.join(",", members) + "}" + space(random);
    }

    private static String member(Random random, String key, String value) {
        return space(random) + "\"" + key + "\"" + space(random) + ":" + space(random) + value + space(random);
    }

    private static String space(Random random) {
        return WHITESPACE[random.nextInt(WHITESPACE.length)];
    }
}
