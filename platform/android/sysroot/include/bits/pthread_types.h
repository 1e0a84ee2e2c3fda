#ifndef _BITS_PTHREAD_TYPES_H_
#define _BITS_PTHREAD_TYPES_H_
#include <stddef.h>
#include <stdint.h>
/* bionic's LP64 pthread object layouts. */
typedef struct {
	uint32_t flags;
	void *stack_base;
	size_t stack_size;
	size_t guard_size;
	int32_t sched_policy;
	int32_t sched_priority;
	char __reserved[16];
} pthread_attr_t;
typedef struct { int32_t __private[12]; } pthread_cond_t;
typedef long pthread_condattr_t;
typedef int pthread_key_t;
typedef struct { int32_t __private[10]; } pthread_mutex_t;
typedef long pthread_mutexattr_t;
typedef int pthread_once_t;
typedef struct { int32_t __private[14]; } pthread_rwlock_t;
typedef long pthread_rwlockattr_t;
typedef long pthread_t;
#endif
