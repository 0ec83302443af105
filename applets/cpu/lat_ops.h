/* lat_ops.h - lat_ops's dependent-chain kernels and their reference
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef BENCHBOX_LAT_OPS_H
#define BENCHBOX_LAT_OPS_H

#include <stdint.h>

enum lat_op {
	LO_INT_BIT, LO_INT_ADD, LO_INT_MUL, LO_INT_DIV, LO_INT_MOD,
	LO_I64_BIT, LO_I64_ADD, LO_I64_MUL, LO_I64_DIV, LO_I64_MOD,
	LO_FLT_ADD, LO_FLT_MUL, LO_FLT_DIV,
	LO_DBL_ADD, LO_DBL_MUL, LO_DBL_DIV,
	LO_NOPS
};

/* Starting values of a chain: a, b for the integer chains, f, g for the
 * floating-point ones. */
struct lat_ops_seed {
	int64_t		a, b;
	double		f, g;
};

struct lat_ops_test {
	const char	*label;		/* lmbench's name: "integer add" */
	const char	*metric;	/* the guides' key: "lat_ops-int-add" */
	unsigned	ops;		/* operations credited per iteration */
};

extern const struct lat_ops_test lat_ops_tests[LO_NOPS];
extern const struct lat_ops_seed lat_ops_time_seed[LO_NOPS], lat_ops_check_seed[LO_NOPS];

/* n iterations of op's chain; the chain's final state as 64 bits. */
uint64_t lat_ops_kernel(enum lat_op op, const struct lat_ops_seed *sd, uint64_t n);
/* The same computation written plainly (no barriers, no unrolling). */
uint64_t lat_ops_ref(enum lat_op op, const struct lat_ops_seed *sd, uint64_t n);
/* 0 if got is lat_ops_ref(op, sd, n), else -1. */
int lat_ops_check(enum lat_op op, const struct lat_ops_seed *sd, uint64_t n, uint64_t got);

#endif
