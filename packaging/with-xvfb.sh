#!/usr/bin/env bash
# Runs a command with a private Xvfb (1920x1080, 24-bit) as its X server, so tests
# never open windows on the developer's own screen; Xvfb is stopped afterwards.
set -euo pipefail

# Let Xvfb pick a free display number and report it (-displayfd).
fifo=$(mktemp -u)
mkfifo "$fifo"
Xvfb -displayfd 3 -screen 0 1920x1080x24 -nolisten tcp 3>"$fifo" 2>/tmp/glidepad-xvfb.log &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true; rm -f "$fifo"' EXIT
if ! read -r -t 20 number <"$fifo"; then
    echo "error: Xvfb did not start; its log:" >&2
    cat /tmp/glidepad-xvfb.log >&2
    exit 1
fi
export DISPLAY=":$number"
"$@"
