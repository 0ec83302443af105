/* test_mem_classic.c - bw_mem's access patterns and STREAM's validation
 *
 * SPDX-License-Identifier: MIT
 */
#include "minitest.h"
#include "bw_mem.h"
#include "stream.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

enum { WORDS = 1024 + 100 };	/* 8 chunks and a tail that is never touched */

static int touched(enum bw_op op, size_t w)
{
	if (w >= 1024)
		return op == OP_BZERO || op == OP_BCOPY;	/* libc does all n bytes */
	switch (op) {
	case OP_RD: case OP_WR: case OP_RDWR: case OP_CP:
		return w % 4 == 0;
	default:
		return 1;
	}
}

TEST(bw_mem_patterns)
{
	static int s[WORDS], d[WORDS];
	size_t n = WORDS * sizeof(int), w;
	int op;

	for (op = 0; op < BW_NOPS; op++) {
		int expect_sum = 0, sum;

		for (w = 0; w < WORDS; w++) {
			s[w] = (int)(w * 7 + 3);
			d[w] = -5;
			if (touched((enum bw_op)op, w) &&
			    (op == OP_RD || op == OP_RDWR || op == OP_FRD))
				expect_sum += s[w];
		}
		sum = bw_run_op((enum bw_op)op, s, d, n);
		CHECK_EQ_INT(sum, expect_sum);
		for (w = 0; w < WORDS; w++) {
			int hit = touched((enum bw_op)op, w), sv = s[w], dv = d[w];
			int orig = (int)(w * 7 + 3);

			switch (op) {
			case OP_RD: case OP_FRD:
				if (!CHECK(sv == orig && dv == -5))
					return;
				break;
			case OP_WR: case OP_RDWR: case OP_FWR:
				if (!CHECK(sv == (hit ? 1 : orig) && dv == -5))
					return;
				break;
			case OP_CP: case OP_FCP: case OP_BCOPY:
				if (!CHECK(sv == orig && dv == (hit ? orig : -5)))
					return;
				break;
			case OP_BZERO:
				if (!CHECK(sv == 0 && dv == -5))
					return;
				break;
			}
		}
	}
	CHECK_STR(bw_op_names[OP_FCP], "fcp");
	CHECK_STR(bw_op_names[OP_BCOPY], "bcopy");
}

TEST(stream_expected_values)
{
	double a, b, c;

	stream_expected(10, &a, &b, &c);	/* STREAM's published values */
	CHECK_NEAR(a, 1153300781250.0, 0);
	CHECK_NEAR(b, 230660156250.0, 0);
	CHECK_NEAR(c, 307546875000.0, 0);
}

TEST(stream_validation)
{
	enum { N = 4096 };
	double *a = xmalloc(N * sizeof(double)), *b = xmalloc(N * sizeof(double));
	double *c = xmalloc(N * sizeof(double)), ea, eb, ec, err[3];
	size_t bad[3], j;

	stream_expected(10, &ea, &eb, &ec);
	for (j = 0; j < N; j++) {
		a[j] = ea;
		b[j] = eb;
		c[j] = ec;
	}
	CHECK_EQ_INT(stream_validate(a, b, c, N, 10, err, bad), 0);
	CHECK(err[0] == 0 && bad[0] == 0 && bad[1] == 0 && bad[2] == 0);
	CHECK_EQ_INT(stream_validate(a, b, c, N, 9, err, bad), -1);	/* wrong pass count */
	b[17] = eb * 2;					/* one element wrong: caught */
	CHECK_EQ_INT(stream_validate(a, b, c, N, 10, err, bad), -1);
	CHECK_EQ_U64(bad[1], 1);
	CHECK_EQ_U64(bad[0] + bad[2], 0);
	CHECK(err[1] > 1e-13 && err[0] == 0);
	b[17] = eb;
	c[5] = ec * (1 + 1e-15);			/* within STREAM's epsilon */
	CHECK_EQ_INT(stream_validate(a, b, c, N, 10, err, bad), 0);
	a[0] = 0.0 / 0.0;				/* NaN fails */
	CHECK_EQ_INT(stream_validate(a, b, c, N, 10, err, bad), -1);
	free(a);
	free(b);
	free(c);
}
