#!/usr/bin/env bash
# deps.sh GROUP... — make sure the Debian packages a make target needs are
# installed. Missing packages are installed with apt-get when running as
# root (non-interactive); otherwise the script fails and prints the exact
# command to run.
#
# Groups:
#   desktop  the GLFW/OpenGL desktop build (cgo, X11, GL and GLES/EGL headers, pkg-config)
#            and its sound output (ALSA headers: libasound2-dev)
#   xvfb     a virtual X server and xdotool (real X input) for the window tests
#   web      headless Chromium for the web test, node for wasm unit tests
#   android  the bionic sysroot (clang, lld, llvm, AOSP android/*.h and jni.h,
#            Khronos EGL/GLES headers) and the APK tools (aapt with Android's
#            framework resources, apksigner, zipalign, openssl for the debug key)
#   peers    the C peers of perf/peers/pixman and perf/peers/sdl2 (cgo against
#            libpixman-1 and libsdl2, found with pkg-config)
#   sound    the reference tools the audio tests make and decode files with
#            (sox, lame, oggenc from vorbis-tools, flac)
#   tiled    Tiled's tmxrasterizer, which viewer's export test compares with
#            (Debian's tiled: 1.8.2 on bookworm)
#   test     everything `make test` needs: desktop xvfb web android cross peers sound tiled
set -euo pipefail

pkgs_for() {
	case "$1" in
	test) for g in desktop xvfb web android cross peers sound tiled; do pkgs_for "$g"; done ;;
	desktop) echo "gcc libc6-dev pkg-config libx11-dev libxrandr-dev libxinerama-dev libxcursor-dev libxi-dev libxxf86vm-dev libgl1-mesa-dev libgl1-mesa-dri libegl-dev libgles-dev libasound2-dev" ;;
	sound) echo "sox lame vorbis-tools flac" ;;
	xvfb) echo "xvfb xauth xdotool" ;;
	web) echo "chromium nodejs" ;;
	peers) echo "gcc libc6-dev pkg-config libpixman-1-dev libsdl2-dev" ;;
	tiled) echo "tiled" ;; # tmxrasterizer, the reference renderer of viewer.Export's test
	cross) echo "qemu-user-static nodejs" ;; # the determinism trace on arm64 and 32-bit arm, and wasm
	android) echo "clang lld llvm android-liblog-dev android-platform-frameworks-native-headers android-libnativehelper-dev libegl-dev libgles-dev libgl-dev aapt android-framework-res apksigner zipalign openssl unzip" ;;
	*) echo "deps.sh: unknown group '$1'" >&2; exit 2 ;;
	esac
}

want=()
for g in "$@"; do
	for p in $(pkgs_for "$g"); do want+=("$p"); done
done

missing=()
for p in "${want[@]}"; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
		missing+=("$p")
	fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

line="apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" != 0 ]; then
	echo "deps.sh: missing system packages: ${missing[*]}" >&2
	echo "run as root:  apt-get update && $line" >&2
	exit 1
fi
echo "deps.sh: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
$line >/dev/null
