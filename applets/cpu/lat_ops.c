/* lat_ops.c - latency of basic arithmetic, lmbench's lat_ops method and output
 *
 * SPDX-License-Identifier: MIT
 *
 * A reimplementation of lmbench's lat_ops from its published method (not
 * lmbench's code, and its numbers are not "lmbench results"). Each test is
 * a chain of dependent operations: every result feeds the next operation,
 * so the time per operation is the instruction's latency, not its
 * throughput. An empty asm statement after every operation pins the value
 * in a register and hides it from the compiler, which can then neither fold,
 * reorder nor vectorise the chain. Tests and the operations credited per
 * iteration (lmbench's):
 *   bit  100 x (r ^= i; s ^= r; r |= s)        300
 *   add  100 x (a += b; b -= a)                200
 *   mul  2 x (10 x r *= s; r -= t)              20, minus 2 adds
 *   div  100 x (r = s / r)                     100
 *   mod  100 x (r %= s; r |= s)                100, minus 100 adds
 *   float/double add  2 x (10 x f += f; f += g)        22
 *   float/double mul  2 x 10 x (f *= f; f *= g)        40
 *   float/double div  5 x (10 x f = g / f; 10 x g = f / g)  100
 * For int64 mul and mod the subtracted cost is the int64 bit time, as in
 * lmbench. Results are ns per operation, the median sample. Caveats: on
 * armv7-a without the divide extension integer division is a libgcc call,
 * and int64 division on a 32-bit CPU always is; the int64 div/mod dividend
 * is above 2^32 so 64-bit dividers cannot take a 32-bit shortcut.
 * Output, like lmbench, is "NAME: %.2f nanoseconds" per test on stderr.
 */
#include "applet.h"
#include "lat_ops.h"
#include "lmbench.h"
#include "team.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#define OPTIONS(O) \
	LMBENCH_OPT_P(O, 1024, "copies run in parallel (threads)") \
	LMBENCH_OPTS_WN(O)
OPT_TABLE(lat_ops, OPTIONS);

const struct lat_ops_test lat_ops_tests[LO_NOPS] = {
	[LO_INT_BIT] = { "integer bit", "lat_ops-int-bit", 300 },
	[LO_INT_ADD] = { "integer add", "lat_ops-int-add", 200 },
	[LO_INT_MUL] = { "integer mul", "lat_ops-int-mul", 20 },
	[LO_INT_DIV] = { "integer div", "lat_ops-int-div", 100 },
	[LO_INT_MOD] = { "integer mod", "lat_ops-int-mod", 100 },
	[LO_I64_BIT] = { "int64 bit", "lat_ops-int64-bit", 300 },
	[LO_I64_ADD] = { "int64 add", "lat_ops-int64-add", 200 },
	[LO_I64_MUL] = { "int64 mul", "lat_ops-int64-mul", 20 },
	[LO_I64_DIV] = { "int64 div", "lat_ops-int64-div", 100 },
	[LO_I64_MOD] = { "int64 mod", "lat_ops-int64-mod", 100 },
	[LO_FLT_ADD] = { "float add", "lat_ops-float-add", 22 },
	[LO_FLT_MUL] = { "float mul", "lat_ops-float-mul", 40 },
	[LO_FLT_DIV] = { "float div", "lat_ops-float-div", 100 },
	[LO_DBL_ADD] = { "double add", "lat_ops-double-add", 22 },
	[LO_DBL_MUL] = { "double mul", "lat_ops-double-mul", 40 },
	[LO_DBL_DIV] = { "double div", "lat_ops-double-div", 100 },
};

/* Timed values keep the chains bounded forever: div alternates r and s/r
 * (r >= 1, never 0), mod keeps s <= r, float add returns to f = 1 every
 * iteration (1024 - 1023) and float mul stays at f = 2 (4 x 0.5). */
#define INT_SEEDS(x) \
	[LO_##x##_BIT] = { 0x12345678, 0x0f0f0f0f, 0, 0 }, \
	[LO_##x##_ADD] = { 0x2468ace1, 0x13579bdf, 0, 0 }
/* Every seed but fp add's is the same in both tables. */
#define SHARED_SEEDS \
	INT_SEEDS(INT), INT_SEEDS(I64), \
	[LO_INT_MUL] = { 0x1234567, (int32_t)0x9e3779b1, 0, 0 }, \
	[LO_INT_DIV] = { 7, 1000003, 0, 0 }, \
	[LO_INT_MOD] = { 0x7fffff, 0x5a5a5, 0, 0 }, \
	[LO_I64_MUL] = { 0x0123456789abcdefll, (int64_t)0x9e3779b97f4a7c15ull, 0, 0 }, \
	[LO_I64_DIV] = { 7, 0x0123456789abcdefll, 0, 0 }, \
	[LO_I64_MOD] = { 0x7fffffffffffffffll, 0x0123456789abcdefll, 0, 0 }, \
	[LO_FLT_MUL] = { 0, 0, 2.0, 0.5 }, \
	[LO_FLT_DIV] = { 0, 0, 1.7, 3.1 }, \
	[LO_DBL_MUL] = { 0, 0, 2.0, 0.5 }, \
	[LO_DBL_DIV] = { 0, 0, 1.7, 3.1 }
const struct lat_ops_seed lat_ops_time_seed[LO_NOPS] = {
	SHARED_SEEDS,
	[LO_FLT_ADD] = { 0, 0, 1.0, -1023.0 },
	[LO_DBL_ADD] = { 0, 0, 1.0, -1023.0 },
};

/* The self-check uses the same values except for fp add, whose timed chain
 * is periodic: 1.1 and -1000 grow by 1024x per iteration instead. */
const struct lat_ops_seed lat_ops_check_seed[LO_NOPS] = {
	SHARED_SEEDS,
	[LO_FLT_ADD] = { 0, 0, 1.1, -1000.0 },
	[LO_DBL_ADD] = { 0, 0, 1.1, -1000.0 },
};
#undef SHARED_SEEDS
#undef INT_SEEDS

/* Pin a value in a register of its kind and make it unknown to the compiler. */
#if defined(__arm__)
/* GCC spills 64-bit "+r" operands on 32-bit ARM: launder the two halves. */
static inline uint64_t li64(uint64_t x)
{
	uint32_t lo = (uint32_t)x, hi = (uint32_t)(x >> 32);

	__asm__ volatile("" : "+r"(lo), "+r"(hi));
	return (uint64_t)hi << 32 | lo;
}

static inline uint32_t li32(uint32_t x)
{
	__asm__ volatile("" : "+r"(x));
	return x;
}

#define LI(x) ((x) = (__typeof__(x))(sizeof(x) == 8 ? li64((uint64_t)(x)) : li32((uint32_t)(x))))
#else
#define LI(x) __asm__ volatile("" : "+r"(x))
#endif
#if defined(__x86_64__)
#define LFS(x) __asm__ volatile("" : "+x"(x))
#define LFD(x) __asm__ volatile("" : "+x"(x))
#elif defined(__aarch64__)
#define LFS(x) __asm__ volatile("" : "+w"(x))
#define LFD(x) __asm__ volatile("" : "+w"(x))
#elif defined(__arm__) && defined(__ARM_FP)
#define LFS(x) __asm__ volatile("" : "+t"(x))
#define LFD(x) __asm__ volatile("" : "+w"(x))
#elif defined(__riscv) && defined(__riscv_flen)
#define LFS(x) __asm__ volatile("" : "+f"(x))
#define LFD(x) __asm__ volatile("" : "+f"(x))
#else
#define LFS(x) __asm__ volatile("" : "+m"(x))	/* costs a store/load */
#define LFD(x) __asm__ volatile("" : "+m"(x))
#endif

#define R10(x) x x x x x x x x x x
#define R100(x) R10(R10(x))

static uint64_t mix(uint64_t r, uint64_t s)
{
	return r ^ (s << 1 | s >> 63);
}

static uint64_t fbits(float f)
{
	uint32_t u;

	memcpy(&u, &f, sizeof(u));
	return u;
}

static uint64_t dbits(double d)
{
	uint64_t u;

	memcpy(&u, &d, sizeof(u));
	return u;
}

/* Integer chains: UT is the unsigned type (bit, add, mul wrap), ST the
 * signed one (div and mod, as in lmbench). */
#define INT_KERNELS(name, UT, ST) \
static __attribute__((noinline)) uint64_t name##_bit(const struct lat_ops_seed *sd, uint64_t n) \
{ \
	UT r = (UT)sd->a, s = (UT)sd->b; \
	uint64_t i; \
	LI(r); LI(s); \
	for (i = 0; i < n; i++) { \
		UT k = (UT)i; \
		R100(r ^= k; LI(r); s ^= r; LI(s); r |= s; LI(r);) \
	} \
	return mix(r, s); \
} \
static __attribute__((noinline)) uint64_t name##_add(const struct lat_ops_seed *sd, uint64_t n) \
{ \
	UT a = (UT)sd->a, b = (UT)sd->b; \
	uint64_t i; \
	LI(a); LI(b); \
	for (i = 0; i < n; i++) { \
		R100(a += b; LI(a); b -= a; LI(b);) \
	} \
	return mix(a, b); \
} \
static __attribute__((noinline)) uint64_t name##_mul(const struct lat_ops_seed *sd, uint64_t n) \
{ \
	UT r = (UT)sd->a, s = (UT)sd->b, t = (UT)(sd->a ^ sd->b); \
	uint64_t i; \
	LI(r); LI(s); LI(t); \
	for (i = 0; i < n; i++) { \
		R10(r *= s; LI(r);) r -= t; LI(r); \
		R10(r *= s; LI(r);) r -= t; LI(r); \
	} \
	return (uint64_t)r; \
} \
static __attribute__((noinline)) uint64_t name##_div(const struct lat_ops_seed *sd, uint64_t n) \
{ \
	ST r = (ST)sd->a, s = (ST)sd->b; \
	uint64_t i; \
	LI(r); LI(s); \
	for (i = 0; i < n; i++) { \
		R100(r = s / r; LI(r);) \
	} \
	return (uint64_t)r; \
} \
static __attribute__((noinline)) uint64_t name##_mod(const struct lat_ops_seed *sd, uint64_t n) \
{ \
	ST r = (ST)sd->a, s = (ST)sd->b; \
	uint64_t i; \
	LI(r); LI(s); \
	for (i = 0; i < n; i++) { \
		R100(r %= s; LI(r); r |= s; LI(r);) \
	} \
	return (uint64_t)r; \
}

INT_KERNELS(k_int, uint32_t, int32_t)
INT_KERNELS(k_i64, uint64_t, int64_t)

#define FP_KERNELS(name, T, L, BITS) \
static __attribute__((noinline)) uint64_t name##_add(const struct lat_ops_seed *sd, uint64_t n) \
{ \
	T f = (T)sd->f, g = (T)sd->g; \
	uint64_t i; \
	L(f); L(g); \
	for (i = 0; i < n; i++) { \
		R10(f += f; L(f);) f += g; L(f); \
		R10(f += f; L(f);) f += g; L(f); \
	} \
	return BITS(f); \
} \
static __attribute__((noinline)) uint64_t name##_mul(const struct lat_ops_seed *sd, uint64_t n) \
{ \
	T f = (T)sd->f, g = (T)sd->g; \
	uint64_t i; \
	L(f); L(g); \
	for (i = 0; i < n; i++) { \
		R10(f *= f; L(f); f *= g; L(f);) \
		R10(f *= f; L(f); f *= g; L(f);) \
	} \
	return BITS(f); \
} \
static __attribute__((noinline)) uint64_t name##_div(const struct lat_ops_seed *sd, uint64_t n) \
{ \
	T f = (T)sd->f, g = (T)sd->g; \
	uint64_t i; \
	L(f); L(g); \
	for (i = 0; i < n; i++) { \
		R10(f = g / f; L(f);) R10(g = f / g; L(g);) \
		R10(f = g / f; L(f);) R10(g = f / g; L(g);) \
		R10(f = g / f; L(f);) R10(g = f / g; L(g);) \
		R10(f = g / f; L(f);) R10(g = f / g; L(g);) \
		R10(f = g / f; L(f);) R10(g = f / g; L(g);) \
	} \
	return mix(BITS(f), BITS(g)); \
}

FP_KERNELS(k_flt, float, LFS, fbits)
FP_KERNELS(k_dbl, double, LFD, dbits)

#undef INT_KERNELS
#undef FP_KERNELS

uint64_t lat_ops_kernel(enum lat_op op, const struct lat_ops_seed *sd, uint64_t n)
{
	switch (op) {
	case LO_INT_BIT: return k_int_bit(sd, n);
	case LO_INT_ADD: return k_int_add(sd, n);
	case LO_INT_MUL: return k_int_mul(sd, n);
	case LO_INT_DIV: return k_int_div(sd, n);
	case LO_INT_MOD: return k_int_mod(sd, n);
	case LO_I64_BIT: return k_i64_bit(sd, n);
	case LO_I64_ADD: return k_i64_add(sd, n);
	case LO_I64_MUL: return k_i64_mul(sd, n);
	case LO_I64_DIV: return k_i64_div(sd, n);
	case LO_I64_MOD: return k_i64_mod(sd, n);
	case LO_FLT_ADD: return k_flt_add(sd, n);
	case LO_FLT_MUL: return k_flt_mul(sd, n);
	case LO_FLT_DIV: return k_flt_div(sd, n);
	case LO_DBL_ADD: return k_dbl_add(sd, n);
	case LO_DBL_MUL: return k_dbl_mul(sd, n);
	case LO_DBL_DIV: return k_dbl_div(sd, n);
	case LO_NOPS: break;
	}
	return 0;
}

/* The reference: the same operations in the same order, written plainly. */
#define REF_INT(UT, ST) do { \
	UT r = (UT)sd->a, s = (UT)sd->b, t = (UT)(sd->a ^ sd->b); \
	ST sr = (ST)sd->a, ss = (ST)sd->b; \
	for (i = 0; i < n; i++) \
		switch (kind) { \
		case 0: for (k = 0; k < 100; k++) { r ^= (UT)i; s ^= r; r |= s; } break; \
		case 1: for (k = 0; k < 100; k++) { r += s; s -= r; } break; \
		case 2: for (k = 0; k < 20; k++) { r *= s; if (k % 10 == 9) r -= t; } break; \
		case 3: for (k = 0; k < 100; k++) sr = ss / sr; break; \
		default: for (k = 0; k < 100; k++) sr = (sr % ss) | ss; break; \
		} \
	return kind < 2 ? mix(r, s) : kind == 2 ? (uint64_t)r : (uint64_t)sr; \
} while (0)

#define REF_FP(T, BITS) do { \
	T f = (T)sd->f, g = (T)sd->g; \
	for (i = 0; i < n; i++) \
		switch (kind) { \
		case 0: for (k = 0; k < 22; k++) f = k % 11 == 10 ? f + g : f + f; break; \
		case 1: for (k = 0; k < 20; k++) { f = f * f; f = f * g; } break; \
		default: \
			for (k = 0; k < 100; k++) \
				if (k / 10 % 2 == 0) \
					f = g / f; \
				else \
					g = f / g; \
		} \
	return kind == 2 ? mix(BITS(f), BITS(g)) : BITS(f); \
} while (0)

DRIVER uint64_t lat_ops_ref(enum lat_op op, const struct lat_ops_seed *sd, uint64_t n)
{
	unsigned kind;
	uint64_t i;
	int k;

	if (op <= LO_INT_MOD) {
		kind = op - LO_INT_BIT;
		REF_INT(uint32_t, int32_t);
	} else if (op <= LO_I64_MOD) {
		kind = op - LO_I64_BIT;
		REF_INT(uint64_t, int64_t);
	} else if (op <= LO_FLT_DIV) {
		kind = op - LO_FLT_ADD;
		REF_FP(float, fbits);
	} else {
		kind = op - LO_DBL_ADD;
		REF_FP(double, dbits);
	}
}

#undef REF_INT
#undef REF_FP

int lat_ops_check(enum lat_op op, const struct lat_ops_seed *sd, uint64_t n, uint64_t got)
{
	return lat_ops_ref(op, sd, n) == got ? 0 : -1;
}

enum { CHECK_ITERS = 3 };

struct lo_slot {
	uint64_t	v;
	char		pad[56];	/* one cache line per worker */
};

struct lo_state {
	enum lat_op	op;
	struct lo_slot	*out;
};

static int lo_setup(void *arg, unsigned idx)
{
	(void)arg;
	(void)idx;
	return EXIT_OK;
}

static void lo_work(void *arg, unsigned idx, uint64_t iters)
{
	struct lo_state *s = arg;

	s->out[idx].v = lat_ops_kernel(s->op, &lat_ops_time_seed[s->op], iters);
}

static double per_op(double t_iter, double sub, unsigned ops)
{
	double v = (t_iter - sub) / ops;

	return v > 0 ? v : 0;
}

static int lat_ops_run(struct run_ctx *ctx)
{
	struct lo_state s = { 0 };
	struct bench_stats st;
	struct team *t;
	unsigned P = (unsigned)opt_int(ctx, PARALLEL), i, op, shorts = 0;
	double ns[LO_NOPS] = { 0 };
	char params[32];
	int rc = EXIT_OK, trc;

	if (ctx->argc) {
		errorf("unexpected argument '%s' (lat_ops takes none; try 'lat_ops --help')",
		       ctx->argv[0]);
		return EXIT_USAGE;
	}
	/* --quick's 10 ms samples x 16 tests would take most of a second. */
	if (ctx->quick && ctx->bench.min_sample_s == 0.01)
		ctx->bench.min_sample_s = 0.003;
	lmbench_opts(ctx);	/* -W in samples of that length */
	snprintf(params, sizeof(params), "P=%u", P);
	s.out = xcalloc(P, sizeof(*s.out));
	t = team_start(P, ctx->cpus, ctx->ncpus, lo_setup, lo_work, &s, &trc);
	if (!t) {
		free(s.out);
		return trc;
	}
	for (op = 0; op < LO_NOPS; op++) {
		const struct lat_ops_test *lt = &lat_ops_tests[op];
		struct result r = { 0 };
		double sub = 0;
		uint64_t got;

		r.test = lt->metric + strlen("lat_ops-");
		r.group = lt->label;
		r.metric = lt->metric;
		r.params = P > 1 ? params : NULL;
		r.unit = UNIT_NS;
		r.better = -1;
		got = lat_ops_kernel(op, &lat_ops_check_seed[op], CHECK_ITERS);
		if (lat_ops_check(op, &lat_ops_check_seed[op], CHECK_ITERS, got)) {
			errorf("%s: self-check failed: the chain's result %#llx is not the "
			       "reference's %#llx", lt->label, (unsigned long long)got,
			       (unsigned long long)lat_ops_ref(op, &lat_ops_check_seed[op],
							       CHECK_ITERS));
			r.flags = RESULT_FAILED;
			r.note = "self-check failed";
			emit_result(ctx, &r);
			rc = EXIT_WRONG;
			continue;
		}
		s.op = op;
		if (bench_measure(&ctx->bench, team_body, t, &st)) {
			rc = EXIT_FAIL;
			break;
		}
		for (i = 1; i < P; i++)
			if (s.out[i].v != s.out[0].v)
				break;
		if (i < P) {
			errorf("%s: copies 0 and %u ended their chains on different values",
			       lt->label, i);
			r.flags = RESULT_FAILED;
			r.note = "copies disagree";
			rc = EXIT_WRONG;
		}
		if (op == LO_INT_MUL)
			sub = 2 * ns[LO_INT_ADD];
		else if (op == LO_INT_MOD)
			sub = 100 * ns[LO_INT_ADD];
		else if (op == LO_I64_MUL)
			sub = 2 * ns[LO_I64_BIT];
		else if (op == LO_I64_MOD)
			sub = 100 * ns[LO_I64_BIT];
		r.value = ns[op] = per_op(st.median_ns, sub, lt->ops);
		r.min = per_op(st.min_ns, sub, lt->ops);
		r.max = per_op(st.max_ns, sub, lt->ops);
		r.iters = st.iters;
		r.samples = st.n;
		r.flags |= st.flags;
		if (st.median_ns * (double)st.iters < 5e6) {	/* lmbench's shortest interval */
			r.flags |= RESULT_SHORT;
			shorts++;
		}
		emit_result(ctx, &r);
	}
	team_stop(t);
	free(s.out);
	if (shorts)
		warnf("%u of the tests timed samples shorter than lmbench's 5 ms minimum", shorts);
	return rc;
}

TEXT(lat_ops_summary, "latency of arithmetic operations (lmbench's lat_ops)");
TEXT(lat_ops_usage,
	"usage: lat_ops [-P N] [-W US] [-N N]\n"
	"\n"
	"The latency of integer, int64, float and double operations (bit, add,\n"
	"mul, div, mod) by lmbench's lat_ops method: each is a chain of\n"
	"dependent operations the compiler cannot fold, so each waits for the\n"
	"one before. The result is ns per operation, the median sample, with\n"
	"the added operations of mul and mod subtracted as lmbench does; every\n"
	"chain is checked against plain C. -P N runs N copies (threads) at once\n"
	"and reports the latency per copy. Output: lmbench's 'NAME: N\n"
	"nanoseconds' lines on stderr; --format gives the records.\n");

const struct applet applet_lat_ops = {
	.name    = "lat_ops",
	.summary = TEXT_PTR(lat_ops_summary),
	.usage   = TEXT_PTR(lat_ops_usage),
	.opts    = opts,
	.unit    = UNIT_NS,
	.classic = &emit_lmbench_nano,
	.reps    = 11,
	.min_time = 0.005,
	.run     = lat_ops_run,
};
