package lor.testkit;

/**
 * What became of a player's intent in one tick: carried out, or refused with the reason a client would be sent in
 * {@code rejected} (a module's own reason, or one of the contract's: {@code unknown_action}, {@code bad_field},
 * {@code module_error}, {@code wall}…).
 *
 * @param tick   the tick the intent ran in
 * @param intent what was sent, as {@code act plant} or {@code move E}
 * @param reason null when it was carried out
 */
public record Outcome(String player, long tick, String intent, String reason) {

    public boolean done() {
        return reason == null;
    }

    public boolean refused() {
        return reason != null;
    }

    @Override
    public String toString() {
        return player + "'s " + intent + " at tick " + tick + (done() ? ": done" : ": refused, " + reason);
    }
}
