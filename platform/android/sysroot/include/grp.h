#ifndef _GRP_H_
#define _GRP_H_
#include <sys/cdefs.h>
#include <sys/types.h>
__BEGIN_DECLS
int setgroups(size_t n, const gid_t *groups);
__END_DECLS
#endif
