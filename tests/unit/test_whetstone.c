/* test_whetstone.c - the Whetstone modules against their second
 * implementation and closed forms, and the self-check that guards them
 *
 * SPDX-License-Identifier: MIT
 */
#include "minitest.h"
#include "whetstone.h"

#include <math.h>
#include <string.h>

static void run_all(uint64_t xtra, double res[WHET_NMOD])
{
	struct whet_state s;
	unsigned m;

	whet_init(&s);
	for (m = 0; m < WHET_NMOD; m++)
		whet_module(&s, m, xtra);
	whet_results(&s, res);
}

TEST(whetstone_modules_vs_reference)
{
	static const uint64_t xtras[] = { 1, 2, 5 };
	double got[WHET_NMOD], want[WHET_NMOD], again[WHET_NMOD];
	unsigned i, m;

	for (i = 0; i < sizeof(xtras) / sizeof(xtras[0]); i++) {
		run_all(xtras[i], got);
		whet_reference(xtras[i], want);
		CHECK_EQ_INT(whet_verify(got, want, WHET_NMOD), -1);
		for (m = 0; m < WHET_NMOD; m++)	/* same operations: bit for bit */
			CHECK_NEAR(got[m], want[m], 0);
		run_all(xtras[i], again);	/* depends on xtra only */
		CHECK(!memcmp(got, again, sizeof(got)));
	}
	run_all(1, got);		/* xtra matters where the state drifts */
	run_all(2, again);
	CHECK(got[0] != again[0] && got[7] != again[7]);
}

TEST(whetstone_closed_forms)
{
	const double t1 = 0.50000025;
	double res[WHET_NMOD];
	uint64_t xtra;

	for (xtra = 1; xtra <= 3; xtra++) {
		whet_reference(xtra, res);
		CHECK_NEAR(res[2], 1, 0);	/* N3: 34500 (even) steps of 1 -> 0 -> 1 */
		CHECK_NEAR(res[3], 12, 0);	/* N4: j, k, l stay 1, 2, 3: 6 + 6 */
		CHECK_NEAR(res[6], 3, 0);	/* N7: {1,2,3} -> {2,3,2} -> {3,2,3} ... */
		/* N8: x <- x^(1/(2 t1)), 9300 times a pass, from 0.75 */
		CHECK_NEAR(res[7], pow(0.75, pow(1 / (2 * t1), 9300.0 * (double)xtra)),
			   1e-9);
		CHECK_NEAR(res[5], 1, 1e-6);	/* N6: the eigenvalue-1 direction */
		CHECK_NEAR(res[4], 0.5, 0.01);	/* N5 */
	}
	whet_reference(1, res);		/* the classic's printout for one pass */
	CHECK_NEAR(res[0], -1.12398255667391900, 1e-15);
}

TEST(whetstone_verify_catches)
{
	double want[WHET_NMOD], got[WHET_NMOD];
	unsigned m;

	whet_reference(1, want);
	memcpy(got, want, sizeof(got));
	CHECK_EQ_INT(whet_verify(got, want, WHET_NMOD), -1);
	for (m = 0; m < WHET_NMOD; m++) {
		memcpy(got, want, sizeof(got));
		got[m] = want[m] * (1 + 1e-14);		/* inside 1e-12: passes */
		CHECK_EQ_INT(whet_verify(got, want, WHET_NMOD), -1);
		got[m] = want[m] * (1 + 1e-10);		/* corrupted: fails at m */
		CHECK_EQ_INT(whet_verify(got, want, WHET_NMOD), (int)m);
		got[m] = NAN;
		CHECK_EQ_INT(whet_verify(got, want, WHET_NMOD), (int)m);
		got[m] = INFINITY;
		CHECK_EQ_INT(whet_verify(got, want, WHET_NMOD), (int)m);
		got[m] = -want[m];
		CHECK_EQ_INT(whet_verify(got, want, WHET_NMOD), (int)m);
	}
	{				/* a zero check value fails even when all agree */
		double z[2] = { 1.5, -1.5 };

		CHECK_EQ_INT(whet_verify(z, z, 2), 2);
	}
}

TEST(whetstone_converted)
{
	static const long loops[] = { 1, 10, 100 };
	const double pt = 0.499975, pt1 = 0.50025;
	double got[PW_NRES], want[PW_NRES];
	unsigned i, m;

	for (i = 0; i < sizeof(loops) / sizeof(loops[0]); i++) {
		long loop = loops[i];
		double x1 = pt * 2, y1 = pt * (x1 + 1);

		pw_run(loop, got);
		pw_reference(loop, want);
		CHECK_EQ_INT(whet_verify(got, want, PW_NRES), -1);
		for (m = 0; m < PW_NRES; m++)
			CHECK_NEAR(got[m], want[m], 0);
		CHECK_NEAR(got[2], loop % 2 ? 0 : 1, 0);	/* 345 x LOOP steps */
		CHECK_NEAR(got[3], 18, 0);			/* 1 + 2 + 3 + 6 + 6 */
		CHECK_NEAR(got[5], (x1 + y1) / 2, 0);		/* by value: constant */
		CHECK_NEAR(got[6], 3, 0);
		CHECK_NEAR(got[7], pow(0.75, pow(1 / (2 * pt1), 93.0 * (double)loop)), 1e-9);
	}
	pw_reference(10, want);
	memcpy(got, want, sizeof(got));
	got[4] *= 1 + 1e-9;
	CHECK_EQ_INT(whet_verify(got, want, PW_NRES), 4);
}

TEST(whetstone_rates)
{
	CHECK_NEAR(whet_mwips(100, 1.0, 1), 1000, 1e-9);
	CHECK_NEAR(whet_mwips(500, 2.0, 2), 5000, 1e-9);
	CHECK_NEAR(whet_ops[0], 12 * 100 * 16, 0);	/* N1 at its nominal count */
	CHECK_NEAR(whet_ops[1], 14 * 100 * 96, 0);
	CHECK_NEAR(whet_ops[7], 93 * 100 * 4, 0);
	CHECK(whet_is_flops[0] && whet_is_flops[1] && whet_is_flops[5]);
	CHECK(!whet_is_flops[2] && !whet_is_flops[4] && !whet_is_flops[7]);
}
