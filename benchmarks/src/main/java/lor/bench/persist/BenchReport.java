package lor.bench.persist;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The results of a run as Markdown (for docs/benchmarks.md) and as JSON. */
final class BenchReport {

    private final BenchOptions options;
    private final Map<String, String> environment;
    private final List<SizeResult> results;

    BenchReport(BenchOptions options, Map<String, String> environment, List<SizeResult> results) {
        this.options = options;
        this.environment = environment;
        this.results = results;
    }

    String markdown() {
        StringBuilder out = new StringBuilder();
        out.append("## Snapshot persist round trip\n\n");
        for (Map.Entry<String, String> e : environment.entrySet()) {
            out.append("- ").append(e.getKey()).append(": ").append(e.getValue()).append('\n');
        }
        out.append("- entities are players: snapshots persist players only (NPCs are not in them), so every entity "
                + "is in the snapshot; players spawn by the bench (hashed) rule and each takes one random step "
                + "between rounds (untimed)\n");
        for (SizeResult r : results) {
            out.append(String.format(Locale.ROOT, "- warm-up rounds for %,d entities: %d in process, %d over the "
                    + "WebSocket, %d of hydration%n", r.entities, r.inProcessWarmUps, r.webSocketWarmUps,
                    r.hydrationWarmUps));
        }
        out.append("- percentiles are nearest-rank over the measured rounds; with fewer than 100 rounds p99 is the "
                + "maximum\n\n");

        out.append("### Snapshot size\n\n");
        out.append("| entities | map | players in snapshot | world_snapshot message (bytes) | stored state JSON, "
                + "size_bytes | on disk, pg_column_size | same world with NPCs only (message bytes) |\n");
        out.append("|---:|---|---:|---:|---:|---:|---:|\n");
        for (SizeResult r : results) {
            out.append(String.format(Locale.ROOT, "| %,d | %s | %,d | %,d | %,d | %,d | %,d |%n", r.entities, r.map,
                    r.playersInSnapshot, r.messageBytes, r.storedBytes, r.onDiskBytes, r.npcOnlyMessageBytes));
        }

        out.append("\n### In process (no network): decide → committed\n\n");
        phaseTable(out, r -> r.inProcess);
        if (results.stream().anyMatch(r -> !r.webSocket.isEmpty())) {
            out.append("\n### Over the loopback control WebSocket: decide → committed → acknowledged\n\n");
            phaseTable(out, r -> r.webSocket);
            out.append('\n');
            for (SizeResult r : results) {
                if (r.webSocket.isEmpty()) {
                    continue;
                }
                double hop = Phase.totalOf(r.webSocket).percentileMs(50) - Phase.totalOf(r.inProcess).percentileMs(50);
                out.append(String.format(Locale.ROOT, "- %,d entities: WebSocket total − in-process total = %.3f ms "
                                + "at p50 (the hop, executor hand-offs, the ack, and the cost of resent copies); the "
                                + "world sent %d copies of %d snapshots (%.2f per snapshot), %d extra copies reached "
                                + "the store as duplicates%n",
                        r.entities, hop, r.webSocketCopies, r.webSocketSnapshots,
                        r.webSocketCopies / (double) Math.max(1, r.webSocketSnapshots), r.webSocketDuplicatesStored));
            }
            out.append("- director side of the hop: a stand-in (BenchControlEndpoint) for ControlSessionHandler/"
                    + "WorldSupervisor with the same frame limits, codec, state handling, blocking pool and "
                    + "SnapshotRepository; the world side is the world server's own SnapshotOutbox and "
                    + "ControlClient\n");
        } else {
            out.append("\n- the hop over the loopback control WebSocket is not included (--no-websocket)\n");
        }
        out.append("\n### Hydration (no network): stored → world rebuilt\n\n");
        phaseTable(out, r -> r.hydration);
        return out.toString();
    }

    private void phaseTable(StringBuilder out, java.util.function.Function<SizeResult, List<Phase>> path) {
        out.append("| entities | phase | what | p50 ms | p99 ms | max ms |\n");
        out.append("|---:|---|---|---:|---:|---:|\n");
        for (SizeResult r : results) {
            for (Phase p : path.apply(r)) {
                String b = p.isTotal() ? "**" : "";
                out.append(String.format(Locale.ROOT, "| %,d | %s%s%s | %s | %s%.3f%s | %s%.3f%s | %s%.3f%s |%n",
                        r.entities, b, p.name, b, p.what, b, p.percentileMs(50), b, b, p.percentileMs(99), b, b,
                        p.maxMs(), b));
            }
        }
    }

    void writeJson(Path file) throws IOException {
        JsonMapper mapper = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();
        ObjectNode root = mapper.createObjectNode();
        root.put("benchmark", "snapshot persist round trip");
        ObjectNode env = root.putObject("environment");
        environment.forEach(env::put);
        root.put("rounds", options.rounds());
        root.put("warmupMinRounds", options.warmup());
        root.put("warmupMinSeconds", options.warmupSeconds());
        ArrayNode sizes = root.putArray("results");
        for (SizeResult r : results) {
            ObjectNode size = sizes.addObject();
            size.put("entities", r.entities);
            size.put("worldId", r.worldId);
            size.put("map", r.map);
            size.put("playersInSnapshot", r.playersInSnapshot);
            size.put("messageBytes", r.messageBytes);
            size.put("storedBytes", r.storedBytes);
            size.put("onDiskBytes", r.onDiskBytes);
            size.put("npcOnlyMessageBytes", r.npcOnlyMessageBytes);
            size.put("inProcessWarmUpRounds", r.inProcessWarmUps);
            phasesJson(size.putArray("inProcess"), r.inProcess);
            if (!r.webSocket.isEmpty()) {
                ObjectNode ws = size.putObject("webSocket");
                phasesJson(ws.putArray("phases"), r.webSocket);
                ws.put("warmUpRounds", r.webSocketWarmUps);
                ws.put("snapshots", r.webSocketSnapshots);
                ws.put("copiesSent", r.webSocketCopies);
                ws.put("duplicatesStored", r.webSocketDuplicatesStored);
            }
            ObjectNode hydration = size.putObject("hydration");
            phasesJson(hydration.putArray("phases"), r.hydration);
            hydration.put("warmUpRounds", r.hydrationWarmUps);
        }
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(file, mapper.writeValueAsString(root) + "\n");
    }

    private static void phasesJson(ArrayNode out, List<Phase> phases) {
        for (Phase p : phases) {
            ObjectNode node = out.addObject();
            node.put("phase", p.name);
            node.put("what", p.what);
            node.put("p50Ms", p.percentileMs(50));
            node.put("p99Ms", p.percentileMs(99));
            node.put("maxMs", p.maxMs());
            ArrayNode samples = node.putArray("samplesMs");
            for (double s : p.samplesMs()) {
                samples.add(s);
            }
        }
    }
}
