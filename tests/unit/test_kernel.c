/* test_kernel.c - one rule under --kernel, for every table
 *
 * SPDX-License-Identifier: MIT
 *
 * kernel_select() on a made-up table (every word: default, c, best, all, a
 * list, unknown and empty names, a row the CPU cannot run, an operation
 * without a row named c), then the same cases against the tables of membw,
 * stream, linpack, zlib and speed with this CPU's features: c picks exactly the
 * rows named c (or an operation's first without one); best each operation's
 * first usable row (its reference) and last; all every usable row; each
 * usable name exactly its rows; an unknown name is refused.
 */
#include "minitest.h"
#include "cpu.h"
#include "kernel.h"
#include "linpack.h"
#include "membw.h"
#include "speed_local.h"
#include "stream.h"
#include "util.h"
#include "zlib_kernels.h"

#include <stdlib.h>
#include <string.h>

enum { MAXROWS = 128 };

static int pick(const struct kernel *const *rows, size_t n, const char *want, unsigned cpu,
		const char *expect)
{
	unsigned char sel[MAXROWS];
	char got[512] = "";
	size_t i;
	int k = kernel_select(rows, n, want, "c", cpu, sel);

	if (k < 0)
		return strcmp(expect, "-") ? -1 : 0;
	for (i = 0; i < n; i++)
		if (sel[i])
			snprintf(got + strlen(got), sizeof(got) - strlen(got), "%s%u:%s",
				 *got ? " " : "", rows[i]->op, rows[i]->name);
	return strcmp(got, expect);
}

TEST(kernel_select_rule)
{
	static const struct kernel tab[] = {
		{ 0, "c", "reference", 0, 1, 1 },
		{ 0, "libc", "the C library", 0, 1, 1 },
		{ 0, "fast", "needs bit 1", 1u << 1, 1, 1 },
		{ 0, "faster", "needs bit 2", 1u << 2, 1, 1 },
		{ 1, "c", "reference", 0, 1, 1 },
		{ 1, "fast", "needs bit 1", 1u << 1, 1, 1 },
		{ 2, "lib", "a library's own, no C of ours", 0, 1, 1 },
		{ 2, "fast", "needs bit 1", 1u << 1, 1, 1 },
	};
	const struct kernel *rows[8];
	size_t n = kernel_heads(tab, 8, sizeof(tab[0]), rows);
	unsigned both = 6, one = 2;	/* CPU bits 1 and 2; bit 1 only */

	CHECK_EQ_INT(pick(rows, n, NULL, both, "0:c 1:c 2:lib"), 0);	/* the default */
	CHECK_EQ_INT(pick(rows, n, "", both, "0:c 1:c 2:lib"), 0);
	CHECK_EQ_INT(pick(rows, n, "c", both, "0:c 1:c 2:lib"), 0);
	CHECK_EQ_INT(pick(rows, n, "best", both, "0:c 0:faster 1:c 1:fast 2:lib 2:fast"), 0);
	CHECK_EQ_INT(pick(rows, n, "best", one, "0:c 0:fast 1:c 1:fast 2:lib 2:fast"), 0);
	CHECK_EQ_INT(pick(rows, n, "best", 0, "0:c 0:libc 1:c 2:lib"), 0);
	CHECK_EQ_INT(pick(rows, n, "all", one, "0:c 0:libc 0:fast 1:c 1:fast 2:lib 2:fast"), 0);
	CHECK_EQ_INT(pick(rows, n, "fast", one, "0:fast 1:fast 2:fast"), 0);
	CHECK_EQ_INT(pick(rows, n, "lib", one, "2:lib"), 0);
	CHECK_EQ_INT(pick(rows, n, "libc,faster", both, "0:libc 0:faster"), 0);
	CHECK_EQ_INT(pick(rows, n, "faster", one, "-"), 0);	/* not usable here */
	CHECK_EQ_INT(pick(rows, n, "nope", both, "-"), 0);
	CHECK_EQ_INT(pick(rows, n, "c,nope", both, "-"), 0);
	CHECK_EQ_INT(pick(rows, n, "c,,libc", both, "-"), 0);
	CHECK_EQ_INT(pick(rows, n, ",c", both, "-"), 0);
	CHECK_EQ_INT(pick(rows, n, "c,", both, "-"), 0);
	CHECK_EQ_INT(pick(rows, n, "Best", both, "-"), 0);
}

/* The cases against one applet's table (its rows' heads). */
static void check_table(struct mt *t, const char *who, const struct kernel *const *rows,
			size_t n)
{
	unsigned cpu = cpu_features();
	unsigned char sel[MAXROWS];
	size_t i, j;
	int k;

	REQUIRE(n > 0 && n <= MAXROWS);
	k = kernel_select(rows, n, "c", "all", cpu, sel);
	for (i = 0; i < n; i++) {	/* named c, or first of an op without one */
		int c = !strcmp(rows[i]->name, "c"), first = 1, has_c = 0;

		for (j = 0; j < n; j++)
			if (rows[j]->op == rows[i]->op) {
				first &= j >= i;
				has_c |= !strcmp(rows[j]->name, "c");
			}
		c |= !has_c && first && !rows[i]->needs;
		if (!CHECK(sel[i] == (cpu_has(cpu, rows[i]->needs) && c)))
			mt_fail(MT_AT, "  ... %s: c and row %s", who, rows[i]->name);
	}
	CHECK(k >= 0);
	k = kernel_select(rows, n, "all", "c", cpu, sel);
	for (i = 0; i < n; i++)
		CHECK(sel[i] == cpu_has(cpu, rows[i]->needs));
	k = kernel_select(rows, n, "best", "c", cpu, sel);
	for (i = 0; i < n; i++) {
		size_t first = n, last = n;

		for (j = 0; j < n; j++)
			if (rows[j]->op == rows[i]->op && cpu_has(cpu, rows[j]->needs)) {
				first = first == n ? j : first;
				last = j;
			}
		if (!CHECK(sel[i] == (i == first || i == last)))
			mt_fail(MT_AT, "  ... %s: best and row %u:%s", who, rows[i]->op,
				rows[i]->name);
		if (i == first)	/* the reference: portable */
			CHECK(rows[i]->needs == 0);
	}
	for (i = 0; i < n; i++) {	/* each name: exactly its usable rows */
		if (!cpu_has(cpu, rows[i]->needs))
			continue;
		CHECK(kernel_select(rows, n, rows[i]->name, "c", cpu, sel) > 0);
		for (j = 0; j < n; j++)
			if (!CHECK(sel[j] == (cpu_has(cpu, rows[j]->needs) &&
					      !strcmp(rows[j]->name, rows[i]->name))))
				mt_fail(MT_AT, "  ... %s: %s and row %s", who, rows[i]->name,
					rows[j]->name);
	}
	CHECK_EQ_INT(kernel_select(rows, n, "no_such_kernel", "c", cpu, sel), -1);
	for (i = 0; i < n; i++)		/* one name per op, [a-z0-9_] */
		for (j = 0; j < i; j++)
			CHECK(rows[j]->op != rows[i]->op || strcmp(rows[j]->name, rows[i]->name));
}

#define HEADS(tab, n) (kernel_heads((tab), (n), sizeof((tab)[0]), heads))

TEST(kernel_every_table)
{
	const struct kernel *heads[MAXROWS];

	REQUIRE(mem_kernels_len <= MAXROWS && stream_kernels_len <= MAXROWS &&
		linpack_kernels_len <= MAXROWS && zk_kernels_len <= MAXROWS);
	check_table(t, "membw", heads, HEADS(mem_kernels, mem_kernels_len));
	check_table(t, "stream", heads, HEADS(stream_kernels, stream_kernels_len));
	check_table(t, "linpack", heads, HEADS(linpack_kernels, linpack_kernels_len));
	check_table(t, "zlib", heads, HEADS(zk_kernels, zk_kernels_len));
}

/* speed's kernels are per algorithm (speed_kernels()): every algorithm
 * picked, the operations are the picks */
TEST(kernel_speed_table)
{
	static struct speed_kernels K;
	struct speed_pick picks[SPEED_MAX_PICKS];
	unsigned n = 0, i, pk = 0;

	for (i = 0; speed_algs[i].name; i++)
		REQUIRE(speed_pick_add(picks, &n, speed_algs[i].name, 0) == 0);
	speed_kernels(&K, picks, n);
	for (i = 0; i < K.n; i++)	/* an algorithm's reference is mbedtls */
		if (i == 0 || K.heads[i].op != K.heads[i - 1].op) {
			CHECK_STR(K.heads[i].name, "mbedtls");
			pk += picks[K.heads[i].op].alg->kind == SPEED_PK;
		}
	CHECK_EQ_INT((int)pk, 2);	/* rsa2048, ecdsap256: mbedtls alone */
	check_table(t, "speed", K.rows, K.n);
}
