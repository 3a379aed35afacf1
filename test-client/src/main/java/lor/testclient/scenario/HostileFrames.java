package lor.testclient.scenario;

import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded text frames that no endpoint may accept: malformed JSON, JSON that is no object, objects without a usable
 * {@code type}, unknown types with odd payloads (deep nesting, huge numbers, long strings), and known requests with
 * fields of the wrong type. None of them is a valid request on {@code /ws} (for a connection that has not logged
 * in) or on {@code /game} (after {@code hello}), so each must be answered with an error and change nothing.
 */
final class HostileFrames {

    private static final List<String> VALID = List.of(
            "{\"type\":\"join_world\",\"worldId\":\"start\",\"ref\":1}",
            "{\"type\":\"move\",\"dir\":\"N\",\"seq\":1}",
            "{\"type\":\"login\",\"username\":\"someone\",\"password\":\"secret-secret\"}",
            "{\"type\":\"hello\",\"ticket\":\"abc.def\"}");
    private static final String[] NUMBERS = {"1e400", "-1e400", "9223372036854775808", "-0", "1.5e-400",
            "123456789012345678901234567890", "NaN", "Infinity", "0x10", "01"};
    private static final String[] NOT_OBJECTS = {"[]", "[1,2,3]", "42", "\"move\"", "null", "true", "false", "[{}]"};

    private final SplittableRandom random;

    HostileFrames(long seed) {
        random = new SplittableRandom(seed);
    }

    String next() {
        return switch (random.nextInt(9)) {
            case 0 -> truncated();
            case 1 -> junk();
            case 2 -> NOT_OBJECTS[random.nextInt(NOT_OBJECTS.length)];
            case 3 -> "{\"type\":" + typeOfWrongKind() + ",\"ref\":" + random.nextInt(1000) + "}";
            case 4 -> "{\"ref\":\"no-type\",\"dir\":\"N\",\"seq\":" + random.nextInt() + "}";
            case 5 -> "{\"type\":\"" + unknownType() + "\",\"payload\":" + deep(50 + random.nextInt(2_000)) + "}";
            case 6 -> "{\"type\":\"" + unknownType() + "\",\"n\":" + NUMBERS[random.nextInt(NUMBERS.length)]
                    + ",\"s\":\"" + "\u00e9\u4e16".repeat(random.nextInt(4_000)) + "\"}";
            case 7 -> "{\"type\":\"join_world\",\"worldId\":" + NUMBERS[random.nextInt(NUMBERS.length)] + "}";
            default -> "{\"type\":\"move\",\"dir\":\"" + (random.nextBoolean() ? "UP" : "") + "\",\"seq\":"
                    + NUMBERS[random.nextInt(NUMBERS.length)] + ",\"x\":" + random.nextInt() + "}";
        };
    }

    private String truncated() {
        String valid = VALID.get(random.nextInt(VALID.size()));
        return valid.substring(0, 1 + random.nextInt(valid.length() - 2));
    }

    private String junk() {
        StringBuilder text = new StringBuilder();
        int length = 1 + random.nextInt(200);
        for (int i = 0; i < length; i++) {
            text.append((char) (0x20 + random.nextInt(0x5f)));
        }
        // Starting with a letter makes it no JSON value at all.
        return "x" + text;
    }

    private String typeOfWrongKind() {
        return switch (random.nextInt(5)) {
            case 0 -> NUMBERS[random.nextInt(NUMBERS.length)];
            case 1 -> "[\"login\"]";
            case 2 -> "{\"name\":\"login\"}";
            case 3 -> "null";
            default -> "true";
        };
    }

    private String unknownType() {
        return "no_such_type_" + Integer.toString(random.nextInt(1 << 20), 36);
    }

    private static String deep(int depth) {
        return "[".repeat(depth) + "]".repeat(depth);
    }
}
