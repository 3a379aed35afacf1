package lor.bench.persist;

import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import io.netty.channel.EventLoopGroup;
import lor.protocol.ErrorMessage;
import lor.protocol.control.PlayerKickMessage;
import lor.protocol.control.PortalGrantedMessage;
import lor.protocol.control.PortalRefusedMessage;
import lor.protocol.control.WorldHydrateMessage;
import lor.protocol.netty.EventLoops;
import lor.sim.world.WorldSnapshot;
import lor.world.control.ControlClient;
import lor.world.control.ControlListener;
import lor.world.snapshot.SnapshotOutbox;

/**
 * Path 2 of the persist round trip, over the loopback control WebSocket: the world side is the world server's own
 * {@link SnapshotOutbox} and {@link ControlClient} (snapshot-io executor, 1 MiB fragments, its write-buffer water
 * marks, a kept snapshot sent when the channel drains, as {@code WorldServer} wires them); the director side is
 * {@link BenchControlEndpoint}. Measured from the copy on the tick thread to the world's outbox seeing the ack.
 */
final class WebSocketRoundTrip {

    static final long ACK_TIMEOUT_SECONDS = 120;
    /** Between rounds: the director side must have been idle this long (late duplicate copies). */
    static final long QUIET_MILLIS = 200;

    private final BenchOptions options;
    private final BenchControlEndpoint director;

    WebSocketRoundTrip(BenchOptions options, BenchControlEndpoint director) {
        this.options = options;
        this.director = director;
    }

    void measure(BenchWorld bench, long lastSeq, SizeResult result) throws Exception {
        String worldId = result.worldId;
        Phase copy = new Phase("(a) copy on the tick thread", "World.snapshot(); then SnapshotOutbox.publish");
        Phase toDirector = new Phase("(b) world → director",
                "snapshot-io encode + WebSocket send (1 MiB fragments) + loopback + reassembly");
        Phase decode = new Phase("(b') director decode", "on the director's event loop");
        Phase persist = new Phase("(c) persist + commit", "blocking-pool hand-off + SnapshotRepository.store");
        Phase ackBack = new Phase("(d) ack → world", "snapshot_ack written, read, SnapshotOutbox.onAck");
        Phase total = new Phase("total: decide → acked", "what a world waits for");
        Phase gc = Phase.gcPauses();
        result.webSocket.addAll(List.of(copy, toDirector, decode, persist, ackBack, total, gc));

        EventLoopGroup controlGroup = EventLoops.create("control", 1);
        ExecutorService io = Executors.newSingleThreadExecutor(SnapshotPersistBench.daemon("snapshot-io"));
        WorldSide worldSide = new WorldSide();
        ControlClient client = new ControlClient("bench-spawn-token", List.of(URI.create(director.url())),
                SnapshotPersistBench.MAX_SNAPSHOT_BYTES, () -> 0, controlGroup);
        SnapshotOutbox outbox = new SnapshotOutbox(worldId, client, io);
        worldSide.outbox = outbox;
        try {
            client.becomeWorld(worldId, worldSide);
            worldSide.hydrated.get(30, TimeUnit.SECONDS);
            long seq = lastSeq;
            long firstMeasured = 0;
            long duplicatesBefore = 0;
            WarmUp warmUp = new WarmUp(options);
            int measured = 0;
            while (measured < options.rounds()) {
                boolean warming = warmUp.warming();
                bench.advance();
                awaitQuiet();
                seq++;
                if (!warming && firstMeasured == 0) {
                    firstMeasured = seq;
                    duplicatesBefore = director.duplicatesStored();
                }
                long gc0 = Phase.gcMillis();
                long t0 = System.nanoTime();
                WorldSnapshot snapshot = bench.world.snapshot();
                long t1 = System.nanoTime();
                CompletableFuture<Long> acked = outbox.acknowledged(seq).thenApply(ignored -> System.nanoTime());
                outbox.publish(seq, snapshot, false);
                long tAck = acked.get(ACK_TIMEOUT_SECONDS, TimeUnit.SECONDS);
                long gcMs = Phase.gcMillis() - gc0;
                BenchControlEndpoint.Arrival arrival = director.arrival(worldId, seq);
                if (arrival == null || !arrival.written()) {
                    throw new IllegalStateException("seq " + seq + " acknowledged but not written now: " + arrival);
                }
                if (warming) {
                    warmUp.count();
                } else {
                    measured++;
                    gc.add(TimeUnit.MILLISECONDS.toNanos(gcMs));
                    copy.add(t1 - t0);
                    toDirector.add(arrival.received() - t1);
                    decode.add(arrival.decoded() - arrival.received());
                    persist.add(arrival.committed() - arrival.decoded());
                    ackBack.add(tAck - arrival.committed());
                    total.add(tAck - t0);
                }
                SnapshotPersistBench.progress(String.format(Locale.ROOT, "%d entities, WebSocket, %s round: seq %d, "
                                + "%.1f ms (GC %d ms, %d copies so far)", result.entities,
                        warming ? "warm-up" : "measured", seq, (tAck - t0) / 1e6, gcMs,
                        director.copiesOf(worldId, seq)));
            }
            awaitQuiet();
            result.webSocketWarmUps = warmUp.rounds();
            for (long s = firstMeasured; s <= seq; s++) {
                result.webSocketSnapshots++;
                result.webSocketCopies += director.copiesOf(worldId, s);
            }
            result.webSocketDuplicatesStored = director.duplicatesStored() - duplicatesBefore;
        } finally {
            client.close();
            controlGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
            io.shutdown();
        }
    }

    /** Waits until the director side has nothing in flight and has received nothing for {@link #QUIET_MILLIS}. */
    private void awaitQuiet() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(ACK_TIMEOUT_SECONDS);
        while (System.nanoTime() < deadline) {
            long received = director.received();
            Thread.sleep(QUIET_MILLIS);
            if (director.inFlight() == 0 && director.received() == received) {
                return;
            }
        }
        throw new IllegalStateException("the director side did not go quiet");
    }

    /** The world server's control listener, as far as snapshots go ({@code WorldServer.Listener}). */
    private static final class WorldSide implements ControlListener {
        final CompletableFuture<Void> hydrated = new CompletableFuture<>();
        volatile SnapshotOutbox outbox;

        @Override
        public void onOrphaned() {
            // The bench's director stand-in outlives every measured round.
        }

        @Override
        public void onHydrate(WorldHydrateMessage hydrate) {
            hydrated.complete(null);
        }

        @Override
        public void onResumed(String ticketSecret) {
            outbox.resend();
        }

        @Override
        public void onSnapshotAck(long seq) {
            outbox.onAck(seq);
        }

        @Override
        public void onWritable() {
            outbox.sendKept();
        }

        @Override
        public void onShutdownRequested(String reason) {
        }

        @Override
        public void onPortalGranted(PortalGrantedMessage granted) {
        }

        @Override
        public void onPortalRefused(PortalRefusedMessage refused) {
        }

        @Override
        public void onPlayerKick(PlayerKickMessage kick) {
        }

        @Override
        public void onRefused(ErrorMessage error) {
            hydrated.completeExceptionally(new IllegalStateException("refused: " + error.message()));
        }
    }
}
