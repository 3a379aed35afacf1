#!/usr/bin/env bash
# The root filesystem under the director's and the world server's images, so that -Pimages builds them FROM scratch
# and needs no container registry: a Java runtime made with jlink from the build's JDK, and the shared libraries it
# needs from the Debian packages of the building machine (apt-get download, dpkg-deb -x). Maven runs it
# (the images profile of the root pom) before Jib adds DIR/rootfs to each image.
#
# usage: deploy/images/base-rootfs.sh [--from IMAGE] [--java-home PATH] [--user UID] [--workdir PATH] DIR
#   DIR/rootfs   what Jib adds to the image; DIR/debs the downloaded packages; DIR/stamp what DIR/rootfs was made of
#   --from       the base image (jib.from.image, default scratch). Any other is a registry image that brings its own
#                Java and C library: DIR/rootfs then holds only the working directory.
#   --java-home  where the runtime goes in the image (default /opt/java/openjdk, as in eclipse-temurin images)
#   --user       the image's user, named in /etc/passwd (default 65532)
#   --workdir    the image's working directory, writable by that user (default /var/lib/lor)
# The JDK is $JAVA_HOME (Maven passes the one it runs on), else the one of the java on PATH.
set -euo pipefail

# The modules jdeps finds in director.jar and world-server.jar (jdeps --print-module-deps --ignore-missing-deps
# --multi-release 17), without java.desktop: it is reached only through Jackson's optional java.beans support (which
# Jackson guards), PostgreSQL's geometric types and commons-compress's pack200, none of which either process uses.
# With jdk.crypto.ec, which no class names but TLS needs for elliptic-curve certificates and key exchange (the
# Kubernetes API server, PostgreSQL over SSL). deploy/images/verify.sh runs both processes on this runtime.
MODULES=java.base,java.management,java.naming,java.net.http,java.security.jgss,java.sql,jdk.crypto.ec,jdk.jfr,jdk.management,jdk.unsupported

# What ldd names for the runtime's binaries and libraries: libc.so.6, libm.so.6 and the dynamic loader (libc6);
# libz.so.1 (zlib1g: Debian's JDK uses the system's zlib); libstdc++.so.6 and libgcc_s.so.1 (libjvm.so; glibc also
# loads libgcc_s to unwind a thread that exits).
PACKAGES=(libc6 libgcc-s1 libstdc++6 zlib1g)
# Only its C.UTF-8 locale: with LANG=C.UTF-8 Java reads and writes file names and standard output in UTF-8, not ASCII.
LOCALE_PACKAGE=libc-bin

from=scratch
java_home=/opt/java/openjdk
user=65532
workdir=/var/lib/lor
while [ $# -gt 1 ]; do
    case $1 in
        --from) from=$2 ;;
        --java-home) java_home=$2 ;;
        --user) user=$2 ;;
        --workdir) workdir=$2 ;;
        *) echo "base-rootfs.sh: unknown option $1" >&2; exit 64 ;;
    esac
    shift 2
done
if [ $# -ne 1 ] || [ -z "$1" ]; then
    echo "usage: base-rootfs.sh [--from IMAGE] [--java-home PATH] [--user UID] [--workdir PATH] DIR" >&2
    exit 64
fi
case $user in
    ''|*[!0-9]*) echo "base-rootfs.sh: --user must be a numeric uid, not $user" >&2; exit 64 ;;
esac
mkdir -p "$1"
dir=$(cd "$1" && pwd)
rootfs=$dir/rootfs

# Both images run this in one build (and in parallel with mvn -T): one at a time, the second finds it up to date.
exec 9>"$dir/lock"
flock 9

if [ "$from" != scratch ]; then
    stamp="from $from; workdir $workdir"
    if [ -d "$rootfs" ] && [ "$(cat "$dir/stamp" 2>/dev/null)" = "$stamp" ]; then
        echo "base-rootfs: $rootfs is up to date (base image $from)"
        exit 0
    fi
    rm -rf "$rootfs" "$dir/stamp"
    mkdir -p "$rootfs$workdir"
    echo "$stamp" > "$dir/stamp"
    echo "base-rootfs: base image $from brings Java and the C library; $rootfs holds only $workdir"
    exit 0
fi

need() {
    command -v "$1" >/dev/null 2>&1 || {
        echo "base-rootfs.sh: $1 is missing: $2" >&2
        exit 1
    }
}
need apt-get "the base is made from Debian packages: build on Debian or Ubuntu, or on a registry image
    (-Djib.from.image=eclipse-temurin:17-jre)"
need apt-cache "it comes with apt-get"
need dpkg-deb "it comes with dpkg"
need flock "it comes with util-linux"

if [ -z "${JAVA_HOME:-}" ]; then
    need java "set JAVA_HOME to a JDK 17 or later"
    JAVA_HOME=$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.home = //p')
fi
jlink=$JAVA_HOME/bin/jlink
[ -x "$jlink" ] || {
    echo "base-rootfs.sh: no jlink in $JAVA_HOME (a JRE, not a JDK?): set JAVA_HOME to a JDK" >&2
    exit 1
}
[ -d "$JAVA_HOME/jmods" ] || {
    echo "base-rootfs.sh: $JAVA_HOME has no jmods/ (on Debian: apt-get install openjdk-17-jdk-headless)" >&2
    exit 1
}

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    else
        echo "base-rootfs.sh: $* needs root (no sudo here): run it as root, then this again" >&2
        exit 1
    fi
}
# The version apt-get download would fetch of each package, or nothing where no package list names one: a machine
# whose lists were never fetched (a fresh container) knows only what dpkg installed, which it cannot download.
candidates() {
    local found
    found=$(apt-cache show --no-all-versions "${PACKAGES[@]}" "$LOCALE_PACKAGE" 2>/dev/null |
        awk '/^Package:/ {name = $2} /^Version:/ {version = $2} /^Filename:/ {print name, version}')
    for package in "${PACKAGES[@]}" "$LOCALE_PACKAGE"; do
        echo "$package $(awk -v p="$package" '$1 == p {print $2; exit}' <<<"$found")"
    done
}
versions=$(candidates)
if grep -q ' $' <<<"$versions"; then
    echo "base-rootfs: no package list names ${PACKAGES[*]} $LOCALE_PACKAGE: apt-get update"
    as_root apt-get update
    versions=$(candidates)
    if grep -q ' $' <<<"$versions"; then
        echo "base-rootfs.sh: apt can download none of these (a version is missing):" >&2
        echo "$versions" >&2
        exit 1
    fi
fi

# Rebuilt when anything it is made of changes: this script, the JDK, the packages' versions, the image's paths.
stamp=$( {
    sha256sum "$0" | cut -d' ' -f1
    echo "jdk $JAVA_HOME"
    cat "$JAVA_HOME/release" 2>/dev/null || true
    echo "java-home $java_home; user $user; workdir $workdir"
    echo "$versions"
} )
if [ -d "$rootfs" ] && [ "$(cat "$dir/stamp" 2>/dev/null)" = "$stamp" ]; then
    echo "base-rootfs: $rootfs is up to date"
    exit 0
fi
rm -rf "$rootfs" "$dir/stamp" "$dir/debs" "$dir/staging"
mkdir -p "$rootfs" "$dir/debs" "$dir/staging"

echo "base-rootfs: apt-get download ${PACKAGES[*]} $LOCALE_PACKAGE"
# As root, apt would hand the download to its unprivileged _apt user, which cannot write into DIR.
sandbox=()
[ "$(id -u)" -ne 0 ] || sandbox=(-o APT::Sandbox::User=root)
(cd "$dir/debs" && apt-get -q "${sandbox[@]}" download "${PACKAGES[@]}" "$LOCALE_PACKAGE" >/dev/null)
for deb in "$dir"/debs/*.deb; do
    dpkg-deb -x "$deb" "$dir/staging"
done

# --strip-debug etc.: nothing a running process reads. The CDS archive of the JDK's own classes is what a JDK
# distribution ships (lib/server/classes.jsa: a world started 0.2 s sooner with it here, in 1.6 s); the one for heaps of
# 32 GiB and more (classes_nocoops.jsa) is left out, as neither process has such a heap.
echo "base-rootfs: jlink $MODULES from $JAVA_HOME"
"$jlink" --add-modules "$MODULES" --strip-debug --no-header-files --no-man-pages --generate-cds-archive \
    --output "$rootfs$java_home" >/dev/null
rm -f "$rootfs$java_home"/lib/server/classes_nocoops.jsa

# From the packages, the shared libraries and the dynamic loader only: not their documentation, nor glibc's
# character set converters (gconv, for iconv, which Java does not use).
(
    cd "$dir/staging"
    roots=()
    for candidate in lib lib32 lib64 libx32 usr/lib usr/lib32 usr/lib64 usr/libx32; do
        [ ! -d "$candidate" ] || roots+=("$candidate")
    done
    find "${roots[@]}" \( -name '*.so' -o -name '*.so.*' \) -not -path '*/gconv/*' -not -path 'usr/lib/locale/*' \
        -print0 | xargs -0 cp -P --parents -t "$rootfs"
    cp -R -P --parents usr/lib/locale/C.utf8 "$rootfs"
)

# Jib keeps no symbolic link: it adds, in a link's place, a copy of what the link points to on the building machine
# (an absolute link like /lib64/ld-linux-x86-64.so.2 -> /lib/x86_64-linux-gnu/ld-linux-x86-64.so.2 would name this
# machine's loader). So each link becomes a copy of its target inside the root filesystem.
while IFS= read -r -d '' link; do
    target=$link
    for _ in 1 2 3 4 5 6 7 8; do
        [ -L "$target" ] || break
        points_to=$(readlink "$target")
        case $points_to in
            /*) target=$rootfs$points_to ;;
            *) target=$(dirname "$target")/$points_to ;;
        esac
    done
    if [ -L "$target" ] || [ ! -f "$target" ]; then
        echo "base-rootfs.sh: ${link#"$rootfs"} does not lead to a file inside the root filesystem" >&2
        exit 1
    fi
    cp "$target" "$link.copy"
    mv -f "$link.copy" "$link"
done < <(find "$rootfs" -type l -print0)

mkdir -p "$rootfs/etc" "$rootfs/tmp" "$rootfs$workdir"
# A name and a home for the image's user (Java's user.name and user.home), and /etc/hosts before DNS, so that a pod's
# own name resolves from the hosts file Kubernetes writes (glibc asks DNS first when nsswitch.conf is missing).
cat > "$rootfs/etc/passwd" <<EOF
root:x:0:0:root:/root:/usr/sbin/nologin
lor:x:$user:$user:lor:$workdir:/usr/sbin/nologin
EOF
cat > "$rootfs/etc/group" <<EOF
root:x:0:
lor:x:$user:
EOF
cat > "$rootfs/etc/nsswitch.conf" <<EOF
passwd: files
group: files
hosts: files dns
EOF

echo "$stamp" > "$dir/stamp"
rm -rf "$dir/staging"
echo "base-rootfs: $rootfs: $(du -sh "$rootfs" | cut -f1) (runtime $(du -sh "$rootfs$java_home" | cut -f1))"
