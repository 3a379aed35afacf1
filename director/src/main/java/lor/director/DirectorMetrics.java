package lor.director;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

import lor.director.world.WorldStatus;
import lor.director.world.WorldView;

/** The director's counters and their Prometheus text rendering (exposition format 0.0.4). */
public final class DirectorMetrics {

    public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    public final AtomicLong worldSpawns = new AtomicLong();
    public final AtomicLong worldExits = new AtomicLong();
    public final AtomicLong snapshotsPersisted = new AtomicLong();
    public final AtomicLong snapshotDuplicates = new AtomicLong();
    public final AtomicLong snapshotFailures = new AtomicLong();
    public final AtomicLong logins = new AtomicLong();
    public final AtomicLong loginFailures = new AtomicLong();

    public String render(List<WorldView> worlds) {
        StringBuilder out = new StringBuilder(2048);
        long running = worlds.stream().filter(w -> w.status() == WorldStatus.RUNNING).count();
        long players = worlds.stream().mapToLong(WorldView::players).sum();
        gauge(out, "lor_worlds_running", "World processes registered and serving players.", running);
        gauge(out, "lor_players_online", "Players connected to any world.", players);
        counter(out, "lor_world_spawns_total", "World processes started.", worldSpawns.get());
        counter(out, "lor_world_exits_total", "World processes that exited.", worldExits.get());
        counter(out, "lor_snapshots_persisted_total", "World snapshots committed to the database.",
                snapshotsPersisted.get());
        counter(out, "lor_snapshot_duplicates_total", "Snapshots received again and acknowledged without a write.",
                snapshotDuplicates.get());
        counter(out, "lor_snapshot_failures_total", "Snapshots that could not be persisted.",
                snapshotFailures.get());
        counter(out, "lor_logins_total", "Successful logins.", logins.get());
        counter(out, "lor_login_failures_total", "Refused logins.", loginFailures.get());

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
        out.append("# HELP lor_world_players Players connected to each world.\n");
        out.append("# TYPE lor_world_players gauge\n");
        for (WorldView w : worlds) {
            sample(out, "lor_world_players{world=\"" + w.worldId() + "\"}", w.players());
        }
        return out.toString();
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
