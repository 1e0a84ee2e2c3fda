#!/usr/bin/env bash
# Measures the desktop sound latency (platform/sound's TestLatency) on a
# machine without a sound card: starts a PulseAudio server with a null sink
# (a sink that consumes samples at the real rate and plays them nowhere)
# on a private socket, runs the test RUNS times (default 3) through ALSA's
# pulse plugin, as a game's output would go, and stops the server. Needs
# pulseaudio, pulseaudio-utils (pactl, parec) and libasound2-plugins. On a
# machine with a sound device, run the test directly instead:
#   go test ./platform/sound -run Latency -v
set -euo pipefail
cd "$(dirname "$0")/.."
for t in pulseaudio pactl parec; do
	command -v "$t" >/dev/null || { echo "latency: $t is not installed (Debian: pulseaudio pulseaudio-utils libasound2-plugins)"; exit 1; }
done
dir=$(mktemp -d)
chmod 777 "$dir" # a system server runs as the user pulse
mode=()
[ "$(id -u)" = 0 ] && mode=(--system) # root may run PulseAudio only as a system server
pulseaudio "${mode[@]}" --daemonize=no -n --use-pid-file=no --disable-shm=yes --exit-idle-time=-1 \
	--load="module-null-sink sink_name=null rate=48000" \
	--load="module-native-protocol-unix auth-anonymous=1 socket=$dir/native" >"$dir/log" 2>&1 &
pa=$!
trap 'kill "$pa" 2>/dev/null; wait "$pa" 2>/dev/null; rm -rf "$dir"' EXIT
export PULSE_SERVER="unix:$dir/native"
for _ in $(seq 50); do pactl info >/dev/null 2>&1 && break; sleep 0.1; done
pactl info >/dev/null || { echo "latency: PulseAudio did not start:"; cat "$dir/log"; exit 1; }
echo "latency: PulseAudio null sink at $PULSE_SERVER; load average $(cut -d' ' -f1-3 /proc/loadavg)"
for _ in $(seq "${RUNS:-3}"); do
	go test -count=1 -run '^TestLatency$' -v ./platform/sound | grep -E 'latency_test|^(--- |ok|FAIL)'
done
