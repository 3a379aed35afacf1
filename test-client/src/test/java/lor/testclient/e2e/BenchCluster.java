package lor.testclient.e2e;

import static lor.testclient.e2e.BenchTiming.WAIT;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import lor.protocol.director.JoinWorldMessage;
import lor.protocol.director.WorldJoinedMessage;
import lor.testclient.net.WsClient;
import lor.testclient.scenario.ScenarioContext;

/**
 * The cluster of every {@code Cluster*Bench} figure but idle's, each figure starting its own: three directors, the
 * third one's database through a proxy, with the worlds of all four figures; and what the figures ask of it.
 */
final class BenchCluster {

    private BenchCluster() {
    }

    /** Starts the cluster under {@code root} and waits until every director knows the others and every world. */
    static DirectorCluster start(Path root) throws Exception {
        DirectorCluster cluster = DirectorCluster.builder(root).name("bench").directors(3).databaseThroughProxy(3)
                .options("--snapshot-interval-ms", "1000", "--idle-shutdown-ms", "600000").start();
        try {
            List<String> copies = new ArrayList<>();
            for (String copy : List.of("meadow", "cellar", "bench")) {
                copies.add(copy + "-2");
                cluster.database().update("INSERT INTO worlds (world_id, name, settings) SELECT ?, ?, settings FROM "
                        + "worlds WHERE world_id = ?", copy + "-2", copy + " 2", copy);
            }
            List<String> meadows = new ArrayList<>(List.of("lat"));
            for (int i = 1; i <= ClusterFenceBench.FENCES + 1; i++) {
                meadows.add("fence-" + i);
            }
            for (int i = 1; i <= 6; i++) {
                meadows.add("tp-" + i);
            }
            for (String id : meadows) {
                cluster.database().update("INSERT INTO worlds (world_id, name, settings) SELECT ?, ?, settings FROM "
                        + "worlds WHERE world_id = 'meadow'", id, id);
            }
            List<String> all = new ArrayList<>(copies);
            all.addAll(meadows);
            for (DirectorCluster.Member director : cluster.directors()) {
                await(director + " to know the other two and the new worlds").atMost(WAIT)
                        .until(() -> knowsPeers(cluster, director) && director.listedWorlds().containsAll(all));
            }
            return cluster;
        } catch (Exception | Error e) {
            try {
                cluster.close();
            } catch (IOException | RuntimeException closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }

    /** Whether the director's latest list of other directors names both others' control addresses. */
    static boolean knowsPeers(DirectorCluster c, DirectorCluster.Member director) throws IOException {
        String log = Files.readString(director.log());
        int at = log.lastIndexOf("other directors: ");
        if (at < 0) {
            return false;
        }
        int end = log.indexOf('\n', at);
        String line = end < 0 ? log.substring(at) : log.substring(at, end);
        return c.directors().stream().filter(d -> d != director)
                .allMatch(d -> line.contains(":" + d.baseUrl().getPort() + "/control"));
    }

    /** A lease owner is {@code host/pid/random} (the director's identity). */
    static boolean owns(DirectorCluster.Member director, String owner) {
        return owner != null && director.isAlive() && owner.contains("/" + director.pid() + "/");
    }

    /** The live lease's owner of each world ({@code worlds}, or all when null); null for a world without one. */
    static Map<String, String> liveOwners(Connection db, List<String> worlds) throws SQLException {
        Map<String, String> owners = new HashMap<>();
        try (PreparedStatement s = db.prepareStatement("SELECT world_id, CASE WHEN lease_expires_at > now() THEN "
                + "lease_owner END FROM worlds"); ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                if (worlds == null || worlds.contains(rs.getString(1))) {
                    owners.put(rs.getString(1), rs.getString(2));
                }
            }
        }
        return owners;
    }

    /** @return nanoseconds from sending {@code join_world} to reading {@code world_joined} */
    static long join(WsClient client, String world) throws Exception {
        long start = System.nanoTime();
        client.send(new JoinWorldMessage(world, "j"));
        client.expect(WorldJoinedMessage.class, ScenarioContext.STEP);
        return System.nanoTime() - start;
    }

    static Path worldJar() {
        return DirectorProcess.jar("lor.worldJar");
    }

    /** This checkout's world processes: {@code -jar} this world jar (a director names it too, after --world-jar). */
    static List<ProcessHandle> worldProcesses() {
        String jar = worldJar().toString();
        return ProcessHandle.allProcesses().filter(p -> p.info().arguments().map(a -> {
            int at = Arrays.asList(a).indexOf("-jar");
            return at >= 0 && at + 1 < a.length && a[at + 1].equals(jar);
        }).orElse(false)).toList();
    }
}
