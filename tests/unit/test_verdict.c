/* test_verdict.c - every verdict class, the tolerance edges, low-confidence
 * references, missing references and malformed --expect files
 *
 * SPDX-License-Identifier: MIT
 */
#include "minitest.h"
#include "verdict.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static enum verdict judge(double v, int better, double m, double lo, double hi, int low)
{
	struct verdict_in in = { v, better, 0 };
	struct verdict_ref ref = { 1, m, lo, hi, low, 0, 0, 0 };
	struct verdict_out out;

	verdict_judge(&in, &ref, &out);
	return out.v;
}

TEST(verdict_classes_higher_better)
{
	/* mean 1000, published 990..1010: tolerance is the 10% floor */
	CHECK_EQ_INT(judge(1000, 1, 1000, 990, 1010, 0), V_PASS);
	CHECK_EQ_INT(judge(990, 1, 1000, 990, 1010, 0), V_PASS);	/* edge: min */
	CHECK_EQ_INT(judge(989, 1, 1000, 990, 1010, 0), V_WARN);
	CHECK_EQ_INT(judge(900, 1, 1000, 990, 1010, 0), V_WARN);	/* edge: -10% */
	CHECK_EQ_INT(judge(899.9, 1, 1000, 990, 1010, 0), V_FAIL);
	CHECK_EQ_INT(judge(1100, 1, 1000, 990, 1010, 0), V_WARN);	/* edge: +10% */
	CHECK_EQ_INT(judge(1100.1, 1, 1000, 990, 1010, 0), V_FAST);
}

TEST(verdict_classes_lower_better)
{
	/* latency: mean 10 us, range 9..11; worse is higher */
	CHECK_EQ_INT(judge(10.5, -1, 10, 9, 11, 0), V_PASS);
	CHECK_EQ_INT(judge(11.2, -1, 10, 9, 11, 0), V_FAIL);	/* band = [9, 11]: spread wins */
	CHECK_EQ_INT(judge(8.9, -1, 10, 9, 11, 0), V_FAST);
}

TEST(verdict_spread_wider_than_ten_percent)
{
	/* mean 100, range 60..140: tolerance 40%, band [60, 140] */
	CHECK_EQ_INT(judge(61, 1, 100, 60, 140, 0), V_PASS);
	CHECK_EQ_INT(judge(59, 1, 100, 60, 140, 0), V_FAIL);
	CHECK_EQ_INT(judge(141, 1, 100, 60, 140, 0), V_FAST);
}

TEST(verdict_single_value_reference)
{
	CHECK_EQ_INT(judge(1005, 1, 1000, NAN, NAN, 0), V_PASS);	/* within 1% */
	CHECK_EQ_INT(judge(950, 1, 1000, NAN, NAN, 0), V_WARN);
	CHECK_EQ_INT(judge(850, 1, 1000, NAN, NAN, 0), V_FAIL);
	CHECK_EQ_INT(judge(1200, 1, 1000, NAN, NAN, 0), V_FAST);
}

TEST(verdict_low_confidence_only_warns)
{
	CHECK_EQ_INT(judge(100, 1, 1000, 990, 1010, 1), V_WARN);
	CHECK_EQ_INT(judge(5000, 1, 1000, 990, 1010, 1), V_WARN);
	CHECK_EQ_INT(judge(1000, 1, 1000, 990, 1010, 1), V_PASS);
}

TEST(verdict_noref_and_invalid)
{
	struct verdict_in in = { 5, 1, 0 };
	struct verdict_ref none = { 0 }, ref = { 1, 5, 4, 6, 0, 0, 0, 0 };
	struct verdict_out out;

	verdict_judge(&in, &none, &out);
	CHECK_EQ_INT(out.v, V_NOREF);
	in.invalid = 1;
	verdict_judge(&in, &ref, &out);
	CHECK_EQ_INT(out.v, V_INVALID);
	in.invalid = 0;
	in.better = 0;
	verdict_judge(&in, &ref, &out);
	CHECK_EQ_INT(out.v, V_INVALID);
	in.better = 1;
	in.value = NAN;
	verdict_judge(&in, &ref, &out);
	CHECK_EQ_INT(out.v, V_INVALID);
	CHECK_STR(verdict_name(V_NOREF), "NO-REF");
	CHECK_STR(verdict_name(V_FAST), "FAST");
}

/* lat_ctx subtracts an overhead: on a loaded machine the switch can come
 * out at or below zero, which is no measurement, not a FAST. */
TEST(verdict_time_not_above_zero)
{
	struct verdict_in in = { -0.07, -1, 0 };
	struct verdict_ref ref = { 1, 5.26, 4.98, 5.58, 0, 0, 0, 0 };
	struct verdict_out out;

	verdict_judge(&in, &ref, &out);
	CHECK_EQ_INT(out.v, V_INVALID);
	CHECK(strstr(out.why, "zero") != NULL);
	in.value = 0;
	verdict_judge(&in, &ref, &out);
	CHECK_EQ_INT(out.v, V_INVALID);
	in.value = 0.5;			/* small but positive: a real FAST */
	verdict_judge(&in, &ref, &out);
	CHECK_EQ_INT(out.v, V_FAST);
	in.value = 0;			/* a rate of zero is a real FAIL */
	in.better = 1;
	verdict_judge(&in, &ref, &out);
	CHECK_EQ_INT(out.v, V_FAIL);
}

TEST(verdict_expect_file)
{
	const char *ok = "# my board\n\nbw_mem-rd-16mb 5000 6000\nlat_pipe 0 20 # us\n"
			 "lat_pipe 1 15\n";
	struct verdict_expect *e;
	struct verdict_in in = { 16, -1, 0 };
	struct verdict_ref ref = { 1, 10, 9, 11, 0, 1, 0, 0 };
	struct verdict_out out;
	const struct verdict_expect *x;
	char err[128];
	int n = verdict_expect_parse(ok, strlen(ok), &e, err, sizeof(err));

	REQUIRE(n == 3);
	x = verdict_expect_find(e, n, "lat_pipe");
	REQUIRE(x != NULL);
	CHECK_NEAR(x->hi, 15, 0);		/* the later line wins */
	CHECK(verdict_expect_find(e, n, "nope") == NULL);
	ref.lo = x->lo;
	ref.hi = x->hi;
	verdict_judge(&in, &ref, &out);
	CHECK_EQ_INT(out.v, V_FAIL);		/* 16 us > 15: worse */
	in.value = 0.5;
	verdict_judge(&in, &ref, &out);
	CHECK_EQ_INT(out.v, V_FAST);
	in.value = 14;
	verdict_judge(&in, &ref, &out);
	CHECK_EQ_INT(out.v, V_PASS);
	free(e);

	CHECK(verdict_expect_parse("a 1 2\nb 1\n", strlen("a 1 2\nb 1\n"), &e, err, sizeof(err)) == -1);
	CHECK(strstr(err, "line 2") != NULL);
	CHECK(verdict_expect_parse("a 1 2 3\n", strlen("a 1 2 3\n"), &e, err, sizeof(err)) == -1);
	CHECK(verdict_expect_parse("a x 2\n", strlen("a x 2\n"), &e, err, sizeof(err)) == -1);
	CHECK(verdict_expect_parse("\n\na 3 2\n", strlen("\n\na 3 2\n"), &e, err, sizeof(err)) == -1);
	CHECK(strstr(err, "line 3") != NULL);
	CHECK_EQ_INT(verdict_expect_parse("# nothing\n", strlen("# nothing\n"), &e, err, sizeof(err)), 0);
	free(e);
}

/* Hostile --expect text: never a silent truncation or a shifted field. */
TEST(verdict_expect_hostile)
{
	static const struct {
		const char	*text;
		size_t		len;
		const char	*want;
	} bad[] = {
		{ "a 1 2\n\0b 1 2\n", 13, "a NUL byte at offset 6" },
		{ "a 1 2\n\xef\xbb\xbf" "b 1 2\n", 15, "line 2: a byte order mark" },
		{ "a \xef\xbb\xbf" "1 2\n", 9, "line 1: a byte order mark" },
		/* 96 characters: never truncated, its tail never becomes MIN */
		{ "m23456789012345678901234567890123456789012345678901234567890"
		  "123456789012345678901234567890123456 20\n", 100, "line 1: metric name" },
		/* a number over its buffer is an error, not two numbers */
		{ "m 0000000000000000000000000000000000000000000000000000000000000000000020\n",
		  73, "line 1: " },
		{ "a 1 2\nb 0x1p3 9\n", 16, "line 2: expected" },
		{ "a 1 2\nb inf 9\n", 14, "line 2: expected" },
		{ "a\x01 1 2\n", 7, "line 1: a control character" },
	};
	struct verdict_expect *e = NULL;
	char err[160];
	size_t i;
	int n;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = 0;
		n = verdict_expect_parse(bad[i].text, bad[i].len, &e, err, sizeof(err));
		CHECK_EQ_INT(n, -1);
		if (!CHECK(strstr(err, bad[i].want) != NULL))
			mt_fail(MT_AT, "  ... case %zu: got '%s'", i, err);
		CHECK(e == NULL);
	}
	/* a BOM at the start of the file is stripped; CRLF lines; 95 characters fit */
	n = verdict_expect_parse("\xef\xbb\xbf" "lat_pipe 1 2\r\n"
				 "m2345678901234567890123456789012345678901234567890123456789"
				 "012345678901234567890123456789012345 3 4\r\n", 118, &e, err,
				 sizeof(err));
	REQUIRE(n == 2);
	CHECK(verdict_expect_find(e, n, "lat_pipe") != NULL);
	CHECK_EQ_INT(e[0].line, 1);
	CHECK_EQ_INT(e[1].line, 2);
	CHECK_EQ_INT((int)strlen(e[1].metric), 95);
	CHECK_NEAR(e[1].hi, 4, 0);
	free(e);
	/* only len bytes are read: the last line needs no newline */
	n = verdict_expect_parse("a 1 2\nb 3 4XXXX", 11, &e, err, sizeof(err));
	REQUIRE(n == 2);
	CHECK_NEAR(e[1].hi, 4, 0);
	free(e);
}

/* Pins: NAME.ATTR VALUE lines beside the bands, never taken for a band */
TEST(verdict_expect_pins)
{
	static const char *const bad[] = {
		"speed 8\n",		/* no '.': not NAME.ATTR */
		".speed 8\n",		/* the '.' first */
		"pcie.x. 8\n",		/* the '.' last */
		"net.eth0.speed 1,000\n",	/* a ',' in the value */
		"net.eth0.speed 8*\n",
	};

	static const char good[] = "pcie.0000:01:00.0.speed 8GT/s\nlat_pipe 1 2\n"
				   "eth0.duplex full # a comment\nlat_pipe.x 3 4\n";
	struct verdict_expect *e = NULL;
	char err[160];
	size_t i;
	int n;

	n = verdict_expect_parse(good, sizeof(good) - 1, &e, err, sizeof(err));
	REQUIRE(n == 4);
	CHECK_STR(e[0].metric, "pcie.0000:01:00.0.speed");
	CHECK_STR(e[0].value, "8GT/s");
	CHECK_STR(e[1].value, "");
	CHECK_STR(e[2].value, "full");
	CHECK_STR(e[3].value, "");		/* three fields: a band, dot or not */
	CHECK(verdict_expect_find(e, n, "lat_pipe") == &e[1]);
	CHECK(verdict_expect_find(e, n, "eth0.duplex") == NULL);	/* a pin is no band */
	CHECK(verdict_expect_find(e, n, "pcie.0000:01:00.0.speed") == NULL);
	CHECK_EQ_INT(e[0].used, 0);
	free(e);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = 0;
		n = verdict_expect_parse(bad[i], strlen(bad[i]), &e, err, sizeof(err));
		CHECK_EQ_INT(n, -1);
		if (!CHECK(strstr(err, "line 1: expected 'METRIC MIN MAX'") &&
			   strstr(err, "'NAME.ATTR VALUE'")))
			mt_fail(MT_AT, "  ... case %zu: got '%s'", i, err);
		CHECK(e == NULL);
	}
}

TEST(verdict_pin_holds)
{
	CHECK(verdict_pin_holds("8GT/s", "8"));		/* the unit is not compared */
	CHECK(verdict_pin_holds("8", "8.0"));
	CHECK(verdict_pin_holds("1000", "1000"));
	CHECK(!verdict_pin_holds("8GT/s", "2.5"));
	CHECK(!verdict_pin_holds("1000", "100"));
	CHECK(verdict_pin_holds("HS400", "hs400"));		/* words: case ignored */
	CHECK(!verdict_pin_holds("HS400", "HS200"));
	CHECK(!verdict_pin_holds("full", "half"));
	CHECK(!verdict_pin_holds("8", "x8"));			/* a number is not a word */
	CHECK(verdict_pin_holds("3.20", "3.2"));
	CHECK(!verdict_pin_holds(".", "0"));			/* no number: words */
}
