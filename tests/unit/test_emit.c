/* test_emit.c - emitters (golden table, CSV, JSON, ktap), escaping,
 * notes, emit_rate() and the atomic -o file
 *
 * SPDX-License-Identifier: MIT
 */
#include "minitest.h"
#include "applet.h"
#include "emit.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const struct run_info info = {
	.version = "1.0", .cc = "gcc 12.2", .cflags = "-O2", .libc = "musl 1.2.3",
	.zlib = "1.2.13", .mbedtls = "2.28.3", .arch = "x86_64", .kernel = "6.1.0",
	.cpu_features = "sse2  avx2 ", .clock = "CLOCK_MONOTONIC_RAW",
	.clock_res_ns = 1, .clock_overhead_ns = 20.5,
	.date = "2026-01-02T03:04:05Z", .applet = "membw",
};

static const struct result recs[] = {
	{ .applet = "membw", .test = "copy", .kernel = "c", .params = "size=64M",
	  .unit = UNIT_MB_S, .better = 1, .value = 9123.4, .min = 9001.2,
	  .max = 9150, .iters = 12, .samples = 11, .metric = "membw-copy-64m" },
	{ .applet = "lat_mem", .test = "chase", .kernel = NULL, .params = "",
	  .unit = UNIT_NS, .better = -1, .value = 1.25, .min = 0.5, .max = 123456,
	  .iters = 1000, .samples = 3, .flags = BENCH_TOO_FAST | BENCH_NOISY,
	  .note = "clock step" },
	{ .applet = "sysinfo", .test = "cpu.model", .unit = "",
	  .text = "ARM Cortex-A53" },
};

/* Everything an emit sink writes for n records, the run ending with keep
 * (0 = it failed); free() it. */
static char *emit_all(const struct emitter *em, const struct result *r, size_t n, int keep)
{
	struct emit_sink rep;
	char *buf = NULL;
	size_t len = 0, i;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	if (emit_open(&rep, em, &info, f, NULL) == 0) {
		for (i = 0; i < n; i++)
			emit_record(&rep, &r[i]);
		emit_close(&rep, keep);
	}
	fclose(f);
	return buf;
}

/* The first n of recs, from a run that succeeded. */
static char *capture(const struct emitter *em, size_t n)
{
	return emit_all(em, recs, n, 1);
}

TEST(emit_table)
{
	char *s = capture(&emit_table, 3);

	REQUIRE(s != NULL);
	/* columns as wide as their widest cell, two blanks apart; no blank
	 * ends a line */
	CHECK_STR(s,
		"applet   test       kernel  params    median     min     max  unit   n  note\n"
		"membw    copy       c       size=64M  9123.4  9001.2    9150  MB/s  11\n"
		"lat_mem  chase                         1.250  0.5000  123456  ns     3  "
		"too-fast,noisy: clock step\n"
		"sysinfo  cpu.model                    ARM Cortex-A53\n");
	free(s);
}

/* A long params value widens its own column only: every later column of
 * every row still starts (text) or ends (numbers) under its header. */
TEST(emit_table_long_params)
{
	struct result r[3] = { recs[0], recs[0], recs[1] };
	char *s;

	r[1].params = "size=64M,stride=4096,page=4096,huge=default,threads=16";
	r[1].value = 12.5;
	s = emit_all(&emit_table, r, 3, 1);
	REQUIRE(s != NULL);
	CHECK_STR(s,
		"applet   test   kernel  params                                                  "
		"median     min     max  unit   n  note\n"
		"membw    copy   c       size=64M                                                "
		"9123.4  9001.2    9150  MB/s  11\n"
		"membw    copy   c       size=64M,stride=4096,page=4096,huge=default,threads=16  "
		"12.500  9001.2    9150  MB/s  11\n"
		"lat_mem  chase                                                                  "
		" 1.250  0.5000  123456  ns     3  too-fast,noisy: clock step\n");
	free(s);
}

TEST(emit_csv)
{
	char *s = capture(&emit_csv, 3);

	REQUIRE(s != NULL);
	CHECK_STR(s,
		"applet,test,kernel,params,value,min,max,unit,better,iters,samples,note,metric\n"
		"membw,copy,c,size=64M,9123.4,9001.2,9150,MB/s,1,12,11,,membw-copy-64m\n"
		"lat_mem,chase,,,1.25,0.5,123456,ns,-1,1000,3,\"too-fast,noisy: clock step\",\n"
		"sysinfo,cpu.model,,,ARM Cortex-A53,,,,0,0,0,,\n");
	free(s);
}

#define JSON_HEAD \
	"{\"schema_version\": 1,\n" \
	" \"context\": {\"benchbox\": \"1.0\", \"applet\": \"membw\", " \
	"\"cc\": \"gcc 12.2\", \"cflags\": \"-O2\", \"libc\": \"musl 1.2.3\", " \
	"\"zlib\": \"1.2.13\", \"mbedtls\": \"2.28.3\", \"arch\": \"x86_64\", " \
	"\"kernel\": \"6.1.0\", \"cpu_features\": [\"sse2\", \"avx2\"], " \
	"\"clock\": \"CLOCK_MONOTONIC_RAW\", \"clock_res_ns\": 1, " \
	"\"clock_overhead_ns\": 20.5, \"date\": \"2026-01-02T03:04:05Z\"},\n" \
	" \"results\": ["
#define JSON_REC0 \
	"\n  {\"applet\": \"membw\", \"test\": \"copy\", \"kernel\": \"c\", " \
	"\"params\": \"size=64M\", \"value\": 9123.4, \"min\": 9001.2, " \
	"\"max\": 9150, \"unit\": \"MB/s\", \"better\": 1, \"iters\": 12, " \
	"\"samples\": 11, \"note\": \"\", \"metric\": \"membw-copy-64m\"}"
#define JSON_REC1 \
	"\n  {\"applet\": \"lat_mem\", \"test\": \"chase\", \"kernel\": \"\", " \
	"\"params\": \"\", \"value\": 1.25, \"min\": 0.5, \"max\": 123456, " \
	"\"unit\": \"ns\", \"better\": -1, \"iters\": 1000, \"samples\": 3, " \
	"\"note\": \"too-fast,noisy: clock step\", \"metric\": \"\"}"
#define JSON_REC2 \
	"\n  {\"applet\": \"sysinfo\", \"test\": \"cpu.model\", \"kernel\": \"\", " \
	"\"params\": \"\", \"value\": \"ARM Cortex-A53\", \"min\": null, " \
	"\"max\": null, \"unit\": \"\", \"better\": 0, \"iters\": 0, " \
	"\"samples\": 0, \"note\": \"\", \"metric\": \"\"}"
#define JSON_TAIL "\n ]}\n"

TEST(emit_json)
{
	char *s;

	s = capture(&emit_json, 0);
	CHECK_STR(s, JSON_HEAD JSON_TAIL);
	free(s);
	s = capture(&emit_json, 1);
	CHECK_STR(s, JSON_HEAD JSON_REC0 JSON_TAIL);
	free(s);
	s = capture(&emit_json, 2);
	CHECK_STR(s, JSON_HEAD JSON_REC0 "," JSON_REC1 JSON_TAIL);
	free(s);
	s = capture(&emit_json, 3);
	CHECK_STR(s, JSON_HEAD JSON_REC0 "," JSON_REC1 "," JSON_REC2 JSON_TAIL);
	free(s);
}

/* The JSON of one record, without the separating newline and indent. */
static char *json_of(const struct result *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	{
		struct emit_out o = { .f = f, .count = 0 };

		emit_json.record(&o, r);
	}
	fclose(f);
	return buf;
}

TEST(emit_json_escaping)
{
	struct result r = recs[0];
	char *buf = NULL, *s;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	REQUIRE(f != NULL);
	json_string(f, "a\"b\\c\nd\te\x01" "f\x7f\r\b\f\x1f \xc3\xa9/");
	fputc('|', f);
	json_string(f, NULL);
	fclose(f);
	CHECK_STR(buf, "\"a\\\"b\\\\c\\nd\\te\\u0001f\\u007f\\r\\b\\f\\u001f \xc3\xa9/\"|\"\"");
	free(buf);

	r.params = "k=\"v\"";
	r.note = "line1\nline2";
	r.value = NAN;
	r.min = -INFINITY;
	r.max = INFINITY;
	s = json_of(&r);
	REQUIRE(s != NULL);
	CHECK(strstr(s, "\"params\": \"k=\\\"v\\\"\"") != NULL);
	CHECK(strstr(s, "\"note\": \"line1\\nline2\"") != NULL);
	CHECK(strstr(s, "\"value\": null, \"min\": null, \"max\": null, ") != NULL);
	CHECK(strchr(s, '\n') == s);	/* only the leading separator */
	free(s);
}

static char *csv_of(const struct result *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	{
		struct emit_out o = { .f = f, .count = 0 };

		emit_csv.record(&o, r);
	}
	fclose(f);
	return buf;
}

TEST(emit_csv_quoting)
{
	struct result r = { .applet = "a", .test = "say \"hi\"", .kernel = "x,y",
			    .params = "p\nq", .unit = "ns", .value = 1, .min = 1,
			    .max = NAN, .better = -1, .iters = 1, .samples = 1 };
	char *s = csv_of(&r);

	REQUIRE(s != NULL);
	CHECK_STR(s, "a,\"say \"\"hi\"\"\",\"x,y\",\"p\nq\",1,1,,ns,-1,1,1,,\n");
	free(s);
	r = recs[2];
	r.text = "a, \"b\"";
	s = csv_of(&r);
	REQUIRE(s != NULL);
	CHECK_STR(s, "sysinfo,cpu.model,,,\"a, \"\"b\"\"\",,,,0,0,0,,\n");
	free(s);
}

TEST(emit_text_record)
{
	struct result r = recs[2];
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	REQUIRE(f != NULL);
	r.test = "cpu.mhz";
	r.text = "n/a";
	r.flags = RESULT_FAILED;
	r.note = "no cpufreq";
	r.value = 5;	/* ignored: text wins */
	{
		struct emit_out o = { .f = f };

		emit_table.record(&o, &r);
		emit_table.end(&o);
	}
	fclose(f);
	CHECK_STR(buf, "applet   test     kernel  params  median  min  max  unit  n  note\n"
		       "sysinfo  cpu.mhz                  n/a  # failed: no cpufreq\n");
	free(buf);
	buf = csv_of(&r);
	CHECK_STR(buf, "sysinfo,cpu.mhz,,,n/a,,,,0,0,0,failed: no cpufreq,\n");
	free(buf);
	buf = json_of(&r);
	CHECK(buf && strstr(buf, "\"value\": \"n/a\", \"min\": null, \"max\": null,"));
	CHECK(buf && strstr(buf, "\"note\": \"failed: no cpufreq\", \"metric\": \"\"}"));
	free(buf);
}

TEST(emit_result_note)
{
	struct result r = { 0 };
	char buf[128], small[8];

	CHECK_STR(result_note(&r, buf, sizeof(buf)), "");
	r.note = "just a note";
	CHECK_STR(result_note(&r, buf, sizeof(buf)), "just a note");
	r.note = "note";
	r.flags = BENCH_TOO_FAST | BENCH_NOISY;
	CHECK_STR(result_note(&r, buf, sizeof(buf)), "too-fast,noisy: note");
	r.note = "";
	CHECK_STR(result_note(&r, buf, sizeof(buf)), "too-fast,noisy");
	r.note = NULL;
	r.flags = BENCH_TOO_FAST | BENCH_BUDGET | BENCH_NOISY | BENCH_CLOCK_SUB |
		  RESULT_MISMATCH | RESULT_FAILED | RESULT_SKIPPED;
	CHECK_STR(result_note(&r, buf, sizeof(buf)),
		  "too-fast,over-budget,noisy,clock-subtracted,mismatch,failed,skipped");
	r.flags = BENCH_TOO_FAST | BENCH_NOISY;
	r.note = "note";
	CHECK_STR(result_note(&r, small, sizeof(small)), "too-fas");	/* truncated */
}

TEST(emit_result_unresolved)
{
	struct result r = { 0 };
	char buf[128];

	r.unit = UNIT_US;
	r.better = -1;
	r.value = -0.0123;		/* lat_sig prot's catch was larger */
	result_unresolved(&r);
	CHECK(r.flags & RESULT_UNRESOLVED);
	r.note = "minus catch: 0.7 us";
	CHECK_STR(result_note(&r, buf, sizeof(buf)), "unresolved: minus catch: 0.7 us");
	r.flags = 0;
	r.value = 0;			/* zero too */
	result_unresolved(&r);
	CHECK(r.flags & RESULT_UNRESOLVED);
	r.flags = 0;
	r.value = 0.0001;		/* small but above zero */
	result_unresolved(&r);
	CHECK_EQ_INT((int)r.flags, 0);
	r.value = 0;
	r.flags = RESULT_SKIPPED;	/* no value at all */
	result_unresolved(&r);
	CHECK_EQ_INT((int)r.flags, RESULT_SKIPPED);
	r.flags = 0;
	r.unit = UNIT_PERCENT;		/* a count or a share can be zero */
	result_unresolved(&r);
	CHECK_EQ_INT((int)r.flags, 0);
	r.unit = UNIT_US;
	r.better = 1;			/* a rate of zero is a rate */
	result_unresolved(&r);
	CHECK_EQ_INT((int)r.flags, 0);
}

TEST(emit_format_value)
{
	char buf[32];

	CHECK_STR(format_value(0, buf, sizeof(buf)), "0");
	CHECK_STR(format_value(9150, buf, sizeof(buf)), "9150");
	CHECK_STR(format_value(123456.7, buf, sizeof(buf)), "123457");
	CHECK_STR(format_value(9123.44, buf, sizeof(buf)), "9123.4");
	CHECK_STR(format_value(1.25, buf, sizeof(buf)), "1.250");
	CHECK_STR(format_value(-5.5, buf, sizeof(buf)), "-5.500");
	CHECK_STR(format_value(0.012345, buf, sizeof(buf)), "0.01235");
	CHECK_STR(format_value(0.5, buf, sizeof(buf)), "0.5000");
	CHECK_STR(format_value(0.00001234, buf, sizeof(buf)), "0.00001234");
	CHECK_STR(format_value(-0.00001234, buf, sizeof(buf)), "-0.00001234");
	CHECK_STR(format_value(NAN, buf, sizeof(buf)), "-");
}

TEST(emit_emitter_find)
{
	CHECK(emitter_find("table") == &emit_table);
	CHECK(emitter_find("csv") == &emit_csv);
	CHECK(emitter_find("json") == &emit_json);
	CHECK(emitter_find("JSON") == NULL);
	CHECK(emitter_find("") == NULL);
}

TEST(emit_rate_swap)
{
	static const struct applet dummy = { .name = "dummy" };
	struct bench_stats st = { .iters = 100, .n = 5, .min_ns = 50,
				  .median_ns = 100, .max_ns = 200,
				  .flags = BENCH_NOISY };
	struct result r = { .test = "copy", .unit = UNIT_MB_S };
	struct emit_sink rep;
	struct run_ctx ctx;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	REQUIRE(f != NULL);
	memset(&ctx, 0, sizeof(ctx));
	ctx.applet = &dummy;
	ctx.rep = &rep;
	REQUIRE(emit_open(&rep, &emit_csv, &info, f, NULL) == 0);
	/* 0.001 MB per iteration: 1e-3 * 1e9 / 100 ns = 10000 MB/s */
	emit_rate(&ctx, r, &st, 0.001);
	r.applet = "other";
	r.better = -1;		/* kept when given */
	emit_rate(&ctx, r, &st, 0.001);
	CHECK_EQ_INT(rep.count, 2);
	emit_close(&rep, 1);
	fclose(f);
	CHECK_STR(buf,
		"applet,test,kernel,params,value,min,max,unit,better,iters,samples,note,metric\n"
		"dummy,copy,,,10000,5000,20000,MB/s,1,100,5,noisy,\n"
		"other,copy,,,10000,5000,20000,MB/s,-1,100,5,noisy,\n");
	free(buf);
}

TEST(emit_result_from_time)
{
	struct bench_stats st = { .iters = 7, .n = 3, .min_ns = 10,
				  .median_ns = 20, .max_ns = 40,
				  .flags = BENCH_BUDGET };
	struct result r = { .flags = RESULT_MISMATCH };

	result_from_time(&r, &st, 0.5);
	CHECK_NEAR(r.value, 10, 0);
	CHECK_NEAR(r.min, 5, 0);
	CHECK_NEAR(r.max, 20, 0);
	CHECK_EQ_U64(r.iters, 7);
	CHECK_EQ_INT(r.samples, 3);
	CHECK_EQ_INT(r.flags, BENCH_BUDGET | RESULT_MISMATCH);
}

/* Names in dir, sorted, joined with ' ', into buf. */
static const char *listing(const char *dir, char *buf, size_t len)
{
	struct dirent **ents;
	int n, i;
	size_t used = 0;

	buf[0] = '\0';
	n = scandir(dir, &ents, NULL, alphasort);
	for (i = 0; i < n; i++) {
		const char *name = ents[i]->d_name;

		if (strcmp(name, ".") && strcmp(name, "..") && used < len)
			used += (size_t)snprintf(buf + used, len - used, "%s%s",
						 used ? " " : "", name);
		free(ents[i]);
	}
	if (n >= 0)
		free(ents);
	return n < 0 ? NULL : buf;
}

TEST(emit_output_file)
{
	char dir[] = "/tmp/bbtest.XXXXXX", path[256], path2[256], ls[512];
	char *mem = NULL, file[4096];
	size_t len = 0;
	struct emit_sink rep;
	struct stat sb;
	FILE *f;
	int n;

	REQUIRE(mkdtemp(dir) != NULL);
	snprintf(path, sizeof(path), "%s/out.json", dir);
	snprintf(path2, sizeof(path2), "%s/gone.json", dir);

	f = open_memstream(&mem, &len);
	REQUIRE(f != NULL);
	REQUIRE(emit_open(&rep, &emit_json, &info, f, path) == 0);
	emit_record(&rep, &recs[0]);
	emit_record(&rep, &recs[1]);
	CHECK(access(path, F_OK) != 0);		/* not there until complete */
	CHECK(listing(dir, ls, sizeof(ls)) && !strncmp(ls, ".benchbox-out.", 14) &&
	      !strchr(ls, ' '));		/* only the temporary */
	CHECK_EQ_INT(emit_close(&rep, 1), 0);
	fclose(f);
	CHECK_EQ_INT(access(path, F_OK), 0);
	mode_t um = umask(0);

	umask(um);
	CHECK(stat(path, &sb) == 0 && (sb.st_mode & 0777) == (0666 & ~um));	/* as open(2) makes it */
	CHECK_STR(listing(dir, ls, sizeof(ls)), "out.json");
	n = read_text(path, file, sizeof(file));
	CHECK(n > 0);
	CHECK_STR(file, JSON_HEAD JSON_REC0 "," JSON_REC1 "\n ]}");	/* read_text trims */
	CHECK_STR(mem, JSON_HEAD JSON_REC0 "," JSON_REC1 JSON_TAIL);	/* same on stdout */
	free(mem);

	/* keep == 0: the run failed; nothing is left behind */
	mem = NULL;
	f = open_memstream(&mem, &len);
	REQUIRE(f != NULL);
	REQUIRE(emit_open(&rep, &emit_csv, &info, f, path2) == 0);
	emit_record(&rep, &recs[0]);
	CHECK_EQ_INT(emit_close(&rep, 0), 0);
	fclose(f);
	CHECK(access(path2, F_OK) != 0);
	CHECK_STR(listing(dir, ls, sizeof(ls)), "out.json");
	CHECK(mem && strncmp(mem, "applet,test,", 12) == 0);	/* stdout still got it */
	free(mem);

	/* an unwritable path: emit_open fails and leaves nothing */
	snprintf(path2, sizeof(path2), "%s/no/such/dir.csv", dir);
	mem = NULL;
	f = open_memstream(&mem, &len);
	REQUIRE(f != NULL);
	CHECK_EQ_INT(emit_open(&rep, &emit_csv, &info, f, path2), 1);
	fclose(f);
	CHECK_STR(mem, "");		/* no header for a run that cannot start */
	free(mem);
	CHECK_STR(listing(dir, ls, sizeof(ls)), "out.json");

	/* a directory: a usage error (2), the directory untouched */
	mem = NULL;
	f = open_memstream(&mem, &len);
	REQUIRE(f != NULL);
	CHECK_EQ_INT(emit_open(&rep, &emit_csv, &info, f, dir), 2);
	fclose(f);
	CHECK_STR(mem, "");
	free(mem);
	CHECK_STR(listing(dir, ls, sizeof(ls)), "out.json");

	unlink(path);
	CHECK_EQ_INT(rmdir(dir), 0);
}

/* Nothing is written before the first record: a usage error (silent)
 * prints nothing; a run with no records still gets a whole document. */
TEST(emit_begin_is_lazy)
{
	struct emit_sink rep;
	char *mem = NULL, *s;
	size_t len = 0;
	FILE *f = open_memstream(&mem, &len);

	REQUIRE(f != NULL);
	REQUIRE(emit_open(&rep, &emit_csv, &info, f, NULL) == 0);
	fflush(f);
	CHECK_EQ_INT((int)len, 0);			/* open writes nothing */
	rep.silent = 1;
	CHECK_EQ_INT(emit_close(&rep, 0), 0);
	fclose(f);
	CHECK_STR(mem, "");
	free(mem);

	s = emit_all(&emit_json, recs, 0, 1);
	REQUIRE(s != NULL);
	CHECK_STR(s, JSON_HEAD "\n ]}\n");
	free(s);
	s = emit_all(&emit_ktap, recs, 0, 0);	/* failed, no record: ktap says so */
	REQUIRE(s != NULL);
	CHECK(strstr(s, "TAP version 13\n") == s && strstr(s, "not ok 1 - membw exit status"));
	free(s);
}

/* A write that fails is said once; emit_close() returns 1. */
TEST(emit_write_error)
{
	struct emit_sink rep;
	FILE *f = fopen("/dev/full", "w");

	if (!f)
		SKIP("no /dev/full");
	REQUIRE(emit_open(&rep, &emit_csv, &info, f, NULL) == 0);
	emit_record(&rep, &recs[0]);
	CHECK_EQ_INT(rep.out[0].err, ENOSPC);
	emit_record(&rep, &recs[1]);			/* left alone from then on */
	CHECK_EQ_INT(rep.out[0].count, 1);
	CHECK_EQ_INT(emit_close(&rep, 1), 1);
	fclose(f);
}

/* ktap ------------------------------------------------------------------ */

#define KTAP_HEAD "TAP version 13\n# benchbox 1.0 membw on x86_64, Linux 6.1.0, 2026-01-02T03:04:05Z\n"

TEST(emit_ktap_records)
{
	static const struct result rows[] = {
		{ .applet = "membw", .test = "copy", .kernel = "c", .params = "size=64M",
		  .unit = UNIT_MB_S, .better = 1, .value = 9123.4, .min = 9001.2,
		  .max = 9150, .iters = 12, .samples = 11, .metric = "membw-copy-64m" },
		{ .applet = "mhz", .test = "status", .params = "args=--cpu=9", .unit = "",
		  .value = NAN, .min = NAN, .max = NAN, .flags = RESULT_FAILED,
		  .note = "exit 1: mhz: cannot run on those CPUs" },
		{ .applet = "lat_syscall", .test = "status", .unit = "", .value = NAN,
		  .min = NAN, .max = NAN, .flags = RESULT_SKIPPED,
		  .note = "cannot create a file in /ro" },
		{ .applet = "sysinfo", .test = "cpu.model", .unit = "",
		  .text = "ARM Cortex-A53" },
	};
	char *s = emit_all(&emit_ktap, rows, 4, 1);

	REQUIRE(s != NULL);
	CHECK_STR(s, KTAP_HEAD
		"ok 1 - membw copy kernel=c size=64M\n"
		"  ---\n"
		"  value: 9123.4\n"
		"  unit: \"MB/s\"\n"
		"  min: 9001.2\n"
		"  max: 9150\n"
		"  samples: 11\n"
		"  better: higher\n"
		"  metric: \"membw-copy-64m\"\n"
		"  ...\n"
		"not ok 2 - mhz status args=--cpu=9\n"
		"  ---\n"
		"  flags: \"failed\"\n"
		"  note: \"exit 1: mhz: cannot run on those CPUs\"\n"
		"  ...\n"
		"ok 3 - lat_syscall status # SKIP cannot create a file in /ro\n"
		"  ---\n"
		"  flags: \"skipped\"\n"
		"  note: \"cannot create a file in /ro\"\n"
		"  ...\n"
		"ok 4 - sysinfo cpu.model\n"
		"  ---\n"
		"  value: \"ARM Cortex-A53\"\n"
		"  ...\n"
		"1..4\n");
	free(s);
}

TEST(emit_ktap_verdicts)
{
	static const struct result_verdict pass = {
		.out = { .v = V_PASS, .lo = 8100, .hi = 9900, .delta = 0.0137 },
		.have_ref = 1, .mean = 9000, .min = 8800, .max = 9200,
	};
	static const struct result_verdict fail = {
		.out = { .v = V_FAIL, .lo = 0, .hi = 1e-6, .delta = 2, .why = "--expect" },
		.have_ref = 1, .mean = 5e-7, .min = NAN, .max = NAN,
	};
	static const struct result_verdict invalid = {
		.out = { .v = V_INVALID, .why = "the reference is in another unit" },
		.have_ref = 1, .mean = 184700, .min = NAN, .max = NAN,
	};
	static const struct result_verdict noref = {
		.out = { .v = V_NOREF, .why = "" }, .mean = NAN, .min = NAN, .max = NAN,
	};
	struct result r[5] = {
		{ .applet = "bw_mem", .test = "rd", .unit = UNIT_MB_S, .better = 1,
		  .value = 9123.4, .min = 9001.2, .max = 9150, .samples = 5,
		  .metric = "bw_mem-rd-16mb", .note = "PASS: ref 9000 (8800..9200), +1.4%",
		  .verdict = &pass },
		{ .applet = "lat_syscall", .test = "null", .unit = UNIT_US, .better = -1,
		  .value = 0.25, .min = 0.25, .max = 0.25, .samples = 3,
		  .metric = "lat_syscall-null", .flags = RESULT_SHORT, .verdict = &fail },
		{ .applet = "speed", .test = "aes", .unit = UNIT_MB_S, .better = 1,
		  .value = 184.7, .min = 184.7, .max = 184.7, .samples = 1,
		  .verdict = &invalid },
		{ .applet = "lat_pipe", .test = "roundtrip", .unit = UNIT_US, .better = -1,
		  .value = 9, .min = 8, .max = 10, .samples = 3, .flags = RESULT_THROTTLED,
		  .verdict = &invalid },
		{ .applet = "lat_tcp", .test = "roundtrip", .unit = UNIT_US, .better = -1,
		  .value = 20, .min = 19, .max = 21, .samples = 3, .verdict = &noref },
	};
	char *s = emit_all(&emit_ktap, r, 5, 0);

	REQUIRE(s != NULL);
	CHECK_STR(s, KTAP_HEAD
		"ok 1 - bw_mem rd\n"
		"  ---\n"
		"  value: 9123.4\n"
		"  unit: \"MB/s\"\n"
		"  min: 9001.2\n"
		"  max: 9150\n"
		"  samples: 5\n"
		"  better: higher\n"
		"  metric: \"bw_mem-rd-16mb\"\n"
		"  note: \"PASS: ref 9000 (8800..9200), +1.4%\"\n"
		"  verdict: \"PASS\"\n"
		"  ref_mean: 9000\n"
		"  ref_min: 8800\n"
		"  ref_max: 9200\n"
		"  band_lo: 8100\n"
		"  band_hi: 9900\n"
		"  delta_pct: 1.4\n"
		"  ...\n"
		"not ok 2 - lat_syscall null\n"
		"  ---\n"
		"  value: 0.25\n"
		"  unit: \"us\"\n"
		"  min: 0.25\n"
		"  max: 0.25\n"
		"  samples: 3\n"
		"  better: lower\n"
		"  metric: \"lat_syscall-null\"\n"
		"  flags: \"short\"\n"
		"  verdict: \"FAIL\"\n"
		"  ref_mean: 5e-07\n"
		"  band_lo: 0\n"
		"  band_hi: 1e-06\n"
		"  delta_pct: 200.0\n"
		"  why: \"--expect\"\n"
		"  ...\n"
		"ok 3 - speed aes # TODO INVALID: the reference is in another unit\n"
		"  ---\n"
		"  value: 184.7\n"
		"  unit: \"MB/s\"\n"
		"  min: 184.7\n"
		"  max: 184.7\n"
		"  samples: 1\n"
		"  better: higher\n"
		"  verdict: \"INVALID\"\n"
		"  ref_mean: 184700\n"
		"  why: \"the reference is in another unit\"\n"
		"  ...\n"
		"ok 4 - lat_pipe roundtrip # TODO throttled\n"
		"  ---\n"
		"  value: 9\n"
		"  unit: \"us\"\n"
		"  min: 8\n"
		"  max: 10\n"
		"  samples: 3\n"
		"  better: lower\n"
		"  flags: \"throttled\"\n"
		"  verdict: \"INVALID\"\n"
		"  ref_mean: 184700\n"
		"  why: \"the reference is in another unit\"\n"
		"  ...\n"
		"ok 5 - lat_tcp roundtrip\n"
		"  ---\n"
		"  value: 20\n"
		"  unit: \"us\"\n"
		"  min: 19\n"
		"  max: 21\n"
		"  samples: 3\n"
		"  better: lower\n"
		"  verdict: \"NO-REF\"\n"
		"  ...\n"
		"1..5\n");		/* failed, but a record said so: nothing added */
	free(s);
}

TEST(emit_ktap_escaping)
{
	struct result r = {
		.applet = "x", .test = "a#b\nc", .params = "k=#1\r", .unit = "",
		.text = "say \"hi\"\\\n\x01", .note = "a \"quoted\" note", .flags = RESULT_SKIPPED,
	};
	char *s = emit_all(&emit_ktap, &r, 1, 1);

	REQUIRE(s != NULL);
	CHECK_STR(s, KTAP_HEAD
		"ok 1 - x a_b c k=_1  # SKIP a \"quoted\" note\n"
		"  ---\n"
		"  value: \"say \\\"hi\\\"\\\\\\n\\x01\"\n"
		"  flags: \"skipped\"\n"
		"  note: \"a \\\"quoted\\\" note\"\n"
		"  ...\n"
		"1..1\n");
	free(s);
	r.note = "line 1\nline #2";
	s = emit_all(&emit_ktap, &r, 1, 1);
	REQUIRE(s != NULL);
	CHECK(strstr(s, "# SKIP line 1 line _2\n") != NULL);
	CHECK(strstr(s, "  note: \"line 1\\nline #2\"\n") != NULL);
	free(s);
}

TEST(emit_ktap_end)
{
	struct result ok = { .applet = "lat_pipe", .test = "roundtrip", .unit = UNIT_US,
			     .better = -1, .value = 9, .min = 8, .max = 10, .samples = 3 };
	char *s;

	s = emit_all(&emit_ktap, NULL, 0, 1);		/* nothing measured, not a failure */
	CHECK_STR(s, KTAP_HEAD "1..0 # SKIP no results\n");
	free(s);
	s = emit_all(&emit_ktap, NULL, 0, 0);		/* a failure no record told: one test says so */
	CHECK_STR(s, KTAP_HEAD "not ok 1 - membw exit status\n"
		  "  ---\n  note: \"the run failed; its error output says why\"\n  ...\n1..1\n");
	free(s);
	s = emit_all(&emit_ktap, &ok, 1, 0);
	REQUIRE(s != NULL);
	CHECK(strstr(s, "ok 1 - lat_pipe roundtrip\n") != NULL);
	CHECK(strstr(s, "\nnot ok 2 - membw exit status\n") != NULL);
	CHECK(strstr(s, "  ...\n1..2\n") != NULL);
	free(s);
	CHECK(emitter_find("ktap") == &emit_ktap);
}
