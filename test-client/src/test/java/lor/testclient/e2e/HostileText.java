package lor.testclient.e2e;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Pattern;

import lor.protocol.Names;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Strings an attacker puts where a client should put a name, an id, a token or a password: NUL and other controls,
 * unpaired surrogates, non-characters, bidirectional marks, line separators, text that looks like SQL or JSON or a
 * path, look-alikes of real ids, and strings of 32 to 70 thousand characters, around and inside valid-looking text.
 * None of them is a valid id of any documented form ({@code [A-Za-z0-9_-]}, at most 64 characters), so none can
 * name an account, world, template, map or token; some are valid display names and passwords, and the tests'
 * oracles say so by the documented rules, not by the server's code.
 *
 * <p>Strings go on the wire JSON-escaped to ASCII ({@link #json}), so an unpaired surrogate arrives as the JSON
 * escape a hostile client would write, not as the replacement character a UTF-8 encoder would make of it.
 */
final class HostileText {

    private static final Pattern ANY_ID = Pattern.compile("[A-Za-z0-9_-]{1,64}");

    /** Single characters and short sequences that break naive code: each one alone is hostile. */
    private static final List<String> SPECIALS = List.of(
            "\u0000", "\u0001", "\u0007", "\u001b[31m", "\r\n", "\t", "\u007f", "\u0085",
            "\ud800", "\udc00", "\udbff", "\udfff", "\udc00\ud800",
            "\ufffe", "\uffff", "\ufdd0", "\ufdef", "\ud83f\udffe", "\udbff\udfff",
            "\u200e", "\u200f", "\u202a", "\u202e", "\u2066", "\u2069", "\u061c", "\u200b", "\ufeff",
            "\u2028", "\u2029", "\u00a0", "\u3000",
            "\ufffd", "\ud83d\ude00", "e\u0301", "\u0130", "\u212a");

    /** Text that looks like something a server might interpret. */
    private static final List<String> LOOKALIKES = List.of(
            "' OR '1'='1", "'); DROP TABLE accounts; --", "\"; DELETE FROM worlds; --", "1; SELECT pg_sleep(5)",
            "$$", "E'\\x00'", "\\u0000", "\\\\", "\\", "\"", "'", "%00", "%2e%2e%2f", "../../../etc/passwd", "/",
            "?", "#", "&", "=", "*", ".", " ", "{\"type\":\"login\"}", "\"},{\"type\":\"register\",\"x\":\"",
            "[]", "{}", "null", "true", "-1", "1e999", "NaN", "${jndi:ldap://127.0.0.1/a}", "<script>alert(1)</script>",
            "ｓｔａｒｔ", "stärt", "start ", " start", "start\n", "Start!", "st art", "wörld", "@everyone");

    private static final List<String> AROUND = List.of("", "", "start", "meadow", "lor", "player_1", "a-b", "0");

    private HostileText() {
    }

    /** A hostile string: see the class comment. Never a valid id. */
    static Arbitrary<String> strings() {
        Arbitrary<String> core = Arbitraries.frequencyOf(
                Tuple.of(4, Arbitraries.of(SPECIALS)),
                Tuple.of(3, Arbitraries.of(LOOKALIKES)),
                Tuple.of(3, Arbitraries.strings().all().ofMinLength(1).ofMaxLength(24)),
                Tuple.of(1, Arbitraries.of(32_000, 65_000, 70_000).map(n -> "w".repeat(n))));
        Arbitrary<String> around = Arbitraries.of(AROUND);
        return Combinators.combine(around, core, around).as((before, middle, after) -> before + middle + after)
                .filter(s -> !ANY_ID.matcher(s).matches());
    }

    /** {@code s} as a JSON string literal in ASCII: every other character as a {@code \}{@code uXXXX} escape. */
    static String json(String s) {
        StringBuilder out = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c >= 0x20 && c < 0x7f) {
                out.append(c);
            } else {
                out.append(String.format("\\u%04x", (int) c));
            }
        }
        return out.append('"').toString();
    }

    /** The frame's size on the wire: over 64 KiB the contract closes the connection (1009). */
    static boolean oversize(String frame) {
        return frame.getBytes(StandardCharsets.UTF_8).length > 64 * 1024;
    }

    /**
     * The README's rule for a display name (a world's or template's), written from the README rather than taken from
     * the server's code, so that the two check each other: 1 to 64 characters after trimming spaces,
     * all printable: no control or format character (bidirectional marks included), no unpaired surrogate, no
     * non-character, no line or paragraph separator.
     */
    static boolean isDisplayName(String s) {
        String text = s.strip();
        if (text.isEmpty() || text.codePointCount(0, text.length()) > 64 || Names.hasUnpairedSurrogate(text)) {
            return false;
        }
        return text.codePoints().allMatch(HostileText::printable);
    }

    private static boolean printable(int cp) {
        int type = Character.getType(cp);
        boolean nonCharacter = cp >= 0xfdd0 && cp <= 0xfdef || (cp & 0xfffe) == 0xfffe;
        return type != Character.CONTROL && type != Character.FORMAT && type != Character.SURROGATE
                && type != Character.UNASSIGNED && type != Character.LINE_SEPARATOR
                && type != Character.PARAGRAPH_SEPARATOR && type != Character.PRIVATE_USE && !nonCharacter;
    }

    /** The contract's password rule: at least 8 characters; the README's: at most 1024, and valid text. */
    static boolean isPassword(String s) {
        return !Names.hasUnpairedSurrogate(s) && s.codePointCount(0, s.length()) >= 8 && s.length() <= 1024;
    }
}
