#ifndef _SIGNAL_H_
#define _SIGNAL_H_
#include <sys/cdefs.h>
#include <sys/types.h>
#include <time.h>
__BEGIN_DECLS
/* Linux signal numbers (the same on arm64 and x86_64). */
#define SIGHUP 1
#define SIGINT 2
#define SIGQUIT 3
#define SIGILL 4
#define SIGTRAP 5
#define SIGABRT 6
#define SIGIOT 6
#define SIGBUS 7
#define SIGFPE 8
#define SIGKILL 9
#define SIGUSR1 10
#define SIGSEGV 11
#define SIGUSR2 12
#define SIGPIPE 13
#define SIGALRM 14
#define SIGTERM 15
#define SIGSTKFLT 16
#define SIGCHLD 17
#define SIGCONT 18
#define SIGSTOP 19
#define SIGTSTP 20
#define SIGTTIN 21
#define SIGTTOU 22
#define SIGURG 23
#define SIGXCPU 24
#define SIGXFSZ 25
#define SIGVTALRM 26
#define SIGPROF 27
#define SIGWINCH 28
#define SIGIO 29
#define SIGPWR 30
#define SIGSYS 31
#define NSIG 65
#define _NSIG 65

#define SA_NOCLDSTOP 0x00000001
#define SA_NOCLDWAIT 0x00000002
#define SA_SIGINFO 0x00000004
#define SA_RESTORER 0x04000000
#define SA_ONSTACK 0x08000000
#define SA_RESTART 0x10000000
#define SA_NODEFER 0x40000000
#define SA_RESETHAND 0x80000000

#define SIG_BLOCK 0
#define SIG_UNBLOCK 1
#define SIG_SETMASK 2

typedef void (*__sighandler_t)(int);
typedef __sighandler_t sighandler_t;
typedef __sighandler_t sig_t;
#define SIG_DFL ((__sighandler_t)0)
#define SIG_IGN ((__sighandler_t)1)
#define SIG_ERR ((__sighandler_t)-1)

typedef int sig_atomic_t;

/* The kernel's LP64 sigset_t: one 64-bit word (a struct on arm64, a plain
 * unsigned long in x86's headers). */
#if defined(__x86_64__)
typedef unsigned long sigset_t;
#else
typedef struct {
	unsigned long sig[1];
} sigset_t;
#endif
typedef sigset_t sigset64_t;

/* Only handled through pointers here. */
typedef struct siginfo siginfo_t;
struct siginfo;

/* bionic LP64: sa_flags first, then the handler (unlike glibc). */
struct sigaction {
	int sa_flags;
	union {
		sighandler_t sa_handler;
		void (*sa_sigaction)(int, struct siginfo *, void *);
	};
	sigset_t sa_mask;
	void (*sa_restorer)(void);
};

typedef struct sigaltstack {
	void *ss_sp;
	int ss_flags;
	size_t ss_size;
} stack_t;

int sigaction(int sig, const struct sigaction *act, struct sigaction *oldact);
int sigaddset(sigset_t *set, int sig);
int sigdelset(sigset_t *set, int sig);
int sigemptyset(sigset_t *set);
int sigfillset(sigset_t *set);
int sigismember(const sigset_t *set, int sig);
int sigprocmask(int how, const sigset_t *set, sigset_t *oldset);
int pthread_sigmask(int how, const sigset_t *set, sigset_t *oldset);
int sigaltstack(const stack_t *ss, stack_t *old);
int kill(pid_t pid, int sig);
int raise(int sig);
sighandler_t signal(int sig, sighandler_t handler);
int pthread_kill(pthread_t thread, int sig);
__END_DECLS
#endif
