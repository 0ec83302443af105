/* report_svg.c - inline SVG primitives for the HTML report
 *
 * SPDX-License-Identifier: MIT
 *
 * Small writers for the pieces of a chart: an axis maps a data range to
 * pixels on a linear, log2 or log10 scale and picks round ticks; the rest
 * write one SVG element each. Classes, not inline styles, give colours and
 * dashes (the report's <style> holds them), so the charts print like the
 * rest of the page. SVG inside HTML5 needs no namespace attribute, so the
 * document names no URL at all. Coordinates are printed with one decimal;
 * musl's printf is locale-independent.
 */
#include "report_svg.h"
#include "util.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* The entity for the five characters HTML gives a meaning; a switch, not a
 * 128-pointer table that would be 1 KB of data for five entries. */
static const char *html_entity(unsigned char c)
{
	switch (c) {
	case '&': return "&amp;";
	case '<': return "&lt;";
	case '>': return "&gt;";
	case '"': return "&quot;";
	case '\'': return "&#39;";
	}
	return NULL;
}

void html_text(FILE *f, const char *s)
{
	const char *ent;
	unsigned char c;

	for (; s && (c = (unsigned char)*s); s++) {
		if ((ent = html_entity(c)))
			fputs(ent, f);
		else
			fputc(c, f);
	}
}

/* scales ----------------------------------------------------------------- */

static void add_tick(struct svg_axis *a, double v)
{
	if (a->nticks < SVG_MAX_TICKS)
		a->tick[a->nticks++] = v;
}

/* Steps of 1, 2 or 5 times a power of ten, about six of them. */
static void fit_linear(struct svg_axis *a)
{
	double span = a->hi - a->lo, raw, mag, step, v;

	if (!(span > 0)) {
		span = a->hi != 0 ? fabs(a->hi) : 1;
		a->hi = a->lo + span;
	}
	raw = span / 6;
	mag = pow(10, floor(log10(raw)));
	step = raw / mag <= 1 ? mag : raw / mag <= 2 ? 2 * mag : raw / mag <= 5 ? 5 * mag : 10 * mag;
	a->lo = floor(a->lo / step) * step;
	a->hi = ceil(a->hi / step) * step;
	for (v = a->lo; v <= a->hi + step / 2; v += step)
		add_tick(a, fabs(v) < step / 1e6 ? 0 : v);
}

/* Whole octaves; every second (third ...) one past twelve of them. */
static void fit_log2(struct svg_axis *a)
{
	int e0 = (int)floor(log2(a->lo)), e1 = (int)ceil(log2(a->hi)), step, e;

	if (e1 <= e0)
		e1 = e0 + 1;
	step = (e1 - e0 + 11) / 12;
	e1 = e0 + (e1 - e0 + step - 1) / step * step;
	a->lo = ldexp(1, e0);
	a->hi = ldexp(1, e1);
	for (e = e0; e <= e1; e += step)
		add_tick(a, ldexp(1, e));
}

/* 1, 2 and 5 in each decade; only the powers of ten past four decades. */
static void fit_log10(struct svg_axis *a)
{
	static const double mant[] = { 1, 2, 5 };
	int d0 = (int)floor(log10(a->lo)), d1 = (int)ceil(log10(a->hi)), d;
	size_t m, nm;

	if (d1 <= d0)
		d1 = d0 + 1;
	nm = d1 - d0 > 4 ? 1 : ARRAY_LEN(mant);
	a->lo = pow(10, d0);
	a->hi = pow(10, d1);
	for (d = d0; d <= d1; d++)
		for (m = 0; m < nm && (d < d1 || m == 0); m++)
			add_tick(a, mant[m] * pow(10, d));
}

void svg_axis_fit(struct svg_axis *a)
{
	a->nticks = 0;
	if (a->scale != SVG_LINEAR && !(a->lo > 0))
		a->lo = a->hi > 0 ? a->hi / 2 : 1;
	if (a->scale != SVG_LINEAR && !(a->hi >= a->lo))
		a->hi = a->lo * 2;
	if (a->scale == SVG_LOG2)
		fit_log2(a);
	else if (a->scale == SVG_LOG10)
		fit_log10(a);
	else
		fit_linear(a);
}

double svg_pos(const struct svg_axis *a, double v)
{
	double lo = a->lo, hi = a->hi;

	if (a->scale != SVG_LINEAR) {
		v = v > 0 ? v : lo;
		v = a->scale == SVG_LOG2 ? log2(v) : log10(v);
		lo = a->scale == SVG_LOG2 ? log2(lo) : log10(lo);
		hi = a->scale == SVG_LOG2 ? log2(hi) : log10(hi);
	}
	return hi > lo ? a->p0 + (v - lo) / (hi - lo) * (a->p1 - a->p0) : a->p0;
}

const char *svg_fmt_bytes(double v, char *buf, size_t len)
{
	return format_size((uint64_t)llround(v), buf, len);
}

/* elements ----------------------------------------------------------------- */

void svg_open(FILE *f, const char *id, double w, double h, const char *label)
{
	fprintf(f, "<svg id=\"%s\" class=\"chart\" viewBox=\"0 0 %.0f %.0f\" width=\"%.0f\" "
		"height=\"%.0f\" role=\"img\" aria-label=\"", id, w, h, w, h);
	html_text(f, label);
	fputs("\">\n", f);
}

void svg_close(FILE *f)
{
	fputs("</svg>\n", f);
}

void svg_text(FILE *f, double x, double y, const char *anchor, const char *cls,
	      const char *s)
{
	fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" class=\"%s\">", x, y,
		anchor, cls);
	html_text(f, s);
	fputs("</text>\n", f);
}

void svg_rect(FILE *f, double x, double y, double w, double h, const char *cls,
	      const char *title)
{
	fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" class=\"%s\">",
		x, y, w > 0 ? w : 0, h, cls);
	if (title && *title) {
		fputs("<title>", f);
		html_text(f, title);
		fputs("</title>", f);
	}
	fputs("</rect>\n", f);
}

void svg_line(FILE *f, double x1, double y1, double x2, double y2, const char *cls)
{
	fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"%s\"/>\n",
		x1, y1, x2, y2, cls);
}

void svg_polyline(FILE *f, const double *x, const double *y, size_t n, const char *cls)
{
	size_t i;

	fprintf(f, "<polyline class=\"%s\" points=\"", cls);
	for (i = 0; i < n; i++)
		fprintf(f, "%s%.1f,%.1f", i ? " " : "", x[i], y[i]);
	fputs("\"/>\n", f);
}

void svg_dot(FILE *f, double x, double y, const char *cls)
{
	fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" class=\"%s\"/>\n", x, y, cls);
}

/* axes --------------------------------------------------------------------- */

void svg_xaxis(FILE *f, const struct svg_axis *a, double y, double y_grid,
	       svg_fmt *fmt, const char *title)
{
	char buf[32];
	size_t i;

	for (i = 0; i < a->nticks; i++) {
		double x = svg_pos(a, a->tick[i]);

		svg_line(f, x, y_grid, x, y, "grid");
		svg_line(f, x, y, x, y + 4, "axis");
		svg_text(f, x, y + 16, "middle", "tick", fmt(a->tick[i], buf, sizeof(buf)));
	}
	svg_line(f, a->p0, y, a->p1, y, "axis");
	svg_text(f, (a->p0 + a->p1) / 2, y + 34, "middle", "axis-title", title);
}

void svg_yaxis(FILE *f, const struct svg_axis *a, double x, double x_grid,
	       svg_fmt *fmt, const char *title)
{
	double mid = (a->p0 + a->p1) / 2;
	char buf[32];
	size_t i;

	for (i = 0; i < a->nticks; i++) {
		double y = svg_pos(a, a->tick[i]);

		svg_line(f, x, y, x_grid, y, "grid");
		svg_line(f, x - 4, y, x, y, "axis");
		svg_text(f, x - 7, y + 4, "end", "tick", fmt(a->tick[i], buf, sizeof(buf)));
	}
	svg_line(f, x, a->p0, x, a->p1, "axis");
	fprintf(f, "<text transform=\"rotate(-90 %.1f %.1f)\" x=\"%.1f\" y=\"%.1f\" "
		"text-anchor=\"middle\" class=\"axis-title\">", x - 48, mid, x - 48, mid);
	html_text(f, title);
	fputs("</text>\n", f);
}

void svg_legend(FILE *f, double x, double y, const char *cls, int line, const char *label)
{
	char key[64];

	snprintf(key, sizeof(key), "key %s", cls);
	fputs("<g class=\"legend\">\n", f);
	if (line)
		svg_line(f, x, y - 4, x + 26, y - 4, key);
	else
		svg_rect(f, x + 4, y - 10, 18, 10, key, NULL);
	svg_text(f, x + 32, y, "start", "legend", label);
	fputs("</g>\n", f);
}
