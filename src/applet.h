/* applet.h - the applet descriptor, the run context and exit statuses
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef BENCHBOX_APPLET_H
#define BENCHBOX_APPLET_H

#include <stddef.h>
#include <stdint.h>

#include "bench.h"
#include "opt.h"
#include "report.h"
#include "text.h"

enum exit_status {
	EXIT_OK		= 0,
	EXIT_FAIL	= 1,	/* runtime failure */
	EXIT_USAGE	= 2,	/* bad command line */
	EXIT_WRONG	= 3,	/* a self-check found a wrong answer */
	EXIT_SKIP	= 77,	/* cannot run here (reason on stderr) */
	EXIT_UNKNOWN	= 127,	/* no such applet */
};

enum applet_flags {
	APPLET_NEEDS_DIR = 1u << 0,	/* creates files: honours --dir */
	APPLET_SLOW      = 1u << 1,	/* > ~10 s at defaults */
	APPLET_PENDING   = 1u << 2,	/* unfinished: hidden from --list */
	APPLET_TOOL      = 1u << 3,	/* measures nothing (run, init, report, ...): never
					   in a suite, which would run it as a test */
};

struct run_ctx;

struct applet {
	const char		*name;		/* == file basename == applets.def id */
	const char		*summary;	/* one line for --list, <= 60 chars, no period:
						   TEXT_PTR(NAME_summary) */
	const char		*usage;		/* "usage: NAME ...\n\n" + prose; options appended:
						   TEXT_PTR(NAME_usage) (src/text.h) */
	const char		*exits;		/* "Exit status: ...\n", where it says more than
						   the common statuses: TEXT_PTR(NAME_exits);
						   NULL = the common line */
	const struct opt_spec	*opts;		/* { 0 }-terminated; NULL = none */
	const char		*unit;		/* headline unit */
	unsigned		flags;		/* enum applet_flags */
	const struct emitter	*classic;	/* the classic tool's own output, the default
						   --format when set; NULL = table */
	double			min_time;	/* default --min-time; 0 = the global one */
	unsigned		reps;		/* default --reps; 0 = the global one */
	int			(*run)(struct run_ctx *ctx);	/* enum exit_status */
};

/* Everything an applet's run() gets; built by applet_main(). */
struct run_ctx {
	const struct applet	*applet;
	int			argc;		/* positional words after the options */
	char			**argv;
	struct opt_val		*vals;		/* parallel to applet->opts */
	struct bench_opts	bench;		/* from --reps, --min-time, --quick */
	unsigned		cpu;		/* cpu_features() */
	int			quick;		/* --quick */
	int			*cpus;		/* --cpu=LIST, else the CPUs we may use */
	int			ncpus;
	int			cpus_given;	/* --cpu was given (the process is pinned) */
	const char		*kernel;	/* --kernel, "" when not given */
	const char		*dir;		/* --dir, "" when not given */
	int			format_given;	/* --format was given */
	int			min_time_given;	/* --min-time was given */
	struct reporter		*rep;
};

/* Typed access to the applet's own options by name; an unknown name is a
 * programming error and aborts. */
int64_t		opt_int(const struct run_ctx *ctx, const char *name);
uint64_t	opt_size(const struct run_ctx *ctx, const char *name);
double		opt_double(const struct run_ctx *ctx, const char *name);
const char	*opt_str(const struct run_ctx *ctx, const char *name);	/* NULL if none */
int		opt_given(const struct run_ctx *ctx, const char *name);
/* An OPT_REPEAT option's values, in the order given; their number. */
unsigned	opt_list(const struct run_ctx *ctx, const char *name, const char *const **list);

/* The only output path for results. Fills r->applet when NULL. */
void report(struct run_ctx *ctx, const struct result *r);
/* Rate from time stats: value = work/median, min = work/max, max = work/min
 * (the fastest time is the highest rate). work is per iteration, in unit*s. */
void report_rate(struct run_ctx *ctx, struct result r, const struct bench_stats *st,
		 double work_per_iter);
/* Fill r's numeric fields from a bench_stats; r->value etc. = value per iter * scale. */
void result_from_time(struct result *r, const struct bench_stats *st, double scale);

/* registry.c */
extern const struct applet *const applet_table[];
extern const char *const applet_ids[];
extern const size_t applet_count;
const struct applet *applet_find(const char *name);

/* applets/boot/init.c: benchbox as PID 1 when its words name no other
 * applet (src/main.c); never returns */
void init_pid1(int argc, char **argv) __attribute__((noreturn));
/* After another applet run as PID 1 (src/main.c) with status rc: exit in
 * a PID namespace (its end), else sync and power off, as the kernel
 * panics when the machine's PID 1 exits. Never returns. */
void init_pid1_end(int rc) __attribute__((noreturn));

/* applet.c */
extern const struct opt_spec global_opts[];
int  applet_main(const struct applet *a, int argc, char **argv);
void applet_usage(const struct applet *a, FILE *f);
/* The applet's usage and exit-status texts, from the packed blob or the
 * fields (src/text.h); every reader goes through these. NULL = none. */
const char *applet_summary_text(const struct applet *a);
const char *applet_usage_text(const struct applet *a);
const char *applet_exits_text(const struct applet *a);
/* Build a run_info for the JSON context block / table header. */
void run_info_fill(struct run_info *info, const char *applet);

/* version.c: facts compiled in by the Makefile */
extern const char bb_version[], bb_cc[], bb_cflags[], bb_musl[], bb_zlib[], bb_mbedtls[];
void print_version(FILE *f);
int  print_licenses(FILE *f);

#endif
