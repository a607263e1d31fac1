#!/bin/sh
# Proves real sound output: starts a PulseAudio daemon of its own with a
# null sink, records the sink's monitor while the sounds example plays a
# capture and the Home bell through ALSA's default device (which plays
# through PulseAudio when it runs, as on desktops), and checks that the
# recording holds them: loud samples, none at full scale.
# Installs what it needs (Debian packages) when missing, so it runs
# unattended on a fresh Debian machine with Rust, as root or with sudo.
set -eu

cd "$(dirname "$0")/.."

. .ci/debian.sh
need pulseaudio pulseaudio
need parec pulseaudio-utils
# ALSA's PulseAudio plugin, which makes it ALSA's default device.
need /usr/share/alsa/alsa.conf.d/pulse.conf libasound2-plugins
install_missing sound-check

cargo build -q --example sounds --no-default-features --features sound
example=target/debug/examples/sounds

# The daemon's socket and pid file live in a folder of this run only.
XDG_RUNTIME_DIR=$(mktemp -d)
export XDG_RUNTIME_DIR
chmod 700 "$XDG_RUNTIME_DIR"
recorder=""
cleanup() {
    [ -n "$recorder" ] && kill "$recorder" 2>/dev/null || true
    pulseaudio --kill 2>/dev/null || true
    rm -rf "$XDG_RUNTIME_DIR"
}
trap cleanup EXIT

pulseaudio -n --daemonize=yes --exit-idle-time=-1 --use-pid-file=yes \
    --log-target=file:"$XDG_RUNTIME_DIR/log" \
    --load=module-native-protocol-unix \
    --load="module-null-sink sink_name=chaupar rate=48000 channels=1" 2>/dev/null
wait_until 50 "sound-check: the PulseAudio daemon did not start" "$XDG_RUNTIME_DIR/log" pactl info

recording="$XDG_RUNTIME_DIR/recording.raw"
parec -d chaupar.monitor --format=s16le --rate=48000 --channels=1 --raw >"$recording" &
recorder=$!
recording() { [ "$(pactl list short source-outputs | wc -l)" -ge 1 ]; }
wait_until 50 "sound-check: the recorder did not start" "" recording

# The example returns once every sound has been written out and drained.
"$example" play capture home
sleep 0.5
kill "$recorder"
wait "$recorder" 2>/dev/null || true
recorder=""

# Samples louder than 1/30 of full scale, and at full scale.
counts=$(od -An -v -td2 -w2 "$recording" | awk '
    { x = $1 < 0 ? -$1 : $1 }
    x > 1000 { loud++ }
    x >= 32767 { clipped++ }
    END { print NR + 0, loud + 0, clipped + 0 }')
set -- $counts
echo "sound-check: recorded $1 samples, $2 loud, $3 at full scale"
if [ "$2" -lt 2000 ]; then
    echo "sound-check: FAILED: the recording is (nearly) silent" >&2
    exit 1
fi
if [ "$3" -gt 0 ]; then
    echo "sound-check: FAILED: the recording clips" >&2
    exit 1
fi
echo "sound-check: the sounds reached the sound server"
