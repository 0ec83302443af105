/* linpack_generic.h - LINPACK 100 in one precision: the classic C BLAS-1
 * loops (rolled and unrolled), matgen, dgefa, dgesl, dmxpy, the machine
 * epsilon and the residual check
 *
 * SPDX-License-Identifier: MIT
 *
 * Not a header to include anywhere else: applets/cpu/linpack_kernels.c
 * includes it twice, with REAL = double and LP(x) = x##_d, then REAL =
 * float and LP(x) = x##_s, and #undefs both after each. Written from the
 * published algorithm (LINPACK's dgefa/dgesl, Dongarra et al. 1979) and
 * docs/methods.md (LINPACK).
 *
 * The C loops are the reference: the Makefile's -ffp-contract=off keeps
 * every a * b + c a multiply then an add, so the "unrolled" forms (which
 * add in the same left-to-right order) give the rolled forms' results bit
 * for bit. At -O2 GCC may still vectorize a rolled axpy or scal loop
 * (not dot: that would reorder the sum); the exact CFLAGS are in
 * --version and the JSON context.
 */

static inline REAL LP(lp_abs)(REAL v)
{
	return v < 0 ? -v : v;
}

/* Rolled: the plain loops. ------------------------------------------------ */

static void LP(lp_axpy_c)(int n, REAL a, const REAL *x, REAL *y)
{
	int i;

	if (n <= 0 || a == 0)
		return;
	for (i = 0; i < n; i++)
		y[i] = y[i] + a * x[i];
}

static REAL LP(lp_dot_c)(int n, const REAL *x, const REAL *y)
{
	REAL t = 0;
	int i;

	for (i = 0; i < n; i++)
		t = t + x[i] * y[i];
	return t;
}

static void LP(lp_scal_c)(int n, REAL a, REAL *x)
{
	int i;

	for (i = 0; i < n; i++)
		x[i] = a * x[i];
}

static int LP(lp_iamax_c)(int n, const REAL *x)
{
	REAL max;
	int i, at = 0;

	if (n < 1)
		return -1;
	max = LP(lp_abs)(x[0]);
	for (i = 1; i < n; i++)
		if (LP(lp_abs)(x[i]) > max) {
			at = i;
			max = LP(lp_abs)(x[i]);
		}
	return at;
}

/* Unrolled: the n mod 4 (axpy) or n mod 5 (dot, scal) leading elements
 * one at a time, then blocks; the same order of operations as rolled. ---- */

static void LP(lp_axpy_unrolled)(int n, REAL a, const REAL *x, REAL *y)
{
	int i, m;

	if (n <= 0 || a == 0)
		return;
	m = n % 4;
	for (i = 0; i < m; i++)
		y[i] = y[i] + a * x[i];
	for (i = m; i < n; i += 4) {
		y[i] = y[i] + a * x[i];
		y[i + 1] = y[i + 1] + a * x[i + 1];
		y[i + 2] = y[i + 2] + a * x[i + 2];
		y[i + 3] = y[i + 3] + a * x[i + 3];
	}
}

static REAL LP(lp_dot_unrolled)(int n, const REAL *x, const REAL *y)
{
	REAL t = 0;
	int i, m;

	if (n <= 0)
		return 0;
	m = n % 5;
	for (i = 0; i < m; i++)
		t = t + x[i] * y[i];
	for (i = m; i < n; i += 5)
		t = t + x[i] * y[i] + x[i + 1] * y[i + 1] + x[i + 2] * y[i + 2] +
		    x[i + 3] * y[i + 3] + x[i + 4] * y[i + 4];
	return t;
}

static void LP(lp_scal_unrolled)(int n, REAL a, REAL *x)
{
	int i, m;

	if (n <= 0)
		return;
	m = n % 5;
	for (i = 0; i < m; i++)
		x[i] = a * x[i];
	for (i = m; i < n; i += 5) {
		x[i] = a * x[i];
		x[i + 1] = a * x[i + 1];
		x[i + 2] = a * x[i + 2];
		x[i + 3] = a * x[i + 3];
		x[i + 4] = a * x[i + 4];
	}
}

/* LINPACK --------------------------------------------------------------- */

void LP(linpack_matgen)(REAL *a, int lda, int n, REAL *b, REAL *norma)
{
	long init = 1325;
	int i, j;

	*norma = 0;
	for (j = 0; j < n; j++)
		for (i = 0; i < n; i++) {
			init = 3125 * init % 65536;
			a[(size_t)lda * j + i] = (REAL)((init - 32768.0) / 16384.0);
			if (a[(size_t)lda * j + i] > *norma)
				*norma = a[(size_t)lda * j + i];
		}
	for (i = 0; i < n; i++)
		b[i] = 0;
	for (j = 0; j < n; j++)
		for (i = 0; i < n; i++)
			b[i] = b[i] + a[(size_t)lda * j + i];
}

int LP(linpack_dgefa)(const struct LP(linpack_blas) *k, REAL *a, int lda, int n, int *ipvt)
{
	int info = 0, c, j, l;

	for (c = 0; c < n - 1; c++) {
		REAL *col = a + (size_t)lda * c, t;

		/* the pivot: the largest |a| in column c at or below the diagonal */
		l = k->iamax(n - c, col + c) + c;
		ipvt[c] = l;
		if (col[l] == 0) {
			info = c + 1;
			continue;
		}
		if (l != c) {
			t = col[l];
			col[l] = col[c];
			col[c] = t;
		}
		/* the multipliers */
		t = -1 / col[c];
		k->scal(n - (c + 1), t, col + c + 1);
		/* eliminate below the diagonal in every later column */
		for (j = c + 1; j < n; j++) {
			REAL *cj = a + (size_t)lda * j;

			t = cj[l];
			if (l != c) {
				cj[l] = cj[c];
				cj[c] = t;
			}
			k->axpy(n - (c + 1), t, col + c + 1, cj + c + 1);
		}
	}
	ipvt[n - 1] = n - 1;
	if (a[(size_t)lda * (n - 1) + n - 1] == 0)
		info = n;
	return info;
}

void LP(linpack_dgesl)(const struct LP(linpack_blas) *k, const REAL *a, int lda, int n,
		       const int *ipvt, REAL *b)
{
	int c, l;
	REAL t;

	/* forward: L y = b, with the row swaps */
	for (c = 0; c < n - 1; c++) {
		l = ipvt[c];
		t = b[l];
		if (l != c) {
			b[l] = b[c];
			b[c] = t;
		}
		k->axpy(n - (c + 1), t, a + (size_t)lda * c + c + 1, b + c + 1);
	}
	/* back: U x = y */
	for (c = n - 1; c >= 0; c--) {
		b[c] = b[c] / a[(size_t)lda * c + c];
		t = -b[c];
		k->axpy(c, t, a + (size_t)lda * c, b);
	}
}

void LP(linpack_dmxpy)(int n1, REAL *y, int n2, int ldm, const REAL *x, const REAL *m)
{
	int i, j;

	for (j = 0; j < n2; j++)
		for (i = 0; i < n1; i++)
			y[i] = y[i] + x[j] * m[(size_t)ldm * j + i];
}

double LP(linpack_epslon)(void)
{
	volatile REAL a = (REAL)4 / 3, b, c;

	b = a - 1;
	c = b + b + b;
	return LP(lp_abs)(c - 1);
}

int LP(linpack_check)(int n, int lda, REAL *a, REAL *b, const REAL *x, struct linpack_check *c)
{
	REAL norma, resid = 0, normx = 0, eps = (REAL)LP(linpack_epslon)(), residn;
	int i;

	LP(linpack_matgen)(a, lda, n, b, &norma);
	for (i = 0; i < n; i++)
		b[i] = -b[i];
	LP(linpack_dmxpy)(n, b, n, lda, x, a);
	for (i = 0; i < n; i++) {
		if (LP(lp_abs)(b[i]) > resid || b[i] != b[i])
			resid = b[i] != b[i] ? b[i] : LP(lp_abs)(b[i]);
		if (LP(lp_abs)(x[i]) > normx || x[i] != x[i])
			normx = x[i] != x[i] ? x[i] : LP(lp_abs)(x[i]);
	}
	residn = resid / (n * norma * normx * eps);
	c->residn = residn;
	c->resid = resid;
	c->eps = eps;
	c->x0 = (double)x[0] - 1;
	c->xn1 = (double)x[n - 1] - 1;
	c->normx = normx;
	c->norma = norma;
	return residn <= linpack_resid_bound(n) ? 0 : -1;	/* NaN fails */
}
