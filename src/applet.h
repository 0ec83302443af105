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
#include "emit.h"
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
	APPLET_FINDINGS  = 1u << 4,	/* exit 1 after its records: they grade a
					   problem found (wiring); in a suite no
					   failed test */
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
	signed char		key[OPTK_COUNT];	/* enum opt_key -> index in
						   vals, -1: not declared */
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
	struct emit_sink		*rep;
};

/* Typed access to the applet's own options, by the IDs of its OPT_TABLE
 * (src/opt.h): opt_int(ctx, PARALLEL). An ID the table lacks, or an
 * accessor that does not fit the option's type, does not compile.
 * opt_int: OPT_INT, OPT_BOOL (0/1), OPT_CHOICE (the index); opt_size:
 * OPT_SIZE; opt_double: any number; opt_str: the text as given, NULL if
 * none; opt_given: given on the command line; opt_list: an OPT_REPEAT
 * option's values in the order given (their number). */
#define opt_int(ctx, id) (OPT_CHECK_(OPT_INTLIKE_(OT_##id), \
	"--" #id " is not an integer, switch or choice"), (ctx)->vals[OI_##id].i)
#define opt_size(ctx, id) (OPT_CHECK_(OPT_IS_(OT_##id, OPT_SIZE), \
	"--" #id " is not a size"), (ctx)->vals[OI_##id].u)
#define opt_double(ctx, id) (OPT_CHECK_(OPT_NUMBER_(OT_##id), \
	"--" #id " is not a number"), (ctx)->vals[OI_##id].d)
#define opt_str(ctx, id)	opt_val_str(&(ctx)->vals[OI_##id])
#define opt_given(ctx, id)	((ctx)->vals[OI_##id].set)
#define opt_list(ctx, id, list) (OPT_CHECK_(OPT_IS_(OT_##id, OPT_STR), \
	"--" #id " is not a string"), opt_val_list(&(ctx)->vals[OI_##id], (list)))
const char	*opt_val_str(const struct opt_val *v);	/* NULL if none */
unsigned	opt_val_list(const struct opt_val *v, const char *const **list);

/* The same for an option with a key (OPT_KEYS in src/opt.h), from code
 * that serves several applets: optk_int(ctx, PORT). optk_has says whether
 * the running applet declares it; the others abort if it does not (a
 * programming error the registry tests find). */
#define optk_int(ctx, id) (OPT_CHECK_(OPT_INTLIKE_(OKT_##id), \
	"--" #id " is not an integer, switch or choice"), opt_keyed((ctx), OPTK_##id)->i)
#define optk_size(ctx, id) (OPT_CHECK_(OPT_IS_(OKT_##id, OPT_SIZE), \
	"--" #id " is not a size"), opt_keyed((ctx), OPTK_##id)->u)
#define optk_double(ctx, id) (OPT_CHECK_(OPT_NUMBER_(OKT_##id), \
	"--" #id " is not a number"), opt_keyed((ctx), OPTK_##id)->d)
#define optk_str(ctx, id)	opt_val_str(opt_keyed((ctx), OPTK_##id))
#define optk_given(ctx, id)	(opt_keyed((ctx), OPTK_##id)->set)
#define optk_has(ctx, id)	((ctx)->key[OPTK_##id] >= 0)
const struct opt_val *opt_keyed(const struct run_ctx *ctx, enum opt_key key);

/* The only output path for results. Fills r->applet when NULL. */
void emit_result(struct run_ctx *ctx, const struct result *r);
/* Rate from time stats: value = work/median, min = work/max, max = work/min
 * (the fastest time is the highest rate). work is per iteration, in unit*s. */
void emit_rate(struct run_ctx *ctx, struct result r, const struct bench_stats *st,
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
/* The global options, declared as an applet's (src/opt.h); GO_X indexes
 * global_opts. */
#define GLOBAL_OPTIONS(O) \
	O(HELP, "help", OPT_BOOL, "show this help and exit", .letter = 'h') \
	O(VERSION, "version", OPT_BOOL, "show versions and exit") \
	O(FORMAT, "format", OPT_STR, "table, csv, json, markdown, guide, ktap", \
	  .metavar = "FORMAT") \
	O(OUTPUT, "output", OPT_STR, "also write the results to FILE (all or nothing)", \
	  .letter = 'o', .metavar = "FILE") \
	O(REPS, "reps", OPT_INT, "samples per result (median, min, max)", .def = "5", .min = 1, \
	  .max = 1001) \
	O(MINTIME, "min-time", OPT_DOUBLE, "each sample's shortest duration", .def = "0.05", \
	  .min = 0.0001, .max = 3600, .metavar = "SECONDS") \
	O(WARMUP, "warmup", OPT_INT, "warm-up samples, run and discarded first", .def = "1", \
	  .min = 0, .max = 100, .metavar = "SAMPLES") \
	O(CPU, "cpu", OPT_STR, "run on these CPUs only: N, N-M, N,M,...", .metavar = "CPUS") \
	O(QUICK, "quick", OPT_BOOL, "shorter samples and fewer of them") \
	O(KERNEL, "kernel", OPT_STR, "code path: a kernel's name, c, best or all", \
	  .metavar = "KERNEL") \
	O(DIR, "dir", OPT_STR, "scratch directory for applets that write files", .metavar = "DIR")
#define GLOBAL_INDEX_(id, ...) GO_##id,
enum global_opt { GLOBAL_OPTIONS(GLOBAL_INDEX_) GO_COUNT };
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
/* When the sources were last changed (the commit's time, seconds since
 * 1970; 0 unknown): no clock of a board that runs this binary is earlier */
extern const long long bb_source_epoch;
void print_version(FILE *f);
int  print_licenses(FILE *f);

#endif
