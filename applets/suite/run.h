/* run.h - the suite runner's parts: suites, the child runner, the row parser
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef BENCHBOX_RUN_H
#define BENCHBOX_RUN_H

#include <signal.h>
#include <stddef.h>

#include "emit.h"

/* One test of a suite: an applet's command line, words split on spaces.
 * "%dram" becomes 4 x the last-level cache in MiB (at least 8), in a word
 * too ("--sizes=%dramm"). */
struct suite_test {
	const char	*cmd;		/* "bw_mem --quick 64m rd" */
	double		budget;		/* seconds; 0 = the suite's */
	unsigned	flags;		/* SUITE_* */
};

/* A test that characterises a core: on a SoC with more than one kind of
 * cluster (src/topo.h) it runs once per kind, pinned (--cpu) to the first
 * usable CPU of the first cluster of that kind, its records labelled
 * cluster=K,cpu=N; a kind with no usable CPU gets one skipped row. */
enum { SUITE_PER_CLUSTER = 1, SUITE_ALL_CPUS = 2, SUITE_EACH_CLUSTER = 4 };
/* SUITE_ALL_CPUS: a SoC-wide test, "%cpus" in its command line standing
 * for the usable CPUs' count; left out where there is only one.
 * SUITE_EACH_CLUSTER: a cluster-wide test, on a SoC of more than one
 * cluster (of any kinds) once for each cluster with 2 or more usable CPUs
 * (one is what SUITE_PER_CLUSTER measures), pinned (--cpu) to them,
 * "%cpus" their count, its records labelled cluster=K; left out for a
 * cluster of every usable CPU (the SoC-wide test is that). */

struct suite {
	const char		*name;		/* "quick" */
	const char		*summary;
	const struct suite_test	*tests;
	size_t			ntests;
	double			budget;		/* default seconds per test */
};

extern const struct suite suites[];
extern const size_t nsuites;
const struct suite *suite_find(const char *name);
/* The arguments an applet gets in `run all` and in a bare `run APPLET`
 * (the guides' where it needs some), "" when none. */
const char *suite_default_args(const char *applet);
/* Why `run all` leaves an applet out, NULL when it runs it. */
const char *suite_all_skip(const char *applet);
/* Whether SPEC names what a suite may run: quick, guide, all, or a ','
 * separated list of measuring applets (none flagged APPLET_TOOL: run, init,
 * mkinitramfs, report, compare, ref, boards; `run init` would start itself
 * for ever). 0, or -1 with one line in err naming every unknown applet and
 * every tool. The one check of both `run` and init's benchbox.suite. */
int suite_check(const char *spec, char *err, size_t len);

/* What one child did. */
struct child_out {
	char	*rows;		/* its stdout: CSV records, NUL-terminated */
	size_t	len, cap;
	char	last_err[256];	/* its last non-empty stderr line */
	char	skip_why[256];	/* the text after its first "skipped: " */
	int	status;		/* waitpid status; valid unless timed_out/stopped */
	int	timed_out;
	int	stopped;	/* *stop became non-zero: killed */
	double	wall_s;
};

/* Fork; the child runs applet_main(argv[0]'s applet, with --format=csv
 * after argv[0]) with its stdout and stderr on pipes, in its own process
 * group, and is stopped after budget_s seconds (0 = no limit), or when
 * *stop is set: SIGTERM to its group (its scratch files go), SIGKILL 5 s
 * later if it is still there. Its process group is killed and reaped on
 * every path. out (zeroed by the caller) gets the records and the last
 * stderr line; a stderr line with "warning: " is passed on to stderr.
 * Returns 0, or -1 if the fork or pipes failed (errno; last_err says
 * which: "cannot make a pipe: REASON" or "cannot fork: REASON"). */
int run_child(char **argv, int argc, double budget_s, volatile sig_atomic_t *stop,
	      struct child_out *out);

/* The same child, its output handed over as it comes: run_child_stream()
 * runs argv as it is, calls on_out and on_err with each piece read from
 * its stdout and stderr (any size, lines cut anywhere), and fills the
 * status, timed_out, stopped and wall_s of out. Without a budget or a stop
 * flag nothing stops the child: it is read from in steps of a second and
 * waited for. */
struct child_spec {
	char			**argv;		/* argc words, NULL after them */
	int			argc;
	double			budget_s;	/* 0 = no limit */
	volatile sig_atomic_t	*stop;		/* NULL = none */
	int			same_group;	/* stays in the caller's process group
						   (^C at a terminal reaches it), is
						   not killed as a group */
	void			(*on_out)(void *arg, const char *p, size_t n);
	void			(*on_err)(void *arg, const char *p, size_t n);
	void			*arg;
	/* Reap without blocking: 1, with *status, when pid was reaped.
	 * NULL = waitpid(pid); init passes init_reap(), which reaps the
	 * orphans PID 1 inherits too. */
	int			(*reap)(int pid, int *status);
};
int run_child_stream(const struct child_spec *c, struct child_out *out);
void child_out_free(struct child_out *out);
/* "SIGILL", or "signal N" into buf. */
const char *signal_name(int sig, char *buf, size_t len);

/* Split the next CSV record at *p in place (RFC 4180: quotes, doubled
 * quotes, separators and line breaks inside quotes); fields point into
 * the buffer. Returns the field count (<= max), 0 at the end. */
int csv_next(char **p, char **fields, int max);
/* A record of benchbox's CSV (applet,test,kernel,params,value,min,max,
 * unit,better,iters,samples,note,metric) back into a result. Strings point
 * into fields. The note's leading flag names become flags again.
 * Returns 0, or -1 for the header or a malformed record. */
int csv_result(char **fields, int n, struct result *r);

/* The terminal summary of a suite (run_summary.c): the headline figures
 * with their published values and verdicts, failures, counts. */
struct run_totals {
	unsigned	run, passed, failed, skipped, throttled;
	unsigned	verdicts[V_COUNT];
	int		judged;		/* a board or --expect judged the results */
	const char	*against;	/* "j721e", "j721e and FILE" */
	double		wall;
	const char	*output;	/* the -o file, NULL when none */
	const char	*board_why;	/* how the devicetree named the board (or
					   why none); "" when it was not read */
	const char	*board;		/* the board judged against, NULL = none */
};
struct run_summary;
struct run_summary *run_summary_new(void);
void run_summary_free(struct run_summary *s);
/* Every record of the run, judged (r->verdict) where it is, and every
 * status row. */
void run_summary_see(struct run_summary *s, const struct result *r);
void run_summary_print(FILE *f, const struct run_summary *s, const struct run_totals *t);
/* compare --summary: the same summary from a stored results file, judged
 * against board, else the board the file records; the exit status. */
int run_summary_file(const char *path, const char *board);

#endif
