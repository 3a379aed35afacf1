package lor.director.db;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;

/**
 * A database failure, wrapped at the repository boundary. The message names the operation and the SQLState,
 * never the data: a server message can quote the row it refused. The cause is kept for the SQLState.
 */
public class DataAccessException extends RuntimeException {

    public DataAccessException(String operation, Throwable cause) {
        super(operation + " failed: " + describe(cause), cause);
    }

    /**
     * Whether the database was away (no connection to be had, the server shutting down or refusing connections)
     * rather than refusing this operation: the request may succeed later, unchanged.
     */
    public boolean databaseUnavailable() {
        for (Throwable t = getCause(); t != null; t = t.getCause()) {
            if (t instanceof SQLTransientConnectionException || t instanceof SQLNonTransientConnectionException) {
                return true;
            }
            if (t instanceof SQLException sql && sql.getSQLState() != null) {
                String state = sql.getSQLState();
                // 08: connection exception; 57P01-57P03: admin or crash shutdown, cannot connect now; 53300: too
                // many connections.
                if (state.startsWith("08") || state.startsWith("57P") || state.equals("53300")) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String describe(Throwable cause) {
        if (cause instanceof SQLException sql) {
            return "SQLState " + sql.getSQLState();
        }
        return cause.getClass().getSimpleName();
    }
}
