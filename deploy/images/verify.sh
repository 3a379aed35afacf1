#!/usr/bin/env bash
# Checks an image tarball of -Pimages (docker-save format, as jib:buildTar writes it) without Docker: unpacks its
# layers in order into a directory, compares its configuration with what deploy/kubernetes/ expects, and runs its
# process there as a container would: chrooted, as the image's user, in its working directory, with its environment
# only, and this machine's /proc, /dev and /sys (in a mount namespace of its own, through unshare).
#
# usage: deploy/images/verify.sh [--db-url JDBC_URL] TARBALL
#   director/target/jib-image.tar: --help after the Deployment's arguments; a start with the Deployment's arguments
#     and environment against a database that does not answer, which must get as far as the database. With
#     --db-url (e.g. jdbc:postgresql://127.0.0.1:5432/lor?user=lor&password=secret, or LOR_DB_USER and
#     LOR_DB_PASSWORD in the environment), a whole start on that database: ready, GET /healthz, /readyz, /api/worlds
#     and / answered 200, SIGTERM, exit status 0.
#   world-server/target/jib-image.tar: usage on missing arguments; a world's whole start (lor.world.CdsTraining: a
#     stand-in director, registration over WebSocket, a player in and out, a clean stop).
# Needs python3, tar, timeout, and util-linux's unshare and mount, with user namespaces allowed unless run as root.
# As root the process runs as the image's user on files owned by root, as in a container; otherwise every file of
# the image looks owned by that user (one user namespace maps only the caller), so write permissions are checked
# from the layers' headers as well.
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)

usage() {
    echo "usage: deploy/images/verify.sh [--db-url JDBC_URL] TARBALL" >&2
    exit 64
}
db_url=
while [ $# -gt 1 ]; do
    case $1 in
        --db-url) db_url=$2; shift 2 ;;
        *) usage ;;
    esac
done
[ $# -eq 1 ] || usage
tarball=$1
[ -f "$tarball" ] || { echo "verify.sh: no file $tarball (build it with mvn -B -Pimages package)" >&2; exit 1; }

for tool in python3 tar timeout unshare mount; do
    command -v "$tool" >/dev/null 2>&1 || { echo "verify.sh: $tool is missing" >&2; exit 1; }
done
grep -q -- --map-user <<<"$(unshare --help)" || {
    echo "verify.sh: unshare has no --map-user (util-linux 2.38 or later)" >&2
    exit 1
}
unshare_bin=$(command -v unshare)
mount_bin=$(command -v mount)
timeout_bin=$(command -v timeout)
if [ "$(id -u)" -ne 0 ] && ! unshare --map-root-user --mount true 2>/dev/null; then
    echo "verify.sh: user namespaces are not allowed here (unshare --map-root-user fails): run it as root" >&2
    exit 1
fi

ok() { echo "ok    $*"; }
fail() { echo "FAIL  $*" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/lor-image.XXXXXX")
pid=
# The director started in the background is stopped first: the files go once no process of the image runs (its mount
# namespace, with /proc /dev /sys bound in, ends with it); --one-file-system all the same.
cleanup() {
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
        kill -TERM "$pid"
        wait "$pid" || true
    fi
    rm -rf --one-file-system "$work"
}
trap cleanup EXIT
mkdir "$work/image" "$work/rootfs"
rootfs=$work/rootfs
tar -xf "$tarball" -C "$work/image"

python3 - "$work/image" > "$work/config.sh" <<'EOF'
import json, shlex, sys
d = sys.argv[1]
manifest = json.load(open(d + '/manifest.json'))
if len(manifest) != 1:
    sys.exit('verify.sh: manifest.json describes %d images, not one' % len(manifest))
image = manifest[0]
config = json.load(open(d + '/' + image['Config']))
c = config.get('config') or {}
def var(name, value): print('%s=%s' % (name, shlex.quote(value)))
def array(name, values): print('%s=(%s)' % (name, ' '.join(shlex.quote(v) for v in values)))
var('name', (image.get('RepoTags') or ['?'])[0])
array('layers', image['Layers'])
array('entrypoint', c.get('Entrypoint') or [])
array('cmd', c.get('Cmd') or [])
array('environment', c.get('Env') or [])
array('ports', sorted((c.get('ExposedPorts') or {}).keys()))
var('user', c.get('User') or '')
var('workdir', c.get('WorkingDir') or '/')
var('platform', config.get('os', '?') + '/' + config.get('architecture', '?'))
EOF
# shellcheck disable=SC1091
source "$work/config.sh"
echo "image $name ($tarball, $(du -h "$tarball" | cut -f1), ${#layers[@]} layers)"

# The layers in order; a registry base's may delete what an earlier one added: .wh.NAME deletes NAME, .wh..wh..opq
# what the directory held so far.
for layer in "${layers[@]}"; do
    while IFS= read -r entry; do
        base=${entry##*/}
        parent=${entry%"$base"}
        case $base in
            .wh..wh..opq) find "$rootfs/$parent" -mindepth 1 -maxdepth 1 -exec rm -rf {} + ;;
            .wh.*) rm -rf "${rootfs:?}/$parent${base#.wh.}" ;;
        esac
    done < <(tar -tf "$work/image/$layer" --warning=no-unknown-keyword | grep '\.wh\.' || true)
    tar -xf "$work/image/$layer" -C "$rootfs" --warning=no-unknown-keyword --no-same-owner --exclude='.wh.*'
done
ok "unpacked: $(du -sh "$rootfs" | cut -f1), $(find "$rootfs" -type f | wc -l) files"

case $name in
    lor/director:*) main=lor.director.DirectorMain ;;
    lor/world-server:*) main=lor.world.WorldServerMain ;;
    *) fail "$name is neither lor/director nor lor/world-server" ;;
esac

# What the manifests say: the container ports, and the director's arguments, environment (its own, its Secret's
# example) and mounted template.
python3 - "$repo/deploy/kubernetes" "$work/gameserver.yaml" > "$work/kubernetes.sh" <<'EOF'
import json, re, shlex, sys
d = sys.argv[1]
director = open(d + '/director.yaml').read()
world = open(d + '/world-gameserver.yaml').read()
secret = open(d + '/database-secret.example.yaml').read()
def var(name, value): print('%s=%s' % (name, shlex.quote(value)))
def array(name, values): print('%s=(%s)' % (name, ' '.join(shlex.quote(v) for v in values)))
var('director_port', re.search(r'containerPort:\s*(\d+)', director).group(1))
var('world_port', re.search(r'containerPort:\s*(\d+)', world).group(1))
# args: [...] is a flow sequence of double-quoted strings, which JSON reads.
array('director_args', json.loads(re.search(r'\bargs:\s*(\[.*?\])', director, re.S).group(1)))
# The pod's address and namespace (fieldRef) as this machine's loopback and the manifests' namespace.
values = {'POD_IP': '127.0.0.1',
          'LOR_AGONES_NAMESPACE': re.search(r'namespace:\s*(\S+)', director).group(1)}
values.update((k, v.replace('$(POD_IP)', '127.0.0.1'))
              for k, v in re.findall(r'\{name: (\w+), value: "([^"]*)"\}', director))
array('director_env', ['%s=%s' % kv for kv in values.items()])
array('secret_env', ['%s=%s' % kv for kv in re.findall(r'^\s+(LOR_\w+):\s*(\S+)', secret, re.M)])
# The ConfigMap's gameserver.yaml, mounted at /etc/lor in the director's pod.
lines = world[world.index('gameserver.yaml: |'):].split('\n')[1:]
indent = len(lines[0]) - len(lines[0].lstrip())
template = []
for line in lines:
    if line.strip() and len(line) - len(line.lstrip()) < indent:
        break
    template.append(line[indent:])
open(sys.argv[2], 'w').write('\n'.join(template).rstrip() + '\n')
EOF
# shellcheck disable=SC1091
source "$work/kubernetes.sh"

# The configuration. Kubernetes gives a container arguments (args:), never a command: they follow the entrypoint,
# which must end with the main class.
[ "${#entrypoint[@]}" -ge 4 ] || fail "entrypoint '${entrypoint[*]}'"
java=${entrypoint[0]}
[ "${entrypoint[-1]}" = "$main" ] || fail "the entrypoint ends with ${entrypoint[-1]}, not the main class $main"
[ "${#cmd[@]}" -eq 0 ] || fail "cmd '${cmd[*]}': arguments are Kubernetes's args"
[ -f "$rootfs$java" ] && [ -x "$rootfs$java" ] || fail "$java is not an executable file in the image"
ok "entrypoint ${entrypoint[*]}; no cmd"
classpath_file=
for ((i = 1; i + 1 < ${#entrypoint[@]}; i++)); do
    [ "${entrypoint[i]}" != -cp ] || classpath_file=${entrypoint[i + 1]#@}
done
[ -n "$classpath_file" ] && [ -f "$rootfs$classpath_file" ] || fail "no -cp @FILE in the entrypoint, or no such file"
# (no newline at its end: read returns 1)
IFS=: read -r -a classpath < "$rootfs$classpath_file" || true
for entry in "${classpath[@]}"; do
    [ -e "$rootfs$entry" ] || fail "$entry, on the classpath ($classpath_file), is not in the image"
done
ok "classpath: ${#classpath[@]} entries, all in the image"

port=$([ "$main" = lor.director.DirectorMain ] && echo "$director_port" || echo "$world_port")
grep -qx "$port/tcp" <<<"$(printf '%s\n' "${ports[@]}")" ||
    fail "exposed ports '${ports[*]}', not the manifests' $port/tcp"
ok "exposed ports ${ports[*]} (containerPort $port in deploy/kubernetes/)"

case $(dpkg --print-architecture 2>/dev/null || uname -m) in
    amd64|x86_64) here=linux/amd64 ;;
    arm64|aarch64) here=linux/arm64 ;;
    *) here=linux/$(uname -m) ;;
esac
[ "$platform" = "$here" ] || fail "the image is $platform, this machine $here: it cannot run here"
ok "platform $platform"

uid=${user%%:*}
case $uid in ''|*[!0-9]*) fail "user '$user': Kubernetes's runAsNonRoot needs a numeric one" ;; esac
[ "$uid" -ne 0 ] || fail "the image runs as root"
if [[ $user == *:* ]]; then
    gid=${user#*:}
else
    # As the container runtimes do: the group of the user's /etc/passwd entry, else 0.
    gid=$(awk -F: -v u="$uid" '$3 == u {print $4; exit}' "$rootfs/etc/passwd" 2>/dev/null || true)
    gid=${gid:-0}
fi
# Writable by the user, from the layers' headers (the last layer to name a directory sets it): the working directory
# (the director's data directory is under it) and /tmp.
python3 - "$work/image" "$uid" "$gid" "$workdir" /tmp "${layers[@]}" <<'EOF' || exit 1
import sys, tarfile
d, uid, gid, paths, layers = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:6], sys.argv[6:]
found = {}
for layer in layers:
    with tarfile.open(d + '/' + layer) as t:
        for m in t:
            name = '/' + (m.name[2:] if m.name.startswith('./') else m.name).strip('/')
            if name in paths:
                found[name] = m
for path in paths:
    m = found.get(path)
    if m is None:
        sys.exit('FAIL  no layer makes %s' % path)
    mode = m.mode & 0o7777
    writable = mode & 0o002 or (m.uid == uid and mode & 0o200) or (m.gid == gid and mode & 0o020)
    if not m.isdir() or not writable:
        sys.exit('FAIL  %s: mode %o, owner %d:%d, not a directory user %d can write' % (path, mode, m.uid, m.gid, uid))
    print('ok    %s: a directory of mode %o, owner %d:%d, which user %d can write' % (path, mode, m.uid, m.gid, uid))
EOF
java_home=
for variable in "${environment[@]}"; do
    [[ $variable != JAVA_HOME=* ]] || java_home=${variable#JAVA_HOME=}
done
[ -n "$java_home" ] && [ -x "$rootfs$java_home/bin/java" ] || fail "JAVA_HOME '$java_home' has no bin/java"
ok "user $uid:$gid, working directory $workdir, environment ${environment[*]}"

mkdir -p "$rootfs/proc" "$rootfs/dev" "$rootfs/sys"
# What a container runtime (or the kubelet) puts there: this machine's, so that its name resolves.
mkdir -p "$rootfs/etc"
for file in /etc/hosts /etc/resolv.conf; do
    [ ! -e "$file" ] || cp -L "$file" "$rootfs/etc/"
done
# image_command SECONDS [VAR=value...] -- COMMAND...: sets run to what runs COMMAND in the image as its process runs
# there: the image's environment (and the given variables) only, its user and working directory, chrooted into the
# layers, with this machine's /proc, /dev and /sys bound in a mount namespace of its own; at most SECONDS. Each of
# env, timeout, unshare and sh execs the next, so $! of "${run[@]} &" is timeout, which passes a signal on.
image_command() {
    local seconds=$1 extra=()
    shift
    while [ "$1" != -- ]; do extra+=("$1"); shift; done
    shift
    # shellcheck disable=SC2016
    local bind='for d in proc dev sys; do "$0" --rbind "/$d" "$1/$d" || exit 1; done; shift; exec "$@"'
    run=(env -i "${environment[@]}" "${extra[@]}" "$timeout_bin" --kill-after=10 "$seconds")
    if [ "$(id -u)" -eq 0 ]; then
        run+=("$unshare_bin" --mount --propagation private /bin/sh -c "$bind" "$mount_bin" "$rootfs"
            "$unshare_bin" --root="$rootfs" --wd="$workdir" --setgid="$gid" --setuid="$uid" "$@")
    else
        run+=("$unshare_bin" --map-root-user --mount --propagation private /bin/sh -c "$bind" "$mount_bin" "$rootfs"
            "$unshare_bin" --map-user="$uid" --map-group="$gid" --root="$rootfs" --wd="$workdir" "$@")
    fi
}
in_image() {
    image_command "$@"
    "${run[@]}"
}

out=$(in_image 30 -- "$java" -version 2>&1) || fail "$java -version: $out"
ok "$java -version: $(head -1 <<<"$out")"
props=$(in_image 30 -- "$java" -XshowSettings:properties -version 2>&1) || fail "$java -XshowSettings: $props"
for expected in "file.encoding = UTF-8" "sun.jnu.encoding = UTF-8" "user.dir = $workdir"; do
    grep -qxF "    $expected" <<<"$props" || fail "java's $expected expected: $(grep -F "${expected%% *}" <<<"$props")"
done
ok "java: file.encoding and sun.jnu.encoding UTF-8, user.dir $workdir, user.name $(sed -n 's/^ *user.name = //p' <<<"$props")"

# Every library of the runtime, also those a process loads only later: the dynamic loader lists what each needs, with
# the runtime's own directories on its path as the JVM has them (libjvm.so and libjava.so are loaded before the rest).
loader=
for candidate in /lib64/ld-linux-x86-64.so.2 /lib/ld-linux-aarch64.so.1; do
    [ ! -e "$rootfs$candidate" ] && [ ! -L "$rootfs$candidate" ] || { loader=$candidate; break; }
done
[ -n "$loader" ] || fail "no dynamic loader in the image"
elves=0
while IFS= read -r -d '' file; do
    head -c 4 "$file" | cmp -s - <(printf '\177ELF') || continue
    elves=$((elves + 1))
    if ! listed=$(in_image 30 -- "$loader" --library-path "$java_home/lib:$java_home/lib/server" --list \
        "${file#"$rootfs"}" 2>&1) || grep -q 'not found' <<<"$listed"; then
        fail "${file#"$rootfs"} needs what the image lacks: $(grep -E 'not found|error' <<<"$listed" | tr -s '\n\t' '  ')"
    fi
done < <(find "$rootfs$java_home" -type f -print0)
ok "$elves binaries and libraries under $java_home: every library they need is in the image"

if [ "$main" = lor.director.DirectorMain ]; then
    mkdir -p "$rootfs/etc/lor"
    cp "$work/gameserver.yaml" "$rootfs/etc/lor/gameserver.yaml"
    out=$(in_image 60 -- "${entrypoint[@]}" "${director_args[@]}" --help 2>&1) || fail "--help: $out"
    grep -q '^usage: ' <<<"$out" || fail "--help printed no usage: $out"
    ok "the Deployment's arguments (${director_args[*]}) and --help: usage, exit status 0"

    # Its Secret's example values, but a database at a port where nothing answers: the start must get past its data
    # directory (under the working directory) and the world-server jar (for the maps and packs) to the database, and
    # then gives up after the 30 s any start waits for its database.
    if out=$(in_image 120 "${secret_env[@]}" LOR_DB_URL=jdbc:postgresql://127.0.0.1:1/lor "${director_env[@]}" -- \
        "${entrypoint[@]}" "${director_args[@]}" 2>&1); then
        fail "a start without a database exited 0: $out"
    else
        status=$?
    fi
    reason=$(grep -m1 'director failed to start' <<<"$out" | sed 's/.*director failed to start: //') || true
    [ "$status" -eq 1 ] && [ -n "$reason" ] || fail "a start without a database: exit status $status: $out"
    case $reason in
        *world-server.jar*|*AccessDenied*|*"Permission denied"*|*"Read-only"*) fail "a start stopped early: $reason" ;;
    esac
    [ -s "$rootfs$workdir/data/logs/director.log" ] || fail "no $workdir/data/logs/director.log"
    ok "the Deployment's arguments and environment, no database: exit status 1 at the database ($reason); $workdir/data/logs/director.log written"

    if [ -n "$db_url" ]; then
        passed=()
        for variable in LOR_DB_USER LOR_DB_PASSWORD; do
            [ -z "${!variable:-}" ] || passed+=("$variable=${!variable}")
        done
        log=$work/director.out
        # On this machine's network: a port of its own rather than the Deployment's 8080, on the loopback only. No
        # warm spare: with no Kubernetes API here, it would be a GameServer the director keeps failing to create.
        image_command 180 "${secret_env[@]}" LOR_DB_URL="$db_url" "${passed[@]}" "${director_env[@]}" -- \
            "${entrypoint[@]}" "${director_args[@]}" --bind 127.0.0.1 --port 0 --warm-spares 0
        "${run[@]}" > "$log" 2>&1 &
        pid=$!
        started=$(date +%s%N)
        base=
        for _ in $(seq 1 900); do
            base=$(sed -n 's/^director ready //p' "$log")
            [ -z "$base" ] && kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        [ -n "$base" ] || { cat "$log" >&2; fail "the director did not become ready"; }
        ready_ms=$((($(date +%s%N) - started) / 1000000))
        for path in /healthz /readyz /api/worlds /; do
            code=$(python3 -c 'import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1], timeout=10).status)' \
                "$base$path" 2>&1) || true
            [ "$code" = 200 ] || fail "GET $base$path: $code"
        done
        grep -q "world jar /app/world-server.jar" "$log" || fail "the director found no /app/world-server.jar"
        kill -TERM "$pid"
        if wait "$pid"; then status=0; else status=$?; fi
        pid=
        [ "$status" -eq 0 ] || { cat "$log" >&2; fail "after SIGTERM: exit status $status"; }
        schema=$(grep -o 'database schema at version .*' "$log" || echo "no schema line")
        ok "the Deployment's arguments and environment with --db-url: $schema; ready in $ready_ms ms at $base (world jar /app/world-server.jar), GET /healthz /readyz /api/worlds / 200, SIGTERM: exit status 0"
    fi
else
    if out=$(in_image 60 -- "${entrypoint[@]}" 2>&1); then status=0; else status=$?; fi
    [ "$status" -eq 64 ] && grep -q '^usage: ' <<<"$out" || fail "no arguments: exit status $status: $out"
    ok "no arguments: usage, exit status 64"
    training=("${entrypoint[@]}")
    training[-1]=lor.world.CdsTraining
    started=$(date +%s%N)
    out=$(in_image 120 -- "${training[@]}" 2>&1) || { echo "$out" >&2; fail "lor.world.CdsTraining did not exit 0"; }
    ! grep -q 'CDS training:' <<<"$out" || fail "$(grep 'CDS training:' <<<"$out")"
    ok "a world's whole start with the entrypoint's JVM flags (lor.world.CdsTraining: registered with a stand-in director over WebSocket, a player in and out, stopped): exit status 0 in $((($(date +%s%N) - started) / 1000000)) ms"
fi
echo "verified $name"
