/* linpack.c - LINPACK 100: solve a dense n x n system by LU factorisation
 * with partial pivoting, in KFLOPS (clinpack's method and output)
 *
 * SPDX-License-Identifier: MIT
 *
 * A reimplementation from the published algorithm (not the netlib C
 * sources; its numbers are not "LINPACK results"). matgen fills A with
 * LINPACK's integer generator, b with A's row sums (so x = all ones);
 * dgefa factorises A (idamax, row swap, dscal by -1/pivot, daxpy column
 * updates), dgesl solves (job 0, which calls daxpy only; ddot is in the
 * kernel sets and tested, but no timed code calls it). One solve counts
 * 2/3 n^3 + 2 n^2 floating-point operations; KFLOPS = ops / (1000 *
 * seconds). The matrix has leading dimension n + 1.
 *
 * What is timed: each solve copies a pristine A and b (generated once,
 * untimed) into the working arrays, then runs dgefa and dgesl. The copy
 * (n (n+1) + n elements, about 80 KB at n = 100) is inside the timing and
 * costs about 2% of a solve at n = 100 (a 3-5 us memcpy against 150-300
 * us on the x86_64 machine it was written on), under 1% at n = 200 and
 * 1000; clinpack instead regenerates A with matgen and subtracts matgen's
 * time, which benchbox does not do (nothing is subtracted).
 * Calibrated: a sample lasts at least --min-time (0.5 s here), and the
 * median of --reps (5) samples is reported, so the default pair of forms
 * (rolled, then unrolled) takes about 10 s. A record whose median sample
 * is under 0.25 s (linpackc.new prints no row under 0.5 s for the pair)
 * is flagged "short", as every --quick run is.
 *
 * After each form's timing the answer is checked as clinpack does: A and
 * b are regenerated, r = A x - b, and residn = max|r| / (n * norma *
 * max|x| * eps), eps the machine epsilon of the precision used. Above 10
 * (both precisions; correct runs give about 1-2 at n = 100) the record is
 * marked failed and the run exits 3. residn grows with n (about 9.5 at n =
 * 1000 in double, 11 in single), so for n > 100 the bound is 10 * n / 100.
 *
 * Caveats: the rolled and unrolled forms run the same C with -O2 and
 * -ffp-contract=off (no fused multiply-add, so results match clinpack
 * built the same way); the "tuned" rows (SSE2, AArch64 Advanced SIMD)
 * are benchbox's own, not a classic result. n = 100 fits in the L2 cache
 * of most cores, so it measures the core, not memory.
 */
#include "applet.h"
#include "cpu.h"
#include "linpack.h"
#include "mem.h"
#include "team.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OPTIONS(O) \
	O(ORDER, "order", OPT_CHOICE, "matrix order n (n x n)", .def = "100", \
	  .choices = "100|200|1000") \
	O(SINGLE, "single", OPT_BOOL, "single precision (float) instead of double") \
	O(PARALLEL, "parallel", OPT_INT, "copies run in parallel (threads)", .letter = 'P', \
	  .def = "1", .min = 1, .max = 1024, .key = OPTK_PARALLEL)
OPT_TABLE(linpack, OPTIONS);

static const double short_sample_s = 0.25;	/* half of linpackc.new's 0.5 s row */

/* One worker's arrays, allocated and generated on the worker's CPU. REAL
 * is float with --single, double otherwise. */
struct lp_worker {
	void	*a0, *b0;	/* pristine A and b */
	void	*a, *b;		/* what dgefa and dgesl work on; b becomes x */
	void	*x;		/* the last solve's x, for the residual check */
	int	*ipvt;
	int	info;		/* dgefa's, OR-ed over every solve */
};

struct lp {
	int			n, lda, single;
	size_t			esize;		/* sizeof(REAL) */
	const struct linpack_kernel *k;		/* the form being timed */
	struct lp_worker	*w;
};

/* What the classic emitter prints for the record being reported. */
struct lp_show {
	int			n, lda, single;
	unsigned		P;
	const char		*form;		/* "Rolled", "Unrolled", "Tuned" */
	const char		*kname;
	struct linpack_check	chk;
	int			ok;		/* residual within bound, no zero pivot */
	double			ms_per_solve;
};

static void lp_solve(const struct lp *lp, struct lp_worker *w)
{
	size_t na = (size_t)lp->lda * lp->n, n = (size_t)lp->n;
	int info;

	memcpy(w->a, w->a0, na * lp->esize);
	memcpy(w->b, w->b0, n * lp->esize);
	if (lp->single) {
		info = linpack_dgefa_s(&lp->k->s, w->a, lp->lda, lp->n, w->ipvt);
		if (!info)
			linpack_dgesl_s(&lp->k->s, w->a, lp->lda, lp->n, w->ipvt, w->b);
	} else {
		info = linpack_dgefa_d(&lp->k->d, w->a, lp->lda, lp->n, w->ipvt);
		if (!info)
			linpack_dgesl_d(&lp->k->d, w->a, lp->lda, lp->n, w->ipvt, w->b);
	}
	w->info |= info;
}

static void lp_work(void *arg, unsigned idx, uint64_t iters)
{
	struct lp *lp = arg;

	while (iters--)
		lp_solve(lp, &lp->w[idx]);
	bench_clobber();
}

static void *alloc_real(const struct lp *lp, size_t count)
{
	size_t bytes = count * lp->esize;
	void *p = NULL;

	if (posix_memalign(&p, 64, bytes > 0 ? bytes : 1))
		return NULL;
	return p;
}

static int lp_setup(void *arg, unsigned idx)
{
	struct lp *lp = arg;
	struct lp_worker *w = &lp->w[idx];
	size_t na = (size_t)lp->lda * lp->n, n = (size_t)lp->n;

	w->a0 = alloc_real(lp, na);
	w->a = alloc_real(lp, na);
	w->b0 = alloc_real(lp, n);
	w->b = alloc_real(lp, n);
	w->x = alloc_real(lp, n);
	w->ipvt = calloc(n, sizeof(int));
	if (!w->a0 || !w->a || !w->b0 || !w->b || !w->x || !w->ipvt) {
		errorf("cannot allocate a %dx%d matrix", lp->n, lp->lda);
		return EXIT_FAIL;
	}
	memset(w->a0, 0, na * lp->esize);	/* the pad row too */
	if (lp->single) {
		float norma;

		linpack_matgen_s(w->a0, lp->lda, lp->n, w->b0, &norma);
	} else {
		double norma;

		linpack_matgen_d(w->a0, lp->lda, lp->n, w->b0, &norma);
	}
	memcpy(w->a, w->a0, na * lp->esize);
	return EXIT_OK;
}

static void lp_free(struct lp *lp, unsigned P)
{
	unsigned i;

	for (i = 0; i < P; i++) {
		free(lp->w[i].a0);
		free(lp->w[i].a);
		free(lp->w[i].b0);
		free(lp->w[i].b);
		free(lp->w[i].x);
		free(lp->w[i].ipvt);
	}
	free(lp->w);
}

/* clinpack's check on every worker's last answer; the worst goes in *c. */
static int lp_check(struct lp *lp, unsigned P, struct linpack_check *c)
{
	unsigned i;
	int ok = 1;

	for (i = 0; i < P; i++) {
		struct lp_worker *w = &lp->w[i];
		struct linpack_check ci;
		int bad;

		memcpy(w->x, w->b, (size_t)lp->n * lp->esize);
		if (lp->single)
			bad = linpack_check_s(lp->n, lp->lda, w->a, w->b, w->x, &ci);
		else
			bad = linpack_check_d(lp->n, lp->lda, w->a, w->b, w->x, &ci);
		if (bad || w->info)
			ok = 0;
		if (!i || bad || !(ci.residn <= c->residn))
			*c = ci;
		w->info = 0;
	}
	return ok;
}

/* classic output -------------------------------------------------------------- */

static const char *prec_word(int single)
{
	return single ? "Single" : "Double";
}

static void classic_record(struct emit_out *o, const struct result *r)
{
	const struct lp_show *s = o->arg;
	FILE *f = o->f;

	if (o->count)
		fputc('\n', f);
	fprintf(f, "%s %s Precision Linpack%s\n\n", s->form, prec_word(s->single),
		strcmp(s->form, "Tuned") ? "" : " (benchbox's kernels: not a classic result)");
	fputs("     norm. resid      resid           machep         x[0]-1        x[n-1]-1\n", f);
	fprintf(f, "  %8.1f      %16.8e%16.8e%16.8e%16.8e\n", s->chk.residn, s->chk.resid,
		s->chk.eps, s->chk.x0, s->chk.xn1);
	if (!s->ok)
		fprintf(f, "  residual check FAILED: norm. resid above %.0f (or a zero pivot)\n",
			linpack_resid_bound(s->n));
	fprintf(f, "\n    times are reported for matrices of order %5d\n", s->n);
	fprintf(f, "    %llu solves per sample, median of %u samples: %.4f ms per solve"
		" (lda %d, kernel %s)\n", (unsigned long long)r->iters, r->samples,
		s->ms_per_solve, s->lda, s->kname);
	if (s->P > 1)
		fprintf(f, "    P=%u copies at once; Kflops is their sum\n", s->P);
	if (r->flags & RESULT_SHORT)
		fprintf(f, "    short run: samples under %.2f s (linpackc.new reports no row "
			"under 0.5 s); not comparable\n", short_sample_s);
	fprintf(f, "%s %s  Precision %5lld Kflops ; %llu Reps\n", s->form, prec_word(s->single),
		(long long)llround(r->value), (unsigned long long)r->iters);
}

static const struct emitter emit_clinpack = {
	"clinpack", 0, NULL, classic_record, NULL,
};

/* run ------------------------------------------------------------------------- */

static const char *form_of(const struct linpack_kernel *k)
{
	if (k->tuned)
		return "Tuned";
	return k == &linpack_kernels[0] ? "Rolled" : "Unrolled";
}

/* The rows --kernel asks for, in table order; -1 if NAME is not usable. */
/* The kernels --kernel picks (default: the classic's two C forms); their
 * number, or -1 after a usage error. */
enum { MAX_KERNELS = 8 };	/* rows of linpack_kernels on one target, at most */

static int pick_kernels(const struct run_ctx *ctx, const struct linpack_kernel **out)
{
	const struct kernel *heads[MAX_KERNELS];
	unsigned char sel[MAX_KERNELS];
	size_t i, m = 0;
	int n = 0;

	for (i = 0; i < linpack_kernels_len && m < MAX_KERNELS; i++)
		heads[m++] = &linpack_kernels[i].head;
	if (kernel_select(heads, m, ctx->kernel, "c,unrolled", ctx->cpu, sel) < 0)
		return -1;
	for (i = 0; i < m; i++)
		if (sel[i])
			out[n++] = &linpack_kernels[i];
	return n;
}

static void metric_name(char *buf, size_t len, const struct linpack_kernel *k, int single,
			int n)
{
	int m = snprintf(buf, len, "linpack%s%s", k->tuned ? "_tuned" :
			 k == &linpack_kernels[0] ? "" : "_unrolled", single ? "_sp" : "");

	if (n != 100 && m > 0 && (size_t)m < len)
		snprintf(buf + m, len - (size_t)m, "_n%d", n);
}

static int linpack_main(struct run_ctx *ctx)
{
	static const int orders[] = { 100, 200, 1000 };
	const struct linpack_kernel *ks[MAX_KERNELS];
	struct lp lp = { 0 };
	struct lp_show show = { 0 };
	unsigned P = (unsigned)opt_int(ctx, PARALLEL);
	int nk, i, rc = EXIT_OK, err;
	struct team *t;
	char why[160];

	if (ctx->argc) {
		errorf("unexpected argument '%s'", ctx->argv[0]);
		return EXIT_USAGE;
	}
	if ((nk = pick_kernels(ctx, ks)) < 0)
		return EXIT_USAGE;
	lp.n = orders[opt_int(ctx, ORDER)];
	lp.lda = lp.n + 1;
	lp.single = (int)opt_int(ctx, SINGLE);
	lp.esize = lp.single ? sizeof(float) : sizeof(double);
	if (mem_fits((uint64_t)P * ((uint64_t)lp.lda * lp.n * 2 + 3u * lp.n) * lp.esize,
		     why, sizeof(why))) {
		errorf("%u copies of a %dx%d matrix: %s", P, lp.n, lp.n, why);
		return EXIT_FAIL;
	}
	lp.w = xcalloc(P, sizeof(*lp.w));
	lp.k = ks[0];
	t = team_start(P, ctx->cpus, ctx->ncpus, lp_setup, lp_work, &lp, &err);
	if (!t) {
		lp_free(&lp, P);
		return err;
	}
	show.n = lp.n;
	show.lda = lp.lda;
	show.single = lp.single;
	show.P = P;
	emit_set_arg(ctx->rep, &show);

	for (i = 0; i < nk; i++) {
		const struct linpack_kernel *k = ks[i];
		struct result r = { 0 };
		struct bench_stats st;
		char params[64], metric[48], note[32];

		lp.k = k;
		if (bench_measure(&ctx->bench, team_body, t, &st)) {
			rc = EXIT_FAIL;
			break;
		}
		show.form = form_of(k);
		show.kname = k->head.name;
		show.ok = lp_check(&lp, P, &show.chk);
		show.ms_per_solve = st.median_ns / 1e6;

		snprintf(params, sizeof(params), "n=%d,lda=%d,prec=%s", lp.n, lp.lda,
			 lp.single ? "single" : "double");
		if (P > 1)
			snprintf(params + strlen(params), sizeof(params) - strlen(params),
				 ",P=%u", P);
		metric_name(metric, sizeof(metric), k, lp.single, lp.n);
		snprintf(note, sizeof(note), "residn=%.1f", show.chk.residn);
		r.test = show.form[0] == 'R' ? "rolled" : show.form[0] == 'U' ? "unrolled"
									      : "tuned";
		r.kernel = k->head.name;
		r.params = params;
		r.unit = UNIT_KFLOPS;
		r.note = note;
		r.metric = P == 1 ? metric : NULL;
		r.group = show.form;
		if (!show.ok)
			r.flags |= RESULT_FAILED;
		if (st.median_ns * (double)st.iters < short_sample_s * 1e9)
			r.flags |= RESULT_SHORT;
		emit_rate(ctx, r, &st, P * linpack_ops(lp.n) / 1000);
		if (!show.ok) {
			errorf("%s %s: residual check failed (norm. resid %.1f, bound %.0f)",
			       show.form, prec_word(lp.single), show.chk.residn,
			       linpack_resid_bound(lp.n));
			rc = EXIT_WRONG;
		}
	}
	team_stop(t);
	lp_free(&lp, P);
	return rc;
}

TEXT(linpack_summary, "dense LU solve in KFLOPS (clinpack's LINPACK 100)");
TEXT(linpack_usage,
	"usage: linpack [--order=100|200|1000] [--single] [-P N]\n"
	"               [--kernel=c|unrolled|best|all|NAME]\n"
	"\n"
	"LINPACK 100 by clinpack's method: solve A x = b for LINPACK's generated\n"
	"n x n matrix by LU factorisation with partial pivoting (dgefa, dgesl),\n"
	"in KFLOPS = (2/3 n^3 + 2 n^2) / (1000 x seconds), the median sample.\n"
	"By default the rolled loops run, then the unrolled ones; --kernel=c or\n"
	"unrolled runs one of them, best the rolled and the fastest (benchbox's\n"
	"SIMD kernels, \"tuned\", where there are some), all every usable row.\n"
	"Each form's answer is checked by clinpack's normalised residual. -P N\n"
	"runs N copies at once, pinned round robin, and reports the sum.\n"
	"Output: clinpack's lines; --format gives the records, where\n"
	"metric 'linpack' (rolled, double, n=100, one copy) is the vendor\n"
	"guides' figure.\n");

const struct applet applet_linpack = {
	.name    = "linpack",
	.summary = TEXT_PTR(linpack_summary),
	.usage   = TEXT_PTR(linpack_usage),
	.opts    = opts,
	.unit    = UNIT_KFLOPS,
	.classic = &emit_clinpack,
	.min_time = 0.5,
	.reps    = 5,
	.run     = linpack_main,
};
