/* crtbegin_so for Diorama's android/arm64 sysroot (original code).
 *
 * It gives each shared library what the NDK's crtbegin_so.o gives it:
 *   - __dso_handle, the library's identity for __cxa_atexit/__cxa_finalize;
 *   - a .fini_array entry that runs the library's __cxa_atexit handlers
 *     when it is unloaded;
 *   - a hidden atexit() that registers handlers against this library;
 *   - the .note.android.ident ELF note: name "Android", type 1, and a
 *     description holding the API level the library was built for, then the
 *     64-byte NDK version and 64-byte build number strings.
 * DIORAMA_ANDROID_API is passed by scripts/android-ndk.sh. */
#ifndef DIORAMA_ANDROID_API
#error "build with -DDIORAMA_ANDROID_API=N"
#endif

extern int __cxa_atexit(void (*fn)(void *), void *arg, void *dso);
extern void __cxa_finalize(void *dso);

__attribute__((visibility("hidden"))) void *__dso_handle = &__dso_handle;

static void diorama_on_dlclose(void) { __cxa_finalize(&__dso_handle); }

__attribute__((section(".fini_array"), used)) static void (*diorama_fini)(void) = diorama_on_dlclose;

__attribute__((visibility("hidden"))) int atexit(void (*fn)(void))
{
	return __cxa_atexit((void (*)(void *))fn, (void *)0, &__dso_handle);
}

#define DIORAMA_STR2(x) #x
#define DIORAMA_STR(x) DIORAMA_STR2(x)
__asm__(
	"	.section .note.android.ident,\"a\",%note\n"
	"	.balign 4\n"
	"	.long 2f-1f\n"   /* name size */
	"	.long 4f-3f\n"   /* description size */
	"	.long 1\n"       /* NT_VERSION */
	"1:	.asciz \"Android\"\n"
	"2:	.balign 4\n"
	"3:	.long " DIORAMA_STR(DIORAMA_ANDROID_API) "\n"
	"	.asciz \"diorama-sysroot\"\n"
	"	.fill 64-16,1,0\n"
	"	.asciz \"0\"\n"
	"	.fill 64-2,1,0\n"
	"4:	.balign 4\n"
	"	.previous\n");
