package lor.bench.persist;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import lor.director.world.store.SnapshotRepository;
import lor.protocol.JsonPayload;
import lor.protocol.MessageCodec;
import lor.protocol.ProtocolException;
import lor.protocol.control.ControlMessages;
import lor.protocol.control.WorldSnapshotMessage;
import lor.sim.world.World;
import lor.sim.world.WorldSnapshot;
import lor.world.snapshot.SnapshotCodec;

/**
 * Path 1 of the persist round trip: every phase on one thread, no network. (a) the copy the tick thread makes
 * ({@link World#snapshot()}, what {@code WorldRuntime.takeSnapshot} does), (b) encode ({@link SnapshotCodec#encode}
 * wrapped in the {@code world_snapshot} message text, what {@code SnapshotOutbox} sends), (b') the director's decode
 * (the message read by the director's codec, and what {@code SnapshotPersister} makes of its state to store it),
 * (c) persist ({@link SnapshotRepository#store}: the call the director makes, and commits, before it acks).
 */
final class InProcessRoundTrip {

    private final BenchOptions options;
    private final SnapshotRepository repository;
    private final MessageCodec worldCodec = ControlMessages.worldCodec();
    private final MessageCodec directorCodec = ControlMessages.directorCodec();

    InProcessRoundTrip(BenchOptions options, SnapshotRepository repository) {
        this.options = options;
        this.repository = repository;
    }

    /** @return the last seq used */
    long measure(BenchWorld bench, SizeResult result) throws ProtocolException {
        Phase copy = new Phase("(a) copy on the tick thread", "World.snapshot()");
        Phase encode = new Phase("(b) encode", "SnapshotCodec.encode + world_snapshot message text (SnapshotOutbox)");
        Phase decode = new Phase("(b') director decode", "director codec decode, state kept as its text (onSnapshot)");
        Phase persist = new Phase("(c) persist + commit", "SnapshotRepository.store (fsync on)");
        Phase total = new Phase("total (a)+(b)+(b')+(c)", "decide → committed, ack not sent");
        Phase gc = Phase.gcPauses();
        result.inProcess.addAll(List.of(copy, encode, decode, persist, total, gc));
        long seq = 0;
        WarmUp warmUp = new WarmUp(options);
        int measured = 0;
        while (measured < options.rounds()) {
            boolean warming = warmUp.warming();
            bench.advance();
            seq++;
            long gc0 = Phase.gcMillis();
            long t0 = System.nanoTime();
            WorldSnapshot snapshot = bench.world.snapshot();
            long t1 = System.nanoTime();
            String text = worldCodec.encode(new WorldSnapshotMessage(result.worldId, seq,
                    JsonPayload.of(SnapshotCodec.encode(snapshot)), false));
            long t2 = System.nanoTime();
            WorldSnapshotMessage received = (WorldSnapshotMessage) directorCodec.decode(text);
            String json = received.state().text();
            long t3 = System.nanoTime();
            SnapshotRepository.Outcome outcome = repository.store(result.worldId, 0, seq, json);
            if (outcome != SnapshotRepository.Outcome.WRITTEN) {
                throw new IllegalStateException("seq " + seq + ": " + outcome);
            }
            long t4 = System.nanoTime();
            long gcMs = Phase.gcMillis() - gc0;
            if (warming) {
                warmUp.count();
            } else {
                measured++;
                copy.add(t1 - t0);
                encode.add(t2 - t1);
                decode.add(t3 - t2);
                persist.add(t4 - t3);
                total.add(t4 - t0);
                gc.add(TimeUnit.MILLISECONDS.toNanos(gcMs));
            }
            result.playersInSnapshot = snapshot.players().size();
            result.messageBytes = text.getBytes(StandardCharsets.UTF_8).length;
            result.storedBytes = json.getBytes(StandardCharsets.UTF_8).length;
            SnapshotPersistBench.progress(String.format(Locale.ROOT, "%d entities, in process, %s round: seq %d, "
                    + "%.1f ms (GC %d ms)", result.entities, warming ? "warm-up" : "measured", seq, (t4 - t0) / 1e6,
                    gcMs));
        }
        result.inProcessWarmUps = warmUp.rounds();
        return seq;
    }

    /** What the message would weigh if the same number of entities were NPCs: they are not persisted. */
    long npcOnlyMessageBytes(BenchWorld bench, int n, String worldId) {
        World npcs = World.create(bench.grid, BenchWorld.SEED);
        npcs.addNpcs(n);
        return worldCodec.encode(new WorldSnapshotMessage(worldId, 1, JsonPayload.of(SnapshotCodec.encode(
                npcs.snapshot())), false)).getBytes(StandardCharsets.UTF_8).length;
    }
}
