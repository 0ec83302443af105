/* test_coremark.c - the coremark-like workloads against naive references,
 * the CRCs pinned for the standard seeds, and the self-check
 *
 * SPDX-License-Identifier: MIT
 */
#include "minitest.h"
#include "coremark.h"

#include <string.h>

static const struct cm_seeds perf = { 0, 0, 0x66 }, valid = { 0x3415, 0x3415, 0x66 };

TEST(coremark_crc16)
{
	const char *check = "123456789";
	uint16_t crc = 0;
	size_t i;

	for (i = 0; check[i]; i++)
		crc = cm_crc8((uint8_t)check[i], crc);
	CHECK_EQ_U64(crc, 0xbb3d);		/* CRC-16/ARC check value */
	CHECK_EQ_U64(cm_crc16(0x3231, 0), cm_crc8('2', cm_crc8('1', 0)));	/* LE byte order */
	CHECK_EQ_U64(cm_crc32(0x34333231, 0), cm_crc8('4', cm_crc8('3', cm_crc16(0x3231, 0))));
}

/* EEMBC's published seed CRCs: every row of the table in docs/methods.md. */
TEST(coremark_seedcrc)
{
	static const struct {
		struct cm_seeds	s;
		uint16_t	size, want;
	} rows[] = {
		{ { 0, 0, 0x66 }, 666, 0xe9f5 },
		{ { 0x3415, 0x3415, 0x66 }, 666, 0x18f2 },
		{ { 0, 0, 0x66 }, 2000, 0x8a02 },
		{ { 0x3415, 0x3415, 0x66 }, 2000, 0x7b05 },
		{ { 8, 8, 8 }, 400, 0x4eaf },
	};
	size_t i;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
		CHECK_EQ_U64(cm_seedcrc(&rows[i].s, rows[i].size), rows[i].want);
}

TEST(coremark_matrix_dim)
{
	CHECK_EQ_INT(cm_matrix_dim(666), 9);
	CHECK_EQ_INT(cm_matrix_dim(664), 9);	/* after aligning the third to 4 */
	CHECK_EQ_INT(cm_matrix_dim(2000), 15);
	CHECK_EQ_INT(cm_matrix_dim(400), 7);
	CHECK_EQ_INT(cm_matrix_dim(649), 9);	/* 8 * 81 = 648 < 649 */
	CHECK_EQ_INT(cm_matrix_dim(648), 8);
}

static uint32_t rnd(uint32_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 17;
	*x ^= *x << 5;
	return *x;
}

/* The kernels against the textbook formula, including the extreme inputs. */
TEST(coremark_matrix_kernels)
{
	int16_t a[CM_MAT_MAX * CM_MAT_MAX], b[CM_MAT_MAX * CM_MAT_MAX];
	int32_t c[CM_MAT_MAX * CM_MAT_MAX];
	uint32_t x = 12345;
	unsigned n, i, j, k, trial;

	for (trial = 0; trial < 6; trial++)
		for (n = 1; n <= 10; n++) {
			int16_t val = (int16_t)(trial == 0 ? -32768 : trial == 1 ? 32767 :
						(int)(rnd(&x) & 0xffff) - 32768);

			for (i = 0; i < n * n; i++) {
				a[i] = (int16_t)(trial < 2 ? (i & 1 ? -256 : 255) :
						 (int)(rnd(&x) % 512) - 256);
				b[i] = (int16_t)(trial < 2 ? -256 : (int)(rnd(&x) % 512) - 256);
			}
			cm_mat_mul_const(n, c, a, val);
			for (i = 0; i < n * n; i++)
				if (!CHECK_EQ_INT(c[i], (long long)a[i] * val))
					return;
			cm_mat_mul_vect(n, c, a, b + n);
			for (i = 0; i < n; i++) {
				long long s = 0;

				for (k = 0; k < n; k++)
					s += (long long)a[i * n + k] * b[n + k];
				if (!CHECK_EQ_INT(c[i], s))
					return;
			}
			cm_mat_mul_mat(n, c, a, b);
			for (i = 0; i < n; i++)
				for (j = 0; j < n; j++) {
					long long s = 0;

					for (k = 0; k < n; k++)
						s += (long long)a[i * n + k] * b[k * n + j];
					if (!CHECK_EQ_INT(c[i * n + j], s))
						return;
				}
		}
}

TEST(coremark_matrix_fields)
{
	/* 0x3c: wide field (bits 5-11) 1, low field (bits 2-5) 15 > 9: xor 0x55;
	 * 0x1000: both fields 0; -1: wide field 0x7f, low field 15: xor 0x55 */
	const int32_t c[3] = { 0x3c, 0x1000, -1 };
	uint16_t acc = 0;

	acc = (uint16_t)(acc + 1) ^ 0x55;
	acc = (uint16_t)(acc + 0);
	acc = (uint16_t)(acc + 0x7f) ^ 0x55;
	CHECK_EQ_U64(cm_mat_fields(c, 3), acc);
	CHECK_EQ_U64(cm_mat_fields(c, 0), 0);
}

TEST(coremark_matrix_init)
{
	_Alignas(8) uint8_t block[CM_TOTAL_SIZE];
	struct cm_mat m;
	unsigned i, lo = 0, hi = 0;

	cm_matrix_init(&m, block + CM_BLOCK, CM_BLOCK, &perf);
	CHECK_EQ_INT(m.n, 9);
	CHECK((uintptr_t)m.c % 4 == 0);
	CHECK((uint8_t *)(m.b + 81) <= block + 2 * CM_BLOCK);
	CHECK((uint8_t *)m.c >= block + CM_BLOCK);
	for (i = 0; i < 81; i++) {
		CHECK(m.a[i] >= -256 && m.a[i] <= 255 && m.b[i] >= -256 && m.b[i] <= 255);
		lo += m.a[i] < 0;
		hi += m.a[i] > 0;
	}
	CHECK(lo > 10 && hi > 10);		/* not degenerate for zero seeds */
}

/* An independent classifier: what final state a token leaves the machine in. */
static enum cm_state naive_final(const uint8_t *t, size_t len)
{
	size_t i = 0, d1 = 0, d2 = 0, d3 = 0;
	int sign = 0, dot = 0, e = 0, esign = 0;

	if (i < len && (t[i] == '+' || t[i] == '-'))
		sign = 1, i++;
	while (i < len && t[i] >= '0' && t[i] <= '9')
		d1++, i++;
	if (i < len && t[i] == '.')
		dot = 1, i++;
	while (dot && i < len && t[i] >= '0' && t[i] <= '9')
		d2++, i++;
	if (i < len && (t[i] == 'e' || t[i] == 'E') && (d1 || d2))
		e = 1, i++;
	if (e && i < len && (t[i] == '+' || t[i] == '-'))
		esign = 1, i++;
	while (e && i < len && t[i] >= '0' && t[i] <= '9')
		d3++, i++;
	if (i != len)
		return CM_INVALID;
	if (e)
		return d3 ? CM_SCI : esign ? CM_EXPSIGN : CM_EXP;
	if (dot)
		return d1 || d2 ? CM_FRAC : CM_DOT;
	if (d1)
		return CM_INT;
	return sign ? CM_SIGN : CM_START;
}

static void naive_counts(const uint8_t *buf, size_t size, uint32_t final[CM_NSTATES])
{
	size_t i = 0, start = 0;

	for (;; i++) {
		if (i == size || !buf[i] || buf[i] == ',') {
			final[naive_final(buf + start, i - start)]++;
			if (i == size || !buf[i])
				return;
			start = i + 1;
		}
	}
}

static void check_scan(struct mt *t, const uint8_t *buf, size_t size)
{
	uint32_t f[CM_NSTATES] = { 0 }, tr[CM_NSTATES] = { 0 }, nf[CM_NSTATES] = { 0 };
	unsigned i;

	cm_state_scan(buf, size, f, tr);
	naive_counts(buf, size, nf);
	for (i = 0; i < CM_NSTATES; i++)
		CHECK_EQ_INT(f[i], nf[i]);
}

TEST(coremark_state_hand)
{
	/* tokens: int, signed float, sci with sign, invalid, empty, float, sign */
	static const uint8_t buf[] = "12,-3.5,1e+9,x1,,.5,+";
	uint32_t f[CM_NSTATES] = { 0 }, tr[CM_NSTATES] = { 0 };

	cm_state_scan(buf, sizeof(buf), f, tr);
	CHECK_EQ_INT(f[CM_INT], 1);
	CHECK_EQ_INT(f[CM_FRAC], 2);
	CHECK_EQ_INT(f[CM_SCI], 1);
	CHECK_EQ_INT(f[CM_INVALID], 1);
	CHECK_EQ_INT(f[CM_START], 1);
	CHECK_EQ_INT(f[CM_SIGN], 1);
	/* into INT: "12" "-3" "1"; SIGN: "-" "+"; FRAC: "." of -3.5, ".5";
	 * DOT: "." of .5; EXP, EXPSIGN, SCI once each; INVALID: "x" */
	CHECK_EQ_INT(tr[CM_INT], 3);
	CHECK_EQ_INT(tr[CM_SIGN], 2);
	CHECK_EQ_INT(tr[CM_FRAC], 2);
	CHECK_EQ_INT(tr[CM_DOT], 1);
	CHECK_EQ_INT(tr[CM_EXP], 1);
	CHECK_EQ_INT(tr[CM_EXPSIGN], 1);
	CHECK_EQ_INT(tr[CM_SCI], 1);
	CHECK_EQ_INT(tr[CM_INVALID], 1);
	check_scan(t, buf, sizeof(buf));
}

/* The generated input has every kind of token, the scan agrees with the
 * naive classifier on it and on the corrupted text, and the run restores it. */
TEST(coremark_state_generated)
{
	const struct cm_seeds *sets[2] = { &perf, &valid };
	uint8_t buf[CM_BLOCK], orig[CM_BLOCK];
	int k;

	for (k = 0; k < 2; k++) {
		uint32_t f[CM_NSTATES] = { 0 }, tr[CM_NSTATES] = { 0 };
		size_t start, step, i, commas = 0;
		unsigned p;
		uint8_t mask;

		cm_state_init(buf, sizeof(buf), sets[k]);
		CHECK(buf[sizeof(buf) - 1] == 0);
		for (i = 0; i < sizeof(buf) && buf[i]; i++)
			commas += buf[i] == ',';
		CHECK(i > sizeof(buf) - 20);	/* the text fills the third */
		cm_state_scan(buf, sizeof(buf), f, tr);
		CHECK(f[CM_INT] > 10 && f[CM_FRAC] > 10 && f[CM_SCI] > 10 && f[CM_INVALID] > 10);
		CHECK_EQ_INT(f[CM_START] + f[CM_SIGN] + f[CM_INT] + f[CM_DOT] + f[CM_FRAC] +
			     f[CM_EXP] + f[CM_EXPSIGN] + f[CM_SCI] + f[CM_INVALID], commas + 1);
		check_scan(t, buf, sizeof(buf));
		memcpy(orig, buf, sizeof(buf));
		for (p = 0; p < 8; p++) {
			cm_state_corruption(sets[k], p, &start, &step, &mask);
			CHECK(step >= 2 && start < step && mask);
			for (i = start; i < sizeof(buf); i += step)
				buf[i] ^= mask;
			check_scan(t, buf, sizeof(buf));
			memcpy(buf, orig, sizeof(buf));
			cm_state_bench(buf, sizeof(buf), sets[k], p, 0);
			if (!CHECK(!memcmp(buf, orig, sizeof(buf))))
				return;
		}
	}
}

TEST(coremark_state_step)
{
	CHECK_EQ_INT(cm_state_next(CM_START, '7'), CM_INT);
	CHECK_EQ_INT(cm_state_next(CM_INT, 'E'), CM_EXP);
	CHECK_EQ_INT(cm_state_next(CM_EXP, '-'), CM_EXPSIGN);
	CHECK_EQ_INT(cm_state_next(CM_SCI, '.'), CM_INVALID);
	CHECK_EQ_INT(cm_state_next(CM_INVALID, '1'), CM_INVALID);
	CHECK_EQ_INT(cm_state_next(CM_START, 0xb0), CM_INVALID);	/* '0' | 0x80 */
}

static int cmp_key(struct cm_rec *a, struct cm_rec *b, struct cm_core *c)
{
	(void)c;
	return (int)(a->data >> 4) - (int)(b->data >> 4);	/* ties: low bits show order */
}

/* Merge sort against an insertion sort: same order, ties kept (stable). */
TEST(coremark_list_sort)
{
	static const unsigned lens[] = { 0, 1, 2, 3, 5, 8, 33, 64, 100 };
	struct cm_node nodes[100], *head, *nd;
	struct cm_rec recs[100], want[100];
	uint32_t x = 99;
	size_t li;

	for (li = 0; li < sizeof(lens) / sizeof(lens[0]); li++) {
		unsigned n = lens[li], i, j;

		for (i = 0; i < n; i++) {
			recs[i].data = (uint16_t)((rnd(&x) % 6) << 4 | (i & 15));
			recs[i].idx = (uint16_t)i;
			nodes[i].info = &recs[i];
			nodes[i].next = i + 1 < n ? &nodes[i + 1] : NULL;
			want[i] = recs[i];
		}
		for (i = 1; i < n; i++)		/* stable insertion sort */
			for (j = i; j > 0 && (want[j - 1].data >> 4) > (want[j].data >> 4); j--) {
				struct cm_rec tmp = want[j];

				want[j] = want[j - 1];
				want[j - 1] = tmp;
			}
		head = cm_list_sort(n ? &nodes[0] : NULL, cmp_key, NULL);
		for (i = 0, nd = head; nd; nd = nd->next, i++)
			if (!CHECK(i < n && nd->info->idx == want[i].idx))
				return;
		CHECK_EQ_INT(i, n);
		head = cm_list_sort(head, cm_cmp_idx, NULL);
		for (i = 0, nd = head; nd; nd = nd->next, i++)
			CHECK_EQ_INT(nd->info->idx, i);
		head = cm_list_reverse(head);
		for (i = 0, nd = head; nd; nd = nd->next, i++)
			CHECK_EQ_INT(nd->info->idx, n - 1 - i);
	}
}

TEST(coremark_list_layout)
{
	unsigned n = CM_LIST_ITEMS, j, seq = 0, seen[CM_LIST_ITEMS] = { 0 };

	CHECK_EQ_INT(n, 33);
	for (j = 0; j < n; j++) {
		unsigned s = cm_list_slot(j, n);

		REQUIRE(s < n);
		seen[s]++;
		if (j + 1 < n && cm_list_slot(j + 1, n) == s + 1)
			seq++;
	}
	for (j = 0; j < n; j++)
		CHECK_EQ_INT(seen[j], 1);	/* a permutation */
	CHECK_EQ_INT(seq, (n - 1) / 4);		/* one link in four is sequential */
}

/* After every list run the list is whole and in idx order, and the data
 * sort inside it left every item evaluated in key order. */
TEST(coremark_list_bench)
{
	_Alignas(8) uint8_t block[CM_TOTAL_SIZE];
	struct cm_core c;
	struct cm_node *nd;
	int run;

	cm_core_init(&c, block, &perf);
	CHECK((uint8_t *)(c.recs + c.n) <= block + CM_BLOCK);
	for (run = 0; run < 6; run++) {
		unsigned i = 0;

		cm_list_bench(&c, run & 1 ? -1 : 1);
		for (nd = c.head; nd; nd = nd->next, i++)
			if (!CHECK_EQ_INT(nd->info->idx, i))
				return;
		CHECK_EQ_INT(i, c.n);
	}
	/* sorting by data evaluates everything and orders by the evaluated key */
	c.head = cm_list_sort(c.head, cm_cmp_data, &c);
	for (nd = c.head; nd && nd->next; nd = nd->next) {
		CHECK(nd->info->data & 0x80);
		CHECK(cm_cmp_data(nd->info, nd->next->info, &c) <= 0);
	}
	/* a cached value is what evaluating afresh gives */
	for (nd = c.head; nd; nd = nd->next) {
		struct cm_rec r = *nd->info;
		unsigned cached = cm_eval(nd->info, &c);

		r.data &= 0xff00;
		CHECK_EQ_INT(cm_eval(&r, &c), cached);
	}
}

static void first_crcs(const struct cm_seeds *s, struct cm_crcs *got, uint16_t *final,
		       uint64_t iters)
{
	_Alignas(8) uint8_t block[CM_TOTAL_SIZE];
	struct cm_core c;

	cm_core_init(&c, block, s);
	cm_iterate(&c, iters);
	got->seed = cm_seedcrc(s, CM_BLOCK);
	got->list = c.crclist;
	got->matrix = c.crcmatrix;
	got->state = c.crcstate;
	*final = c.crcfinal;
}

/* benchbox's own CRCs for the two standard seed sets (the same on every
 * target; EEMBC's differ), and what the applet expects. */
TEST(coremark_pinned_crcs)
{
	struct cm_crcs got, want;
	uint16_t final, final1;

	first_crcs(&perf, &got, &final, 10);
	CHECK_EQ_U64(got.seed, 0xe9f5);
	CHECK_EQ_U64(got.list, 0x28a6);
	CHECK_EQ_U64(got.matrix, 0x1924);
	CHECK_EQ_U64(got.state, 0x1572);
	CHECK_EQ_U64(final, 0x56d5);
	REQUIRE(cm_expected(&perf, &want) == 0);
	CHECK_EQ_INT(cm_check(&want, &got), 0);
	first_crcs(&perf, &got, &final1, 1);
	CHECK_EQ_U64(final1, got.list);	/* after one iteration, crcfinal is crclist */

	first_crcs(&valid, &got, &final, 10);
	CHECK_EQ_U64(got.seed, 0x18f2);
	CHECK_EQ_U64(got.list, 0x08d7);
	CHECK_EQ_U64(got.matrix, 0x315c);
	CHECK_EQ_U64(got.state, 0x4832);
	CHECK_EQ_U64(final, 0x81dc);
	REQUIRE(cm_expected(&valid, &want) == 0);
	CHECK_EQ_INT(cm_check(&want, &got), 0);

	{
		const struct cm_seeds other = { 8, 8, 8 };

		CHECK_EQ_INT(cm_expected(&other, &want), -1);
	}
}

/* The self-check fails on a corrupted result: each CRC alone, and when a
 * workload's data is damaged before the run. */
TEST(coremark_check_fails)
{
	_Alignas(8) uint8_t block[CM_TOTAL_SIZE];
	struct cm_crcs want, got;
	struct cm_core c;
	int k;

	REQUIRE(cm_expected(&perf, &want) == 0);
	got = want;
	CHECK_EQ_INT(cm_check(&want, &got), 0);
	for (k = 0; k < 4; k++) {
		got = want;
		if (k == 0)
			got.seed ^= 1;
		else if (k == 1)
			got.list ^= 0x100;
		else if (k == 2)
			got.matrix ^= 0x8000;
		else
			got.state ^= 2;
		CHECK_EQ_INT(cm_check(&want, &got), 1 << k);
	}

	cm_core_init(&c, block, &perf);
	c.mat.a[40]++;				/* a wrong matrix */
	cm_iterate(&c, 1);
	CHECK(c.crcmatrix != want.matrix);

	cm_core_init(&c, block, &perf);
	c.state[17] ^= 0x10;			/* a wrong byte of text */
	cm_iterate(&c, 1);
	CHECK(c.crcstate != want.state);

	cm_core_init(&c, block, &perf);
	c.recs[5].data ^= 0x0100;		/* a wrong list item */
	cm_iterate(&c, 1);
	CHECK(c.crclist != want.list);
}
