/* verdict.c - a measured value beside a published reference (see verdict.h)
 *
 * SPDX-License-Identifier: MIT
 */
#include "verdict.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const names[V_COUNT] = {
	"PASS", "WARN", "FAIL", "FAST", "NO-REF", "INVALID",
};

const char *verdict_name(enum verdict v)
{
	return v < V_COUNT ? names[v] : "?";
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

int verdict_expect_parse(const char *text, struct verdict_expect **out,
			 char *err, unsigned errlen)
{
	struct verdict_expect *e = NULL;
	int n = 0, cap = 0, line = 0;
	const char *p = text;

	*out = NULL;
	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		char buf[512], metric[96], lo[64], hi[64], extra[2];
		int k;

		line++;
		if (len >= sizeof(buf)) {
			snprintf(err, errlen, "line %d: too long", line);
			free(e);
			return -1;
		}
		memcpy(buf, p, len);
		buf[len] = 0;
		p += len + (nl ? 1 : 0);
		if (strchr(buf, '#'))
			*strchr(buf, '#') = 0;
		k = sscanf(buf, "%95s %63s %63s %1s", metric, lo, hi, extra);
		if (k <= 0)
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 16;
			e = realloc(e, (size_t)cap * sizeof(*e));
			if (!e) {
				snprintf(err, errlen, "out of memory");
				return -1;
			}
		}
		if (k != 3 || parse_double(lo, &e[n].lo) || parse_double(hi, &e[n].hi) ||
		    e[n].lo > e[n].hi) {
			snprintf(err, errlen, "line %d: expected 'METRIC MIN MAX' with MIN <= MAX",
				 line);
			free(e);
			return -1;
		}
		snprintf(e[n].metric, sizeof(e[n].metric), "%s", metric);
		n++;
	}
	*out = e;
	return n;
}

const struct verdict_expect *verdict_expect_find(const struct verdict_expect *e, int n,
						 const char *metric)
{
	int i;

	for (i = n - 1; i >= 0; i--)	/* a later line overrides an earlier one */
		if (!strcmp(e[i].metric, metric))
			return &e[i];
	return NULL;
}
