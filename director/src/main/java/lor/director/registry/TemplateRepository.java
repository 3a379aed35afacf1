package lor.director.registry;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import lor.director.db.Database;
import lor.director.world.store.WorldRepository.WorldRecord;

/** World templates and the numbered instances made from them (migration V9). */
public final class TemplateRepository {

    /** Tries at the next number when a hand-made world already has an instance's id. */
    private static final int MAX_ID_TRIES = 100;

    private final Database db;

    public TemplateRepository(Database db) {
        this.db = db;
    }

    /** A template as stored, with the ids of its instances that exist, in number order. */
    public record TemplateRecord(String templateId, String name, String settingsJson, List<String> instances) {
    }

    /** What {@link #remove} did. */
    public enum Removal { REMOVED, UNKNOWN, HAS_INSTANCES }

    private static final String SELECT = "SELECT t.template_id, t.name, t.settings::text, "
            + "array_remove(array_agg(w.world_id ORDER BY w.instance_no), NULL) "
            + "FROM world_templates t LEFT JOIN worlds w ON w.template_id = t.template_id ";

    public List<TemplateRecord> all() {
        return db.inTransaction("list templates", c -> {
            try (PreparedStatement s = c.prepareStatement(SELECT + "GROUP BY t.template_id ORDER BY t.template_id");
                 ResultSet rs = s.executeQuery()) {
                List<TemplateRecord> templates = new ArrayList<>();
                while (rs.next()) {
                    templates.add(record(rs));
                }
                return templates;
            }
        });
    }

    public Optional<TemplateRecord> find(String templateId) {
        return db.inTransaction("find template", c -> find(c, templateId));
    }

    private static Optional<TemplateRecord> find(Connection c, String templateId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(SELECT + "WHERE t.template_id = ? GROUP BY t.template_id")) {
            s.setString(1, templateId);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? Optional.of(record(rs)) : Optional.empty();
            }
        }
    }

    private static TemplateRecord record(ResultSet rs) throws SQLException {
        Array instances = rs.getArray(4);
        return new TemplateRecord(rs.getString(1), rs.getString(2), rs.getString(3),
                List.copyOf(Arrays.asList((String[]) instances.getArray())));
    }

    /** @return false when a template with that id exists already */
    public boolean create(String templateId, String name, String settingsJson) {
        return db.inTransaction("create template", c -> {
            try (PreparedStatement s = c.prepareStatement("INSERT INTO world_templates (template_id, name, settings) "
                    + "VALUES (?, ?, ?::jsonb) ON CONFLICT (template_id) DO NOTHING")) {
                s.setString(1, templateId);
                s.setString(2, name);
                s.setString(3, settingsJson);
                return s.executeUpdate() == 1;
            }
        });
    }

    /** Replaces name and settings; instances made before keep theirs. @return false for an unknown template */
    public boolean replace(String templateId, String name, String settingsJson) {
        return db.inTransaction("change template", c -> {
            try (PreparedStatement s = c.prepareStatement("UPDATE world_templates SET name = ?, settings = ?::jsonb, "
                    + "updated_at = now() WHERE template_id = ?")) {
                s.setString(1, name);
                s.setString(2, settingsJson);
                s.setString(3, templateId);
                return s.executeUpdate() == 1;
            }
        });
    }

    public Removal remove(String templateId) {
        return db.inTransaction("remove template", c -> {
            Optional<TemplateRecord> template = find(c, templateId);
            if (template.isEmpty()) {
                return Removal.UNKNOWN;
            }
            if (!template.get().instances().isEmpty()) {
                return Removal.HAS_INSTANCES;
            }
            try (PreparedStatement s = c.prepareStatement("DELETE FROM world_templates WHERE template_id = ?")) {
                s.setString(1, templateId);
                s.executeUpdate();
            }
            return Removal.REMOVED;
        });
    }

    /**
     * Makes the template's next instance: the world {@code TEMPLATE-N} named {@code NAME #N}, with a copy of the
     * template's settings. Numbers are never reused, so a removed instance's id does not come back.
     *
     * @return the new world, or empty for an unknown template
     */
    public Optional<WorldRecord> createInstance(String templateId) {
        return db.inTransaction("create instance", c -> {
            for (int attempt = 0; attempt < MAX_ID_TRIES; attempt++) {
                int number;
                String name;
                String settings;
                try (PreparedStatement s = c.prepareStatement("UPDATE world_templates "
                        + "SET next_instance = next_instance + 1, updated_at = now() WHERE template_id = ? "
                        + "RETURNING next_instance - 1, name, settings::text")) {
                    s.setString(1, templateId);
                    try (ResultSet rs = s.executeQuery()) {
                        if (!rs.next()) {
                            return Optional.empty();
                        }
                        number = rs.getInt(1);
                        name = rs.getString(2) + " #" + number;
                        settings = rs.getString(3);
                    }
                }
                String worldId = templateId + "-" + number;
                try (PreparedStatement s = c.prepareStatement("INSERT INTO worlds (world_id, name, settings, "
                        + "template_id, instance_no) VALUES (?, ?, ?::jsonb, ?, ?) "
                        + "ON CONFLICT (world_id) DO NOTHING")) {
                    s.setString(1, worldId);
                    s.setString(2, name);
                    s.setString(3, settings);
                    s.setString(4, templateId);
                    s.setInt(5, number);
                    if (s.executeUpdate() == 1) {
                        return Optional.of(new WorldRecord(worldId, name, 0, settings));
                    }
                }
            }
            throw new IllegalStateException("template " + templateId + ": " + MAX_ID_TRIES
                    + " instance ids in a row are taken by other worlds");
        });
    }
}
