package lor.protocol;

/**
 * A typed refusal of a frame or request, turned into an {@link ErrorMessage} at the edge. It carries no stack
 * trace: it is an expected outcome of bad input, not a bug, and must never fill a log.
 */
public final class ProtocolException extends Exception {

    private final ErrorCode code;
    private final transient Object ref;

    public ProtocolException(ErrorCode code, String message, Object ref) {
        super(message, null, false, false);
        this.code = code;
        this.ref = ref;
    }

    public ErrorCode code() {
        return code;
    }

    public Object ref() {
        return ref;
    }
}
