/* membw.c - memory bandwidth of every kernel this CPU can run: read,
 * write, copy and fill, one row per kernel (the hardware's peak)
 *
 * SPDX-License-Identifier: MIT
 *
 * Each TEST runs once per usable kernel of applets/mem/membw.h's table: the
 * portable C reference first, then libc, then the tuned kernels (AArch64
 * LDP/STP, LD1/ST1, STNP, DC ZVA, PRFM, two-pass; ARMv7 NEON VLD1/VST1
 * with PLD, two-pass; x86_64 SSE2/AVX2 with normal and non-temporal
 * stores, prefetchnta, two-pass, rep movsb/stosb; riscv64 RVV, whose note
 * gives the vector length, "vlen=256"). Buffers default to 4x the
 * last-level cache (at least 32 MiB), so the figures are DRAM bandwidth.
 * --kernel=best reports each test's reference and the row that a short
 * trial of every usable row, at the run's size and thread count, found
 * fastest: which kernel wins depends on the machine and the size, not on
 * the order of the table. 1 MB = 1,000,000 bytes; "copy" counts the bytes
 * copied once (tinymembench's convention: half of STREAM's count).
 * Every kernel's result is checked after timing (exit 3 on a wrong one).
 */
#include "applet.h"
#include "cpu.h"
#include "mem.h"
#include "membw.h"
#include "sys.h"
#include "team.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OPTIONS(O) \
	O(SIZE, "size", OPT_SIZE, \
	  "bytes per buffer (k/m: 1024) [4x the last-level cache, shared by the -P threads; at least 32M]", .min = 4096, \
	  .max = 1e13, .metavar = "BYTES") \
	O(PARALLEL, "parallel", OPT_INT, "threads, each with its own buffers", .letter = 'P', \
	  .def = "1", .min = 1, .max = 1024, .metavar = "N", .key = OPTK_PARALLEL) \
	O(HUGEPAGES, "hugepages", OPT_CHOICE, \
	  "madvise the buffers for huge pages, against them, or neither", .def = "default", \
	  .choices = "default|on|off")
OPT_TABLE(membw, OPTIONS);

enum { DST_SKEW = 2112 };	/* dst starts 33 cache lines into its page: no 4K aliasing */

static const uint64_t pattern = 0x5aa5c33c0ff0e11eull;

struct mw_buf {
	struct mem_region	src, dst;
	unsigned char		*s, *d;
};

struct mw {
	size_t			size;
	enum mem_huge		huge;
	const struct mem_kernel	*k;		/* running now */
	struct mw_buf		*bufs;		/* one per worker */
	uint64_t		*sums;		/* rd results per worker */
};

static int mw_setup(void *arg, unsigned idx)
{
	struct mw *m = arg;
	struct mw_buf *b = &m->bufs[idx];
	uint64_t *w;
	size_t i;

	if (mem_map(&b->src, m->size, 0, m->huge) ||
	    mem_map(&b->dst, m->size + DST_SKEW, 0, m->huge)) {
		errorf("cannot map %zu bytes: %s", m->size, strerror(errno));
		return EXIT_FAIL;
	}
	b->s = b->src.p;
	b->d = (unsigned char *)b->dst.p + DST_SKEW;
	w = (uint64_t *)b->s;	/* first touch here, on this worker; varied content */
	for (i = 0; i < m->size / 8; i++)
		w[i] = i * 0x9e3779b97f4a7c15ull ^ idx;
	memset(b->d, 0, m->size);
	return EXIT_OK;
}

static void mw_work(void *arg, unsigned idx, uint64_t iters)
{
	struct mw *m = arg;
	struct mw_buf *b = &m->bufs[idx];
	uint64_t x = 0;

	while (iters--)
		x ^= m->k->fn(b->d, b->s, m->size, pattern);
	m->sums[idx] = x;
	bench_keep_u64(x);
}

/* Did kernel k do its job on worker idx's buffers? */
static int mw_verify(const struct mw *m, unsigned idx, uint64_t rd_ref)
{
	const struct mw_buf *b = &m->bufs[idx];
	const uint64_t *d = (const uint64_t *)b->d;
	size_t i;

	switch (m->k->head.op) {
	case MEM_RD:
		return m->k->fn((void *)b->d, b->s, m->size, pattern) == rd_ref;
	case MEM_WR:
		for (i = 0; i < m->size / 8; i++)
			if (d[i] != pattern)
				return 0;
		return 1;
	case MEM_COPY:
		return memcmp(b->d, b->s, m->size) == 0;
	case MEM_FILL:
		for (i = 0; i < m->size / 8; i++)
			if (d[i])
				return 0;
		return 1;
	default:
		return 0;
	}
}

/* The rows of the chosen tests whose preconditions the buffers meet (64-byte
 * aligned, a multiple of a page), as --kernel picks them (default: all;
 * best: all of them too, and *trial = 1 for best_of() to choose): their
 * number in *n, the rows in the array returned; NULL after a usage
 * error. */
static const struct mem_kernel **pick(const struct run_ctx *ctx, unsigned tests, size_t *n,
				      int *trial)
{
	const struct mem_kernel **rows = xcalloc(mem_kernels_len, sizeof(*rows));
	const struct kernel **heads = xcalloc(mem_kernels_len, sizeof(*heads));
	unsigned char *sel = xcalloc(mem_kernels_len, 1);
	size_t k, m = 0;

	for (k = 0; k < mem_kernels_len; k++) {
		const struct mem_kernel *kk = &mem_kernels[k];

		if ((tests & (1u << kk->head.op)) && kk->head.align <= 64 && !(4096 % kk->head.gran))
			heads[m++] = &kk->head;
	}
	*trial = ctx->kernel && !strcmp(ctx->kernel, "best");
	if (kernel_select(heads, m, *trial ? "all" : ctx->kernel, "all", ctx->cpu, sel) < 0) {
		free(rows);
		rows = NULL;
	} else {
		for (*n = 0, k = 0; k < m; k++)
			if (sel[k])	/* the head is the row's first member */
				rows[(*n)++] = (const struct mem_kernel *)(const void *)heads[k];
	}
	free(heads);
	free(sel);
	return rows;
}

/* --kernel=best: rows[] (every usable row of the chosen tests, grouped by
 * test) cut down to each test's reference and its fastest row, as a trial
 * at the run's size finds it: three short samples of each row (at most
 * 20 ms each), the lowest median time wins; a test whose reference wins
 * keeps it alone. *nrows is updated; the winners' counts of rows tried
 * go to tried[] (0 for a reference). Returns EXIT_OK or EXIT_FAIL. */
static int best_of(const struct run_ctx *ctx, struct mw *m, struct team *t,
		   const struct mem_kernel **rows, size_t *nrows, unsigned *tried)
{
	struct bench_opts o = ctx->bench;
	size_t k, j, out = 0;

	o.samples = 3;
	o.warmup = 0;
	if (o.min_sample_s > 0.02)
		o.min_sample_s = 0.02;
	if (o.budget_s > 1)
		o.budget_s = 1;
	for (k = 0; k < *nrows; k = j) {	/* rows[k..j): one test's */
		double fastest = 0;
		size_t win = k;

		for (j = k; j < *nrows && rows[j]->head.op == rows[k]->head.op; j++) {
			struct bench_stats st;

			if (j == k)	/* the reference, reported in any case */
				continue;
			m->k = rows[j];
			if (bench_measure(&o, team_body, t, &st))
				return EXIT_FAIL;
			if (st.median_ns > 0 && (!fastest || st.median_ns < fastest))
				fastest = st.median_ns, win = j;
		}
		m->k = rows[k];	/* the reference against the fastest tuned row */
		if (win != k) {
			struct bench_stats st;

			if (bench_measure(&o, team_body, t, &st))
				return EXIT_FAIL;
			if (st.median_ns > 0 && st.median_ns <= fastest)
				win = k;
		}
		tried[out] = 0;
		rows[out++] = rows[k];
		if (win != k) {
			tried[out] = (unsigned)(j - k);
			rows[out++] = rows[win];
		}
	}
	*nrows = out;
	return EXIT_OK;
}

static int membw_run(struct run_ctx *ctx)
{
	struct mw m = { 0 };
	unsigned P = (unsigned)opt_int(ctx, PARALLEL), i, tests = 0;
	const struct mem_kernel **rows;
	uint64_t size, llc = sys_llc_size();
	char why[160], params[96], sz[32], note[160];
	int a, rc = EXIT_OK, trial;
	size_t k, nrows;
	unsigned *tried;

	for (a = 0; a < ctx->argc; a++) {
		int op;

		for (op = 0; op < MEM_NOPS && strcmp(mem_op_names[op], ctx->argv[a]); op++)
			;
		if (op == MEM_NOPS) {
			errorf("TEST: '%s' is not one of rd wr copy fill", ctx->argv[a]);
			return EXIT_USAGE;
		}
		tests |= 1u << op;
	}
	if (!tests)
		tests = (1u << MEM_NOPS) - 1;
	if (!(rows = pick(ctx, tests, &nrows, &trial)))
		return EXIT_USAGE;
	tried = xcalloc(nrows ? nrows : 1, sizeof(*tried));
	if (opt_given(ctx, SIZE))
		size = opt_size(ctx, SIZE);
	else
		/* the threads share the cache: 4x it in all is past it */
		size = 4 * llc / P > (32u << 20) ? 4 * llc / P : (32u << 20);
	size &= ~(uint64_t)4095;	/* every kernel's granularity divides a page */
	if (size > SIZE_MAX / 4 || mem_fits((2 * size + DST_SKEW) * P, why, sizeof(why))) {
		errorf("buffers of %s x 2 x %u: %s", format_size(size, sz, sizeof(sz)), P,
		       size > SIZE_MAX / 4 ? "too large for this machine" : why);
		free(rows);
		free(tried);
		return EXIT_FAIL;
	}
	mem_parse_huge(opt_str(ctx, HUGEPAGES), &m.huge);
	m.size = (size_t)size;
	m.bufs = xcalloc(P, sizeof(*m.bufs));
	m.sums = xcalloc(P, sizeof(*m.sums));
	snprintf(params, sizeof(params), "size=%s%s", format_size(size, sz, sizeof(sz)),
		 m.huge == MEM_HUGE_DEFAULT ? "" : m.huge == MEM_HUGE_ON ? ",huge=on" : ",huge=off");
	if (P > 1)
		snprintf(params + strlen(params), sizeof(params) - strlen(params), ",P=%u", P);

	{
		struct team *t = team_start(P, ctx->cpus, ctx->ncpus, mw_setup, mw_work, &m, &rc);
		uint64_t rd_ref[1024];

		if (!t)
			goto out;
		for (i = 0; i < P; i++)	/* the C reference's answer for each worker's data */
			rd_ref[i % 1024] = mem_kernels[0].fn(NULL, m.bufs[i].s, m.size, 0);
		if (trial && (rc = best_of(ctx, &m, t, rows, &nrows, tried)))
			nrows = 0;
		for (k = 0; k < nrows; k++) {
			const struct mem_kernel *kk = rows[k];
			struct bench_stats st;
			struct result r = { 0 };

			m.k = kk;
			if (bench_measure(&ctx->bench, team_body, t, &st)) {
				rc = EXIT_FAIL;
				break;
			}
			r.test = mem_op_names[kk->head.op];
			r.kernel = kk->head.name;
			r.params = params;
			r.unit = UNIT_MB_S;
			snprintf(note, sizeof(note), "%s", kk->head.desc);
			if (tried[k])
				snprintf(note + strlen(note), sizeof(note) - strlen(note),
					 "; fastest of %u rows in a trial", tried[k]);
#if defined(__riscv) && __riscv_xlen == 64
			if (kk->head.needs & CPU_RVV)	/* the vector length it ran at */
				snprintf(note + strlen(note), sizeof(note) - strlen(note),
					 ", vlen=%u", cpu_riscv_vlen());
#endif
			r.note = note;
			for (i = 0; i < P; i++)
				if (!mw_verify(&m, i, kk->head.op == MEM_RD ? rd_ref[i % 1024] : 0)) {
					errorf("kernel %s %s gave a wrong result", r.test, kk->head.name);
					r.flags |= RESULT_FAILED;
					r.note = "wrong result";
					rc = EXIT_WRONG;
					break;
				}
			emit_rate(ctx, r, &st, (double)m.size * P / 1e6);
		}
		team_stop(t);
	}
out:
	free(rows);
	free(tried);
	for (i = 0; i < P; i++) {
		mem_unmap(&m.bufs[i].src);
		mem_unmap(&m.bufs[i].dst);
	}
	free(m.bufs);
	free(m.sums);
	return rc;
}

TEXT(membw_summary, "memory bandwidth of every kernel this CPU can run");
TEXT(membw_usage,
	"usage: membw [--size=BYTES] [-P N] [--hugepages=default|on|off] [TEST...]\n"
	"\n"
	"Read, write, copy and fill bandwidth (TEST: rd wr copy fill; default\n"
	"all) of every kernel this CPU can run, one row each: the portable C\n"
	"reference, libc, then the tuned kernels (AArch64 LDP/STP, LD1/ST1,\n"
	"STNP, DC ZVA, PRFM; ARMv7 NEON; x86_64 SSE2/AVX2, rep movsb/stosb;\n"
	"riscv64 RVV), with normal and non-temporal stores, prefetching and\n"
	"two-pass copies where the CPU has them. rd XORs every 64-bit word, wr\n"
	"stores a pattern, fill zeros; copy counts the bytes copied once;\n"
	"MB = 10^6 bytes. Each result is checked after it is timed. -P N runs N\n"
	"threads, each on its own buffers, and reports their sum. --kernel=c\n"
	"runs the references, best each test's reference and the row a short\n"
	"trial of all of them at this size finds fastest, NAME,... those\n"
	"kernels (default all).\n");

const struct applet applet_membw = {
	.name    = "membw",
	.summary = TEXT_PTR(membw_summary),
	.usage   = TEXT_PTR(membw_usage),
	.opts    = opts,
	.unit    = UNIT_MB_S,
	.reps    = 5,
	.min_time = 0.1,
	.run     = membw_run,
};
