/* opt.c - fuzzes the option parser (src/opt.c): opt_parse() over a command
 * line and opt_parse_value() for each option type
 *
 * SPDX-License-Identifier: MIT
 *
 * The input's lines are the words of a command line, parsed against the
 * global options (applet.c) and a table with one option of each type, the
 * way every applet's are; the first line is also given to
 * opt_parse_value() for each of those options. Invariants: failure comes
 * with a message; success gives 0..argc positional words, each one of the
 * words given; every option with a value holds one of its type within
 * its range (OPT_INT and OPT_SIZE in min..max, OPT_DOUBLE finite and in
 * min..max, OPT_CHOICE an index into its choices), and its text.
 */
#include "fuzz.h"
#include "opt.h"

#include <math.h>

static const struct opt_spec own[] = {
	{ .name = "count", .letter = 'n', .type = OPT_INT, .def = "3", .min = 1, .max = 1000,
	  .help = "an integer in a range" },
	{ .name = "offset", .type = OPT_INT, .help = "any integer" },
	{ .name = "size", .letter = 's', .type = OPT_SIZE, .def = "64m", .min = 512, .max = 1ull << 40,
	  .help = "a size in a range" },
	{ .name = "time", .letter = 't', .type = OPT_DOUBLE, .def = "0.5", .min = 0.001, .max = 3600,
	  .help = "a duration in seconds" },
	{ .name = "ratio", .type = OPT_DOUBLE, .help = "any number" },
	{ .name = "op", .type = OPT_CHOICE, .def = "rd", .choices = "rd|wr|copy|fill",
	  .help = "one of four" },
	{ .name = "name", .type = OPT_STR, .help = "a word" },
	{ .name = "elapsed", .type = OPT_BOOL, .help = "openssl style", .flags = OPT_DASH1 },
	{ 0 }
};

static int in_range(const struct opt_spec *s, double v)
{
	return (s->min == 0 && s->max == 0) || (v >= s->min && v <= s->max);
}

static void check_val(const struct opt_spec *s, const struct opt_val *v)
{
	size_t nchoices;

	if (!v->has)
		return;
	FUZZ_CHECK(v->s, "--%s has a value but no text", s->name);
	switch (s->type) {
	case OPT_INT:
		FUZZ_CHECK(in_range(s, (double)v->i), "--%s=%s: %lld", s->name, v->s,
			   (long long)v->i);
		break;
	case OPT_SIZE:
		FUZZ_CHECK(in_range(s, (double)v->u), "--%s=%s: %llu", s->name, v->s,
			   (unsigned long long)v->u);
		break;
	case OPT_DOUBLE:
		FUZZ_CHECK(isfinite(v->d) && in_range(s, v->d), "--%s=%s: %g", s->name, v->s, v->d);
		break;
	case OPT_CHOICE:
		nchoices = 1;
		for (const char *c = s->choices; *c; c++)
			nchoices += *c == '|';
		FUZZ_CHECK(v->i >= 0 && (size_t)v->i < nchoices, "--%s=%s: choice %lld", s->name,
			   v->s, (long long)v->i);
		break;
	case OPT_BOOL:
		FUZZ_CHECK(v->i == 0 || v->i == 1, "--%s: %lld", s->name, (long long)v->i);
		break;
	default:
		break;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct opt_spec *const tabs[2] = { global_opts, own };
	struct opt_val gv[16], ov[ARRAY_LEN(own)], one, *vals[2] = { gv, ov };
	char *text = fuzz_str(data, size), *argv[64], *pos[64], err[256], *p;
	int argc = 0, n, i, k;

	FUZZ_CHECK(opt_count(global_opts) <= ARRAY_LEN(gv), "global_opts grew");
	for (p = text; argc < 63; argc++) {
		argv[argc] = p;
		if (!(p = strchr(p, '\n')))
			break;
		*p++ = '\0';
	}
	argc += argc < 63;
	argv[argc] = NULL;
	for (k = 0; own[k].name; k++) {
		memset(&one, 0, sizeof(one));
		err[0] = '\0';
		if (opt_parse_value(&own[k], argv[0], &one, err, sizeof(err)))
			FUZZ_CHECK(err[0], "--%s='%s' refused without a message", own[k].name, argv[0]);
		else
			check_val(&own[k], &one);
	}
	memset(gv, 0, sizeof(gv));
	memset(ov, 0, sizeof(ov));
	err[0] = '\0';
	n = opt_parse(2, tabs, vals, argc, argv, pos, err, sizeof(err));
	if (n < 0) {
		FUZZ_CHECK(n == -1 && err[0], "returned %d, message '%s'", n, err);
	} else {
		FUZZ_CHECK(n <= argc, "%d positional words of %d", n, argc);
		for (i = 0; i < n; i++) {
			for (k = 0; k < argc && pos[i] != argv[k]; k++)
				;
			FUZZ_CHECK(k < argc, "positional word %d is not one given", i);
		}
		for (k = 0; global_opts[k].name; k++)
			check_val(&global_opts[k], &gv[k]);
		for (k = 0; own[k].name; k++)
			check_val(&own[k], &ov[k]);
	}
	free(text);
	return 0;
}
