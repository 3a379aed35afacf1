package lor.director.db;

import java.sql.Connection;
import java.sql.SQLException;

/** A unit of JDBC work inside one transaction. */
@FunctionalInterface
public interface SqlWork<T> {

    T run(Connection connection) throws SQLException;
}
