/* nbench.h - the ten BYTEmark-method workloads, shared by the harness
 * (nbench.c) and the unit tests
 *
 * SPDX-License-Identifier: MIT
 *
 * Every workload is a struct nb_test: create() allocates a worker's state,
 * prepare() sizes and fills it for UNITS units of work (untimed) and returns
 * the iterations one pass credits, run() is the timed pass, check() verifies
 * what the last pass produced. The kernels and their self-checks are exported
 * so the tests can feed them corrupted results.
 */
#ifndef BENCHBOX_NBENCH_H
#define BENCHBOX_NBENCH_H

#include <stddef.h>
#include <stdint.h>

/* Index groups a test belongs to (bit masks). */
enum nb_group {
	NB_ORIG_INT	= 1u << 0,	/* original BYTEmark INTEGER INDEX */
	NB_ORIG_FP	= 1u << 1,	/* original BYTEmark FLOATING-POINT INDEX */
	NB_LINUX_MEM	= 1u << 2,	/* Linux MEMORY INDEX */
	NB_LINUX_INT	= 1u << 3,	/* Linux INTEGER INDEX */
	NB_LINUX_FP	= 1u << 4,	/* Linux FLOATING-POINT INDEX */
};

struct nb_test {
	const char	*key;		/* metric and -t name: "numeric_sort" */
	const char	*name;		/* the classic row label: "NUMERIC SORT" */
	const char	*unit_of_work;	/* what one credited iteration is */
	double		base_old;	/* Pentium 90 iterations/s */
	double		base_new;	/* AMD K6/233 iterations/s */
	unsigned	groups;		/* enum nb_group */
	uint64_t	max_units;	/* calibration stops growing here (memory) */
	void		*(*create)(void);			/* NULL: out of memory */
	double		(*prepare)(void *st, uint64_t units);	/* credit; < 0: no memory */
	void		(*run)(void *st);
	int		(*check)(void *st, char *why, size_t len);	/* 0 ok, -1 wrong */
	void		(*destroy)(void *st);
};

extern const struct nb_test nb_numeric_sort, nb_string_sort, nb_bitfield,
	nb_fp_emulation, nb_assignment, nb_idea, nb_huffman;	/* nbench_int.c */
extern const struct nb_test nb_fourier, nb_neural_net, nb_lu;	/* nbench_fp.c */

/* The deterministic generator every workload draws from (xorshift64*). */
struct nb_rng {
	uint64_t	s;
};

static inline void nb_rng_seed(struct nb_rng *r, uint64_t seed)
{
	r->s = seed * 0x9e3779b97f4a7c15ull + 0x2545f4914f6cdd1dull;
	if (!r->s)
		r->s = 1;
}

static inline uint64_t nb_rng_next(struct nb_rng *r)
{
	r->s ^= r->s >> 12;
	r->s ^= r->s << 25;
	r->s ^= r->s >> 27;
	return r->s * 0x2545f4914f6cdd1dull;
}

/* Uniform in [0, n), n <= 2^32. */
static inline uint32_t nb_rng_below(struct nb_rng *r, uint32_t n)
{
	return (uint32_t)(((nb_rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

/* Uniform in [0, 1). */
static inline double nb_rng_unit(struct nb_rng *r)
{
	return (double)(nb_rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

/* Order-independent fingerprint of a multiset of 64-bit items: add the
 * mixed items, so any permutation gives the same sum. */
uint64_t nb_mix64(uint64_t x);

/* numeric sort ------------------------------------------------------------ */
enum { NB_NUMSORT_N = 8111 };
void	 nb_heapsort_i32(int32_t *a, size_t n);
uint64_t nb_fingerprint_i32(const int32_t *a, size_t n);
/* 0: a is in ascending order and has fingerprint fp. */
int	 nb_numsort_verify(const int32_t *a, size_t n, uint64_t fp);

/* string sort ------------------------------------------------------------- */
enum { NB_STRSORT_AREA = 8111, NB_STR_MIN = 4, NB_STR_MAX = 80 };
/* Strings are a length byte then that many bytes, packed from area[0];
 * offs[k] is where string k starts. */
struct nb_strarr {
	uint8_t		*area;		/* NB_STRSORT_AREA bytes */
	uint32_t	*offs;		/* up to NB_STRSORT_AREA / (NB_STR_MIN + 1) */
	size_t		n;		/* strings */
	size_t		used;		/* bytes of area holding strings */
	uint64_t	fp;		/* fingerprint before sorting */
};
void	 nb_strarr_fill(struct nb_strarr *s, struct nb_rng *r);
uint64_t nb_strarr_fingerprint(const struct nb_strarr *s);
void	 nb_strsort(struct nb_strarr *s);
/* 0: ascending, the strings still tile area[0..used) and the multiset of
 * strings is unchanged (s->fp). */
int	 nb_strsort_verify(const struct nb_strarr *s);

/* bitfield ---------------------------------------------------------------- */
enum { NB_BITMAP_BYTES = 128 * 1024 };
enum nb_bitop_kind { NB_BIT_CLEAR, NB_BIT_SET, NB_BIT_FLIP };
struct nb_bitop {
	uint32_t	start, len;
	uint32_t	kind;		/* enum nb_bitop_kind */
};
/* One bit at a time (the timed kernel). Returns bits touched. */
uint64_t nb_bitops_run(unsigned long *map, const struct nb_bitop *ops, size_t n);
/* Whole words where it can (the reference). */
void	 nb_bitops_ref(unsigned long *map, const struct nb_bitop *ops, size_t n);
/* Apply ops to ref (the state map started from) with the reference and
 * compare: 0 when map == ref over words longs, else -1 and *bad = the word. */
int	 nb_bitfield_verify(const unsigned long *map, unsigned long *ref, size_t words,
			    const struct nb_bitop *ops, size_t n, size_t *bad);

/* FP emulation -------------------------------------------------------------- */
enum nb_fp_type { NB_FP_ZERO, NB_FP_NORMAL, NB_FP_INF, NB_FP_NAN };
enum { NB_FP_WORDS = 4, NB_FPEMU_N = 3000 };
/* value = (-1)^sign x 0.m x 2^exp, m[0] the most significant 16 bits,
 * normalised (m[0] & 0x8000) unless zero; arithmetic is done 16 bits at
 * a time and shifts one bit at a time, as a small CPU's library would. */
struct nb_fp {
	uint8_t		type;		/* enum nb_fp_type */
	uint8_t		sign;
	int16_t		exp;
	uint16_t	m[NB_FP_WORDS];
};
void	nb_fp_from_i32(struct nb_fp *d, int32_t v);
double	nb_fp_to_double(const struct nb_fp *x);
void	nb_fp_add(struct nb_fp *d, const struct nb_fp *a, const struct nb_fp *b);
void	nb_fp_sub(struct nb_fp *d, const struct nb_fp *a, const struct nb_fp *b);
void	nb_fp_mul(struct nb_fp *d, const struct nb_fp *a, const struct nb_fp *b);
void	nb_fp_div(struct nb_fp *d, const struct nb_fp *a, const struct nb_fp *b);
/* c[i] = a[i] op b[i], op = add, sub, mul, div by i % 4. */
void	nb_fpemu_pass(const struct nb_fp *a, const struct nb_fp *b, struct nb_fp *c, size_t n);
/* 0: every c[i] agrees with the native double result within 2^-50. */
int	nb_fpemu_verify(const struct nb_fp *a, const struct nb_fp *b, const struct nb_fp *c,
			size_t n, size_t *bad);

/* assignment -------------------------------------------------------------- */
enum { NB_ASSIGN_N = 101 };
/* Hungarian method on the n x n matrix c, n <= NB_ASSIGN_N (reduced in
 * place; c ends as the reduced cost matrix). perm[row] = column. */
void	nb_assign_solve(int32_t *c, int n, int *perm);
/* 0: perm is a permutation, reduced = orig - u_i - v_j >= 0 with zeros on
 * perm (an optimality certificate), and its cost <= the greedy bound. */
int	nb_assign_verify(const int32_t *orig, const int32_t *reduced, int n, const int *perm);
int64_t	nb_assign_cost(const int32_t *orig, int n, const int *perm);
int64_t	nb_assign_greedy(const int32_t *orig, int n);

/* IDEA ------------------------------------------------------------------------ */
enum { NB_IDEA_KEYS = 52, NB_IDEA_BUF = 4000 };
void	nb_idea_expand(const uint16_t key[8], uint16_t ek[NB_IDEA_KEYS]);
void	nb_idea_invert(const uint16_t ek[NB_IDEA_KEYS], uint16_t dk[NB_IDEA_KEYS]);
void	nb_idea_block(const uint16_t in[4], uint16_t out[4], const uint16_t k[NB_IDEA_KEYS]);
/* Big-endian 8-byte blocks, len a multiple of 8. */
void	nb_idea_buf(const uint8_t *in, uint8_t *out, size_t len, const uint16_t k[NB_IDEA_KEYS]);
/* 0: the published vector (key 1..8, plaintext 0 1 2 3) gives 11FB ED2B 0198 6DE5. */
int	nb_idea_selftest(void);

/* Huffman ------------------------------------------------------------------- */
enum { NB_HUFF_TEXT = 5000 };
void	nb_huff_text(uint8_t *text, size_t n, struct nb_rng *r);
/* Build the tree for in, compress into comp (at least 2n bytes), then
 * decompress into out. Returns the compressed size in bits. */
size_t	nb_huff_roundtrip(const uint8_t *in, size_t n, uint8_t *comp, uint8_t *out);

/* Fourier ---------------------------------------------------------------------- */
enum { NB_FOURIER_STEPS = 200 };
/* a[0] = mean of (x+1)^x over [0,2]; a[k], b[k] (k >= 1) its cosine and sine
 * coefficients, by the trapezoid rule with NB_FOURIER_STEPS intervals. */
void	nb_fourier_coefs(double *a, double *b, size_t n);
/* The same integrals by composite Simpson with many more points; which:
 * 0 = a0, 1 = a_k, 2 = b_k. */
double	nb_fourier_ref(int which, unsigned k);
/* 0: a[0], a[1], b[1] agree with the Simpson values within 1e-3 relative. */
int	nb_fourier_verify(const double *a, const double *b, size_t n, const double ref[3]);

/* neural net ------------------------------------------------------------------ */
enum { NB_NN_IN = 35, NB_NN_HID = 8, NB_NN_OUT = 8, NB_NN_PATTERNS = 26,
       NB_NN_MAX_EPOCHS = 20000 };
struct nb_nnet {
	double	w1[NB_NN_HID][NB_NN_IN + 1], w2[NB_NN_OUT][NB_NN_HID + 1];
	double	d1[NB_NN_HID][NB_NN_IN + 1], d2[NB_NN_OUT][NB_NN_HID + 1];
	double	in[NB_NN_PATTERNS][NB_NN_IN], want[NB_NN_PATTERNS][NB_NN_OUT];
	double	first_err, last_err;	/* summed squared error, first/last epoch */
	unsigned epochs;
};
void	nb_nnet_patterns(struct nb_nnet *nn);
/* Reset the weights (seeded) and train until every output is within 0.1
 * of its target (or NB_NN_MAX_EPOCHS). Returns the epochs run. */
unsigned nb_nnet_train(struct nb_nnet *nn);
/* 0: the error fell and every pattern classifies (outputs round to the bits). */
int	nb_nnet_verify(const struct nb_nnet *nn);

/* LU decomposition ------------------------------------------------------------ */
enum { NB_LU_N = 101 };
/* In place, partial pivoting; perm[i] = the row swapped with i. -1: singular. */
int	nb_lu_decomp(double *a, int n, int *perm);
void	nb_lu_solve(const double *lu, int n, const int *perm, double *b);
/* ||A x - b||_inf / (n eps ||A||_inf ||x||_inf + tiny); 0 when under 100. */
int	nb_lu_verify(const double *a, const double *x, const double *b, int n, double *resid);

/* harness (nbench.c) ------------------------------------------------------------- */
/* Student's t for a two-sided 95 % interval with df degrees of freedom. */
double	nb_student_t95(unsigned df);
/* 1 when the 95 % confidence half-width of the k scores is within frac of their mean. */
int	nb_confident(const double *scores, unsigned k, double frac, double *half);
double	nb_geomean(const double *v, unsigned n);

#endif
