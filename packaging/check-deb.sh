#!/usr/bin/env bash
# Validates a built .deb: its desktop entry, its AppStream metainfo, lintian.
#   packaging/check-deb.sh glidepad_<version>_amd64.deb
set -euo pipefail
deb=$1
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
dpkg-deb -x "$deb" "$tree"
id=io.github.glidepad.Glidepad
desktop-file-validate "$tree/usr/share/applications/$id.desktop"
appstreamcli validate --no-net "$tree/usr/share/metainfo/$id.metainfo.xml"
# Errors fail the check; warnings are printed (see the issue note for those left).
lintian --fail-on error --no-tag-display-limit "$deb"
echo "check-deb: $deb passed desktop-file-validate, appstreamcli and lintian"
