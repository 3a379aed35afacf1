#!/usr/bin/env bash
# Issue 33's load figure: N bots (default 1000) in a world that runs the elementals game module against the same
# run in the same world without it, one after the other on one director.
#
#   bench/modules.sh [N]
#
# Both worlds are the bench map (256 x 256) with bench's hashed spawn: `bench` (no pack) and `bench-elements`, made
# here through the admin API with the shipped `elements` pack (8 elementals hunting whoever they see; the bots only
# walk). Needs the README's build first (mvn -B verify, or mvn -B package -DskipTests) and python3.
# Results: bench/results/<tag>/modules-{bench,bench-elements}-nN.json (the bots' reports: the world's tick p99 per
# 10 s window, and the director's /metrics at the window's start and end, whose lor_tick_overruns_total gives the
# overruns in the window).
# Environment: TAG (default: the date and time), DURATION (default 30 s), WARMUP (default 30 s).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
N=${1:-1000}
TAG=${TAG:-$(date +%Y%m%dT%H%M%S)}
DURATION=${DURATION:-30}
WARMUP=${WARMUP:-30}
OUT="$ROOT/bench/results/$TAG"
DATA="$ROOT/bench/.data-modules"  # kept between runs: bot accounts
TOKENS="$DATA/bot-tokens.json"
ADMIN_TOKEN="bench-admin-token-0123456789"
mkdir -p "$OUT" "$DATA"
for jar in director/target/director.jar world-server/target/world-server.jar test-client/target/test-client.jar; do
    [ -f "$jar" ] || { echo "missing $jar: build first (mvn -B verify)" >&2; exit 1; }
done

LOG="$OUT/director-modules.log"
# Bot accounts are throwaway: hashing their passwords at the production cost would take minutes of CPU.
java -jar director/target/director.jar --port 0 --data-dir "$DATA/director" --idle-shutdown-ms 600000 \
    --session-ttl-ms 31536000000 --admin-token "$ADMIN_TOKEN" --warm-spares 1 \
    --max-new-connections-per-second 2000 --password-iterations 10000 > "$LOG" 2>&1 &
DIRECTOR_PID=$!
trap 'kill $DIRECTOR_PID 2>/dev/null || true; wait $DIRECTOR_PID 2>/dev/null || true' EXIT
for _ in $(seq 1 240); do
    grep -q "director ready" "$LOG" && break
    kill -0 "$DIRECTOR_PID" 2>/dev/null || { echo "director exited; see $LOG" >&2; exit 1; }
    sleep 0.5
done
HTTP=$(grep -o "director ready http://[^ ]*" "$LOG" | head -1 | sed 's/director ready //')
WS="${HTTP/http:/ws:}/ws"
echo "director at $HTTP"

# The module's world: bench's map and spawn, the elements pack (created once; a second create answers 409).
curl -s -o /dev/null -w "bench-elements: %{http_code}\n" -X POST "$HTTP/api/admin/worlds" \
    -H "Authorization: Bearer $ADMIN_TOKEN" -H "Content-Type: application/json" \
    -d '{"worldId":"bench-elements","name":"Bench with elementals","settings":{"map":"bench","content":"elements","npcs":0,"viewRadius":24,"spawn":"hashed"}}'

for world in bench bench-elements; do
    echo "== $N bots in $world"
    bots_log="$OUT/modules-$world-n$N.out"
    java -jar test-client/target/test-client.jar bots --director "$WS" --world "$world" --count "$N" \
        --duration "$DURATION" --warmup "$WARMUP" --rate 10 --encoding binary --join-concurrency 20 \
        --tokens "$TOKENS" --report "$OUT/modules-$world-n$N.json" > "$bots_log" 2>&1 \
        || echo "(bots exited with $?)"
    grep -v "joined, .* failed$" "$bots_log" || true
done

python3 - "$OUT" "$N" <<'PY'
import json, sys
out, n = sys.argv[1], sys.argv[2]
rows = {}


def overruns(lines):
    for line in lines:
        if line.startswith("lor_tick_overruns_total"):
            return int(float(line.split()[-1]))
    return None


for world in ("bench", "bench-elements"):
    report = json.load(open(f"{out}/modules-{world}-n{n}.json"))
    windows = report["server"].get("tickP99WindowsMs") or []
    # The world's overrun count as the director's /metrics had it when the bots opened and closed their window:
    # joining the bots, the JIT's warm-up and the bots' leaving all at once at the end are not what is judged.
    start, end = overruns(report["serverMetricsAtStart"]), overruns(report["serverMetrics"])
    overruns_in_window = None if start is None or end is None else end - start
    rows[world] = (sorted(windows)[len(windows) // 2] if windows else None, report["server"].get("tickP99WorstMs"),
                   overruns_in_window, report["counts"]["joined"])
    print(f"{world}: tick p99 median of windows {rows[world][0]} ms, worst {rows[world][1]} ms, "
          f"overruns in the window {overruns_in_window}, joined {rows[world][3]}, "
          f"malformed states {report['counts']['malformedStates']}")
base, mod = rows["bench"][0], rows["bench-elements"][0]
if base and mod:
    print(f"tick p99 with elementals / without: {mod / base:.2f}")
PY
