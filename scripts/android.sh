#!/usr/bin/env bash
# android.sh check|apk — Diorama's Android build checks and packaging.
#
# Both build the example (platform/android/example) for android/arm64 and
# android/amd64 at the API level its manifest's minSdkVersion names, with
# the NDK that scripts/android-ndk.sh gives: ANDROID_NDK_HOME when it points
# at a real NDK, else the bionic-ABI sysroot assembled from this repository.
# The APK carries arm64-v8a (phones) and x86_64 (emulators, x86 devices):
# the sysroot describes bionic's two 64-bit ABIs, not 32-bit arm or x86
# (their layouts differ: ILP32 sigaction, pthread_attr_t, 32-bit off_t),
# so gomobile runs with -target=android/arm64,android/amd64 rather than
# -target=android. 32-bit-only devices cannot install it.
#
# The APK: gomobile builds the native library, the dex and the assets; the
# manifest (platform/android/example/android-manifest.xml: minSdkVersion,
# targetSdkVersion, landscape, fullscreen, GLES 2) is compiled with aapt
# against Android's framework resources; internal/androidcheck repacks
# them with native libraries stored at 16 KB boundaries; apksigner signs
# with schemes v1, v2 and v3 (a debug key made here, out/cache/android-key).
#
#   check  1. every package except platform/android builds and vets with
#             GOOS=android GOARCH=arm64 CGO_ENABLED=0;
#          2. platform/android and the example vet with cgo on the sysroot,
#             and internal/androidcheck's tests compile a probe against it
#             and assert bionic's layouts (sigaction, pthread_attr_t, errno),
#             then compare the probe, the prototypes and symbols.txt with
#             bionic's own headers and maps (kept in
#             internal/androidcheck/testdata/bionic, scripts/android-bionic.sh);
#          3. the APK is built, then checked: apksigner verify (v2 and v3),
#             zipalign -c -p 4 and 16 KB alignment of native libraries,
#             aapt dump badging (SDK levels, landscape, GLES, arm64-v8a),
#             the manifest's fullscreen theme, and the native library
#             (imports only symbols the stub libraries define at the API
#             level, with their version nodes; no GLIBC_ versions;
#             .note.android.ident; 16 KB LOAD segments; DT_SONAME, no text
#             relocations, no writable code, no executable stack).
#   apk    the same APK into out/android/diorama.apk, checked the same way:
#          with ANDROID_NDK_HOME's real NDK when set, else on the
#          repository's sysroot.
set -euo pipefail
cd "$(dirname "$0")/.."

GO=${GO:-go}
PKG=./platform/android/example
MANIFEST=platform/android/example/android-manifest.xml
FRAMEWORK_RES=${FRAMEWORK_RES:-/usr/share/android-framework-res/framework-res.apk}
OUT=out/android
CACHE=${DIORAMA_CACHE:-out/cache}
case "$CACHE" in /*) ;; *) CACHE="$PWD/$CACHE" ;; esac # the go command wants an absolute CC
mkdir -p "$OUT" "$CACHE"

API=$(sed -n 's/.*android:minSdkVersion="\([0-9]*\)".*/\1/p' "$MANIFEST")
TARGET=$(sed -n 's/.*android:targetSdkVersion="\([0-9]*\)".*/\1/p' "$MANIFEST")
[ -n "$API" ] && [ -n "$TARGET" ] || { echo "android: $MANIFEST needs uses-sdk minSdkVersion and targetSdkVersion" >&2; exit 1; }

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
		echo "$ver" > "$CACHE/gomobile.version"
	fi
	echo "$bin"
}

# debug_key prints the key and certificate paths of this machine's debug
# signing key, making it the first time.
debug_key() {
	local d="$CACHE/android-key"
	if [ ! -f "$d/key.pk8" ] || [ ! -f "$d/cert.pem" ]; then
		mkdir -p "$d"
		openssl req -x509 -newkey rsa:2048 -nodes -keyout "$d/key.pem" -out "$d/cert.pem" \
			-days 10000 -subj "/CN=Diorama debug" 2>/dev/null
		openssl pkcs8 -topk8 -nocrypt -in "$d/key.pem" -outform DER -out "$d/key.pk8"
	fi
	echo "$d/key.pk8 $d/cert.pem"
}

# build_apk NDK OUT.apk: the example's APK, aligned and signed.
build_apk() {
	local ndk=$1 apk=$2 tmp gm key cert
	tmp=$(mktemp -d)
	gm=$(gomobile_bin)
	# 16 KB pages with a real NDK older than r28 too (the sysroot's clang
	# wrapper already links so), and a DT_SONAME, which go build
	# -buildmode=c-shared leaves out and the dynamic linker wants from
	# API 23 (the library is named after the package's folder).
	ANDROID_NDK_HOME="$ndk" CGO_LDFLAGS="${CGO_LDFLAGS:-} -Wl,-z,max-page-size=16384" \
		"$gm" build -target=android/arm64,android/amd64 -androidapi "$API" \
		-ldflags="-extldflags=-Wl,-soname,lib$(basename "$PKG").so" -o "$tmp/gomobile.apk" "$PKG"
	mkdir -p "$tmp/manifest"
	cp "$MANIFEST" "$tmp/manifest/AndroidManifest.xml" # aapt wants that name
	aapt package -f -M "$tmp/manifest/AndroidManifest.xml" -I "$FRAMEWORK_RES" -F "$tmp/manifest.apk"
	$GO run ./internal/androidcheck/cmd/androidcheck pack "$tmp/unsigned.apk" "$tmp/manifest.apk" "$tmp/gomobile.apk"
	read -r key cert <<<"$(debug_key)"
	apksigner sign --key "$key" --cert "$cert" --min-sdk-version "$API" \
		--v1-signing-enabled true --v2-signing-enabled true --v3-signing-enabled true \
		--out "$apk" "$tmp/unsigned.apk"
	rm -rf "$tmp"
}

fail() {
	echo "android: $*" >&2
	exit 1
}

# check_apk NDK APK: what a device checks at install and load time that can
# be checked without one.
check_apk() {
	local ndk=$1 apk=$2 v badging tree files tmp stubs
	v=$(apksigner verify --verbose --min-sdk-version "$API" "$apk")
	echo "$v" | head -4 >&2
	echo "$v" | grep -qx "Verified using v2 scheme (APK Signature Scheme v2): true" || fail "$apk: not signed with scheme v2"
	echo "$v" | grep -qx "Verified using v3 scheme (APK Signature Scheme v3): true" || fail "$apk: not signed with scheme v3"

	zipalign -c -p 4 "$apk" || fail "$apk: zipalign -c -p 4 fails"
	if zipalign 2>&1 | grep -q -- ' -P '; then # build-tools 35+: 16 KB page check
		zipalign -c -P 16 4 "$apk" || fail "$apk: zipalign -c -P 16 4 fails"
	fi
	$GO run ./internal/androidcheck/cmd/androidcheck align "$apk" >&2

	badging=$(aapt dump badging "$apk")
	echo "$badging" | grep -E "^(package|sdkVersion|targetSdkVersion|launchable-activity|native-code|  uses-gl-es|  uses-feature):" >&2
	want() { echo "$badging" | grep -qx -- "$1" || fail "$apk: aapt dump badging has no line: $1"; }
	echo "$badging" | grep -q "^package: name='org.diorama.example'" || fail "$apk: wrong package name"
	want "sdkVersion:'$API'"
	want "targetSdkVersion:'$TARGET'"
	[ "$API" -ge 23 ] || fail "minSdkVersion $API < 23 (libc's stdin/stdout/stderr need 23)"
	[ "$TARGET" -ge 34 ] || fail "targetSdkVersion $TARGET < 34: current Android warns or refuses"
	want "native-code: 'arm64-v8a' 'x86_64'"
	want "launchable-activity: name='org.golang.app.GoNativeActivity'  label='Diorama' icon=''"
	want "  uses-gl-es: '0x20000'"
	want "  uses-feature: name='android.hardware.screen.landscape'"
	tree=$(aapt dump xmltree "$apk" AndroidManifest.xml)
	# @0x01030007 is android:style/Theme.NoTitleBar.Fullscreen.
	echo "$tree" | grep -q "A: android:theme(0x01010000)=@0x01030007" || fail "$apk: application theme is not Theme.NoTitleBar.Fullscreen"
	echo "$tree" | grep -q "A: android:exported(0x01010010)=(type 0x12)0xffffffff" || fail "$apk: the launcher activity is not exported (required from API 31)"
	echo "$tree" | grep -q "A: android:screenOrientation(0x0101001e)=(type 0x10)0x0" || fail "$apk: the activity is not landscape"

	files=$(aapt list "$apk")
	for f in AndroidManifest.xml classes.dex lib/arm64-v8a/libexample.so lib/x86_64/libexample.so assets/seed.txt; do
		echo "$files" | grep -qx "$f" || fail "$apk: $f missing"
	done
	tmp=$(mktemp -d)
	unzip -q -o "$apk" 'lib/*' -d "$tmp"
	for abi in arm64-v8a:aarch64-linux-android x86_64:x86_64-linux-android; do
		stubs="$ndk/toolchains/llvm/prebuilt/linux-x86_64/sysroot/usr/lib/${abi#*:}"
		[ ! -d "$stubs/$API" ] || stubs="$stubs/$API" # a real NDK keeps one folder per API level
		if ! $GO run ./internal/androidcheck/cmd/androidcheck lib "$tmp/lib/${abi%%:*}/libexample.so" "$stubs" "$API" >&2; then
			rm -rf "$tmp"
			fail "$apk: the ${abi%%:*} native library fails its checks"
		fi
	done
	rm -rf "$tmp"
}

case "${1:-}" in
check)
	echo "== android 1/3: GOOS=android GOARCH=arm64 CGO_ENABLED=0 build and vet (all but platform/android)" >&2
	pkgs=$(GOOS=android GOARCH=arm64 CGO_ENABLED=0 $GO list -e ./... | grep -v -E '^diorama/platform/android(/|$)')
	GOOS=android GOARCH=arm64 CGO_ENABLED=0 $GO build $pkgs
	GOOS=android GOARCH=arm64 CGO_ENABLED=0 $GO vet $pkgs

	echo "== android 2/3: cgo vet of platform/android on the bionic sysroot; bionic layout probes" >&2
	NDK=$(ANDROID_NDK_HOME='' ./scripts/android-ndk.sh "$CACHE/android-ndk" "$API")
	for ga in arm64:aarch64-linux-android amd64:x86_64-linux-android; do
		CC="$NDK/toolchains/llvm/prebuilt/linux-x86_64/bin/clang --target=${ga#*:}$API"
		GOOS=android GOARCH=${ga%%:*} CGO_ENABLED=1 CC="$CC" $GO vet ./platform/android/...
	done
	DIORAMA_ANDROID_NDK="$NDK" DIORAMA_ANDROID_API="$API" $GO test -count=1 ./internal/androidcheck/...

	echo "== android 3/3: APK (gomobile, aapt manifest, 16 KB alignment, v1+v2+v3 signature) and its checks" >&2
	apk="$OUT/diorama-check.apk"
	build_apk "$NDK" "$apk"
	check_apk "$NDK" "$apk"
	echo "android: OK ($apk: arm64-v8a and x86_64, API $API, target $TARGET, built on the repository's bionic sysroot; not run on a device here)" >&2
	;;
apk)
	NDK=$(./scripts/android-ndk.sh "$CACHE/android-ndk" "$API")
	build_apk "$NDK" "$OUT/diorama.apk"
	check_apk "$NDK" "$OUT/diorama.apk"
	if [ -e "$NDK/.diorama-sysroot" ]; then
		echo "android: built on the repository's bionic sysroot (set ANDROID_NDK_HOME to use a real NDK)" >&2
	fi
	echo "android: wrote $OUT/diorama.apk (install with: adb install -r $OUT/diorama.apk)" >&2
	;;
*)
	echo "usage: $0 check|apk" >&2
	exit 2
	;;
esac
