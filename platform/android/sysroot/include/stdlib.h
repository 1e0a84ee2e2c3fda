#ifndef _STDLIB_H
#define _STDLIB_H
#include <sys/cdefs.h>
#include <stddef.h>
#include <alloca.h>
__BEGIN_DECLS
#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
void *malloc(size_t n);
void *calloc(size_t count, size_t n);
void *realloc(void *p, size_t n);
void free(void *p);
__noreturn void abort(void);
__noreturn void exit(int status);
__noreturn void _Exit(int status);
/* atexit is crtbegin_so.o's (hidden), as with the NDK. */
int atexit(void (*fn)(void));
char *getenv(const char *name);
int setenv(const char *name, const char *value, int overwrite);
int unsetenv(const char *name);
int clearenv(void);
int atoi(const char *s);
long strtol(const char *__restrict s, char **__restrict end, int base);
unsigned long strtoul(const char *__restrict s, char **__restrict end, int base);
int abs(int v);
__END_DECLS
#endif
