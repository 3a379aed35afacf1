package lor.director.world;

/** A world process's registration is refused; the connection is closed after telling it why. */
public final class RegistrationRefusedException extends Exception {

    public RegistrationRefusedException(String reason) {
        super(reason, null, false, false);
    }
}
