package lor.director.world;

/** A world process's registration is refused; the connection is closed after telling it why. */
public final class RegistrationRefusedException extends Exception {

    private final boolean retryable;

    public RegistrationRefusedException(String reason) {
        this(reason, false);
    }

    /**
     * @param retryable this director cannot take the world now (it is fenced off or stopping), but another may:
     *                  the world tries the next director rather than ending itself
     */
    public RegistrationRefusedException(String reason, boolean retryable) {
        super(reason, null, false, false);
        this.retryable = retryable;
    }

    public boolean retryable() {
        return retryable;
    }
}
