package lor.bench.persist;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import lor.director.world.store.SnapshotRepository;
import lor.protocol.JsonPayload;
import lor.protocol.MessageCodec;
import lor.protocol.ProtocolException;
import lor.protocol.control.ControlMessages;
import lor.protocol.control.WorldHydrateMessage;
import lor.sim.world.World;
import lor.world.snapshot.SnapshotCodec;

/**
 * Hydration, the way back, on one thread: (h1) the director reads the newest snapshot
 * ({@link SnapshotRepository#latest}, what {@code WorldHydration} reads ahead while a world starts), (h2) turns it
 * into the {@code world_hydrate} message text as {@code WorldHydration} and the control codec do, (h3) the world's
 * codec decodes that text, (h4) the world is rebuilt from the state ({@link SnapshotCodec#decode} and
 * {@link World#restore}, what {@code WorldRuntime.hydrate} does).
 */
final class HydrationPath {

    private final BenchOptions options;
    private final SnapshotRepository repository;
    private final MessageCodec worldCodec = ControlMessages.worldCodec();
    private final MessageCodec directorCodec = ControlMessages.directorCodec();

    HydrationPath(BenchOptions options, SnapshotRepository repository) {
        this.options = options;
        this.repository = repository;
    }

    void measure(BenchWorld bench, SizeResult result) throws ProtocolException {
        Phase read = new Phase("(h1) read", "SnapshotRepository.latest (the director's read-ahead)");
        Phase encode = new Phase("(h2) director encode", "stored text spliced into world_hydrate message text");
        Phase decode = new Phase("(h3) world decode", "world codec parse of world_hydrate");
        Phase restore = new Phase("(h4) restore", "SnapshotCodec.decode + World.restore (WorldRuntime.hydrate)");
        Phase total = new Phase("total (h1)+(h2)+(h3)+(h4)", "stored → world rebuilt");
        Phase gc = Phase.gcPauses();
        result.hydration.addAll(List.of(read, encode, decode, restore, total, gc));
        WarmUp warmUp = new WarmUp(options);
        int measured = 0;
        while (measured < options.rounds()) {
            boolean warming = warmUp.warming();
            long gc0 = Phase.gcMillis();
            long t0 = System.nanoTime();
            SnapshotRepository.StoredSnapshot stored = repository.latest(result.worldId).orElseThrow();
            long t1 = System.nanoTime();
            String text = directorCodec.encode(new WorldHydrateMessage(result.worldId, stored.seq(),
                    JsonPayload.ofText(stored.stateJson())));
            long t2 = System.nanoTime();
            WorldHydrateMessage hydrate = (WorldHydrateMessage) worldCodec.decode(text);
            long t3 = System.nanoTime();
            World world = World.restore(bench.grid, bench.world.pack(), SnapshotCodec.decode(hydrate.state().tree(),
                    bench.world.pack(), bench.grid.size().cells()), BenchWorld.SEED);
            long t4 = System.nanoTime();
            long gcMs = Phase.gcMillis() - gc0;
            if (world.tick() > bench.world.tick()) {
                throw new IllegalStateException("restored at tick " + world.tick() + ", the world is at "
                        + bench.world.tick());
            }
            if (warming) {
                warmUp.count();
            } else {
                measured++;
                read.add(t1 - t0);
                encode.add(t2 - t1);
                decode.add(t3 - t2);
                restore.add(t4 - t3);
                total.add(t4 - t0);
                gc.add(TimeUnit.MILLISECONDS.toNanos(gcMs));
            }
            SnapshotPersistBench.progress(String.format(Locale.ROOT, "%d entities, hydration, %s round: seq %d, "
                    + "%.1f ms (GC %d ms)", result.entities, warming ? "warm-up" : "measured", stored.seq(),
                    (t4 - t0) / 1e6, gcMs));
        }
        result.hydrationWarmUps = warmUp.rounds();
    }
}
