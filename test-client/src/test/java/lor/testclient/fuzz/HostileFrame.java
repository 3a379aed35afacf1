package lor.testclient.fuzz;

import java.util.Set;

/**
 * One hostile message as bytes on the wire (one or more WebSocket frames), with what the server must do about it:
 * answer it ({@code answers} text answers, each an {@code error}), answer its pings ({@code pongs}), or close the
 * connection with one of {@code closes} (after at most {@code answers} answers).
 */
record HostileFrame(String kind, String description, byte[] wire, int answers, int pongs, Set<Integer> closes) {

    boolean closing() {
        return !closes.isEmpty();
    }

    @Override
    public String toString() {
        return kind + " " + description;
    }
}
