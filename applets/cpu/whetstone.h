/* whetstone.h - Whetstone modules (Longbottom's N1..N8 and Painter's
 * converted FORTRAN set), their plain references and the self-check,
 * shared with tests/unit
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef BENCHBOX_WHETSTONE_H
#define BENCHBOX_WHETSTONE_H

#include <stddef.h>
#include <stdint.h>

enum {
	WHET_NMOD = 8,		/* Longbottom's N1..N8 */
	WHET_X100 = 100,	/* inner counts are the module constant x 100 */
	WHET_N1_MULT = 10,	/* N1 runs 10x longer; its time is divided by 10 */
	PW_NRES = 8,		/* one result per Painter module that runs */
	PW_LOOP = 1000,		/* Painter's default LOOP */
};

/* Credited ops per outer pass of each module (inner count x ops per inner
 * iteration; N1 at its nominal count, its time being divided by 10). */
extern const double whet_ops[WHET_NMOD];
extern const int whet_is_flops[WHET_NMOD];	/* 1: MFLOPS, 0: MOPS */

/* One copy's state, carried from pass to pass; whet_init() sets the
 * starting values, one whet_module() call per module is one run of it. */
struct whet_state {
	double	e1[4];		/* N1 */
	double	e2[4];		/* N2 */
	int	j3;		/* N3 */
	int	j4, k4, l4;	/* N4 */
	double	e4[4];
	double	x5, y5;		/* N5 */
	double	x6, y6, z6;	/* N6 */
	double	e7[4];		/* N7 */
	double	x8;		/* N8 */
};

void whet_init(struct whet_state *s);
/* Run module m (0 = N1 .. 7 = N8) for xtra outer passes; N1, N2 and N5
 * start with t = 0.49999975 and use t <- 1 - t after every pass. */
void whet_module(struct whet_state *s, unsigned m, uint64_t xtra);
/* Each module's result value (the classic's "Result" column). */
void whet_results(const struct whet_state *s, double res[WHET_NMOD]);
/* The same results for xtra passes, computed by a second, plainly written
 * implementation (scalars, all modules inside one pass loop). */
void whet_reference(uint64_t xtra, double res[WHET_NMOD]);

/* Painter's converted Whetstone: one iteration (II = 1) of modules 2, 3,
 * 4, 6, 7, 8, 9, 11 at LOOP; res gets one value per module. */
void pw_run(long loop, double res[PW_NRES]);
void pw_reference(long loop, double res[PW_NRES]);

/* Compare n results with their expected values: every one finite and
 * within 1e-12 relative, and their sum (the classic's check value) not
 * zero. Returns -1 if all agree, the index of the first that does not, or
 * n when the check value is zero or not finite. */
int whet_verify(const double *got, const double *want, int n);

/* MWIPS = xtra x 100 / (10 x TimeUsed), times `copies` run at once. */
double whet_mwips(uint64_t xtra, double time_used_s, unsigned copies);

#endif
