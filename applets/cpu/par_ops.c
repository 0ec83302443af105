/* par_ops.c - lmbench's par_ops: how many chains of one operation overlap
 *
 * SPDX-License-Identifier: MIT
 *
 * A reimplementation of lmbench's par_ops method (not its code). For each
 * operation, k = 1, 2, 3, 4, 6, 8, 12 and 16 independent dependency chains
 * of it run side by side (every result feeds the next operation of its own
 * chain; lmbench tries every k to 16). With t(k) the
 * time per iteration (one step of every chain), the parallelism is the
 * largest t(1) / (t(k) / k): how many such operations the core keeps in
 * flight, 1.00 meaning none overlap. Times are the fastest sample, as
 * lmbench takes them. An empty asm statement after each step pins every
 * chain in a register and hides it from the compiler, which can then
 * neither merge chains nor vectorise them. The steps (a per chain, b, c
 * and g shared):
 *   bit  a ^= b; a |= c              add  a += b
 *   mul  a *= b (both odd)           div  a = b / a (a alternates)
 *   mod  a = a % b | b
 *   float/double: add f += f; f += g (1 -> 2 -> 1), mul f *= f; f *= g
 *   (2 -> 4 -> 2), div f = g / f (f alternates)
 * On armv7-a without the divide extension integer division is a libgcc
 * call, so it shows no parallelism. Output, like lmbench's, on stderr:
 * "NAME parallelism: %.2f" for the sixteen operations.
 */
#include "applet.h"
#include "lmbench.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

#define OPTIONS(O) \
	O(WARMUP_US, "warmup-us", OPT_INT, \
	  "warm up this many microseconds first (lmbench's -W)", .letter = 'W', .max = 1e9, \
	  .metavar = "US", .key = OPTK_WARMUP_US) \
	LMBENCH_OPT_N(O)
OPT_TABLE(par_ops, OPTIONS);

/* lmbench tries every k to 16. Past the core's parallelism P every k gives
 * P (the chains queue for the same units), so these find the same largest
 * ratio with a third of the code: 256 kernels would be 2/3 of a 64 KiB
 * share of the size budget. */
static const int chain_counts[] = { 1, 2, 3, 4, 6, 8, 12, 16 };
enum po_op { PO_BIT, PO_ADD, PO_MUL, PO_DIV, PO_MOD };
enum po_type { PO_I32, PO_I64, PO_F32, PO_F64 };

static const struct {
	const char	*name;		/* lmbench's */
	enum po_type	type;
	enum po_op	op;
	uint64_t	a, b;		/* integer seeds (chain i starts at a + 2i) */
	double		f, g;		/* floating-point seeds */
} tests[] = {
	{ "integer bit", PO_I32, PO_BIT, 0x12345678, 0x0f0f0f0f, 0, 0 },
	{ "integer add", PO_I32, PO_ADD, 0x2468ace1, 0x13579bdf, 0, 0 },
	{ "integer mul", PO_I32, PO_MUL, 0x1234567, 0x9e3779b1, 0, 0 },
	{ "integer div", PO_I32, PO_DIV, 7, 1000003, 0, 0 },
	{ "integer mod", PO_I32, PO_MOD, 0x7fffff, 0x5a5a5, 0, 0 },
	{ "int64 bit", PO_I64, PO_BIT, 0x123456789abcdef0ull, 0x0f0f0f0f0f0f0f0full, 0, 0 },
	{ "int64 add", PO_I64, PO_ADD, 0x2468ace13579bdf1ull, 0x13579bdf2468ace1ull, 0, 0 },
	{ "int64 mul", PO_I64, PO_MUL, 0x0123456789abcdefull, 0x9e3779b97f4a7c15ull, 0, 0 },
	{ "int64 div", PO_I64, PO_DIV, 7, 0x0123456789abcdefull, 0, 0 },
	{ "int64 mod", PO_I64, PO_MOD, 0x7fffffffffffffffull, 0x0123456789abcdefull, 0, 0 },
	{ "float add", PO_F32, PO_ADD, 0, 0, 1.0, -1.0 },
	{ "float mul", PO_F32, PO_MUL, 0, 0, 2.0, 0.5 },
	{ "float div", PO_F32, PO_DIV, 0, 0, 1.7, 3.1 },
	{ "double add", PO_F64, PO_ADD, 0, 0, 1.0, -1.0 },
	{ "double mul", PO_F64, PO_MUL, 0, 0, 2.0, 0.5 },
	{ "double div", PO_F64, PO_DIV, 0, 0, 1.7, 3.1 },
};

/* Pin a value in a register of its kind, unknown to the compiler. */
#define HIDE_U32(x) __asm__ volatile("" : "+r"(x))
#if defined(__arm__)
/* a 64-bit "+r" operand is spilled on 32-bit ARM: hide the two halves */
#define HIDE_U64(x) do { uint32_t lo_ = (uint32_t)(x), hi_ = (uint32_t)((x) >> 32); \
	__asm__ volatile("" : "+r"(lo_), "+r"(hi_)); (x) = (uint64_t)hi_ << 32 | lo_; } while (0)
#else
#define HIDE_U64(x) __asm__ volatile("" : "+r"(x))
#endif
#if defined(__x86_64__)
#define HIDE_F32(x) __asm__ volatile("" : "+x"(x))
#define HIDE_F64(x) __asm__ volatile("" : "+x"(x))
#elif defined(__aarch64__)
#define HIDE_F32(x) __asm__ volatile("" : "+w"(x))
#define HIDE_F64(x) __asm__ volatile("" : "+w"(x))
#elif defined(__arm__) && defined(__ARM_FP)
#define HIDE_F32(x) __asm__ volatile("" : "+t"(x))
#define HIDE_F64(x) __asm__ volatile("" : "+w"(x))
#elif defined(__riscv) && defined(__riscv_flen)
#define HIDE_F32(x) __asm__ volatile("" : "+f"(x))
#define HIDE_F64(x) __asm__ volatile("" : "+f"(x))
#else
#define HIDE_F32(x) __asm__ volatile("" : "+m"(x))
#define HIDE_F64(x) __asm__ volatile("" : "+m"(x))
#endif

#define EACH(M) M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7) \
		M(8) M(9) M(10) M(11) M(12) M(13) M(14) M(15)

/* k chains of op on integers of type T; op and k are constants in every
 * caller, so the switch and the unused chains fold away. One live value
 * per chain, the operands shared, so 16 chains fit the registers of most
 * targets (x86_64 spills a few, as lmbench's build does). */
#define INT_KERNEL(NAME)							\
static inline __attribute__((always_inline)) uint64_t				\
NAME(const enum po_op op, const int k, uint64_t n, uint64_t sa, uint64_t sb)	\
{										\
	uint64_t out = 0;								\
	T b = (T)sb, c = (T)(sb >> 3 | 1);					\
	HIDE(b);								\
	HIDE(c);								\
	EACH(DECL)								\
	while (n--) {								\
		EACH(STEP)							\
	}									\
	return out;								\
}
#define DECL(i) T a##i = (T)(sa + 2 * i); if (k > i) HIDE(a##i);
#define STEP(i) if (k > i) {							\
		switch (op) {							\
		case PO_BIT: a##i ^= b; a##i |= c; break;			\
		case PO_ADD: a##i += b; break;					\
		case PO_MUL: a##i *= b; break;					\
		case PO_DIV: a##i = b / a##i; break;				\
		case PO_MOD: a##i = a##i % b | b; break;			\
		}								\
		HIDE(a##i);							\
	}
#define T uint32_t
#define HIDE HIDE_U32
INT_KERNEL(chains_u32)
#undef T
#undef HIDE
#define T uint64_t
#define HIDE HIDE_U64
INT_KERNEL(chains_u64)
#undef T
#undef HIDE
#undef DECL
#undef STEP
#undef INT_KERNEL

#define FP_KERNEL(NAME)								\
static inline __attribute__((always_inline)) double				\
NAME(const enum po_op op, const int k, uint64_t n, double sf, double sg)	\
{										\
	double out = 0;								\
	T g = (T)sg;								\
	HIDE(g);								\
	EACH(DECL)								\
	while (n--) {								\
		EACH(STEP)							\
	}									\
	return out;								\
}
#define DECL(i) T f##i = (T)sf; if (k > i) HIDE(f##i);
#define STEP(i) if (k > i) {							\
		switch (op) {							\
		case PO_ADD: f##i += f##i; f##i += g; break;			\
		case PO_MUL: f##i *= f##i; f##i *= g; break;			\
		default: f##i = g / f##i; break;				\
		}								\
		HIDE(f##i);							\
	}
#define T float
#define HIDE HIDE_F32
FP_KERNEL(chains_f32)
#undef T
#undef HIDE
#define T double
#define HIDE HIDE_F64
FP_KERNEL(chains_f64)
#undef T
#undef HIDE
#undef DECL
#undef STEP
#undef FP_KERNEL
#undef EACH

/* One case per chain count tried (chain_counts[]), each a copy of the
 * kernel with k fixed. */
#define K_CASES(CALL)								\
	case 1: CALL(1); case 2: CALL(2); case 3: CALL(3); case 4: CALL(4);	\
	case 6: CALL(6); case 8: CALL(8); case 12: CALL(12); default: CALL(16);

#define OP_CASES								\
	switch (op) {								\
	case PO_BIT: switch (k) { K_CASES(C_BIT) } break;			\
	case PO_ADD: switch (k) { K_CASES(C_ADD) } break;			\
	case PO_MUL: switch (k) { K_CASES(C_MUL) } break;			\
	case PO_DIV: switch (k) { K_CASES(C_DIV) } break;			\
	case PO_MOD: switch (k) { K_CASES(C_MOD) } break;			\
	}
#define C_BIT(K) return FN_(PO_BIT, K, n, A_, B_)
#define C_ADD(K) return FN_(PO_ADD, K, n, A_, B_)
#define C_MUL(K) return FN_(PO_MUL, K, n, A_, B_)
#define C_DIV(K) return FN_(PO_DIV, K, n, A_, B_)
#define C_MOD(K) return FN_(PO_MOD, K, n, A_, B_)

static __attribute__((noinline)) uint64_t run_u32(enum po_op op, int k, uint64_t n,
						   uint64_t a, uint64_t b)
{
#define FN_ chains_u32
#define A_ a
#define B_ b
	OP_CASES
	return 0;
#undef FN_
}

static __attribute__((noinline)) uint64_t run_u64(enum po_op op, int k, uint64_t n,
						   uint64_t a, uint64_t b)
{
#define FN_ chains_u64
	OP_CASES
	return 0;
#undef FN_
#undef A_
#undef B_
}

static __attribute__((noinline)) double run_f32(enum po_op op, int k, uint64_t n,
						  double f, double g)
{
#define FN_ chains_f32
#define A_ f
#define B_ g
	switch (op) {
	case PO_ADD: switch (k) { K_CASES(C_ADD) } break;
	case PO_MUL: switch (k) { K_CASES(C_MUL) } break;
	default: switch (k) { K_CASES(C_DIV) } break;
	}
	return 0;
#undef FN_
}

static __attribute__((noinline)) double run_f64(enum po_op op, int k, uint64_t n,
						  double f, double g)
{
#define FN_ chains_f64
	switch (op) {
	case PO_ADD: switch (k) { K_CASES(C_ADD) } break;
	case PO_MUL: switch (k) { K_CASES(C_MUL) } break;
	default: switch (k) { K_CASES(C_DIV) } break;
	}
	return 0;
#undef FN_
#undef A_
#undef B_
}
#undef C_BIT
#undef C_ADD
#undef C_MUL
#undef C_DIV
#undef C_MOD
#undef OP_CASES
#undef K_CASES

struct po_arg {
	int	t;		/* index into tests[] */
	int	k;
};

static void po_body(void *arg, uint64_t iters)
{
	const struct po_arg *p = arg;
	enum po_op op = tests[p->t].op;
	uint64_t v = 0;
	double d = 0;

	switch (tests[p->t].type) {
	case PO_I32: v = run_u32(op, p->k, iters, tests[p->t].a, tests[p->t].b); break;
	case PO_I64: v = run_u64(op, p->k, iters, tests[p->t].a, tests[p->t].b); break;
	case PO_F32: d = run_f32(op, p->k, iters, tests[p->t].f, tests[p->t].g); break;
	case PO_F64: d = run_f64(op, p->k, iters, tests[p->t].f, tests[p->t].g); break;
	}
	if (tests[p->t].type == PO_F32 || tests[p->t].type == PO_F64)
		memcpy(&v, &d, sizeof(v));
	bench_keep_u64(v);
}

static void classic_record(struct emit_out *o, const struct result *r)
{
	fprintf(o->f, "%s parallelism: %.2f\n", r->group, r->value);
}

static const struct emitter emit_par_ops = {
	"par_ops", 1, NULL, classic_record, NULL,
};

static int par_ops_run(struct run_ctx *ctx)
{
	size_t t;

	if (ctx->argc) {
		errorf("unexpected argument '%s'", ctx->argv[0]);
		return EXIT_USAGE;
	}
	lmbench_wn(ctx);
	for (t = 0; t < sizeof(tests) / sizeof(tests[0]); t++) {
		struct po_arg a = { (int)t, 1 };
		struct result r = { 0 };
		struct bench_stats st;
		double base = 0, best = 1;
		char test[24];

		for (size_t c = 0; c < sizeof(chain_counts) / sizeof(chain_counts[0]); c++) {
			a.k = chain_counts[c];
			if (bench_measure(&ctx->bench, po_body, &a, &st))
				return EXIT_FAIL;
			if (a.k == 1)
				base = st.min_ns;
			else if (st.min_ns > 0 && base * a.k / st.min_ns > best)
				best = base * a.k / st.min_ns;
		}
		snprintf(test, sizeof(test), "%s", tests[t].name);
		test[strcspn(test, " ")] = '-';
		r.test = test;
		r.group = tests[t].name;
		r.unit = "";
		r.better = 1;
		r.value = r.min = r.max = best;
		r.samples = st.n;
		emit_result(ctx, &r);
	}
	return EXIT_OK;
}

TEXT(par_ops_summary, "instruction-level parallelism (lmbench's par_ops)");
TEXT(par_ops_usage,
	"usage: par_ops [-W US] [-N N]\n"
	"\n"
	"How many of one operation a core overlaps, by lmbench's par_ops method:\n"
	"for each of lat_ops's sixteen operations, 1 to 16 independent chains\n"
	"of it run side by side, and the parallelism is the largest t(1) /\n"
	"(t(k) / k), t(k) the fastest time per step of k chains (1.00: none\n"
	"overlap). Output, like lmbench's, on stderr: 'NAME parallelism: X' per\n"
	"operation.\n");

const struct applet applet_par_ops = {
	.name    = "par_ops",
	.summary = TEXT_PTR(par_ops_summary),
	.usage   = TEXT_PTR(par_ops_usage),
	.opts    = opts,
	.unit    = "",
	.flags   = APPLET_SLOW,
	.classic = &emit_par_ops,
	.min_time = 0.005,
	.reps    = 11,
	.run     = par_ops_run,
};
