/* whetstone.c - double precision Whetstone: Longbottom's MWIPS (the
 * UnixBench figure) and Painter's "C Converted Whetstone" MIPS (the
 * vendor guides' figure)
 *
 * SPDX-License-Identifier: MIT
 *
 * A reimplementation from the published method (not whets.c or whetstoned,
 * and its numbers are not "Whetstone results" of either program).
 *
 * Longbottom's set: eight modules, each an outer loop of xtra passes around
 * an inner loop of its constant x 100: N1 array recurrence (12, run 10x
 * longer, its time divided by 10), N2 procedure pa (14), N3 if/then/else
 * (345), N4 integer arithmetic (210), N5 sin/cos/atan (32), N6 procedure p3
 * through pointers (899), N7 procedure po, array assignments (616), N8
 * sqrt(exp(log(x)/t1)) (93). t = 0.49999975, t1 = 0.50000025, t2 = 2; N1,
 * N2 and N5 turn t into 1 - t after every pass. Each module's rate is its
 * credited ops x xtra / (10^6 x seconds) (MFLOPS or MOPS); TimeUsed is the
 * sum of the module times and MWIPS = xtra x 100 / (10 x TimeUsed). The
 * run is calibrated like the classic (xtra x5 until a run's TimeUsed passes
 * a threshold, then scaled to the duration), but to 4 s of TimeUsed by
 * default (0.3 s with --quick) instead of UnixBench's 10 s or the
 * standalone program's 100 s; a run under 2 s is marked short.
 *
 * Painter's converted FORTRAN set (modules 2, 3, 4, 6, 7, 8, 9, 11 with
 * 12, 14, 345, 210, 32, 899, 616, 93 x LOOP iterations, T = 0.499975,
 * T1 = 0.50025, T2 = 2) is a different program with different constants;
 * its KIPS = 100 x LOOP x II / seconds, here timed with the precise clock
 * (the original uses time() in whole seconds, which quantises the guides'
 * figures to values like 5000 or 10000 MIPS). Not comparable with MWIPS.
 *
 * Procedures stay calls (noinline), as the benchmark's design has them; a
 * compiler that inlines them, as in many classic builds, scores N2, N6 and
 * N7 higher. Every run checks every module's result against a second,
 * plainly written implementation (which costs as long again as the timed
 * run); a mismatch exits 3.
 */
#include "applet.h"
#include "team.h"
#include "util.h"
#include "whetstone.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OPTIONS(O) \
	O(PARALLEL, "parallel", OPT_INT, "copies run in parallel (threads)", .letter = 'P', \
	  .def = "1", .min = 1, .max = 1024, .key = OPTK_PARALLEL) \
	O(DURATION, "duration", OPT_DOUBLE, "module time to aim for (default 4, --quick 0.3)", \
	  .min = 0.001, .max = 3600, .metavar = "SECONDS") \
	O(LOOPS, "loops", OPT_INT, "LOOP of Painter's converted Whetstone", .def = "1000", \
	  .min = 1, .max = 1000000, .metavar = "COUNT")
OPT_TABLE(whetstone, OPTIONS);

static const double T0 = 0.49999975, T1 = 0.50000025, T2 = 2.0;	/* Longbottom */
static const double PT = 0.499975, PT1 = 0.50025, PT2 = 2.0;		/* Painter */

static const int whet_count[WHET_NMOD] = { 12, 14, 345, 210, 32, 899, 616, 93 };
const double whet_ops[WHET_NMOD] = {
	12 * 100 * 16, 14 * 100 * 96, 345 * 100 * 3, 210 * 100 * 15,
	32 * 100 * 26, 899 * 100 * 6, 616 * 100 * 3, 93 * 100 * 4,
};
const int whet_is_flops[WHET_NMOD] = { 1, 1, 0, 0, 0, 1, 0, 0 };

static const int pw_module[PW_NRES] = { 2, 3, 4, 6, 7, 8, 9, 11 };	/* Painter's numbers */

static const char *const whet_labels[WHET_NMOD] = {
	"N1 floating point", "N2 floating point", "N3 if then else", "N4 fixed point",
	"N5 sin,cos etc.", "N6 floating point", "N7 assignments", "N8 exp,sqrt etc.",
};

/* kernels ------------------------------------------------------------------ */

/* N2 and Painter's module 3: six rounds of the recurrence, the last line of
 * each round divided by t2. e[0..3]. */
static __attribute__((noinline)) void pa(double *e, double t, double t2)
{
	int j;

	for (j = 0; j < 6; j++) {
		e[0] = (e[0] + e[1] + e[2] - e[3]) * t;
		e[1] = (e[0] + e[1] - e[2] + e[3]) * t;
		e[2] = (e[0] - e[1] + e[2] + e[3]) * t;
		e[3] = (-e[0] + e[1] + e[2] + e[3]) / t2;
	}
}

/* N6: x, y and z through pointers, 6 FP operations. */
static __attribute__((noinline)) void p3(double *x, double *y, double *z, double t,
					 double t1, double t2)
{
	*x = t * (*x + *y);
	*y = t1 * (*x + *y);
	*z = (*x + *y) / t2;
}

/* N7 and Painter's module 9: three array-element assignments. */
static __attribute__((noinline)) void po(double *e, int j, int k, int l)
{
	e[j] = e[k];
	e[k] = e[l];
	e[l] = e[j];
}

/* Painter's module 8: x and y by value (FORTRAN's local copies), z back. */
static __attribute__((noinline)) void pw_p3(double x, double y, double *z, double t, double t2)
{
	double x1 = x, y1 = y;

	x1 = t * (x1 + y1);
	y1 = t * (x1 + y1);
	*z = (x1 + y1) / t2;
}

void whet_init(struct whet_state *s)
{
	static const double e0[4] = { 1.0, -1.0, -1.0, -1.0 };

	memset(s, 0, sizeof(*s));
	memcpy(s->e1, e0, sizeof(e0));
	memcpy(s->e2, e0, sizeof(e0));
	s->j3 = 1;
	s->j4 = 1;
	s->k4 = 2;
	s->l4 = 3;
	s->x5 = s->y5 = 0.5;
	s->x6 = s->y6 = s->z6 = 1.0;
	s->e7[0] = 1.0;
	s->e7[1] = 2.0;
	s->e7[2] = 3.0;
	s->x8 = 0.75;
}

void whet_module(struct whet_state *s, unsigned m, uint64_t xtra)
{
	long n = (long)whet_count[m] * WHET_X100, i;
	double t = T0;
	uint64_t p;

	switch (m) {
	case 0: {
		double e[4];

		memcpy(e, s->e1, sizeof(e));
		n *= WHET_N1_MULT;
		for (p = 0; p < xtra; p++) {
			for (i = 0; i < n; i++) {
				e[0] = (e[0] + e[1] + e[2] - e[3]) * t;
				e[1] = (e[0] + e[1] - e[2] + e[3]) * t;
				e[2] = (e[0] - e[1] + e[2] + e[3]) * t;
				e[3] = (-e[0] + e[1] + e[2] + e[3]) * t;
			}
			t = 1.0 - t;
		}
		memcpy(s->e1, e, sizeof(e));
		break;
	}
	case 1:
		for (p = 0; p < xtra; p++) {
			for (i = 0; i < n; i++)
				pa(s->e2, t, T2);
			t = 1.0 - t;
		}
		break;
	case 2: {
		int j = s->j3;

		for (p = 0; p < xtra; p++)
			for (i = 0; i < n; i++) {
				if (j == 1)
					j = 2;
				else
					j = 3;
				if (j > 2)
					j = 0;
				else
					j = 1;
				if (j < 1)
					j = 1;
				else
					j = 0;
			}
		s->j3 = j;
		break;
	}
	case 3: {
		int j = s->j4, k = s->k4, l = s->l4;
		double *e = s->e4;

		for (p = 0; p < xtra; p++)
			for (i = 0; i < n; i++) {
				j = j * (k - j) * (l - k);
				k = l * k - (l - j) * k;
				l = (l - k) * (k + j);
				e[l - 2] = j + k + l;
				e[k - 2] = j * k * l;
			}
		s->j4 = j;
		s->k4 = k;
		s->l4 = l;
		break;
	}
	case 4: {
		double x = s->x5, y = s->y5;

		for (p = 0; p < xtra; p++) {
			for (i = 0; i < n; i++) {
				x = t * atan(T2 * sin(x) * cos(x) /
					     (cos(x + y) + cos(x - y) - 1.0));
				y = t * atan(T2 * sin(y) * cos(y) /
					     (cos(x + y) + cos(x - y) - 1.0));
			}
			t = 1.0 - t;
		}
		s->x5 = x;
		s->y5 = y;
		break;
	}
	case 5: {
		double x = s->x6, y = s->y6, z = s->z6;

		for (p = 0; p < xtra; p++)
			for (i = 0; i < n; i++)
				p3(&x, &y, &z, T0, T1, T2);
		s->x6 = x;
		s->y6 = y;
		s->z6 = z;
		break;
	}
	case 6:
		for (p = 0; p < xtra; p++)
			for (i = 0; i < n; i++)
				po(s->e7, 0, 1, 2);
		break;
	case 7: {
		double x = s->x8;

		for (p = 0; p < xtra; p++)
			for (i = 0; i < n; i++)
				x = sqrt(exp(log(x) / T1));
		s->x8 = x;
		break;
	}
	}
}

void whet_results(const struct whet_state *s, double res[WHET_NMOD])
{
	res[0] = s->e1[3];
	res[1] = s->e2[3];
	res[2] = s->j3;
	res[3] = s->e4[0] + s->e4[1];
	res[4] = s->y5;
	res[5] = s->z6;
	res[6] = s->e7[2];
	res[7] = s->x8;
}

/* The second implementation: scalars, every module inside one pass loop,
 * counts written out, N3 by what its chain does (1 -> 0, 0 -> 1). */
DRIVER void whet_reference(uint64_t xtra, double res[WHET_NMOD])
{
	double a1 = 1, b1 = -1, c1 = -1, d1 = -1, a2 = 1, b2 = -1, c2 = -1, d2 = -1;
	double f4[4] = { 0, 0, 0, 0 }, x5 = 0.5, y5 = 0.5, x6 = 1, y6 = 1, z6 = 1;
	double a7 = 1, b7 = 2, c7 = 3, x8 = 0.75, t = T0;
	int j3 = 1, j4 = 1, k4 = 2, l4 = 3, r;
	uint64_t p;
	long i;

	for (p = 0; p < xtra; p++) {
		for (i = 0; i < 12 * 100 * 10; i++) {
			a1 = (a1 + b1 + c1 - d1) * t;
			b1 = (a1 + b1 - c1 + d1) * t;
			c1 = (a1 - b1 + c1 + d1) * t;
			d1 = (-a1 + b1 + c1 + d1) * t;
		}
		for (i = 0; i < 14 * 100; i++)
			for (r = 0; r < 6; r++) {
				a2 = (a2 + b2 + c2 - d2) * t;
				b2 = (a2 + b2 - c2 + d2) * t;
				c2 = (a2 - b2 + c2 + d2) * t;
				d2 = (-a2 + b2 + c2 + d2) / T2;
			}
		for (i = 0; i < 345 * 100; i++)
			j3 = j3 == 1 ? 0 : 1;
		for (i = 0; i < 210 * 100; i++) {
			j4 = j4 * (k4 - j4) * (l4 - k4);
			k4 = l4 * k4 - (l4 - j4) * k4;
			l4 = (l4 - k4) * (k4 + j4);
			f4[(l4 - 2) & 3] = j4 + k4 + l4;
			f4[(k4 - 2) & 3] = j4 * k4 * l4;
		}
		for (i = 0; i < 32 * 100; i++) {
			x5 = t * atan(T2 * sin(x5) * cos(x5) / (cos(x5 + y5) + cos(x5 - y5) - 1.0));
			y5 = t * atan(T2 * sin(y5) * cos(y5) / (cos(x5 + y5) + cos(x5 - y5) - 1.0));
		}
		for (i = 0; i < 899 * 100; i++) {
			x6 = T0 * (x6 + y6);
			y6 = T1 * (x6 + y6);
			z6 = (x6 + y6) / T2;
		}
		for (i = 0; i < 616 * 100; i++) {
			a7 = b7;
			b7 = c7;
			c7 = a7;
		}
		for (i = 0; i < 93 * 100; i++)
			x8 = sqrt(exp(log(x8) / T1));
		t = 1.0 - t;
	}
	res[0] = d1;
	res[1] = d2;
	res[2] = j3;
	res[3] = f4[0] + f4[1];
	res[4] = y5;
	res[5] = z6;
	res[6] = c7;
	res[7] = x8;
}

/* Painter's converted Whetstone, FORTRAN-shaped: E1 is 1-based as in the
 * original; modules 1 and 10 have no iterations (N1 = N10 = 0), 5 and 12
 * do not exist. */
void pw_run(long loop, double res[PW_NRES])
{
	double e1[5] = { 0, 1.0, -1.0, -1.0, -1.0 }, x, y, z;
	long i;
	int j, k, l;

	/* module 2: array elements */
	for (i = 0; i < 12 * loop; i++) {
		e1[1] = (e1[1] + e1[2] + e1[3] - e1[4]) * PT;
		e1[2] = (e1[1] + e1[2] - e1[3] + e1[4]) * PT;
		e1[3] = (e1[1] - e1[2] + e1[3] + e1[4]) * PT;
		e1[4] = (-e1[1] + e1[2] + e1[3] + e1[4]) * PT;
	}
	res[0] = e1[4];
	/* module 3: array parameter */
	for (i = 0; i < 14 * loop; i++)
		pa(e1 + 1, PT, PT2);
	res[1] = e1[4];
	j = 1;
	/* module 4: conditional jumps */
	for (i = 0; i < 345 * loop; i++) {
		if (j == 1)
			j = 2;
		else
			j = 3;
		if (j > 2)
			j = 0;
		else
			j = 1;
		if (j < 1)
			j = 1;
		else
			j = 0;
	}
	res[2] = j;
	j = 1;
	k = 2;
	l = 3;
	/* module 6: integer arithmetic */
	for (i = 0; i < 210 * loop; i++) {
		j = j * (k - j) * (l - k);
		k = l * k - (l - j) * k;
		l = (l - k) * (k + j);
		e1[l - 1] = j + k + l;
		e1[k - 1] = j * k * l;
	}
	res[3] = j + k + l + e1[1] + e1[2];
	x = y = 0.5;
	/* module 7: trig functions */
	for (i = 0; i < 32 * loop; i++) {
		x = PT * atan(PT2 * sin(x) * cos(x) / (cos(x + y) + cos(x - y) - 1.0));
		y = PT * atan(PT2 * sin(y) * cos(y) / (cos(x + y) + cos(x - y) - 1.0));
	}
	res[4] = y;
	x = y = z = 1.0;
	/* module 8: procedure calls */
	for (i = 0; i < 899 * loop; i++)
		pw_p3(x, y, &z, PT, PT2);
	res[5] = z;
	e1[1] = 1.0;
	e1[2] = 2.0;
	e1[3] = 3.0;
	/* module 9: array references */
	for (i = 0; i < 616 * loop; i++)
		po(e1, 1, 2, 3);
	res[6] = e1[3];
	x = 0.75;
	/* module 11: standard functions */
	for (i = 0; i < 93 * loop; i++)
		x = sqrt(exp(log(x) / PT1));
	res[7] = x;
}

DRIVER void pw_reference(long loop, double res[PW_NRES])
{
	double a = 1, b = -1, c = -1, d = -1, f[4] = { 0, 0, 0, 0 }, x, y, z = 1;
	long i;
	int j, k, l, r;

	for (i = 0; i < 12 * loop; i++) {
		a = (a + b + c - d) * PT;
		b = (a + b - c + d) * PT;
		c = (a - b + c + d) * PT;
		d = (-a + b + c + d) * PT;
	}
	res[0] = d;
	for (i = 0; i < 14 * loop; i++)
		for (r = 0; r < 6; r++) {
			a = (a + b + c - d) * PT;
			b = (a + b - c + d) * PT;
			c = (a - b + c + d) * PT;
			d = (-a + b + c + d) / PT2;
		}
	res[1] = d;
	for (j = 1, i = 0; i < 345 * loop; i++)
		j = j == 1 ? 0 : 1;
	res[2] = j;
	j = 1;
	k = 2;
	l = 3;
	for (i = 0; i < 210 * loop; i++) {
		j = j * (k - j) * (l - k);
		k = l * k - (l - j) * k;
		l = (l - k) * (k + j);
		f[(l - 1) & 3] = j + k + l;
		f[(k - 1) & 3] = j * k * l;
	}
	res[3] = j + k + l + f[1] + f[2];
	x = y = 0.5;
	for (i = 0; i < 32 * loop; i++) {
		x = PT * atan(PT2 * sin(x) * cos(x) / (cos(x + y) + cos(x - y) - 1.0));
		y = PT * atan(PT2 * sin(y) * cos(y) / (cos(x + y) + cos(x - y) - 1.0));
	}
	res[4] = y;
	for (i = 0; i < 899 * loop; i++) {
		double x1 = PT * (1.0 + 1.0), y1 = PT * (x1 + 1.0);

		z = (x1 + y1) / PT2;
	}
	res[5] = z;
	for (a = 1, b = 2, c = 3, i = 0; i < 616 * loop; i++) {
		a = b;
		b = c;
		c = a;
	}
	res[6] = c;
	for (x = 0.75, i = 0; i < 93 * loop; i++)
		x = sqrt(exp(log(x) / PT1));
	res[7] = x;
}

int whet_verify(const double *got, const double *want, int n)
{
	double sum = 0;
	int i;

	for (i = 0; i < n; i++) {
		if (!isfinite(got[i]) || !isfinite(want[i]) ||
		    !(fabs(got[i] - want[i]) <= 1e-12 * fabs(want[i])))
			return i;
		sum += got[i];
	}
	return sum != 0 && isfinite(sum) ? -1 : n;
}

double whet_mwips(uint64_t xtra, double time_used_s, unsigned copies)
{
	return (double)copies * (double)xtra * 100.0 / (10.0 * time_used_s);
}

/* run ------------------------------------------------------------------------ */

enum { STAGE_INIT = WHET_NMOD, STAGE_PAINTER, MAX_CAL = 10 };

struct whet_copy {		/* one worker's */
	struct whet_state	st;
	double			pres[PW_NRES];
};

struct whet_team {
	unsigned		stage;	/* what the next team_body() runs */
	long			loop;
	struct whet_copy	**copy;	/* one per worker, allocated on it */
};

/* What the classic emitter prints besides the records. */
struct whet_run {
	unsigned	ncal;
	double		cal_s[MAX_CAL];
	uint64_t	cal_xtra[MAX_CAL];
	uint64_t	xtra;
	double		res[WHET_NMOD];		/* the first copy's results */
	double		sec[WHET_NMOD];		/* N1's already divided by 10 */
	double		time_used;
	int		is_short;
};

static int whet_setup(void *arg, unsigned idx)
{
	struct whet_team *w = arg;

	w->copy[idx] = xcalloc(1, sizeof(*w->copy[idx]));
	return EXIT_OK;
}

static void whet_work(void *arg, unsigned idx, uint64_t iters)
{
	struct whet_team *w = arg;
	struct whet_copy *c = w->copy[idx];

	if (w->stage == STAGE_INIT)
		whet_init(&c->st);
	else if (w->stage == STAGE_PAINTER)
		while (iters--)
			pw_run(w->loop, c->pres);
	else
		whet_module(&c->st, w->stage, iters);
}

/* One run of every module at xtra on every copy; returns TimeUsed. */
static double run_modules(struct whet_team *w, struct team *t, uint64_t xtra,
			  double sec[WHET_NMOD])
{
	double used = 0;
	unsigned m;

	w->stage = STAGE_INIT;
	team_body(t, 1);
	for (m = 0; m < WHET_NMOD; m++) {
		uint64_t t0 = bench_clock_ns();

		w->stage = m;
		team_body(t, xtra);
		sec[m] = (double)(bench_clock_ns() - t0) / 1e9;
		if (m == 0)
			sec[m] /= WHET_N1_MULT;
		used += sec[m];
	}
	return used;
}

static void classic_head(FILE *f, const struct whet_run *w)
{
	unsigned i;

	fputs("benchbox whetstone: a reimplementation of Longbottom's double precision\n"
	      "C/C++ Whetstone method (not whets.c results)\n\n", f);
	fputs("Calibrate\n", f);
	for (i = 0; i < w->ncal; i++)
		fprintf(f, "%11.2f Seconds %10.0f   Passes (x 100)\n", w->cal_s[i],
			(double)w->cal_xtra[i]);
	fprintf(f, "\nUse %llu  passes (x 100)\n", (unsigned long long)w->xtra);
	if (w->is_short)
		fprintf(f, "Short run: %.2f s timed (UnixBench times 10 s, the standalone "
			"program 100 s)\n", w->time_used);
	fputs("\n          Double Precision C/C++ Whetstone Benchmark\n\n", f);
	fputs("Loop content                  Result              MFLOPS      MOPS   Seconds\n\n",
	      f);
}

static void classic_record(struct emit_out *o, const struct result *r)
{
	const struct whet_run *w = o->arg;
	FILE *f = o->f;

	if (!o->count)
		classic_head(f, w);
	if (!strcmp(r->metric, "whetstone_mwips")) {
		fprintf(f, "\nMWIPS%39.3f%19.3f\n\n", r->value, w->time_used);
		if (r->flags & RESULT_FAILED)
			fputs("Wrong answer\n\n", f);
	} else if (!strcmp(r->metric, "whetstone")) {
		if (r->value > 1)
			fprintf(f, "C Converted Double Precision Whetstones: %.1f MIPS\n",
				r->value);
		else
			fprintf(f, "C Converted Double Precision Whetstones: %.1f KIPS\n",
				r->value * 1000);
		if (r->flags & RESULT_FAILED)
			fputs("Wrong answer (converted Whetstone)\n", f);
	} else {
		unsigned m = (unsigned)(r->test[1] - '1') % WHET_NMOD;

		if (whet_is_flops[m])
			fprintf(f, "%-17s %24.17f%14.3f%20.3f\n", whet_labels[m], w->res[m],
				r->value, w->sec[m]);
		else
			fprintf(f, "%-17s %24.17f%24.3f%10.3f\n", whet_labels[m], w->res[m],
				r->value, w->sec[m]);
	}
}

static const struct emitter emit_whets = {
	"whets", 0, NULL, classic_record, NULL,
};

static void add_param(char *buf, size_t len, unsigned P)
{
	if (P > 1)
		snprintf(buf + strlen(buf), len - strlen(buf), ",P=%u", P);
}

static int run_converted(struct run_ctx *ctx, struct team *t, struct whet_team *w,
			 unsigned P, double target, unsigned flags)
{
	struct result r = { 0 };
	double want[PW_NRES], s;
	char params[96];
	uint64_t ii = 1;
	unsigned i;
	int bad, rc = EXIT_OK;

	w->stage = STAGE_PAINTER;
	for (;;) {
		uint64_t t0 = bench_clock_ns();

		team_body(t, ii);
		s = (double)(bench_clock_ns() - t0) / 1e9;
		if (s >= target || ii >= (1ull << 40))
			break;
		ii = bench_next_iters(ii, s, target);
	}
	pw_reference(w->loop, want);
	for (i = 0; i < P; i++) {
		bad = whet_verify(w->copy[i]->pres, want, PW_NRES);
		if (bad >= 0 && bad < PW_NRES)
			errorf("converted Whetstone, copy %u: module %d result %.17g, "
			       "expected %.17g", i, pw_module[bad], w->copy[i]->pres[bad],
			       want[bad]);
		else if (bad >= 0)
			errorf("converted Whetstone, copy %u: check value (sum of the "
			       "results) is zero", i);
		if (bad >= 0)
			rc = EXIT_WRONG;
	}
	snprintf(params, sizeof(params), "loops=%ld,ii=%llu", w->loop, (unsigned long long)ii);
	add_param(params, sizeof(params), P);
	r.test = "converted";
	r.params = params;
	r.unit = UNIT_MIPS;
	r.better = 1;
	r.value = r.min = r.max = (double)P * 100.0 * (double)w->loop * (double)ii / s / 1000.0;
	r.iters = ii;
	r.samples = 1;
	r.flags = flags | (rc ? RESULT_FAILED : 0);
	r.metric = "whetstone";
	emit_result(ctx, &r);
	return rc;
}

static int whetstone_run(struct run_ctx *ctx)
{
	struct whet_team w = { 0 };
	struct whet_run run = { 0 };
	struct team *t;
	unsigned P = (unsigned)opt_int(ctx, PARALLEL), i, m, flags;
	double dur = opt_given(ctx, DURATION) ? opt_double(ctx, DURATION)
						: ctx->quick ? 0.3 : 4.0;
	double want[WHET_NMOD], got[WHET_NMOD], used = 0, sec[WHET_NMOD];
	char params[64], metric[WHET_NMOD][16], test[WHET_NMOD][4];
	uint64_t xtra = 1;
	int rc, rc2, bad;

	if (ctx->argc) {
		errorf("unexpected argument '%s' (try 'whetstone --help')", ctx->argv[0]);
		return EXIT_USAGE;
	}
	w.loop = (long)opt_int(ctx, LOOPS);
	w.copy = xcalloc(P, sizeof(*w.copy));
	t = team_start(P, ctx->cpus, ctx->ncpus, whet_setup, whet_work, &w, &rc);
	if (!t)
		goto out;

	/* the classic's calibration: x5 until TimeUsed passes a threshold */
	for (;;) {
		used = run_modules(&w, t, xtra, sec);
		run.cal_s[run.ncal] = used;
		run.cal_xtra[run.ncal++] = xtra;
		if (used > dur / 40 || run.ncal == MAX_CAL)
			break;
		xtra *= 5;
	}
	xtra = used > 0 ? (uint64_t)(dur * (double)xtra / used) : xtra;
	run.xtra = xtra = xtra ? xtra : 1;
	run.time_used = run_modules(&w, t, xtra, run.sec);
	run.is_short = run.time_used < 2.0;
	flags = run.is_short ? RESULT_SHORT : 0;

	whet_reference(xtra, want);
	for (i = 0; i < P; i++) {
		whet_results(&w.copy[i]->st, got);
		if (!i)
			memcpy(run.res, got, sizeof(got));
		bad = whet_verify(got, want, WHET_NMOD);
		if (bad < 0)
			continue;
		if (bad < WHET_NMOD)
			errorf("copy %u: N%d result %.17g, expected %.17g", i, bad + 1, got[bad],
			       want[bad]);
		else
			errorf("copy %u: check value (sum of the results) is zero", i);
		rc = EXIT_WRONG;
	}
	emit_set_arg(ctx->rep, &run);

	snprintf(params, sizeof(params), "passes=%llu", (unsigned long long)xtra);
	add_param(params, sizeof(params), P);
	for (m = 0; m < WHET_NMOD; m++) {
		struct result r = { 0 };

		snprintf(metric[m], sizeof(metric[m]), "whetstone_n%u", m + 1);
		snprintf(test[m], sizeof(test[m]), "n%u", m + 1);
		r.test = test[m];
		r.params = params;
		r.unit = whet_is_flops[m] ? UNIT_MFLOPS : UNIT_MOPS;
		r.better = 1;
		r.value = r.min = r.max = P * whet_ops[m] * (double)xtra / (1e6 * run.sec[m]);
		r.iters = xtra;
		r.samples = 1;
		r.flags = flags | (rc ? RESULT_FAILED : 0);
		r.metric = metric[m];
		emit_result(ctx, &r);
	}
	{
		struct result r = { 0 };

		r.test = "mwips";
		r.params = params;
		r.unit = UNIT_MWIPS;
		r.better = 1;
		r.value = r.min = r.max = whet_mwips(xtra, run.time_used, P);
		r.iters = xtra;
		r.samples = 1;
		r.flags = flags | (rc ? RESULT_FAILED : 0);
		r.metric = "whetstone_mwips";
		emit_result(ctx, &r);
	}

	rc2 = run_converted(ctx, t, &w, P, dur / 8, flags);
	if (rc == EXIT_OK)
		rc = rc2;
	team_stop(t);
out:
	for (i = 0; i < P; i++)
		free(w.copy[i]);
	free(w.copy);
	return rc;
}

TEXT(whetstone_summary, "floating-point speed in MWIPS and MIPS (Whetstone)");
TEXT(whetstone_usage,
	"usage: whetstone [-P N] [--duration=SECONDS] [--loops=COUNT]\n"
	"\n"
	"Double precision Whetstone, twice. First Longbottom's eight modules\n"
	"(array, procedure, branch, integer, trigonometric, pointer, assignment\n"
	"and exp/log/sqrt loops), calibrated as the classic to --duration seconds\n"
	"of module time, in MWIPS and each module's MFLOPS or MOPS (under 2 s is\n"
	"flagged short). Then Painter's \"C Converted Whetstone\", a different\n"
	"program, for about an eighth of that, in MIPS: metric whetstone, the\n"
	"vendor guides' figure, not comparable with MWIPS. Every result is\n"
	"checked against a second implementation, which takes as long again.\n"
	"One calibrated run: --reps and --min-time do not apply. -P N runs N\n"
	"copies at once, pinned round robin, and reports the sum.\n");

const struct applet applet_whetstone = {
	.name    = "whetstone",
	.summary = TEXT_PTR(whetstone_summary),
	.usage   = TEXT_PTR(whetstone_usage),
	.opts    = opts,
	.unit    = UNIT_MWIPS,
	.classic = &emit_whets,
	.run     = whetstone_run,
};
