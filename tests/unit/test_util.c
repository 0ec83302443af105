/* test_util.c - size/number parsing, size formatting, suffixes, small-file reading
 *
 * SPDX-License-Identifier: MIT
 */
#include "minitest.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

TEST(util_parse_size_ok)
{
	static const struct {
		const char	*in;
		uint64_t	want;
	} ok[] = {
		{ "0", 0 },
		{ "4096", 4096 },
		{ "64k", 65536 },
		{ "64K", 65536 },
		{ "16m", 16777216 },		/* binary, lmbench's convention */
		{ "16M", 16777216 },
		{ "1G", 1ull << 30 },
		{ "1g", 1ull << 30 },
		{ "1T", 1ull << 40 },
		{ "1.5K", 1536 },
		{ "0.5M", 524288 },
		{ "64KiB", 65536 },
		{ "64KB", 65536 },
		{ "12B", 12 },
		{ "16777215T", 16777215ull << 40 },	/* largest whole T */
		{ "18446744073709551609", 18446744073709551609ull },
	};
	size_t i;

	for (i = 0; i < ARRAY_LEN(ok); i++) {
		uint64_t v = 0xdeadbeef;

		if (!CHECK_EQ_INT(parse_size(ok[i].in, &v), 0)) {
			mt_fail(MT_AT, "  ... for \"%s\"", ok[i].in);
			continue;
		}
		if (!CHECK_EQ_U64(v, ok[i].want))
			mt_fail(MT_AT, "  ... for \"%s\"", ok[i].in);
	}
}

TEST(util_parse_size_rejects)
{
	static const char *const bad[] = {
		"", "16q", "-1", "+5", " 5", "5 ", "1.3", "1.5", "1.0001K",
		"18446744073709551616", "99999999999T", "16777216T", "k", "1KK",
		"1iB", "12b", "1KiBB", ".", "0x10", "1e3",
	};
	size_t i;

	for (i = 0; i < ARRAY_LEN(bad); i++) {
		uint64_t v = 777;

		if (!CHECK_EQ_INT(parse_size(bad[i], &v), -1))
			mt_fail(MT_AT, "  ... \"%s\" accepted as %llu", bad[i],
				(unsigned long long)v);
		else
			CHECK_EQ_U64(v, 777);	/* untouched on error */
	}
}

TEST(util_parse_int)
{
	int64_t v = 0;

	CHECK(parse_int("0", &v) == 0 && v == 0);
	CHECK(parse_int("42", &v) == 0 && v == 42);
	CHECK(parse_int("-7", &v) == 0 && v == -7);
	CHECK(parse_int("010", &v) == 0 && v == 10);	/* not octal */
	CHECK(parse_int("08", &v) == 0 && v == 8);
	CHECK(parse_int("-09", &v) == 0 && v == -9);
	CHECK(parse_int("9223372036854775807", &v) == 0 && v == INT64_MAX);
	CHECK(parse_int("-9223372036854775808", &v) == 0 && v == INT64_MIN);
	v = 5;
	CHECK_EQ_INT(parse_int("", &v), -1);
	CHECK_EQ_INT(parse_int("abc", &v), -1);
	CHECK_EQ_INT(parse_int("12x", &v), -1);
	CHECK_EQ_INT(parse_int("1.5", &v), -1);
	CHECK_EQ_INT(parse_int(" 1", &v), -1);
	CHECK_EQ_INT(parse_int("1 ", &v), -1);
	CHECK_EQ_INT(parse_int("+1", &v), -1);
	CHECK_EQ_INT(parse_int("-", &v), -1);
	CHECK_EQ_INT(parse_int("0x", &v), -1);
	CHECK_EQ_INT(parse_int("0xg", &v), -1);
	CHECK_EQ_INT(parse_int("0x1f", &v), -1);	/* decimal only: one rule */
	CHECK_EQ_INT(parse_int("0XFF", &v), -1);
	CHECK_EQ_INT(parse_int("-0x10", &v), -1);
	CHECK_EQ_INT(parse_int("1e3", &v), -1);
	CHECK_EQ_INT(parse_int("--1", &v), -1);
	CHECK_EQ_INT(parse_int("9223372036854775808", &v), -1);
	CHECK_EQ_INT(parse_int("-9223372036854775809", &v), -1);
	CHECK_EQ_INT(parse_int("99999999999999999999999", &v), -1);
	CHECK_EQ_INT(v, 5);
}

TEST(util_parse_double)
{
	double d = 0;

	CHECK(parse_double("0.05", &d) == 0 && d == 0.05);
	CHECK(parse_double("-1.5", &d) == 0 && d == -1.5);
	CHECK(parse_double(".5", &d) == 0 && d == 0.5);
	CHECK(parse_double("3", &d) == 0 && d == 3);
	CHECK(parse_double("1e3", &d) == 0 && d == 1000);
	d = 9;
	CHECK_EQ_INT(parse_double("nan", &d), -1);
	CHECK_EQ_INT(parse_double("NaN", &d), -1);
	CHECK_EQ_INT(parse_double("-nan", &d), -1);
	CHECK_EQ_INT(parse_double("inf", &d), -1);
	CHECK_EQ_INT(parse_double("-inf", &d), -1);
	CHECK_EQ_INT(parse_double("infinity", &d), -1);
	CHECK_EQ_INT(parse_double("1e999", &d), -1);
	CHECK_EQ_INT(parse_double("-1e999", &d), -1);
	CHECK_EQ_INT(parse_double("abc", &d), -1);
	CHECK_EQ_INT(parse_double("", &d), -1);
	CHECK_EQ_INT(parse_double("1.5x", &d), -1);
	CHECK_EQ_INT(parse_double(" 1", &d), -1);
	CHECK_EQ_INT(parse_double("-", &d), -1);
	/* decimal only: no hex floats, no sign but '-', nothing around it */
	CHECK_EQ_INT(parse_double("0x1p3", &d), -1);
	CHECK_EQ_INT(parse_double("0X1P3", &d), -1);
	CHECK_EQ_INT(parse_double("0x10", &d), -1);
	CHECK_EQ_INT(parse_double("-0x1p3", &d), -1);
	CHECK_EQ_INT(parse_double("+1", &d), -1);
	CHECK_EQ_INT(parse_double("1 ", &d), -1);
	CHECK_EQ_INT(parse_double("1\n", &d), -1);
	CHECK_EQ_INT(parse_double(".", &d), -1);
	CHECK_EQ_INT(parse_double("-.", &d), -1);
	CHECK_EQ_INT(parse_double("1e", &d), -1);
	CHECK_EQ_INT(parse_double("1e+", &d), -1);
	CHECK_EQ_INT(parse_double("e3", &d), -1);
	CHECK_EQ_INT(parse_double("1.2.3", &d), -1);
	CHECK_EQ_INT(parse_double("--1", &d), -1);
	CHECK_NEAR(d, 9, 0);
	CHECK(parse_double("1.", &d) == 0 && d == 1);
	CHECK(parse_double("-0", &d) == 0 && d == 0);
	CHECK(parse_double("2.5E-3", &d) == 0 && d == 0.0025);
	CHECK(parse_double("1e+2", &d) == 0 && d == 100);
}

TEST(util_parse_uint_hex)
{
	uint64_t v = 0;

	CHECK(parse_uint_hex("0", &v) == 0 && v == 0);
	CHECK(parse_uint_hex("42", &v) == 0 && v == 42);
	CHECK(parse_uint_hex("010", &v) == 0 && v == 10);	/* not octal */
	CHECK(parse_uint_hex("0x1f", &v) == 0 && v == 31);
	CHECK(parse_uint_hex("0XFF", &v) == 0 && v == 255);
	CHECK(parse_uint_hex("0xffffffffffffffff", &v) == 0 && v == UINT64_MAX);
	CHECK(parse_uint_hex("18446744073709551615", &v) == 0 && v == UINT64_MAX);
	v = 5;
	CHECK_EQ_INT(parse_uint_hex("", &v), -1);
	CHECK_EQ_INT(parse_uint_hex("0x", &v), -1);
	CHECK_EQ_INT(parse_uint_hex("-1", &v), -1);
	CHECK_EQ_INT(parse_uint_hex("+1", &v), -1);
	CHECK_EQ_INT(parse_uint_hex(" 1", &v), -1);
	CHECK_EQ_INT(parse_uint_hex("1 ", &v), -1);
	CHECK_EQ_INT(parse_uint_hex("0x1p3", &v), -1);
	CHECK_EQ_INT(parse_uint_hex("0x10000000000000000", &v), -1);
	CHECK_EQ_INT(parse_uint_hex("18446744073709551616", &v), -1);
	CHECK_EQ_INT(parse_uint_hex("0xg", &v), -1);
	CHECK_EQ_INT(v, 5);
}

TEST(util_format_size)
{
	static const struct {
		uint64_t	n;
		const char	*text;
	} cases[] = {
		{ 0, "0" }, { 1, "1" }, { 1000, "1000" }, { 1536, "1536" },
		{ 4096, "4K" }, { 16ull << 20, "16M" }, { 3ull << 30, "3G" },
		{ 1ull << 40, "1T" }, { 1ull << 50, "1024T" },
		{ (1ull << 20) + 1024, "1025K" }, { UINT64_MAX, "18446744073709551615" },
	};
	char buf[32];
	size_t i;

	for (i = 0; i < ARRAY_LEN(cases); i++) {
		uint64_t back = 0;

		CHECK_STR(format_size(cases[i].n, buf, sizeof(buf)), cases[i].text);
		CHECK_EQ_INT(parse_size(buf, &back), 0);
		CHECK_EQ_U64(back, cases[i].n);
	}
	CHECK_STR(format_size(16ull << 20, buf, 3), "16");	/* truncated, terminated */
}

TEST(util_path_basename)
{
	CHECK_STR(path_basename("/usr/bin/benchbox"), "benchbox");
	CHECK_STR(path_basename("membw"), "membw");
	CHECK_STR(path_basename("./membw"), "membw");
	CHECK_STR(path_basename("dir/"), "");
}

TEST(util_ends_with)
{
	static const char list[] = "a.ko,b.ko.xz,c";

	CHECK(ends_with("aes-128-cbc", 11, "-cbc"));
	CHECK(!ends_with("aes-128-cbc", 11, "-ctr"));
	CHECK(ends_with("-cbc", 4, "-cbc"));		/* the whole string */
	CHECK(!ends_with("cbc", 3, "-cbc"));		/* shorter than the suffix */
	CHECK(ends_with("x", 1, ""));
	CHECK(ends_with("", 0, ""));
	CHECK(!ends_with("", 0, ".ko"));
	CHECK(ends_with(list, 4, ".ko"));		/* "a.ko", inside the list */
	CHECK(!ends_with(list, 4, ".ko.xz"));
	CHECK(ends_with(list + 5, 7, ".ko.xz"));	/* "b.ko.xz" */
	CHECK(ends_with(list + 5, 4, ".ko"));		/* "b.ko" of it */
	CHECK(!ends_with(list + 13, 1, ".ko"));
}

/* Write text to DIR/name; returns the path in buf. */
static const char *put(const char *dir, const char *name, const char *text,
		       char *buf, size_t len)
{
	FILE *f;

	snprintf(buf, len, "%s/%s", dir, name);
	f = fopen(buf, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
	return buf;
}

TEST(util_read_text_u64)
{
	char dir[] = "/tmp/bbtest.XXXXXX", path[256], buf[64];
	uint64_t u = 99;

	REQUIRE(mkdtemp(dir) != NULL);
	CHECK_EQ_INT(read_text(put(dir, "a", "hello world \n\n", path, sizeof(path)),
			       buf, sizeof(buf)), 11);
	CHECK_STR(buf, "hello world");
	unlink(path);
	CHECK_EQ_INT(read_text(put(dir, "b", "abcdefgh", path, sizeof(path)),
			       buf, 5), 4);	/* truncated to len - 1 */
	CHECK_STR(buf, "abcd");
	unlink(path);
	CHECK_EQ_INT(read_text(put(dir, "c", "", path, sizeof(path)),
			       buf, sizeof(buf)), 0);
	CHECK_STR(buf, "");
	CHECK_EQ_INT(read_u64(path, &u), -1);	/* empty is not a number */
	unlink(path);

	CHECK_EQ_INT(read_u64(put(dir, "d", "1800000\n", path, sizeof(path)), &u), 0);
	CHECK_EQ_U64(u, 1800000);
	unlink(path);
	CHECK_EQ_INT(read_u64(put(dir, "e", "18446744073709551615", path,
				  sizeof(path)), &u), 0);
	CHECK_EQ_U64(u, UINT64_MAX);
	unlink(path);
	u = 99;
	CHECK_EQ_INT(read_u64(put(dir, "f", "abc\n", path, sizeof(path)), &u), -1);
	unlink(path);
	CHECK_EQ_INT(read_u64(put(dir, "g", "12abc\n", path, sizeof(path)), &u), -1);
	unlink(path);
	CHECK_EQ_INT(read_u64(put(dir, "g", "-1\n", path, sizeof(path)), &u), -1);
	unlink(path);
	CHECK_EQ_INT(read_u64(put(dir, "g", "+5\n", path, sizeof(path)), &u), -1);
	unlink(path);
	CHECK_EQ_INT(read_u64(put(dir, "h", "18446744073709551616", path,
				  sizeof(path)), &u), -1);
	CHECK_EQ_U64(u, 99);

	snprintf(path, sizeof(path), "%s/missing", dir);
	CHECK_EQ_INT(read_text(path, buf, sizeof(buf)), -1);
	CHECK_EQ_INT(read_u64(path, &u), -1);
	CHECK_EQ_INT(read_text(dir, buf, sizeof(buf)), -1);	/* a directory */
	snprintf(path, sizeof(path), "%s/h", dir);
	unlink(path);
	CHECK_EQ_INT(rmdir(dir), 0);	/* nothing left behind */
}

TEST(util_read_whole)
{
	char path[] = "/tmp/benchbox-test-read.XXXXXX", *big, *text;
	int fd = mkstemp(path);
	size_t len = 0, n = 200000, i;

	CHECK(fd >= 0);
	big = malloc(n);
	for (i = 0; i < n; i++)
		big[i] = (char)('a' + i % 26);
	CHECK(write(fd, big, n) == (ssize_t)n);
	close(fd);
	/* past the first 64 KiB buffer: grown, whole, NUL-terminated */
	text = read_whole(path, n, &len);
	CHECK(text != NULL);
	CHECK_EQ_U64(len, n);
	CHECK(text && !memcmp(text, big, n) && text[n] == '\0');
	free(text);
	/* one byte over the limit */
	errno = 0;
	CHECK(read_whole(path, n - 1, NULL) == NULL);
	CHECK_EQ_INT(errno, EFBIG);
	unlink(path);
	CHECK(read_whole(path, n, NULL) == NULL);
	CHECK_EQ_INT(errno, ENOENT);
	free(big);
}

/* The invariants util.h promises a fuzzer, over a spread of inputs: what
 * parses is in range and survives formatting and re-parsing unchanged. */
TEST(util_parse_roundtrip)
{
	static const char *const texts[] = {
		"0", "1", "7", "1023", "1024", "1536", "4096", "65536", "1k", "64K", "1.5K",
		"16m", "3G", "1T", "1024T", "16777215T", "18446744073709551615", "-1",
		"9223372036854775807", "-9223372036854775808", "0.1", "1e-300", "-2.5e10",
		"1.7976931348623157e308", "2.2250738585072014e-308", ".5", "5.", "00012",
	};
	char buf[64];
	size_t i;

	for (i = 0; i < ARRAY_LEN(texts); i++) {
		uint64_t u, u2;
		int64_t n, n2;
		double d, d2;

		if (parse_size(texts[i], &u) == 0) {
			format_size(u, buf, sizeof(buf));
			if (!CHECK(parse_size(buf, &u2) == 0 && u2 == u))
				mt_fail(MT_AT, "  ... size %s -> %s", texts[i], buf);
		}
		if (parse_int(texts[i], &n) == 0) {
			snprintf(buf, sizeof(buf), "%lld", (long long)n);
			if (!CHECK(parse_int(buf, &n2) == 0 && n2 == n))
				mt_fail(MT_AT, "  ... int %s -> %s", texts[i], buf);
		}
		if (parse_double(texts[i], &d) == 0) {
			snprintf(buf, sizeof(buf), "%.17g", d);
			if (!CHECK(parse_double(buf, &d2) == 0 && d2 == d && isfinite(d)))
				mt_fail(MT_AT, "  ... double %s -> %s", texts[i], buf);
		}
	}
}

/* the rule of the system's files: regular files only, never a wait */
TEST(util_sysfile_rule)
{
	char dir[] = "/tmp/bbsysfile.XXXXXX", path[64], buf[16];
	size_t n = 0;
	char *text;
	FILE *f;

	REQUIRE(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/fifo", dir);
	REQUIRE(mkfifo(path, 0600) == 0);
	errno = 0;
	CHECK_EQ_INT(sysfile_open(path), -1);
	CHECK_EQ_INT(errno, EBB_NOTREG);
	CHECK_STR(file_strerror(EBB_NOTREG), "not a regular file");
	CHECK_EQ_INT(read_text(path, buf, sizeof(buf)), -1);
	CHECK(!read_sysfile(path, 100, &n));
	unlink(path);
	CHECK_EQ_INT(read_text("/dev/zero", buf, sizeof(buf)), -1);
	errno = 0;
	CHECK(!read_sysfile(dir, 100, &n) && errno == EISDIR);
	snprintf(path, sizeof(path), "%s/file", dir);
	REQUIRE((f = fopen(path, "w")));
	fputs("0-3\n", f);
	fclose(f);
	CHECK_EQ_INT(read_text(path, buf, sizeof(buf)), 3);
	CHECK_STR(buf, "0-3");
	text = read_sysfile(path, 100, &n);
	CHECK(text && n == 4 && !strcmp(text, "0-3\n"));
	free(text);
	errno = 0;
	CHECK(!read_sysfile(path, 3, &n) && errno == EFBIG);
	unlink(path);
	rmdir(dir);
}

/* near: typos, swaps, prefixes, and no guess for a word far from all */
static const char *nearest(const char *word, const char *const *cands)
{
	struct near n = { word };

	while (*cands)
		near_see(&n, *cands++);
	return near_best(&n);
}

TEST(util_near)
{
	static const char *const suites[] = { "quick", "guide", "all", NULL };
	static const char *const boards[] = { "am62x", "am64x", "j721e", "j7200", NULL };
	static const char *const applets[] = { "lat_mem_rd", "lat_mmap", "lat_sem", "stream",
					      NULL };
	char buf[64];
	struct near n = { "zzzzzz" };

	CHECK_STR(nearest("quik", suites), "quick");
	CHECK_STR(nearest("qucik", suites), "quick");	/* a swap is one edit */
	CHECK_STR(nearest("GUIDE", suites), "guide");
	CHECK(nearest("quick", suites) == NULL);	/* itself is no suggestion */
	CHECK(nearest("x", suites) == NULL);
	CHECK_STR(nearest("am62", boards), "am62x");	/* the one it begins */
	CHECK_STR(nearest("j721", boards), "j721e");
	CHECK(nearest("j72", boards) == NULL);	/* j721e or j7200: no guess */
	CHECK_STR(nearest("lat_mem", applets), "lat_mem_rd");
	CHECK_STR(nearest("strem", applets), "stream");
	CHECK(nearest("memory", applets) == NULL);
	near_see(&n, "quick");
	CHECK_STR(near_hint(&n, buf, sizeof(buf)), "");
	n = (struct near){ "strem" };
	near_see(&n, "stream");
	CHECK_STR(near_hint(&n, buf, sizeof(buf)), " (did you mean 'stream'?)");
}
