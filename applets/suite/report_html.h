/* report_html.h - the records of a results file as the HTML report sees
 * them, and its two charts (report_chart.c)
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef BENCHBOX_REPORT_HTML_H
#define BENCHBOX_REPORT_HTML_H

#include <stddef.h>
#include <stdio.h>

#include "refdata.h"
#include "emit.h"
#include "results.h"

struct html_rec {
	const struct results_rec *src;	/* the file's record */
	const char	*applet, *test, *kernel, *params, *unit, *note, *metric;
	const char	*text;		/* a non-numeric value, else NULL */
	double		value, min, max;	/* NaN when absent */
	int		better;
	unsigned	state;		/* the note's flags (RESULT_FAILED, ...) */
	int		verdict;	/* enum verdict, or -1: none */
	struct result_verdict rv;	/* the verdict, when judged here */
	char		why[256];	/* the reference and the delta, when judged here */
};

struct html_doc {
	const char		*path;		/* the results file */
	const struct ref_board	*board;		/* --board, or NULL */
	struct html_rec		*recs;
	size_t			n;
};

/* The bandwidth bars and the latency curve; each writes a one-line note
 * instead when the file has nothing for it. */
void html_chart_bandwidth(FILE *f, const struct html_doc *d);
void html_chart_latency(FILE *f, const struct html_doc *d);

#endif
