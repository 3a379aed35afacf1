package lor.protocol.testing;

import java.util.Random;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/** Texts with one to three characters inserted, deleted or replaced: well-formed input made slightly wrong. */
public final class TextMutations {

    private TextMutations() {
    }

    /** @param chars the characters inserted or written over, those that matter to the reader under test */
    public static Arbitrary<String> of(Arbitrary<String> texts, String chars) {
        Arbitrary<Integer> edits = Arbitraries.integers().between(1, 3);
        return Combinators.combine(texts, edits, Arbitraries.longs()).as((text, count, seed) -> {
            Random random = new Random(seed);
            StringBuilder out = new StringBuilder(text);
            for (int i = 0; i < count; i++) {
                int at = random.nextInt(out.length() + 1);
                char c = chars.charAt(random.nextInt(chars.length()));
                switch (random.nextInt(3)) {
                    case 0 -> out.insert(at, c);
                    case 1 -> {
                        if (at < out.length()) {
                            out.deleteCharAt(at);
                        }
                    }
                    default -> {
                        if (at < out.length()) {
                            out.setCharAt(at, c);
                        }
                    }
                }
            }
            return out.toString();
        });
    }
}
