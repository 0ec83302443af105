/* zlib.c - deflate and inflate throughput of the linked zlib, and the
 * CRC-32 and Adler-32 throughput of zlib and of benchbox's own kernels
 *
 * SPDX-License-Identifier: MIT
 *
 * The data is a corpus generated at run time from fixed seeds (nothing is
 * shipped): stripes of 64 KiB, each half text-like (words from a built-in
 * list, punctuation, line breaks), 30% structured binary (16-byte
 * little-endian records with counters and repeated fields) and 20%
 * pseudo-random bytes (incompressible). Each deflate iteration is
 * deflateReset() plus one deflate(Z_FINISH) call over the whole corpus
 * into a deflateBound()-sized buffer (zlib wrapper, window 15, memLevel 8,
 * default strategy: compress2()'s settings); each inflate iteration is
 * inflateReset() plus one inflate(Z_FINISH) call into a buffer of the
 * corpus size. Rates are MB/s of uncompressed data (1 MB = 10^6 bytes),
 * the median of the samples; the compression ratio (uncompressed /
 * compressed) is a record of its own. Every run checks the round trip
 * (the inflated data equals the corpus) and every checksum kernel's result
 * against zlib's own on the corpus: a difference exits 3.
 *
 * Caveats: one-shot calls over a buffer in memory measure the algorithm,
 * not file I/O or the stream API's per-call overhead as gzip and pigz pay
 * it; the corpus is synthetic, so ratios and speeds are comparable between
 * machines but not with a real data set.
 */
#include "applet.h"
#include "cpu.h"
#include "mem.h"
#include "outfile.h"
#include "proc.h"
#include "scratch.h"
#include "team.h"
#include "util.h"
#include "zlib_kernels.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#define OPTIONS(O) \
	O(LEVEL, "level", OPT_STR, "deflate levels 0-9, comma-separated", .def = "1,6,9", \
	  .metavar = "LEVEL[,LEVEL...]") \
	O(SIZE, "size", OPT_SIZE, "corpus size (default 4M, --quick 256K)", .min = 1024, \
	  .max = 1 << 30, .metavar = "BYTES") \
	O(PARALLEL, "parallel", OPT_INT, "copies run in parallel (threads)", .letter = 'P', \
	  .def = "1", .min = 1, .max = 1024, .key = OPTK_PARALLEL) \
	O(DUMP, "dump", OPT_STR, "write the corpus (--size bytes) to FILE and exit", \
	  .metavar = "FILE")
OPT_TABLE(zlib, OPTIONS);

/* ---- the corpus ---- */

/* splitmix64 (Steele, Lea, Flood 2014): one 64-bit state, good mixing. */
static uint64_t sm64(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ z >> 30) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ z >> 27) * 0x94d049bb133111ebull;
	return z ^ z >> 31;
}

static uint64_t part_seed(size_t stripe, unsigned part)
{
	uint64_t s = 0x62656e6368626f78ull ^ ((uint64_t)stripe * 4 + part);

	return sm64(&s);
}

static const char *const words[] = {
	"the", "of", "and", "to", "a", "in", "is", "it", "that", "for", "on", "with",
	"as", "was", "be", "at", "by", "this", "from", "or", "have", "not", "are", "but",
	"board", "memory", "clock", "kernel", "cache", "driver", "signal", "value",
	"power", "thermal", "device", "buffer", "latency", "register", "voltage", "timer",
	"bandwidth", "interrupt", "processor", "benchmark", "frequency", "controller",
	"measurement", "configuration", "when", "which", "each", "every", "after",
	"before", "while", "under", "between", "through", "first", "second", "read",
	"write", "test", "result",
};
enum { NWORDS = sizeof(words) / sizeof(words[0]), LINE = 72 };

/* Text: sentences of 3..18 words (short words far more frequent), commas,
 * an occasional number, lines broken before column 72, paragraphs. */
static void gen_text(unsigned char *p, size_t n, uint64_t seed)
{
	size_t col = 0, left = 0;	/* words left in the sentence */
	char w[24];

	while (n) {
		uint64_t r = sm64(&seed);
		size_t len, i;
		int start = !left;

		if (!left)
			left = 3 + r % 16;
		if (r >> 60 == 0)		/* 1 in 16: a number */
			len = (size_t)snprintf(w, sizeof(w), "%u", (unsigned)(r >> 20) % 10000);
		else {				/* the product of two draws skews to short words */
			const char *s = words[(r >> 8 & 63) * (r >> 14 & 63) / 64 % NWORDS];

			len = strlen(s);
			memcpy(w, s, len);
		}
		if (start && w[0] >= 'a' && w[0] <= 'z')
			w[0] = (char)(w[0] - 'a' + 'A');
		if (--left == 0)
			w[len++] = (r >> 24 & 15) == 0 ? '?' : '.';
		else if ((r >> 28 & 7) == 0)
			w[len++] = ',';
		if (col && col + 1 + len > LINE) {
			*p++ = '\n';
			n--;
			col = 0;
			if (!left && (r >> 32 & 3) == 0 && n) {	/* a paragraph ends */
				*p++ = '\n';
				n--;
			}
		} else if (col && n) {
			*p++ = ' ';
			n--;
			col++;
		}
		for (i = 0; i < len && n; i++, n--)
			*p++ = (unsigned char)w[i];
		col += len;
	}
}

static void put_le(unsigned char *p, uint64_t v, unsigned bytes)
{
	while (bytes--) {
		*p++ = (unsigned char)v;
		v >>= 8;
	}
}

/* Binary: 16-byte little-endian records: u32 sequence number, u16 type
 * (0..4), u16 flags (0x0100 | type), u32 timestamp rising by 1..16, u32
 * value (small; zero for type 0). The last record may be cut short. */
static void gen_records(unsigned char *p, size_t n, uint64_t seed, uint32_t seq)
{
	uint32_t ts = 1700000000u + seq;

	while (n) {
		unsigned char rec[16];
		uint64_t r = sm64(&seed);
		unsigned type = (unsigned)(r % 5);
		size_t k = n < 16 ? n : 16;

		ts += 1 + (uint32_t)(r >> 8 & 15);
		put_le(rec, seq++, 4);
		put_le(rec + 4, type, 2);
		put_le(rec + 6, 0x0100 | type, 2);
		put_le(rec + 8, ts, 4);
		put_le(rec + 12, type ? (r >> 16) % 1000 : 0, 4);
		memcpy(p, rec, k);
		p += k;
		n -= k;
	}
}

static void gen_random(unsigned char *p, size_t n, uint64_t seed)
{
	for (; n >= 8; n -= 8, p += 8)
		put_le(p, sm64(&seed), 8);
	if (n)
		put_le(p, sm64(&seed), (unsigned)n);
}

void zc_stripe_parts(size_t len, size_t *text, size_t *bin, size_t *rnd)
{
	*text = len / 2;
	*bin = len * 3 / 10;
	*rnd = len - *text - *bin;
}

void zc_generate(unsigned char *buf, size_t n)
{
	size_t off, s;

	for (off = 0, s = 0; off < n; off += ZC_STRIPE, s++) {
		size_t len = n - off < ZC_STRIPE ? n - off : ZC_STRIPE, t, b, r;

		zc_stripe_parts(len, &t, &b, &r);
		gen_text(buf + off, t, part_seed(s, 0));
		gen_records(buf + off + t, b, part_seed(s, 1), (uint32_t)(s * 10000));
		gen_random(buf + off + t + b, r, part_seed(s, 2));
	}
}

/* ---- the round-trip check ---- */

int zc_check(const unsigned char *orig, const unsigned char *out, size_t n, int zrc,
	     size_t produced)
{
	return zrc == Z_STREAM_END && produced == n && memcmp(orig, out, n) == 0 ? 0 : -1;
}

int zc_verify(const unsigned char *orig, size_t n, const unsigned char *comp, size_t clen,
	      unsigned char *out)
{
	z_stream s;
	int zrc;

	memset(&s, 0, sizeof(s));
	if (inflateInit(&s) != Z_OK)
		return -1;
	s.next_in = (Bytef *)comp;
	s.avail_in = (uInt)clen;
	s.next_out = out;
	s.avail_out = (uInt)n;
	zrc = inflate(&s, Z_FINISH);
	inflateEnd(&s);
	return zc_check(orig, out, n, zrc, s.total_out);
}

/* ---- the benchmark ---- */

enum phase { PH_DEFLATE, PH_INFLATE, PH_SUM };
enum test { T_DEFLATE, T_INFLATE, T_CRC32, T_ADLER32, T_COUNT };
static const char *const test_names[T_COUNT] = { "deflate", "inflate", "crc32", "adler32" };
enum { MAX_LEVELS = 10 };

struct zw {			/* one worker's state, set up on the worker */
	unsigned char	*in, *comp, *out;
	z_stream	def[MAX_LEVELS];
	int		def_ok[MAX_LEVELS];
	z_stream	inf;
	int		inf_ok;
	size_t		clen, produced;
	int		zrc;
	uint32_t	sum;
};

struct zb {
	size_t			size, cap;	/* corpus bytes, deflateBound() */
	int			level[MAX_LEVELS];
	unsigned		nlevels, cur;	/* cur: index into level[] */
	enum phase		phase;
	const struct zk_kernel	*k;
	struct zw		*w;		/* one per worker */
};

static int zw_setup(void *arg, unsigned idx)
{
	struct zb *z = arg;
	struct zw *w = &z->w[idx];
	unsigned i;

	w->in = malloc(z->size);
	w->comp = malloc(z->cap);
	w->out = malloc(z->size);
	if (!w->in || !w->comp || !w->out) {
		errorf("out of memory for %zu-byte buffers", z->size);
		return EXIT_FAIL;
	}
	zc_generate(w->in, z->size);		/* first touch here, on this worker */
	memset(w->comp, 0, z->cap);
	memset(w->out, 0, z->size);
	for (i = 0; i < z->nlevels; i++) {
		if (deflateInit2(&w->def[i], z->level[i], Z_DEFLATED, 15, 8,
				 Z_DEFAULT_STRATEGY) != Z_OK) {
			errorf("deflateInit2 level %d failed", z->level[i]);
			return EXIT_FAIL;
		}
		w->def_ok[i] = 1;
	}
	if (inflateInit(&w->inf) != Z_OK) {
		errorf("inflateInit failed");
		return EXIT_FAIL;
	}
	w->inf_ok = 1;
	return EXIT_OK;
}

static void zw_free(struct zb *z, unsigned P)
{
	unsigned i, j;

	for (i = 0; z->w && i < P; i++) {
		struct zw *w = &z->w[i];

		for (j = 0; j < MAX_LEVELS; j++)
			if (w->def_ok[j])
				deflateEnd(&w->def[j]);
		if (w->inf_ok)
			inflateEnd(&w->inf);
		free(w->in);
		free(w->comp);
		free(w->out);
	}
	free(z->w);
}

static void zw_work(void *arg, unsigned idx, uint64_t iters)
{
	struct zb *z = arg;
	struct zw *w = &z->w[idx];

	switch (z->phase) {
	case PH_DEFLATE: {
		z_stream *s = &w->def[z->cur];

		while (iters--) {
			deflateReset(s);
			s->next_in = w->in;
			s->avail_in = (uInt)z->size;
			s->next_out = w->comp;
			s->avail_out = (uInt)z->cap;
			w->zrc = deflate(s, Z_FINISH);
			w->clen = s->total_out;
		}
		break;
	}
	case PH_INFLATE: {
		z_stream *s = &w->inf;

		while (iters--) {
			inflateReset(s);
			s->next_in = w->comp;
			s->avail_in = (uInt)w->clen;
			s->next_out = w->out;
			s->avail_out = (uInt)z->size;
			w->zrc = inflate(s, Z_FINISH);
			w->produced = s->total_out;
		}
		break;
	}
	case PH_SUM: {
		uint32_t init = zk_op_init[z->k->head.op], x = init;

		while (iters--) {
			x = z->k->fn(init, w->in, z->size);
			bench_keep_u64(x);
		}
		w->sum = x;
		break;
	}
	}
}

/* "1,6,9" -> levels; -1 on garbage, an empty item, a level outside 0..9,
 * or a repeat */
static int parse_levels(const char *s, int *level, unsigned *n)
{
	*n = 0;
	for (;;) {
		const char *comma = strchr(s, ',');
		size_t len = comma ? (size_t)(comma - s) : strlen(s);
		char item[16];
		int64_t v;
		unsigned i;

		if (!len || len >= sizeof(item) || *n == MAX_LEVELS)
			return -1;
		memcpy(item, s, len);
		item[len] = '\0';
		if (parse_int(item, &v) || v < 0 || v > 9)
			return -1;
		for (i = 0; i < *n; i++)
			if (level[i] == v)
				return -1;
		level[(*n)++] = (int)v;
		if (!comma)
			return 0;
		s = comma + 1;
	}
}

/* zlib's deflate and inflate as kernel rows: the library's own, the only
 * row of their ops (after the checksums' ops). */
enum { OP_DEFLATE = ZK_NOPS, OP_INFLATE };
static const struct kernel codec_rows[] = {
	{ OP_DEFLATE, "zlib", "zlib " ZLIB_VERSION " deflate()", 0, 1, 1 },
	{ OP_INFLATE, "zlib", "zlib " ZLIB_VERSION " inflate()", 0, 1, 1 },
};

/* The tests' rows --kernel picks (default all): tests[] cleared for a codec
 * test whose row is not picked, sel[k] set for each checksum row k of
 * zk_kernels picked. 0, or -1 after a usage error. */
static int pick(const struct run_ctx *ctx, unsigned *tests, unsigned char *sel)
{
	const struct kernel **heads = xcalloc(zk_kernels_len + 2, sizeof(*heads));
	unsigned char *got = xcalloc(zk_kernels_len + 2, 1);
	size_t k, m = 0;
	int rc = 0;

	if (tests[T_DEFLATE])
		heads[m++] = &codec_rows[0];
	if (tests[T_INFLATE])
		heads[m++] = &codec_rows[1];
	for (k = 0; k < zk_kernels_len; k++)
		if (tests[T_CRC32 + zk_kernels[k].head.op])
			heads[m++] = &zk_kernels[k].head;
	if (kernel_select(heads, m, ctx->kernel, "all", ctx->cpu, got) < 0)
		rc = -1;
	tests[T_DEFLATE] = tests[T_INFLATE] = 0;
	for (k = 0; k < m && !rc; k++)
		if (!got[k])
			continue;
		else if (heads[k]->op == OP_DEFLATE || heads[k]->op == OP_INFLATE)
			tests[heads[k]->op == OP_DEFLATE ? T_DEFLATE : T_INFLATE] = 1;
		else	/* the head is the row's first member */
			sel[(const struct zk_kernel *)(const void *)heads[k] - zk_kernels] = 1;
	free(heads);
	free(got);
	return rc;
}

/* --dump: the corpus into a file, for other tools to compress; written by
 * the rule of every file benchbox writes (src/outfile.h: a regular file
 * complete or not at all, after a free-space check; a link followed; a
 * device or FIFO written directly; a directory refused). */
static int dump(const char *path, size_t size)
{
	struct outfile o;
	unsigned char *buf;
	char err[256];
	int rc = out_open(&o, path, 0, err, sizeof(err));

	if (rc) {
		errorf("--dump: %s: %s", path, err);
		return rc == OUT_ISDIR ? EXIT_USAGE : EXIT_FAIL;
	}
	if (o.atomic) {
		char *dir = xstrdup(o.target), *slash = strrchr(dir, '/');

		if (!slash)
			strcpy(dir, ".");
		else
			slash[slash == dir] = '\0';	/* "/x" -> "/" */
		rc = scratch_room(dir, size, NULL);
		free(dir);
		if (rc) {
			out_abort(&o);
			return EXIT_SKIP;
		}
	}
	buf = xmalloc(size);
	zc_generate(buf, size);
	if (proc_writen(o.fd, buf, size)) {
		errorf("--dump: %s: %s", path, strerror(errno));
		out_abort(&o);
		rc = EXIT_FAIL;
	} else if (out_commit(&o)) {	/* the temporary is gone already */
		errorf("--dump: %s: %s", path, strerror(errno));
		rc = EXIT_FAIL;
	}
	free(buf);
	return rc;
}

struct zrun {			/* what the measuring loop needs besides the team */
	struct run_ctx	*ctx;
	unsigned char	*sel;	/* the rows of zk_kernels --kernel picked */
	struct zb	*z;
	struct team	*t;
	unsigned	P;
	char		sz[32];
};

/* Measure the current phase and report it; 0, or an exit status. */
static int measure(struct zrun *m, struct result r, const char *params, double mb)
{
	struct bench_stats st;

	if (bench_measure(&m->ctx->bench, team_body, m->t, &st))
		return EXIT_FAIL;
	r.params = params;
	r.unit = UNIT_MB_S;
	emit_rate(m->ctx, r, &st, mb * m->P);
	return EXIT_OK;
}

static int run_level(struct zrun *m, unsigned li, const unsigned *tests)
{
	struct zb *z = m->z;
	struct result r = { 0 };
	char params[96], metric[32], note[64];
	double mb = (double)z->size / 1e6;
	int lv = z->level[li], ok = 1, rc = EXIT_OK;
	unsigned i;

	snprintf(params, sizeof(params), "level=%d,size=%s", lv, m->sz);
	if (m->P > 1)
		snprintf(params + strlen(params), sizeof(params) - strlen(params), ",P=%u", m->P);
	z->cur = li;
	z->phase = PH_DEFLATE;
	r.kernel = "zlib";
	r.metric = m->P == 1 ? metric : NULL;
	if (tests[T_DEFLATE]) {
		snprintf(metric, sizeof(metric), "zlib-deflate-%d", lv);
		r.test = "deflate";
		rc = measure(m, r, params, mb);
	} else {
		team_body(m->t, 1);	/* inflate needs the compressed data */
	}
	if (rc)
		return rc;
	for (i = 0; i < m->P; i++)	/* the round trip, each worker, untimed */
		if (z->w[i].zrc != Z_STREAM_END ||
		    zc_verify(z->w[i].in, z->size, z->w[i].comp, z->w[i].clen, z->w[i].out))
			ok = 0;
	if (tests[T_INFLATE] && ok) {
		z->phase = PH_INFLATE;
		for (i = 0; i < m->P; i++)
			memset(z->w[i].out, 0, z->size);
		snprintf(metric, sizeof(metric), "zlib-inflate-%d", lv);
		r.test = "inflate";
		rc = measure(m, r, params, mb);
		if (rc)
			return rc;
		for (i = 0; i < m->P; i++)
			if (zc_check(z->w[i].in, z->w[i].out, z->size, z->w[i].zrc,
				     z->w[i].produced))
				ok = 0;
	}
	if (tests[T_DEFLATE]) {
		snprintf(metric, sizeof(metric), "zlib-ratio-%d", lv);
		snprintf(note, sizeof(note), "%zu -> %zu bytes", z->size, z->w[0].clen);
		r.test = "ratio";
		r.params = params;
		r.unit = "x";
		r.better = 1;
		r.value = r.min = r.max = z->w[0].clen ? (double)z->size / z->w[0].clen : 0;
		r.iters = r.samples = 1;
		r.note = note;
		if (!ok) {
			r.flags |= RESULT_FAILED;
			r.note = "round trip failed";
		}
		emit_result(m->ctx, &r);
	}
	if (!ok) {
		errorf("level %d: the inflated data differs from the corpus", lv);
		return EXIT_WRONG;
	}
	return EXIT_OK;
}

/* Every usable, wanted row of checksum op, each checked against entry 0
 * (zlib) on the corpus. */
static int run_sums(struct zrun *m, enum zk_op op)
{
	struct zb *z = m->z;
	char params[64];
	uint32_t ref = 0;
	int rc = EXIT_OK;
	size_t k;
	unsigned i;

	for (k = 0; k < zk_kernels_len; k++)	/* entry 0 of this op: zlib */
		if (zk_kernels[k].head.op == op) {
			ref = zk_kernels[k].fn(zk_op_init[op], z->w[0].in, z->size);
			break;
		}
	snprintf(params, sizeof(params), "size=%s", m->sz);
	if (m->P > 1)
		snprintf(params + strlen(params), sizeof(params) - strlen(params), ",P=%u", m->P);
	z->phase = PH_SUM;
	for (k = 0; k < zk_kernels_len; k++) {
		const struct zk_kernel *kk = &zk_kernels[k];
		struct result r = { 0 };
		struct bench_stats st;
		int bad = 0;

		if (kk->head.op != op || !m->sel[k])
			continue;
		z->k = kk;
		r.test = zk_op_names[op];
		r.kernel = kk->head.name;
		r.metric = m->P == 1 ? zk_op_names[op] : NULL;
		r.note = kk->head.desc;
		for (i = 0; i < m->P; i++)
			z->w[i].sum = ~ref;	/* not the answer until a kernel writes it */
		if (bench_measure(&m->ctx->bench, team_body, m->t, &st))
			return EXIT_FAIL;
		for (i = 0; i < m->P; i++)
			if (z->w[i].sum != ref)
				bad = 1;
		if (bad) {
			errorf("%s kernel %s: 0x%08x, zlib says 0x%08x", r.test, kk->head.name,
			       (unsigned)z->w[0].sum, (unsigned)ref);
			r.flags |= RESULT_FAILED;
			r.note = "wrong checksum";
			rc = EXIT_WRONG;
		}
		r.params = params;
		r.unit = UNIT_MB_S;
		emit_rate(m->ctx, r, &st, (double)z->size / 1e6 * m->P);
	}
	return rc;
}

static int zlib_run(struct run_ctx *ctx)
{
	struct zb z = { 0 };
	struct zrun m = { 0 };
	unsigned P = (unsigned)opt_int(ctx, PARALLEL), tests[T_COUNT] = { 0 }, i;
	uint64_t size = opt_given(ctx, SIZE) ? opt_size(ctx, SIZE)
					       : ctx->quick ? 256u << 10 : 4u << 20;
	int a, rc = EXIT_OK, any = 0;
	char why[160];

	if (parse_levels(opt_str(ctx, LEVEL), z.level, &z.nlevels)) {
		errorf("--level: '%s' is not a list of distinct levels 0-9 (e.g. 1,6,9)",
		       opt_str(ctx, LEVEL));
		return EXIT_USAGE;
	}
	for (a = 0; a < ctx->argc; a++) {
		int t;

		for (t = 0; t < T_COUNT && strcmp(test_names[t], ctx->argv[a]); t++)
			;
		if (t == T_COUNT) {
			errorf("TEST: '%s' is not one of deflate inflate crc32 adler32",
			       ctx->argv[a]);
			return EXIT_USAGE;
		}
		tests[t] = 1;
		any = 1;
	}
	for (i = 0; i < T_COUNT; i++)
		tests[i] |= !any;
	if (opt_given(ctx, DUMP)) {
		ctx->rep->silent = 1;	/* the file is the output: no empty document */
		return dump(opt_str(ctx, DUMP), (size_t)size);
	}

	m.sel = xcalloc(zk_kernels_len, 1);
	if (pick(ctx, tests, m.sel)) {
		free(m.sel);
		return EXIT_USAGE;
	}

	z.size = (size_t)size;
	z.cap = deflateBound(NULL, (uLong)size);
	if (mem_fits(((uint64_t)size * 2 + z.cap + z.nlevels * 300000ull + 65536) * P,
		     why, sizeof(why))) {
		errorf("a %s corpus x %u cop%s: %s", format_size(size, m.sz, sizeof(m.sz)), P,
		       P == 1 ? "y" : "ies", why);
		free(m.sel);
		return EXIT_FAIL;
	}
	z.w = xcalloc(P, sizeof(*z.w));
	m.ctx = ctx;
	m.z = &z;
	m.P = P;
	format_size(size, m.sz, sizeof(m.sz));
	zk_init();
	m.t = team_start(P, ctx->cpus, ctx->ncpus, zw_setup, zw_work, &z, &rc);
	if (!m.t)
		goto out;

	for (i = 0; i < z.nlevels && (tests[T_DEFLATE] || tests[T_INFLATE]); i++) {
		int lrc = run_level(&m, i, tests);

		if (lrc == EXIT_FAIL) {
			rc = lrc;
			goto stop;
		}
		if (lrc)
			rc = lrc;
	}
	for (i = T_CRC32; i <= T_ADLER32; i++) {
		int src;

		if (!tests[i])
			continue;
		src = run_sums(&m, (enum zk_op)(i - T_CRC32));
		if (src == EXIT_FAIL) {
			rc = src;
			goto stop;
		}
		if (src)
			rc = src;
	}
stop:
	team_stop(m.t);
out:
	zw_free(&z, P);
	free(m.sel);
	return rc;
}

TEXT(zlib_summary, "deflate/inflate and crc32/adler32 throughput");
TEXT(zlib_usage,
	"usage: zlib [--level=LEVEL[,LEVEL...]] [--size=BYTES] [-P N]\n"
	"            [--dump=FILE] [TEST...]\n"
	"\n"
	"Throughput of the linked zlib's deflate and inflate at each level (one\n"
	"call over the whole corpus per iteration), the compression ratio, and\n"
	"CRC-32 and Adler-32 of zlib and of every benchbox kernel this CPU can\n"
	"run (--kernel=c, best, all, NAME: default all; zlib's own rows are\n"
	"named zlib). TEST: deflate, inflate, crc32, adler32\n"
	"(default all). The corpus is generated from fixed seeds: 50% text-like,\n"
	"30% structured binary, 20% pseudo-random bytes. MB/s counts\n"
	"uncompressed bytes, 1 MB = 10^6 bytes. Every run checks the round trip\n"
	"and every checksum against zlib's. -P N runs N copies at once, pinned\n"
	"round robin, and reports the sum.\n");

const struct applet applet_zlib = {
	.name    = "zlib",
	.summary = TEXT_PTR(zlib_summary),
	.usage   = TEXT_PTR(zlib_usage),
	.opts    = opts,
	.unit    = UNIT_MB_S,
	.run     = zlib_run,
};
