package lor.director;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import java.util.function.LongSupplier;
import java.util.function.ToDoubleFunction;

import lor.director.world.WorldStatus;
import lor.director.world.WorldView;
import lor.protocol.control.WorldLoadMessage;
import lor.protocol.control.WorldModulesMessage;

/** The director's counters and their Prometheus text rendering (exposition format 0.0.4). */
public final class DirectorMetrics {

    public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    public final AtomicLong worldSpawns = new AtomicLong();
    public final AtomicLong worldExits = new AtomicLong();
    public final AtomicLong worldsUnhealthy = new AtomicLong();
    /** Worlds left running by a previous director and taken back by this one. */
    public final AtomicLong worldAdoptions = new AtomicLong();
    public final AtomicLong worldFailures = new AtomicLong();
    public final AtomicLong snapshotRefusals = new AtomicLong();
    public final AtomicLong snapshotsPersisted = new AtomicLong();
    public final AtomicLong snapshotDuplicates = new AtomicLong();
    public final AtomicLong snapshotFailures = new AtomicLong();
    public final AtomicLong logins = new AtomicLong();
    public final AtomicLong loginFailures = new AtomicLong();
    /** Connections to the director's port closed at once by its per-address limits; set once the port is guarded. */
    public volatile LongSupplier connectionsRefused = () -> 0;

    public String render(List<WorldView> worlds) {
        return render(worlds, 0);
    }

    public String render(List<WorldView> worlds, int readySpares) {
        StringBuilder out = new StringBuilder(2048);
        long running = worlds.stream().filter(w -> w.status() == WorldStatus.RUNNING).count();
        long failed = worlds.stream().filter(w -> w.status() == WorldStatus.FAILED).count();
        long players = worlds.stream().mapToLong(WorldView::players).sum();
        gauge(out, "lor_worlds_running", "World processes registered and serving players.", running);
        gauge(out, "lor_worlds_failed", "Worlds marked failed (crash loop or unreadable snapshot) until cleared.",
                failed);
        gauge(out, "lor_players_online", "Players connected to any world.", players);
        gauge(out, "lor_warm_spares_ready", "Warm spare world processes registered and waiting for a world.",
                readySpares);
        counter(out, "lor_world_spawns_total", "World processes started.", worldSpawns.get());
        counter(out, "lor_world_exits_total", "World processes that exited.", worldExits.get());
        counter(out, "lor_world_unhealthy_total", "World processes killed after missing their heartbeats.",
                worldsUnhealthy.get());
        counter(out, "lor_world_adoptions_total", "Worlds left running by a previous director and taken back.",
                worldAdoptions.get());
        counter(out, "lor_world_failures_total", "Times a world was marked failed.", worldFailures.get());
        counter(out, "lor_snapshots_persisted_total", "World snapshots committed to the database.",
                snapshotsPersisted.get());
        counter(out, "lor_snapshot_duplicates_total", "Snapshots received again and acknowledged without a write.",
                snapshotDuplicates.get());
        counter(out, "lor_snapshot_failures_total", "Snapshots that could not be persisted.",
                snapshotFailures.get());
        counter(out, "lor_snapshot_refusals_total",
                "Snapshots refused: from a fenced-off (older) epoch, or a seq not above the stored one.",
                snapshotRefusals.get());
        counter(out, "lor_logins_total", "Successful logins.", logins.get());
        counter(out, "lor_login_failures_total", "Refused logins.", loginFailures.get());
        counter(out, "lor_connections_refused_total", "Connections to the director's port closed at once: their "
                + "address was over --max-connections-per-address or --max-new-connections-per-second.",
                connectionsRefused.getAsLong());

        out.append("# HELP lor_tick_duration_seconds Tick duration of each running world over its last 200 ticks.\n");
        out.append("# TYPE lor_tick_duration_seconds summary\n");
        for (WorldView w : worlds) {
            if (w.lastStatus() == null) {
                continue;
            }
            String world = "world=\"" + w.worldId() + "\"";
            sample(out, "lor_tick_duration_seconds{" + world + ",quantile=\"0.5\"}", w.lastStatus().tickP50());
            sample(out, "lor_tick_duration_seconds{" + world + ",quantile=\"0.99\"}", w.lastStatus().tickP99());
            sample(out, "lor_tick_duration_seconds{" + world + ",quantile=\"1\"}", w.lastStatus().tickMax());
        }
        out.append("# HELP lor_tick_overruns_total Ticks that ended after the next tick was due.\n");
        out.append("# TYPE lor_tick_overruns_total counter\n");
        for (WorldView w : worlds) {
            if (w.lastStatus() != null) {
                sample(out, "lor_tick_overruns_total{world=\"" + w.worldId() + "\"}", w.lastStatus().overruns());
            }
        }
        perWorld(out, worlds, "lor_broadcast_duration_seconds", "summary",
                "Time to build and hand over one state broadcast, over the last 100 broadcasts.",
                (w, l) -> sample(out, "lor_broadcast_duration_seconds{world=\"" + w + "\",quantile=\"0.5\"}",
                        l.broadcastP50()),
                (w, l) -> sample(out, "lor_broadcast_duration_seconds{world=\"" + w + "\",quantile=\"0.99\"}",
                        l.broadcastP99()));
        perWorld(out, worlds, "lor_world_bytes_per_client_per_second", "gauge",
                "State bytes written per connected player in the last second.",
                (w, l) -> sample(out, series("lor_world_bytes_per_client_per_second", w), l.bytesPerClientPerSecond()));
        perWorld(out, worlds, "lor_world_frames_per_second", "gauge", "State frames written in the last second.",
                (w, l) -> sample(out, series("lor_world_frames_per_second", w), l.framesPerSecond()));
        perWorld(out, worlds, "lor_world_queue_depth", "gauge",
                "Commands waiting for the tick thread plus intents waiting in players' queues.",
                (w, l) -> sample(out, series("lor_world_queue_depth", w), l.queueDepth()));
        perWorld(out, worlds, "lor_world_gc_pause_seconds_total", "counter",
                "Time the world process spent in garbage collection.",
                (w, l) -> sample(out, series("lor_world_gc_pause_seconds_total", w), l.gcPauseSecondsTotal()));
        perWorld(out, worlds, "lor_world_gc_collections_total", "counter", "Garbage collections of the world process.",
                (w, l) -> sample(out, series("lor_world_gc_collections_total", w), l.gcCount()));
        perWorld(out, worlds, "lor_world_cpu_seconds_total", "counter", "CPU time of the world process.",
                (w, l) -> sample(out, series("lor_world_cpu_seconds_total", w), l.cpuSecondsTotal()));
        perWorld(out, worlds, "lor_world_resident_memory_bytes", "gauge", "Resident memory of the world process.",
                (w, l) -> sample(out, series("lor_world_resident_memory_bytes", w), l.rssBytes()));
        perHook(out, worlds, "lor_module_errors_total", "counter", "Times a game module's hook threw since its world "
                + "process started; what that call did was undone (an action is refused with module_error).",
                WorldModulesMessage.HookStats::errors);
        perHook(out, worlds, "lor_module_hook_calls_total", "counter",
                "Times a game module's hook ran since its world process started, failed runs included.",
                WorldModulesMessage.HookStats::calls);
        perHook(out, worlds, "lor_module_hook_seconds_total", "counter",
                "Time a game module's hook took on its world's tick thread since the world process started.",
                WorldModulesMessage.HookStats::seconds);
        perHook(out, worlds, "lor_module_hook_seconds_per_tick", "gauge",
                "Time a game module's hook took per tick, averaged over the last second.",
                WorldModulesMessage.HookStats::secondsPerTick);
        out.append("# HELP lor_world_players Players connected to each world.\n");
        out.append("# TYPE lor_world_players gauge\n");
        for (WorldView w : worlds) {
            sample(out, "lor_world_players{world=\"" + w.worldId() + "\"}", w.players());
        }
        return out.toString();
    }

    /** Writes one sample (or several) for each world that reported its load. */
    @SafeVarargs
    private static void perWorld(StringBuilder out, List<WorldView> worlds, String name, String type, String help,
                                 BiConsumer<String, WorldLoadMessage>... samples) {
        header(out, name, help, type);
        for (WorldView w : worlds) {
            if (w.lastLoad() != null && w.status() == WorldStatus.RUNNING) {
                for (BiConsumer<String, WorldLoadMessage> sample : samples) {
                    sample.accept(w.worldId(), w.lastLoad());
                }
            }
        }
    }

    /** Writes one sample for each hook of each module of each running world that reported its modules. */
    private static void perHook(StringBuilder out, List<WorldView> worlds, String name, String type, String help,
                                ToDoubleFunction<WorldModulesMessage.HookStats> value) {
        header(out, name, help, type);
        for (WorldView w : worlds) {
            if (w.lastModules() != null && w.status() == WorldStatus.RUNNING) {
                for (WorldModulesMessage.HookStats h : w.lastModules().hooks()) {
                    sample(out, name + "{world=\"" + w.worldId() + "\",module=\"" + h.module() + "\",hook=\""
                            + h.hook() + "\"}", value.applyAsDouble(h));
                }
            }
        }
    }

    private static String series(String name, String worldId) {
        return name + "{world=\"" + worldId + "\"}";
    }

    private static void gauge(StringBuilder out, String name, String help, double value) {
        header(out, name, help, "gauge");
        sample(out, name, value);
    }

    private static void counter(StringBuilder out, String name, String help, double value) {
        header(out, name, help, "counter");
        sample(out, name, value);
    }

    private static void header(StringBuilder out, String name, String help, String type) {
        out.append("# HELP ").append(name).append(' ').append(help).append('\n');
        out.append("# TYPE ").append(name).append(' ').append(type).append('\n');
    }

    private static void sample(StringBuilder out, String series, double value) {
        out.append(series).append(' ');
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            out.append((long) value);
        } else {
            out.append(String.format(Locale.ROOT, "%.9g", value));
        }
        out.append('\n');
    }
}
