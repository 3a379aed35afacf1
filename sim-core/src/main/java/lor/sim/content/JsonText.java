package lor.sim.content;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict JSON reader (RFC 8259) for the browser, where sim-core has no Jackson: TeaVM compiles it to JavaScript, so
 * it uses no reflection and no regular expressions. A value is read as a tree of plain objects: {@code Map}
 * ({@code LinkedHashMap}, to keep the order of the text), {@code List}, {@code String}, {@link Num},
 * {@code Boolean}, and Java {@code null} for JSON {@code null}.
 *
 * <p>Errors name the line and column, as the server's reader does, so an author sees the same kind of message in
 * either place. A key given twice is an error rather than a silent replacement of the first.
 */
final class JsonText {

    /**
     * A number as written. Kept as text so the binding can tell {@code 4} from {@code 4.0}, both of which a
     * {@code double} would make equal, and refuse the second where a whole number belongs.
     *
     * @param integral whether it has neither a fraction nor an exponent
     */
    record Num(String text, boolean integral) {
    }

    private final String text;
    private int pos;

    private JsonText(String text) {
        this.text = text;
    }

    /** @throws ContentException when the text is not exactly one JSON value */
    static Object parse(String text) {
        JsonText reader = new JsonText(text);
        reader.skipWhitespace();
        Object value = reader.value("");
        reader.skipWhitespace();
        if (reader.pos < text.length()) {
            throw reader.error("more follows the end of the pack (a text holds one pack)");
        }
        return value;
    }

    /** @param path where the value sits, only to say where a repeated key is */
    private Object value(String path) {
        if (pos >= text.length()) {
            throw error("the text ends too soon: expected a value");
        }
        char c = text.charAt(pos);
        switch (c) {
            case '{':
                return object(path);
            case '[':
                return array(path);
            case '"':
                return string();
            case 't':
                return literal("true", Boolean.TRUE);
            case 'f':
                return literal("false", Boolean.FALSE);
            case 'n':
                return literal("null", null);
            default:
                if (c == '-' || isDigit(c)) {
                    return number();
                }
                throw error("unexpected " + describe(c) + ": expected a value");
        }
    }

    private Map<String, Object> object(String path) {
        Map<String, Object> map = new LinkedHashMap<>();
        pos++;
        skipWhitespace();
        if (peek() == '}') {
            pos++;
            return map;
        }
        while (true) {
            if (peek() != '"') {
                throw unexpected("'\"' to start a field name");
            }
            int keyStart = pos;
            String key = string();
            if (map.containsKey(key)) {
                pos = keyStart;
                throw error(quote(key) + " is given twice" + (path.isEmpty() ? "" : " in " + path));
            }
            skipWhitespace();
            expect(':');
            skipWhitespace();
            map.put(key, value(path.isEmpty() ? key : path + "." + key));
            skipWhitespace();
            if (peek() == ',') {
                pos++;
                skipWhitespace();
            } else if (peek() == '}') {
                pos++;
                return map;
            } else {
                throw unexpected("',' or '}'");
            }
        }
    }

    private List<Object> array(String path) {
        List<Object> list = new ArrayList<>();
        pos++;
        skipWhitespace();
        if (peek() == ']') {
            pos++;
            return list;
        }
        while (true) {
            list.add(value(path + "[" + list.size() + "]"));
            skipWhitespace();
            if (peek() == ',') {
                pos++;
                skipWhitespace();
            } else if (peek() == ']') {
                pos++;
                return list;
            } else {
                throw unexpected("',' or ']'");
            }
        }
    }

    private String string() {
        pos++;
        StringBuilder s = new StringBuilder();
        while (true) {
            if (pos >= text.length()) {
                throw error("the text ends too soon: expected '\"'");
            }
            char c = text.charAt(pos);
            if (c == '"') {
                pos++;
                return s.toString();
            }
            if (c < 0x20) {
                throw error("unexpected " + describe(c) + " in a string: write it as an escape");
            }
            if (c != '\\') {
                s.append(c);
                pos++;
                continue;
            }
            pos++;
            if (pos >= text.length()) {
                throw error("the text ends too soon: expected an escape");
            }
            char e = text.charAt(pos);
            switch (e) {
                case '"', '\\', '/' -> s.append(e);
                case 'b' -> s.append('\b');
                case 'f' -> s.append('\f');
                case 'n' -> s.append('\n');
                case 'r' -> s.append('\r');
                case 't' -> s.append('\t');
                case 'u' -> {
                    // A pair of escapes for a character beyond the BMP is two UTF-16 units, as Java strings hold it.
                    s.append(hex4());
                    continue;
                }
                default -> throw error("unexpected " + describe(e) + " after '\\': not an escape");
            }
            pos++;
        }
    }

    /** Reads the four hex digits of a {@code u} escape, with {@link #pos} on the {@code u}. */
    private char hex4() {
        int value = 0;
        for (int i = 1; i <= 4; i++) {
            int digit = pos + i < text.length() ? Character.digit(text.charAt(pos + i), 16) : -1;
            if (digit < 0) {
                pos += i;
                throw error("expected four hex digits after '\\u'");
            }
            value = value * 16 + digit;
        }
        pos += 5;
        return (char) value;
    }

    private Num number() {
        int start = pos;
        boolean integral = true;
        if (peek() == '-') {
            pos++;
        }
        if (peek() == '0') {
            pos++;
        } else if (isDigit(peek())) {
            digits();
        } else {
            throw unexpected("a digit");
        }
        if (peek() == '.') {
            integral = false;
            pos++;
            expectDigits();
        }
        if (peek() == 'e' || peek() == 'E') {
            integral = false;
            pos++;
            if (peek() == '+' || peek() == '-') {
                pos++;
            }
            expectDigits();
        }
        return new Num(text.substring(start, pos), integral);
    }

    private void expectDigits() {
        if (!isDigit(peek())) {
            throw unexpected("a digit");
        }
        digits();
    }

    private void digits() {
        while (isDigit(peek())) {
            pos++;
        }
    }

    private Object literal(String word, Object value) {
        if (!text.startsWith(word, pos)) {
            throw error("unexpected " + describe(text.charAt(pos)) + ": expected a value");
        }
        pos += word.length();
        return value;
    }

    private void expect(char c) {
        if (peek() != c) {
            throw unexpected("'" + c + "'");
        }
        pos++;
    }

    private void skipWhitespace() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return;
            }
            pos++;
        }
    }

    /** The character at {@link #pos}, or 0 at the end (which no rule accepts where it matters). */
    private char peek() {
        return pos < text.length() ? text.charAt(pos) : 0;
    }

    private ContentException unexpected(String expected) {
        if (pos >= text.length()) {
            return error("the text ends too soon: expected " + expected);
        }
        return error("unexpected " + describe(text.charAt(pos)) + ": expected " + expected);
    }

    private ContentException error(String problem) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < pos && i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return new ContentException("", "line " + line + ", column " + (pos - lineStart + 1) + ": " + problem);
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static String describe(char c) {
        return c < 0x20 ? "a control character (code " + (int) c + ")" : "character '" + c + "'";
    }

    /** {@code "key"}, with quotes and backslashes escaped, as a message shows a string found in the text. */
    static String quote(String s) {
        StringBuilder q = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                q.append('\\').append(c);
            } else if (c < 0x20) {
                String hex = Integer.toHexString(c);
                q.append("\\u").append("0000", hex.length(), 4).append(hex);
            } else {
                q.append(c);
            }
        }
        return q.append('"').toString();
    }
}
