package lor.director.db;

import java.util.concurrent.atomic.AtomicBoolean;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The database seen from the requests that need it: one WARN line when it goes away and one INFO line when a request
 * gets through again, however many requests fail in between (each of them is answered {@code unavailable}).
 */
public final class DatabaseOutages {

    private static final Logger LOG = LoggerFactory.getLogger(DatabaseOutages.class);

    private final AtomicBoolean away = new AtomicBoolean();

    /** A request could not reach the database. */
    public void failed(String request, DataAccessException e) {
        if (away.compareAndSet(false, true)) {
            LOG.warn("the database is unavailable ({} failed: {}); requests that need it are answered "
                    + "'unavailable' until it is back", request, e.getMessage());
        }
    }

    /** A request that needed the database got through. */
    public void succeeded() {
        if (away.get() && away.compareAndSet(true, false)) {
            LOG.info("the database is available again");
        }
    }

    /** Whether the last request that needed the database failed to reach it. */
    public boolean away() {
        return away.get();
    }
}
