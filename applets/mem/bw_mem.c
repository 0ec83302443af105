/* bw_mem.c - memory bandwidth, lmbench's method and output
 *
 * SPDX-License-Identifier: MIT
 *
 * A reimplementation of lmbench's bw_mem from its published method (not
 * lmbench's code, and its numbers are not "lmbench results"). The buffer
 * is walked in 512-byte chunks of 128 32-bit words; rd, wr, rdwr and cp
 * touch every 4th word (one word per 16 bytes), frd, fwr and fcp every
 * word, bzero and bcopy call libc. Every op is credited the whole buffer
 * once per pass, copies included (read and written bytes are not added),
 * so cp is about half of STREAM copy. MB = 10^6 bytes. The result is the
 * median pass. Output, like lmbench, is one line on stderr:
 * "SIZE_MB MB_PER_S" ("%.2f %.2f", "%.6f" for a value below 1).
 */
#include "applet.h"
#include "lmbench.h"
#include "bw_mem.h"
#include "mem.h"
#include "team.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OPTIONS(O) \
	LMBENCH_OPT_P(O, 1024, "copies run in parallel (threads)") \
	LMBENCH_OPTS_WN(O)
OPT_TABLE(bw_mem, OPTIONS);

const char *const bw_op_names[BW_NOPS] = {
	"rd", "wr", "rdwr", "cp", "frd", "fwr", "fcp", "bzero", "bcopy",
};

enum { CHUNK = BW_CHUNK, DST_SLACK = 2048, CONFLICT_OFFSET = 1920 };

struct bw_buf {
	struct mem_region	src, dst;
	int			*s, *d;		/* where the op reads and writes */
};

struct bw {
	enum bw_op	op;
	size_t		size;
	int		conflict;
	struct bw_buf	*bufs;		/* one per worker */
};

/* The kernels, in lmbench's shapes. `n` is the buffer size; chunks start
 * while start <= end - 512. The 32-position ops touch words 0, 4, ..., 124
 * of each chunk. rd and frd add a chunk's words in ONE expression and add
 * that to the sum once per chunk, as lmbench does: each chunk's additions
 * are a chain of their own, so out-of-order cores overlap the chains of
 * neighbouring chunks, and GCC (signed int: no reassociation) neither
 * vectorises frd nor carries one chain through the whole buffer. rdwr adds
 * word by word into the running sum (one chain), as lmbench does. The
 * buffers hold 0 and 1 (and the tests' small values), so a chunk's int
 * sum cannot overflow; the per-pass total wraps as unsigned, and rdwr's
 * running int sum restarts every RDWR_SEG chunks (it adds at most 32 ones
 * per chunk), far beyond any cache, so no sum overflows. */
enum { RDWR_SEG = 1 << 24 };

#define AT4(X) X(0) X(4) X(8) X(12) X(16) X(20) X(24) X(28) X(32) X(36) X(40) \
	X(44) X(48) X(52) X(56) X(60) X(64) X(68) X(72) X(76) X(80) X(84) X(88) \
	X(92) X(96) X(100) X(104) X(108) X(112) X(116) X(120) X(124)
#define AT1_8(X, b) X(b) X(b + 1) X(b + 2) X(b + 3) X(b + 4) X(b + 5) X(b + 6) X(b + 7)
#define AT1(X) AT1_8(X, 0) AT1_8(X, 8) AT1_8(X, 16) AT1_8(X, 24) AT1_8(X, 32) \
	AT1_8(X, 40) AT1_8(X, 48) AT1_8(X, 56) AT1_8(X, 64) AT1_8(X, 72) AT1_8(X, 80) \
	AT1_8(X, 88) AT1_8(X, 96) AT1_8(X, 104) AT1_8(X, 112) AT1_8(X, 120)
#define TERM(i) p[i] +
#define WR(i) p[i] = 1;
#define RDWR(i) part += p[i]; p[i] = 1;
#define CP(i) q[i] = p[i];

static unsigned bw_rdwr(int *p, const int *end)
{
	unsigned sum = 0;

	while (p <= end) {
		const int *stop = (size_t)(end - p) / 128 < RDWR_SEG ? end : p + (size_t)RDWR_SEG * 128;
		int part = 0;

		for (; p <= stop; p += 128) {
			AT4(RDWR)
		}
		sum += (unsigned)part;
	}
	return sum;
}

int bw_run_op(enum bw_op op, int *s, int *d, size_t n)
{
	int *p = s, *q = d, *end = (int *)((char *)s + n - CHUNK);
	unsigned sum = 0;

	switch (op) {
	case OP_RD:   for (; p <= end; p += 128) sum += (unsigned)(AT4(TERM) 0); break;
	case OP_WR:   for (; p <= end; p += 128) { AT4(WR) } break;
	case OP_RDWR: sum = bw_rdwr(p, end); break;
	case OP_CP:   for (; p <= end; p += 128, q += 128) { AT4(CP) } break;
	case OP_FRD:  for (; p <= end; p += 128) sum += (unsigned)(AT1(TERM) 0); break;
	case OP_FWR:  for (; p <= end; p += 128) { AT1(WR) } break;
	case OP_FCP:  for (; p <= end; p += 128, q += 128) { AT1(CP) } break;
	case OP_BZERO: memset(s, 0, n); break;
	case OP_BCOPY: memmove(d, s, n); break;
	case BW_NOPS: break;
	}
	bench_clobber();
	return (int)sum;
}
#undef AT4
#undef AT1_8
#undef AT1
#undef TERM
#undef WR
#undef RDWR
#undef CP

static int needs_dst(enum bw_op op)
{
	return op == OP_CP || op == OP_FCP || op == OP_BCOPY;
}

/* Per worker, on the worker: map, zero the source, place the destination. */
static int bw_setup(void *arg, unsigned idx)
{
	struct bw *b = arg;
	struct bw_buf *u = &b->bufs[idx];

	if (mem_map(&u->src, b->size, 0, MEM_HUGE_DEFAULT)) {
		errorf("cannot map %zu bytes: %s", b->size, strerror(errno));
		return EXIT_FAIL;
	}
	memset(u->src.p, 0, b->size);
	u->s = u->src.p;
	if (needs_dst(b->op)) {
		if (mem_map(&u->dst, b->size + DST_SLACK, 0, MEM_HUGE_DEFAULT)) {
			errorf("cannot map %zu bytes: %s", b->size + DST_SLACK, strerror(errno));
			return EXIT_FAIL;
		}
		u->d = (int *)((char *)u->dst.p + (b->conflict ? CONFLICT_OFFSET : 0));
	}
	return EXIT_OK;
}

static void bw_work(void *arg, unsigned idx, uint64_t iters)
{
	struct bw *b = arg;

	unsigned sum = 0;

	while (iters--)
		sum += (unsigned)bw_run_op(b->op, b->bufs[idx].s, b->bufs[idx].d, b->size);
	bench_keep_u64((uint64_t)(unsigned)sum);
}

static int bw_mem_run(struct run_ctx *ctx)
{
	struct bw b = { 0 };
	struct result r = { 0 };
	struct bench_stats st;
	struct team *t;
	unsigned P = lmbench_opts(ctx), i;
	char why[160], params[96], metric[48], sz[32];
	uint64_t size, need;
	int rc;

	if (ctx->argc < 2 || ctx->argc > 3) {
		errorf("usage: bw_mem [-P N] [-W US] [-N N] SIZE OP [conflict] (try 'bw_mem --help')");
		return EXIT_USAGE;
	}
	if (parse_size(ctx->argv[0], &size) || size < CHUNK) {
		errorf("SIZE: '%s' is not a size of at least 512 bytes (e.g. 512, 64k, 8m)",
		       ctx->argv[0]);
		return EXIT_USAGE;
	}
	for (i = 0; i < BW_NOPS && strcmp(bw_op_names[i], ctx->argv[1]); i++)
		;
	if (i == BW_NOPS) {
		errorf("OP: '%s' is not one of rd wr rdwr cp frd fwr fcp bzero bcopy", ctx->argv[1]);
		return EXIT_USAGE;
	}
	if (size > SIZE_MAX / 4 / P) {
		errorf("SIZE %s x %u is beyond this machine's address space", ctx->argv[0], P);
		return EXIT_FAIL;
	}
	b.op = (enum bw_op)i;
	b.size = (size_t)size;
	b.conflict = ctx->argc == 3;
	need = (size + (needs_dst(b.op) ? size + DST_SLACK : 0)) * P;
	if (mem_fits(need, why, sizeof(why))) {
		errorf("bw_mem %s %s with %u cop%s %s", ctx->argv[0], ctx->argv[1], P,
		       P == 1 ? "y" : "ies", why);
		return EXIT_FAIL;
	}

	b.bufs = xcalloc(P, sizeof(*b.bufs));
	t = team_start(P, ctx->cpus, ctx->ncpus, bw_setup, bw_work, &b, &rc);
	if (!t)
		goto out;
	rc = bench_measure(&ctx->bench, team_body, t, &st) ? EXIT_FAIL : EXIT_OK;
	team_stop(t);
	if (rc)
		goto out;

	format_size(size, sz, sizeof(sz));
	snprintf(params, sizeof(params), "size=%s%s", sz, b.conflict ? ",conflict" : "");
	if (P > 1)
		snprintf(params + strlen(params), sizeof(params) - strlen(params), ",P=%u", P);
	if (size % (1 << 20) == 0 && P == 1 && !b.conflict) {
		snprintf(metric, sizeof(metric), "bw_mem-%s-%llumb", bw_op_names[b.op],
			 (unsigned long long)(size >> 20));
		r.metric = metric;
	}
	r.test = bw_op_names[b.op];
	if (b.op == OP_BZERO || b.op == OP_BCOPY)
		r.note = "libc's (musl's) memset/memmove: lmbench's figure is its own libc's";
	r.params = params;
	r.unit = UNIT_MB_S;
	r.x = (double)size;
	emit_rate(ctx, r, &st, (double)size * P / 1e6);
out:
	for (i = 0; i < P; i++) {
		mem_unmap(&b.bufs[i].src);
		mem_unmap(&b.bufs[i].dst);
	}
	free(b.bufs);
	return rc;
}

TEXT(bw_mem_summary, "memory bandwidth (lmbench's bw_mem)");
TEXT(bw_mem_usage,
	"usage: bw_mem [-P N] [-W US] [-N N] SIZE OP [conflict]\n"
	"\n"
	"Memory bandwidth of OP over a SIZE-byte buffer (k/m: 1024; at least\n"
	"512) by lmbench's method. OP is rd, wr, rdwr, cp, frd, fwr, fcp, bzero\n"
	"or bcopy: rd, wr, rdwr and cp touch one 32-bit word in four, the f ops\n"
	"every word, bzero and bcopy call libc. A third word (lmbench's scripts\n"
	"say conflict) starts the copy's destination 1920 bytes into its page.\n"
	"-P N runs N threads, each on its own buffers, and sums their bandwidth.\n"
	"Every pass is credited SIZE bytes (a copy counts once; MB = 10^6\n"
	"bytes); the median of the repetitions is printed on stderr, as\n"
	"lmbench's one line: the size in MB and MB/s.\n");

const struct applet applet_bw_mem = {
	.name    = "bw_mem",
	.summary = TEXT_PTR(bw_mem_summary),
	.usage   = TEXT_PTR(bw_mem_usage),
	.opts    = opts,
	.unit    = UNIT_MB_S,
	.classic = &emit_lmbench_bw,
	.reps    = 11,
	.min_time = 0.02,
	.run     = bw_mem_run,
};
