/* boards.c - the boards of the embedded reference data
 *
 * SPDX-License-Identifier: MIT
 *
 * Lists the boards whose published numbers benchbox carries (see `ref`
 * and src/refdata.h): the id as the vendor guides spell it, the short
 * alias `ref` accepts too, the number of reference rows, and the guide's
 * own description of the evaluation module (CPU clock, DDR data rate, L3
 * size). Nothing is measured. The default output is one plain line per
 * board; --format=table|csv|json gives one common record per board (test
 * = the id, params = alias=ALIAS, value = the row count, note = the
 * description).
 */
#include "applet.h"
#include "refdata.h"
#include "util.h"

#include <stdio.h>

/* The header comes with the first row, so an error prints none. */
static void plain_record(struct emit_out *o, const struct result *r)
{
	if (!o->count)
		fprintf(o->f, "%-16s %-10s %5s  %s\n", "board", "alias", "rows", "description");
	fprintf(o->f, "%-16s %-10s %5.0f  %s\n", r->test, r->group, r->value, r->note);
}

static const struct emitter emit_boards = { "plain", 0, NULL, plain_record, NULL };

static int boards_run(struct run_ctx *ctx)
{
	const struct ref_board *b;
	char params[64];
	size_t i;

	if (ctx->argc) {
		errorf("takes no arguments (try 'boards --help')");
		return EXIT_USAGE;
	}
	if (ref_load())
		return EXIT_FAIL;
	for (i = 0; (b = ref_board_at(i)); i++) {
		struct result r = { 0 };

		snprintf(params, sizeof(params), "alias=%s", b->alias);
		r.test = b->id;
		r.params = params;
		r.group = b->alias;
		r.unit = "rows";
		r.value = r.min = r.max = b->rows;
		r.note = b->desc;
		emit_result(ctx, &r);
	}
	return EXIT_OK;
}

TEXT(boards_summary, "boards of the embedded vendor reference data");
TEXT(boards_usage,
	"usage: boards\n"
	"\n"
	"The boards whose published performance numbers benchbox carries, one\n"
	"line each: id (as the vendor guides spell it), alias, number of\n"
	"reference rows and the guide's description of the board. 'benchbox ref\n"
	"BOARD' shows a board's numbers, by id or alias; --board takes either\n"
	"too.\n");

const struct applet applet_boards = {
	.name    = "boards",
	.summary = TEXT_PTR(boards_summary),
	.flags   = APPLET_TOOL,
	.usage   = TEXT_PTR(boards_usage),
	.classic = &emit_boards,
	.run     = boards_run,
};
