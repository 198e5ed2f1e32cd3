#!/bin/sh
# Runs a Qt test under a real X server (Xvfb) with a window manager (openbox) on a screen of
# WIDTHxHEIGHT, where sizes matter: the offscreen platform has no window manager, so frames,
# title bars and the size limits a window manager enforces are not there.
#   tests/ui/run-under-wm.sh WIDTHxHEIGHT TEST [ARGS...]
# Exits 77 (CTest's skip) with the reason when Xvfb or openbox is missing; cleans up both.
set -u
size=$1
shift
for tool in Xvfb openbox; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "SKIP: $tool is not installed (scripts/deps.sh installs it)"
        exit 77
    fi
done
tmp=$(mktemp -d)
xvfb=
wm=
cleanup() {
    [ -n "$wm" ] && kill "$wm" 2>/dev/null
    [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null
    wait 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
# -displayfd: the server picks a free display and writes its number once it accepts clients.
Xvfb -displayfd 3 -screen 0 "${size}x24" -nolisten tcp 3>"$tmp/display" 2>"$tmp/xvfb.log" &
xvfb=$!
i=0
while [ ! -s "$tmp/display" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
if [ ! -s "$tmp/display" ]; then
    echo "Xvfb did not start:"
    cat "$tmp/xvfb.log"
    exit 1
fi
DISPLAY=":$(cat "$tmp/display")"
export DISPLAY
openbox --sm-disable >"$tmp/openbox.log" 2>&1 &
wm=$!
# openbox owns the WM_S0 selection once it manages the screen; xprop may be missing: then wait.
i=0
if command -v xprop >/dev/null 2>&1; then
    while ! xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q "window id" && [ $i -lt 100 ]; do
        sleep 0.1
        i=$((i + 1))
    done
else
    sleep 1
fi
QT_QPA_PLATFORM=xcb "$@"
exit $?
