#!/usr/bin/env bash
# Builds glidepad_<version>_amd64.deb from a release build linked with the Swift
# runtime statically, so the package needs only Debian's libraries.
#   packaging/build-deb.sh [OUTPUT-DIR]      (default: the repository root)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root}
cd "$root"

version=$(sed -n 's/^let glidepadVersion = "\(.*\)"$/\1/p' Sources/glidepad/Version.swift)
[ -n "$version" ] || { echo "error: no version in Sources/glidepad/Version.swift" >&2; exit 1; }
id=io.github.glidepad.Glidepad

# --disable-local-rpath: SwiftPM would otherwise set an $ORIGIN RUNPATH.
swift build -c release --product glidepad --static-swift-stdlib --disable-local-rpath
binary=$(swift build -c release --product glidepad --static-swift-stdlib --disable-local-rpath --show-bin-path)/glidepad

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
pkg=$stage/pkg
install -d "$pkg/DEBIAN" "$pkg/usr/bin" "$pkg/usr/share/applications" "$pkg/usr/share/metainfo" \
    "$pkg/usr/share/man/man1" "$pkg/usr/share/doc/glidepad" "$pkg/usr/share/icons/hicolor/scalable/apps"
install -m 0755 "$binary" "$pkg/usr/bin/glidepad"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$pkg/usr/bin/glidepad"
install -m 0644 "assets/$id.desktop" "$pkg/usr/share/applications/$id.desktop"
install -m 0644 "assets/$id.metainfo.xml" "$pkg/usr/share/metainfo/$id.metainfo.xml"
install -m 0644 "assets/icons/$id.svg" "$pkg/usr/share/icons/hicolor/scalable/apps/$id.svg"
for size in 16 24 32 48 64 128 256; do
    install -d "$pkg/usr/share/icons/hicolor/${size}x${size}/apps"
    "$binary" render-icon --size "$size" "$pkg/usr/share/icons/hicolor/${size}x${size}/apps/$id.png"
    chmod 0644 "$pkg/usr/share/icons/hicolor/${size}x${size}/apps/$id.png"
done
gzip -9n -c assets/glidepad.1 > "$pkg/usr/share/man/man1/glidepad.1.gz"
gzip -9n -c packaging/debian/changelog > "$pkg/usr/share/doc/glidepad/changelog.gz"
install -m 0644 packaging/debian/copyright "$pkg/usr/share/doc/glidepad/copyright"
chmod 0644 "$pkg/usr/share/man/man1/glidepad.1.gz" "$pkg/usr/share/doc/glidepad/changelog.gz"

# Depends: the libraries the binary really links (dpkg-shlibdeps needs a minimal
# source tree with debian/control to run in), plus a font to draw text with;
# Recommends: the CJK fonts the fallback finds Japanese and Chinese in.
work=$stage/src
install -d "$work/debian"
cp packaging/debian/control "$work/debian/control"
depends=$(cd "$work" && dpkg-shlibdeps -O "$pkg/usr/bin/glidepad" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
installed_size=$(du -sk --exclude=DEBIAN "$pkg" | cut -f1)
cat > "$pkg/DEBIAN/control" <<CONTROL
Package: glidepad
Version: $version
Architecture: amd64
Maintainer: Glidepad maintainers <maintainers@users.noreply.a-seed-95ff325b.example>
Installed-Size: $installed_size
Depends: $depends, fonts-dejavu-core
Recommends: fonts-noto-cjk
Section: editors
Priority: optional
Description: text pad for touchscreens and touchpads
 Glidepad edits short text with fingers as fluently as on a tablet: two
 fingers move the cursor anywhere, one finger slides it along the line, two
 fingers select, and a zigzag scrubs the page clean in a puff of smoke that
 one undo brings back. It also works as an ordinary text editor with the
 keyboard, the mouse and input methods (ibus, fcitx).
CONTROL
(cd "$pkg" && find usr -type f -exec md5sum {} + | sort -k2) > "$pkg/DEBIAN/md5sums"
chmod 0644 "$pkg/DEBIAN/control" "$pkg/DEBIAN/md5sums"
deb="$out/glidepad_${version}_amd64.deb"
dpkg-deb --root-owner-group -Zxz --build "$pkg" "$deb" >/dev/null
echo "$deb"
