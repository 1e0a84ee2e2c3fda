#ifndef _SYS_TIME_H_
#define _SYS_TIME_H_
#include <sys/cdefs.h>
#include <sys/types.h>
#include <time.h>
__BEGIN_DECLS
struct timeval {
	time_t tv_sec;
	suseconds_t tv_usec;
};
struct timezone;
int gettimeofday(struct timeval *tv, struct timezone *tz);
__END_DECLS
#endif
