/* report.c - a results file as one self-contained HTML page
 *
 * SPDX-License-Identifier: MIT
 *
 *   report [--board BOARD] [--title TEXT] RESULTS.json [-o report.html]
 *
 * Reads what --format=json writes (an applet's or a whole run's: a
 * "context" block and a "results" array, src/emit.c) and writes one
 * HTML5 page with everything inline: a <style> block, SVG charts, no
 * script, no URL of any kind, so it can be mailed, archived or printed.
 * The page opens on the answer, as run's terminal summary does (one
 * headline module makes both): the verdict in words, the counts, the
 * headline figures, every WARN/FAIL/INVALID with its reason and the
 * suspect conditions; wiring's findings, problems first, what was fine
 * folded. Then the bandwidth and latency charts
 * (report_chart.c), every other record in a table (failed, skipped and
 * throttled rows marked), and last, folded, the run's context and the
 * sysinfo records: a person opens them when a number needs explaining.
 * With --board each record that carries a guide metric is judged by
 * compare's rule (compare_board_result); without it, verdicts that a
 * `run --board` already wrote at the head of a note are counted. Every
 * string from the file is escaped. The page goes to stdout, or with -o
 * to a temporary file beside FILE that is renamed into place once it is
 * complete (the emit sink's -o handling) and removed otherwise.
 */
#include "applet.h"
#include "compare.h"
#include "headline.h"
#include "json.h"
#include "refdata.h"
#include "report_html.h"
#include "report_svg.h"
#include "results.h"
#include "util.h"
#include "verdict.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OPTIONS(O) \
	O(BOARD, "board", OPT_STR, "judge and chart against BOARD's published numbers", \
	  .letter = 'b', .metavar = "BOARD") \
	O(TITLE, "title", OPT_STR, "the page's title [benchbox results: FILE]", \
	  .metavar = "TEXT")
OPT_TABLE(report, OPTIONS);

/* The page is written by run(), not per record: the emitter only makes
 * "html" the applet's format and leaves the emit sink's outputs empty. */
static const struct emitter emit_html = { .name = "html" };

/* input -------------------------------------------------------------------- */

/* A verdict that `run --board` put first in the rest of a note, or -1. */
static int note_verdict(const char *rest)
{
	int v;

	for (v = 0; v < V_COUNT; v++) {
		size_t n = strlen(verdict_name(v));

		if (!strncmp(rest, verdict_name(v), n) &&
		    (rest[n] == '\0' || rest[n] == ':' || rest[n] == ';'))
			return v;
	}
	return -1;
}

/* The file's records as the page sees them; -1 after a message (the
 * results loader's, shared with compare). */
static int load(struct html_doc *d, struct results_file *f)
{
	if (results_load(d->path, f))
		return -1;
	d->recs = xcalloc(f->n + 1, sizeof(*d->recs));
	for (d->n = 0; d->n < f->n; d->n++) {
		const struct results_rec *x = &f->recs[d->n];
		struct html_rec *r = &d->recs[d->n];

		r->src = x;
		r->applet = x->applet;
		r->test = x->test;
		r->kernel = x->kernel;
		r->params = x->params;
		r->unit = x->unit;
		r->note = x->note;
		r->metric = x->metric;
		r->text = x->text;
		r->value = x->value;
		r->min = x->min;
		r->max = x->max;
		r->better = x->better;
		r->state = 0;
		r->verdict = note_verdict(note_flags(r->note, &r->state));
	}
	return 0;
}

/* With a board: each record with a metric judged by compare's rule. */
static void judge(struct html_doc *d)
{
	char note[256];
	size_t i;

	for (i = 0; d->board && i < d->n; i++) {
		struct html_rec *h = &d->recs[i];
		struct result r;
		const char *colon;

		if (!*h->metric) {
			h->verdict = -1;
			continue;
		}
		results_rec_result(h->src, &r);
		h->verdict = (int)compare_board_result(d->board->id, &r, &h->rv, note, sizeof(note));
		colon = strchr(note, ':');
		snprintf(h->why, sizeof(h->why), "%s", colon ? colon + strspn(colon, ": ") : "");
	}
}

/* output ------------------------------------------------------------------- */

/* the page's CSS, packed with the help texts (src/text.h) */
TEXT(report_style,
	"body { font: 14px/1.4 sans-serif; color: #1f2328; margin: 1.5em auto; "
	"max-width: 1280px; padding: 0 1em; }\n"
	"* { -webkit-print-color-adjust: exact; print-color-adjust: exact; }\n"
	"h1 { font-size: 1.6em; margin: 0 0 .2em; }\n"
	"h2, summary { font-size: 1.2em; font-weight: bold; border-bottom: 1px solid #d0d7de; "
	"margin-top: 1.6em; }\n"
	".sub, .none, .hint, footer { color: #57606a; }\n"
	"table { border-collapse: collapse; font-size: 12px; }\n"
	"th, td { border: 1px solid #d0d7de; padding: 2px 6px; text-align: left; "
	"vertical-align: top; }\n"
	"th { background: #f6f8fa; }\n"
	"td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }\n"
	"#results-table { width: 100%; }\n"
	"#results-table td { min-width: 6em; }\n"
	"#results-table td.note { min-width: 12em; }\n"
	"table.kv td { overflow-wrap: anywhere; max-width: 60em; }\n"
	"tr.failed td { background: #ffebe9; }\n"
	"tr.skipped td { background: #f6f8fa; color: #57606a; font-style: italic; }\n"
	"tr.throttled td { background: #fff8c5; }\n"
	".badge { display: inline-block; font-size: 10px; font-weight: bold; "
	"text-transform: uppercase; border: 1px solid; border-radius: 3px; padding: 0 3px; "
	"margin-right: 4px; font-style: normal; }\n"
	".badge.failed { color: #cf222e; } .badge.skipped { color: #57606a; } "
	".badge.throttled { color: #9a6700; }\n"
	"ul.counts { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 8px; }\n"
	"ul.counts li { border: 1px solid; border-radius: 4px; padding: 4px 10px; "
	"min-width: 5em; text-align: center; }\n"
	"ul.counts .n { display: block; font-size: 1.6em; font-weight: bold; }\n"
	".v-pass { background: #dafbe1; color: #116329; }\n"
	".v-warn { background: #fff8c5; color: #7d4e00; }\n"
	".v-fail { background: #ffebe9; color: #a40e26; }\n"
	".v-fast { background: #fbefff; color: #6639ba; }\n"
	".v-no-ref { background: #f6f8fa; color: #57606a; }\n"
	".v-invalid { background: #eaeef2; color: #24292f; }\n"
	"td.v { font-weight: bold; white-space: nowrap; }\n"
	"table.wiring { margin: .4em 0; } table.wiring td.note { max-width: 60em; }\n"
	"table.wiring td:first-child { font-weight: bold; white-space: nowrap; }\n"
	"p.answer { font-size: 1.15em; font-weight: bold; padding: 6px 10px; "
	"border-radius: 4px; }\n"
	"#suspects { color: #7d4e00; font-weight: bold; }\n"
	"#suspects li::before { content: \"suspect: \"; }\n"
	"table.hl { margin: .6em 0; }\n"
	"td.v small { display: block; font-weight: normal; white-space: normal; }\n"
	"svg.chart { display: block; max-width: 100%; height: auto; "
	"break-inside: avoid; page-break-inside: avoid; }\n"
	"svg.chart text { font: 11px sans-serif; fill: #1f2328; }\n"
	"svg.chart text.group { font-weight: bold; font-size: 12px; }\n"
	"svg.chart text.axis-title { font-size: 12px; }\n"
	"svg.chart text.val { fill: #57606a; font-size: 10px; }\n"
	".grid { stroke: #d8dee4; stroke-width: .6; }\n"
	".axis, .whisker { stroke: #1f2328; stroke-width: 1; }\n"
	".bar { fill: #0969da; } .bar.ref { fill: #8c959f; }\n"
	".series { fill: none; stroke-width: 1.6; }\n"
	".series.s0 { stroke: #0969da; } .series.s1 { stroke: #cf222e; }\n"
	".series.s2 { stroke: #1a7f37; } .series.s3 { stroke: #8250df; }\n"
	".series.s4 { stroke: #bc4c00; } .series.s5 { stroke: #0a7b83; }\n"
	".series.s6 { stroke: #9a6700; } .series.s7 { stroke: #57606a; }\n"
	".series.ref { stroke: #1f2328; stroke-width: 2; stroke-dasharray: 6 4; }\n"
	".series.single { stroke-dasharray: 2 3; }\n"
	".dot { fill: #1f2328; } .dot.ref { fill: #ffffff; stroke: #1f2328; stroke-width: 1.5; }\n"
	"@media print { body { max-width: none; margin: 0; font-size: 11px; } "
	"tr { break-inside: avoid; } h2 { break-after: avoid; } }\n");

static void tag(FILE *f, const char *name, const char *cls, const char *text)
{
	fprintf(f, "<%s%s%s%s>", name, cls ? " class=\"" : "", cls ? cls : "", cls ? "\"" : "");
	html_text(f, text);
	fprintf(f, "</%s>", name);
}

/* "no-ref" for NO-REF: the CSS class and the id suffix of a verdict. */
static const char *verdict_class(int v, char *buf, size_t len)
{
	size_t i;

	snprintf(buf, len, "%s", verdict_name((enum verdict)v));
	for (i = 0; buf[i]; i++)
		buf[i] = (char)(buf[i] >= 'A' && buf[i] <= 'Z' ? buf[i] - 'A' + 'a' : buf[i]);
	return buf;
}

static void ctx_value(FILE *f, const struct json *v)
{
	char num[32];
	size_t i;

	switch (v->type) {
	case JSON_STR:
		html_text(f, v->str);
		break;
	case JSON_NUM:
		fputs(format_value(v->num, num, sizeof(num)), f);
		break;
	case JSON_BOOL:
		fputs(v->num ? "true" : "false", f);
		break;
	case JSON_ARR:
		for (i = 0; i < v->n; i++) {
			fputs(i ? " " : "", f);
			ctx_value(f, &v->items[i]);
		}
		break;
	default:
		fputs("-", f);
	}
}

static void write_env(FILE *f, const struct json *ctx)
{
	size_t i;

	fputs("<details id=\"env\">\n<summary>Environment</summary>\n", f);
	if (!ctx || !ctx->n) {
		fputs("<p class=\"none\">The file has no context block.</p>\n</details>\n", f);
		return;
	}
	fputs("<table class=\"kv\">\n", f);
	for (i = 0; i < ctx->n; i++) {
		fputs("<tr>", f);
		tag(f, "th", NULL, ctx->keys[i]);
		fputs("<td>", f);
		ctx_value(f, &ctx->items[i]);
		fputs("</td></tr>\n", f);
	}
	fputs("</table>\n</details>\n", f);
}

/* The value cell's text: the text value, or the number and its unit. */
static const char *value_text(const struct html_rec *r, int with_unit, char *buf, size_t len)
{
	char num[32];

	if (r->text)
		snprintf(buf, len, "%s", r->text);
	else
		snprintf(buf, len, "%s%s%s", format_value(r->value, num, sizeof(num)),
			 with_unit && *r->unit ? " " : "", with_unit ? r->unit : "");
	return buf;
}

static void write_system(FILE *f, const struct html_doc *d)
{
	char val[512];
	size_t i, n = 0;

	fputs("<details id=\"system\">\n<summary>System</summary>\n", f);
	for (i = 0; i < d->n; i++) {
		const struct html_rec *r = &d->recs[i];

		if (strcmp(r->applet, "sysinfo"))
			continue;
		if (!n++)
			fputs("<table class=\"kv\">\n", f);
		fputs("<tr>", f);
		tag(f, "th", NULL, r->test);
		tag(f, "td", NULL, r->params);
		tag(f, "td", NULL, value_text(r, 1, val, sizeof(val)));
		tag(f, "td", "note", r->note);
		fputs("</tr>\n", f);
	}
	fputs(n ? "</table>\n" : "<p class=\"none\">No sysinfo records in this file "
	      "('benchbox run quick' has them).</p>\n", f);
	fputs("</details>\n", f);
}

static void write_counts(FILE *f, const unsigned counts[V_COUNT])
{
	char cls[16];
	int v;

	fputs("<ul class=\"counts\">\n", f);
	for (v = 0; v < V_COUNT; v++) {
		verdict_class(v, cls, sizeof(cls));
		fprintf(f, "<li id=\"n-%s\" class=\"v-%s\"><span class=\"n\">%u</span>%s</li>\n",
			cls, cls, counts[v], verdict_name((enum verdict)v));
	}
	fputs("</ul>\n", f);
}

/* Every record through the headline module that makes run's summary, so
 * that the page and the terminal give one answer. */
static struct headline *headline_of(const struct html_doc *d)
{
	struct headline *h = headline_new(d->board ? d->board->alias : NULL);
	struct result r;
	size_t i;

	for (i = 0; i < d->n; i++) {
		results_rec_result(d->recs[i].src, &r);
		r.verdict = d->board && d->recs[i].verdict >= 0 ? &d->recs[i].rv : NULL;
		headline_see(h, &r);
	}
	return h;
}

static void verdict_td(FILE *f, const struct hl_row *w)
{
	char cls[16];

	if (!w->judged && !w->bad_value) {
		fputs("<td></td>", f);
		return;
	}
	verdict_class(w->bad_value ? V_INVALID : (int)w->rv.out.v, cls, sizeof(cls));
	fprintf(f, "<td class=\"v v-%s\">%s</td>", cls,
		verdict_name(w->bad_value ? V_INVALID : w->rv.out.v));
}

/* One figure: label, detail, measured, unit, published, verdict, and the
 * reason when asked for. */
static void hl_tr(FILE *f, const struct hl_row *w, int reason)
{
	char num[32];

	fputs("<tr>", f);
	tag(f, "th", NULL, w->label);
	tag(f, "td", NULL, w->detail);
	tag(f, "td", "num", format_value(w->value, num, sizeof(num)));
	tag(f, "td", NULL, w->unit);
	tag(f, "td", "num", w->published);
	verdict_td(f, w);
	if (reason)
		tag(f, "td", NULL, w->reason);
	fputs("</tr>\n", f);
}

static void hl_table(FILE *f, const char *id, const struct hl_row *w, size_t n, int reason)
{
	size_t i;

	fprintf(f, "<table id=\"%s\" class=\"hl\">\n<thead><tr><th></th><th></th>"
		"<th>measured</th><th></th><th>published</th><th>verdict</th>%s</tr></thead>\n"
		"<tbody>\n", id, reason ? "<th>reason</th>" : "");
	for (i = 0; i < n; i++)
		hl_tr(f, &w[i], reason);
	fputs("</tbody>\n</table>\n", f);
}

/* The answer: the verdict in words, the counts, the headline figures,
 * what is wrong and why, and the conditions the run was measured under. */
static void write_verdicts(FILE *f, const struct html_doc *d)
{
	unsigned counts[V_COUNT] = { 0 }, judged = 0, failed = 0, skipped = 0, throttled = 0;
	struct headline *h = headline_of(d);
	const struct hl_row *rows;
	struct hl_row *all;
	const char *const *sus;
	char line[1024], cls[16];
	size_t i, n, k;

	for (i = 0; i < d->n; i++) {
		const struct html_rec *r = &d->recs[i];

		if (r->verdict >= 0 && r->verdict < V_COUNT) {
			counts[r->verdict]++;
			judged++;
		}
		failed += !!(r->state & RESULT_FAILED);
		skipped += !!(r->state & RESULT_SKIPPED);
		throttled += !!(r->state & RESULT_THROTTLED);
	}
	if (d->board)		/* a value that cannot be right counts as listed */
		headline_counts(h, counts);
	headline_verdict_line(h, NULL, line, sizeof(line));
	fputs("<section id=\"verdicts\">\n<h2>Verdict</h2>\n", f);
	fprintf(f, "<p id=\"verdict-line\" class=\"answer v-%s\">",
		verdict_class(!d->board ? V_NOREF : counts[V_FAIL] ? V_FAIL :
			      counts[V_WARN] || counts[V_INVALID] ? V_WARN : V_PASS,
			      cls, sizeof(cls)));
	html_text(f, line);
	fputs("</p>\n", f);
	if ((n = headline_suspects(h, &sus))) {	/* right under it, as on the terminal */
		fputs("<ul id=\"suspects\">\n", f);
		for (i = 0; i < n; i++) {
			tag(f, "li", NULL, sus[i]);
			fputs("\n", f);
		}
		fputs("</ul>\n", f);
	}
	if (d->board) {
		fputs("<p>Against the published numbers of <b>", f);
		html_text(f, d->board->name);
		fputs("</b> (", f);
		html_text(f, d->board->id);
		fputs("): ", f);
		html_text(f, d->board->desc);
		fputs(".</p>\n", f);
	} else if (judged) {
		fputs("<p>As the file's notes give them (a run with --board).</p>\n", f);
	}
	if (judged || d->board)
		write_counts(f, counts);
	else
		fputs("<p class=\"none\">No verdicts: --board BOARD judges the results against a "
		      "board's published numbers ('benchbox boards' lists them).</p>\n", f);
	/* the clock of each cluster first, as on the terminal */
	n = headline_rows(h, &rows);
	all = xcalloc(HL_CLUSTERS + n, sizeof(*all));
	k = headline_clocks(h, d->board ? d->board->id : NULL, all, HL_CLUSTERS);
	memcpy(all + k, rows, n * sizeof(*rows));
	if (k + n)
		hl_table(f, "headline", all, k + n, 0);
	free(all);
	if ((n = headline_issues(h, &rows))) {
		fputs("<h3>Not as published</h3>\n", f);
		hl_table(f, "issues", rows, n, 1);
	}
	fprintf(f, "<p id=\"states\">%zu records: %u failed, %u skipped, %u throttled.</p>\n",
		d->n, failed, skipped, throttled);
	fputs("</section>\n", f);
	headline_free(h);
}

static void write_badges(FILE *f, unsigned state)
{
	if (state & RESULT_FAILED)
		fputs("<span class=\"badge failed\">failed</span>", f);
	if (state & RESULT_SKIPPED)
		fputs("<span class=\"badge skipped\">skipped</span>", f);
	if (state & RESULT_THROTTLED)
		fputs("<span class=\"badge throttled\">throttled</span>", f);
}

static void write_verdict_cell(FILE *f, const struct html_rec *r)
{
	char cls[16];

	if (r->verdict < 0) {
		fputs("<td></td>", f);
		return;
	}
	fprintf(f, "<td class=\"v v-%s\">%s", verdict_class(r->verdict, cls, sizeof(cls)),
		verdict_name((enum verdict)r->verdict));
	if (*r->why)
		tag(f, "small", NULL, r->why);
	fputs("</td>", f);
}

/* A cell of s, escaped, with a line break allowed after each character
 * of after: params wrap at their commas, metrics at their dashes, so
 * their columns need not be one unbroken line wide. */
static void td_breaks(FILE *f, const char *cls, const char *s, const char *after)
{
	char c[2] = "";

	fprintf(f, "<td%s%s%s>", cls ? " class=\"" : "", cls ? cls : "", cls ? "\"" : "");
	for (; s && *s; s++) {
		c[0] = *s;
		html_text(f, c);
		if (strchr(after, *s))
			fputs("<wbr>", f);
	}
	fputs("</td>", f);
}

static void write_row(FILE *f, const struct html_rec *r)
{
	char val[512], num[32];

	fprintf(f, "<tr%s>", r->state & RESULT_FAILED ? " class=\"failed\"" :
		r->state & RESULT_SKIPPED ? " class=\"skipped\"" :
		r->state & RESULT_THROTTLED ? " class=\"throttled\"" : "");
	fputs("<td>", f);
	write_badges(f, r->state);
	html_text(f, r->applet);
	fputs("</td>", f);
	tag(f, "td", NULL, r->test);
	tag(f, "td", NULL, r->kernel);
	td_breaks(f, NULL, r->params, ",");
	tag(f, "td", r->text ? NULL : "num", value_text(r, 0, val, sizeof(val)));
	tag(f, "td", NULL, r->unit);
	tag(f, "td", "num", r->text ? "" : format_value(r->min, num, sizeof(num)));
	tag(f, "td", "num", r->text ? "" : format_value(r->max, num, sizeof(num)));
	td_breaks(f, "metric", r->metric, "-_");
	write_verdict_cell(f, r);
	tag(f, "td", "note", r->note);
	fputs("</tr>\n", f);
}

static void write_results(FILE *f, const struct html_doc *d)
{
	size_t i, n = 0;

	fputs("<section id=\"results\">\n<h2>Results</h2>\n", f);
	for (i = 0; i < d->n; i++) {
		if (!strcmp(d->recs[i].applet, "sysinfo") || !strcmp(d->recs[i].applet, "wiring"))
			continue;	/* under System, under Wiring */
		if (!n++)
			fputs("<table id=\"results-table\">\n<thead><tr><th>applet</th><th>test</th>"
			      "<th>kernel</th><th>params</th><th>value</th><th>unit</th><th>min</th>"
			      "<th>max</th><th>metric</th><th>verdict</th><th>note</th></tr></thead>\n"
			      "<tbody>\n", f);
		write_row(f, &d->recs[i]);
	}
	fputs(n ? "</tbody>\n</table>\n" : "<p class=\"none\">No results besides sysinfo and "
	      "wiring.</p>\n", f);
	fputs("</section>\n", f);
}

/* wiring's findings, under the verdict: its problems and warnings in a
 * table a person reads first, what was fine folded below them */
static void write_wiring(FILE *f, const struct html_doc *d)
{
	static const char *const grades[] = { "problem", "warn", "ok" };
	static const char *const cls[] = { "v-fail", "v-warn", "v-pass" };
	char grade[16], val[512];
	unsigned n[3] = { 0 };
	size_t i;
	int g;

	for (i = 0; i < d->n; i++)
		for (g = 0; g < 3; g++)
			n[g] += !strcmp(d->recs[i].applet, "wiring") &&
				params_value(d->recs[i].params, "grade", grade, sizeof(grade)) &&
				!strcmp(grade, grades[g]);
	if (!n[0] && !n[1] && !n[2])
		return;
	fputs("<section id=\"wiring\">\n<h2>Wiring</h2>\n", f);
	fprintf(f, "<p id=\"wiring-counts\">%u problem%s, %u warning%s, %u fine</p>\n", n[0],
		n[0] == 1 ? "" : "s", n[1], n[1] == 1 ? "" : "s", n[2]);
	for (g = 0; g < 3; g++) {
		if (!n[g])
			continue;
		if (g == 2)
			fprintf(f, "<details id=\"wiring-ok\">\n<summary>%u fine</summary>\n", n[2]);
		fprintf(f, "<table class=\"wiring\" id=\"wiring-%s\">\n<thead><tr><th>grade</th>"
			"<th>finding</th><th>seen</th><th>why</th></tr></thead>\n<tbody>\n",
			grades[g]);
		for (i = 0; i < d->n; i++) {
			const struct html_rec *r = &d->recs[i];

			if (strcmp(r->applet, "wiring") ||
			    !params_value(r->params, "grade", grade, sizeof(grade)) ||
			    strcmp(grade, grades[g]))
				continue;
			fputs("<tr>", f);
			tag(f, "td", cls[g], grades[g]);
			tag(f, "td", NULL, r->test);
			tag(f, "td", NULL, value_text(r, 1, val, sizeof(val)));
			tag(f, "td", "note", r->note);
			fputs("</tr>\n", f);
		}
		fputs("</tbody>\n</table>\n", f);
		if (g == 2)
			fputs("</details>\n", f);
	}
	fputs("</section>\n", f);
}

static void write_charts(FILE *f, const struct html_doc *d)
{
	fputs("<section id=\"bandwidth\">\n<h2>Bandwidth per operation</h2>\n", f);
	html_chart_bandwidth(f, d);
	fputs("</section>\n<section id=\"latency\">\n<h2>Memory read latency</h2>\n", f);
	html_chart_latency(f, d);
	fputs("</section>\n", f);
}

static void write_page(FILE *f, const struct html_doc *d, const struct json *ctx,
		       const char *title)
{
	const char *date = ctx ? json_get_str(ctx, "date") : NULL;
	const char *arch = ctx ? json_get_str(ctx, "arch") : NULL;

	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n", f);
	tag(f, "title", NULL, title);
	fprintf(f, "\n<style>\n%s</style>\n</head>\n<body>\n", TEXT_STR(report_style));
	tag(f, "h1", NULL, title);
	fputs("\n<p class=\"sub\">", f);
	html_text(f, d->path);
	if (arch) {
		fputs(" &middot; ", f);
		html_text(f, arch);
	}
	if (date) {
		fputs(" &middot; ", f);
		html_text(f, date);
	}
	fprintf(f, " &middot; %zu records</p>\n", d->n);
	/* the answer first, the detail below it, the setup folded at the end */
	write_verdicts(f, d);
	write_wiring(f, d);
	write_charts(f, d);
	write_results(f, d);
	write_env(f, ctx);
	write_system(f, d);
	fputs("<footer><p>", f);
	html_text(f, bb_version);
	fputs(" &middot; benchbox report</p></footer>\n</body>\n</html>\n", f);
}

/* run ---------------------------------------------------------------------- */

static int report_run(struct run_ctx *ctx)
{
	const char *board = opt_str(ctx, BOARD), *title = opt_str(ctx, TITLE);
	struct html_doc d = { 0 };
	struct results_file rf;
	char deftitle[300];
	FILE *f;
	int rc = EXIT_OK;

	if (ctx->argc != 1) {
		errorf("usage: report [--board BOARD] [--title TEXT] RESULTS.json [-o FILE]");
		return EXIT_USAGE;
	}
	if (ctx->rep->em != &emit_html) {
		errorf("--format: report writes HTML only");
		return EXIT_USAGE;
	}
	if (board && !(d.board = ref_board(board))) {
		board_unknown("--board: ", board);
		return EXIT_USAGE;
	}
	d.path = ctx->argv[0];
	if (load(&d, &rf))
		return EXIT_USAGE;	/* a file named on the command line */
	if (!board && results_board(&rf))
		d.board = ref_board(results_board(&rf));
	judge(&d);
	if (!title) {
		snprintf(deftitle, sizeof(deftitle), "benchbox results: %s", path_basename(d.path));
		title = deftitle;
	}
	f = ctx->rep->out[ctx->rep->nout - 1].f;	/* the -o file, else stdout */
	write_page(f, &d, rf.context, title);
	if (fflush(f) || ferror(f)) {
		errorf("cannot write the page: %s", strerror(errno));
		rc = EXIT_FAIL;
	}
	free(d.recs);
	results_free(&rf);
	return rc;
}

TEXT(report_summary, "a results file as one self-contained HTML page");
TEXT(report_usage,
	"usage: report [OPTIONS] RESULTS.json [-o FILE]\n"
	"\n"
	"Writes a benchbox JSON results file (-o FILE of any applet or of run) as\n"
	"one HTML page that opens on the answer: the verdict in words, its\n"
	"counts, the headline figures, each WARN, FAIL or INVALID with its reason\n"
	"and the suspect conditions; wiring's findings, problems first; then\n"
	"charts of the bandwidths (bw_mem, membw, stream) and of lat_mem_rd's\n"
	"latency against working-set size, a table of every other result and\n"
	"the run's context, folded. Everything is inline: no script, no link.\n"
	"--board judges each guide metric as compare does and charts the\n"
	"board's published values; without it, the board the run named does.\n"
	"The page goes to stdout, or to -o FILE, in full or not at all.\n");

TEXT(report_exits,
	"Exit status: 0 ok, 1 the page could not be written, 2 usage error, a\n"
	"missing or malformed file or an unknown board.\n");

const struct applet applet_report = {
	.name    = "report",
	.summary = TEXT_PTR(report_summary),
	.flags   = APPLET_TOOL,
	.usage   = TEXT_PTR(report_usage),
	.exits   = TEXT_PTR(report_exits),
	.opts    = opts,
	.unit    = "",
	.classic = &emit_html,
	.run     = report_run,
};
