package lor.director.registry;

import java.util.List;

import lor.director.world.UnknownWorldException;
import lor.director.world.WorldRepository;
import lor.director.world.WorldRepository.WorldRecord;
import lor.director.world.WorldSettings;
import lor.director.world.WorldStatus;
import lor.director.world.WorldSupervisor;
import lor.protocol.Json;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Worlds and templates created, changed and removed while the director runs, through the admin API: each change is
 * checked ({@link WorldDefinitions}), stored, made known to the {@link WorldSupervisor}, and written to the audit
 * log ({@code lor.audit}) with who asked. Every method blocks on the database: call it off the event loop.
 */
public final class WorldRegistry {

    private static final Logger AUDIT = LoggerFactory.getLogger("lor.audit");

    private final WorldRepository worlds;
    private final TemplateRepository templates;
    private final WorldSupervisor supervisor;
    private final KnownContent content;
    private final WorldDefinitions definitions;
    /** This director's lease owner name: its own lease on a stopped world does not keep it from being removed. */
    private final String self;

    public WorldRegistry(WorldRepository worlds, TemplateRepository templates, WorldSupervisor supervisor,
                         KnownContent content, String self) {
        this.worlds = worlds;
        this.templates = templates;
        this.supervisor = supervisor;
        this.content = content;
        this.definitions = new WorldDefinitions(content);
        this.self = self;
    }

    public KnownContent content() {
        return content;
    }

    /** A world as the admin API answers it after a change. */
    public record Stored(String id, String name, ObjectNode settings, WorldStatus status) {
    }

    /** Creates a stopped world from {@code {"worldId", "name", "settings"}}; the next join starts it. */
    public Stored createWorld(String json, String by) {
        JsonNode body = WorldDefinitions.body(json);
        String worldId = WorldDefinitions.id(body, WorldDefinitions.IdKind.WORLD);
        String name = WorldDefinitions.name(body, null);
        ObjectNode settings = definitions.settings(body, WorldDefinitions.emptySettings(), worldId);
        String settingsJson = Json.MAPPER.writeValueAsString(settings);
        if (supervisor.exists(worldId) || !worlds.create(worldId, name, settingsJson)) {
            throw RegistryException.conflict("a world " + worldId + " exists already");
        }
        supervisor.add(new WorldRecord(worldId, name, 0, settingsJson));
        AUDIT.info("world {} created by {}: name \"{}\", settings {}", worldId, by, name, settingsJson);
        return new Stored(worldId, name, settings, WorldStatus.STOPPED);
    }

    /**
     * Changes a world's name and settings from {@code {"name"?, "settings"?}} (a merge patch: a key set to null is
     * removed). A running world plays on as it is: the settings apply from its next start.
     */
    public Stored changeWorld(String worldId, String json, String by) {
        WorldDefinitions.pathId(worldId, WorldDefinitions.IdKind.WORLD);
        JsonNode body = WorldDefinitions.body(json);
        WorldRecord stored = worlds.find(worldId).filter(w -> supervisor.exists(worldId))
                .orElseThrow(() -> RegistryException.notFound("no world " + worldId));
        String name = WorldDefinitions.name(body, stored.name());
        ObjectNode settings = definitions.settings(body, WorldDefinitions.stored(stored.settingsJson()), worldId);
        String settingsJson = Json.MAPPER.writeValueAsString(settings);
        if (!worlds.replace(worldId, name, settingsJson)) {
            throw RegistryException.notFound("no world " + worldId);
        }
        WorldStatus status = supervisor.change(worldId, name, WorldSettings.parse(worldId, settingsJson));
        AUDIT.info("world {} changed by {}: name \"{}\", settings {}{}", worldId, by, name, settingsJson,
                status == WorldStatus.STOPPED ? "" : " (applies from its next start; it is " + status.wireName()
                        + ")");
        return new Stored(worldId, name, settings, status);
    }

    /** Removes a stopped (or failed) world with its snapshots. */
    public void removeWorld(String worldId, String by) {
        WorldDefinitions.pathId(worldId, WorldDefinitions.IdKind.WORLD);
        WorldStatus running;
        try {
            running = supervisor.beginRemoval(worldId);
        } catch (UnknownWorldException e) {
            throw RegistryException.notFound("no world " + worldId);
        }
        if (running != null) {
            throw RegistryException.conflict("world " + worldId + " is " + running.wireName()
                    + "; stop it first (POST /api/admin/worlds/" + worldId + "/stop)");
        }
        WorldRepository.Removal removal = null;
        try {
            removal = worlds.remove(worldId, self);
        } finally {
            // Back in service unless its row is gone (a database error leaves it, and the world, as they were).
            supervisor.endRemoval(worldId, removal == WorldRepository.Removal.REMOVED
                    || removal == WorldRepository.Removal.UNKNOWN);
        }
        if (removal == WorldRepository.Removal.RUN_ELSEWHERE) {
            throw RegistryException.conflict("world " + worldId + " is run by another director");
        }
        AUDIT.info("world {} removed by {}, with its snapshots", worldId, by);
    }

    public List<TemplateRepository.TemplateRecord> templates() {
        return templates.all();
    }

    /** Creates a template from {@code {"templateId", "name", "settings"}}. */
    public TemplateRepository.TemplateRecord createTemplate(String json, String by) {
        JsonNode body = WorldDefinitions.body(json);
        String templateId = WorldDefinitions.id(body, WorldDefinitions.IdKind.TEMPLATE);
        String name = WorldDefinitions.name(body, null);
        ObjectNode settings = definitions.settings(body, WorldDefinitions.emptySettings(), templateId);
        String settingsJson = Json.MAPPER.writeValueAsString(settings);
        if (!templates.create(templateId, name, settingsJson)) {
            throw RegistryException.conflict("a template " + templateId + " exists already");
        }
        AUDIT.info("template {} created by {}: name \"{}\", settings {}", templateId, by, name, settingsJson);
        return new TemplateRepository.TemplateRecord(templateId, name, settingsJson, List.of());
    }

    /** Changes a template's name and settings (a merge patch); instances made before keep theirs. */
    public TemplateRepository.TemplateRecord changeTemplate(String templateId, String json, String by) {
        WorldDefinitions.pathId(templateId, WorldDefinitions.IdKind.TEMPLATE);
        JsonNode body = WorldDefinitions.body(json);
        TemplateRepository.TemplateRecord stored = templates.find(templateId)
                .orElseThrow(() -> RegistryException.notFound("no template " + templateId));
        String name = WorldDefinitions.name(body, stored.name());
        ObjectNode settings = definitions.settings(body, WorldDefinitions.stored(stored.settingsJson()), templateId);
        String settingsJson = Json.MAPPER.writeValueAsString(settings);
        if (!templates.replace(templateId, name, settingsJson)) {
            throw RegistryException.notFound("no template " + templateId);
        }
        AUDIT.info("template {} changed by {}: name \"{}\", settings {}", templateId, by, name, settingsJson);
        return new TemplateRepository.TemplateRecord(templateId, name, settingsJson, stored.instances());
    }

    public void removeTemplate(String templateId, String by) {
        WorldDefinitions.pathId(templateId, WorldDefinitions.IdKind.TEMPLATE);
        switch (templates.remove(templateId)) {
            case UNKNOWN -> throw RegistryException.notFound("no template " + templateId);
            case HAS_INSTANCES -> throw RegistryException.conflict("template " + templateId
                    + " has instances; remove them first");
            case REMOVED -> AUDIT.info("template {} removed by {}", templateId, by);
        }
    }

    /** Makes the template's next numbered instance, a stopped world that the next join starts. */
    public Stored createInstance(String templateId, String by) {
        WorldDefinitions.pathId(templateId, WorldDefinitions.IdKind.TEMPLATE);
        WorldRecord world = templates.createInstance(templateId)
                .orElseThrow(() -> RegistryException.notFound("no template " + templateId));
        try {
            supervisor.add(world);
        } catch (IllegalArgumentException e) {
            // Its settings were checked when the template was stored; a map since removed from the build shows here.
            throw RegistryException.invalid("template " + templateId + ": " + e.getMessage());
        }
        AUDIT.info("world {} created by {} as instance of template {}", world.worldId(), by, templateId);
        return new Stored(world.worldId(), world.name(), WorldDefinitions.stored(world.settingsJson()),
                WorldStatus.STOPPED);
    }
}
