#!/usr/bin/env bash
# android.sh check|apk — Diorama's Android build checks and packaging.
#
#   check  what this machine can prove without a real NDK or a device:
#          1. every package except platform/android builds and vets with
#             GOOS=android GOARCH=arm64 CGO_ENABLED=0;
#          2. platform/android (and its example app) compiles and links with
#             cgo against Android's real API headers, using the stub NDK made
#             by scripts/stub-ndk.sh from Debian packages;
#          3. gomobile packages the example into an APK whose manifest
#             `aapt dump badging` reads and whose signature `apksigner
#             verify` accepts.
#          The stub APK is NOT runnable on a device (see stub-ndk.sh).
#   apk    with ANDROID_NDK_HOME pointing at a real NDK (r23 or later):
#          gomobile build of the example into out/android/diorama.apk.
set -euo pipefail
cd "$(dirname "$0")/.."

GO=${GO:-go}
PKG=./platform/android/example
OUT=out/android
API=23
CACHE=${DIORAMA_CACHE:-out/cache}
case "$CACHE" in /*) ;; *) CACHE="$PWD/$CACHE" ;; esac # the go command wants an absolute CC
mkdir -p "$OUT"

gomobile_bin() {
	local bin ver
	bin="$($GO env GOBIN)"
	[ -n "$bin" ] || bin="$($GO env GOPATH | cut -d: -f1)/bin"
	bin="$bin/gomobile"
	ver=$($GO list -m -f '{{.Version}}' golang.org/x/mobile)
	# Install (or re-install) the gomobile matching go.mod's x/mobile.
	if [ ! -x "$bin" ] || [ "$(cat "$CACHE/gomobile.version" 2>/dev/null)" != "$ver" ]; then
		echo "android: go install golang.org/x/mobile/cmd/gomobile@$ver" >&2
		$GO install "golang.org/x/mobile/cmd/gomobile@$ver"
		mkdir -p "$CACHE"
		echo "$ver" > "$CACHE/gomobile.version"
	fi
	echo "$bin"
}

build_apk() { # NDK APK
	local gm
	gm=$(gomobile_bin)
	ANDROID_NDK_HOME="$1" "$gm" build -target=android/arm64 -androidapi $API -o "$2" "$PKG"
}

case "${1:-}" in
check)
	echo "== android 1/3: GOOS=android GOARCH=arm64 CGO_ENABLED=0 build and vet (all but platform/android)" >&2
	pkgs=$(GOOS=android GOARCH=arm64 CGO_ENABLED=0 $GO list -e ./... | grep -v -E '^diorama/platform/android(/|$)')
	GOOS=android GOARCH=arm64 CGO_ENABLED=0 $GO build $pkgs
	GOOS=android GOARCH=arm64 CGO_ENABLED=0 $GO vet $pkgs

	echo "== android 2/3: cgo compile of platform/android against the stub NDK" >&2
	NDK="$CACHE/stub-ndk"
	./scripts/stub-ndk.sh "$NDK"
	CC="$NDK/toolchains/llvm/prebuilt/linux-x86_64/bin/clang --target=aarch64-linux-android$API"
	GOOS=android GOARCH=arm64 CGO_ENABLED=1 CC="$CC" $GO vet ./platform/android/...
	GOOS=android GOARCH=arm64 CGO_ENABLED=1 CC="$CC" $GO build -buildmode=c-shared -o "$OUT/libexample-stub.so" "$PKG"

	echo "== android 3/3: gomobile APK, aapt dump badging, apksigner verify" >&2
	apk="$OUT/diorama-stub.apk"
	build_apk "$NDK" "$apk"
	badging=$(aapt dump badging "$apk")
	echo "$badging" | grep -E "^(package|launchable-activity|native-code):" >&2
	echo "$badging" | grep -q "^package: name='org.diorama.example'" || { echo "android: wrong package name" >&2; exit 1; }
	echo "$badging" | grep -q "^native-code: 'arm64-v8a'" || { echo "android: no arm64-v8a code" >&2; exit 1; }
	echo "$badging" | grep -q "^launchable-activity: name='org.golang.app.GoNativeActivity'" || { echo "android: no launchable activity" >&2; exit 1; }
	files=$(aapt list "$apk")
	for f in AndroidManifest.xml classes.dex lib/arm64-v8a/libexample.so assets/seed.txt; do
		echo "$files" | grep -qx "$f" || { echo "android: $f missing from the APK" >&2; exit 1; }
	done
	apksigner verify --verbose "$apk" | head -2 >&2
	echo "android: OK ($apk packages and verifies; built with a STUB NDK, not runnable on a device)" >&2
	;;
apk)
	if [ -z "${ANDROID_NDK_HOME:-}" ] || ls "$ANDROID_NDK_HOME"/.diorama-stub-ndk-* >/dev/null 2>&1; then
		cat >&2 <<MSG
android: no NDK. A device-runnable APK needs the Android NDK (r23 or later):
  install it (Android Studio's SDK manager, or sdkmanager "ndk;26.1.10909125"),
  then: ANDROID_NDK_HOME=/path/to/ndk make android
'make android-check' builds a stub-NDK APK that packages and verifies but does not run.
MSG
		exit 2
	fi
	build_apk "$ANDROID_NDK_HOME" "$OUT/diorama.apk"
	echo "android: wrote $OUT/diorama.apk (install with: adb install -r $OUT/diorama.apk)" >&2
	;;
*)
	echo "usage: $0 check|apk" >&2
	exit 2
	;;
esac
