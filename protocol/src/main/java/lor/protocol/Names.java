package lor.protocol;

import java.util.regex.Pattern;

/**
 * The documented forms of every identifier and name a client or operator sends, in one place: a string is checked
 * here before it reaches a lookup, the database or another director, so that one that cannot name anything is
 * answered as unknown (or refused as invalid) without a round trip, and text PostgreSQL or a UTF-8 encoder cannot
 * carry (NUL, an unpaired surrogate) never gets that far.
 */
public final class Names {

    /** A world's id: 1-32 of {@code a-z 0-9 _ -} (the {@code worlds} table's check). */
    public static final Pattern WORLD_ID = Pattern.compile("[a-z0-9_-]{1,32}");
    /** A template's id: 1-24 of {@code a-z 0-9 _ -}, leaving room for {@code -N} in its instances' world ids. */
    public static final Pattern TEMPLATE_ID = Pattern.compile("[a-z0-9_-]{1,24}");
    /** The contract's username: 3-32 of {@code A-Z a-z 0-9 _ -}. */
    public static final Pattern USERNAME = Pattern.compile("[A-Za-z0-9_-]{3,32}");
    /** A map's, content pack's or object kind's name: 1-32 of {@code a-z 0-9 _ -}. */
    public static final Pattern CONTENT_NAME = Pattern.compile("[a-z0-9_-]{1,32}");
    /**
     * The contract's name of a game module's module, action, field, attribute, cell value, enum value or reason: 1-32
     * of {@code a-z 0-9 _}, starting with a letter. The same form as sim-core's pack ids, written again here because
     * protocol does not depend on sim-core.
     */
    public static final Pattern MODULE_NAME = Pattern.compile("[a-z][a-z0-9_]{0,31}");
    /** A session or spawn token: 256 bits as 43 characters of URL-safe base64 ({@code Secrets.random256}). */
    public static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9_-]{43}");
    /** The longest display name (a world's or a template's), in characters. */
    public static final int MAX_DISPLAY_NAME = 64;

    private Names() {
    }

    public static boolean isWorldId(String s) {
        return matches(WORLD_ID, s);
    }

    public static boolean isTemplateId(String s) {
        return matches(TEMPLATE_ID, s);
    }

    public static boolean isUsername(String s) {
        return matches(USERNAME, s);
    }

    public static boolean isContentName(String s) {
        return matches(CONTENT_NAME, s);
    }

    public static boolean isModuleName(String s) {
        return matches(MODULE_NAME, s);
    }

    public static boolean isToken(String s) {
        return matches(TOKEN, s);
    }

    /**
     * A display name as an operator may give a world or a template: after trimming spaces, 1 to
     * {@value #MAX_DISPLAY_NAME} characters, every one printable: no control or format character (so no NUL and no
     * bidirectional override that would reorder what an operator's page shows), no surrogate without its pair, no
     * non-character, private-use or unassigned code point, and no line or paragraph separator.
     *
     * @param s the name as sent, not yet trimmed
     */
    public static boolean isDisplayName(String s) {
        if (s == null) {
            return false;
        }
        String name = s.strip();
        if (name.isEmpty() || name.codePointCount(0, name.length()) > MAX_DISPLAY_NAME) {
            return false;
        }
        return name.codePoints().allMatch(Names::printable);
    }

    /** Whether {@code s} holds a surrogate without its other half: text that no UTF-8 encoder can carry. */
    public static boolean hasUnpairedSurrogate(CharSequence s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return true;
            }
        }
        return false;
    }

    /** {@code s} cut to {@code max} characters for a message or a log line, with an ellipsis when cut. */
    public static String shorten(String s, int max) {
        if (s.length() <= max) {
            return s;
        }
        int end = Character.isHighSurrogate(s.charAt(max - 1)) ? max - 1 : max;
        return s.substring(0, end) + "…";
    }

    private static boolean matches(Pattern pattern, String s) {
        // The pattern's bounds are small: a long string is refused before the matcher walks it.
        return s != null && s.length() <= 64 && pattern.matcher(s).matches();
    }

    private static boolean printable(int cp) {
        if (cp >= 0xFDD0 && cp <= 0xFDEF || (cp & 0xFFFE) == 0xFFFE) {
            return false;
        }
        return switch (Character.getType(cp)) {
            case Character.CONTROL, Character.FORMAT, Character.SURROGATE, Character.PRIVATE_USE,
                 Character.UNASSIGNED, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR -> false;
            default -> true;
        };
    }
}
