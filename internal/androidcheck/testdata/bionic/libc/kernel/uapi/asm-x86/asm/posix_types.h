/*
 * This file is auto-generated. Modifications will be lost.
 *
 * See https://android.googlesource.com/platform/bionic/+/master/libc/kernel/
 * for more information.
 */
#ifdef __i386__
#include <asm/posix_types_32.h>
#elif defined(__ILP32__)
#include <asm/posix_types_x32.h>
#else
#include <asm/posix_types_64.h>
#endif
