/* test_lat_ops.c - lat_ops's chains against their plain C reference
 *
 * SPDX-License-Identifier: MIT
 */
#include "minitest.h"
#include "lat_ops.h"

/* Every chain equals the reference for a few counts, and a corrupted
 * result or a chain one iteration short fails the check. */
TEST(lat_ops_chains)
{
	static const uint64_t counts[] = { 0, 1, 2, 3, 5 };
	unsigned op, c;

	for (op = 0; op < LO_NOPS; op++)
		for (c = 0; c < sizeof(counts) / sizeof(counts[0]); c++) {
			const struct lat_ops_seed *sd = &lat_ops_check_seed[op];
			uint64_t n = counts[c], got = lat_ops_kernel(op, sd, n);

			CHECK_EQ_U64(got, lat_ops_ref(op, sd, n));
			CHECK_EQ_INT(lat_ops_check(op, sd, n, got), 0);
			CHECK_EQ_INT(lat_ops_check(op, sd, n, got ^ 1), -1);
			CHECK_EQ_INT(lat_ops_check(op, sd, n, got ^ (1ull << 40)), -1);
		}
}

/* bit, add, mul and fp add never repeat a state, so a chain that ran one
 * iteration short is caught (div and mod settle into cycles, fp mul stays
 * on its fixed point: for them only a wrong operation shows). */
TEST(lat_ops_check_catches_short_chain)
{
	unsigned op;

	for (op = 0; op < LO_NOPS; op++) {
		const struct lat_ops_seed *sd = &lat_ops_check_seed[op];

		if (op == LO_INT_DIV || op == LO_INT_MOD || op == LO_I64_DIV ||
		    op == LO_I64_MOD || op == LO_FLT_MUL || op == LO_FLT_DIV ||
		    op == LO_DBL_MUL || op == LO_DBL_DIV)
			continue;
		CHECK_EQ_INT(lat_ops_check(op, sd, 3, lat_ops_kernel(op, sd, 2)), -1);
	}
}

/* The timed values keep every chain finite and divisions legal: a long run
 * ends on the reference's value too (fp add/mul/div stay bounded). */
TEST(lat_ops_timed_values)
{
	unsigned op;

	for (op = 0; op < LO_NOPS; op++) {
		const struct lat_ops_seed *sd = &lat_ops_time_seed[op];

		CHECK_EQ_U64(lat_ops_kernel(op, sd, 200), lat_ops_ref(op, sd, 200));
	}
	CHECK_EQ_U64(lat_ops_kernel(LO_DBL_ADD, &lat_ops_time_seed[LO_DBL_ADD], 1000),
		     0x3ff0000000000000ull);	/* back to 1.0 */
	CHECK_EQ_U64(lat_ops_kernel(LO_FLT_MUL, &lat_ops_time_seed[LO_FLT_MUL], 1000),
		     0x40000000ull);		/* stays 2.0f */
}
