/* test_headline.c - the headline module: reasons in words, values that
 * cannot be right with or without a board, suspect conditions, and counts
 * that equal what the lists show
 *
 * SPDX-License-Identifier: MIT
 */
#include "compare.h"
#include "headline.h"
#include "minitest.h"

#include <math.h>
#include <string.h>

static struct result res(const char *metric, double v, int better, const char *unit,
			 const char *note)
{
	struct result r;

	memset(&r, 0, sizeof(r));
	r.applet = "x";
	r.test = "t";
	r.metric = metric;
	r.value = r.min = r.max = v;
	r.better = better;
	r.unit = unit;
	r.note = note;
	return r;
}

/* r judged against board, then seen */
static void see(struct headline *h, const char *board, struct result r)
{
	struct result_verdict rv;
	char note[256];

	if (board && r.metric) {
		compare_board_result(board, &r, &rv, note, sizeof(note));
		r.verdict = &rv;
	}
	headline_see(h, &r);
}

TEST(headline_reason_words)
{
	struct result r = res("lat_ctx-2-128k", 5.89, -1, "us", "");
	struct result_verdict rv;
	char note[256], why[256];

	compare_board_result("j721e", &r, &rv, note, sizeof(note));
	headline_reason(&r, &rv, why, sizeof(why));
	CHECK_STR(why, "12% above the published mean, beyond tolerance");
	r = res("aes-128-cbc-16384", 150.2, 1, "MB/s", "");
	compare_board_result("j721e", &r, &rv, note, sizeof(note));
	headline_reason(&r, &rv, why, sizeof(why));
	CHECK_STR(why, "19% below the published mean, beyond tolerance: reference row is "
		  "low-confidence (likely includes hardware crypto offload)");
	r = res("lat_ctx-2-128k", -1.434, -1, "us", "");
	headline_reason(&r, NULL, why, sizeof(why));
	CHECK_STR(why, "value <= 0: the overhead subtraction failed");
	r = res("lat_ctx-2-128k", 5.3, -1, "us", "throttled: cpu0 fell to 600 MHz");
	headline_reason(&r, NULL, why, sizeof(why));
	CHECK_STR(why, "throttled during the test");
	r = res(NULL, NAN, 0, "", "failed: exit 1: no socket");
	headline_reason(&r, NULL, why, sizeof(why));
	CHECK_STR(why, "the test failed: exit 1: no socket");
	r = res("lat_ctx-2-128k", 5.3, -1, "us", "");
	compare_board_result("j721e", &r, &rv, note, sizeof(note));
	headline_reason(&r, &rv, why, sizeof(why));
	CHECK_STR(why, "");
}

TEST(headline_bad_value_without_a_board)
{
	struct headline *h = headline_new(NULL);
	const struct hl_row *rows;
	unsigned c[V_COUNT];
	char line[512];

	see(h, NULL, res("lat_ctx-2-128k", -1.434, -1, "us", ""));
	see(h, NULL, res("lat_syscall-null", 0.4, -1, "us", ""));
	CHECK_EQ_INT((int)headline_rows(h, &rows), 2);
	CHECK_STR(rows[0].label, "null syscall");	/* in the table's order */
	CHECK_EQ_INT((int)headline_issues(h, &rows), 1);
	CHECK_STR(rows[0].label, "context switch");
	CHECK(rows[0].bad_value);
	headline_counts(h, c);
	CHECK_EQ_INT((int)c[V_INVALID], 1);
	headline_verdict_line(h, NULL, line, sizeof(line));
	CHECK(!strncmp(line, "no verdict: no board named", 26));
	CHECK(strstr(line, "; 1 invalid: context switch") != NULL);
	headline_free(h);
}

TEST(headline_counts_are_the_lists)
{
	struct headline *h = headline_new("j721e");
	const struct hl_row *rows;
	unsigned c[V_COUNT];
	size_t n;
	char line[512];

	see(h, "j721e", res("linpack", 2100000, 1, "KFLOPS", ""));		/* FAIL */
	see(h, "j721e", res("bw_mem-wr-16mb", 1600, 1, "MB/s", ""));		/* WARN */
	see(h, "j721e", res("triad", 9000, 1, "MB/s", ""));			/* FAST */
	see(h, "j721e", res("bw_mem-rd-16mb", 5100, 1, "MB/s", ""));		/* PASS */
	see(h, "j721e", res("lat_ctx-2-128k", 5.3, -1, "us", "too-fast: x"));	/* bad */
	see(h, "j721e", res("no_such_metric", 1, 1, "us", ""));		/* NO-REF */
	headline_counts(h, c);
	n = headline_issues(h, &rows);
	REQUIRE(n == 3);
	CHECK_EQ_INT((int)(c[V_FAIL] + c[V_WARN] + c[V_INVALID]), (int)n);
	CHECK_STR(rows[0].label, "Linpack");	/* worst first */
	CHECK_STR(rows[0].unit, "MFLOPS");
	CHECK_NEAR(rows[0].value, 2100, 1e-9);
	CHECK_STR(rows[0].published, "2345.2-2600.0");
	CHECK_STR(rows[1].label, "context switch");
	CHECK_EQ_INT(rows[1].rv.out.v, V_INVALID);
	CHECK_STR(rows[2].label, "DRAM write");
	CHECK_EQ_INT((int)headline_named(h, V_FAST, &rows), (int)c[V_FAST]);
	CHECK_EQ_INT((int)c[V_PASS], 1);
	CHECK_EQ_INT((int)c[V_NOREF], 1);
	CHECK_EQ_INT((int)headline_named(h, V_PASS, &rows), 1);	/* each one counted is listed */
	CHECK_EQ_INT((int)headline_named(h, V_NOREF, &rows), 1);
	headline_verdict_line(h, "devicetree ti,j721e", line, sizeof(line));
	CHECK_STR(line, "j721e (devicetree ti,j721e): FAIL - 1 below published: Linpack; "
		  "1 invalid: context switch; 1 off the published range: DRAM write");
	headline_free(h);
}

TEST(headline_suspects)
{
	struct headline *h = headline_new("j721e");
	struct result s = res(NULL, NAN, 0, "", "");
	const char *const *texts;
	const struct hl_row *rows;
	char line[512];

	see(h, "j721e", res("linpack", 2100000, 1, "KFLOPS", ""));
	s.applet = "sysinfo";
	s.test = "suspect";
	s.params = "what=cpufreq,when=before";
	s.text = "cpu0-1 at 750 of 2000 MHz, governor powersave";
	headline_see(h, &s);
	s.applet = "run";
	s.params = "what=cpufreq,when=after";
	headline_see(h, &s);	/* the same text: one condition */
	see(h, "j721e", res("bw_mem-wr-16mb", 1600, 1, "MB/s", ""));
	CHECK_EQ_INT((int)headline_suspects(h, &texts), 1);
	CHECK_STR(texts[0], "cpu0-1 at 750 of 2000 MHz, governor powersave");
	REQUIRE(headline_issues(h, &rows) == 2);
	CHECK(rows[0].suspect && rows[1].suspect);	/* before and after it came */
	CHECK(strstr(rows[0].reason, "suspect") != NULL);
	CHECK(strstr(rows[1].reason, "suspect") != NULL);
	headline_verdict_line(h, NULL, line, sizeof(line));
	CHECK(strstr(line, "FAIL") && strstr(line, "measured under suspect conditions"));
	headline_free(h);
}
