#ifndef _SCHED_H_
#define _SCHED_H_
#include <sys/cdefs.h>
#include <time.h>
__BEGIN_DECLS
struct sched_param {
	int sched_priority;
};
int sched_yield(void);
__END_DECLS
#endif
