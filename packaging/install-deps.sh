#!/usr/bin/env bash
# Installs the Debian packages Glidepad needs, and only those that are missing.
# Idempotent and quick when nothing is missing (one dpkg-query call).
#
#   packaging/install-deps.sh build   libraries and headers to build glidepad
#   packaging/install-deps.sh test    the above, plus Xvfb and the fonts the tests use
#   packaging/install-deps.sh deb     build, plus the tools that build and check the .deb
#
# Runs apt-get as root, or through sudo when not root.
set -euo pipefail

profile=${1:-build}

build_packages=(
    pkg-config
    libx11-dev libxi-dev libxtst-dev
    libcairo2-dev libfreetype-dev libharfbuzz-dev libfontconfig-dev
    libicu-dev libssl-dev
)
test_packages=(
    xvfb xauth xdotool xclip x11-utils
    fonts-dejavu-core fonts-noto-cjk
    # A real input method for the XIM test: ibus with anthy, in a private D-Bus session.
    dbus dbus-x11 ibus ibus-anthy python3-gi gir1.2-ibus-1.0 dconf-gsettings-backend
)

deb_packages=(
    dpkg-dev binutils desktop-file-utils appstream lintian debootstrap
    xvfb xauth xdotool x11-utils
)

case "$profile" in
    build) wanted=("${build_packages[@]}") ;;
    deb) wanted=("${build_packages[@]}" "${deb_packages[@]}") ;;
    test) wanted=("${build_packages[@]}" "${test_packages[@]}" "${deb_packages[@]}") ;;
    *) echo "usage: $0 build|test|deb" >&2; exit 2 ;;
esac

missing=()
for package in "${wanted[@]}"; do
    status=$(dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null || true)
    [ "$status" = "installed" ] || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing missing packages: ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
    sudo=()
elif command -v sudo >/dev/null 2>&1; then
    sudo=(sudo)
else
    echo "error: need root (or sudo) to install: ${missing[*]}" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
