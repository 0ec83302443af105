/* nbench_fp.c - the floating-point workloads of nbench (BYTEmark method):
 * Fourier coefficients, neural net, LU decomposition
 *
 * SPDX-License-Identifier: MIT
 *
 * Written from the published descriptions of the BYTEmark tests; the data
 * are ours:
 *   fourier     a0 and the first N-1 cosine and sine coefficients of
 *               (x+1)^x on [0,2], each by the trapezoid rule with 200
 *               intervals, f recomputed for every point (1 iteration = 1
 *               coefficient, 2N-1 per pass)
 *   neural net  back-propagation (online, with momentum) of a 35-8-8 sigmoid
 *               network on 26 5x7 letter bitmaps with their 8-bit ASCII codes
 *               as targets, from seeded weights until every output is within
 *               0.1 of its target (1 iteration = one training to convergence)
 *   LU          partial-pivoting LU factorisation of a random 101x101 double
 *               matrix and one forward/back solve, the matrix copied into
 *               the work area first (timed) (1 iteration = 1 system)
 * check(): a0, a1, b1 against Simpson's rule with 50x the points; every
 * pattern classifies and the error fell; the normalised residual of each
 * solve is under 100.
 */
#include "bench.h"
#include "nbench.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { SEED_NNET = 21, SEED_LU = 22 };

static int grow(void **p, uint64_t *cap, uint64_t n, size_t sz)
{
	void *q;

	if (n <= *cap)
		return 0;
	if (n > SIZE_MAX / sz || !(q = realloc(*p, (size_t)n * sz)))
		return -1;
	*p = q;
	*cap = n;
	return 0;
}

/* Fourier ------------------------------------------------------------------ */

static double fourier_f(double x, int which, double w)
{
	double f = pow(x + 1.0, x);

	if (which == 1)
		return f * cos(w * x);
	if (which == 2)
		return f * sin(w * x);
	return f;
}

static double trapezoid(int which, double w, unsigned steps)
{
	const double lo = 0.0, hi = 2.0, h = (hi - lo) / steps;
	double s = (fourier_f(lo, which, w) + fourier_f(hi, which, w)) / 2;
	unsigned i;

	for (i = 1; i < steps; i++)
		s += fourier_f(lo + i * h, which, w);
	return s * h;
}

void nb_fourier_coefs(double *a, double *b, size_t n)
{
	size_t k;

	if (!n)
		return;
	a[0] = trapezoid(0, 0, NB_FOURIER_STEPS) / 2;	/* the mean over the period 2 */
	b[0] = 0;
	for (k = 1; k < n; k++) {
		double w = M_PI * (double)k;		/* 2 pi k / period */

		a[k] = trapezoid(1, w, NB_FOURIER_STEPS);
		b[k] = trapezoid(2, w, NB_FOURIER_STEPS);
	}
}

double nb_fourier_ref(int which, unsigned k)
{
	const unsigned steps = 50 * NB_FOURIER_STEPS;	/* even */
	const double h = 2.0 / steps, w = M_PI * k;
	double s = fourier_f(0, which, w) + fourier_f(2, which, w);
	unsigned i;

	for (i = 1; i < steps; i++)
		s += (i % 2 ? 4 : 2) * fourier_f(i * h, which, w);
	s *= h / 3;
	return which == 0 ? s / 2 : s;
}

int nb_fourier_verify(const double *a, const double *b, size_t n, const double ref[3])
{
	const double tol = 1e-3 * fabs(ref[0]);

	if (!n || !(fabs(a[0] - ref[0]) <= tol))
		return -1;
	if (n > 1 && !(fabs(a[1] - ref[1]) <= tol && fabs(b[1] - ref[2]) <= tol))
		return -1;
	return 0;
}

struct fourier {
	double		*a, *b, ref[3];
	uint64_t	cap_a, cap_b, units;
};

static void *fourier_create(void)
{
	struct fourier *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	s->ref[0] = nb_fourier_ref(0, 0);
	s->ref[1] = nb_fourier_ref(1, 1);
	s->ref[2] = nb_fourier_ref(2, 1);
	return s;
}

static double fourier_prepare(void *p, uint64_t units)
{
	struct fourier *s = p;

	if (grow((void **)&s->a, &s->cap_a, units, sizeof(double)) ||
	    grow((void **)&s->b, &s->cap_b, units, sizeof(double)))
		return -1;
	memset(s->a, 0, units * sizeof(double));
	s->units = units;
	return 2.0 * (double)units - 1;
}

static void fourier_run(void *p)
{
	struct fourier *s = p;

	nb_fourier_coefs(s->a, s->b, s->units);
	bench_clobber();
}

static int fourier_check(void *p, char *why, size_t len)
{
	struct fourier *s = p;

	if (nb_fourier_verify(s->a, s->b, s->units, s->ref)) {
		snprintf(why, len, "a0 = %.9g (Simpson: %.9g), a1 = %.9g (%.9g), b1 = %.9g (%.9g)",
			 s->a[0], s->ref[0], s->units > 1 ? s->a[1] : NAN, s->ref[1],
			 s->units > 1 ? s->b[1] : NAN, s->ref[2]);
		return -1;
	}
	return 0;
}

static void fourier_destroy(void *p)
{
	struct fourier *s = p;

	if (s) {
		free(s->a);
		free(s->b);
		free(s);
	}
}

const struct nb_test nb_fourier = {
	"fourier", "FOURIER", "Fourier coefficients",
	879.278, 1565.5, NB_ORIG_FP | NB_LINUX_FP, 1 << 20,
	fourier_create, fourier_prepare, fourier_run, fourier_check, fourier_destroy,
};

/* neural net ------------------------------------------------------------------ */

/* 5x7 capital letters, row by row, '#' = ink. */
static const char nn_font[NB_NN_PATTERNS][NB_NN_IN + 1] = {
	" ### #   ##   #######   ##   ##   #",	/* A */
	"#### #   ##   ##### #   ##   ##### ",	/* B */
	" ### #   ##    #    #    #   # ### ",	/* C */
	"#### #   ##   ##   ##   ##   ##### ",	/* D */
	"######    #    #### #    #    #####",	/* E */
	"######    #    #### #    #    #    ",	/* F */
	" ### #   ##    # ####   ##   # ####",	/* G */
	"#   ##   ##   #######   ##   ##   #",	/* H */
	" ###   #    #    #    #    #   ### ",	/* I */
	"  ###   #    #    #    # #  #  ##  ",	/* J */
	"#   ##  # # #  ##   # #  #  # #   #",	/* K */
	"#    #    #    #    #    #    #####",	/* L */
	"#   ### ### # ## # ##   ##   ##   #",	/* M */
	"#   ##   ###  ## # ##  ###   ##   #",	/* N */
	" ### #   ##   ##   ##   ##   # ### ",	/* O */
	"#### #   ##   ##### #    #    #    ",	/* P */
	" ### #   ##   ##   ## # ##  #  ## #",	/* Q */
	"#### #   ##   ##### # #  #  # #   #",	/* R */
	" #####    #     ###     #    ##### ",	/* S */
	"#####  #    #    #    #    #    #  ",	/* T */
	"#   ##   ##   ##   ##   ##   # ### ",	/* U */
	"#   ##   ##   ##   ##   # # #   #  ",	/* V */
	"#   ##   ##   ## # ## # ## # # # # ",	/* W */
	"#   ##   # # #   #   # # #   ##   #",	/* X */
	"#   ##   # # #   #    #    #    #  ",	/* Y */
	"#####    #   #   #   #   #    #####",	/* Z */
};

static const double nn_rate = 0.5, nn_momentum = 0.5, nn_tol = 0.1;

void nb_nnet_patterns(struct nb_nnet *nn)
{
	int p, i;

	for (p = 0; p < NB_NN_PATTERNS; p++) {
		for (i = 0; i < NB_NN_IN; i++)
			nn->in[p][i] = nn_font[p][i] == '#' ? 1.0 : 0.0;
		for (i = 0; i < NB_NN_OUT; i++)	/* bit 7 first */
			nn->want[p][i] = (('A' + p) >> (NB_NN_OUT - 1 - i) & 1) ? 0.9 : 0.1;
	}
}

static double sigmoid(double x)
{
	return 1.0 / (1.0 + exp(-x));
}

static void nn_forward(const struct nb_nnet *nn, const double *in, double *hid, double *out)
{
	int j, i;

	for (j = 0; j < NB_NN_HID; j++) {
		double s = nn->w1[j][NB_NN_IN];		/* bias */

		for (i = 0; i < NB_NN_IN; i++)
			s += nn->w1[j][i] * in[i];
		hid[j] = sigmoid(s);
	}
	for (j = 0; j < NB_NN_OUT; j++) {
		double s = nn->w2[j][NB_NN_HID];

		for (i = 0; i < NB_NN_HID; i++)
			s += nn->w2[j][i] * hid[i];
		out[j] = sigmoid(s);
	}
}

unsigned nb_nnet_train(struct nb_nnet *nn)
{
	struct nb_rng r;
	unsigned epoch;
	int i, j, p;

	nb_rng_seed(&r, SEED_NNET);
	for (j = 0; j < NB_NN_HID; j++)
		for (i = 0; i <= NB_NN_IN; i++)
			nn->w1[j][i] = nb_rng_unit(&r) - 0.5;
	for (j = 0; j < NB_NN_OUT; j++)
		for (i = 0; i <= NB_NN_HID; i++)
			nn->w2[j][i] = nb_rng_unit(&r) - 0.5;
	memset(nn->d1, 0, sizeof(nn->d1));
	memset(nn->d2, 0, sizeof(nn->d2));
	for (epoch = 1; epoch <= NB_NN_MAX_EPOCHS; epoch++) {
		double err = 0;
		int worst_ok = 1;

		for (p = 0; p < NB_NN_PATTERNS; p++) {
			double hid[NB_NN_HID], out[NB_NN_OUT], dout[NB_NN_OUT], dhid[NB_NN_HID];

			nn_forward(nn, nn->in[p], hid, out);
			for (j = 0; j < NB_NN_OUT; j++) {
				double e = nn->want[p][j] - out[j];

				err += e * e;
				if (fabs(e) >= nn_tol)
					worst_ok = 0;
				dout[j] = e * out[j] * (1 - out[j]);
			}
			for (i = 0; i < NB_NN_HID; i++) {
				double s = 0;

				for (j = 0; j < NB_NN_OUT; j++)
					s += dout[j] * nn->w2[j][i];
				dhid[i] = s * hid[i] * (1 - hid[i]);
			}
			for (j = 0; j < NB_NN_OUT; j++) {
				for (i = 0; i <= NB_NN_HID; i++) {
					double x = i < NB_NN_HID ? hid[i] : 1.0;

					nn->d2[j][i] = nn_rate * dout[j] * x +
						       nn_momentum * nn->d2[j][i];
					nn->w2[j][i] += nn->d2[j][i];
				}
			}
			for (j = 0; j < NB_NN_HID; j++) {
				for (i = 0; i <= NB_NN_IN; i++) {
					double x = i < NB_NN_IN ? nn->in[p][i] : 1.0;

					nn->d1[j][i] = nn_rate * dhid[j] * x +
						       nn_momentum * nn->d1[j][i];
					nn->w1[j][i] += nn->d1[j][i];
				}
			}
		}
		if (epoch == 1)
			nn->first_err = err;
		nn->last_err = err;
		if (worst_ok)
			break;
	}
	nn->epochs = epoch > NB_NN_MAX_EPOCHS ? NB_NN_MAX_EPOCHS : epoch;
	return nn->epochs;
}

int nb_nnet_verify(const struct nb_nnet *nn)
{
	int p, j;

	if (!(nn->last_err < nn->first_err) || nn->epochs >= NB_NN_MAX_EPOCHS)
		return -1;
	for (p = 0; p < NB_NN_PATTERNS; p++) {
		double hid[NB_NN_HID], out[NB_NN_OUT];

		nn_forward(nn, nn->in[p], hid, out);
		for (j = 0; j < NB_NN_OUT; j++)
			if ((out[j] > 0.5) != (nn->want[p][j] > 0.5))
				return -1;
	}
	return 0;
}

struct nnet {
	struct nb_nnet	nn;
	uint64_t	units;
};

static void *nnet_create(void)
{
	struct nnet *s = calloc(1, sizeof(*s));

	if (s)
		nb_nnet_patterns(&s->nn);
	return s;
}

static double nnet_prepare(void *p, uint64_t units)
{
	struct nnet *s = p;

	s->units = units;
	return (double)units;
}

static void nnet_run(void *p)
{
	struct nnet *s = p;
	uint64_t u;

	for (u = 0; u < s->units; u++) {
		nb_nnet_train(&s->nn);
		bench_clobber();
	}
}

static int nnet_check(void *p, char *why, size_t len)
{
	struct nnet *s = p;

	if (nb_nnet_verify(&s->nn)) {
		snprintf(why, len, "after %u epochs (error %.4g -> %.4g) the net does not "
			 "classify every letter", s->nn.epochs, s->nn.first_err, s->nn.last_err);
		return -1;
	}
	return 0;
}

static void nnet_destroy(void *p)
{
	free(p);
}

const struct nb_test nb_neural_net = {
	"neural_net", "NEURAL NET", "trainings to convergence",
	0.6225, 1.4799, NB_ORIG_FP | NB_LINUX_FP, 1 << 16,
	nnet_create, nnet_prepare, nnet_run, nnet_check, nnet_destroy,
};

/* LU decomposition ------------------------------------------------------------ */

int nb_lu_decomp(double *a, int n, int *perm)
{
	int i, j, k;

	for (k = 0; k < n; k++) {
		int p = k;
		double big = fabs(a[k * n + k]);

		for (i = k + 1; i < n; i++)
			if (fabs(a[i * n + k]) > big) {
				big = fabs(a[i * n + k]);
				p = i;
			}
		if (big == 0)
			return -1;
		perm[k] = p;
		if (p != k)
			for (j = 0; j < n; j++) {
				double t = a[k * n + j];

				a[k * n + j] = a[p * n + j];
				a[p * n + j] = t;
			}
		for (i = k + 1; i < n; i++) {
			double l = a[i * n + k] /= a[k * n + k];

			for (j = k + 1; j < n; j++)
				a[i * n + j] -= l * a[k * n + j];
		}
	}
	return 0;
}

void nb_lu_solve(const double *lu, int n, const int *perm, double *b)
{
	int i, j;

	for (i = 0; i < n; i++)
		if (perm[i] != i) {
			double t = b[i];

			b[i] = b[perm[i]];
			b[perm[i]] = t;
		}
	for (i = 0; i < n; i++)
		for (j = 0; j < i; j++)
			b[i] -= lu[i * n + j] * b[j];
	for (i = n - 1; i >= 0; i--) {
		for (j = i + 1; j < n; j++)
			b[i] -= lu[i * n + j] * b[j];
		b[i] /= lu[i * n + i];
	}
}

int nb_lu_verify(const double *a, const double *x, const double *b, int n, double *resid)
{
	double rmax = 0, anorm = 0, xmax = 0;
	int i, j;

	for (i = 0; i < n; i++) {
		double r = -b[i], row = 0;

		for (j = 0; j < n; j++) {
			r += a[i * n + j] * x[j];
			row += fabs(a[i * n + j]);
		}
		rmax = fmax(rmax, fabs(r));
		anorm = fmax(anorm, row);
		xmax = fmax(xmax, fabs(x[i]));
	}
	*resid = rmax / (n * 2.220446049250313e-16 * anorm * xmax + 1e-300);
	return *resid < 100 ? 0 : -1;	/* NaN fails */
}

/* One pristine system; each solve copies it into the work area inside the
 * timed pass (about 3 % of the work), so the working set is one matrix
 * whatever the pass size. */
struct lu {
	double		orig[NB_LU_N * NB_LU_N], work[NB_LU_N * NB_LU_N];
	double		b[NB_LU_N], x[NB_LU_N];
	int		perm[NB_LU_N], singular;
	uint64_t	units;
};

static void *lu_create(void)
{
	struct lu *s = calloc(1, sizeof(*s));
	struct nb_rng r;
	size_t i;

	if (!s)
		return NULL;
	nb_rng_seed(&r, SEED_LU);
	for (i = 0; i < NB_LU_N * NB_LU_N; i++)
		s->orig[i] = 2 * nb_rng_unit(&r) - 1;
	for (i = 0; i < NB_LU_N; i++)
		s->b[i] = 2 * nb_rng_unit(&r) - 1;
	return s;
}

static double lu_prepare(void *p, uint64_t units)
{
	struct lu *s = p;

	memset(s->x, 0, sizeof(s->x));
	s->units = units;
	s->singular = 0;
	return (double)units;
}

static void lu_run(void *p)
{
	struct lu *s = p;
	uint64_t u;

	for (u = 0; u < s->units; u++) {
		memcpy(s->work, s->orig, sizeof(s->work));
		memcpy(s->x, s->b, sizeof(s->x));
		if (nb_lu_decomp(s->work, NB_LU_N, s->perm))
			s->singular = 1;
		else
			nb_lu_solve(s->work, NB_LU_N, s->perm, s->x);
		bench_clobber();
	}
}

static int lu_check(void *p, char *why, size_t len)
{
	struct lu *s = p;
	double resid = 0;

	if (s->singular) {
		snprintf(why, len, "a random matrix came out singular");
		return -1;
	}
	if (nb_lu_verify(s->orig, s->x, s->b, NB_LU_N, &resid)) {
		snprintf(why, len, "normalised residual %.3g (limit 100)", resid);
		return -1;
	}
	return 0;
}

static void lu_destroy(void *p)
{
	free(p);
}

const struct nb_test nb_lu = {
	"lu_decomposition", "LU DECOMPOSITION", "101x101 systems factored and solved",
	19.3031, 26.732, NB_ORIG_FP | NB_LINUX_FP, 1 << 9,
	lu_create, lu_prepare, lu_run, lu_check, lu_destroy,
};
