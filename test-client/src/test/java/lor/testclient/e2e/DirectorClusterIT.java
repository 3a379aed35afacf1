package lor.testclient.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import lor.protocol.director.ListWorldsMessage;
import lor.protocol.director.WorldsMessage;
import lor.testclient.net.WsClient;
import lor.testclient.scenario.GamePlayer;
import lor.testclient.scenario.ScenarioContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three real directors on one PostgreSQL, as the failover suite will run them, checked for what they share today:
 * the schema they migrate together, the accounts, the world leases; and director 3's database behind a proxy that
 * cuts it off, which its readiness must report while the other two stay ready. One cluster for the class: starting
 * three directors is most of its time.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DirectorClusterIT {

    /** Seeded by the migrations, with no NPCs: nothing but the test's player in it. */
    private static final String WORLD = "meadow";
    /** Readiness asks the database with a 2 s deadline; a cut must show well within this. */
    private static final Duration NOT_READY_WITHIN = Duration.ofSeconds(10);

    @TempDir
    static Path root;

    private static DirectorCluster cluster;
    /** Every process the cluster ran, directors and worlds: none may outlive it. */
    private static final Set<Long> seen = new HashSet<>();

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = DirectorCluster.builder(root).name("cluster-it").directors(3).databaseThroughProxy(3).start();
        cluster.directors().forEach(d -> seen.add(d.pid()));
    }

    @AfterAll
    static void closeCluster() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
        await("no director or world process of the cluster left").atMost(Duration.ofSeconds(10))
                .until(() -> seen.stream().noneMatch(pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive)
                        .orElse(false)));
    }

    @Test
    @Order(1)
    void allThreeAreReadyAndListTheWorldsOverTheirWebSocket() throws Exception {
        for (DirectorCluster.Member director : cluster.directors()) {
            assertThat(director.ready()).as(director + " is ready").isTrue();
            try (ScenarioContext ctx = director.context()) {
                WsClient client = ctx.director();
                client.send(new ListWorldsMessage("list"));
                WorldsMessage worlds = client.expect(WorldsMessage.class, ScenarioContext.STEP);
                assertThat(worlds.ref()).isEqualTo("list");
                assertThat(worlds.worlds()).extracting(WorldsMessage.WorldSummary::worldId).as(director.name())
                        .contains(WORLD, "start");
            }
        }
        assertThat(cluster.database().queryValue("SELECT count(*) FROM flyway_schema_history WHERE NOT success"))
                .as("the three directors migrated the schema together without a failed step").isEqualTo(0L);
    }

    @Test
    @Order(2)
    void anAccountRegisteredThroughOneDirectorLogsInThroughAnother() throws Exception {
        try (ScenarioContext first = cluster.director(1).context();
             ScenarioContext second = cluster.director(2).context()) {
            ScenarioContext.Account registered = first.newAccount("cluster");

            ScenarioContext.Account again = second.login(registered.username());

            assertThat(again.accountId()).isEqualTo(registered.accountId());
            assertThat(again.token()).isNotEqualTo(registered.token());
            assertThat(cluster.database().queryValue("SELECT count(*) FROM accounts WHERE username = ?",
                    registered.username())).isEqualTo(1L);
        }
    }

    @Test
    @Order(3)
    void aWorldJoinedThroughDirectorOneIsServedAndLeasedToIt() throws Exception {
        DirectorCluster.Member first = cluster.director(1);
        try (ScenarioContext ctx = first.context()) {
            GamePlayer player = GamePlayer.enter(ctx, ctx.newAccount("joiner"), WORLD);
            Long worldPid = first.http().world(WORLD).pid();
            assertThat(worldPid).as("the world's process under director 1").isNotNull();
            seen.add(worldPid);

            player.awaitState("a state that shows the player", ScenarioContext.STEP,
                    state -> state.entities().stream().anyMatch(e -> e.id() == player.entityId()));

            assertThat(player.joined().worldId()).isEqualTo(WORLD);
            assertThat(first.http().world(WORLD).status()).isEqualTo("running");
            // DirectorIdentity names a lease's owner host/pid/random.
            assertThat((String) cluster.database().queryValue("SELECT lease_owner FROM worlds WHERE world_id = ?",
                    WORLD)).as("the world's lease").contains("/" + first.pid() + "/");
        }
    }

    @Test
    @Order(4)
    void aDirectorCutFromTheDatabaseIsNotReadyWhileTheOthersStayReady() throws Exception {
        DirectorCluster.Member third = cluster.director(3);
        List<DirectorCluster.Member> others = List.of(cluster.director(1), cluster.director(2));
        assertThat(third.ready()).isTrue();

        third.proxy().cut();
        try {
            await("director 3 to report that it is not ready").atMost(NOT_READY_WITHIN)
                    .pollInterval(Duration.ofMillis(200)).until(() -> !third.ready());
            for (DirectorCluster.Member other : others) {
                assertThat(other.ready()).as(other + " is still ready").isTrue();
            }
            assertThat(third.isAlive()).as("losing the database does not end the director").isTrue();
        } finally {
            third.proxy().heal();
        }

        await("director 3 to be ready again once the database answers").atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(200)).until(third::ready);
        for (DirectorCluster.Member other : others) {
            assertThat(other.ready()).as(other + " is ready").isTrue();
        }
    }
}
