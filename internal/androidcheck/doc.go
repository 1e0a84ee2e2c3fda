// Package androidcheck owns the checks that an Android build of Diorama
// would run on a device: the native library was compiled against bionic's
// ABI and links only what the platform provides at the chosen API level,
// and the APK is aligned as current Android versions require.
//
//   - ReadProbe reads the values a probe object compiled against the
//     sysroot recorded (struct layouts and constants), so tests can assert
//     bionic's layouts without running arm64 code.
//   - CheckLibrary checks a built .so against the stub libraries it was
//     linked with: every imported symbol is defined by a NEEDED library with
//     the same version node, no GLIBC_* version appears, the
//     .note.android.ident note is present, and every LOAD segment is
//     aligned to 16 KB.
//   - AlignAPK rewrites an APK so that native libraries are stored
//     uncompressed at 16 KB boundaries and other stored entries at 4 bytes
//     (what zipalign -P 16 4 does), and CheckAPKAlignment verifies it.
//
// scripts/android.sh runs these through cmd/androidcheck during
// `make android-check`; the package's tests build real artifacts with the
// project's sysroot (scripts/android-ndk.sh) when clang is installed.
package androidcheck
