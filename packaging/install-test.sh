#!/usr/bin/env bash
# Installs a built .deb into a clean Debian 12 root made with debootstrap (cached
# between runs in $GLIDEPAD_CHROOT_CACHE, default /var/cache/glidepad-chroot),
# with apt resolving its dependencies, then runs `glidepad --version` and a
# headless replay of a demo trace inside it. Needs root.
#   packaging/install-test.sh glidepad_<version>_amd64.deb
set -euo pipefail
deb=$(realpath "$1")
repo=$(cd "$(dirname "$0")/.." && pwd)
cache=${GLIDEPAD_CHROOT_CACHE:-/var/cache/glidepad-chroot}
base=$cache/bookworm
mirror=${GLIDEPAD_DEBIAN_MIRROR:-http://deb.debian.org/debian}

if [ ! -x "$base/usr/bin/apt-get" ]; then
    rm -rf "$base"
    mkdir -p "$cache"
    debootstrap --variant=minbase bookworm "$base" "$mirror"
fi

root=$(mktemp -d)
cleanup() {
    umount "$root/proc" 2>/dev/null || true
    rm -rf "$root"
}
trap cleanup EXIT
cp -a "$base/." "$root/"
# The Swift runtime reads the command line from /proc/self/cmdline.
mount -t proc proc "$root/proc"
cp /etc/resolv.conf "$root/etc/resolv.conf"
cp "$deb" "$root/tmp/"
cp "$repo/assets/demo/two-finger-free-cursor.jsonl" "$repo/assets/demo/sample-text.txt" "$root/tmp/"

chroot "$root" apt-get update -qq
DEBIAN_FRONTEND=noninteractive chroot "$root" apt-get install -y -qq --no-install-recommends "/tmp/$(basename "$deb")" >/dev/null
echo "installed: $(chroot "$root" dpkg-query -W -f='${Package} ${Version}' glidepad)"
chroot "$root" glidepad --version
state=$(chroot "$root" glidepad replay /tmp/two-finger-free-cursor.jsonl --text /tmp/sample-text.txt --font "DejaVu Sans 11")
echo "replay in the chroot: $state"
case "$state" in
    *'"events": 81'*) ;;
    *) echo "install-test: the replay's state is not what it should be" >&2; exit 1 ;;
esac

# Launch the installed app the way a desktop does, from its desktop entry's Exec
# line, on the X server in $DISPLAY (its socket shared into the root).
if [ -n "${DISPLAY:-}" ] && [ -d /tmp/.X11-unix ] && command -v xdotool >/dev/null; then
    mkdir -p "$root/tmp/.X11-unix"
    mount --bind /tmp/.X11-unix "$root/tmp/.X11-unix"
    trap 'umount "$root/tmp/.X11-unix" 2>/dev/null || true; cleanup' EXIT
    exec_line=$(sed -n 's/^Exec=//p' "$root/usr/share/applications/io.github.glidepad.Glidepad.desktop" | sed 's/ %[fFuU]//')
    chroot "$root" env DISPLAY="$DISPLAY" HOME=/tmp sh -c "$exec_line" &
    launched=$!
    if ! window=$(timeout 20 xdotool search --sync --onlyvisible --class Glidepad 2>/dev/null | head -1) || [ -z "$window" ]; then
        kill "$launched" 2>/dev/null || true
        echo "install-test: the installed app did not open a window from its desktop entry" >&2
        exit 1
    fi
    echo "launched from the desktop entry (Exec=$exec_line): window $window, $(xprop -id "$window" WM_CLASS)"
    kill "$launched" 2>/dev/null || true
    wait "$launched" 2>/dev/null || true
fi
echo "install-test: passed"
