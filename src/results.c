/* results.c - a benchbox JSON results file read back (see results.h)
 *
 * SPDX-License-Identifier: MIT
 */
#include "results.h"
#include "util.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* 2^53: every whole number up to it is exact in a double */
#define WHOLE_MAX 9007199254740992.0

/* An optional string member: "" when absent; -1 when not a string. */
static int opt_str(const struct json *o, const char *key, const char **out)
{
	const struct json *v = json_get(o, key);

	*out = "";
	if (!v)
		return 0;
	if (v->type != JSON_STR)
		return -1;
	*out = v->str;
	return 0;
}

/* An optional number member (null allowed): NaN when absent or null. */
static int opt_num(const struct json *o, const char *key, double *out)
{
	const struct json *v = json_get(o, key);

	*out = NAN;
	if (!v || v->type == JSON_NULL)
		return 0;
	if (v->type != JSON_NUM || !isfinite(v->num))
		return -1;
	*out = v->num;
	return 0;
}

/* An optional whole number in [lo, hi]: 0 when absent. */
static int opt_whole(const struct json *o, const char *key, double lo, double hi, double *out)
{
	const struct json *v = json_get(o, key);

	*out = 0;
	if (!v)
		return 0;
	if (v->type != JSON_NUM || !(v->num >= lo && v->num <= hi) || v->num != floor(v->num))
		return -1;
	*out = v->num;
	return 0;
}

/* The first numeric member of a record that breaks the rules, with why;
 * NULL when they are all right (and r has them). */
static const char *numbers(const struct json *o, struct results_rec *r, const char **why)
{
	const struct json *v = json_get(o, "value");
	double better = 0, iters = 0, samples = 0;
	const char *bad = NULL;

	if (v && v->type == JSON_STR)
		r->text = v->str;
	else if (v && v->type != JSON_NUM && v->type != JSON_NULL)
		bad = "value", *why = "is not a number, a string or null";
	else if (opt_num(o, "value", &r->value))
		bad = "value", *why = "is out of range";
	if (bad)
		return bad;
	if (opt_num(o, "min", &r->min))
		bad = "min", *why = "is not a finite number or null";
	else if (opt_num(o, "max", &r->max))
		bad = "max", *why = "is not a finite number or null";
	else if (opt_whole(o, "better", -1, 1, &better))
		bad = "better", *why = "is not -1, 0 or 1";
	else if (opt_whole(o, "iters", 0, WHOLE_MAX, &iters))
		bad = "iters", *why = "is not a whole number from 0 to 9007199254740992";
	else if (opt_whole(o, "samples", 0, 4294967295.0, &samples))
		bad = "samples", *why = "is not a whole number from 0 to 4294967295";
	r->better = (int)better;
	r->iters = (uint64_t)iters;
	r->samples = (unsigned)samples;
	return bad;
}

/* "line L, column C: " of a value of the file, for a message. */
static const char *where(const char *text, const struct json *v, char *buf, size_t n)
{
	unsigned long line, col;

	json_line_col(text, v->off, &line, &col);
	snprintf(buf, n, "line %lu, column %lu: ", line, col);
	return buf;
}

/* Record i; -1 with err "line L, column C: results[I]..." pointing at the
 * record, or at the member that is wrong. */
static int record(const char *text, const struct json *o, size_t i, struct results_rec *r,
		  char *err, size_t errlen)
{
	static const char *const strs[] = { "kernel", "params", "unit", "note", "metric" };
	const char **dst[] = { &r->kernel, &r->params, &r->unit, &r->note, &r->metric };
	const char *bad = NULL, *why = "is not a string";
	const struct json *at = o;
	char pos[64];
	size_t k;

	if (o->type != JSON_OBJ) {
		snprintf(err, errlen, "%sresults[%zu] is not an object (a result record)",
			 where(text, o, pos, sizeof(pos)), i);
		return -1;
	}
	memset(r, 0, sizeof(*r));
	r->value = r->min = r->max = NAN;
	if (!(r->applet = json_get_str(o, "applet")))
		bad = "applet";
	else if (!(r->test = json_get_str(o, "test")))
		bad = "test";
	if (bad && !json_get(o, bad))
		why = "is missing";
	for (k = 0; k < ARRAY_LEN(strs) && !bad; k++)
		if (opt_str(o, strs[k], dst[k]))
			bad = strs[k];
	if (!bad)
		bad = numbers(o, r, &why);
	if (bad) {
		if (json_get(o, bad))
			at = json_get(o, bad);
		snprintf(err, errlen, "%sresults[%zu]: \"%s\" %s", where(text, at, pos, sizeof(pos)),
			 i, bad, why);
		return -1;
	}
	return 0;
}

int results_parse(const char *text, size_t len, struct results_file *f, char *err, size_t errlen)
{
	const struct json *res, *ctx;
	char jerr[160];

	memset(f, 0, sizeof(*f));
	if (!len) {
		snprintf(err, errlen, "an empty file");
		return -1;
	}
	if (memchr(text, 0, len)) {
		snprintf(err, errlen, "a NUL byte at offset %zu",
			 (size_t)((const char *)memchr(text, 0, len) - text));
		return -1;
	}
	if (!(f->doc = json_parse(text, len, jerr, sizeof(jerr)))) {
		if (errno == ENOMEM)
			snprintf(err, errlen, "out of memory reading it");
		else
			snprintf(err, errlen, "not JSON: %s", jerr);
		return -1;
	}
	res = json_get(f->doc, "results");
	ctx = json_get(f->doc, "context");
	if (json_get_num(f->doc, "schema_version", 0) != 1 || !res || res->type != JSON_ARR ||
	    (ctx && ctx->type != JSON_OBJ)) {
		snprintf(err, errlen, "not a benchbox result file (schema_version 1, a \"context\" "
			 "object and a \"results\" array)");
		goto bad;
	}
	f->context = ctx;
	f->recs = calloc(res->n + 1, sizeof(*f->recs));
	if (!f->recs) {
		snprintf(err, errlen, "out of memory reading it");
		goto bad;
	}
	for (f->n = 0; f->n < res->n; f->n++)
		if (record(text, &res->items[f->n], f->n, &f->recs[f->n], err, errlen))
			goto bad;
	return 0;
bad:
	results_free(f);
	return -1;
}

int results_load(const char *path, struct results_file *f)
{
	char err[256], *text;
	size_t len = 0;

	memset(f, 0, sizeof(*f));
	if (!(text = read_whole(path, (size_t)1 << 30, &len))) {
		errorf("%s: %s", path, errno == EFBIG ? "over 1 GiB, not a results file"
						      : strerror(errno));
		return -1;
	}
	if (results_parse(text, len, f, err, sizeof(err))) {
		errorf("%s: %s", path, err);
		free(text);
		return -1;
	}
	free(text);
	return 0;
}

void results_free(struct results_file *f)
{
	json_free(f->doc);
	free(f->recs);
	memset(f, 0, sizeof(*f));
}

void results_rec_result(const struct results_rec *x, struct result *r)
{
	memset(r, 0, sizeof(*r));
	r->applet = x->applet;
	r->test = x->test;
	r->kernel = x->kernel;
	r->params = x->params;
	r->unit = x->unit;
	r->better = x->better;
	r->value = x->value;
	r->min = x->min;
	r->max = x->max;
	r->text = x->text;
	r->samples = x->samples;
	r->iters = x->iters;
	r->note = x->note;
	r->metric = *x->metric ? x->metric : NULL;
}

const struct results_rec *results_find(const struct results_file *f, const char *applet,
				       const char *test, const char *kernel,
				       const char *params)
{
	size_t i;

	for (i = 0; i < f->n; i++) {
		const struct results_rec *x = &f->recs[i];

		if (!strcmp(x->applet, applet) && !strcmp(x->test, test) &&
		    (!kernel || !strcmp(x->kernel, kernel)) &&
		    (!params || !strcmp(x->params, params)))
			return x;
	}
	return NULL;
}

const char *results_board(const struct results_file *f)
{
	const struct results_rec *x = results_find(f, "run", "board", NULL, NULL);

	return x ? x->text : NULL;
}
