package lor.testclient.scenario;

import java.util.Objects;

/** Assertions for scenarios, failing with a message that says what was expected. */
final class Checks {

    private Checks() {
    }

    static void check(boolean condition, String message) {
        if (!condition) {
            throw new AssertionError(message);
        }
    }

    static void equal(Object expected, Object actual, String what) {
        if (!Objects.equals(expected, actual)) {
            throw new AssertionError(what + ": expected " + expected + ", got " + actual);
        }
    }
}
