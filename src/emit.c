/* emit.c - result records and the table, CSV, JSON, markdown, guide and
 * ktap emitters, and the sink that hands records to them
 *
 * SPDX-License-Identifier: MIT
 *
 * ktap is for board farms (LAVA, KernelCI) that read results off a serial
 * console. It starts "TAP version 13": Perl's TAP::Parser (prove, and the
 * tools built on it) reads YAML blocks only under that header and refuses
 * version 14, and the kernel's kunit_parser.py takes TAP 13 as it takes
 * KTAP 1, whose test lines are the same. Each record is a test line
 * "ok N - APPLET TEST [kernel=K] [PARAMS]" and a YAML block indented two
 * spaces (value, unit, min, max, samples, better, metric, flags, note, and
 * the verdict's fields where the record was judged). The plan "1..N" comes
 * last: records stream as they are measured, and a run cut off on the
 * console lacks its plan, which parsers count as a failure. The result of
 * a test follows src/verdict.h, where FAIL is the board's failure and
 * INVALID a result that cannot be judged:
 *   not ok                 the record is flagged failed, or judged FAIL,
 *                          or is a finding graded a problem (wiring's
 *                          grade=problem: a farm sees the board's fault);
 *   ok # SKIP reason       the record is flagged skipped;
 *   ok # TODO throttled    measured, but not to be judged: not a failure,
 *   ok # TODO INVALID: ... yet counted apart ("TODO passed" in prove);
 *   ok                     the rest: PASS, WARN, FAST, NO-REF, not judged.
 * A '#' in a name would start a directive and a line break would end the
 * line: they become '_' and ' '. A run that ends in failure with no record
 * saying so gets a last "not ok N - APPLET exit status", so the stream
 * agrees with the exit status; a run with no record at all is "1..0 # SKIP".
 */
#include "emit.h"
#include "scratch.h"
#include "util.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const struct {
	unsigned	bit;
	const char	*name;
} flag_names[] = {
	{ BENCH_TOO_FAST,  "too-fast" },
	{ BENCH_BUDGET,    "over-budget" },
	{ BENCH_NOISY,     "noisy" },
	{ BENCH_CLOCK_SUB, "clock-subtracted" },
	{ RESULT_MISMATCH, "mismatch" },
	{ RESULT_FAILED,   "failed" },
	{ RESULT_SKIPPED,  "skipped" },
	{ RESULT_SHORT,    "short" },
	{ RESULT_THROTTLED, "throttled" },
	{ RESULT_UNRESOLVED, "unresolved" },
};

void result_unresolved(struct result *r)
{
	if (r->better < 0 && r->value <= 0 && r->unit &&
	    (!strcmp(r->unit, UNIT_NS) || !strcmp(r->unit, UNIT_US)) &&
	    !(r->flags & (RESULT_FAILED | RESULT_SKIPPED)))
		r->flags |= RESULT_UNRESOLVED;
}

const char *result_note(const struct result *r, char *buf, size_t len)
{
	size_t i, n = 0;

	buf[0] = '\0';
	for (i = 0; i < ARRAY_LEN(flag_names); i++)
		if (r->flags & flag_names[i].bit)
			n += (size_t)snprintf(buf + n, n < len ? len - n : 0, "%s%s",
					      n ? "," : "", flag_names[i].name);
	if (r->note && *r->note && n < len)
		snprintf(buf + n, len - n, "%s%s", n ? ": " : "", r->note);
	return buf;
}

/* The flag bit named word[0..len), 0 if none. */
static unsigned flag_bit(const char *word, size_t len)
{
	size_t i;

	for (i = 0; i < ARRAY_LEN(flag_names); i++)
		if (strlen(flag_names[i].name) == len && !strncmp(flag_names[i].name, word, len))
			return flag_names[i].bit;
	return 0;
}

const char *note_flags(const char *note, unsigned *flags)
{
	const char *p = note;
	unsigned f = 0, bit;
	size_t n;

	for (;;) {
		n = strcspn(p, ",:");
		if (!n || !(bit = flag_bit(p, n)))
			return note;	/* free text only */
		f |= bit;
		p += n;
		if (*p != ',')
			break;
		p++;
	}
	*flags |= f;
	if (*p == ':')
		p += p[1] == ' ' ? 2 : 1;
	return p;
}

const char *format_value(double v, char *buf, size_t len)
{
	double a = fabs(v);

	if (isnan(v))
		snprintf(buf, len, "-");
	else if (a >= 100000 || v == floor(v))
		snprintf(buf, len, "%.0f", v);
	else if (a >= 100)
		snprintf(buf, len, "%.1f", v);
	else if (a >= 1)
		snprintf(buf, len, "%.3f", v);
	else	/* 4 significant digits without an exponent: 0.01235, 0.00001234 */
		snprintf(buf, len, "%.*f", a < 1e-12 ? 12 : 3 - (int)floor(log10(a)), v);
	return buf;
}

static const char *nz(const char *s)
{
	return s ? s : "";
}

/* table ------------------------------------------------------------------ */

/* An applet's table is one group of records with the same columns: they
 * are held until end(), which sizes each column to its widest cell, the
 * header's included (numbers right-aligned, text left, two blanks between
 * columns, none at a line's end), so a long params (lat_mem_rd's sizes,
 * sysinfo's rows) pushes no column after it out of line. The table comes
 * at the end, not record by record, and nothing waits on it: on a
 * terminal the progress line (src/progress.h) counts the records as they
 * come, and run says each test's outcome on stderr and builds its summary
 * from its own tally, not from the table. A text row (sysinfo) has its
 * text where the median goes, then "  # note", and sizes only the columns
 * before it. */
enum { T_APPLET, T_TEST, T_KERNEL, T_PARAMS, T_MEDIAN, T_MIN, T_MAX, T_UNIT, T_N, T_NOTE,
       T_COLS };

struct table_row {
	char	*cell[T_COLS];
	int	text;
};

struct table_rows {
	struct table_row *row;
	size_t		n, cap;
};

static const char *const table_head[T_COLS] = {
	"applet", "test", "kernel", "params", "median", "min", "max", "unit", "n", "note",
};

/* The table stdout holds, for a signal that ends the applet (^C): the
 * rows so far are written then, as end() would have. */
static struct table_rows *held;
static volatile sig_atomic_t held_busy;
static void table_on_signal(int sig);

static void table_record(struct emit_out *o, const struct result *r)
{
	struct table_rows *t = o->rows;
	struct table_row *row;
	char buf[T_COLS][32], note[256];
	const char *c[T_COLS] = { nz(r->applet), nz(r->test), nz(r->kernel), nz(r->params) };
	int i;

	held_busy = 1;
	if (!t) {
		t = o->rows = xcalloc(1, sizeof(*t));
		if (o->f == stdout) {
			held = t;
			scratch_at_signal(table_on_signal);
		}
	}
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 16;
		t->row = realloc(t->row, t->cap * sizeof(*t->row));
		if (!t->row) {
			errorf("out of memory");
			exit(1);
		}
	}
	row = &t->row[t->n];
	row->text = r->text != NULL;
	c[T_MEDIAN] = r->text ? r->text : format_value(r->value, buf[T_MEDIAN], sizeof(buf[0]));
	c[T_MIN] = r->text ? "" : format_value(r->min, buf[T_MIN], sizeof(buf[0]));
	c[T_MAX] = r->text ? "" : format_value(r->max, buf[T_MAX], sizeof(buf[0]));
	c[T_UNIT] = r->text ? "" : nz(r->unit);
	snprintf(buf[T_N], sizeof(buf[T_N]), "%u", r->samples);
	c[T_N] = r->text ? "" : buf[T_N];
	c[T_NOTE] = result_note(r, note, sizeof(note));
	for (i = 0; i < T_COLS; i++)
		row->cell[i] = xstrdup(c[i]);
	t->n++;
	held_busy = 0;
}

/* Where a line goes: a stream, or (in a signal handler) a descriptor.
 * Blanks are written only before something that is not blank, so no line
 * ends in them. */
struct sink {
	FILE	*f;
	int	fd;
	size_t	blanks;
};

static void put(struct sink *s, const char *p, size_t n)
{
	static const char sp[] = "                                ";

	if (!n)
		return;
	while (s->blanks) {
		size_t b = s->blanks < sizeof(sp) - 1 ? s->blanks : sizeof(sp) - 1;

		s->blanks -= b;
		put(s, sp, b);
	}
	if (s->f)
		fwrite(p, 1, n, s->f);
	else if (write(s->fd, p, n) < 0)
		s->fd = -1;	/* nothing more to say: the process is ending */
}

/* One line: text cells left-aligned, numbers right-aligned, two blanks
 * between columns; the note, last, is not padded */
static void table_line(struct sink *s, const char *const *cell, int text, const size_t *w)
{
	int c, last = text ? T_MEDIAN : T_N;

	for (c = 0; c <= last; c++) {
		size_t l = strlen(cell[c]), fill = c == last && text ? 0 : w[c] > l ? w[c] - l : 0;
		int right = c >= T_MEDIAN && c != T_UNIT && !text;

		s->blanks += right ? fill : 0;
		put(s, cell[c], l);
		s->blanks += (right ? 0 : fill) + 2;
	}
	if (*cell[T_NOTE] && text)
		put(s, "# ", 2);
	put(s, cell[T_NOTE], strlen(cell[T_NOTE]));
	s->blanks = 0;
	put(s, "\n", 1);
}

/* The header, then every row, each column as wide as its widest cell;
 * nothing when there is no row (a skip, a failure: no header alone) */
static void table_write(struct sink *s, const struct table_rows *t)
{
	size_t w[T_COLS], i, n = t ? t->n : 0, l;
	int c;

	if (!n)
		return;
	for (c = 0; c < T_COLS; c++)
		w[c] = strlen(table_head[c]);
	for (i = 0; i < n; i++)
		for (c = 0; c < T_COLS; c++) {
			l = strlen(t->row[i].cell[c]);
			if ((c < T_MEDIAN || !t->row[i].text) && l > w[c])
				w[c] = l;
		}
	for (i = 0; i <= n; i++)
		table_line(s, i ? (const char *const *)t->row[i - 1].cell : table_head,
			   i && t->row[i - 1].text, w);
}

static void table_on_signal(int sig)
{
	struct sink s = { NULL, STDOUT_FILENO, 0 };

	if (held && !held_busy && (sig == SIGINT || sig == SIGTERM || sig == SIGHUP))
		table_write(&s, held);
}

static void table_end(struct emit_out *o)
{
	struct sink s = { o->f, -1, 0 };

	held_busy = 1;		/* written here, not by a signal too */
	table_write(&s, o->rows);
	table_free(o);
	held_busy = 0;
}

void table_free(struct emit_out *o)
{
	struct table_rows *t = o->rows;
	size_t i;
	int c;

	if (t && t == held)
		held = NULL;
	for (i = 0; t && i < t->n; i++)
		for (c = 0; c < T_COLS; c++)
			free(t->row[i].cell[c]);
	if (t)
		free(t->row);
	free(t);
	o->rows = NULL;
}

const struct emitter emit_table = { "table", 0, NULL, table_record, table_end };

/* csv (RFC 4180) ------------------------------------------------------------ */

static void csv_field(FILE *f, const char *s, int last)
{
	s = nz(s);
	if (strpbrk(s, ",\"\r\n")) {
		fputc('"', f);
		for (; *s; s++) {
			if (*s == '"')
				fputc('"', f);
			fputc(*s, f);
		}
		fputc('"', f);
	} else {
		fputs(s, f);
	}
	fputc(last ? '\n' : ',', f);
}

static void csv_num(FILE *f, double v)
{
	if (isnan(v) || isinf(v))
		fputc(',', f);
	else
		fprintf(f, "%.9g,", v);
}

static void csv_begin(struct emit_out *o, const struct run_info *info)
{
	(void)info;
	fputs("applet,test,kernel,params,value,min,max,unit,better,iters,samples,note,metric\n", o->f);
}

static void csv_record(struct emit_out *o, const struct result *r)
{
	FILE *f = o->f;
	char note[256];

	csv_field(f, r->applet, 0);
	csv_field(f, r->test, 0);
	csv_field(f, r->kernel, 0);
	csv_field(f, r->params, 0);
	if (r->text) {
		csv_field(f, r->text, 0);
		fputs(",,", f);
	} else {
		csv_num(f, r->value);
		csv_num(f, r->min);
		csv_num(f, r->max);
	}
	csv_field(f, r->unit, 0);
	fprintf(f, "%d,%llu,%u,", r->better, (unsigned long long)r->iters, r->samples);
	csv_field(f, result_note(r, note, sizeof(note)), 0);
	csv_field(f, r->metric, 1);
}

const struct emitter emit_csv = { "csv", 0, csv_begin, csv_record, NULL };

/* markdown: a table to paste into a bug report ----------------------------- */

static void md_field(FILE *f, const char *s)
{
	fputs("| ", f);
	for (s = nz(s); *s; s++) {
		if (*s == '|')
			fputc('\\', f);
		fputc(*s == '\n' ? ' ' : *s, f);
	}
	fputc(' ', f);
}

static void md_begin(struct emit_out *o, const struct run_info *info)
{
	(void)info;
	fputs("| applet | test | kernel | params | median | min | max | unit | note | metric |\n"
	      "|---|---|---|---|---:|---:|---:|---|---|---|\n", o->f);
}

static void md_record(struct emit_out *o, const struct result *r)
{
	FILE *f = o->f;
	char v[32], lo[32], hi[32], note[256];

	md_field(f, r->applet);
	md_field(f, r->test);
	md_field(f, r->kernel);
	md_field(f, r->params);
	md_field(f, r->text ? r->text : format_value(r->value, v, sizeof(v)));
	md_field(f, r->text ? "" : format_value(r->min, lo, sizeof(lo)));
	md_field(f, r->text ? "" : format_value(r->max, hi, sizeof(hi)));
	md_field(f, r->unit);
	md_field(f, result_note(r, note, sizeof(note)));
	md_field(f, r->metric);
	fputs("|\n", f);
}

const struct emitter emit_markdown = { "markdown", 0, md_begin, md_record, NULL };

/* guide: the vendor guides' "metric (unit)  value (min X, max Y)" -------- */

static void guide_record(struct emit_out *o, const struct result *r)
{
	char name[160], v[32], lo[32], hi[32], note[256];

	if (r->metric && *r->metric)
		snprintf(name, sizeof(name), "%s (%s)", r->metric, nz(r->unit));
	else
		snprintf(name, sizeof(name), "%s-%s%s%s (%s)", nz(r->applet), nz(r->test),
			 r->params && *r->params ? " " : "", nz(r->params), nz(r->unit));
	result_note(r, note, sizeof(note));
	if (r->text)
		fprintf(o->f, "%-44s %s\n", name, r->text);
	else
		fprintf(o->f, "%-44s %s (min %s, max %s)%s%s\n", name,
			format_value(r->value, v, sizeof(v)), format_value(r->min, lo, sizeof(lo)),
			format_value(r->max, hi, sizeof(hi)), *note ? "  # " : "", note);
}

const struct emitter emit_guide = { "guide", 0, NULL, guide_record, NULL };

/* json ------------------------------------------------------------------- */

void json_string(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)nz(s);

	fputc('"', f);
	for (; *p; p++) {
		switch (*p) {
		case '"':  fputs("\\\"", f); break;
		case '\\': fputs("\\\\", f); break;
		case '\n': fputs("\\n", f); break;
		case '\r': fputs("\\r", f); break;
		case '\t': fputs("\\t", f); break;
		case '\b': fputs("\\b", f); break;
		case '\f': fputs("\\f", f); break;
		default:
			if (*p < 0x20 || *p == 0x7f)
				fprintf(f, "\\u%04x", *p);
			else
				fputc(*p, f);
		}
	}
	fputc('"', f);
}

static void json_num(FILE *f, double v)
{
	if (isnan(v) || isinf(v))
		fputs("null", f);
	else
		fprintf(f, "%.9g", v);
}

static void json_kv(FILE *f, const char *k, const char *v, int comma)
{
	json_string(f, k);
	fputs(": ", f);
	json_string(f, v);
	if (comma)
		fputs(", ", f);
}

static void json_begin(struct emit_out *o, const struct run_info *i)
{
	FILE *f = o->f;

	fputs("{\"schema_version\": 1,\n \"context\": {", f);
	json_kv(f, "benchbox", i->version, 1);
	json_kv(f, "applet", i->applet, 1);
	json_kv(f, "cc", i->cc, 1);
	json_kv(f, "cflags", i->cflags, 1);
	json_kv(f, "libc", i->libc, 1);
	json_kv(f, "zlib", i->zlib, 1);
	json_kv(f, "mbedtls", i->mbedtls, 1);
	json_kv(f, "arch", i->arch, 1);
	json_kv(f, "kernel", i->kernel, 1);
	fputs("\"cpu_features\": [", f);
	{
		const char *p = nz(i->cpu_features);
		int first = 1;

		while (*p) {
			size_t n = strcspn(p, " ");

			if (n) {
				fprintf(f, "%s\"%.*s\"", first ? "" : ", ", (int)n, p);
				first = 0;
			}
			p += n;
			p += strspn(p, " ");
		}
	}
	fputs("], ", f);
	json_kv(f, "clock", i->clock, 1);
	fputs("\"clock_res_ns\": ", f);
	json_num(f, i->clock_res_ns);
	fputs(", \"clock_overhead_ns\": ", f);
	json_num(f, i->clock_overhead_ns);
	fputs(", ", f);
	json_kv(f, "date", i->date, 0);
	fputs("},\n \"results\": [", f);
}

static void json_record_body(FILE *f, const struct result *r)
{
	char note[256];

	fputs("{", f);
	json_kv(f, "applet", r->applet, 1);
	json_kv(f, "test", r->test, 1);
	json_kv(f, "kernel", r->kernel, 1);
	json_kv(f, "params", r->params, 1);
	fputs("\"value\": ", f);
	if (r->text) {
		json_string(f, r->text);
		fputs(", \"min\": null, \"max\": null, ", f);
	} else {
		json_num(f, r->value);
		fputs(", \"min\": ", f);
		json_num(f, r->min);
		fputs(", \"max\": ", f);
		json_num(f, r->max);
		fputs(", ", f);
	}
	json_kv(f, "unit", r->unit, 1);
	fprintf(f, "\"better\": %d, \"iters\": %llu, \"samples\": %u, ", r->better,
		(unsigned long long)r->iters, r->samples);
	json_kv(f, "note", result_note(r, note, sizeof(note)), 1);
	json_kv(f, "metric", r->metric, 0);
	fputs("}", f);
}

/* One record per line, comma-separated. */
static void json_record(struct emit_out *o, const struct result *r)
{
	fputs(o->count ? ",\n  " : "\n  ", o->f);
	json_record_body(o->f, r);
}

static void json_end(struct emit_out *o)
{
	fputs("\n ]}\n", o->f);
}

const struct emitter emit_json = { "json", 0, json_begin, json_record, json_end };

const struct emitter *emitter_find(const char *name)
{
	static const struct emitter *const all[] = {
		&emit_table, &emit_csv, &emit_json, &emit_markdown, &emit_guide, &emit_ktap,
	};
	size_t i;

	for (i = 0; i < ARRAY_LEN(all); i++)
		if (!strcmp(all[i]->name, name))
			return all[i];
	return NULL;
}

/* ktap: TAP 13 for console parsers (see the top of the file) ------------- */

/* Text on a test line: no '#', no line break. */
static void tap_text(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)nz(s);

	for (; *p; p++)
		fputc(*p == '#' ? '_' : *p < 0x20 || *p == 0x7f ? ' ' : *p, f);
}

/* A YAML double-quoted scalar, with the escapes both YAML and the YAMLish
 * reader of TAP::Parser know. */
static void yaml_string(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)nz(s);

	fputc('"', f);
	for (; *p; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(f, "\\%c", *p);
		else if (*p == '\n')
			fputs("\\n", f);
		else if (*p == '\t')
			fputs("\\t", f);
		else if (*p < 0x20 || *p == 0x7f)
			fprintf(f, "\\x%02x", *p);
		else
			fputc(*p, f);
	}
	fputc('"', f);
}

static void yaml_str(FILE *f, const char *key, const char *v)
{
	fprintf(f, "  %s: ", key);
	yaml_string(f, v);
	fputc('\n', f);
}

static void yaml_num(FILE *f, const char *key, double v)
{
	if (isfinite(v))
		fprintf(f, "  %s: %.9g\n", key, v);
	else
		fprintf(f, "  %s: ~\n", key);
}

/* The reference, and the band and delta where one judged the value. */
static void ktap_verdict(FILE *f, const struct result_verdict *rv)
{
	enum verdict v = rv->out.v;

	yaml_str(f, "verdict", verdict_name(v));
	if (rv->have_ref) {
		yaml_num(f, "ref_mean", rv->mean);
		if (!isnan(rv->min) && !isnan(rv->max)) {
			yaml_num(f, "ref_min", rv->min);
			yaml_num(f, "ref_max", rv->max);
		}
	}
	if (v == V_PASS || v == V_WARN || v == V_FAIL || v == V_FAST) {
		yaml_num(f, "band_lo", rv->out.lo);
		yaml_num(f, "band_hi", rv->out.hi);
		fprintf(f, "  delta_pct: %.1f\n", 100 * rv->out.delta);
	}
	if (rv->out.why && *rv->out.why)
		yaml_str(f, "why", rv->out.why);
}

/* finding: r is a graded finding, whose params are said here, not in
 * its name */
static void ktap_yaml(FILE *f, const struct result *r, int finding)
{
	struct result bits = { .flags = r->flags };
	char flags[256];

	fputs("  ---\n", f);
	if (finding)
		yaml_str(f, "params", r->params);
	if (r->text) {
		yaml_str(f, "value", r->text);
	} else if (!isnan(r->value) || r->samples) {	/* not a status row */
		yaml_num(f, "value", r->value);
		yaml_str(f, "unit", r->unit);
		yaml_num(f, "min", r->min);
		yaml_num(f, "max", r->max);
		fprintf(f, "  samples: %u\n", r->samples);
		if (r->better)
			fprintf(f, "  better: %s\n", r->better > 0 ? "higher" : "lower");
	}
	if (r->metric && *r->metric)
		yaml_str(f, "metric", r->metric);
	if (*result_note(&bits, flags, sizeof(flags)))
		yaml_str(f, "flags", flags);
	if (r->note && *r->note)
		yaml_str(f, "note", r->note);
	if (r->verdict)
		ktap_verdict(f, r->verdict);
	fputs("  ...\n", f);
}

/* The directive of an ok line: skipped, or measured but not to be judged. */
static void ktap_directive(FILE *f, const struct result *r)
{
	const struct result_verdict *rv = r->verdict;

	if (r->flags & RESULT_SKIPPED) {
		fputs(" # SKIP ", f);
		tap_text(f, r->note && *r->note ? r->note : "skipped");
	} else if (r->flags & RESULT_THROTTLED) {
		fputs(" # TODO throttled", f);
	} else if (rv && rv->out.v == V_INVALID) {
		fputs(" # TODO INVALID", f);
		if (rv->out.why && *rv->out.why) {
			fputs(": ", f);
			tap_text(f, rv->out.why);
		}
	}
}

static void ktap_record(struct emit_out *o, const struct result *r)
{
	char g[16];
	int finding = params_value(r->params, "grade", g, sizeof(g)) != NULL;
	int bad = (r->flags & RESULT_FAILED) || (r->verdict && r->verdict->out.v == V_FAIL) ||
		  (finding && !strcmp(g, "problem"));

	fprintf(o->f, "%sok %u - ", bad ? "not " : "", o->count + 1);
	tap_text(o->f, r->applet);
	fputc(' ', o->f);
	tap_text(o->f, r->test);
	if (r->kernel && *r->kernel) {
		fputs(" kernel=", o->f);
		tap_text(o->f, r->kernel);
	}
	/* a finding's name is its test alone: its grade and attributes (in the
	 * YAML block) change from run to run, a farm's case must not */
	if (r->params && *r->params && !finding) {
		fputc(' ', o->f);
		tap_text(o->f, r->params);
	}
	if (!bad)
		ktap_directive(o->f, r);
	fputc('\n', o->f);
	ktap_yaml(o->f, r, finding);
	o->bad += bad;
}

static void ktap_begin(struct emit_out *o, const struct run_info *i)
{
	fputs("TAP version 13\n# benchbox ", o->f);
	tap_text(o->f, i->version);
	fputc(' ', o->f);
	tap_text(o->f, i->applet);
	fputs(" on ", o->f);
	tap_text(o->f, i->arch);
	fputs(", Linux ", o->f);
	tap_text(o->f, i->kernel);
	fputs(", ", o->f);
	tap_text(o->f, i->date);
	fputc('\n', o->f);
	snprintf(o->group, sizeof(o->group), "%s", nz(i->applet));
}

static void ktap_end(struct emit_out *o)
{
	unsigned n = o->count;

	if (o->failed && !o->bad) {
		fprintf(o->f, "not ok %u - ", ++n);
		tap_text(o->f, o->group);
		fputs(" exit status\n  ---\n  note: \"the run failed; its error output says why\"\n"
		      "  ...\n", o->f);
	}
	fprintf(o->f, "1..%u%s\n", n, n ? "" : " # SKIP no results");
}

const struct emitter emit_ktap = { "ktap", 0, ktap_begin, ktap_record, ktap_end };

/* the emit sink ----------------------------------------------------------- */

/* The name of output i in a message: stdout, stderr or 'FILE'. */
static const char *out_name(const struct emit_sink *rep, int i, char *buf, size_t len)
{
	if (i > 0)
		snprintf(buf, len, "'%s'", rep->path);
	else
		snprintf(buf, len, "%s", rep->out[0].f == stderr ? "stderr" : "stdout");
	return buf;
}

/* Flush output i; on a failed write say so once (unless quiet: a run that
 * failed has said why) and leave it alone. errno is cleared before the
 * output's writes, so a failure is named. */
static void out_check(struct emit_sink *rep, int i, int quiet)
{
	struct emit_out *o = &rep->out[i];
	char name[4200];
	int e;

	if (o->err || (!fflush(o->f) && !ferror(o->f)))
		return;
	e = errno ? errno : EIO;
	o->err = e;
	if (!quiet)
		errorf("write error on %s: %s", out_name(rep, i, name, sizeof(name)),
		       strerror(e));
	if (i == 0)
		clearerr(o->f);	/* said: the check at exit has nothing more to say */
}

enum out_step { STEP_BEGIN, STEP_RECORD, STEP_END };

/* One step of output o's emitter (its own, else the sink's): the one
 * place that calls an emitter, where a NULL callback means nothing to do.
 * errno is cleared first, so that out_check() names a failed write. */
static void out_step(const struct emit_sink *rep, struct emit_out *o, enum out_step step,
		     const struct result *r)
{
	const struct emitter *em = o->em ? o->em : rep->em;

	errno = 0;
	if (step == STEP_BEGIN && em->begin)
		em->begin(o, rep->info);
	else if (step == STEP_RECORD && em->record)
		em->record(o, r);
	else if (step == STEP_END && em->end)
		em->end(o);
}

static void out_begin(struct emit_sink *rep, int i)
{
	struct emit_out *o = &rep->out[i];

	if (o->begun || o->err || o->off)
		return;
	o->begun = 1;
	out_step(rep, o, STEP_BEGIN, NULL);
}

int emit_open(struct emit_sink *rep, const struct emitter *em,
	      const struct run_info *info, FILE *out, const char *path)
{
	memset(rep, 0, sizeof(*rep));
	rep->em = em;
	rep->info = info;
	rep->file.fd = -1;
	rep->out[rep->nout++].f = em->to_stderr ? stderr : out;
	if (path) {
		struct stat fst, ost;
		char err[256];
		FILE *f;
		int rc;

		rep->path = path;
		rc = out_open(&rep->file, path, 0, err, sizeof(err));
		if (rc) {
			errorf("cannot write '%s': %s", path, err);
			return rc == OUT_ISDIR ? 2 : 1;
		}
		if (!(f = fdopen(rep->file.fd, "w"))) {
			errorf("cannot write '%s': %s", path, strerror(errno));
			out_abort(&rep->file);
			return 1;
		}
		/* -o /dev/stdout (or the file stdout already is): that one
		 * output, not the same records twice */
		if (!em->to_stderr && !fstat(rep->file.fd, &fst) && !fstat(fileno(out), &ost) &&
		    fst.st_dev == ost.st_dev && fst.st_ino == ost.st_ino)
			rep->out[0].off = 1;
		rep->out[rep->nout++].f = f;
	}
	return 0;
}

void emit_set_arg(struct emit_sink *rep, const void *arg)
{
	for (int i = 0; i < rep->nout; i++)
		rep->out[i].arg = arg;
}

void emit_set_own_args(struct emit_sink *rep, const struct emitter *em, size_t size)
{
	for (int i = 0; i < rep->nout; i++)
		if ((rep->out[i].em ? rep->out[i].em : rep->em) == em)
			rep->out[i].arg = xcalloc(1, size);
}

void emit_set_emitter(struct emit_sink *rep, const struct emitter *em)
{
	if (rep->out[0].f == (rep->em->to_stderr ? stderr : stdout))
		rep->out[0].f = em->to_stderr ? stderr : stdout;
	rep->em = em;
}

void emit_record(struct emit_sink *rep, const struct result *r)
{
	for (int i = 0; i < rep->nout; i++) {
		struct emit_out *o = &rep->out[i];

		out_begin(rep, i);
		if (o->err || o->off)
			continue;
		out_step(rep, o, STEP_RECORD, r);
		o->count++;
		out_check(rep, i, 0);
	}
	rep->count++;
}

int emit_close(struct emit_sink *rep, int keep)
{
	char name[4200];
	int rc = 0;

	for (int i = 0; i < rep->nout; i++) {
		struct emit_out *o = &rep->out[i];
		/* stdout, a device and a FIFO have the document so far: finish it;
		 * a temporary file is removed instead */
		int finish = keep || i == 0 || !rep->file.atomic;

		o->failed = !keep;
		if (finish && !o->begun && !rep->silent)
			out_begin(rep, i);
		if (finish && o->begun && !o->err)
			out_step(rep, o, STEP_END, NULL);
		if (finish)
			out_check(rep, i, !keep);
		table_free(o);	/* what an output left unwritten holds */
		rc |= o->err != 0;
		if (i == 0)
			continue;
		/* the -o file: flush to the medium, close, rename into place */
		if (!o->err && finish && (out_sync(&rep->file) | fclose(o->f))) {
			o->err = errno;
			if (keep)
				errorf("write error on %s: %s",
				       out_name(rep, i, name, sizeof(name)), strerror(errno));
		} else if (o->err || !finish) {
			fclose(o->f);
		}
		rep->file.fd = -1;	/* fclose() closed it */
		rc |= o->err != 0;
		if (!keep || o->err || (rep->silent && !o->begun)) {
			out_abort(&rep->file);
		} else if (out_commit(&rep->file)) {
			errorf("cannot write '%s': %s", rep->path, strerror(errno));
			rc = 1;
		}
	}
	return rc;
}
