/* headline.h - the answer a person reads: a run's headline figures, the
 * board verdict in words, and a one-line reason for every verdict that is
 * not a PASS (shared by run's terminal summary, compare --summary and
 * report's HTML page, so all three answer alike)
 *
 * SPDX-License-Identifier: MIT
 *
 * Feed every record of a run, in order, to headline_see() (r->verdict set
 * where the record was judged); then read the rows back. Nothing is
 * counted that is not listed: headline_counts() counts exactly the rows
 * headline_issues() and headline_named() give.
 */
#ifndef BENCHBOX_HEADLINE_H
#define BENCHBOX_HEADLINE_H

#include <stddef.h>
#include <stdio.h>

#include "emit.h"
#include "verdict.h"

/* One figure a person reads: a headline row, or a judged record that is
 * WARN, FAIL, FAST or INVALID, or a value that cannot be right. */
struct hl_row {
	char			label[32];	/* "DRAM read"; a metric name outside the
						   headline list */
	char			detail[48];	/* "bw_mem rd, 16 MiB" */
	char			metric[96];	/* "" when the record has none */
	double			value;
	char			unit[16];
	int			judged;		/* rv is set */
	struct result_verdict	rv;
	char			published[48];	/* "5.26-5.57", "120.2", "" */
	char			reason[256];	/* one line, "" for a plain PASS */
	int			bad_value;	/* cannot be right (<= 0 time, failed,
						   throttled), board or not */
	int			suspect;	/* measured under a suspect condition */
};

struct headline;

/* board: the board judged against (its id), NULL for none. */
struct headline *headline_new(const char *board);
/* The board, when it is known only after the records (NULL for none). */
void headline_set_board(struct headline *h, const char *board);
void headline_free(struct headline *h);
void headline_see(struct headline *h, const struct result *r);

/* The headline table (in the order printed), every WARN/FAIL/INVALID or
 * bad value with its reason (worst first), the rows of a verdict that
 * needs no reason (FAST, PASS, NO-REF: headline_named()), and the suspect
 * conditions' one-line texts (records with test "suspect"; one condition
 * said again after the tests, or by sysinfo, is listed once, as first seen).
 * Each returns the count and points *rows at an array the headline owns. */
size_t headline_rows(const struct headline *h, const struct hl_row **rows);
size_t headline_issues(const struct headline *h, const struct hl_row **rows);
size_t headline_named(const struct headline *h, enum verdict v, const struct hl_row **rows);
size_t headline_suspects(const struct headline *h, const char *const **texts);
/* The measured clock of each CPU cluster (sysinfo's cpu.model records
 * group mhz's measured per-CPU clocks; all CPUs as one without them),
 * judged against board's published cpu_clock unless board is NULL: at
 * most max rows into rows (NULL when max is 0); the number of clusters
 * with a clock. Shown, not counted: the counts are the records'. */
enum { HL_CLUSTERS = 8 };
size_t headline_clocks(const struct headline *h, const char *board, struct hl_row *rows,
		       size_t max);
/* The verdict counts of every judged record seen; a value that cannot be
 * right counts as INVALID, judged or not (it is listed as an issue). */
void headline_counts(const struct headline *h, unsigned counts[V_COUNT]);
/* The board verdict in words: "am62x (devicetree ti,am625-sk): FAIL - 4
 * below published: L2 latency, null syscall, ..." or "no verdict: ...".
 * board_why: how the board was found ("" or NULL when not said). */
void headline_verdict_line(const struct headline *h, const char *board_why, char *buf,
			   size_t len);
/* The reason of one judged value, e.g. "12% below the published mean,
 * beyond tolerance", "...: reference row is low-confidence (...)", "value
 * <= 0: the overhead subtraction failed"; "" for a PASS. The published
 * figures are not repeated: every output shows them beside it. */
void headline_reason(const struct result *r, const struct result_verdict *rv, char *buf,
		     size_t len);

#endif
