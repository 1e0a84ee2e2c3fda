#!/usr/bin/env bash
# android-ndk.sh DIR [API] — print the path of an Android NDK for
# gomobile and cgo (android/arm64 and android/amd64 = x86_64, API level API,
# default 23).
#
# With ANDROID_NDK_HOME pointing at a real NDK (r23 or later), that NDK is
# used as it is: the script checks it and prints its path.
#
# Otherwise it assembles in DIR an NDK-shaped tree whose sysroot describes
# bionic's arm64 and x86_64 ABIs (the 64-bit ones: 32-bit arm and x86 are
# not described), from files in this repository and Debian packages
# (./deps.sh android), so it works on a fresh machine without network:
#   - platform/android/sysroot/include: the C library headers (bionic's
#     struct layouts, errno through __errno(), opaque FILE, ...);
#   - Debian's AOSP android/*.h, jni.h and Khronos EGL/GLES/KHR headers,
#     plus the two NDK headers Debian lacks (android/native_window.h,
#     android/rect.h, written here);
#   - stub libc/libdl/liblog/libandroid/libEGL/libGLESv2 .so files made with
#     clang -shared -nostdlib from platform/android/sysroot/symbols.txt:
#     only the symbols that exist at API, with their version nodes (LIBC)
#     from a version script;
#   - crtbegin_so.o/crtend_so.o built from platform/android/sysroot/crt
#     (__dso_handle, atexit, the .note.android.ident note);
#   - a clang wrapper that refuses implicit function declarations and
#     links with lld and 16 KB pages
#     (-z max-page-size=16384), as Android 15 devices need.
# The tree is rebuilt when any of those inputs changes.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"

NDK=${1:?usage: android-ndk.sh DIR [API]}
API=${2:-23}
case "$NDK" in /*) ;; *) NDK="$PWD/$NDK" ;; esac # paths are baked into the clang wrapper

if [ -n "${ANDROID_NDK_HOME:-}" ] && [ ! -e "$ANDROID_NDK_HOME/.diorama-sysroot" ]; then
	cl="$ANDROID_NDK_HOME/toolchains/llvm/prebuilt/linux-x86_64/bin/clang"
	[ -x "$cl" ] || { echo "android-ndk: ANDROID_NDK_HOME=$ANDROID_NDK_HOME has no $cl (need NDK r23 or later)" >&2; exit 1; }
	echo "$ANDROID_NDK_HOME"
	exit 0
fi

SRC="$ROOT/platform/android/sysroot"
for p in clang ld.lld llvm-ar; do
	command -v "$p" >/dev/null || { echo "android-ndk: $p missing (./scripts/deps.sh android)" >&2; exit 1; }
done
for d in /usr/include/android/android /usr/include/android/nativehelper /usr/include/EGL /usr/include/GLES2 /usr/include/GLES3 /usr/include/KHR; do
	[ -d "$d" ] || { echo "android-ndk: $d missing (./scripts/deps.sh android)" >&2; exit 1; }
done

# The inputs' digest: a change to the headers, symbols, crt sources, this
# script or the API level rebuilds the tree.
key=$( (cd "$ROOT" && find platform/android/sysroot scripts/android-ndk.sh -type f | LC_ALL=C sort | xargs sha256sum; echo "api=$API"; clang --version | head -1) | sha256sum | cut -c1-16)
STAMP="$NDK/.diorama-sysroot"
if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$key" ]; then
	echo "$NDK"
	exit 0
fi

rm -rf "$NDK"
PRE="$NDK/toolchains/llvm/prebuilt/linux-x86_64"
S="$PRE/sysroot"
INC="$S/usr/include"
mkdir -p "$INC" "$PRE/bin" "$NDK/meta"

cp -r "$SRC/include/." "$INC/"
cp -r /usr/include/android/android "$INC/"
cp /usr/include/android/nativehelper/jni.h "$INC/jni.h"
cp -r /usr/include/EGL /usr/include/GLES2 /usr/include/GLES3 /usr/include/KHR "$INC/"
cat > "$INC/android/rect.h" <<'H'
/* The NDK's ARect: four int32 edges (Debian's AOSP headers lack this file). */
#ifndef DIORAMA_ANDROID_RECT_H
#define DIORAMA_ANDROID_RECT_H
#include <stdint.h>
typedef struct ARect {
	int32_t left;
	int32_t top;
	int32_t right;
	int32_t bottom;
} ARect;
#endif
H
cat > "$INC/android/native_window.h" <<'H'
/* The NDK's ANativeWindow declarations used by native activities (Debian's
 * AOSP headers lack this file). */
#ifndef DIORAMA_ANDROID_NATIVE_WINDOW_H
#define DIORAMA_ANDROID_NATIVE_WINDOW_H
#include <stdint.h>
#include <android/rect.h>
#ifdef __cplusplus
extern "C" {
#endif
enum {
	WINDOW_FORMAT_RGBA_8888 = 1,
	WINDOW_FORMAT_RGBX_8888 = 2,
	WINDOW_FORMAT_RGB_565 = 4,
};
struct ANativeWindow;
typedef struct ANativeWindow ANativeWindow;
typedef struct ANativeWindow_Buffer {
	int32_t width;
	int32_t height;
	int32_t stride;
	int32_t format;
	void *bits;
	uint32_t reserved[6];
} ANativeWindow_Buffer;
void ANativeWindow_acquire(ANativeWindow *window);
void ANativeWindow_release(ANativeWindow *window);
int32_t ANativeWindow_getWidth(ANativeWindow *window);
int32_t ANativeWindow_getHeight(ANativeWindow *window);
int32_t ANativeWindow_getFormat(ANativeWindow *window);
int32_t ANativeWindow_setBuffersGeometry(ANativeWindow *window, int32_t width, int32_t height, int32_t format);
int32_t ANativeWindow_lock(ANativeWindow *window, ANativeWindow_Buffer *outBuffer, ARect *inOutDirtyBounds);
int32_t ANativeWindow_unlockAndPost(ANativeWindow *window);
#ifdef __cplusplus
}
#endif
#endif
H

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Per ABI (the NDK's layout: sysroot/usr/lib/<triple>/).
for triple in aarch64-linux-android x86_64-linux-android; do
	TGT="--target=$triple$API"
	LIB="$S/usr/lib/$triple"
	mkdir -p "$LIB"

	# Stub libraries: one assembly file and one version script per library,
	# holding the symbols whose first API level is at most API.
	libs=$(grep -v '^#' "$SRC/symbols.txt" | awk 'NF {print $1}' | sort -u)
	for l in $libs; do
		awk -v lib="$l" -v api="$API" '
			/^#/ || NF == 0 { next }
			NF != 5 { printf "symbols.txt:%d: want 5 fields, got %d\n", NR, NF > "/dev/stderr"; exit 1 }
			$1 != lib || $3 > api { next }
			$4 == "func" { printf "\t.text\n\t.globl %s\n\t.type %s,%%function\n%s:\n\tret\n", $5, $5, $5; next }
			$4 == "var" { printf "\t.data\n\t.balign 8\n\t.globl %s\n\t.type %s,%%object\n\t.size %s,8\n%s:\n\t.quad 0\n", $5, $5, $5, $5; next }
			{ printf "symbols.txt:%d: kind %q is not func or var\n", NR, $4 > "/dev/stderr"; exit 1 }
		' "$SRC/symbols.txt" > "$tmp/$l.S"
		awk -v lib="$l" -v api="$API" '
			/^#/ || NF == 0 || $1 != lib || $3 > api { next }
			{ v = ($2 == "-") ? "" : $2; if (!(v in seen)) { seen[v] = 1; order[++n] = v } syms[v] = syms[v] "\t\t" $5 ";\n" }
			END {
				for (i = 1; i <= n; i++) { v = order[i]; printf "%s {\n\tglobal:\n%s", v, syms[v]; if (i == 1) printf "\tlocal:\n\t\t*;\n"; printf "};\n" }
			}
		' "$SRC/symbols.txt" > "$tmp/$l.map"
		clang $TGT -c -o "$tmp/$l.o" "$tmp/$l.S"
		clang $TGT -shared -nostdlib -fuse-ld=lld -Wl,-soname,"$l" -Wl,--version-script,"$tmp/$l.map" \
			-Wl,-z,max-page-size=16384 -o "$LIB/$l" "$tmp/$l.o"
	done
	# libm is linked by default; Diorama uses none of it.
	[ -f "$LIB/libm.so" ] || { : > "$tmp/empty.S"; clang $TGT -c -o "$tmp/empty.o" "$tmp/empty.S"; clang $TGT -shared -nostdlib -fuse-ld=lld -Wl,-soname,libm.so -o "$LIB/libm.so" "$tmp/empty.o"; }
	[ -f "$LIB/libGLESv3.so" ] || ln -s libGLESv2.so "$LIB/libGLESv3.so"

	clang $TGT -O2 -fPIC -DDIORAMA_ANDROID_API="$API" -nostdinc -c -o "$LIB/crtbegin_so.o" "$SRC/crt/crtbegin_so.c"
	clang $TGT -O2 -fPIC -nostdinc -c -o "$LIB/crtend_so.o" "$SRC/crt/crtend_so.c"
	# The clang driver names these for executables and its runtime; shared
	# libraries need none of their contents.
	cp "$LIB/crtend_so.o" "$LIB/crtbegin_dynamic.o"
	cp "$LIB/crtend_so.o" "$LIB/crtend_android.o"
	for a in libgcc.a libunwind.a; do llvm-ar rc "$LIB/$a" "$LIB/crtend_so.o"; done
done

for cc in clang clang++; do
	real=$(command -v $cc) # absolute: the wrapper has the same name
	cat > "$PRE/bin/$cc" <<W
#!/bin/sh
# Diorama's android/arm64 and x86_64 compiler: Debian's clang on the bionic sysroot
# (scripts/android-ndk.sh), linking with lld and 16 KB pages. A call to a
# function its headers do not declare is an error, not a guess.
exec $real --sysroot="$S" -Werror=implicit-function-declaration -fuse-ld=lld -Wl,-z,max-page-size=16384 -Wl,-z,common-page-size=16384 -Wno-unused-command-line-argument "\$@"
W
	chmod +x "$PRE/bin/$cc"
done
for t in llvm-nm llvm-ar llvm-strip llvm-objcopy llvm-readelf; do
	if command -v $t >/dev/null; then ln -sf "$(command -v $t)" "$PRE/bin/$t"; fi
done
ln -sf "$(command -v ld.lld)" "$PRE/bin/ld.lld"

echo "{\"min\": $API, \"max\": 35}" > "$NDK/meta/platforms.json"
cat > "$NDK/meta/abis.json" <<'J'
{
  "arm64-v8a": {"bitness": 64, "default": true, "deprecated": false, "proc": "aarch64", "arch": "arm64", "triple": "aarch64-linux-android", "llvm_triple": "aarch64-none-linux-android"},
  "x86_64": {"bitness": 64, "default": true, "deprecated": false, "proc": "x86_64", "arch": "x86_64", "triple": "x86_64-linux-android", "llvm_triple": "x86_64-none-linux-android"}
}
J
printf 'Pkg.Desc = Diorama bionic sysroot for android/arm64 and x86_64 (scripts/android-ndk.sh)\nPkg.Revision = 0.1.%s\n' "$API" > "$NDK/source.properties"
echo "$key" > "$STAMP"
echo "android-ndk: assembled $NDK (android/arm64 and x86_64, API $API)" >&2
echo "$NDK"
