/* init.h - benchbox as /init: settings, the system setup, the console
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef BENCHBOX_INIT_H
#define BENCHBOX_INIT_H

#include <stddef.h>

struct applet;

/* What happens after the suite. */
enum init_then { THEN_POWEROFF, THEN_HALT, THEN_REBOOT, THEN_WAIT };

/* The longest settings text: /benchbox.cmdline (its newline counted), the
 * kernel command line, --cmdline. mkinitramfs --cmdline refuses more. */
enum { INIT_TEXT_MAX = 4096 };

/* benchbox.modules: kernel modules inside the initramfs, loaded in order
 * with finit_module(2) before the suite (mkinitramfs --module puts them
 * there). A list names at most INIT_MODULES_MAX files, each a plain name
 * of at most INIT_MODULE_NAME_MAX bytes (letters, digits, '_', '-', '+',
 * '.'; not starting with '.', no "..") ending in ".ko" or ".ko.xz". */
#define INIT_MODULE_DIR	"/lib/modules/benchbox"
enum { INIT_MODULES_MAX = 64, INIT_MODULE_NAME_MAX = 64 };

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
	const char	*modules;	/* module files to load, ',' separated, NULL = none */
	const char	*ip;		/* ADDR/PREFIX[,IFACE] for a link, NULL = none */
	const char	*serve;		/* an applet whose server runs instead of the suite */
	int		quick;		/* benchbox.quick=1: --quick for every test */
	enum init_then	then;
	size_t		used;		/* bytes of buf holding values */
	char		buf[2 * INIT_TEXT_MAX];	/* the values: room for two whole texts */
	char		unknown[256];	/* the names of settings not understood */
	char		bad[256];	/* settings with a value not understood, and why */
};

/* Defaults, then each text in turn (later ones override earlier ones):
 * words separated by blanks, "double quoted" values allowed, as the
 * kernel parses its command line. Words that do not start with
 * "benchbox." are not ours and are ignored.
 *
 * init_settings_parse() reads exactly len bytes of text (no NUL needed
 * after them) and applies the text whole, or not at all: it returns 0, or
 * -1 with one line in err and *s unchanged when the text is over
 * INIT_TEXT_MAX bytes, holds a NUL byte, or buf has no room left for it
 * (never after two texts). An unknown benchbox.* setting is named in
 * unknown, a bad value (empty, a format no emitter has, a budget that is
 * not 0.01..86400 s, a suite that is not quick, guide, all or a list of
 * measuring applets: suite_check(), a module list init_modules_check()
 * refuses, an ip init_ip_parse() refuses, a serve that names no applet
 * with a server) in bad, and ignored: the value set before stays. The lists are cut with "..." when full.
 *
 * What holds after any call, whatever the text (a fuzzer may assert it):
 * s->used <= sizeof(s->buf); every string field is NULL (board, expect,
 * out, budget, args, modules, ip, serve only), a default literal, or points into buf
 * with its NUL inside buf at or before buf + used, and is not empty;
 * unknown and bad are NUL-terminated inside their arrays; suite passes
 * suite_check(), so it names no tool (init, run, ...) that would start a
 * suite again; format passes emitter_find(); modules, when set, passes
 * init_modules_check(); ip, when set, passes init_ip_parse(); serve,
 * when set, init_serve_applet(); then is an enum init_then and quick 0
 * or 1. */
void init_settings_default(struct init_settings *s);
int init_settings_parse(struct init_settings *s, const char *text, size_t len, char *err,
			size_t errlen);

/* 0 when name (len bytes, no NUL needed) is a module file name init
 * loads (see INIT_MODULE_DIR above); else -1 with the reason in why. */
int init_module_name_check(const char *name, size_t len, char *why, size_t wlen);
/* 0 when list is a ',' separated list of such names, none empty, none
 * twice, at most INIT_MODULES_MAX; else -1 with the reason in why. */
int init_modules_check(const char *list, char *why, size_t wlen);

/* init_net.c: an address on a link, a server in place of a suite */

/* benchbox.ip: ADDR/PREFIX[,IFACE], IPv4 or IPv6; no IFACE: the first
 * Ethernet link. */
struct init_ip {
	int		family;		/* AF_INET, AF_INET6 */
	unsigned char	addr[16];	/* network order */
	int		prefix;
	char		ifname[16];	/* "" = the first Ethernet link */
};
/* 0 with *ip filled, or -1 with the reason in why. */
int init_ip_parse(const char *v, struct init_ip *ip, char *why, size_t wlen);
/* As PID 1: the loopback link up where it is down (a kernel leaves it
 * so; the tests that serve themselves on 127.0.0.1 need it), one line
 * when it was set up or could not be. 0, or -1 (said). */
int init_lo_up(int fd);
/* The address on its link (waited for up to 5 s: its driver may still be
 * probing), the link set up; one "init: ..." line on fd either way. 0, or
 * -1 when it could not be done (said). */
int init_net_up(int fd, const struct init_ip *ip);
/* The applet name names when it has a server (an option "server", -s,
 * flagged OPT_SERVER); else NULL with the reason in why. */
const struct applet *init_serve_applet(const char *name, char *why, size_t wlen);

/* init_sys.c: the system around the suite */

/* The seconds since the kernel started (CLOCK_BOOTTIME), or -1. */
double init_boot_seconds(void);
/* Mount what the tests need (proc, sysfs, devtmpfs; a tmpfs on /tmp when
 * pid1, unless PID 1 of a PID namespace that shares the mount namespace
 * of the machine's init), each only where it is not there yet, and say on
 * fd what happened to each, one "init: ..." line. Failures are tolerated
 * and reported. */
void init_mounts(int fd, int pid1);
/* Load each module of list (init_modules_check() passed) from
 * INIT_MODULE_DIR in order with finit_module(2), one "init: module NAME:
 * ..." line on fd for each (loaded, or why not); a failure stops nothing.
 * A file that starts with the xz magic is passed with
 * MODULE_INIT_COMPRESSED_FILE (kernels with CONFIG_MODULE_DECOMPRESS). */
void init_load_modules(int fd, const char *list);
/* With fds 0-2 closed (no console at exec), open /dev/console onto them. */
void init_console(void);
/* 1 when this process's PID namespace is the machine's first one (so PID
 * 1 is the machine's init), 0 in any other (unshare -p, a container), -1
 * when nothing tells (no /proc). */
int init_machine_init(void);
/* Quiet the kernel's console messages so they do not break into the
 * payload: as the machine's init only (printk is not namespaced); as PID
 * 1 of a PID namespace it says so and leaves them. */
void init_quiet_kernel(int fd);
/* sync(), then power off, halt or reboot (in a PID namespace that ends
 * the namespace only); for THEN_WAIT, or when reboot() fails, wait for
 * ever, reaping children - except in a PID namespace, where a reboot()
 * refused (no CAP_SYS_BOOT) is an exit with status rc. Never returns. */
void init_finish(int fd, enum init_then then, int rc) __attribute__((noreturn));
/* Reap every exited child without blocking; store the status of `pid`
 * in *status and return 1 when it was among them. */
int init_reap(int pid, int *status);

#endif
