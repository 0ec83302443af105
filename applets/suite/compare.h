/* compare.h - a verdict for one result against a board's published numbers
 * (shared by compare and run --board; the rule is src/verdict.h's)
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef BENCHBOX_COMPARE_H
#define BENCHBOX_COMPARE_H

#include <stddef.h>

#include "emit.h"
#include "verdict.h"

/* r->metric must be set. Writes "VERDICT: ref M (MIN..MAX), +D%; why" (or
 * "NO-REF") to note and returns the verdict; rv, unless NULL, gets the
 * numbers (the reference, the accepted band, the delta, the reason). */
enum verdict compare_board_result(const char *board, const struct result *r,
				  struct result_verdict *rv, char *note, size_t notelen);

/* "WHAT: unknown board 'am62' (did you mean 'am62x'?)" on stderr, the
 * nearest of the reference data's ids and aliases; without one the hint
 * is 'benchbox boards'. what may be "" ("--board: " or a file's name).
 * Whether it named one. */
int board_unknown(const char *what, const char *name);

#endif
