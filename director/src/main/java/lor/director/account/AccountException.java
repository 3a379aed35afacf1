package lor.director.account;

/** An expected refusal of an account operation; mapped to the contract's error code at the edge. */
public final class AccountException extends Exception {

    /** Why the operation was refused. */
    public enum Reason { USERNAME_TAKEN, INVALID_USERNAME, WEAK_PASSWORD, BAD_CREDENTIALS, BAD_TOKEN }

    private final Reason reason;

    public AccountException(Reason reason) {
        super(reason.name(), null, false, false);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
