#ifndef _STDIO_H_
#define _STDIO_H_
#include <sys/cdefs.h>
#include <sys/types.h>
#include <stdarg.h>
#include <stddef.h>
__BEGIN_DECLS
/* bionic's FILE is opaque. */
typedef struct __sFILE FILE;
#define EOF (-1)
#define BUFSIZ 1024
/* The stdin/stdout/stderr objects exist in libc from API 23 on. */
extern FILE *stdin __INTRODUCED_IN(23);
extern FILE *stdout __INTRODUCED_IN(23);
extern FILE *stderr __INTRODUCED_IN(23);
#define stdin stdin
#define stdout stdout
#define stderr stderr
int printf(const char *__restrict fmt, ...) __printflike(1, 2);
int fprintf(FILE *__restrict fp, const char *__restrict fmt, ...) __printflike(2, 3);
int snprintf(char *__restrict buf, size_t n, const char *__restrict fmt, ...) __printflike(3, 4);
int sprintf(char *__restrict buf, const char *__restrict fmt, ...) __printflike(2, 3);
int vprintf(const char *__restrict fmt, va_list ap) __printflike(1, 0);
int vfprintf(FILE *__restrict fp, const char *__restrict fmt, va_list ap) __printflike(2, 0);
int vsnprintf(char *__restrict buf, size_t n, const char *__restrict fmt, va_list ap) __printflike(3, 0);
int fputc(int c, FILE *fp);
int fputs(const char *__restrict s, FILE *__restrict fp);
int putchar(int c);
int puts(const char *s);
size_t fwrite(const void *__restrict p, size_t size, size_t n, FILE *__restrict fp);
size_t fread(void *__restrict p, size_t size, size_t n, FILE *__restrict fp);
int fflush(FILE *fp);
FILE *fopen(const char *__restrict path, const char *__restrict mode);
int fclose(FILE *fp);
void perror(const char *msg);
__END_DECLS
#endif
