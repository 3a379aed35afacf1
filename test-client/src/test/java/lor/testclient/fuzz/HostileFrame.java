package lor.testclient.fuzz;

import java.util.Set;

/**
 * One hostile message as bytes on the wire (one or more WebSocket frames), with what the server must do about it:
 * answer it ({@code answers} text answers, each an {@code error}, and the {@code rejected} of its {@code refusal}),
 * answer its pings ({@code pongs}), or close the connection with one of {@code closes} (after at most {@code answers}
 * answers).
 *
 * @param refusal the {@code rejected} due to a game module's action it carries, or null
 */
record HostileFrame(String kind, String description, byte[] wire, int answers, int pongs, Set<Integer> closes,
                    Refusal refusal) {

    /** An intent's refusal at its tick: {@code rejected} with this seq and reason (or {@code rate_limited}). */
    record Refusal(long seq, String reason) {
    }

    HostileFrame(String kind, String description, byte[] wire, int answers, int pongs, Set<Integer> closes) {
        this(kind, description, wire, answers, pongs, closes, null);
    }

    boolean closing() {
        return !closes.isEmpty();
    }

    @Override
    public String toString() {
        return kind + " " + description;
    }
}
