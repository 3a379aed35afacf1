package lor.director.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import lor.director.DirectorMetrics;
import lor.director.world.WorldStatus;
import lor.director.world.WorldSupervisor;
import lor.director.world.WorldUnavailableException;
import lor.director.world.admission.JoinTarget;
import lor.director.world.admission.TicketIssuer;
import lor.director.world.lease.LocalLeases;
import lor.director.world.presence.Membership;
import lor.director.world.store.WorldRepository;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The world supervisor with the Agones launcher, against the mock API server: however many joins race for a stopped
 * world, one GameServer is created; a GameServer that never becomes a registered world is deleted at the spawn
 * timeout and the joins are told.
 */
class AgonesSupervisionTest {

    private static final long SPAWN_TIMEOUT_MS = 1_500;
    private static final Duration WAIT = Duration.ofSeconds(20);

    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
    private final ExecutorService blocking = Executors.newFixedThreadPool(4);
    private final AgonesMock agones;
    private final WorldSupervisor supervisor;

    AgonesSupervisionTest() throws Exception {
        agones = new AgonesMock();
        supervisor = new WorldSupervisor(List.of(new WorldRepository.WorldRecord("start", "Start", 0,
                "{\"map\":\"start\"}")), AgonesLauncherTest.launcher(agones), null, new LocalLeases(), blocking,
                scheduler, new DirectorMetrics(), new Membership(), new TicketIssuer(Clock.systemUTC(), 30_000),
                "127.0.0.1", SPAWN_TIMEOUT_MS, 0, 30_000, 0);
        supervisor.start();
    }

    @AfterEach
    void stop() {
        supervisor.shutdownAll(Duration.ofSeconds(10));
        scheduler.shutdownNow();
        blocking.shutdownNow();
        agones.close();
    }

    @Test
    void fiftyConcurrentJoinsCreateOneGameServer() throws Exception {
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService joiners = Executors.newFixedThreadPool(50);
        List<CompletableFuture<CompletableFuture<JoinTarget>>> joins = new ArrayList<>();
        try {
            for (int i = 0; i < 50; i++) {
                joins.add(CompletableFuture.supplyAsync(() -> {
                    try {
                        go.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return supervisor.join("start");
                }, joiners));
            }
            go.countDown();
            CompletableFuture.allOf(joins.toArray(CompletableFuture[]::new)).get();
        } finally {
            joiners.shutdownNow();
        }

        await().atMost(WAIT).until(() -> !agones.gameServers().isEmpty());
        assertThat(agones.gameServers()).hasSize(1);
        assertThat(joins.stream().map(CompletableFuture::join).distinct()).as("every join waits for the one spawn")
                .hasSize(1);
    }

    @Test
    void aGameServerThatNeverRegistersIsDeletedAtTheSpawnTimeout() throws Exception {
        CompletableFuture<JoinTarget> join = supervisor.join("start");
        await().atMost(WAIT).until(() -> agones.gameServers().size() == 1);
        agones.controllerSets(agones.gameServers().get(0).getMetadata().getName(), "Scheduled", "10.0.0.7", 7031);

        assertThat(join).failsWithin(WAIT).withThrowableOfType(ExecutionException.class)
                .withCauseInstanceOf(WorldUnavailableException.class)
                .withMessageContaining("the world did not start within " + SPAWN_TIMEOUT_MS + " ms");
        await().atMost(WAIT).until(() -> agones.gameServers().isEmpty());
        await().atMost(WAIT).until(() -> supervisor.views().get(0).status() == WorldStatus.STOPPED);
    }
}
