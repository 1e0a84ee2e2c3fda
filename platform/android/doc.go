// Package android presents Diorama frames on Android through
// golang.org/x/mobile: the frame is one GLES 2 texture refreshed with
// glTexSubImage2D and drawn as one quad, letterboxed like the desktop. It
// follows the app lifecycle (ticking pauses when the app loses focus;
// when the GL context is lost the texture and program are made again on
// the next one), turns touches and hardware keys into engine events in
// frame coordinates, and opens assets through x/mobile's asset package.
//
// The platform-independent half (lifecycle, sizes, touch mapping, when to
// make or drop GL objects) is tested on any OS; [Run] and the GL code
// build only for GOOS=android with cgo. `make android` packages
// ./platform/android/example into a signed, 16 KB-aligned arm64-v8a and
// x86_64 APK (manifest: example/android-manifest.xml), with the NDK in
// ANDROID_NDK_HOME or else the repository's bionic sysroot
// (platform/android/sysroot, scripts/android-ndk.sh); `make android-check`
// builds and checks it (internal/androidcheck).
//
// android may import platform, raster, loop, mathx and golang.org/x/mobile;
// never scene, physics, ai, iso or atlas.
package android
