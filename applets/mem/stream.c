/* stream.c - STREAM's copy, scale, add and triad, its counting and its
 * validation ("benchbox stream": a reimplementation of STREAM 5.10's
 * method, not STREAM results)
 *
 * SPDX-License-Identifier: MIT
 *
 * Three arrays of doubles, each at least 4x the last-level cache. Every
 * pass runs the four kernels in order, each timed on its own; the first
 * pass is not counted. Bytes credited per kernel: 2 x 8 x N for copy and
 * scale, 3 x 8 x N for add and triad (reads and writes both count, no
 * write-allocate). Best rate = bytes / minimum time, MB = 10^6 bytes. At
 * the end the arrays are checked against STREAM's scalar recurrence: an
 * average relative error above 1e-13 fails the run (exit 3).
 *
 * Copy is timed twice in the C table: as the C library's memcpy (kernel
 * "libc", STREAM's Copy line and the guides' copy metric), which is what
 * GCC 10 and later make of STREAM's copy loop at -O2, the way STREAM is
 * built by its users and, most likely, for the vendor guides; and as the
 * loop as written (kernel "c", metric copy-c), a record outside STREAM's
 * table. On AArch64, musl's memcpy is the same code as glibc's generic one
 * (Arm's optimized-routines), so the libc row is the guides' like for like
 * there; docs/methods.md has the evidence.
 *
 * Threads are pthreads, each owning a contiguous slice it touched first.
 * --kernel=best adds the fastest tuned set (SSE2/AVX2/NEON/RVV), --kernel=all
 * every usable one (src/kernel.h's rule), each as its own table marked
 * "tuned", --kernel=NAME runs that set alone: the arrays are
 * re-initialised and validated for every kernel set. Where the three arrays
 * together exceed the last-level cache, the x86_64 tuned rows store with
 * non-temporal stores (their fn_nt; stream_use_nt), which skip the read
 * for ownership of each line written; the C rows never do.
 */
#include "applet.h"
#include "lmbench.h"
#include "cpu.h"
#include "mem.h"
#include "stream.h"
#include "sys.h"
#include "team.h"
#include "util.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OPTIONS(O) \
	O(ELEMENTS, "elements", OPT_SIZE, \
	  "elements per array (k/m: 1024) [4x the last-level cache]", .letter = 'n', \
	  .min = 1024, .max = 1e12, .metavar = "N") \
	O(THREADS, "threads", OPT_INT, "threads (0 = one per usable CPU)", .def = "1", \
	  .max = 1024, .metavar = "N") \
	O(NTIMES, "ntimes", OPT_INT, "passes; the first is not counted", .def = "10", \
	  .min = 2, .max = 1000, .metavar = "N") \
	O(PARALLEL, "parallel", OPT_INT, "lmbench3: copies (threads), each on its own arrays", \
	  .letter = 'P', .min = 1, .max = 1024, .metavar = "N", .key = OPTK_PARALLEL) \
	O(LEN, "len", OPT_SIZE, "lmbench3: bytes of 3 arrays, k/m: 1024 [24000000]", \
	  .letter = 'M', .min = 1024, .max = 1e12, .metavar = "BYTES") \
	O(LM_VERSION, "lm-version", OPT_INT, "lmbench3: 1 STREAM's kernels, 2 STREAM2's [1]", \
	  .letter = 'v', .min = 1, .max = 2, .metavar = "1|2") \
	O(WARMUP_US, "warmup-us", OPT_INT, "lmbench3: warm up this many microseconds", \
	  .letter = 'W', .max = 1e9, .metavar = "US", .key = OPTK_WARMUP_US) \
	O(TRIES, "tries", OPT_INT, "lmbench3: repetitions, the same as --reps [11]", \
	  .letter = 'N', .min = 1, .max = 1001, .metavar = "N", .key = OPTK_TRIES)
OPT_TABLE(stream, OPTIONS);

enum { SLICE_ELEMS = 64 };	/* every slice is a multiple of this, 512-byte aligned */

/* The C table's Copy: the C library's memcpy (stream_kernels.c says why);
 * the copy loop as written is a record of its own, after the table's four */
#define LIBC	"libc"

static const char *const op_names[STREAM_NOPS] = { "copy", "scale", "add", "triad" };
static const char *const op_labels[STREAM_NOPS] = {
	"Copy:      ", "Scale:     ", "Add:       ", "Triad:     ",
};
static const double scalar = 3.0;

/* What one run prints and what the classic emitter needs to print it. */
struct stream_run {
	size_t		n;			/* elements per array */
	unsigned	threads, ntimes;
	double		tick_us;		/* clock granularity */
	double		pass_us;		/* one timed a = 2a pass */
	const char	*set;			/* "c" or the tuned kernel set */
	int		nt;			/* arrays past the LLC: rows' fn_nt */
	double		avg_s, min_s, max_s;	/* the record being printed */
	int		valid;			/* of the set just validated */
	double		err[3];			/* avg relative errors of a, b, c */
	size_t		bad[3];			/* elements off by more than epsilon */
};

struct stream_arrays {
	double			*a, *b, *c;
	size_t			n;
	unsigned		threads;
	stream_fn		*fn;		/* running now */
	int			init;		/* 1: initialise; 2: a = 2a; 0: run fn */
};

static void slice(const struct stream_arrays *s, unsigned idx, size_t *lo, size_t *len)
{
	size_t chunks = s->n / SLICE_ELEMS, per = chunks / s->threads, extra = chunks % s->threads;

	*lo = (idx * per + (idx < extra ? idx : extra)) * SLICE_ELEMS;
	*len = (per + (idx < extra)) * SLICE_ELEMS;
}

static void stream_work(void *arg, unsigned idx, uint64_t iters)
{
	struct stream_arrays *s = arg;
	size_t lo, len, j;

	slice(s, idx, &lo, &len);
	while (iters--) {
		if (s->init == 1) {
			for (j = lo; j < lo + len; j++) {
				s->a[j] = 1.0;
				s->b[j] = 2.0;
				s->c[j] = 0.0;
			}
		} else if (s->init == 2) {
			for (j = lo; j < lo + len; j++)
				s->a[j] = 2.0 * s->a[j];
		} else if (len) {
			s->fn(s->a + lo, s->b + lo, s->c + lo, scalar, len);
		}
	}
}

/* First touch: each worker initialises its own slice. */
static int stream_setup(void *arg, unsigned idx)
{
	struct stream_arrays *s = arg;

	s->init = 1;			/* the same for every worker: no race in effect */
	stream_work(arg, idx, 1);
	return EXIT_OK;
}

void stream_expected(unsigned ntimes, double *ea, double *eb, double *ec)
{
	double a = 1.0, b = 2.0, c = 0.0;
	unsigned k;

	a = 2.0 * a;
	for (k = 0; k < ntimes; k++) {
		c = a;
		b = scalar * c;
		c = a + b;
		a = b + scalar * c;
	}
	*ea = a;
	*eb = b;
	*ec = c;
}

int stream_validate(const double *a, const double *b, const double *c, size_t n,
		    unsigned ntimes, double err[3], size_t bad[3])
{
	const double eps = 1e-13;
	const double *arr[3] = { a, b, c };
	double expect[3];
	int i;
	size_t j;

	int valid = 1;

	stream_expected(ntimes, &expect[0], &expect[1], &expect[2]);
	for (i = 0; i < 3; i++) {
		double sum = 0;

		bad[i] = 0;
		for (j = 0; j < n; j++) {
			double e = fabs(arr[i][j] - expect[i]);

			sum += e;
			if (e / fabs(expect[i]) > eps)
				bad[i]++;
		}
		err[i] = sum / (double)n / fabs(expect[i]);
		if (!(err[i] <= eps))	/* NaN fails too */
			valid = 0;
	}
	return valid ? 0 : -1;
}

/* classic output ------------------------------------------------------------ */

static const char dashes[] = "-------------------------------------------------------------\n";

DRIVER static void classic_header(FILE *f, const struct stream_run *s)
{
	double mib = (double)s->n * 8 / 1048576;

	fputs(dashes, f);
	fputs("benchbox stream: a reimplementation of STREAM version 5.10's method\n", f);
	fputs("(results based on a variant of the STREAM benchmark code)\n", f);
	fputs(dashes, f);
	fputs("This system uses 8 bytes per array element.\n", f);
	fputs(dashes, f);
	fprintf(f, "Array size = %zu (elements), Offset = 0 (elements)\n", s->n);
	fprintf(f, "Memory per array = %.1f MiB (= %.1f GiB).\n", mib, mib / 1024);
	fprintf(f, "Total memory required = %.1f MiB (= %.1f GiB).\n", 3 * mib, 3 * mib / 1024);
	fprintf(f, "Each kernel will be executed %u times.\n", s->ntimes);
	fputs(" The *best* time for each kernel (excluding the first iteration)\n"
	      " will be used to compute the reported bandwidth.\n", f);
	fputs(dashes, f);
	fprintf(f, "Number of Threads requested = %u\n", s->threads);
	fprintf(f, "Number of Threads counted = %u\n", s->threads);
	fputs(dashes, f);
	fprintf(f, "Your clock granularity/precision appears to be %.0f microseconds.\n",
		s->tick_us < 1 ? 1 : s->tick_us);
	fprintf(f, "Each test below will take on the order of %.0f microseconds.\n", s->pass_us);
	fprintf(f, "   (= %.0f clock ticks)\n", s->pass_us / (s->tick_us < 1 ? 1 : s->tick_us));
	fputs("Increase the size of the arrays if this shows that\n"
	      "you are not getting at least 20 clock ticks per test.\n", f);
	fputs(dashes, f);
}

DRIVER static void classic_validation(FILE *f, const struct stream_run *s)
{
	static const char names[3] = { 'a', 'b', 'c' };
	int i;

	if (s->valid) {
		fputs("Solution Validates: avg error less than 1.000000e-13 on all three arrays\n", f);
	} else {
		for (i = 0; i < 3; i++)
			if (!(s->err[i] <= 1e-13)) {
				fprintf(f, "Failed Validation on array %c[], AvgRelAbsErr > epsilon "
					"(1.000000e-13)\n", names[i]);
				fprintf(f, "     For array %c[], %zu errors were found.\n",
					names[i], s->bad[i]);
			}
	}
	fputs(dashes, f);
}

DRIVER static void classic_record(struct emit_out *o, const struct result *r)
{
	const struct stream_run *s = o->arg;
	int op;

	if (strcmp(o->group, r->group)) {
		if (!o->count)
			classic_header(o->f, s);
		else
			fprintf(o->f, "Tuned kernels: %s (not STREAM results)\n", r->group);
		fputs("Function    Best Rate MB/s  Avg time     Min time     Max time\n", o->f);
		snprintf(o->group, sizeof(o->group), "%s", r->group);
	}
	if (!strcmp(r->test, "copy") && !strcmp(r->kernel, "c"))
		return;		/* the copy loop: a record, not a line of STREAM's table */
	for (op = 0; op < STREAM_NOPS && strcmp(op_names[op], r->test); op++)
		;
	fprintf(o->f, "%s%12.1f  %11.6f  %11.6f  %11.6f\n", op_labels[op % STREAM_NOPS],
		r->max, s->avg_s, s->min_s, s->max_s);
	if (op == STREAM_TRIAD) {
		fputs(dashes, o->f);
		classic_validation(o->f, s);
	}
}

static const struct emitter emit_stream = {
	"stream", 0, NULL, classic_record, NULL,
};

/* run ------------------------------------------------------------------------- */

/* Kernel sets to run: "c" first, then the tuned ones --kernel asks for. */
/* The kernel sets --kernel picks (default c), in table order, a set being
 * a name that every op's row has (its copy row stands for it). Their
 * number, or -1 after a usage error. */
DRIVER static int pick_sets(const struct run_ctx *ctx, const char **sets, int max)
{
	const struct kernel *heads[64];
	unsigned char sel[64];
	size_t i, m = 0;
	int n = 0;

	for (i = 0; i < stream_kernels_len && m < 64; i++)	/* libc: a copy, no set */
		if (stream_kernels[i].head.op == STREAM_COPY && strcmp(stream_kernels[i].head.name, LIBC))
			heads[m++] = &stream_kernels[i].head;
	if (kernel_select(heads, m, ctx->kernel, "c", ctx->cpu, sel) < 0)
		return -1;
	for (i = 0; i < m && n < max; i++)
		if (sel[i])
			sets[n++] = heads[i]->name;
	return n;
}

static const struct stream_kernel *find_kernel(const char *set, enum stream_op op)
{
	size_t i;

	for (i = 0; i < stream_kernels_len; i++)
		if (stream_kernels[i].head.op == op && !strcmp(stream_kernels[i].head.name, set))
			return &stream_kernels[i];
	return NULL;
}

DRIVER static int run_set(struct run_ctx *ctx, struct team *t, struct stream_arrays *arr,
		   struct stream_run *run, const char *set)
{
	static const double words[STREAM_NOPS + 1] = { 2, 2, 3, 3, 2 };
	/* slot STREAM_NOPS: the C table's copy loop, timed just before its
	 * Copy (both make c = a, so STREAM's recurrence and check hold) */
	const struct stream_kernel *k[STREAM_NOPS + 1];
	unsigned slots = STREAM_NOPS, nslots = slots + 1, pass, op, s, o;
	double *times = xcalloc((size_t)run->ntimes * nslots, sizeof(double));
	char params[96];

	for (op = 0; op < STREAM_NOPS; op++) {
		k[op] = find_kernel(op == STREAM_COPY && !strcmp(set, "c") ? LIBC : set, op);
		if (!k[op] || SLICE_ELEMS % k[op]->head.gran || 512 % k[op]->head.align) {
			errorf("kernel set '%s' lacks a usable %s kernel", set, op_names[op]);
			free(times);
			return EXIT_FAIL;
		}
	}
	if (!strcmp(set, "c") && (k[STREAM_NOPS] = find_kernel("c", STREAM_COPY)))
		slots = nslots;
	arr->init = 1;			/* a = 1, b = 2, c = 0, then a = 2a */
	team_body(t, 1);
	arr->init = 2;
	team_body(t, 1);
	arr->init = 0;
	for (pass = 0; pass < run->ntimes; pass++)
		for (s = 0; s < slots; s++) {
			/* the extra copy first, then copy, scale, add, triad */
			uint64_t t0;

			o = slots > STREAM_NOPS ? (s + STREAM_NOPS) % nslots : s;
			arr->fn = run->nt && k[o]->fn_nt ? k[o]->fn_nt : k[o]->fn;
			t0 = bench_clock_ns();
			team_body(t, 1);
			times[pass * nslots + o] = (double)(bench_clock_ns() - t0) / 1e9;
		}
	run->valid = stream_validate(arr->a, arr->b, arr->c, arr->n, run->ntimes, run->err,
				     run->bad) == 0;

	snprintf(params, sizeof(params), "n=%zu,threads=%u,ntimes=%u", run->n, run->threads,
		 run->ntimes);
	for (o = 0; o < slots; o++) {
		double bytes = words[o] * 8 * (double)run->n, sum = 0;
		struct result r = { 0 };
		char metric[32];
#if defined(__riscv) && __riscv_xlen == 64
		char note[32];
#endif
		unsigned m = run->ntimes - 1, i;

		op = o % STREAM_NOPS;
		run->min_s = run->max_s = times[nslots + o];
		for (i = 1; i <= m; i++) {	/* pass 0 is not counted */
			double v = times[i * nslots + o];

			sum += v;
			run->min_s = fmin(run->min_s, v);
			run->max_s = fmax(run->max_s, v);
		}
		run->avg_s = sum / m;
		r.test = op_names[op];
		r.kernel = k[o]->head.name;
		r.params = params;
		r.unit = UNIT_MB_S;
		r.better = 1;
		r.group = set;
		r.samples = m;
		r.iters = 1;
		r.min = bytes / 1e6 / run->max_s;
		r.max = bytes / 1e6 / run->min_s;
		r.value = r.max;		/* STREAM's statistic: the best rate */
		r.note = o == STREAM_NOPS ? "STREAM's copy loop as written, kept a loop" :
			 !strcmp(k[o]->head.name, LIBC) ? k[o]->head.desc :
			 !strcmp(set, "c") ? NULL : run->nt && k[o]->fn_nt ?
			 "tuned, non-temporal stores" : "tuned";
#if defined(__riscv) && __riscv_xlen == 64
		if (k[o]->head.needs & CPU_RVV) {	/* the vector length it ran at */
			snprintf(note, sizeof(note), "tuned, vlen=%u", cpu_riscv_vlen());
			r.note = note;
		}
#endif
		if (!run->valid)
			r.flags |= RESULT_FAILED;
		/* the guides name STREAM's rows by the kernel alone (one
		 * thread); the C table's copy loop is copy-c, N threads -TN */
		snprintf(metric, sizeof(metric), "%s%s%s", op_names[op],
			 strcmp(set, "c") || o == STREAM_NOPS ? "-" : "",
			 strcmp(set, "c") || o == STREAM_NOPS ? set : "");
		if (run->threads > 1)
			snprintf(metric + strlen(metric), sizeof(metric) - strlen(metric), "-T%u",
				 run->threads);
		r.metric = metric;
		emit_result(ctx, &r);
	}
	free(times);
	return run->valid ? EXIT_OK : EXIT_WRONG;
}

/* lmbench's stream ------------------------------------------------------------
 *
 * lmbench3's stream (`stream [-v 1|2] [-M LEN] [-P N] [-W US] [-N N]`, as
 * its driver runs it) is not STREAM 5.10: each of P copies owns three
 * arrays of LEN / 24 doubles (a = 1, b = 2, c = 0, set again before every
 * kernel), and after every pass the arrays rotate (a takes b's place, b
 * c's, c a's). Each kernel is timed on its own, lmbench-style: the minimum
 * over the repetitions with one copy, the median with several. Version 1
 * prints copy (c = a), scale (b = 3c), add and triad (a = b + 3c); lmbench3
 * times its sum kernel (s += a) for the "add" line while crediting three
 * arrays, and so does this, to sit beside lmbench's figures. Version 2
 * (STREAM2) prints fill (a = 0), copy, daxpy (a = a + 3b) and sum. Bytes
 * credited: 1, 2, 3 or 3 arrays (fill and sum 1, copy and scale 2, add,
 * triad and daxpy 3) x 8 x LEN/24 x P; MB = 10^6 bytes. The loops have
 * lmbench's shape as GCC -O2 builds it: one element per step, the sum a
 * single dependent chain; fill is a memset call, as GCC makes lmbench's. */

enum lm_kernel { LM_FILL, LM_COPY, LM_SCALE, LM_SUM, LM_TRIAD, LM_DAXPY };

struct lm_copy {			/* one -P copy's arrays */
	struct mem_region	r[3];
	double			*a, *b, *c;
	double			sum;
};

struct lm_stream {
	struct lm_copy		*copy;
	size_t			n;		/* elements per array */
	enum lm_kernel		k;
	int			init;		/* the next body call sets the arrays */
	double			lat_ns;		/* the record being printed: its latency */
	const char		*prefix;	/* "STREAM" or "STREAM2" */
};

static void lm_pass(struct lm_copy *w, int n, enum lm_kernel k)
{
	double *a = w->a, *b = w->b, *c = w->c, s = 0.0;
	const double q = scalar;
	int i;

	w->a = b;
	w->b = c;
	w->c = a;
	switch (k) {
	case LM_FILL:
		memset(a, 0, (size_t)n * sizeof(*a));
		break;
	case LM_COPY:
		for (i = 0; i < n; ++i)
			c[i] = a[i];
		break;
	case LM_SCALE:
		for (i = 0; i < n; ++i)
			b[i] = q * c[i];
		break;
	case LM_SUM:
		for (i = 0; i < n; ++i)
			s += a[i];
		w->sum += s;
		break;
	case LM_TRIAD:
		for (i = 0; i < n; ++i)
			a[i] = b[i] + q * c[i];
		break;
	case LM_DAXPY:
		for (i = 0; i < n; ++i)
			a[i] = a[i] + q * b[i];
		break;
	}
}

static void lm_set(struct lm_copy *w, size_t n)
{
	size_t i;

	w->a = w->r[0].p;
	w->b = w->r[1].p;
	w->c = w->r[2].p;
	for (i = 0; i < n; i++) {
		w->a[i] = 1.0;
		w->b[i] = 2.0;
		w->c[i] = 0.0;
	}
}

static int lm_setup(void *arg, unsigned idx)
{
	struct lm_stream *s = arg;
	struct lm_copy *w = &s->copy[idx];
	int i;

	for (i = 0; i < 3; i++)
		if (mem_map(&w->r[i], s->n * sizeof(double), 4096, MEM_HUGE_DEFAULT)) {
			errorf("cannot map the arrays: %s", strerror(errno));
			return EXIT_FAIL;
		}
	lm_set(w, s->n);		/* first touch by the copy that uses them */
	return EXIT_OK;
}

static void lm_work(void *arg, unsigned idx, uint64_t iters)
{
	struct lm_stream *s = arg;
	struct lm_copy *w = &s->copy[idx];
	uint64_t bits;

	if (s->init) {
		lm_set(w, s->n);
		return;
	}
	while (iters--)
		lm_pass(w, (int)s->n, s->k);
	memcpy(&bits, &w->sum, sizeof(bits));
	bench_keep_u64(bits);
}

static void lm_record(struct emit_out *o, const struct result *r)
{
	const struct lm_stream *s = o->arg;

	fprintf(o->f, "%s %s latency: %.2f nanoseconds\n", s->prefix, r->test, s->lat_ns);
	fprintf(o->f, "%s %s bandwidth: %.2f MB/sec\n", s->prefix, r->test, r->value);
}

static const struct emitter emit_stream_lm = {
	"stream", 1, NULL, lm_record, NULL,
};

/* Every record of this mode says so: its numbers are not STREAM's. */
#define LM_NOTE "lmbench3's stream method: "

DRIVER static int lmbench_main(struct run_ctx *ctx)
{
	static const struct {
		const char	*name;
		enum lm_kernel	k;
		double		arrays;		/* credited per element */
		const char	*note;
	} v1[4] = {
		{ "copy", LM_COPY, 2, LM_NOTE "arrays rotated every pass" },
		{ "scale", LM_SCALE, 2, LM_NOTE "arrays rotated every pass" },
		{ "add", LM_SUM, 3, LM_NOTE "add timed with its sum kernel, 3 arrays credited" },
		{ "triad", LM_TRIAD, 3, LM_NOTE "arrays rotated every pass" },
	}, v2[4] = {
		{ "fill", LM_FILL, 1, LM_NOTE "STREAM2, arrays rotated every pass" },
		{ "copy", LM_COPY, 2, LM_NOTE "STREAM2, arrays rotated every pass" },
		{ "daxpy", LM_DAXPY, 3, LM_NOTE "STREAM2, arrays rotated every pass" },
		{ "sum", LM_SUM, 1, LM_NOTE "STREAM2, arrays rotated every pass" },
	};
	struct lm_stream s = { 0 };
	unsigned P = opt_given(ctx, PARALLEL) ? (unsigned)opt_int(ctx, PARALLEL) : 1, i;
	int version = opt_given(ctx, LM_VERSION) ? (int)opt_int(ctx, LM_VERSION) : 1;
	uint64_t len = opt_given(ctx, LEN) ? opt_size(ctx, LEN) : 3 * 8 * 1000000ull;
	char why[160], params[96], sz[32];
	struct team *t;
	int rc = EXIT_OK, k;

	if (opt_given(ctx, ELEMENTS) || opt_given(ctx, THREADS) || opt_given(ctx, NTIMES)) {
		errorf("-n, --threads and --ntimes are STREAM's; -P, -M, -v, -W and -N "
		       "lmbench3's: not both");
		return EXIT_USAGE;
	}
	if (*ctx->kernel) {
		errorf("--kernel: lmbench's stream (-P, -M, -v, -W, -N) runs its C loops only");
		return EXIT_USAGE;
	}
	s.n = (size_t)(len / (3 * sizeof(double)));
	if (len > SIZE_MAX / 2 / P || mem_fits(s.n * 3 * sizeof(double) * P, why, sizeof(why))) {
		errorf("-M %s with %u cop%s: %s", opt_str(ctx, LEN) ? opt_str(ctx, LEN) : "",
		       P, P == 1 ? "y" : "ies",
		       len > SIZE_MAX / 2 / P ? "too large for this machine" : why);
		return EXIT_FAIL;
	}
	lmbench_wn(ctx);
	if (!ctx->format_given)
		emit_set_emitter(ctx->rep, &emit_stream_lm);
	emit_set_arg(ctx->rep, &s);
	s.prefix = version == 1 ? "STREAM" : "STREAM2";
	s.copy = xcalloc(P, sizeof(*s.copy));
	t = team_start(P, ctx->cpus, ctx->ncpus, lm_setup, lm_work, &s, &rc);
	if (!t)
		goto out;
	format_size(len, sz, sizeof(sz));
	snprintf(params, sizeof(params), "M=%s,P=%u,v=%d", sz, P, version);
	for (k = 0; k < 4 && rc == EXIT_OK; k++) {
		const double bytes = (version == 1 ? v1 : v2)[k].arrays * 8 * (double)s.n * P;
		struct bench_stats st;
		struct result r = { 0 };
		double t_ns;

		s.k = (version == 1 ? v1 : v2)[k].k;
		s.init = 1;			/* lmbench initialises for every kernel */
		team_body(t, 1);
		s.init = 0;
		if (bench_measure(&ctx->bench, team_body, t, &st)) {
			rc = EXIT_FAIL;
			break;
		}
		t_ns = P == 1 ? st.min_ns : st.median_ns;	/* lmbench's statistic */
		s.lat_ns = t_ns / (double)s.n;
		r.test = (version == 1 ? v1 : v2)[k].name;
		r.kernel = "c";
		r.params = params;
		r.unit = UNIT_MB_S;
		r.better = 1;
		r.value = bytes / t_ns * 1e3;
		r.min = bytes / st.max_ns * 1e3;
		r.max = bytes / st.min_ns * 1e3;
		r.iters = st.iters;
		r.samples = st.n;
		r.flags = st.flags;
		r.note = (version == 1 ? v1 : v2)[k].note;
		emit_result(ctx, &r);
	}
	team_stop(t);
out:
	for (i = 0; i < P; i++) {
		mem_unmap(&s.copy[i].r[0]);
		mem_unmap(&s.copy[i].r[1]);
		mem_unmap(&s.copy[i].r[2]);
	}
	free(s.copy);
	return rc;
}

DRIVER static int stream_run_main(struct run_ctx *ctx)
{
	struct stream_run run = { 0 };
	struct stream_arrays arr = { 0 };
	struct mem_region ra, rb, rc;
	const char *sets[16];
	struct team *t = NULL;
	uint64_t llc = sys_llc_size(), n;
	char why[160];
	int nsets, i, rc_ = EXIT_OK, err;

	if (ctx->argc) {
		errorf("unexpected argument '%s'", ctx->argv[0]);
		return EXIT_USAGE;
	}
	if (opt_given(ctx, PARALLEL) || opt_given(ctx, LEN) || opt_given(ctx, LM_VERSION) ||
	    opt_given(ctx, WARMUP_US) || opt_given(ctx, TRIES))
		return lmbench_main(ctx);
	if (opt_given(ctx, ELEMENTS))
		n = opt_size(ctx, ELEMENTS);
	else if (llc)
		n = llc * 4 / 8 > (1u << 20) ? llc * 4 / 8 : (1u << 20);
	else
		n = (64ull << 20) / 3 / 8;
	run.threads = (unsigned)opt_int(ctx, THREADS);
	if (!run.threads)
		run.threads = (unsigned)ctx->ncpus;
	n = (n + (uint64_t)SLICE_ELEMS * run.threads - 1) / ((uint64_t)SLICE_ELEMS * run.threads) *
	    SLICE_ELEMS * run.threads;		/* whole slices for every thread */
	if (n > SIZE_MAX / 8 / 3 || mem_fits(n * 8 * 3, why, sizeof(why))) {
		errorf("%llu elements per array: %s", (unsigned long long)n,
		       n > SIZE_MAX / 8 / 3 ? "too large for this machine" : why);
		return EXIT_FAIL;
	}
	if (llc && n * 8 < 4 * llc)
		warnf("each array (%.1f MiB) is smaller than 4x the last-level cache (%.1f MiB): "
		      "results include cache bandwidth", (double)n * 8 / 1048576,
		      (double)llc / 1048576);
	run.n = (size_t)n;
	run.nt = stream_use_nt(run.n, llc);
	run.ntimes = (unsigned)opt_int(ctx, NTIMES);
	run.tick_us = bench_clock_info()->res_ns / 1e3;
	if ((nsets = pick_sets(ctx, sets, 16)) < 0)
		return EXIT_USAGE;

	if (mem_map(&ra, run.n * 8, 4096, MEM_HUGE_DEFAULT) ||
	    mem_map(&rb, run.n * 8, 4096, MEM_HUGE_DEFAULT) ||
	    mem_map(&rc, run.n * 8, 4096, MEM_HUGE_DEFAULT)) {
		errorf("cannot map the arrays: %s", strerror(errno));
		return EXIT_FAIL;
	}
	arr.a = ra.p;
	arr.b = rb.p;
	arr.c = rc.p;
	arr.n = run.n;
	arr.threads = run.threads;
	arr.init = 1;
	t = team_start(run.threads, ctx->cpus, ctx->ncpus, stream_setup, stream_work, &arr, &err);
	if (!t) {
		rc_ = err;
		goto out;
	}
	{				/* how long one pass takes, as STREAM says it */
		uint64_t t0 = bench_clock_ns();

		arr.init = 2;
		team_body(t, 1);
		run.pass_us = (double)(bench_clock_ns() - t0) / 1e3;
	}
	emit_set_arg(ctx->rep, &run);
	for (i = 0; i < nsets; i++) {
		int r = run_set(ctx, t, &arr, &run, sets[i]);

		if (r == EXIT_WRONG) {
			errorf("kernel set '%s' failed STREAM's validation", sets[i]);
			rc_ = EXIT_WRONG;
		} else if (r != EXIT_OK && rc_ == EXIT_OK) {
			rc_ = r;
		}
	}
	team_stop(t);
out:
	mem_unmap(&ra);
	mem_unmap(&rb);
	mem_unmap(&rc);
	return rc_;
}

TEXT(stream_summary, "memory bandwidth, STREAM's kernels (lmbench's stream)");
TEXT(stream_usage,
	"usage: stream [-n N] [--threads=N] [--ntimes=N] [--kernel=c|best|all|NAME]\n"
	"       stream [-P N] [-M BYTES] [-v 1|2] [-W US] [-N N]   (lmbench3's stream)\n"
	"\n"
	"STREAM's method: copy (c=a), scale (b=3c), add (c=a+b) and triad\n"
	"(a=b+3c) over three arrays of N doubles (default: each 4x the last-level\n"
	"cache), each kernel timed on its own in every pass, the first pass not\n"
	"counted. Rates count the bytes read plus written (MB = 10^6 bytes).\n"
	"Prints STREAM's table (best rate; average, minimum and maximum time)\n"
	"and its validation of the arrays. Copy is libc's memcpy, what GCC -O2\n"
	"makes of STREAM's copy loop; the loop itself is a record of its own\n"
	"(copy-c). --threads splits the arrays, each thread touching its own\n"
	"slice first. --kernel=best adds a table of the fastest tuned kernels\n"
	"(SSE2/AVX2/NEON/RVV), all one of each set, NAME that set alone; marked\n"
	"tuned: not STREAM results.\n"
	"\n"
	"Any of -P -M -v -W -N switches to lmbench3's stream, another method with\n"
	"another output: each of P threads owns three arrays of BYTES/24 doubles,\n"
	"rotated after every pass; each kernel is timed alone, the fastest of N\n"
	"repetitions (the median with P > 1). -v 1: copy, scale, add (timed with\n"
	"the sum kernel, as lmbench3 does) and triad; -v 2: fill, copy, daxpy and\n"
	"sum. It prints lmbench's 'STREAM K latency' and 'bandwidth' lines on\n"
	"stderr, and every record's note starts 'lmbench3's stream method'.\n");

const struct applet applet_stream = {
	.name    = "stream",
	.summary = TEXT_PTR(stream_summary),
	.usage   = TEXT_PTR(stream_usage),
	.opts    = opts,
	.unit    = UNIT_MB_S,
	.classic = &emit_stream,
	.reps    = 11,			/* lmbench's TRIES (STREAM's mode uses --ntimes) */
	.run     = stream_run_main,
};
