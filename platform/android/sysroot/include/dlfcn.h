#ifndef __DLFCN_H__
#define __DLFCN_H__
#include <sys/cdefs.h>
__BEGIN_DECLS
typedef struct {
	const char *dli_fname;
	void *dli_fbase;
	const char *dli_sname;
	void *dli_saddr;
} Dl_info;
void *dlopen(const char *filename, int flag);
int dlclose(void *handle);
char *dlerror(void);
void *dlsym(void *__restrict handle, const char *__restrict symbol);
int dladdr(const void *addr, Dl_info *info);
/* bionic's LP64 values. */
#define RTLD_LOCAL 0
#define RTLD_LAZY 0x00001
#define RTLD_NOW 0x00002
#define RTLD_NOLOAD 0x00004
#define RTLD_GLOBAL 0x00100
#define RTLD_NODELETE 0x01000
#define RTLD_DEFAULT ((void *)0)
#define RTLD_NEXT ((void *)-1L)
__END_DECLS
#endif
