/* report_svg.h - inline SVG for the HTML report: scales, ticks, axes,
 * bars, polylines, legend entries; and HTML escaping
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef BENCHBOX_REPORT_SVG_H
#define BENCHBOX_REPORT_SVG_H

#include <stddef.h>
#include <stdio.h>

/* s with & < > " ' as character references: safe in text and attributes. */
void html_text(FILE *f, const char *s);

enum svg_scale { SVG_LINEAR, SVG_LOG2, SVG_LOG10 };

enum { SVG_MAX_TICKS = 16 };

/* A data range laid along pixels: lo is drawn at p0, hi at p1. */
struct svg_axis {
	enum svg_scale	scale;
	double		lo, hi;		/* log scales: both > 0 */
	double		p0, p1;
	double		tick[SVG_MAX_TICKS];
	size_t		nticks;
};

/* Widen lo..hi out to round values and choose the ticks: 1-2-5 steps on
 * a linear scale, whole octaves on log2, 1-2-5 in each decade on log10. */
void svg_axis_fit(struct svg_axis *a);
/* The pixel of v on the axis. */
double svg_pos(const struct svg_axis *a, double v);

/* A tick label: writes v into buf, returns buf (format_value's shape). */
typedef const char *svg_fmt(double v, char *buf, size_t len);
svg_fmt svg_fmt_bytes;		/* 512, 4K, 1M: binary suffixes */

void svg_open(FILE *f, const char *id, double w, double h, const char *label);
void svg_close(FILE *f);
void svg_text(FILE *f, double x, double y, const char *anchor, const char *cls,
	      const char *s);
void svg_rect(FILE *f, double x, double y, double w, double h, const char *cls,
	      const char *title);
void svg_line(FILE *f, double x1, double y1, double x2, double y2, const char *cls);
void svg_polyline(FILE *f, const double *x, const double *y, size_t n, const char *cls);
void svg_dot(FILE *f, double x, double y, const char *cls);

/* A horizontal axis at pixel y: the ticks with labels below, grid lines up
 * to y_grid, and the title under the labels. */
void svg_xaxis(FILE *f, const struct svg_axis *a, double y, double y_grid,
	       svg_fmt *fmt, const char *title);
/* A vertical axis at pixel x: labels to its left, grid lines to x_grid,
 * the title rotated along it. */
void svg_yaxis(FILE *f, const struct svg_axis *a, double x, double x_grid,
	       svg_fmt *fmt, const char *title);

/* One legend entry at (x, y), a <g class="legend">: a short sample of a
 * line (line != 0) or a swatch, in classes "key" and cls, then the label. */
void svg_legend(FILE *f, double x, double y, const char *cls, int line, const char *label);

#endif
