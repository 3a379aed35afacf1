package lor.director.cluster;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;

import lor.director.db.Database;

/**
 * The directors sharing the database, in the {@code directors} table: each one's {@code /control} address, so that
 * a world started by one knows where to go if that one dies, and when it last renewed its leases. Blocking.
 */
public final class DirectorDirectory {

    /** A director not seen for this long has fenced itself off, or died: its address is not handed out. */
    static final long SEEN_WITHIN_MILLIS = 15_000;

    private final Database db;
    private final String directorId;

    public DirectorDirectory(Database db, String directorId) {
        this.db = db;
        this.directorId = directorId;
    }

    /** This director serves at {@code controlUrl} from now on. */
    public void announce(String controlUrl) {
        db.inTransaction("announce director", c -> {
            try (PreparedStatement s = c.prepareStatement("INSERT INTO directors (director_id, control_url) "
                    + "VALUES (?, ?) ON CONFLICT (director_id) DO UPDATE SET control_url = EXCLUDED.control_url, "
                    + "seen_at = now()")) {
                s.setString(1, directorId);
                s.setString(2, controlUrl);
                return s.executeUpdate();
            }
        });
    }

    /**
     * The {@code /control} addresses of the other directors seen lately, each once (a director killed and started
     * again has a row for each life until the old one ages out), in a fixed order.
     */
    public List<String> peers() {
        return db.inTransaction("list directors", c -> {
            List<String> urls = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement("SELECT control_url FROM directors WHERE director_id <> ? "
                    + "AND seen_at > now() - ? * interval '1 millisecond' GROUP BY control_url "
                    + "ORDER BY min(director_id)")) {
                s.setString(1, directorId);
                s.setLong(2, SEEN_WITHIN_MILLIS);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        urls.add(rs.getString(1));
                    }
                }
            }
            return urls;
        });
    }

    /** This director is stopping: worlds are not sent its way any more. */
    public void leave() {
        db.inTransaction("remove director", c -> {
            try (PreparedStatement s = c.prepareStatement("DELETE FROM directors WHERE director_id = ?")) {
                s.setString(1, directorId);
                return s.executeUpdate();
            }
        });
    }
}
