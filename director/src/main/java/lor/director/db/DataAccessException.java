package lor.director.db;

import java.sql.SQLException;

/**
 * A database failure, wrapped at the repository boundary. The message names the operation and the SQLState,
 * never the data: a server message can quote the row it refused. The cause is kept for the SQLState.
 */
public class DataAccessException extends RuntimeException {

    public DataAccessException(String operation, Throwable cause) {
        super(operation + " failed: " + describe(cause), cause);
    }

    private static String describe(Throwable cause) {
        if (cause instanceof SQLException sql) {
            return "SQLState " + sql.getSQLState();
        }
        return cause.getClass().getSimpleName();
    }
}
