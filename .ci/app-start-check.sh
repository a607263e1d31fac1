#!/bin/sh
# The desktop app where there is no sound: starts the `chaupar` binary
# under Xvfb twice,
#   1. with the audio output forced off (CHAUPAR_AUDIO=off), and
#   2. with no sound server at all (PulseAudio pointed at a socket that
#      does not exist, so that ALSA's default device, which plays through
#      PulseAudio where its plugin is installed, finds nothing, as on a
#      headless box),
# and checks each time that the app prints at most one line about sound,
# opens its window and draws it (a screenshot taken with ImageMagick's
# `import` shows the Home screen, not a blank window), and keeps running;
# then closes it.
# The binary is target/release/chaupar (built by `cargo build --release`,
# which is already done when the Debian package was built first), or
# $CHAUPAR_BIN. Installs what it needs (Debian packages) when missing, so
# it runs unattended on a fresh Debian machine with Rust, as root or with
# sudo.
set -eu

cd "$(dirname "$0")/.."

. .ci/debian.sh
need Xvfb xvfb
need import imagemagick
need xdotool xdotool
# What the window needs at run time: winit and Slint load these when the
# app starts, and a font for the Latin text.
need_lib libxkbcommon-x11.so.0 libxkbcommon-x11-0
need_lib libX11-xcb.so.1 libx11-xcb1
need_lib libXcursor.so.1 libxcursor1
need_lib libXi.so.6 libxi6
need_lib libXrandr.so.2 libxrandr2
need_lib libfontconfig.so.1 libfontconfig1
need /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf fonts-dejavu-core
install_missing app-start-check

if [ -n "${CHAUPAR_BIN:-}" ]; then
    bin=$CHAUPAR_BIN
else
    cargo build -q --release --bin chaupar
    bin=target/release/chaupar
fi

scratch=$(mktemp -d)
xvfb=""
app=""
cleanup() {
    [ -n "$app" ] && kill "$app" 2>/dev/null || true
    [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null || true
    rm -rf "$scratch"
}
trap cleanup EXIT

# A display of our own: the first free number from 90.
display=90
while [ -e "/tmp/.X11-unix/X$display" ] || [ -e "/tmp/.X$display-lock" ]; do
    display=$((display + 1))
done
Xvfb ":$display" -screen 0 1280x800x24 -nolisten tcp >"$scratch/xvfb.log" 2>&1 &
xvfb=$!
export DISPLAY=":$display"
wait_until 100 "app-start-check: Xvfb did not start" "$scratch/xvfb.log" xdotool getdisplaygeometry

failures=0
fail() {
    echo "app-start-check: FAILED: $*" >&2
    failures=$((failures + 1))
}

# run NAME ENV...: starts the app with the environment ENV, checks it, and
# closes it; the app must say $expect, when set, in a line of its own.
run() {
    name=$1
    shift
    log="$scratch/$name.log"
    # No Wayland, so that winit takes the X display; a data folder of its own.
    env -u WAYLAND_DISPLAY "$@" "$bin" --data-dir "$scratch/data-$name" >"$log" 2>&1 &
    app=$!
    window=""
    tries=0
    while [ -z "$window" ]; do
        if ! kill -0 "$app" 2>/dev/null; then
            fail "$name: the app ended before its window opened"
            cat "$log" >&2
            app=""
            return
        fi
        tries=$((tries + 1))
        if [ "$tries" -gt 600 ]; then
            fail "$name: no window in 60 s"
            return
        fi
        sleep 0.1
        window=$(xdotool search --onlyvisible --name '^Chaupar$' 2>/dev/null | head -n 1 || true)
    done
    # Let it draw, and show that it keeps running.
    sleep 3
    if ! kill -0 "$app" 2>/dev/null; then
        fail "$name: the app ended after opening its window"
        cat "$log" >&2
        app=""
        return
    fi
    shot="$scratch/$name.png"
    import -window "$window" "$shot"
    mkdir -p target/screenshots
    cp "$shot" "target/screenshots/app-start-$name.png"
    # The Home screen has text, buttons and the board's colours: a window
    # that did not draw is one flat colour.
    colours=$(identify -format '%k' "$shot")
    size=$(identify -format '%wx%h' "$shot")
    echo "app-start-check: $name: the window ($size) drew $colours colours"
    [ "$colours" -ge 50 ] || fail "$name: the window did not draw ($colours colours)"

    kill "$app"
    tries=0
    while kill -0 "$app" 2>/dev/null; do
        tries=$((tries + 1))
        [ "$tries" -le 100 ] || { fail "$name: the app did not close"; kill -9 "$app"; break; }
        sleep 0.1
    done
    wait "$app" 2>/dev/null || true
    app=""

    echo "app-start-check: $name: what the app printed:"
    sed 's/^/    /' "$log"
    said=$(grep -ciE 'sound|audio|alsa|pulse' "$log" || true)
    [ "$said" -le 1 ] || fail "$name: $said lines about sound, not at most one"
    if [ -n "$expect" ]; then
        grep -qxF "$expect" "$log" || fail "$name: the app did not say \"$expect\""
    fi
}

expect="chaupar: sound is off (CHAUPAR_AUDIO=off)"
run audio-off CHAUPAR_AUDIO=off
expect=""
# No PulseAudio to reach and none to start: a socket that does not exist
# (libpulse starts no daemon of its own when a server is named), and an
# empty runtime folder.
mkdir -m 700 "$scratch/runtime"
run no-sound-server PULSE_SERVER="unix:$scratch/no-such-socket" XDG_RUNTIME_DIR="$scratch/runtime"

if [ "$failures" -ne 0 ]; then
    echo "app-start-check: $failures check(s) failed" >&2
    exit 1
fi
echo "app-start-check: the app started, drew its window and kept running without sound, twice"
