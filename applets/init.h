/* init.h - benchbox as /init: settings, the system setup, the console
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef BENCHBOX_INIT_H
#define BENCHBOX_INIT_H

#include <stddef.h>

/* What happens after the suite. */
enum init_then { THEN_POWEROFF, THEN_HALT, THEN_REBOOT, THEN_WAIT };

/* The benchbox.* settings of the kernel command line. Strings point into
 * buf (or are the defaults, string literals). */
struct init_settings {
	const char	*suite;		/* quick|guide|all|APPLET[,APPLET...] */
	const char	*board;		/* NULL = none */
	const char	*expect;	/* an --expect file, NULL = none */
	const char	*format;	/* ktap (default), json, csv, ... */
	const char	*out;		/* a copy of the payload: device or file */
	const char	*budget;	/* seconds per test, NULL = run's default */
	const char	*args;		/* extra arguments for every test, ',' or ' ' separated */
	int		quick;		/* benchbox.quick=1: --quick for every test */
	enum init_then	then;
	char		buf[4096];
	char		unknown[256];	/* the names of settings not understood */
	char		bad[256];	/* settings with a value not understood */
};

/* Defaults, then each text in turn (later ones override earlier ones):
 * words separated by blanks, "double quoted" values allowed, as the
 * kernel parses its command line. Words that do not start with
 * "benchbox." are not ours and are ignored. */
void init_settings_default(struct init_settings *s);
void init_settings_parse(struct init_settings *s, const char *text);

/* init_sys.c: the system around the suite */

/* The seconds since the kernel started (CLOCK_BOOTTIME), or -1. */
double init_boot_seconds(void);
/* Mount what the tests need (proc, sysfs, devtmpfs; a tmpfs on /tmp when
 * pid1), each only where it is not there yet, and say on fd what happened
 * to each, one "init: ..." line. Failures are tolerated and reported. */
void init_mounts(int fd, int pid1);
/* With fds 0-2 closed (no console at exec), open /dev/console onto them. */
void init_console(void);
/* Quiet the kernel's console messages so they do not break into the
 * payload. */
void init_quiet_kernel(int fd);
/* sync(), then power off, halt or reboot; for THEN_WAIT, or when reboot()
 * fails, wait for ever, reaping children. Never returns. */
void init_finish(int fd, enum init_then then) __attribute__((noreturn));
/* Reap every exited child without blocking; store the status of `pid`
 * in *status and return 1 when it was among them. */
int init_reap(int pid, int *status);

#endif
