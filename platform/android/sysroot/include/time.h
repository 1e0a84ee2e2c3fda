#ifndef _TIME_H_
#define _TIME_H_
#include <sys/cdefs.h>
#include <sys/types.h>
__BEGIN_DECLS
#ifndef _STRUCT_TIMESPEC
#define _STRUCT_TIMESPEC
struct timespec {
	time_t tv_sec;
	long tv_nsec;
};
#endif
struct tm {
	int tm_sec;
	int tm_min;
	int tm_hour;
	int tm_mday;
	int tm_mon;
	int tm_year;
	int tm_wday;
	int tm_yday;
	int tm_isdst;
	long tm_gmtoff;
	const char *tm_zone;
};
#define CLOCK_REALTIME 0
#define CLOCK_MONOTONIC 1
time_t time(time_t *t);
int nanosleep(const struct timespec *req, struct timespec *rem);
int clock_gettime(clockid_t clock, struct timespec *ts);
struct tm *localtime_r(const time_t *__restrict t, struct tm *__restrict tm);
struct tm *gmtime_r(const time_t *__restrict t, struct tm *__restrict tm);
__END_DECLS
#endif
