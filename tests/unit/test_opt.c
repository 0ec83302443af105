/* test_opt.c - declarative options: forms, defaults, validation, usage text
 *
 * SPDX-License-Identifier: MIT
 */
#include "minitest.h"
#include "opt.h"
#include "util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { O_SIZE, O_COUNT, O_RATIO, O_MODE, O_LABEL, O_VERBOSE, O_LONG, O_N };

static const struct opt_spec spec[] = {
	{ .name = "size", .letter = 's', .type = OPT_SIZE, .def = "64M", .min = 4096, .max = 1e12,
	  .help = "bytes per buffer" },
	{ .name = "count", .letter = 'n', .type = OPT_INT, .def = "10", .min = 1, .max = 100,
	  .help = "how many" },
	{ .name = "ratio", .letter = 'r', .type = OPT_DOUBLE, .def = "0.5", .max = 1,
	  .help = "a fraction" },
	{ .name = "mode", .letter = 'm', .type = OPT_CHOICE, .def = "rd", .choices = "rd|wr|copy|fill",
	  .help = "what to do" },
	{ .name = "label", .letter = 'l', .type = OPT_STR, .def = "x", .help = "a name" },
	{ .name = "verbose", .letter = 'v', .type = OPT_BOOL, .help = "say more" },
	{ .name = "long-only", .type = OPT_INT, .help = "no short form" },
	{ 0 }
};

struct parsed {
	int		npos;
	char		*pos[16];
	struct opt_val	v[O_N];
	char		err[256];
};

/* Parse a NULL-terminated list of words against spec. */
static int parse(struct parsed *p, ...)
{
	const struct opt_spec *tabs[1] = { spec };
	struct opt_val *vals[1] = { p->v };
	char *argv[16];
	int argc = 0;
	va_list ap;

	memset(p, 0, sizeof(*p));
	va_start(ap, p);
	while (argc < 15 && (argv[argc] = va_arg(ap, char *)))
		argc++;
	va_end(ap);
	p->npos = opt_parse(1, tabs, vals, argc, argv, p->pos, p->err, sizeof(p->err));
	return p->npos;
}

TEST(opt_defaults)
{
	struct parsed p;

	CHECK_EQ_INT(parse(&p, NULL), 0);
	CHECK_STR(p.err, "");
	CHECK(p.v[O_SIZE].has && !p.v[O_SIZE].set);
	CHECK_EQ_U64(p.v[O_SIZE].u, 64ull << 20);
	CHECK_STR(p.v[O_SIZE].s, "64M");
	CHECK_EQ_INT(p.v[O_COUNT].i, 10);
	CHECK_NEAR(p.v[O_COUNT].d, 10, 0);
	CHECK_NEAR(p.v[O_RATIO].d, 0.5, 0);
	CHECK_EQ_INT(p.v[O_MODE].i, 0);
	CHECK_STR(p.v[O_LABEL].s, "x");
	CHECK(!p.v[O_VERBOSE].has && !p.v[O_VERBOSE].set);
	CHECK_EQ_INT(p.v[O_VERBOSE].i, 0);
	CHECK(!p.v[O_LONG].has && !p.v[O_LONG].set);
	CHECK_EQ_U64(opt_count(spec), O_N);
	CHECK_EQ_INT(opt_index(spec, "mode"), O_MODE);
	CHECK_EQ_INT(opt_index(spec, "mod"), -1);
	CHECK_EQ_INT(opt_index(NULL, "mode"), -1);
}

TEST(opt_forms)
{
	struct parsed p;

	CHECK_EQ_INT(parse(&p, "--size=1M", "--count", "7", "-r0.25", "-m", "wr",
			   "-lname", "--long-only=-3", NULL), 0);
	CHECK_STR(p.err, "");
	CHECK(p.v[O_SIZE].set && p.v[O_SIZE].has);
	CHECK_EQ_U64(p.v[O_SIZE].u, 1 << 20);
	CHECK_STR(p.v[O_SIZE].s, "1M");
	CHECK(p.v[O_COUNT].set);
	CHECK_EQ_INT(p.v[O_COUNT].i, 7);
	CHECK_NEAR(p.v[O_RATIO].d, 0.25, 0);
	CHECK_EQ_INT(p.v[O_MODE].i, 1);
	CHECK_STR(p.v[O_LABEL].s, "name");
	CHECK(p.v[O_LONG].set);
	CHECK_EQ_INT(p.v[O_LONG].i, -3);
	CHECK(!p.v[O_VERBOSE].set);
	/* a value that looks like an option is still the value */
	CHECK_EQ_INT(parse(&p, "-l", "-v", "--label2", NULL), -1);
	CHECK_STR(p.err, "unknown option '--label2' (did you mean '--label'?)");
	CHECK_EQ_INT(parse(&p, "-l", "-v", NULL), 0);
	CHECK_STR(p.v[O_LABEL].s, "-v");
	CHECK(!p.v[O_VERBOSE].set);
	CHECK_EQ_INT(parse(&p, "--label=", NULL), 0);	/* empty, but given */
	CHECK(p.v[O_LABEL].set);
	CHECK_STR(p.v[O_LABEL].s, "");
}

TEST(opt_bool)
{
	struct parsed p;

	CHECK_EQ_INT(parse(&p, "--verbose", NULL), 0);
	CHECK(p.v[O_VERBOSE].set && p.v[O_VERBOSE].has);
	CHECK_EQ_INT(p.v[O_VERBOSE].i, 1);
	CHECK_EQ_INT(parse(&p, "-v", "word", NULL), 1);
	CHECK_EQ_INT(p.v[O_VERBOSE].i, 1);
	CHECK_STR(p.pos[0], "word");
	CHECK_EQ_INT(parse(&p, "--verbose=1", NULL), -1);
	CHECK_STR(p.err, "option --verbose takes no value");
	CHECK_EQ_INT(parse(&p, "-vx", NULL), -1);
	CHECK_STR(p.err, "option --verbose takes no value");
}

TEST(opt_choice)
{
	struct parsed p;

	CHECK_EQ_INT(parse(&p, "--mode=fill", NULL), 0);
	CHECK_EQ_INT(p.v[O_MODE].i, 3);
	CHECK_STR(p.v[O_MODE].s, "fill");
	CHECK_EQ_INT(parse(&p, "-mcopy", NULL), 0);
	CHECK_EQ_INT(p.v[O_MODE].i, 2);
	CHECK_EQ_INT(parse(&p, "--mode=xx", NULL), -1);
	CHECK_STR(p.err, "--mode: 'xx' is not one of rd|wr|copy|fill");
	CHECK_EQ_INT(parse(&p, "--mode=r", NULL), -1);	/* no prefix match */
	CHECK_EQ_INT(parse(&p, "--mode=rdx", NULL), -1);
	CHECK_EQ_INT(parse(&p, "--mode=", NULL), -1);
	CHECK_EQ_INT(parse(&p, "--mode=rd|wr", NULL), -1);
}

TEST(opt_range)
{
	struct parsed p;

	CHECK_EQ_INT(parse(&p, "--count=0", NULL), -1);
	CHECK_STR(p.err, "--count: 0 is out of range 1..100");
	CHECK_EQ_INT(parse(&p, "-n", "101", NULL), -1);
	CHECK(strstr(p.err, "--count") != NULL);
	CHECK_EQ_INT(parse(&p, "-n100", NULL), 0);	/* inclusive */
	CHECK_EQ_INT(parse(&p, "-n1", NULL), 0);
	CHECK_EQ_INT(parse(&p, "--ratio=1.5", NULL), -1);
	CHECK_STR(p.err, "--ratio: 1.5 is out of range 0..1");
	CHECK_EQ_INT(parse(&p, "--ratio=-0.1", NULL), -1);
	CHECK_EQ_INT(parse(&p, "--size=1k", NULL), -1);
	CHECK_STR(p.err, "--size: 1k is out of range 4K..976562500K");
	CHECK_EQ_INT(parse(&p, "--size=2T", NULL), -1);
	CHECK(strstr(p.err, "--size") != NULL);
	CHECK_EQ_INT(parse(&p, "--count=ten", NULL), -1);
	CHECK_STR(p.err, "--count: 'ten' is not an integer");
	CHECK_EQ_INT(parse(&p, "--ratio=half", NULL), -1);
	CHECK_STR(p.err, "--ratio: 'half' is not a number");
	CHECK_EQ_INT(parse(&p, "-s", "12Q", NULL), -1);
	CHECK_STR(p.err, "--size: '12Q' is not a size (e.g. 4096, 64k, 16M, 1G)");
	/* unchecked range (min == max == 0) takes anything */
	CHECK_EQ_INT(parse(&p, "--long-only=-99999", NULL), 0);
}

TEST(opt_errors)
{
	struct parsed p;

	CHECK_EQ_INT(parse(&p, "--nope", NULL), -1);
	CHECK_STR(p.err, "unknown option '--nope'");
	CHECK_EQ_INT(parse(&p, "--nope=3", NULL), -1);
	CHECK_STR(p.err, "unknown option '--nope'");
	CHECK_EQ_INT(parse(&p, "--siz=1M", NULL), -1);	/* no abbreviations */
	CHECK_STR(p.err, "unknown option '--siz' (did you mean '--size'?)");
	CHECK_EQ_INT(parse(&p, "-z", NULL), -1);
	CHECK_STR(p.err, "unknown option '-z'");
	CHECK_EQ_INT(parse(&p, "-n", "3", "--count=4", NULL), -1);
	CHECK_STR(p.err, "option --count given twice");
	CHECK_EQ_INT(parse(&p, "-v", "--verbose", NULL), -1);
	CHECK_STR(p.err, "option --verbose given twice");
	CHECK_EQ_INT(parse(&p, "--count", NULL), -1);
	CHECK_STR(p.err, "option --count needs a value");
	CHECK_EQ_INT(parse(&p, "word", "-s", NULL), -1);
	CHECK_STR(p.err, "option --size needs a value");
}

TEST(opt_positional)
{
	struct parsed p;

	CHECK_EQ_INT(parse(&p, "x", "-n", "3", "y", "-", "z", NULL), 4);
	CHECK_STR(p.pos[0], "x");
	CHECK_STR(p.pos[1], "y");
	CHECK_STR(p.pos[2], "-");
	CHECK_STR(p.pos[3], "z");
	CHECK_EQ_INT(p.v[O_COUNT].i, 3);

	CHECK_EQ_INT(parse(&p, "a", "--", "-n", "5", "--", NULL), 4);
	CHECK_STR(p.pos[0], "a");
	CHECK_STR(p.pos[1], "-n");
	CHECK_STR(p.pos[2], "5");
	CHECK_STR(p.pos[3], "--");
	CHECK(!p.v[O_COUNT].set);
	CHECK_EQ_INT(p.v[O_COUNT].i, 10);
}

TEST(opt_size_suffix)
{
	struct parsed p;

	CHECK_EQ_INT(parse(&p, "-s", "2G", NULL), 0);
	CHECK_EQ_U64(p.v[O_SIZE].u, 2ull << 30);
	CHECK_NEAR(p.v[O_SIZE].d, 2147483648.0, 0);
	CHECK_EQ_INT(parse(&p, "-s1.5K", NULL), -1);	/* 1536 < 4096 */
	CHECK_EQ_INT(parse(&p, "--size=6.5k", NULL), 0);
	CHECK_EQ_U64(p.v[O_SIZE].u, 6656);
	CHECK_EQ_INT(parse(&p, "--size=64KiB", NULL), 0);
	CHECK_EQ_U64(p.v[O_SIZE].u, 65536);
}

TEST(opt_multiple_tables)
{
	static const struct opt_spec glob[] = {
		{ .name = "help", .letter = 'h', .type = OPT_BOOL, .help = "help" },
		{ .name = "reps", .type = OPT_INT, .def = "5", .min = 1, .max = 1001,
		  .help = "samples" },
		{ 0 }
	};
	const struct opt_spec *tabs[2] = { glob, spec };
	struct opt_val gv[2], av[O_N], *vals[2] = { gv, av };
	char *argv[] = { "--reps=3", "-n", "2", "pos", "-h" }, *pos[5], err[128];

	CHECK_EQ_INT(opt_parse(2, tabs, vals, 5, argv, pos, err, sizeof(err)), 1);
	CHECK_EQ_INT(gv[1].i, 3);
	CHECK_EQ_INT(gv[0].i, 1);
	CHECK_EQ_INT(av[O_COUNT].i, 2);
	CHECK_EQ_U64(av[O_SIZE].u, 64ull << 20);	/* defaults in both tables */
	CHECK_STR(pos[0], "pos");
}

/* opt_words: what benchbox's own words skip of the global options */
TEST(opt_words)
{
	static const struct opt_spec glob[] = {
		{ .name = "help", .letter = 'h', .type = OPT_BOOL, .help = "help" },
		{ .name = "output", .letter = 'o', .type = OPT_STR, .help = "file" },
		{ 0 }
	};
	const struct opt_spec *tabs[1] = { glob };
	char *argv[] = { "-h", "--help", "-o", "f", "-of", "--output=f", "--output", "f",
			 "--outpt", "-x", "stream", "-", "--", "--output" };

	CHECK_EQ_INT(opt_words(1, tabs, 14, argv, 0), 1);	/* a bool */
	CHECK_EQ_INT(opt_words(1, tabs, 14, argv, 1), 1);
	CHECK_EQ_INT(opt_words(1, tabs, 14, argv, 2), 2);	/* -o FILE */
	CHECK_EQ_INT(opt_words(1, tabs, 14, argv, 4), 1);	/* -oFILE */
	CHECK_EQ_INT(opt_words(1, tabs, 14, argv, 5), 1);	/* --output=FILE */
	CHECK_EQ_INT(opt_words(1, tabs, 14, argv, 6), 2);
	CHECK_EQ_INT(opt_words(1, tabs, 14, argv, 8), 0);	/* none of theirs */
	CHECK_EQ_INT(opt_words(1, tabs, 14, argv, 9), 0);
	CHECK_EQ_INT(opt_words(1, tabs, 14, argv, 10), 0);	/* a word */
	CHECK_EQ_INT(opt_words(1, tabs, 14, argv, 11), 0);
	CHECK_EQ_INT(opt_words(1, tabs, 14, argv, 12), 0);
	CHECK_EQ_INT(opt_words(1, tabs, 14, argv, 13), 0);	/* its value missing */
}

TEST(opt_bad_default)
{
	static const struct opt_spec bad[] = {
		{ .name = "size", .letter = 's', .type = OPT_SIZE, .def = "12Q",
		  .help = "broken default" },
		{ 0 }
	};
	const struct opt_spec *tabs[1] = { bad };
	struct opt_val v[1], *vals[1] = { v };
	char *pos[1], err[128] = "";

	CHECK_EQ_INT(opt_parse(1, tabs, vals, 0, NULL, pos, err, sizeof(err)), -1);
	CHECK(strstr(err, "--size") != NULL);
}

TEST(opt_usage_text)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	REQUIRE(f != NULL);
	opt_usage(f, spec);
	fclose(f);
	CHECK(strstr(buf, "  -s, --size=SIZE") == buf);
	CHECK(strstr(buf, "bytes per buffer [64M]\n") != NULL);
	CHECK(strstr(buf, "--verbose=") == NULL);	/* booleans take no value */
	CHECK_STR(buf,
		"  -s, --size=SIZE           bytes per buffer [64M]\n"
		"  -n, --count=N             how many [10]\n"
		"  -r, --ratio=X             a fraction [0.5]\n"
		"  -m, --mode=rd|wr|copy|fill\n"
		"                            what to do [rd]\n"
		"  -l, --label=STR           a name [x]\n"
		"  -v, --verbose             say more\n"
		"      --long-only=N         no short form\n");
	free(buf);
}

TEST(opt_dash1)
{
	static const struct opt_spec ossl[] = {
		{ .name = "elapsed", .type = OPT_BOOL,
		  .help = "wall clock", .flags = OPT_DASH1 },
		{ .name = "seconds", .type = OPT_INT, .def = "3", .min = 1, .max = 100,
		  .help = "per test", .flags = OPT_DASH1 },
		{ .name = "size", .letter = 's', .type = OPT_SIZE, .help = "bytes" },
		{ 0 }
	};
	const struct opt_spec *tabs[1] = { ossl };
	struct opt_val v[3];
	struct opt_val *vals[1] = { v };
	char *pos[8], err[128] = "";
	char *a1[] = { "-elapsed", "-seconds", "7", "-s4k", "x" };
	char *a2[] = { "-sizes" };	/* no DASH1 option called "sizes": -s with "izes" */
	char *a3[] = { "-elapse" };
	FILE *f;
	char *buf = NULL;
	size_t len = 0;

	CHECK_EQ_INT(opt_parse(1, tabs, vals, 5, a1, pos, err, sizeof(err)), 1);
	CHECK(v[0].set && v[0].i == 1);
	CHECK_EQ_INT(v[1].i, 7);
	CHECK_EQ_U64(v[2].u, 4096);
	CHECK_STR(pos[0], "x");
	CHECK_EQ_INT(opt_parse(1, tabs, vals, 1, a2, pos, err, sizeof(err)), -1);
	CHECK(strstr(err, "--size") != NULL);
	CHECK_EQ_INT(opt_parse(1, tabs, vals, 1, a3, pos, err, sizeof(err)), -1);
	CHECK_STR(err, "unknown option '-e'");
	f = open_memstream(&buf, &len);
	REQUIRE(f != NULL);
	opt_usage(f, ossl);
	fclose(f);
	CHECK(buf && strstr(buf, "  -elapsed, --elapsed") != NULL);
	free(buf);
}

TEST(opt_repeat)
{
	static const struct opt_spec tab[] = {
		{ .name = "module", .type = OPT_STR,
		  .help = "repeatable", .flags = OPT_REPEAT },
		{ .name = "label", .letter = 'l', .type = OPT_STR, .help = "once" },
		{ 0 }
	};
	const struct opt_spec *tabs[1] = { tab };
	struct opt_val v[2], *vals[1] = { v };
	char *pos[8], err[128] = "";
	char *a1[] = { "--module", "a.ko", "x", "--module=b.ko", "-lq", "--module", "c.ko" };
	char *a2[] = { "-la", "--label", "b" };
	char *a3[] = { "-lq" };

	CHECK_EQ_INT(opt_parse(1, tabs, vals, 7, a1, pos, err, sizeof(err)), 1);
	REQUIRE(v[0].count == 3 && v[0].list != NULL);
	CHECK_STR(v[0].list[0], "a.ko");
	CHECK_STR(v[0].list[1], "b.ko");
	CHECK_STR(v[0].list[2], "c.ko");
	CHECK_STR(v[0].s, "c.ko");	/* the last, as for any option */
	CHECK(v[1].list == NULL && v[1].count == 0);	/* not OPT_REPEAT: no list */
	free(v[0].list);
	/* without the flag, a second one is still an error */
	CHECK_EQ_INT(opt_parse(1, tabs, vals, 3, a2, pos, err, sizeof(err)), -1);
	CHECK(strstr(err, "--label given twice") != NULL);
	/* not given: no list */
	CHECK_EQ_INT(opt_parse(1, tabs, vals, 1, a3, pos, err, sizeof(err)), 0);
	CHECK(v[0].list == NULL && v[0].count == 0 && !v[0].set);
}
