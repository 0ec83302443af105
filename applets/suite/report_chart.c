/* report_chart.c - the HTML report's charts: bandwidth per operation and
 * latency against working-set size
 *
 * SPDX-License-Identifier: MIT
 *
 * Bandwidth: every MB/s record of bw_mem, membw and stream is one
 * horizontal bar (the median, with a whisker from min to max), grouped by
 * operation (the record's test: rd, wr, bcopy, copy, triad ...) in the
 * order the file gives them. With a board, the guide's number for the
 * record's metric is a second, grey bar under it. Bars start at zero.
 *
 * Latency: the lat_mem_rd records make one polyline per test and
 * parameters other than size (rd and rd_random, each stride), x = the
 * working set in bytes on a log2 axis, y = ns per load, on a log10 axis
 * when the values span more than 20x (caches to DRAM), else linear from 0.
 * A series of one point (rd_random measures one size) is no curve: it is a
 * dotted line across the chart at its value, "random pages, SIZE".
 * With a board, its lat_mem_rd-strideS-szN rows are a dashed series per
 * stride. Their label N is the size in MiB x 1000, truncated, so each is
 * drawn at the first sweep point (lat_sweep_next) with that label; the
 * guides' "sz50" is the smallest size of their tables and is drawn at the
 * first sweep point, 512 bytes (see docs/methods.md, lat_mem_rd).
 */
#include "applet.h"
#include "lat_mem_rd.h"
#include "report_html.h"
#include "report_svg.h"
#include "util.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int usable(const struct html_rec *r, const char *unit)
{
	return !r->text && r->unit && !strcmp(r->unit, unit) && isfinite(r->value) &&
	       r->value > 0 && !(r->state & (RESULT_FAILED | RESULT_SKIPPED));
}

/* bandwidth ------------------------------------------------------------- */

enum {
	BW_W = 960, BW_LABEL = 262, BW_X0 = 270, BW_X1 = 860,
	BW_TOP = 34, BW_HEAD = 20, BW_BAR = 12, BW_REF = 7,
};

static int is_bw(const struct html_rec *r)
{
	return usable(r, UNIT_MB_S) && (!strcmp(r->applet, "bw_mem") ||
					!strcmp(r->applet, "membw") ||
					!strcmp(r->applet, "stream"));
}

/* The board's published MB/s for the record, or NULL. */
static const struct ref_row *bw_ref(const struct html_doc *d, const struct html_rec *r)
{
	const struct ref_row *rr;

	if (!d->board || !r->metric || !*r->metric)
		return NULL;
	rr = ref_find(d->board->id, r->metric, "");
	return rr && !strcmp(rr->unit, UNIT_MB_S) && isfinite(rr->mean) ? rr : NULL;
}

/* "bw_mem rd 16M", "bw_mem cp 8M P=4", "membw copy avx2 128M",
 * "stream triad c n=1048576" */
static void bw_label(const struct html_rec *r, char *buf, size_t len)
{
	char v[64], n[80] = "", p[80] = "";

	if (params_value(r->params, "size", v, sizeof(v)))
		snprintf(n, sizeof(n), " %s", v);
	else if (params_value(r->params, "n", v, sizeof(v)))
		snprintf(n, sizeof(n), " n=%s", v);
	if (params_value(r->params, "P", v, sizeof(v)))
		snprintf(p, sizeof(p), " P=%s", v);
	snprintf(buf, len, "%s %s%s%s%s%s", r->applet, r->test, *r->kernel ? " " : "", r->kernel,
		 n, p);
}

/* The axis fitted to every bar, whisker and reference. */
static void bw_axis(const struct html_doc *d, struct svg_axis *ax)
{
	size_t i;

	memset(ax, 0, sizeof(*ax));
	ax->p0 = BW_X0;
	ax->p1 = BW_X1;
	for (i = 0; i < d->n; i++) {
		const struct html_rec *r = &d->recs[i];
		const struct ref_row *rr;

		if (!is_bw(r))
			continue;
		rr = bw_ref(d, r);
		ax->hi = fmax(ax->hi, fmax(r->value, isfinite(r->max) ? r->max : 0));
		if (rr)
			ax->hi = fmax(ax->hi, isfinite(rr->max) ? fmax(rr->max, rr->mean) : rr->mean);
	}
	svg_axis_fit(ax);
}

/* One bar with its whisker and value; returns the next y. */
static double bw_bar(FILE *f, const struct svg_axis *ax, double y, double h, double v,
		     double lo, double hi, const char *cls, const char *title)
{
	char num[32];
	double end = svg_pos(ax, v);

	svg_rect(f, BW_X0, y, end - BW_X0, h, cls, title);
	if (isfinite(lo) && isfinite(hi) && hi > lo) {
		svg_line(f, svg_pos(ax, lo), y + h / 2, svg_pos(ax, hi), y + h / 2, "whisker");
		end = fmax(end, svg_pos(ax, hi));
	}
	svg_text(f, end + 4, y + h - 2, "start", "val", format_value(v, num, sizeof(num)));
	return y + h + 1;
}

static double bw_record(FILE *f, const struct html_doc *d, const struct svg_axis *ax,
			const struct html_rec *r, double y)
{
	const struct ref_row *rr = bw_ref(d, r);
	char label[200], title[300];

	bw_label(r, label, sizeof(label));
	svg_text(f, BW_LABEL, y + BW_BAR - 2, "end", "label", label);
	snprintf(title, sizeof(title), "%s: %g MB/s", label, r->value);
	y = bw_bar(f, ax, y, BW_BAR, r->value, r->min, r->max, "bar", title);
	if (rr) {
		snprintf(title, sizeof(title), "%s %s (%s): %g MB/s", d->board->alias, rr->metric,
			 rr->source, rr->mean);
		y = bw_bar(f, ax, y, BW_REF, rr->mean, rr->min, rr->max, "bar ref", title);
	}
	return y + 5;
}

/* The records of one operation under its name; returns the next y. */
static double bw_group(FILE *f, const struct html_doc *d, const struct svg_axis *ax,
		       const char *test, double y)
{
	size_t i;

	svg_text(f, 10, y + 14, "start", "group", test);
	y += BW_HEAD;
	for (i = 0; i < d->n; i++)
		if (is_bw(&d->recs[i]) && !strcmp(d->recs[i].test, test))
			y = bw_record(f, d, ax, &d->recs[i], y);
	return y;
}

/* Is recs[i] the first bandwidth record of its test? */
static int first_of_test(const struct html_doc *d, size_t i)
{
	size_t j;

	for (j = 0; j < i; j++)
		if (is_bw(&d->recs[j]) && !strcmp(d->recs[j].test, d->recs[i].test))
			return 0;
	return 1;
}

/* The chart's height: groups, bars and reference bars. */
static double bw_height(const struct html_doc *d)
{
	double h = BW_TOP + 60;
	size_t i;

	for (i = 0; i < d->n; i++) {
		if (!is_bw(&d->recs[i]))
			continue;
		h += BW_BAR + 6 + (first_of_test(d, i) ? BW_HEAD : 0);
		if (bw_ref(d, &d->recs[i]))
			h += BW_REF + 1;
	}
	return h;
}

void html_chart_bandwidth(FILE *f, const struct html_doc *d)
{
	struct svg_axis ax;
	char legend[160];
	double y = BW_TOP, h = bw_height(d);
	size_t i;

	if (h == BW_TOP + 60) {
		fputs("<p class=\"none\">No bandwidth records (bw_mem, membw or stream, in MB/s) "
		      "in this file.</p>\n", f);
		return;
	}
	bw_axis(d, &ax);
	svg_open(f, "chart-bw", BW_W, h, "bandwidth per operation, MB/s");
	svg_legend(f, BW_X0, 16, "bar", 0, "measured (median; whisker: min..max)");
	if (d->board) {
		snprintf(legend, sizeof(legend), "%s, published", d->board->name);
		svg_legend(f, BW_X0 + 300, 16, "bar ref", 0, legend);
	}
	for (i = 0; i < d->n; i++)
		if (is_bw(&d->recs[i]) && first_of_test(d, i))
			y = bw_group(f, d, &ax, d->recs[i].test, y);
	svg_xaxis(f, &ax, y + 4, BW_TOP, format_value, "MB/s (10^6 bytes per second)");
	svg_close(f);
}

/* latency ---------------------------------------------------------------- */

enum {
	LAT_W = 960, LAT_X0 = 90, LAT_X1 = 930, LAT_TOP = 16, LAT_BOTTOM = 380,
	LAT_LEGEND = 440, LAT_ROW = 18, LAT_PALETTE = 8,
};

struct pt {
	double	x, y;
};

struct series {
	char		key[200];
	char		label[200];
	int		ref;		/* published points */
	struct pt	*p;
	size_t		n, cap;
};

struct curves {
	struct series	*s;
	size_t		n, cap;
};

/* p with room for element n (of size bytes), doubling *cap as needed. */
static void *grow(void *p, size_t n, size_t *cap, size_t size)
{
	if (n < *cap)
		return p;
	*cap = *cap ? 2 * *cap : 16;
	p = realloc(p, *cap * size);
	if (!p) {
		errorf("out of memory");
		abort();
	}
	return p;
}

static struct series *series_get(struct curves *c, const char *key, const char *label, int ref)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		if (!strcmp(c->s[i].key, key))
			return &c->s[i];
	c->s = grow(c->s, c->n, &c->cap, sizeof(*c->s));
	memset(&c->s[c->n], 0, sizeof(c->s[0]));
	snprintf(c->s[c->n].key, sizeof(c->s[0].key), "%s", key);
	snprintf(c->s[c->n].label, sizeof(c->s[0].label), "%s", label);
	c->s[c->n].ref = ref;
	return &c->s[c->n++];
}

static void series_add(struct series *s, double x, double y)
{
	s->p = grow(s->p, s->n, &s->cap, sizeof(*s->p));
	s->p[s->n].x = x;
	s->p[s->n++].y = y;
}

/* "rd stride=64,page=4096,huge=default": the test and params but size. */
static void lat_key(const struct html_rec *r, char *buf, size_t len)
{
	const char *p = r->params;
	size_t n = (size_t)snprintf(buf, len, "%s ", r->test), w;
	int first = 1;

	for (; *p && n < len; p += w + (p[w] == ',')) {
		w = strcspn(p, ",");
		if (!strncmp(p, "size=", 5))
			continue;
		n += (size_t)snprintf(buf + n, len - n, "%s%.*s", first ? "" : ",", (int)w, p);
		first = 0;
	}
}

static void lat_measured(const struct html_doc *d, struct curves *c)
{
	char key[200], sz[64];
	uint64_t bytes;
	size_t i;

	for (i = 0; i < d->n; i++) {
		const struct html_rec *r = &d->recs[i];

		if (strcmp(r->applet, "lat_mem_rd") || !usable(r, UNIT_NS) ||
		    !params_value(r->params, "size", sz, sizeof(sz)) || parse_size(sz, &bytes) || !bytes)
			continue;
		lat_key(r, key, sizeof(key));
		series_add(series_get(c, key, key, 0), (double)bytes, r->value);
	}
}

/* Where a guide's "szN" point lies, in bytes (see the header). */
static double ref_bytes(unsigned n, int kilo)
{
	uint64_t s;

	if (!kilo)
		return LAT_SWEEP_FIRST;
	for (s = LAT_SWEEP_FIRST; s * 1000 / 1048576 <= n; s = lat_sweep_next(s))
		if (s * 1000 / 1048576 == n)
			return (double)s;
	return n * 1048.576;
}

/* "lat_mem_rd-strideS-szN" or "...-szNk": one point of a latency curve */
static int lat_point(const char *metric, unsigned *stride, unsigned *n, int *kilo)
{
	static const char pre[] = "lat_mem_rd-stride", mid[] = "-sz";
	const char *p = metric;
	uint64_t v[2];
	int i;

	for (i = 0; i < 2; i++) {
		const char *want = i ? mid : pre;

		if (strncmp(p, want, strlen(want)))
			return -1;
		p += strlen(want);
		if (scan_decimal(&p, UINT_MAX, &v[i]))
			return -1;
	}
	if (*p && strcmp(p, "k"))
		return -1;
	*stride = (unsigned)v[0];
	*n = (unsigned)v[1];
	*kilo = *p == 'k';
	return 0;
}

static void lat_published(const struct html_doc *d, struct curves *c)
{
	const struct ref_row *row = NULL;
	char key[64], label[200];
	unsigned stride, n;
	int kilo;

	while (d->board && (row = ref_next(d->board, row))) {
		if (lat_point(row->metric, &stride, &n, &kilo) ||
		    strcmp(row->unit, UNIT_NS) || !isfinite(row->mean) || row->mean <= 0 ||
		    ref_find(d->board->id, row->metric, row->param) != row)
			continue;	/* not a point, or an older guide's row */
		snprintf(key, sizeof(key), "published stride=%u", stride);
		snprintf(label, sizeof(label), "%s stride=%u (published)", d->board->name, stride);
		series_add(series_get(c, key, label, 1), ref_bytes(n, kilo),
			   row->mean);
	}
}

static int by_x(const void *a, const void *b)
{
	const struct pt *p = a, *q = b;

	return (p->x > q->x) - (p->x < q->x);
}

/* Axes fitted to every point: log2 bytes, ns linear or log10. */
static void lat_axes(const struct curves *c, struct svg_axis *ax, struct svg_axis *ay)
{
	size_t i, j;

	memset(ax, 0, sizeof(*ax));
	memset(ay, 0, sizeof(*ay));
	ax->lo = ay->lo = INFINITY;
	for (i = 0; i < c->n; i++)
		for (j = 0; j < c->s[i].n; j++) {
			ax->lo = fmin(ax->lo, c->s[i].p[j].x);
			ax->hi = fmax(ax->hi, c->s[i].p[j].x);
			ay->lo = fmin(ay->lo, c->s[i].p[j].y);
			ay->hi = fmax(ay->hi, c->s[i].p[j].y);
		}
	ax->scale = SVG_LOG2;
	ax->p0 = LAT_X0;
	ax->p1 = LAT_X1;
	ay->scale = ay->hi > 20 * ay->lo ? SVG_LOG10 : SVG_LINEAR;
	if (ay->scale == SVG_LINEAR)
		ay->lo = 0;
	ay->p0 = LAT_BOTTOM;
	ay->p1 = LAT_TOP;
	svg_axis_fit(ax);
	svg_axis_fit(ay);
}

/* The classes of series i, its line's and its legend sample's alike. */
static void series_class(const struct series *s, size_t i, char *cls, size_t len)
{
	if (s->ref)
		snprintf(cls, len, "series ref");
	else
		snprintf(cls, len, "series s%zu%s", i % LAT_PALETTE, s->n == 1 ? " single" : "");
}

/* A measured series of one point (the random-pages record) is one value,
 * not a curve: a dashed line across the chart at that value, its point
 * and its value written on it; its class ("single") dashes the legend's
 * sample alike. */
static void lat_single(FILE *f, const struct series *s, const char *cls, double x, double y)
{
	char num[32], text[240];

	svg_line(f, LAT_X0, y, LAT_X1, y, cls);
	svg_dot(f, x, y, "dot");
	snprintf(text, sizeof(text), "%s: %s ns", s->label,
		 format_value(s->p[0].y, num, sizeof(num)));
	svg_text(f, LAT_X0 + 6, y - 5, "start", "val", text);
}

/* "random pages, 128M" for rd_random, else the key and the size. */
static void single_label(struct series *s)
{
	char sz[32];

	svg_fmt_bytes(s->p[0].x, sz, sizeof(sz));
	if (!strncmp(s->key, "rd_random ", 10))
		snprintf(s->label, sizeof(s->label), "random pages, %s", sz);
	else
		snprintf(s->label, sizeof(s->label), "%.150s, %s", s->key, sz);
}

static void lat_series(FILE *f, const struct series *s, size_t i, const struct svg_axis *ax,
		       const struct svg_axis *ay)
{
	double *x = xcalloc(s->n, sizeof(*x)), *y = xcalloc(s->n, sizeof(*y));
	char cls[32];
	size_t j;

	series_class(s, i, cls, sizeof(cls));
	for (j = 0; j < s->n; j++) {
		x[j] = svg_pos(ax, s->p[j].x);
		y[j] = svg_pos(ay, s->p[j].y);
	}
	if (!s->ref && s->n == 1) {
		lat_single(f, s, cls, x[0], y[0]);
		goto out;
	}
	svg_polyline(f, x, y, s->n, cls);
	if (s->ref || s->n < 3)		/* sparse: the points themselves */
		for (j = 0; j < s->n; j++)
			svg_dot(f, x[j], y[j], s->ref ? "dot ref" : "dot");
out:
	free(x);
	free(y);
}

/* Two columns of legend entries under the axis. */
static void lat_legend(FILE *f, const struct curves *c)
{
	char cls[32];
	size_t i;

	for (i = 0; i < c->n; i++) {
		series_class(&c->s[i], i, cls, sizeof(cls));
		svg_legend(f, i % 2 ? LAT_X0 + 430 : LAT_X0, LAT_LEGEND + (double)(i / 2) * LAT_ROW,
			   cls, 1, c->s[i].label);
	}
}

static void lat_draw(FILE *f, struct curves *c)
{
	struct svg_axis ax, ay;
	double h = LAT_LEGEND + (double)((c->n + 1) / 2) * LAT_ROW;
	size_t i;

	for (i = 0; i < c->n; i++) {
		qsort(c->s[i].p, c->s[i].n, sizeof(c->s[i].p[0]), by_x);
		if (!c->s[i].ref && c->s[i].n == 1)
			single_label(&c->s[i]);
	}
	lat_axes(c, &ax, &ay);
	svg_open(f, "chart-lat", LAT_W, h, "memory read latency against working-set size");
	svg_xaxis(f, &ax, LAT_BOTTOM, LAT_TOP, svg_fmt_bytes, "working set (bytes, log2 scale)");
	svg_yaxis(f, &ay, LAT_X0, LAT_X1, format_value,
		  ay.scale == SVG_LOG10 ? "ns per load (log scale)" : "ns per load");
	for (i = 0; i < c->n; i++)
		lat_series(f, &c->s[i], i, &ax, &ay);
	lat_legend(f, c);
	svg_close(f);
}

void html_chart_latency(FILE *f, const struct html_doc *d)
{
	struct curves c = { 0 };
	size_t i, measured;

	lat_measured(d, &c);
	measured = c.n;
	if (measured)
		lat_published(d, &c);
	if (!measured) {
		fputs("<p class=\"none\">No lat_mem_rd records in this file.</p>\n", f);
	} else {
		lat_draw(f, &c);
		fputs("<p class=\"hint\">One line per test and parameters other than size; a "
		      "test of one size (random pages) is a dotted line at its value.", f);
		if (c.n > measured)
			fputs(" A published point szN is drawn at the sweep size whose MiB x 1000 "
			      "truncates to N; sz50 at 512 bytes.", f);
		fputs("</p>\n", f);
	}
	for (i = 0; i < c.n; i++)
		free(c.s[i].p);
	free(c.s);
}
