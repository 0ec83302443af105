/* run_rows.c - a child's CSV records back into results
 *
 * SPDX-License-Identifier: MIT
 *
 * Each test of a suite runs with --format=csv on a pipe; its records are
 * read back here, field for field, into struct result, so the suite's own
 * emit sink prints them in whatever format the suite was given. The note
 * column starts with the flag names emit.c writes ("short,noisy: text");
 * they are found by asking result_note() for each bit's name, so the two
 * directions cannot drift apart.
 */
#include "run.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int csv_next(char **p, char **fields, int max)
{
	char *s = *p, *w, *next, end;
	int n = 0;

	if (!*s)
		return 0;
	for (;;) {
		w = s;
		if (n < max)
			fields[n] = w;
		n++;
		if (*s == '"') {
			for (s++; *s; ) {
				if (*s == '"' && s[1] != '"') {
					s++;
					break;
				}
				if (*s == '"')
					s++;
				*w++ = *s++;
			}
		}
		while (*s && *s != ',' && *s != '\n' && *s != '\r')
			*w++ = *s++;
		end = *s;
		next = end ? s + 1 : s;
		if (end == '\r' && *next == '\n')
			next++;
		*w = '\0';
		s = next;
		if (end != ',')
			break;
	}
	*p = s;
	return n < max ? n : max;
}

static double num_or_nan(const char *s)
{
	double v;

	return *s && parse_double(s, &v) == 0 ? v : NAN;
}

enum { F_APPLET, F_TEST, F_KERNEL, F_PARAMS, F_VALUE, F_MIN, F_MAX, F_UNIT, F_BETTER,
       F_ITERS, F_SAMPLES, F_NOTE, F_METRIC, F_COUNT };

int csv_result(char **f, int n, struct result *r)
{
	int64_t better = 0, i;
	double v;

	if (n < F_NOTE + 1 || !*f[F_APPLET] || !strcmp(f[F_APPLET], "applet"))
		return -1;
	memset(r, 0, sizeof(*r));
	r->applet = f[F_APPLET];
	r->test = f[F_TEST];
	r->kernel = f[F_KERNEL];
	r->params = f[F_PARAMS];
	if (*f[F_VALUE] && parse_double(f[F_VALUE], &v))
		r->text = f[F_VALUE];
	r->value = r->text ? NAN : num_or_nan(f[F_VALUE]);
	r->min = num_or_nan(f[F_MIN]);
	r->max = num_or_nan(f[F_MAX]);
	r->unit = f[F_UNIT];
	if (parse_int(f[F_BETTER], &better) == 0 && better >= -1 && better <= 1)
		r->better = (int)better;
	if (parse_int(f[F_ITERS], &i) == 0 && i >= 0)
		r->iters = (uint64_t)i;
	if (parse_int(f[F_SAMPLES], &i) == 0 && i >= 0 && i <= UINT32_MAX)
		r->samples = (unsigned)i;
	r->note = note_flags(f[F_NOTE], &r->flags);
	r->metric = n > F_METRIC && *f[F_METRIC] ? f[F_METRIC] : NULL;
	return 0;
}
