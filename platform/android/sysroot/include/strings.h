#ifndef _STRINGS_H_
#define _STRINGS_H_
#include <sys/cdefs.h>
#include <stddef.h>
__BEGIN_DECLS
int strcasecmp(const char *a, const char *b);
int strncasecmp(const char *a, const char *b, size_t n);
__END_DECLS
#endif
