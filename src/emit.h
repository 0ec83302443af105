/* emit.h - the one result record, and the emitters that print it
 *
 * SPDX-License-Identifier: MIT
 *
 * Applets never print results: they fill a struct result and call
 * emit_result() (src/applet.h). The chosen emitter (table, csv, json,
 * markdown, guide, ktap, or an applet's classic format) writes it to
 * stdout and to the -o file. Names: emit_* and struct emitter are the
 * output side, result_* and RESULT_* the record. (The report applet,
 * applets/suite/report.c, turns a JSON results file into an HTML page.)
 */
#ifndef BENCHBOX_EMIT_H
#define BENCHBOX_EMIT_H

#include <stdint.h>
#include <stdio.h>

#include "bench.h"
#include "outfile.h"
#include "verdict.h"

#define UNIT_NS		"ns"		/* lower is better */
#define UNIT_US		"us"
#define UNIT_MB_S	"MB/s"		/* 10^6 bytes per second */
#define UNIT_MHZ	"MHz"
#define UNIT_MFLOPS	"Mflop/s"
#define UNIT_KFLOPS	"KFLOPS"
#define UNIT_DMIPS	"DMIPS"
#define UNIT_MWIPS	"MWIPS"
#define UNIT_OPS_S	"ops/s"
#define UNIT_ITER_S	"iter/s"
#define UNIT_MIPS	"MIPS"
#define UNIT_MOPS	"MOPS"
#define UNIT_MBIT_S	"Mbit/s"	/* 10^6 bits per second */
#define UNIT_PERCENT	"%"
#define UNIT_IOPS	"IOPS"

enum result_flags {		/* beyond enum bench_flags (bits 0..7) */
	RESULT_MISMATCH	= 1u << 8,	/* disagrees with another source (mhz vs cpufreq) */
	RESULT_FAILED	= 1u << 9,	/* could not be measured; see note */
	RESULT_SKIPPED	= 1u << 10,	/* not applicable here; see note */
	RESULT_SHORT	= 1u << 11,	/* ran shorter than the classic's minimum (--quick) */
	RESULT_THROTTLED = 1u << 12,	/* the clock dropped or a trip point was crossed */
	RESULT_UNRESOLVED = 1u << 13,	/* a time at or below zero: result_unresolved() */
};

/* A record judged against a reference (run --board, run --expect). */
struct result_verdict {
	struct verdict_out	out;		/* the verdict, the accepted band, the delta */
	int			have_ref;	/* 0: NO-REF, the numbers below are NaN */
	double			mean, min, max;	/* the reference; min/max NaN when it gave
						   one value */
	int			low_confidence;	/* out.why is then the row's remark */
};

struct result {
	const char	*applet;	/* filled by emit_result() when NULL */
	const char	*test;		/* "copy", "cpu.model" */
	const char	*kernel;	/* "c", "libc", "neon_ldp_q"; NULL or "" = n/a */
	const char	*params;	/* stable "k=v,k=v"; NULL or "" = none */
	const char	*unit;		/* UNIT_*; "" for text */
	int		better;		/* +1 higher is better, -1 lower, 0 n/a */
	double		value;		/* headline: the median */
	double		min, max;	/* spread; min <= value <= max */
	const char	*text;		/* a non-numeric value (sysinfo); NULL = numeric */
	uint64_t	iters;
	unsigned	samples;
	unsigned	flags;		/* enum bench_flags | enum result_flags */
	const char	*note;		/* free text appended to the flag names */
	const char	*metric;	/* the name reference data use ("bw_mem-rd-16mb"),
					   NULL = none */
	const char	*group;		/* for classic emitters: a curve's name ("stride=64") */
	double		x;		/* for classic emitters: a curve point's size in bytes */
	const struct result_verdict *verdict;	/* NULL = not judged */
};

/* What the JSON "context" block and the table header say about the run. */
struct run_info {
	const char	*version, *cc, *cflags, *libc, *zlib, *mbedtls;
	const char	*arch, *kernel, *cpu_features, *clock;
	double		clock_res_ns, clock_overhead_ns;
	char		date[32];	/* ISO 8601 UTC */
	const char	*applet;
};

/* One output of an emit sink (stdout, the -o file), as emitters see it. */
struct emit_out {
	FILE		*f;
	unsigned	count;		/* records written to this output so far */
	char		group[64];	/* emitter scratch: the last record's group (ktap:
					   the applet) */
	const void	*arg;		/* the applet's data for its classic emitter */
	unsigned	bad;		/* emitter scratch: records written as failures */
	int		failed;		/* set before end(): the run ends in failure */
	int		begun;		/* begin() is out (it waits for the first record) */
	int		err;		/* errno of the first failed write: the output is
					   then left alone */
	int		off;		/* gets nothing (run's terminal summary stands
					   in for stdout's records) */
	const struct emitter *em;	/* this output's own emitter (run's -o file
					   gets JSON under a table); NULL = the
					   sink's */
	struct table_rows *rows;	/* the table's records, held until its end() */
};

/* A format. A NULL callback does nothing: an emitter with a name only is
 * the format of an applet whose output is not records (a page, an image,
 * a console session). */
struct emitter {
	const char	*name;
	int		to_stderr;	/* the classic tool printed to stderr: so do we */
	void		(*begin)(struct emit_out *o, const struct run_info *info);
	void		(*record)(struct emit_out *o, const struct result *r);
	void		(*end)(struct emit_out *o);
};

extern const struct emitter emit_table, emit_csv, emit_json, emit_markdown, emit_guide,
	emit_ktap;
/* table|csv|json|markdown|guide|ktap, or NULL */
const struct emitter *emitter_find(const char *name);
/* Drop the records a table holds (its end() prints them, then does this). */
void table_free(struct emit_out *o);

/* Where records go: stdout plus, optionally, a file (src/outfile.h: a
 * regular file is written under a temporary name, a device or FIFO
 * directly). Nothing is written before the first record: begin() comes
 * with it, or at close for a run that did not end in a usage error, so a
 * bad command line prints nothing on stdout. A write that fails is one
 * errorf() line; that output is left alone from then on, and
 * emit_close() returns 1. */
struct emit_sink {
	const struct emitter	*em;
	const struct run_info	*info;
	struct emit_out		out[2];
	int			nout;
	const char		*path;		/* -o FILE, or NULL */
	int			complete;	/* set by an applet whose exit 1 still comes
						   with every result (a FAIL verdict, a failed
						   test of a suite): FILE is kept */
	int			silent;		/* no document unless a record came: a usage
						   error, or an applet that printed something
						   else (run -l) */
	struct outfile		file;		/* the -o file */
	unsigned		count;
};

/* Records go to `out` (stdout; stderr if the emitter says so) and to path.
 * 0, or after a one-line message EXIT_FAIL (path cannot be opened) or
 * EXIT_USAGE (path is a directory). */
int  emit_open(struct emit_sink *rep, const struct emitter *em,
	       const struct run_info *info, FILE *out, const char *path);
/* Data for a classic emitter (set before the first record). */
void emit_set_arg(struct emit_sink *rep, const void *arg);
/* Each output whose emitter is em its own zeroed data of size bytes (an
 * emitter that gathers its records and prints them at its end(), which
 * frees them), before the first record. */
void emit_set_own_args(struct emit_sink *rep, const struct emitter *em, size_t size);
/* Another emitter, before the first record (an applet whose classic output
 * depends on its options): stdout's records go to stderr if em says so. */
void emit_set_emitter(struct emit_sink *rep, const struct emitter *em);
/* keep != 0: finish the document and rename the file into place;
 * keep == 0: the run failed: finish stdout's document (saying so, where the
 * format can), and a device's or FIFO's, and remove the temporary file.
 * Returns 0, or 1 when an output could not be written (said on stderr). */
int  emit_close(struct emit_sink *rep, int keep);
void emit_record(struct emit_sink *rep, const struct result *r);

/* A time (ns, us) at or below zero is no measurement: what the method
 * subtracted (an overhead, a reference) was as large as what it measured.
 * Such a record keeps its value, as the classic prints it, and is flagged
 * RESULT_UNRESOLVED here: the applets that subtract (lat_sig, lat_ctx,
 * lat_pagefault) call it on what they measured, not on what they print
 * from elsewhere (ref's published zeros are not measurements). */
void result_unresolved(struct result *r);
/* Flag names joined with ',' then the note, into buf. */
const char *result_note(const struct result *r, char *buf, size_t len);
/* The inverse: the flag names that lead a note ("short,noisy: text", or
 * "failed" alone) OR'ed into *flags; returns the text after them. A note
 * whose first word is not a flag name is all text (flags untouched). */
const char *note_flags(const char *note, unsigned *flags);
/* Numbers as the table shows them (4-6 significant digits, no exponent). */
const char *format_value(double v, char *buf, size_t len);
/* JSON string with escaping, quotes included. */
void json_string(FILE *f, const char *s);

#endif
