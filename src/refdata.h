/* refdata.h - the vendor guides' published numbers, compiled in
 *
 * SPDX-License-Identifier: MIT
 *
 * data/reference.csv and data/boards.csv, written from the performance
 * guides by tools/extract-ref.py, are embedded gzip-compressed (the rows
 * packed column by column first, tools/refpack.sh) and parsed
 * at the first call of any function below. A board is named by its id as
 * the guides spell it ("j721e-idk-gw") or by its alias ("j721e"), in any
 * case. Rows keep the guides' order, newest guide first, so where two
 * guides give the same metric for a board the first row found is the
 * newer one.
 */
#ifndef BENCHBOX_REFDATA_H
#define BENCHBOX_REFDATA_H

#include <stddef.h>

enum ref_confidence {
	REF_HIGH,
	REF_LOW,		/* a known defect of the guide's table; the note says which */
};

struct ref_board {
	const char	*id;		/* "j721e-idk-gw" */
	const char	*alias;		/* "j721e" */
	const char	*name;		/* the guide's name for it: "J721e EVM" */
	const char	*desc;		/* the guide's description: CPU clock, DDR, L3 */
	unsigned	rows;		/* reference rows for this board */
};

struct ref_row {
	const char		*source;	/* the guide: "j7-linux-11.02" */
	const char		*table;		/* "lmbench", "openssl", "emmc-ext4-fio" ... */
	const struct ref_board	*board;
	const char		*metric;	/* the guide's key: "lat_ctx-2-128k" */
	const char		*param;		/* the size where the table is per size
						   ("16384", "4k"), "2-core"; "" = none */
	const char		*unit;		/* normalised: "us", "MB/s", "Mbit/s", "%" ... */
	double			mean, min, max;	/* min, max: NAN when the guide gives one value */
	const char		*text[3];	/* mean, min, max as printed; "" when absent */
	enum ref_confidence	confidence;
	const char		*note;		/* why it is low, remarks; "" = none */
};

/* 0 once the data is parsed; -1 (after a message) if the embedded data
 * is damaged, and then every lookup finds nothing. */
int ref_load(void);

size_t ref_board_count(void);
const struct ref_board *ref_board_at(size_t i);		/* NULL past the end */
const struct ref_board *ref_board(const char *id_or_alias);	/* NULL = unknown */

/* The first row of a board for a metric: with param NULL whatever its
 * size, else the row whose param is exactly param ("" = the row without
 * one). NULL when the board or the row is unknown. */
const struct ref_row *ref_find(const char *board_or_alias, const char *metric,
			       const char *param);

/* Iterate a board's rows in order: prev NULL gives the first, NULL ends;
 * board NULL iterates every row. */
const struct ref_row *ref_next(const struct ref_board *board, const struct ref_row *prev);

/* +1 when a higher value is better, -1 when lower (times, loads, losses). */
int ref_better(const char *unit);

/* The boards and rows as loaded; exposed, with ref_unpack, for tests. */
struct ref_table {
	struct ref_board	*boards;
	size_t			nboards;
	struct ref_row		*rows;		/* one allocation with the numbers' text */
	size_t			nrows;
};

/* Unpack tools/refpack.sh's form of the rows (len bytes at blob, split in
 * place) into t->rows (allocated; free() it), against t's boards, whose
 * row counts it adds to. NULL when the rows are sound, else what is wrong
 * with them (then t->rows, if not NULL, holds the rows so far). */
const char *ref_unpack(struct ref_table *t, char *blob, size_t len);

#endif
