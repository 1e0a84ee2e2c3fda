#ifndef _SYS_TYPES_H_
#define _SYS_TYPES_H_
#include <sys/cdefs.h>
#include <stddef.h>
#include <stdint.h>
/* bionic LP64 scalar types (arm64 and x86_64). */
typedef long ssize_t;
typedef long off_t;
typedef long off64_t;
typedef long loff_t;
typedef int pid_t;
typedef unsigned int uid_t;
typedef unsigned int gid_t;
typedef unsigned int id_t;
typedef unsigned int mode_t;
typedef unsigned long dev_t;
typedef unsigned long ino_t;
typedef unsigned int nlink_t;
typedef long time_t;
typedef long clock_t;
typedef int clockid_t;
typedef void *timer_t;
typedef long suseconds_t;
typedef unsigned int useconds_t;
typedef long blksize_t;
typedef long blkcnt_t;
typedef char *caddr_t;
typedef unsigned char u_char;
typedef unsigned short u_short;
typedef unsigned int u_int;
typedef unsigned long u_long;
typedef uint32_t u_int32_t;
typedef uint16_t u_int16_t;
typedef uint8_t u_int8_t;
typedef uint64_t u_int64_t;
#include <bits/pthread_types.h>
#endif
