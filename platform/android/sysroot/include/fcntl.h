#ifndef _FCNTL_H
#define _FCNTL_H
#include <sys/cdefs.h>
#include <sys/types.h>
__BEGIN_DECLS
/* Linux open(2) flags; arm64 moves four of the generic ones. */
#define O_RDONLY 00000000
#define O_WRONLY 00000001
#define O_RDWR 00000002
#define O_CREAT 00000100
#define O_EXCL 00000200
#define O_NOCTTY 00000400
#define O_TRUNC 00001000
#define O_APPEND 00002000
#define O_NONBLOCK 00004000
#if defined(__aarch64__)
#define O_DIRECTORY 00040000
#define O_NOFOLLOW 00100000
#define O_DIRECT 00200000
#define O_LARGEFILE 00400000
#else
#define O_DIRECT 00040000
#define O_LARGEFILE 00100000
#define O_DIRECTORY 00200000
#define O_NOFOLLOW 00400000
#endif
#define O_CLOEXEC 02000000
#define F_GETFD 1
#define F_SETFD 2
#define F_GETFL 3
#define F_SETFL 4
#define FD_CLOEXEC 1
int open(const char *path, int flags, ...);
int fcntl(int fd, int cmd, ...);
__END_DECLS
#endif
