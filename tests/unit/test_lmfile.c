/* test_lmfile.c - what lmbench's file and VM applets share: the bread sum
 * against a plain loop, the page permutation, lat_fs's tree of names and
 * the classic output lines
 *
 * SPDX-License-Identifier: MIT
 */
#include "minitest.h"
#include "lmbench.h"
#include "lmfile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Longs first, then the tail bytes one by one, like lm_bread. */
static long bread_ref(const unsigned char *p, size_t n)
{
	size_t i = 0;
	unsigned long s = 0, v;	/* wraps, as lm_bread's */

	for (; i + sizeof(long) <= n; i += sizeof(long)) {
		memcpy(&v, p + i, sizeof(v));
		s += v;
	}
	for (; i < n; i++)
		s += p[i];
	return (long)s;
}

TEST(lmfile_bread)
{
	static const size_t sizes[] = { 0, 1, 7, 8, 9, 511, 512, 1023, 1024, 1025, 4099,
					65536, 65536 + 13 };
	size_t cap = 65536 + 64, i;
	long *buf = malloc(cap);
	unsigned char *p = (unsigned char *)buf;

	REQUIRE(buf);
	for (i = 0; i < cap; i++)
		p[i] = (unsigned char)(i * 131 + 7);
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		CHECK_EQ_INT(lm_bread(buf, sizes[i]), bread_ref(p, sizes[i]));
	memset(buf, 0, cap);
	CHECK_EQ_INT(lm_bread(buf, 65536), 0);
	p[65535] = 1;		/* the very last byte counts */
	CHECK_EQ_INT(lm_bread(buf, 65536), bread_ref(p, 65536));
	CHECK(lm_bread(buf, 65536) != 0);
	free(buf);
}

TEST(lmfile_permute)
{
	enum { N = 2048 };
	uint32_t *a = malloc(N * sizeof(*a)), *b = malloc(N * sizeof(*b));
	unsigned char *seen = calloc(N, 1);
	uint32_t i, moved = 0;

	REQUIRE(a && b && seen);
	lm_permute(a, N, 42);
	for (i = 0; i < N; i++) {
		REQUIRE(a[i] < N);
		CHECK(!seen[a[i]]);
		seen[a[i]] = 1;
		moved += a[i] != i;
	}
	CHECK(moved > N / 2);		/* shuffled, not the identity */
	lm_permute(b, N, 42);
	CHECK(memcmp(a, b, N * sizeof(*a)) == 0);
	lm_permute(b, N, 43);
	CHECK(memcmp(a, b, N * sizeof(*a)) != 0);
	lm_permute(a, 1, 42);
	CHECK_EQ_U64(a[0], 0);
	lm_permute(a, 0, 42);		/* nothing to do, no crash */
	free(a);
	free(b);
	free(seen);
}

TEST(lmfile_fs_names_flat)
{
	struct lm_fs_names nm;

	REQUIRE(lm_fs_names_init(&nm, "/r", 100, 1) == 0);
	CHECK_STR(nm.path, "/r/00");
	REQUIRE(lm_fs_names_init(&nm, "/r", 100, 100) == 0);
	CHECK_EQ_U64(nm.depth, 1);
	CHECK(lm_fs_names_next(&nm) == 0);
	CHECK_STR(nm.path, "/r/01");
	REQUIRE(lm_fs_names_init(&nm, "root", 1000, 5) == 0);
	CHECK_STR(nm.path, "root/000");
}

/* 250 names, 100 a directory: 00/00 .. 02/49, a new directory at 100 and
 * 200, every name different, no directory over 100 entries. */
TEST(lmfile_fs_names_tree)
{
	struct lm_fs_names nm;
	char last[64];
	unsigned i, dirs = 1;

	REQUIRE(lm_fs_names_init(&nm, "/r", 100, 250) == 0);
	CHECK_EQ_U64(nm.depth, 2);
	CHECK_STR(nm.path, "/r/00/00");
	snprintf(last, sizeof(last), "%s", nm.path);
	for (i = 1; i < 250; i++) {
		int newdir = lm_fs_names_next(&nm);

		CHECK_EQ_INT(newdir, i % 100 == 0);
		dirs += newdir;
		CHECK(strcmp(nm.path, last) > 0);	/* strictly increasing: distinct */
		snprintf(last, sizeof(last), "%s", nm.path);
	}
	CHECK_STR(nm.path, "/r/02/49");
	CHECK_EQ_U64(dirs, 3);
	lm_fs_names_rewind(&nm);
	CHECK_STR(nm.path, "/r/00/00");
	REQUIRE(lm_fs_names_init(&nm, "d", 10, 1000) == 0);
	CHECK_EQ_U64(nm.depth, 3);
	for (i = 1; i < 1000; i++)
		lm_fs_names_next(&nm);
	CHECK_STR(nm.path, "d/9/9/9");
}

TEST(lmfile_fs_names_limits)
{
	struct lm_fs_names nm;
	char root[4200];

	CHECK(lm_fs_names_init(&nm, "/r", 10, 100000000) == 0);	/* 8 levels */
	CHECK(lm_fs_names_init(&nm, "/r", 10, 1000000000) == -1);	/* 9 */
	CHECK(lm_fs_names_init(&nm, "/r", 1, 10) == -1);
	memset(root, 'a', sizeof(root) - 1);
	root[sizeof(root) - 1] = 0;
	CHECK(lm_fs_names_init(&nm, root, 100, 10) == -1);
}

/* The n records through the emit sink, as an applet's run hands them
 * over, into buf (to the buffer, not to stderr as lmbench's lines go). */
static void emit(const struct emitter *em, const struct result *r, unsigned n, char *buf,
		 size_t len)
{
	static const struct run_info info;
	struct emitter here = *em;
	struct emit_sink sink;
	unsigned i;
	FILE *f;

	memset(buf, 0, len);
	here.to_stderr = 0;
	f = fmemopen(buf, len - 1, "w");
	if (!f)
		return;
	if (emit_open(&sink, &here, &info, f, NULL) == 0) {
		for (i = 0; i < n; i++)
			emit_record(&sink, &r[i]);
		emit_close(&sink, 1);
	}
	fclose(f);
}

TEST(lmfile_classic_lines)
{
	struct result r[2];
	char buf[256];

	memset(r, 0, sizeof(r));
	r[0].x = 1048576;
	r[0].value = 1234.567;
	emit(&emit_lmbench_bw, r, 1, buf, sizeof(buf));
	CHECK_STR(buf, "1.05 1234.57\n");
	r[0].x = 512;
	r[0].value = 0.5;
	emit(&emit_lmbench_bw, r, 1, buf, sizeof(buf));
	CHECK_STR(buf, "0.000512 0.500000\n");
	r[0].x = 1048576;
	r[0].value = 53.4;
	emit(&emit_lm_micromb, r, 1, buf, sizeof(buf));
	CHECK_STR(buf, "1.048576 53\n");
	r[0].value = 5.12345;
	emit(&emit_lm_micromb, r, 1, buf, sizeof(buf));
	CHECK_STR(buf, "1.048576 5.123\n");
	r[0].test = "create";
	r[0].x = 10240;
	r[0].iters = 302;
	r[0].value = 48210.4;
	r[1] = r[0];
	r[1].test = "delete";
	r[1].value = 91345.3;
	emit(&emit_lm_fs, r, 2, buf, sizeof(buf));
	CHECK_STR(buf, "10k\t302\t48210\t91345\n");
	emit(&emit_lm_fs, r, 1, buf, sizeof(buf));	/* no delete: no line */
	CHECK_STR(buf, "");
}

TEST(lmfile_size_arg)
{
	uint64_t v = 0;

	CHECK(lm_size_arg("1m", 512, "512", &v) == 0);
	CHECK_EQ_U64(v, 1048576);
	CHECK(lm_size_arg("320k", 320 * 1024, "320k", &v) == 0);
	CHECK(lm_size_arg("319k", 320 * 1024, "320k", &v) == -1);
	CHECK(lm_size_arg("12Q", 1, "1", &v) == -1);
	CHECK(lm_size_arg("", 1, "1", &v) == -1);
}
