package lor.director.db;

/** A database failure, wrapped at the repository boundary; the message names the operation, never the data. */
public class DataAccessException extends RuntimeException {

    public DataAccessException(String operation, Throwable cause) {
        super(operation + " failed: " + cause.getMessage(), cause);
    }
}
