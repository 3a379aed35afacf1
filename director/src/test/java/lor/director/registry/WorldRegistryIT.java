package lor.director.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import lor.director.DirectorMetrics;
import lor.director.db.Database;
import lor.director.db.TestDatabase;
import lor.director.world.WorldSettings;
import lor.director.world.WorldStatus;
import lor.director.world.WorldSupervisor;
import lor.director.world.WorldUnavailableException;
import lor.director.world.WorldView;
import lor.director.world.admission.TicketIssuer;
import lor.director.world.lease.WorldLeaseRepository;
import lor.director.world.presence.Membership;
import lor.director.world.process.StandInWorlds;
import lor.director.world.store.SnapshotRepository;
import lor.director.world.store.WorldRepository;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.slf4j.LoggerFactory;

/**
 * Worlds and templates made at runtime, against a real PostgreSQL and a real supervisor (whose one world process,
 * where a world must be starting, is a stand-in): what is stored, what the supervisor knows, what is refused and
 * why, and the audit lines.
 */
class WorldRegistryIT {

    private static final String SELF = "director-under-test";
    private static final String BY = "tester";

    @TempDir
    Path dir;

    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
    private final ExecutorService blocking = Executors.newFixedThreadPool(2);
    private final ListAppender<ILoggingEvent> audit = new ListAppender<>();
    private final Logger auditLogger = (Logger) LoggerFactory.getLogger("lor.audit");
    private Database db;
    private StandInWorlds standIns;
    private WorldSupervisor supervisor;
    private WorldRepository worlds;
    private Path contentDir;
    private WorldRegistry registry;

    @BeforeEach
    void start() throws Exception {
        db = TestDatabase.fresh();
        worlds = new WorldRepository(db);
        standIns = new StandInWorlds(dir);
        supervisor = new WorldSupervisor(worlds.all(), standIns.launcher(), new SnapshotRepository(db, 3),
                new WorldLeaseRepository(db, SELF, WorldSupervisor.LEASE_TTL), blocking, scheduler,
                new DirectorMetrics(), new Membership(), new TicketIssuer(Clock.systemUTC(), 30_000), "127.0.0.1",
                60_000, 0, 30_000, 0);
        contentDir = Files.createDirectories(dir.resolve("packs"));
        registry = new WorldRegistry(worlds, new TemplateRepository(db), supervisor,
                new KnownContent(Set.of("start", "cellar", "meadow"), Set.of("default"), contentDir), SELF);
        audit.start();
        auditLogger.addAppender(audit);
    }

    @AfterEach
    void stop() {
        auditLogger.detachAppender(audit);
        supervisor.shutdownAll(Duration.ofSeconds(10));
        standIns.close();
        scheduler.shutdownNow();
        blocking.shutdownNow();
        db.close();
    }

    @Test
    void aCreatedWorldIsStoredKnownToTheSupervisorAndAudited() {
        WorldRegistry.Stored arena = registry.createWorld(
                "{\"worldId\":\"arena\",\"name\":\" Arena \",\"settings\":{\"map\":\"cellar\",\"npcs\":2}}", BY);

        assertThat(arena.name()).as("trimmed").isEqualTo("Arena");
        assertThat(arena.status()).isEqualTo(WorldStatus.STOPPED);
        assertThat(supervisor.views()).extracting(WorldView::worldId).contains("arena");
        WorldRepository.WorldRecord stored = worlds.find("arena").orElseThrow();
        assertThat(WorldSettings.parse("arena", stored.settingsJson())).isEqualTo(new WorldSettings("cellar", 2, 24));
        assertThat(auditLines()).containsExactly(
                "world arena created by tester: name \"Arena\", settings {\"map\":\"cellar\",\"npcs\":2}");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
            "not JSON              | {worldId:                  | the request body is not JSON",
            "not an object         | [1]                        | the request body must be a JSON object",
            "bad id                | {\"worldId\":\"Arena!\",\"name\":\"A\"} | worldId must be 1 to 32 of a-z, 0-9, _ and -",
            "no name               | {\"worldId\":\"arena\"}     | name is required",
            "control character     | {\"worldId\":\"arena\",\"name\":\"a\\u0007\"} | name must be 1 to 64 printable characters",
            "bidirectional override | {\"worldId\":\"arena\",\"name\":\"a\\u202eb\"} | name must be 1 to 64 printable characters",
            "unpaired surrogate    | {\"worldId\":\"arena\",\"name\":\"a\\ud800\"} | the request body is not valid Unicode text (a surrogate without its pair)",
            "seed with another key | {\"worldId\":\"arena\",\"name\":\"A\",\"settings\":{\"content\":\"default\",\"seedObjects\":{\"kind\":\"pump\",\"count\":5,\"fromLayer\":0,\"x\":\"\\u0000\"}}} | settings: seedObjects must be {\"kind\": NAME, \"count\": 1..10000000, \"fromLayer\": 0..255} with a content pack",
            "unknown key           | {\"worldId\":\"arena\",\"name\":\"A\",\"settings\":{\"mpa\":\"cellar\"}} | settings.mpa is not a world setting; the settings are map, content, seedObjects, npcs, viewRadius, spawn",
            "npcs out of range     | {\"worldId\":\"arena\",\"name\":\"A\",\"settings\":{\"npcs\":-1}} | settings: npcs must be 0..1000000, got -1",
            "npcs not a number     | {\"worldId\":\"arena\",\"name\":\"A\",\"settings\":{\"npcs\":\"many\"}} | settings.npcs must be a whole number",
            "unknown map           | {\"worldId\":\"arena\",\"name\":\"A\",\"settings\":{\"map\":\"nowhere\"}} | settings.map: no map named nowhere; the maps are cellar, meadow, start",
            "unknown pack          | {\"worldId\":\"arena\",\"name\":\"A\",\"settings\":{\"content\":\"forge\"}} | settings.content: no content pack named forge; the packs are default",
            "seed without a pack   | {\"worldId\":\"arena\",\"name\":\"A\",\"settings\":{\"seedObjects\":{\"kind\":\"pump\",\"count\":5,\"fromLayer\":0}}} | settings: seedObjects must be {\"kind\": NAME, \"count\": 1..10000000, \"fromLayer\": 0..255} with a content pack",
            "bad spawn rule        | {\"worldId\":\"arena\",\"name\":\"A\",\"settings\":{\"spawn\":\"random\"}} | settings: spawn must be nearest or hashed, got random",
    })
    void aBadDefinitionIsRefusedNamingTheFieldAndChangesNothing(String what, String body, String message) {
        int before = worlds.all().size();

        assertThatThrownBy(() -> registry.createWorld(body, BY))
                .isInstanceOfSatisfying(RegistryException.class,
                        e -> assertThat(e.kind()).isEqualTo(RegistryException.Kind.INVALID))
                .hasMessage(message);

        assertThat(worlds.all()).hasSize(before);
        assertThat(supervisor.exists("arena")).isFalse();
        assertThat(auditLines()).isEmpty();
    }

    @Test
    void aPackAddedToTheContentDirectoryIsUsableWithoutARestart() throws Exception {
        Files.writeString(contentDir.resolve("forge.yaml"), "objects: []\n");

        WorldRegistry.Stored forge = registry.createWorld(
                "{\"worldId\":\"forge\",\"name\":\"Forge\",\"settings\":{\"content\":\"forge\"}}", BY);

        assertThat(forge.settings().path("content").asString()).isEqualTo("forge");
    }

    @Test
    void aSecondWorldWithTheSameIdIsAConflict() {
        registry.createWorld("{\"worldId\":\"arena\",\"name\":\"Arena\"}", BY);

        assertThatThrownBy(() -> registry.createWorld("{\"worldId\":\"arena\",\"name\":\"Other\"}", BY))
                .isInstanceOfSatisfying(RegistryException.class,
                        e -> assertThat(e.kind()).isEqualTo(RegistryException.Kind.CONFLICT))
                .hasMessage("a world arena exists already");
        assertThatThrownBy(() -> registry.createWorld("{\"worldId\":\"start\",\"name\":\"Start again\"}", BY))
                .hasMessage("a world start exists already");
        assertThat(worlds.find("arena").orElseThrow().name()).isEqualTo("Arena");
    }

    @Test
    void aChangeIsAMergePatchAndAnUnknownWorldIsNotFound() {
        registry.createWorld("{\"worldId\":\"arena\",\"name\":\"Arena\",\"settings\":{\"map\":\"cellar\",\"npcs\":3}}",
                BY);

        WorldRegistry.Stored changed = registry.changeWorld("arena",
                "{\"settings\":{\"npcs\":null,\"viewRadius\":10}}", BY);

        assertThat(changed.name()).as("no name in the patch: kept").isEqualTo("Arena");
        assertThat(WorldSettings.parse("arena", worlds.find("arena").orElseThrow().settingsJson()))
                .isEqualTo(new WorldSettings("cellar", 0, 10));
        assertThatThrownBy(() -> registry.changeWorld("atlantis", "{\"name\":\"A\"}", BY))
                .isInstanceOfSatisfying(RegistryException.class,
                        e -> assertThat(e.kind()).isEqualTo(RegistryException.Kind.NOT_FOUND));
        assertThatThrownBy(() -> registry.changeWorld("arena", "{\"settings\":{\"map\":\"nowhere\"}}", BY))
                .hasMessageStartingWith("settings.map: no map named nowhere");
        assertThat(WorldSettings.parse("arena", worlds.find("arena").orElseThrow().settingsJson()).map())
                .as("a refused change changes nothing").isEqualTo("cellar");
    }

    @Test
    void aStartingWorldCannotBeRemovedAndAStoppedOneGoesWithItsSnapshots() throws Exception {
        registry.createWorld("{\"worldId\":\"arena\",\"name\":\"Arena\",\"settings\":{\"map\":\"cellar\"}}", BY);
        sql("INSERT INTO world_snapshots (world_id, seq, state, size_bytes) VALUES ('arena', 1, '{}', 2)");
        supervisor.join("arena");

        assertThatThrownBy(() -> registry.removeWorld("arena", BY))
                .isInstanceOfSatisfying(RegistryException.class,
                        e -> assertThat(e.kind()).isEqualTo(RegistryException.Kind.CONFLICT))
                .hasMessageStartingWith("world arena is starting; stop it first");
        supervisor.stop("arena", "test");
        await().atMost(Duration.ofSeconds(30))
                .until(() -> view("arena").status() == WorldStatus.STOPPED);

        registry.removeWorld("arena", BY);

        assertThat(supervisor.exists("arena")).isFalse();
        assertThat(worlds.find("arena")).isEmpty();
        assertThat(count("SELECT count(*) FROM world_snapshots WHERE world_id = 'arena'")).isZero();
        assertThatThrownBy(() -> registry.removeWorld("arena", BY))
                .isInstanceOfSatisfying(RegistryException.class,
                        e -> assertThat(e.kind()).isEqualTo(RegistryException.Kind.NOT_FOUND));
        assertThat(auditLines()).last().isEqualTo("world arena removed by tester, with its snapshots");
    }

    @Test
    void aWorldLeasedByAnotherDirectorIsNotRemovedAndStaysJoinable() throws Exception {
        registry.createWorld("{\"worldId\":\"arena\",\"name\":\"Arena\"}", BY);
        sql("UPDATE worlds SET lease_owner = 'elsewhere', lease_expires_at = now() + interval '1 minute' "
                + "WHERE world_id = 'arena'");

        assertThatThrownBy(() -> registry.removeWorld("arena", BY))
                .hasMessage("world arena is run by another director");

        assertThat(worlds.find("arena")).isPresent();
        assertThat(supervisor.exists("arena")).isTrue();
        assertThat(supervisor.join("arena")).as("back in service: not unknown, run elsewhere")
                .failsWithin(Duration.ofSeconds(30))
                .withThrowableOfType(ExecutionException.class)
                .withCauseInstanceOf(WorldUnavailableException.class)
                .withMessageContaining("the world is run by another director");
    }

    @Test
    void instancesAreNumberedNeverReusedAndSkipIdsTakenByHandMadeWorlds() {
        registry.createTemplate("{\"templateId\":\"dungeon\",\"name\":\"Dungeon\",\"settings\":{\"map\":\"cellar\"}}",
                BY);
        registry.createWorld("{\"worldId\":\"dungeon-2\",\"name\":\"Hand-made\"}", BY);

        WorldRegistry.Stored first = registry.createInstance("dungeon", BY);
        WorldRegistry.Stored second = registry.createInstance("dungeon", BY);
        registry.removeWorld(second.id(), BY);
        WorldRegistry.Stored third = registry.createInstance("dungeon", BY);

        assertThat(List.of(first.id(), second.id(), third.id())).containsExactly("dungeon-1", "dungeon-3",
                "dungeon-4");
        assertThat(third.name()).isEqualTo("Dungeon #4");
        assertThat(third.settings().path("map").asString()).isEqualTo("cellar");
        assertThat(supervisor.exists("dungeon-4")).isTrue();
        assertThat(registry.templates()).singleElement()
                .satisfies(t -> assertThat(t.instances()).containsExactly("dungeon-1", "dungeon-4"));
        assertThatThrownBy(() -> registry.removeTemplate("dungeon", BY))
                .hasMessage("template dungeon has instances; remove them first");
        assertThatThrownBy(() -> registry.createInstance("atlantis", BY))
                .isInstanceOfSatisfying(RegistryException.class,
                        e -> assertThat(e.kind()).isEqualTo(RegistryException.Kind.NOT_FOUND));
    }

    @Test
    void aChangedTemplateMakesChangedInstancesAndLeavesEarlierOnesAlone() {
        registry.createTemplate("{\"templateId\":\"dungeon\",\"name\":\"Dungeon\",\"settings\":{\"map\":\"cellar\"}}",
                BY);
        registry.createInstance("dungeon", BY);

        registry.changeTemplate("dungeon", "{\"name\":\"Crypt\",\"settings\":{\"map\":\"meadow\"}}", BY);
        WorldRegistry.Stored second = registry.createInstance("dungeon", BY);

        assertThat(second.name()).isEqualTo("Crypt #2");
        assertThat(second.settings().path("map").asString()).isEqualTo("meadow");
        assertThat(WorldSettings.parse("dungeon-1", worlds.find("dungeon-1").orElseThrow().settingsJson()).map())
                .isEqualTo("cellar");
        assertThatThrownBy(() -> registry.createTemplate(
                "{\"templateId\":\"a-template-id-over-24-chars\",\"name\":\"Long\"}", BY))
                .hasMessage("templateId must be 1 to 24 of a-z, 0-9, _ and -");
    }

    private WorldView view(String worldId) {
        return supervisor.views().stream().filter(v -> v.worldId().equals(worldId)).findFirst().orElseThrow();
    }

    private List<String> auditLines() {
        return audit.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
    }

    private void sql(String statement) throws SQLException {
        try (Connection c = db.dataSource().getConnection(); Statement s = c.createStatement()) {
            s.executeUpdate(statement);
        }
    }

    private long count(String query) throws SQLException {
        try (Connection c = db.dataSource().getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(query)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
