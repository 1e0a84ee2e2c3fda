/* Diorama's minimal bionic-compatible sysroot (arm64 and x86_64, LP64): original
 * declarations of bionic's public ABI, enough for the Go runtime's cgo and
 * golang.org/x/mobile. See platform/android/sysroot/README.md. */
#ifndef _SYS_CDEFS_H_
#define _SYS_CDEFS_H_
#if !(defined(__aarch64__) || defined(__x86_64__)) || !defined(__LP64__)
#error "Diorama's bionic sysroot describes android/arm64 and android/amd64 (x86_64) only"
#endif
#define __BIONIC__ 1
#ifdef __cplusplus
#define __BEGIN_DECLS extern "C" {
#define __END_DECLS }
#else
#define __BEGIN_DECLS
#define __END_DECLS
#endif
#define __INTRODUCED_IN(api) __attribute__((__availability__(android, introduced = api)))
#define __INTRODUCED_IN_64(api) __INTRODUCED_IN(api)
#define __DEPRECATED_IN(api, ...) __attribute__((__availability__(android, deprecated = api)))
#define __REMOVED_IN(api, ...) __attribute__((__availability__(android, obsoleted = api)))
#define __ANDROID_API_FUTURE__ 10000
#define __BIONIC_AVAILABILITY_GUARD(api) 1
#define __printflike(f, a) __attribute__((__format__(__printf__, f, a)))
#define __noreturn __attribute__((__noreturn__))
#define __wur __attribute__((__warn_unused_result__))
#define __nonnull(args) __attribute__((__nonnull__ args))
#define __unused __attribute__((__unused__))
#define __RENAME(x) __asm__(#x)
#define __RENAME_IF_FILE_OFFSET64(x)
#define __BIONIC_CAST(_k, _t, _v) ((_t)(_v))
#define __restrict_arr
#endif
