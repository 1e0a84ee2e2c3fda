/* crtend_so for Diorama's android/arm64 sysroot (original code): nothing
 * to add at the end of a shared library beyond marking its stack as not
 * executable, which the compiler does for every object. */
typedef int diorama_crtend_so_unused;
