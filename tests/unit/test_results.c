/* test_results.c - the results-file loader of compare and report: every
 * field read, and each malformed file refused with the record and field
 *
 * SPDX-License-Identifier: MIT
 */
#include "minitest.h"
#include "results.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define HEAD "{\"schema_version\": 1, \"context\": {\"arch\": \"x\"}, \"results\": ["

TEST(results_parse_fields)
{
	static const char doc[] = HEAD
		"{\"applet\": \"bw_mem\", \"test\": \"rd\", \"kernel\": \"c\", \"params\": \"size=1M\", "
		"\"value\": 9000.5, \"min\": 8000, \"max\": null, \"unit\": \"MB/s\", \"better\": 1, "
		"\"iters\": 9007199254740992, \"samples\": 4294967295, \"note\": \"noisy\", "
		"\"metric\": \"bw_mem-rd-1mb\"},\n"
		"{\"applet\": \"sysinfo\", \"test\": \"arch\", \"value\": \"aarch64\", \"better\": -1}]}";
	struct results_file f;
	char err[200] = "";

	REQUIRE(results_parse(doc, strlen(doc), &f, err, sizeof(err)) == 0);
	REQUIRE(f.n == 2);
	CHECK(f.context != NULL);
	CHECK_STR(f.recs[0].applet, "bw_mem");
	CHECK_STR(f.recs[0].params, "size=1M");
	CHECK_NEAR(f.recs[0].value, 9000.5, 0);
	CHECK_NEAR(f.recs[0].min, 8000, 0);
	CHECK(isnan(f.recs[0].max));
	CHECK_EQ_INT(f.recs[0].better, 1);
	CHECK_EQ_U64(f.recs[0].iters, 9007199254740992ull);
	CHECK_EQ_U64(f.recs[0].samples, 4294967295u);
	CHECK_STR(f.recs[0].metric, "bw_mem-rd-1mb");
	CHECK(f.recs[0].text == NULL);
	CHECK_STR(f.recs[1].text, "aarch64");
	CHECK(isnan(f.recs[1].value));
	CHECK_STR(f.recs[1].kernel, "");
	CHECK_STR(f.recs[1].metric, "");
	CHECK_EQ_INT(f.recs[1].better, -1);
	results_free(&f);
}

TEST(results_parse_rejects)
{
	static const struct {
		const char	*doc, *want;
	} bad[] = {
		{ HEAD "{\"applet\": \"a\", \"test\": \"t\", \"better\": 1e30}]}",
		  "results[0]: \"better\" is not -1, 0 or 1" },
		{ HEAD "{\"applet\": \"a\", \"test\": \"t\", \"better\": 0.5}]}",
		  "results[0]: \"better\" is not -1, 0 or 1" },
		{ HEAD "{\"applet\": \"a\", \"test\": \"t\"}, {\"applet\": \"a\", \"test\": \"t\", "
		  "\"samples\": -5}]}", "results[1]: \"samples\" is not a whole number from 0 to 4294967295" },
		{ HEAD "{\"applet\": \"a\", \"test\": \"t\", \"samples\": 4294967296}]}", "\"samples\"" },
		{ HEAD "{\"applet\": \"a\", \"test\": \"t\", \"samples\": 2.5}]}", "\"samples\"" },
		{ HEAD "{\"applet\": \"a\", \"test\": \"t\", \"iters\": 1e300}]}", "\"iters\"" },
		{ HEAD "{\"applet\": \"a\", \"test\": \"t\", \"iters\": \"5\"}]}", "\"iters\"" },
		{ HEAD "{\"applet\": \"a\", \"test\": \"t\", \"value\": 1e999}]}",
		  "results[0]: \"value\" is out of range" },
		{ HEAD "{\"applet\": \"a\", \"test\": \"t\", \"min\": \"x\"}]}", "results[0]: \"min\"" },
		{ HEAD "{\"applet\": \"a\", \"test\": \"t\", \"value\": [1]}]}", "results[0]: \"value\"" },
		{ HEAD "{\"applet\": \"a\", \"test\": \"t\", \"metric\": 5}]}",
		  "results[0]: \"metric\" is not a string" },
		{ HEAD "{\"applet\": \"a\", \"test\": \"t\", \"better\": true}]}", "\"better\"" },
		{ HEAD "5]}", "results[0] is not a result record" },
		{ HEAD "{\"test\": \"t\"}]}", "results[0] is not a result record" },
		{ "{\"schema_version\": 2, \"results\": []}", "not a benchbox result file" },
		{ "{\"schema_version\": 1, \"results\": {}}", "not a benchbox result file" },
		{ "{\"schema_version\": 1, \"context\": 5, \"results\": []}", "not a benchbox result file" },
		{ "[1, 2", "not JSON: line 1, column 6" },
	};
	struct results_file f;
	char err[200];
	size_t i;

	for (i = 0; i < ARRAY_LEN(bad); i++) {
		err[0] = 0;
		CHECK_EQ_INT(results_parse(bad[i].doc, strlen(bad[i].doc), &f, err, sizeof(err)), -1);
		if (!CHECK(strstr(err, bad[i].want) != NULL))
			mt_fail(MT_AT, "  ... case %zu: got '%s'", i, err);
	}
	err[0] = 0;
	CHECK_EQ_INT(results_parse("{\"schema_version\": 1, \"results\": []}\0junk", 41, &f, err,
				   sizeof(err)), -1);
	CHECK_STR(err, "a NUL byte at offset 36");
	/* a BOM at the start is fine */
	REQUIRE(results_parse("\xef\xbb\xbf{\"schema_version\": 1, \"results\": []}", 39, &f, err,
			      sizeof(err)) == 0);
	CHECK_EQ_U64(f.n, 0);
	results_free(&f);
}
