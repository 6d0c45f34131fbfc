#!/usr/bin/env bash
# Types "nihongo", Space, Return through ibus-anthy (XIM) into a glidepad window,
# then quits it, so its draft (under DATA_HOME) holds what the input method committed. Run inside `dbus-run-session` with DISPLAY set.
# Usage: type-japanese-with-ibus.sh GLIDEPAD DATA_HOME
set -u
glidepad=$1
data_home=$2
# ibus-anthy's engine is a Python script that needs Debian's python3 (with gi).
export PATH=/usr/bin:/bin:$PATH
gsettings set org.freedesktop.ibus.engine.anthy.common input-mode 0      # hiragana
gsettings set org.freedesktop.ibus.general preload-engines "['anthy']"
ibus-daemon --xim --daemonize --replace --panel=disable >/dev/null 2>&1
for _ in $(seq 50); do ibus engine >/dev/null 2>&1 && break; sleep 0.2; done
ibus engine anthy

XMODIFIERS=@im=ibus XDG_DATA_HOME="$data_home" "$glidepad" 2>"$data_home/stderr.txt" &
pid=$!
window=$(xdotool search --sync --onlyvisible --pid "$pid" | head -1)
xdotool windowfocus "$window"; sleep 0.5
ibus engine anthy; sleep 0.5
xdotool key --delay 80 n i h o n g o; sleep 0.5
xdotool key space; sleep 0.8
xdotool key Return; sleep 0.8
xdotool key ctrl+q
wait "$pid"
ibus exit >/dev/null 2>&1
exit 0
