/* coremark.h - the coremark-like workloads, shared with tests/unit
 *
 * SPDX-License-Identifier: MIT
 *
 * Written from the published description of CoreMark 1.0 (docs/methods.md,
 * CoreMark), not from EEMBC's code: the seed CRC reproduces EEMBC's
 * published values, the list/matrix/state CRCs are this implementation's
 * own (see coremark.c).
 */
#ifndef BENCHBOX_COREMARK_H
#define BENCHBOX_COREMARK_H

#include <stddef.h>
#include <stdint.h>

enum {
	CM_TOTAL_SIZE	= 2000,				/* TOTAL_DATA_SIZE */
	CM_NALGS	= 3,
	CM_BLOCK	= CM_TOTAL_SIZE / CM_NALGS,	/* 666: "CoreMark Size" */
	/* List items: as many as fit with 64-bit pointers (two per node) and a
	 * 4-byte record; fixed so that every target runs the same list. */
	CM_LIST_ITEMS	= CM_BLOCK / (2 * 8 + 4),	/* 33 */
	CM_MAT_MAX	= 16,				/* bound for the tests */
	CM_FINDS_MAX	= 0xff,
};

/* CRC-16/ARC: reflected 0xA001, init by the caller (0), no final xor, data
 * fed least significant byte first. */
static inline uint16_t cm_crc8(uint8_t d, uint16_t crc)
{
	int i;

	for (i = 0; i < 8; i++) {
		crc = (uint16_t)((crc >> 1) ^ (((crc ^ d) & 1) ? 0xA001 : 0));
		d >>= 1;
	}
	return crc;
}

static inline uint16_t cm_crc16(uint16_t v, uint16_t crc)
{
	return cm_crc8((uint8_t)(v >> 8), cm_crc8((uint8_t)v, crc));
}

static inline uint16_t cm_crc32(uint32_t v, uint16_t crc)
{
	return cm_crc16((uint16_t)(v >> 16), cm_crc16((uint16_t)v, crc));
}

struct cm_seeds {
	uint16_t	s1, s2, s3;
};

/* seedcrc: seed1, seed2, seed3 and the per-algorithm size, each fed as a
 * 16-bit little-endian word (EEMBC's published values come out). */
uint16_t cm_seedcrc(const struct cm_seeds *s, uint16_t size);

/* -- matrix (coremark_matrix.c) ----------------------------------------- */

struct cm_mat {
	unsigned	n;		/* N x N */
	int16_t		*a, *b;		/* inputs, N*N each */
	int32_t		*c;		/* results, N*N */
};

/* Largest N with 8 N^2 < size (two int16 inputs, one int32 result). */
unsigned cm_matrix_dim(size_t size);
/* Lay the matrices out in mem (aligned to 4, size bytes) and fill A and B
 * from the seeds. */
void	 cm_matrix_init(struct cm_mat *m, void *mem, size_t size, const struct cm_seeds *s);
void	 cm_mat_mul_const(unsigned n, int32_t *c, const int16_t *a, int16_t val);
void	 cm_mat_mul_vect(unsigned n, int32_t *c, const int16_t *a, const int16_t *v);
void	 cm_mat_mul_mat(unsigned n, int32_t *c, const int16_t *a, const int16_t *b);
/* Bit fields of len results, accumulated into 16 bits. */
uint16_t cm_mat_fields(const int32_t *c, unsigned len);
/* C = val.A, C = A.v, C = A.B; each one's fields folded into crc. */
uint16_t cm_matrix_bench(struct cm_mat *m, int16_t val, uint16_t crc);

/* -- state machine (coremark_state.c) ----------------------------------- */

enum cm_state {
	CM_START, CM_SIGN, CM_INT, CM_DOT, CM_FRAC, CM_EXP, CM_EXPSIGN, CM_SCI,
	CM_INVALID, CM_NSTATES
};

/* Comma-separated int, float, scientific and invalid tokens from the
 * seeds, NUL-terminated within size bytes. */
void	 cm_state_init(uint8_t *buf, size_t size, const struct cm_seeds *s);
/* Moore machine over buf (up to NUL or size): final[st] counts tokens
 * ending in state st, trans[st] the transitions into st. Counts are added. */
void	 cm_state_scan(const uint8_t *buf, size_t size, uint32_t final[CM_NSTATES],
		       uint32_t trans[CM_NSTATES]);
/* The machine's step function (exposed for a naive cross-check). */
enum cm_state cm_state_next(enum cm_state st, uint8_t ch);
/* Corruption interval and xor byte for parameter p. */
void	 cm_state_corruption(const struct cm_seeds *s, unsigned p, size_t *start,
			     size_t *step, uint8_t *mask);
/* Scan, corrupt, rescan, restore; all counts folded into crc. */
uint16_t cm_state_bench(uint8_t *buf, size_t size, const struct cm_seeds *s, unsigned p,
			uint16_t crc);

/* -- list and the iteration (coremark_list.c) ---------------------------- */

struct cm_rec {
	uint16_t	data;	/* bits 8-15 what (bit 11: matrix, 8-10: parameter),
				   bit 7 cached, bits 0-6 the cached result */
	uint16_t	idx;	/* position in the restored list */
};

struct cm_node {
	struct cm_node	*next;
	struct cm_rec	*info;
};

/* One copy's state: a 2000-byte block split three ways, and its CRCs. */
struct cm_core {
	struct cm_seeds	seeds;
	uint8_t		*block;			/* CM_TOTAL_SIZE bytes */
	struct cm_node	*head, *nodes;
	struct cm_rec	*recs;
	unsigned	n;			/* list items */
	struct cm_mat	mat;
	uint8_t		*state;
	size_t		state_size;
	uint16_t	acc_matrix, acc_state;	/* every lazy evaluation so far */
	uint16_t	crclist, crcmatrix, crcstate;	/* of the first iteration */
	uint16_t	crcfinal;		/* over every iteration */
	uint64_t	done;			/* iterations since cm_core_init */
	unsigned	evals[2];		/* lazy evaluations: state, matrix */
};

typedef int cm_cmp_fn(struct cm_rec *a, struct cm_rec *b, struct cm_core *c);

/* (Re)build everything in block (CM_TOTAL_SIZE bytes, 8-aligned). */
void	 cm_core_init(struct cm_core *c, uint8_t *block, const struct cm_seeds *s);
/* Physical slot of list position j: groups of four visited in a scattered
 * order, each as 0,1,3,2 (one link in four to the next slot). */
unsigned cm_list_slot(unsigned j, unsigned n);
struct cm_node *cm_list_sort(struct cm_node *list, cm_cmp_fn *cmp, struct cm_core *c);
struct cm_node *cm_list_reverse(struct cm_node *list);
int	 cm_cmp_idx(struct cm_rec *a, struct cm_rec *b, struct cm_core *c);
int	 cm_cmp_data(struct cm_rec *a, struct cm_rec *b, struct cm_core *c);
/* The lazily evaluated value of a record (0..127), cached in its data. */
unsigned cm_eval(struct cm_rec *r, struct cm_core *c);
uint16_t cm_list_bench(struct cm_core *c, int finder);
void	 cm_iterate(struct cm_core *c, uint64_t iters);

/* -- self-check (coremark.c) --------------------------------------------- */

struct cm_crcs {
	uint16_t	seed, list, matrix, state;
};

/* Expected CRCs for a seed set: 0 with e filled for the performance and
 * validation seeds (seed: EEMBC's; list, matrix, state: this
 * implementation's pinned values), -1 for other seeds. */
int	 cm_expected(const struct cm_seeds *s, struct cm_crcs *e);
/* Bit mask of mismatches: 1 seed, 2 list, 4 matrix, 8 state. */
unsigned cm_check(const struct cm_crcs *want, const struct cm_crcs *got);

#endif
