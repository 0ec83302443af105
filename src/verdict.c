/* verdict.c - a measured value beside a published reference (see verdict.h)
 *
 * SPDX-License-Identifier: MIT
 */
#include "verdict.h"
#include "refdata.h"
#include "util.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

static const char *const names[V_COUNT] = {
	"PASS", "WARN", "FAIL", "FAST", "NO-REF", "INVALID",
};

const char *verdict_name(enum verdict v)
{
	return v < V_COUNT ? names[v] : "?";
}

const char *verdict_colour(enum verdict v)
{
	static const char *const colour[V_COUNT] = {
		"\033[32m", "\033[33m", "\033[31m", "\033[35m", "", "",
	};

	return (unsigned)v < V_COUNT ? colour[v] : "";
}

int verdict_colour_ok(FILE *f)
{
	const char *no = getenv("NO_COLOR");

	return isatty(fileno(f)) && (!no || !*no);
}

void verdict_judge(const struct verdict_in *in, const struct verdict_ref *ref,
		   struct verdict_out *out)
{
	double m = ref->mean, pmin = ref->min, pmax = ref->max, t, v = in->value;
	int spread = !isnan(pmin) && !isnan(pmax) && pmax >= pmin;
	int worse, inside;

	memset(out, 0, sizeof(*out));
	out->why = "";
	if (!ref->have) {
		out->v = V_NOREF;
		return;
	}
	if (in->invalid || !in->better || !isfinite(v)) {
		out->v = V_INVALID;
		out->why = in->invalid ? "the result is flagged" : "not comparable";
		return;
	}
	/* a time or cost at or below zero is not a measurement: an overhead
	 * subtracted (lat_ctx) was larger than what it measured */
	if (in->better < 0 && v <= 0) {
		out->v = V_INVALID;
		out->why = "not above zero: below what the method resolves";
		return;
	}
	if (ref->expect) {
		out->lo = ref->lo;
		out->hi = ref->hi;
		out->delta = isfinite(m) && m != 0 ? (v - m) / m : 0;
		if (v >= ref->lo && v <= ref->hi) {
			out->v = V_PASS;
			return;
		}
		worse = in->better > 0 ? v < ref->lo : v > ref->hi;
		out->v = worse ? V_FAIL : V_FAST;
		return;
	}
	if (!isfinite(m) || m <= 0) {
		out->v = V_NOREF;
		return;
	}
	t = spread ? (pmax - pmin) / 2 / m : 0;
	if (t < 0.10)
		t = 0.10;
	out->lo = m * (1 - t);
	out->hi = m * (1 + t);
	if (spread && pmin < out->lo)
		out->lo = pmin;
	if (spread && pmax > out->hi)
		out->hi = pmax;
	out->delta = (v - m) / m;
	inside = spread ? v >= pmin && v <= pmax : fabs(out->delta) <= 0.01;
	if (inside) {
		out->v = V_PASS;
	} else if (v >= out->lo && v <= out->hi) {
		out->v = V_WARN;
		out->why = "within tolerance, outside the published range";
	} else {
		worse = in->better > 0 ? v < out->lo : v > out->hi;
		out->v = worse ? V_FAIL : V_FAST;
	}
	if (ref->low_confidence && (out->v == V_FAIL || out->v == V_FAST)) {
		out->why = out->v == V_FAIL ? "below a low-confidence reference"
					    : "above a low-confidence reference";
		out->v = V_WARN;
	}
}

static const char BOM[] = "\xef\xbb\xbf";
#define BAD_LINE "expected 'METRIC MIN MAX' with MIN <= MAX (decimal numbers), or " \
		 "'NAME.ATTR VALUE' (a wiring finding's attribute)"
#define PIN_CHARS "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._+/-"

/* The next field of line[0..len) from *pos into buf (size bytes); its
 * length, 0 at the end of the line, or -1 when it does not fit. */
static int field(const char *line, size_t len, size_t *pos, char *buf, size_t size)
{
	size_t i = *pos, n;

	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	for (n = 0; i + n < len && line[i + n] != ' ' && line[i + n] != '\t'; n++)
		;
	*pos = i + n;
	if (n >= size)
		return -1;
	memcpy(buf, line + i, n);
	buf[n] = 0;
	return (int)n;
}

int verdict_expect_parse(const char *text, size_t len, struct verdict_expect **out,
			 char *err, size_t errlen)
{
	struct verdict_expect *e = NULL, *grown;
	const char *p, *nul = memchr(text, 0, len);
	size_t off = len >= 3 && !memcmp(text, BOM, 3) ? 3 : 0;
	int n = 0, cap = 0, line = 0;

	*out = NULL;
	if (nul) {
		snprintf(err, errlen, "a NUL byte at offset %zu", (size_t)(nul - text));
		return -1;
	}
	while (off < len) {
		const char *nl = memchr(text + off, '\n', len - off);
		size_t ll = nl ? (size_t)(nl - text) - off : len - off, pos = 0, i;
		char metric[sizeof(e->metric)], lo[64], hi[64], extra[2];
		const char *why = NULL;
		int k, k2, k3 = -1;

		p = text + off;
		off += ll + (nl ? 1 : 0);
		line++;
		if (ll && p[ll - 1] == '\r')
			ll--;
		for (i = 0; i < ll && p[i] != '#'; i++) {
			unsigned char c = (unsigned char)p[i];

			if (i + 3 <= ll && !memcmp(p + i, BOM, 3))
				why = "a byte order mark (BOM), allowed only at the start of the file";
			else if ((c < 0x20 && c != '\t') || c == 0x7f)
				why = "a control character";
			if (why)
				break;
		}
		ll = i;		/* the comment is gone */
		if (!why && (k = field(p, ll, &pos, metric, sizeof(metric))) < 0)
			why = "metric name longer than 95 characters";
		if (why) {
			snprintf(err, errlen, "line %d: %s", line, why);
			goto bad;
		}
		if (!k)
			continue;	/* blank or comment */
		if (n == cap) {
			cap = cap ? cap * 2 : 16;
			if (!(grown = realloc(e, (size_t)cap * sizeof(*e)))) {
				snprintf(err, errlen, "out of memory");
				goto bad;
			}
			e = grown;
		}
		k2 = field(p, ll, &pos, lo, sizeof(lo));
		if (k2 > 0)
			k3 = field(p, ll, &pos, hi, sizeof(hi));
		if (k2 > 0 && k3 == 0) {	/* NAME.ATTR VALUE: a pin */
			const char *dot = strrchr(metric, '.');

			if (!dot || dot == metric || !dot[1] || (size_t)k2 >= sizeof(e[n].value) ||
			    strspn(lo, PIN_CHARS) != (size_t)k2)
				goto malformed;
			memcpy(e[n].value, lo, (size_t)k2 + 1);
			e[n].lo = e[n].hi = 0;
		} else if (k2 <= 0 || k3 <= 0 || field(p, ll, &pos, extra, sizeof(extra)) != 0 ||
			   parse_double(lo, &e[n].lo) || parse_double(hi, &e[n].hi) ||
			   e[n].lo > e[n].hi) {
			goto malformed;
		} else {
			e[n].value[0] = 0;	/* METRIC MIN MAX: a band */
		}
		memcpy(e[n].metric, metric, (size_t)k + 1);
		e[n].line = line;
		e[n].used = 0;
		n++;
	}
	*out = e;
	return n;
malformed:
	snprintf(err, errlen, "line %d: " BAD_LINE, line);
bad:
	free(e);
	return -1;
}

int verdict_expect_load(const char *path, struct verdict_expect **out)
{
	char err[160], *text;
	size_t len = 0;
	int n;

	*out = NULL;
	text = read_whole(path, (1 << 20) - 1, &len);
	if (!text && errno == EFBIG) {
		errorf("--expect: %s: 1 MiB or more, not a list of bands", path);
		return -1;
	}
	if (!text) {
		errorf("--expect: %s: %s", path, strerror(errno));
		return -1;
	}
	n = verdict_expect_parse(text, len, out, err, sizeof(err));
	if (n < 0)
		errorf("--expect: %s: %s", path, err);
	free(text);
	return n;
}

const struct verdict_expect *verdict_expect_find(struct verdict_expect *e, int n,
						 const char *metric)
{
	const struct verdict_expect *found = NULL;
	int i;

	for (i = n - 1; i >= 0; i--)	/* a later line overrides an earlier one */
		if (!e[i].value[0] && !strcmp(e[i].metric, metric)) {
			if (!found)
				found = &e[i];
			e[i].used = 1;
		}
	return found;
}

/* Whether any reference row is for metric: "aes-128-cbc-16384" is also
 * metric "aes-128-cbc" at size "16384", as compare looks it up. */
static int ref_has_metric(const char *metric)
{
	const struct ref_row *r;
	size_t n;

	for (r = ref_next(NULL, NULL); r; r = ref_next(NULL, r)) {
		n = strlen(r->metric);
		if (!strcmp(r->metric, metric) ||
		    (*r->param && !strncmp(r->metric, metric, n) && metric[n] == '-' &&
		     !strcmp(metric + n + 1, r->param)))
			return 1;
	}
	return 0;
}

int verdict_expect_warn_unused(const char *path, const struct verdict_expect *e, int n)
{
	int i, bad = 0;

	for (i = 0; i < n; i++)
		if (!e[i].value[0] && !e[i].used && !ref_has_metric(e[i].metric)) {
			warnf("--expect: %s: line %d: no result and no reference row has metric '%s'",
			      path, e[i].line, e[i].metric);
			bad++;
		}
	return bad;
}

/* The leading decimal number of s (digits, at most one '.', a sign) */
static int pin_number(const char *s, double *v)
{
	char num[40];
	size_t n = strspn(s, "+-0123456789.");

	if (!n || n >= sizeof(num))
		return -1;
	memcpy(num, s, n);
	num[n] = 0;
	return parse_double(num, v);
}

int verdict_pin_holds(const char *want, const char *have)
{
	double w, h;

	if (!pin_number(want, &w) && !pin_number(have, &h))
		return fabs(w - h) <= 1e-6 * fmax(fabs(w), fabs(h));
	return !strcasecmp(want, have);
}
