/* ref.c - a board's published reference numbers
 *
 * SPDX-License-Identifier: MIT
 *
 * Prints the vendor guides' numbers that benchbox carries for one board
 * (src/refdata.h; the data come from tools/extract-ref.py): every row, the
 * rows of one metric (the guide's key, such as lat_ctx-2-128k or
 * aes-128-cbc), or the one row of a metric at a size. Each row gives the
 * guide's mean with its min and max when printed, the unit, a confidence
 * (low = a known defect of the guide's table, named in the note) and the
 * guide it comes from. Nothing is measured.
 *
 * The default output is a plain table of the rows; --format=table|csv|json
 * prints one common record per row (test = metric, params =
 * board=,source=,table= and param= when the table is per size, value =
 * the mean, note = the confidence and why).
 */
#include "applet.h"
#include "compare.h"
#include "refdata.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

/* The row being reported, for the plain emitter (emit_set_arg). */
struct ref_out {
	const struct ref_row	*row;
};

/* The header comes with the first row, so an error prints none. */
static void plain_record(struct emit_out *o, const struct result *r)
{
	const struct ref_row *row = ((const struct ref_out *)o->arg)->row;

	(void)r;
	if (!o->count)
		fprintf(o->f, "%-32s %-8s %12s %12s %12s %-12s %-4s %s\n", "metric", "param", "mean",
			"min", "max", "unit", "conf", "source");
	fprintf(o->f, "%-32s %-8s %12s %12s %12s %-12s %-4s %s%s%s\n", row->metric, row->param,
		row->text[0], *row->text[1] ? row->text[1] : "-", *row->text[2] ? row->text[2] : "-",
		row->unit, row->confidence == REF_LOW ? "low" : "high", row->source,
		*row->note ? "  # " : "", row->note);
}

static const struct emitter emit_ref = { "plain", 0, NULL, plain_record, NULL };

/* The known boards' aliases, within 79 columns. */
static void usage_boards(void)
{
	const struct ref_board *b;
	size_t i, col = 13;

	fputs("known boards:", stderr);
	for (i = 0; (b = ref_board_at(i)); i++) {
		if (col + 1 + strlen(b->alias) > 79) {
			fputs("\n ", stderr);
			col = 1;
		}
		col += (size_t)fprintf(stderr, " %s", b->alias);
	}
	fputc('\n', stderr);
}

static void report_row(struct run_ctx *ctx, struct ref_out *out, const struct ref_row *row)
{
	struct result r = { 0 };
	char params[256], note[512];

	snprintf(params, sizeof(params), "board=%s,source=%s,table=%s%s%s", row->board->id,
		 row->source, row->table, *row->param ? ",param=" : "", row->param);
	snprintf(note, sizeof(note), "%s%s%s", row->confidence == REF_LOW ? "low" : "high",
		 *row->note ? ": " : "", row->note);
	r.test = row->metric;
	r.metric = row->metric;
	r.params = params;
	r.unit = row->unit;
	r.better = ref_better(row->unit);
	r.value = row->mean;
	r.min = row->min;
	r.max = row->max;
	r.note = note;
	out->row = row;
	emit_result(ctx, &r);
}

static int ref_run(struct run_ctx *ctx)
{
	const char *metric = ctx->argc > 1 ? ctx->argv[1] : NULL;
	const char *param = ctx->argc > 2 ? ctx->argv[2] : NULL;
	const struct ref_board *b;
	const struct ref_row *row = NULL;
	struct ref_out out = { NULL };
	unsigned n = 0;

	if (ctx->argc < 1 || ctx->argc > 3) {
		errorf("%s (try 'ref --help')", ctx->argc ? "too many arguments" : "no BOARD given");
		return EXIT_USAGE;
	}
	if (ref_load())
		return EXIT_FAIL;
	if (!(b = ref_board(ctx->argv[0]))) {
		if (!board_unknown("", ctx->argv[0]))
			usage_boards();
		return EXIT_USAGE;
	}
	if (metric && !ref_find(b->id, metric, NULL)) {
		errorf("no reference for '%s' on %s", metric, b->id);
		return EXIT_FAIL;
	}
	if (metric && param && !ref_find(b->id, metric, param)) {
		errorf("no reference for '%s' at '%s' on %s", metric, param, b->id);
		return EXIT_FAIL;
	}
	emit_set_arg(ctx->rep, &out);
	while ((row = ref_next(b, row))) {
		if (metric && strcmp(row->metric, metric))
			continue;
		if (param && strcmp(row->param, param))
			continue;
		report_row(ctx, &out, row);
		n++;
	}
	return n ? EXIT_OK : EXIT_FAIL;
}

TEXT(ref_summary, "a board's published reference numbers");
TEXT(ref_usage,
	"usage: ref BOARD [METRIC [PARAM]]\n"
	"\n"
	"The vendor performance guides' numbers for BOARD (an id or alias from\n"
	"'benchbox boards'): all its rows, those of METRIC (the guide's key:\n"
	"lat_ctx-2-128k, bw_mem-rd-16mb, aes-128-cbc ...), or the one at PARAM\n"
	"(the size as the guide prints it: 16384, 4k; 2-core for CoreMark-Pro).\n"
	"Columns: mean, min and max as printed ('-' where the guide gives one\n"
	"value), unit, confidence and source; confidence 'low' marks a known\n"
	"defect of the guide's table, named after '#'. A metric given by two\n"
	"guides is listed twice, the newer first.\n");

TEXT(ref_exits,
	"Exit status: 0 ok, 1 the board has no row for METRIC or PARAM, 2 usage\n"
	"error or an unknown board (the known ones are listed).\n");

const struct applet applet_ref = {
	.name    = "ref",
	.summary = TEXT_PTR(ref_summary),
	.flags   = APPLET_TOOL,
	.usage   = TEXT_PTR(ref_usage),
	.exits   = TEXT_PTR(ref_exits),
	.classic = &emit_ref,
	.run     = ref_run,
};
