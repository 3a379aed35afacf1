#!/usr/bin/env bash
# Lor against Colyseus, side by side, on this machine, one after the other.
#
#   bench/compare.sh [N ...]          default N: 100 250 500 1000 2000
#
# Needs the README's build first (mvn -B verify, or mvn -B package -DskipTests), Node.js and npm (for Colyseus:
# ../shared/bench/colyseus is copied to /tmp and installed with npm ci), python3 for the tables.
# For every N, in this order: Lor with JSON state frames, Lor with binary state frames, Lor binary in bench-objects
# (the same world with 100,000 ticking objects, 1 % awake), Colyseus (its run.sh).
# Then the world lifecycle: joining a stopped world cold (no spare, no CDS archive), cold with the archive, and with
# a warm spare; and the idle world's memory. Results: bench/results/<tag>/*.json, tables: bench/results/<tag>/tables.md
# (copied into docs/benchmarks.md by hand). Environment:
#   TAG            results folder name (default: the date and time)
#   DURATION       measurement window per run in seconds (default 30); WARMUP, seconds of load before the window
#                  (default 30: both servers' JIT compilers are done by then; with 5, Lor's C2 compiler thread
#                  was still using a third of a core inside the window, see docs/benchmarks.md)
#   COLYSEUS_SRC   the Colyseus peer benchmark to copy (default: ../shared/bench/colyseus beside the checkout)
#   SKIP_OBJECTS   1 to skip the run in bench-objects (binary, 100,000 ticking objects) after each binary run
#   SKIP_COLYSEUS  1 to run only Lor; SKIP_LIFECYCLE 1 to skip the lifecycle part; SKIP_FLAGS 1 to skip the
#                  world JVM flag comparison (each flag set: cold joins, idle RSS, 1000 binary bots for 20 s)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
NS=("$@")
[ ${#NS[@]} -eq 0 ] && NS=(100 250 500 1000 2000)
TAG=${TAG:-$(date +%Y%m%dT%H%M%S)}
DURATION=${DURATION:-30}
WARMUP=${WARMUP:-30}
OUT="$ROOT/bench/results/$TAG"
DATA="$ROOT/bench/.data"          # kept between runs: bot accounts (PBKDF2 makes creating them slow)
TOKENS="$ROOT/bench/.data/bot-tokens.json"
ADMIN_TOKEN="bench-admin-token-0123456789"
DIRECTOR_JAR="$ROOT/director/target/director.jar"
WORLD_JAR="$ROOT/world-server/target/world-server.jar"
CLIENT_JAR="$ROOT/test-client/target/test-client.jar"
COLYSEUS_SRC=${COLYSEUS_SRC:-$ROOT/../shared/bench/colyseus}
if [ "${SKIP_COLYSEUS:-0}" != 1 ] && [ ! -f "$COLYSEUS_SRC/run.sh" ]; then
    echo "no Colyseus benchmark at $COLYSEUS_SRC: set COLYSEUS_SRC, or SKIP_COLYSEUS=1" >&2
    exit 1
fi
mkdir -p "$OUT" "$DATA"
for jar in "$DIRECTOR_JAR" "$WORLD_JAR" "$CLIENT_JAR"; do
    [ -f "$jar" ] || { echo "missing $jar: build first (mvn -B verify)" >&2; exit 1; }
done

DIRECTOR_PID=""
stop_director() {
    if [ -n "$DIRECTOR_PID" ] && kill -0 "$DIRECTOR_PID" 2>/dev/null; then
        kill "$DIRECTOR_PID"
        wait "$DIRECTOR_PID" 2>/dev/null || true
    fi
    DIRECTOR_PID=""
}
trap stop_director EXIT

# start_director NAME [options...]: starts director.jar on a free port, sets DIRECTOR_WS
start_director() {
    local name=$1; shift
    local log="$OUT/director-$name.log"
    java -jar "$DIRECTOR_JAR" --port 0 --data-dir "$DATA/director" --idle-shutdown-ms 600000 \
        --session-ttl-ms 31536000000 --admin-token "$ADMIN_TOKEN" "$@" > "$log" 2>&1 &
    DIRECTOR_PID=$!
    for _ in $(seq 1 240); do
        if grep -q "director ready" "$log"; then break; fi
        kill -0 "$DIRECTOR_PID" 2>/dev/null || { echo "director exited; see $log" >&2; exit 1; }
        sleep 0.5
    done
    local url
    url=$(grep -o "director ready http://[^ ]*" "$log" | head -1 | sed 's/director ready http:/ws:/')
    DIRECTOR_WS="$url/ws"
    echo "director ($name) at $DIRECTOR_WS"
}

# quiet: wait up to 60 s for the machine to be mostly idle (under 15 % of all cores for 3 s), like the Colyseus run.
quiet() {
    python3 - <<'PY'
import time
def busy():
    with open('/proc/stat') as f:
        v = [int(x) for x in f.readline().split()[1:]]
    return sum(v) - v[3] - v[4], sum(v)
quiet_for, start = 0, time.time()
while quiet_for < 3 and time.time() - start < 60:
    b0, t0 = busy(); time.sleep(1); b1, t1 = busy()
    quiet_for = quiet_for + 1 if (b1 - b0) / max(1, t1 - t0) < 0.15 else 0
PY
}

# run_lor N ENCODING [WORLD NAME]: N bots in WORLD (default bench), report lor-NAME-nN.json (NAME: the encoding)
run_lor() {
    local n=$1 encoding=$2 world=${3:-bench} name=${4:-$2}
    quiet
    echo "== Lor N=$n $encoding $world"
    java -jar "$CLIENT_JAR" bots --director "$DIRECTOR_WS" --world "$world" --count "$n" --duration "$DURATION" \
        --warmup "$WARMUP" --rate 10 --encoding "$encoding" --join-concurrency 20 --tokens "$TOKENS" \
        --report "$OUT/lor-$name-n$n.json" || echo "(bots exited with $?; the report says why)"
}

run_colyseus() {
    local n=$1
    local dir=/tmp/colyseus-bench
    if [ ! -d "$dir" ]; then
        cp -r "$COLYSEUS_SRC" "$dir"
    fi
    echo "== Colyseus N=$n"
    (cd "$dir" && ./run.sh "$n" --duration "$DURATION" --warmup "$WARMUP" --out "$OUT/colyseus-n$n.json") \
        || echo "(colyseus run exited with $?)"
}

# The same bench world serves every Lor run; bots keep their accounts and tokens between runs. Every bot connects
# from 127.0.0.1, so the per-address limit on new connections (200 a second by default, on the director and on the
# worlds) is raised: 2,000 bots joining 20 at a time open more than that, and the guard refused some of them.
start_director load --warm-spares 1 --max-new-connections-per-second 2000
for n in "${NS[@]}"; do
    run_lor "$n" json
    run_lor "$n" binary
    if [ "${SKIP_OBJECTS:-0}" != 1 ]; then
        # The same players in bench-objects: bench's map and spawn over two layers of 100,000 ticking pumps.
        run_lor "$n" binary bench-objects objects
    fi
    if [ "${SKIP_COLYSEUS:-0}" != 1 ]; then
        # Colyseus gets the machine to itself: the Lor world is idle (no players) while it runs.
        run_colyseus "$n"
    fi
done
stop_director

if [ "${SKIP_LIFECYCLE:-0}" != 1 ]; then
    # Cold starts without the build's class-data-sharing archive: the JDK's own archive named after the built-in
    # flags (the last one wins). Not by moving the jar away from its archive: the director would make one.
    JDK_ARCHIVE="$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")/lib/server/classes.jsa"
    start_director cold-nocds --warm-spares 0 --world-jvm-options "-XX:SharedArchiveFile=$JDK_ARCHIVE"
    java -jar "$CLIENT_JAR" lifecycle --director "$DIRECTOR_WS" --world bench --rounds 20 \
        --admin-token "$ADMIN_TOKEN" --report "$OUT/lifecycle-cold-nocds.json"
    stop_director
    start_director cold-cds --warm-spares 0
    java -jar "$CLIENT_JAR" lifecycle --director "$DIRECTOR_WS" --world bench --rounds 20 \
        --admin-token "$ADMIN_TOKEN" --report "$OUT/lifecycle-cold-cds.json"
    stop_director
    start_director warm --warm-spares 1
    java -jar "$CLIENT_JAR" lifecycle --director "$DIRECTOR_WS" --world bench --rounds 20 --wait-for-spare \
        --admin-token "$ADMIN_TOKEN" --idle-rss-seconds 10 --report "$OUT/lifecycle-warm.json"
    stop_director
fi

if [ "${SKIP_FLAGS:-0}" != 1 ]; then
    # The world JVM's flags, chosen by these figures: each set is added after the built-in flags (the last wins).
    declare -A FLAG_SETS=(
        [serial]=""
        [g1]="-XX:-UseSerialGC -XX:+UseG1GC"
        [parallel]="-XX:-UseSerialGC -XX:+UseParallelGC"
        [serial-xmx128m]="-Xmx128m"
    )
    for name in serial g1 parallel serial-xmx128m; do
        start_director "flags-$name" --warm-spares 0 --world-jvm-options "${FLAG_SETS[$name]}"
        java -jar "$CLIENT_JAR" lifecycle --director "$DIRECTOR_WS" --world bench --rounds 10 \
            --admin-token "$ADMIN_TOKEN" --idle-rss-seconds 10 --report "$OUT/flags-$name-lifecycle.json"
        quiet
        java -jar "$CLIENT_JAR" bots --director "$DIRECTOR_WS" --world bench --count 1000 --duration 20 \
            --warmup "$WARMUP" --rate 10 --encoding binary --join-concurrency 20 --tokens "$TOKENS" \
            --report "$OUT/flags-$name-bots.json" || echo "(bots exited with $?; the report says why)"
        stop_director
    done
fi

python3 "$ROOT/bench/summarize.py" "$OUT" | tee "$OUT/tables.md"
echo "results in $OUT"
