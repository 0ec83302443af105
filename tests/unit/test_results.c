/* test_results.c - the results-file loader of compare and report: every
 * field read, and each malformed file refused with the record, the field
 * and where they are, in one line
 *
 * SPDX-License-Identifier: MIT
 */
#include "minitest.h"
#include "results.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* One measurement by applet, test, kernel and params (NULL: any), and the
 * board a run judged against: the first "run" "board" record's text. */
TEST(results_find_board)
{
	static const char doc[] = HEAD
		"{\"applet\": \"lat_pipe\", \"test\": \"rt\", \"params\": \"msg=1\", \"value\": 1},\n"
		"{\"applet\": \"lat_pipe\", \"test\": \"rt\", \"params\": \"msg=2\", \"value\": 2},\n"
		"{\"applet\": \"run\", \"test\": \"board\", \"value\": \"j721e\"}]}";
	struct results_file f;
	char err[200] = "";

	REQUIRE(results_parse(doc, strlen(doc), &f, err, sizeof(err)) == 0);
	CHECK(results_find(&f, "lat_pipe", "rt", NULL, NULL) == &f.recs[0]);
	CHECK(results_find(&f, "lat_pipe", "rt", "", "msg=2") == &f.recs[1]);
	CHECK(results_find(&f, "lat_pipe", "rt", "c", NULL) == NULL);
	CHECK(results_find(&f, "lat_pipe", "rt", NULL, "msg=3") == NULL);
	CHECK_STR(results_board(&f), "j721e");
	f.n = 2;	/* without its board record */
	CHECK(results_board(&f) == NULL);
	f.n = 3;
	results_free(&f);
}

TEST(results_parse_rejects)
{
	static const struct {
		const char	*doc, *want;
	} bad[] = {
		{ HEAD "{\"applet\": \"a\", \"test\": \"t\", \"better\": 1e30}]}",
		  "line 1, column 100: results[0]: \"better\" is not -1, 0 or 1" },
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
		{ HEAD "5]}", "line 1, column 61: results[0] is not an object (a result record)" },
		{ HEAD "{\"test\": \"t\"}]}", "line 1, column 61: results[0]: \"applet\" is missing" },
		{ HEAD "{\"applet\": \"a\"},\n {\"applet\": \"a\", \"test\": 5}]}",
		  "line 1, column 61: results[0]: \"test\" is missing" },
		{ HEAD "\n {\"applet\": \"a\", \"test\": \"t\"},\n {\"applet\": 5, \"test\": \"t\"}]}",
		  "line 3, column 13: results[1]: \"applet\" is not a string" },
		{ HEAD "\n{\"applet\": \"a\", \"test\": []}]}",
		  "line 2, column 25: results[0]: \"test\" is not a string" },
		/* huge numbers: never converted out of range */
		{ HEAD "\n{\"applet\": \"a\", \"test\": \"t\", \"min\": -1e400}]}",
		  "line 2, column 37: results[0]: \"min\" is not a finite number or null" },
		{ HEAD "{\"applet\": \"a\", \"test\": \"t\", \"max\": 1e309}]}",
		  "results[0]: \"max\" is not a finite number or null" },
		{ HEAD "{\"applet\": \"a\", \"test\": \"t\", \"iters\": 9007199254740994}]}",
		  "results[0]: \"iters\" is not a whole number from 0 to 9007199254740992" },
		{ HEAD "{\"applet\": \"a\", \"test\": \"t\", \"samples\": 1e10}]}",
		  "results[0]: \"samples\" is not a whole number from 0 to 4294967295" },
		{ HEAD "{\"applet\": \"a\", \"test\": \"t\", \"better\": -2}]}",
		  "results[0]: \"better\" is not -1, 0 or 1" },
		/* bad and truncated JSON */
		{ HEAD "{\"applet\": \"a\", \"te", "not JSON: line 1, column 80: unterminated string" },
		{ HEAD "{\"applet\": \"a\", \"test\": \"t\"}", "not JSON: line 1, column 89: expected ',' or ']'" },
		{ HEAD "{\"applet\": \"a\", \"test\": 1e}]}", "not JSON: line 1, column 85: bad number" },
		{ "\n", "not JSON: line 2, column 1: unexpected end of text" },
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
	/* a location counts no BOM, as json_parse's own */
	err[0] = 0;
	CHECK_EQ_INT(results_parse("\xef\xbb\xbf{\"schema_version\": 1, \"results\": [7]}", 40, &f,
				   err, sizeof(err)), -1);
	CHECK_STR(err, "line 1, column 35: results[0] is not an object (a result record)");
	err[0] = 0;
	CHECK_EQ_INT(results_parse("", 0, &f, err, sizeof(err)), -1);
	CHECK_STR(err, "an empty file");
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

/* results_load(path) with fd 2 caught: its status, and its one line in msg */
static int load_msg(const char *path, char *msg, size_t n)
{
	char tmp[] = "/tmp/benchbox-test-err.XXXXXX";
	int fd = mkstemp(tmp), saved = dup(2), rc;
	struct results_file f;
	ssize_t k;

	msg[0] = 0;
	if (fd < 0 || saved < 0)
		return -2;
	fflush(stderr);
	dup2(fd, 2);
	rc = results_load(path, &f);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	k = pread(fd, msg, n - 1, 0);
	msg[k > 0 ? k : 0] = 0;
	close(fd);
	unlink(tmp);
	if (!rc)
		results_free(&f);
	else if (f.doc || f.recs || f.n)
		rc = -3;	/* a refused file leaves f empty */
	return rc;
}

/* msg is one line "PROG: PATH: want\n" */
static int msg_is(const char *msg, const char *path, const char *want)
{
	char tail[512];
	size_t m = strlen(msg), k;

	k = (size_t)snprintf(tail, sizeof(tail), ": %s: %s\n", path, want);
	return m >= k && !strcmp(msg + m - k, tail) && strchr(msg, '\n') == msg + m - 1;
}

static void put_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

TEST(results_load_files)
{
	char dir[] = "/tmp/benchbox-test-results.XXXXXX", path[128], msg[512];
	int fd;

	REQUIRE(mkdtemp(dir) != NULL);
	/* a directory */
	CHECK_EQ_INT(load_msg(dir, msg, sizeof(msg)), -1);
	if (!CHECK(msg_is(msg, dir, "Is a directory")))
		mt_fail(MT_AT, "  ... got '%s'", msg);
	/* missing */
	snprintf(path, sizeof(path), "%s/none.json", dir);
	CHECK_EQ_INT(load_msg(path, msg, sizeof(msg)), -1);
	CHECK(msg_is(msg, path, "No such file or directory"));
	/* empty */
	snprintf(path, sizeof(path), "%s/empty.json", dir);
	put_file(path, "");
	CHECK_EQ_INT(load_msg(path, msg, sizeof(msg)), -1);
	if (!CHECK(msg_is(msg, path, "an empty file")))
		mt_fail(MT_AT, "  ... got '%s'", msg);
	/* truncated: where the text ends */
	put_file(path, "{\"schema_version\": 1, \"context\": {},\n \"results\": [{\"applet\": \"a\", ");
	CHECK_EQ_INT(load_msg(path, msg, sizeof(msg)), -1);
	if (!CHECK(msg_is(msg, path, "not JSON: line 2, column 30: expected a string key")))
		mt_fail(MT_AT, "  ... got '%s'", msg);
	/* a record with no "test": its line */
	put_file(path, "{\"schema_version\": 1, \"context\": {}, \"results\": [\n"
		 "  {\"applet\": \"a\", \"test\": \"t\", \"value\": 1},\n  {\"applet\": \"a\"}\n]}\n");
	CHECK_EQ_INT(load_msg(path, msg, sizeof(msg)), -1);
	if (!CHECK(msg_is(msg, path, "line 3, column 3: results[1]: \"test\" is missing")))
		mt_fail(MT_AT, "  ... got '%s'", msg);
	/* a good one */
	put_file(path, "{\"schema_version\": 1, \"results\": [{\"applet\": \"a\", \"test\": \"t\"}]}\n");
	CHECK_EQ_INT(load_msg(path, msg, sizeof(msg)), 0);
	CHECK_STR(msg, "");
	/* over 1 GiB (sparse): refused before a byte of it is read */
	fd = open(path, O_WRONLY | O_TRUNC);
	if (CHECK(fd >= 0)) {
		CHECK_EQ_INT(ftruncate(fd, ((off_t)3 << 29)), 0);
		close(fd);
		CHECK_EQ_INT(load_msg(path, msg, sizeof(msg)), -1);
		if (!CHECK(msg_is(msg, path, "over 1 GiB, not a results file")))
			mt_fail(MT_AT, "  ... got '%s'", msg);
	}
	unlink(path);
	CHECK_EQ_INT(rmdir(dir), 0);
}
