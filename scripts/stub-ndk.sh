#!/usr/bin/env bash
# stub-ndk.sh DIR — assemble a *stub* Android NDK for android/arm64 in DIR
# from Debian packages (see ./deps.sh android), so that gomobile and
# `go build` with cgo can compile and link Diorama's Android code against
# Android's real API headers on a machine without the real NDK.
#
# What it is: glibc's arm64 headers, the AOSP android/*.h, jni.h and the
# Khronos EGL/GLES headers in a sysroot; two small hand-written headers
# Debian lacks (android/native_window.h, android/rect.h: the NDK's public
# declarations); a force-included compatibility header mapping bionic's
# annotation macros; empty stub shared libraries (libc, libm, libdl, liblog,
# libandroid, libEGL, libGLESv2) and empty crt objects; and a clang wrapper.
#
# What it is NOT: a working NDK. Code is compiled against glibc struct
# layouts, so an APK built with it packages and verifies but will not run
# on a device. Set ANDROID_NDK_HOME to a real NDK for that.
set -euo pipefail

NDK=${1:?usage: stub-ndk.sh DIR}
case "$NDK" in /*) ;; *) NDK="$PWD/$NDK" ;; esac # paths are baked into the clang wrapper
STAMP="$NDK/.diorama-stub-ndk-v3"
[ -f "$STAMP" ] && exit 0

# Unversioned names (Debian's clang, lld and llvm packages), so the script
# does not depend on which LLVM release the Debian release ships.
for p in clang clang++ ld.lld llvm-ar; do
	command -v "$p" >/dev/null || { echo "stub-ndk: $p missing (./scripts/deps.sh android)" >&2; exit 1; }
done
for d in /usr/aarch64-linux-gnu/include /usr/include/android/android /usr/include/android/nativehelper \
	/usr/include/EGL /usr/include/GLES2 /usr/include/GLES3 /usr/include/KHR; do
	[ -d "$d" ] || { echo "stub-ndk: $d missing (./scripts/deps.sh android)" >&2; exit 1; }
done

rm -rf "$NDK"
PRE="$NDK/toolchains/llvm/prebuilt/linux-x86_64"
S="$PRE/sysroot"
INC="$S/usr/include"
LIB="$S/usr/lib/aarch64-linux-android"
mkdir -p "$INC" "$LIB" "$PRE/bin" "$NDK/meta"

cp -r /usr/aarch64-linux-gnu/include/. "$INC/"
cp -r /usr/include/android/android "$INC/"
cp /usr/include/android/nativehelper/jni.h "$INC/jni.h"
cp -r /usr/include/EGL /usr/include/GLES2 /usr/include/GLES3 /usr/include/KHR "$INC/"

cat > "$INC/android/rect.h" <<'H'
/* Stub: the NDK's ARect (public API: four int32 edges). */
#ifndef DIORAMA_STUB_ANDROID_RECT_H
#define DIORAMA_STUB_ANDROID_RECT_H
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
/* Stub: the NDK's ANativeWindow declarations used by native activities. */
#ifndef DIORAMA_STUB_ANDROID_NATIVE_WINDOW_H
#define DIORAMA_STUB_ANDROID_NATIVE_WINDOW_H
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
cat > "$INC/bionic_compat.h" <<'H'
/* Force-included: bionic's annotation macros and errno symbol on glibc headers. */
#ifndef _LARGEFILE64_SOURCE
#define _LARGEFILE64_SOURCE 1
#endif
#define __INTRODUCED_IN(x)
#define __DEPRECATED_IN(x)
#define __RENAME_IF_FILE_OFFSET64(x)
#define __errno_location __errno
H

# Empty crt objects and runtime archives, empty stub shared libraries.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo 'int diorama_stub_ndk_empty;' > "$tmp/empty.c"
: > "$tmp/nothing.c"
clang --target=aarch64-linux-android21 -c -o "$LIB/crtbegin_so.o" "$tmp/nothing.c"
cp "$LIB/crtbegin_so.o" "$LIB/crtend_so.o"
cp "$LIB/crtbegin_so.o" "$LIB/crtbegin_dynamic.o"
cp "$LIB/crtbegin_so.o" "$LIB/crtend_android.o"
for a in libgcc.a libunwind.a; do llvm-ar rc "$LIB/$a"; done
for l in c m dl log android EGL GLESv2 GLESv3; do
	clang --target=aarch64-linux-android21 -shared -nostdlib -fuse-ld=lld \
		-Wl,-soname,lib$l.so -o "$LIB/lib$l.so" "$tmp/empty.c"
done

for cc in clang clang++; do
	real=$(command -v $cc) # absolute: the wrapper has the same name
	cat > "$PRE/bin/$cc" <<W
#!/bin/sh
# Stub NDK compiler: Debian's clang with the stub sysroot (see scripts/stub-ndk.sh).
exec $real --sysroot="$S" -fuse-ld=lld -include bionic_compat.h -Wno-unused-command-line-argument "\$@"
W
	chmod +x "$PRE/bin/$cc"
done

for t in llvm-nm llvm-ar llvm-strip llvm-objcopy llvm-readelf; do
	if command -v $t >/dev/null; then ln -sf "$(command -v $t)" "$PRE/bin/$t"; fi
done
ln -sf "$(command -v ld.lld)" "$PRE/bin/ld.lld"

echo '{"min": 21, "max": 34}' > "$NDK/meta/platforms.json"
echo '{"arm64-v8a": {"bitness": 64, "default": true, "deprecated": false, "proc": "aarch64", "arch": "arm64", "triple": "aarch64-linux-android", "llvm_triple": "aarch64-none-linux-android"}}' > "$NDK/meta/abis.json"
printf 'Pkg.Desc = Diorama stub NDK (compile and packaging checks only; NOT runnable)\nPkg.Revision = 0.0.1\n' > "$NDK/source.properties"
touch "$STAMP"
echo "stub-ndk: built in $NDK" >&2
