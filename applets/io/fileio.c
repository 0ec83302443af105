/* fileio.c - file and raw-device throughput, IOPS and CPU load
 *
 * SPDX-License-Identifier: MIT
 *
 * Three modes, the vendor guides' storage tables in one applet. seq writes
 * a file with write() of each buffer size, fsync included in the time (as
 * `dd conv=fsync`), then reads it back cold: root drops the page cache
 * (sync, then /proc/sys/vm/drop_caches), others posix_fadvise(DONTNEED)
 * it, --direct uses O_DIRECT both ways; mincore() then says whether the
 * file really left the cache. rand runs DEPTH threads of pread()/pwrite()
 * at random block-aligned offsets of a file written beforehand, O_DIRECT by
 * default (fio --direct=1 --iodepth=DEPTH, with threads as the engine), and
 * times every I/O into a log-linear histogram for p50 and p99. raw reads a
 * block device (O_DIRECT when it takes it) or an MTD character device.
 *
 * MB = 10^6 bytes (the guides' "Mbytes"). CPU load = busy ticks over all
 * ticks of /proc/stat's "cpu" line across the timed region, every CPU,
 * with idle and iowait as not busy; "self" = this process's user + system
 * time (getrusage) over the wall time. Both are coarse over short regions
 * (USER_HZ is usually 100): a load from under FIO_FEW_TICKS ticks says so.
 *
 * Safety: files go only where asked. A scratch file in DIR is removed at
 * the end and on any catchable fatal signal (src/scratch.h), and leftovers
 * of runs killed by SIGKILL are swept first; an existing FILE is
 * overwritten only with --destructive; the free space is checked
 * (scratch_room()) before anything is written.
 * raw never writes, except with --write --destructive on a block device
 * that nothing mounts, swaps on or holds (fileio_raw.c).
 */
#include "applet.h"
#include "fileio.h"
#include "stats.h"
#include "sys.h"
#include "util.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#define OPTIONS(O) \
	O(SIZE, "size", OPT_SIZE, \
	  "file size (seq, rand) or bytes to read (raw) [seq 1G, rand 256M (--quick " \
	  "16M, 32M), at most half the free space; raw the device, at most 256M " \
	  "(--quick 32M)]", \
	  .min = 512, .max = 1e15, .metavar = "BYTES") \
	O(BS, "bs", OPT_STR, \
	  "buffer sizes (k = 1024) [seq 100k,256k,512k,1m,5m, --quick 256k,1m; rand 4k; raw 1m]", \
	  .metavar = "BYTES[,BYTES...]") \
	O(DEPTH, "depth", OPT_INT, "rand: I/Os in flight, one thread each", .letter = 'd', \
	  .def = "4", .min = 1, .max = 64) \
	O(TIME, "time", OPT_DOUBLE, "rand: seconds per phase [5; --quick 1]", .letter = 't', \
	  .min = 0.05, .max = 3600, .metavar = "SECONDS") \
	O(DIRECT, "direct", OPT_BOOL, "O_DIRECT, bypassing the page cache (rand: default)") \
	O(BUFFERED, "buffered", OPT_BOOL, "rand: through the page cache, not O_DIRECT") \
	O(SYNC, "sync", OPT_BOOL, "seq: O_SYNC writes") \
	O(READ_ONLY, "read-only", OPT_BOOL, "rand: the read phase only") \
	O(WRITE_ONLY, "write-only", OPT_BOOL, "rand: the write phase only") \
	O(WRITE, "write", OPT_BOOL, "raw: write DEVICE (needs --destructive)") \
	O(DESTRUCTIVE, "destructive", OPT_BOOL, \
	  "overwrite an existing FILE; with raw --write, DEVICE")
OPT_TABLE(fileio, OPTIONS);

enum { M_SEQ = 1 << FIO_SEQ, M_RAND = 1 << FIO_RAND, M_RAW = 1 << FIO_RAW };

/* Which modes take each option. */
static const unsigned char opt_modes[OI_COUNT_] = {
	[OI_SIZE] = M_SEQ | M_RAND | M_RAW,	[OI_BS] = M_SEQ | M_RAND | M_RAW,
	[OI_DEPTH] = M_RAND,			[OI_TIME] = M_RAND,
	[OI_DIRECT] = M_SEQ | M_RAND,		[OI_BUFFERED] = M_RAND,
	[OI_SYNC] = M_SEQ,			[OI_READ_ONLY] = M_RAND,
	[OI_WRITE_ONLY] = M_RAND,		[OI_WRITE] = M_RAW,
	[OI_DESTRUCTIVE] = M_SEQ | M_RAND | M_RAW,
};

static const char *const mode_names[] = { "seq", "rand", "raw" };

void fio_say(const char *fmt, ...)
{
	va_list ap;

	util_hold_stderr(1);
	fputs("fileio: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	util_hold_stderr(0);
}

int fio_parse_sizes(const char *text, uint64_t *out, int max)
{
	char item[64];
	int n = 0;

	while (*text) {
		size_t len = strcspn(text, ",");

		if (n == max || len == 0 || len >= sizeof(item))
			return -1;
		memcpy(item, text, len);
		item[len] = '\0';
		if (parse_size(item, &out[n]) || out[n] == 0)
			return -1;
		n++;
		text += len;
		if (*text == ',' && !*++text)
			return -1;	/* a trailing comma */
	}
	return n ? n : -1;
}

/* CPU load --------------------------------------------------------------- */

void fio_cpu_snap(struct fio_cpu_snap *s)
{
	char line[512];
	struct rusage ru;

	s->busy = s->total = 0;
	if (read_text("/proc/stat", line, sizeof(line)) <= 0 ||
	    sys_stat_cpu(line, &s->busy, &s->total))
		s->total = 0;
	getrusage(RUSAGE_SELF, &ru);
	s->self_s = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6 +
		    (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec * 1e-6;
	s->wall_ns = bench_clock_ns();
}

void fio_load_between(const struct fio_cpu_snap *a, const struct fio_cpu_snap *b,
		      struct fio_load *out)
{
	out->secs = (double)(b->wall_ns - a->wall_ns) * 1e-9;
	out->known = a->total && b->total;
	out->ticks = out->known && b->total > a->total ? b->total - a->total : 0;
	out->all = out->ticks && b->busy >= a->busy ?
		   100.0 * (double)(b->busy - a->busy) / (double)out->ticks : NAN;
	out->self = out->secs > 0 ? 100.0 * (b->self_s - a->self_s) / out->secs : NAN;
}

/* Records ---------------------------------------------------------------- */

void fio_phase_init(struct fio_phase *p, unsigned n)
{
	double *v = xcalloc(3 * (size_t)n, sizeof(*v));

	p->mbs = (struct fio_series){ v, n };
	p->cpu = (struct fio_series){ v + n, n };
	p->self = (struct fio_series){ v + 2 * n, n };
	p->ticks = UINT64_MAX;
}

void fio_phase_free(struct fio_phase *p)
{
	free(p->mbs.v);
	p->mbs.v = p->cpu.v = p->self.v = NULL;
}

void fio_phase_label(struct fio_phase *p, const char *test, uint64_t bs, const char *params,
		     const char *note, int metric, uint64_t iters)
{
	p->test = test;
	p->bs = bs;
	p->params = params;
	p->note = note;
	p->metric = metric;
	p->iters = iters;
}

void fio_phase_set(struct fio_phase *p, unsigned i, uint64_t bytes, const struct fio_load *ld)
{
	p->mbs.v[i] = ld->secs > 0 ? (double)bytes / ld->secs / 1e6 : NAN;
	p->cpu.v[i] = ld->all;
	p->self.v[i] = ld->self;
	if (ld->ticks < p->ticks)
		p->ticks = ld->ticks;
	if (isnan(ld->all))
		p->cpu_why = ld->known ? "shorter than one /proc/stat tick" : "no /proc/stat";
}

double fio_report_series(struct run_ctx *ctx, const struct fio_phase *p, const char *test,
			 const char *unit, int better, const struct fio_series *s)
{
	struct result r = { 0 };
	char metric[96], note[200];
	double *v = xcalloc(s->n, sizeof(*v));
	unsigned i, n = 0;
	struct stats st;

	for (i = 0; i < s->n; i++)
		if (!isnan(s->v[i]))
			v[n++] = s->v[i];
	stats_compute(v, n, &st);
	free(v);
	r.test = test;
	r.params = p->params;
	r.unit = unit;
	r.better = better;
	r.value = n ? st.median : NAN;
	r.min = n ? st.min : NAN;
	r.max = n ? st.max : NAN;
	r.iters = p->iters;
	r.samples = n;
	r.note = p->note;
	if (!n) {
		r.flags |= RESULT_SKIPPED;
		r.note = s == &p->cpu && p->cpu_why ? p->cpu_why : "not measured";
	} else if (s == &p->cpu && p->ticks < FIO_FEW_TICKS) {
		snprintf(note, sizeof(note), "%s; coarse: %llu tick%s", p->note,
			 (unsigned long long)p->ticks, p->ticks == 1 ? "" : "s");
		r.note = note;
	}
	if (ctx->quick)
		r.flags |= RESULT_SHORT;
	if (p->metric) {
		if (p->bs)
			snprintf(metric, sizeof(metric), "fileio-%s-%llu", test,
				 (unsigned long long)p->bs);
		else
			snprintf(metric, sizeof(metric), "fileio-%s", test);
		r.metric = metric;
	}
	emit_result(ctx, &r);
	return r.value;
}

void fio_phase_report(struct run_ctx *ctx, const struct fio_phase *p, double *mbs, double *cpu)
{
	char cname[48], self[48];
	struct fio_phase q = *p;

	snprintf(cname, sizeof(cname), "%s-cpu", p->test);
	snprintf(self, sizeof(self), "%s-cpu-self", p->test);
	*mbs = fio_report_series(ctx, p, p->test, UNIT_MB_S, 1, &p->mbs);
	*cpu = fio_report_series(ctx, p, cname, UNIT_PERCENT, -1, &p->cpu);
	q.metric = 0;		/* the guides have no "self" column */
	fio_report_series(ctx, &q, self, UNIT_PERCENT, -1, &q.self);
}

/* The guides' table ------------------------------------------------------ */

static const char *const guide_cols[FIO_G_COLS] = {
	"Write MB/s", "Write CPU %", "Read MB/s", "Read CPU %",
};

static void guide_begin(struct emit_out *o, const struct run_info *info)
{
	int i;

	(void)info;
	fprintf(o->f, "%-20s", "Buffer size (bytes)");
	for (i = 0; i < FIO_G_COLS; i++)
		fprintf(o->f, " %12s", guide_cols[i]);
	fputc('\n', o->f);
}

/* One cell per record: r->x is the row's buffer size, a new one starts a
 * new row. */
static void guide_record(struct emit_out *o, const struct result *r)
{
	char key[32];

	snprintf(key, sizeof(key), "%.0f", r->x);
	if (strcmp(key, o->group)) {
		fprintf(o->f, "%s%-20s", o->count ? "\n" : "", key);
		snprintf(o->group, sizeof(o->group), "%s", key);
	}
	if (isnan(r->value))
		fprintf(o->f, " %12s", "-");
	else
		fprintf(o->f, " %12.2f", r->value);
}

static void guide_end(struct emit_out *o)
{
	if (o->count)
		fputc('\n', o->f);
}

static const struct emitter emit_fio_guide = { "guide", 1, guide_begin, guide_record, guide_end };

void fio_guide_init(struct fio_guide *g, const uint64_t *bs, int n)
{
	int i, c;

	g->n = n;
	for (i = 0; i < n; i++) {
		g->bs[i] = bs[i];
		for (c = 0; c < FIO_G_COLS; c++)
			g->v[i][c] = NAN;
	}
}

void fio_guide_set(struct fio_guide *g, uint64_t bs, int col, double v)
{
	int i;

	for (i = 0; i < g->n; i++)
		if (g->bs[i] == bs)
			g->v[i][col] = v;
}

void fio_guide_print(struct run_ctx *ctx, const struct fio_guide *g)
{
	struct run_info info;
	struct emit_sink rep;
	int i, c;

	if (ctx->rep->em != &emit_table || !g->n)
		return;
	run_info_fill(&info, ctx->applet->name);
	util_hold_stderr(1);
	fputc('\n', stderr);
	if (emit_open(&rep, &emit_fio_guide, &info, stderr, NULL))
		goto out;
	for (i = 0; i < g->n; i++)
		for (c = 0; c < FIO_G_COLS; c++) {
			struct result r = { 0 };

			r.test = guide_cols[c];
			r.x = (double)g->bs[i];
			r.value = g->v[i][c];
			emit_record(&rep, &r);
		}
	emit_close(&rep, 1);
out:
	util_hold_stderr(0);
}

/* The command line ------------------------------------------------------- */

static int parse_mode(struct run_ctx *ctx, struct fio_opts *o)
{
	unsigned i;

	o->mode = FIO_SEQ;
	if (ctx->argc == 0)
		return EXIT_OK;
	for (i = 0; i < ARRAY_LEN(mode_names); i++)
		if (!strcmp(ctx->argv[0], mode_names[i])) {
			o->mode = (enum fio_mode)i;
			break;
		}
	if (i == ARRAY_LEN(mode_names)) {
		errorf("'%s' is not one of seq, rand, raw (try 'fileio --help')", ctx->argv[0]);
		return EXIT_USAGE;
	}
	if (ctx->argc > 2) {
		errorf("one %s at most after '%s', not '%s'", o->mode == FIO_RAW ? "DEVICE" :
		       "DIR or FILE", ctx->argv[0], ctx->argv[2]);
		return EXIT_USAGE;
	}
	o->target = ctx->argc == 2 ? ctx->argv[1] : NULL;
	if (o->mode == FIO_RAW && !o->target) {
		errorf("raw needs a DEVICE (/dev/mmcblk0, /dev/sda, /dev/mtd0 ...)");
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

/* Options for another mode, and pairs that exclude each other. */
static int check_modes(struct run_ctx *ctx, const struct fio_opts *o)
{
	static const unsigned char excl[][2] = {
		{ OI_DIRECT, OI_BUFFERED }, { OI_READ_ONLY, OI_WRITE_ONLY },
	};
	unsigned i;

	for (i = 0; i < ARRAY_LEN(opt_modes); i++)
		if (ctx->vals[i].set && !(opt_modes[i] & (1u << o->mode))) {
			errorf("--%s does not apply to 'fileio %s'", opts[i].name,
			       mode_names[o->mode]);
			return EXIT_USAGE;
		}
	for (i = 0; i < ARRAY_LEN(excl); i++)
		if (ctx->vals[excl[i][0]].set && ctx->vals[excl[i][1]].set) {
			errorf("--%s and --%s exclude each other", opts[excl[i][0]].name,
			       opts[excl[i][1]].name);
			return EXIT_USAGE;
		}
	if (o->mode == FIO_RAW && o->destructive && !o->write) {
		errorf("--destructive goes with --write: raw only reads otherwise");
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

static const char *default_bs(const struct run_ctx *ctx, enum fio_mode mode)
{
	if (mode == FIO_RAND)
		return "4k";
	if (mode == FIO_RAW)
		return "1m";
	return ctx->quick ? "256k,1m" : "100k,256k,512k,1m,5m";
}

static int parse_bs(struct run_ctx *ctx, struct fio_opts *o)
{
	const char *text = opt_str(ctx, BS);
	int i;

	if (!text)
		text = default_bs(ctx, o->mode);
	o->nbs = fio_parse_sizes(text, o->bs, FIO_MAX_BS);
	if (o->nbs < 0 || (o->mode == FIO_RAW && o->nbs != 1)) {
		errorf("--bs: '%s' is not %s", text, o->mode == FIO_RAW ? "one size (e.g. 1m)" :
		       "a list of sizes (e.g. 4k or 100k,1m)");
		return EXIT_USAGE;
	}
	for (i = 0; i < o->nbs; i++) {
		int aligned = o->mode != FIO_SEQ || o->direct;

		if (o->bs[i] > (256u << 20) || (aligned && o->bs[i] % FIO_SECTOR)) {
			errorf("--bs: %llu is not %s", (unsigned long long)o->bs[i],
			       aligned ? "a multiple of 512 up to 256M (O_DIRECT)" : "up to 256M");
			return EXIT_USAGE;
		}
		if (o->size && o->bs[i] > o->size) {
			errorf("--bs: %llu is larger than --size %llu", (unsigned long long)o->bs[i],
			       (unsigned long long)o->size);
			return EXIT_USAGE;
		}
	}
	return EXIT_OK;
}

static int parse_opts(struct run_ctx *ctx, struct fio_opts *o)
{
	int rc;

	memset(o, 0, sizeof(*o));
	if ((rc = parse_mode(ctx, o)))
		return rc;
	o->direct = o->mode == FIO_RAND ? !opt_given(ctx, BUFFERED) : opt_given(ctx, DIRECT);
	o->sync = opt_given(ctx, SYNC);
	o->reads = !opt_given(ctx, WRITE_ONLY);
	o->writes = !opt_given(ctx, READ_ONLY);
	o->write = opt_given(ctx, WRITE);
	o->destructive = opt_given(ctx, DESTRUCTIVE);
	o->size = opt_given(ctx, SIZE) ? opt_size(ctx, SIZE) : 0;
	o->depth = (unsigned)opt_int(ctx, DEPTH);
	o->secs = opt_given(ctx, TIME) ? opt_double(ctx, TIME) : ctx->quick ? 1 : 5;
	o->samples = ctx->bench.samples ? ctx->bench.samples : 1;
	if ((rc = check_modes(ctx, o)))
		return rc;
	return parse_bs(ctx, o);
}

static int fileio_run(struct run_ctx *ctx)
{
	struct fio_opts o;
	int rc = parse_opts(ctx, &o);

	if (rc)
		return rc;
	if (o.mode == FIO_RAND)
		return fio_rand_run(ctx, &o);
	if (o.mode == FIO_RAW)
		return fio_raw_run(ctx, &o);
	return fio_seq_run(ctx, &o);
}

TEXT(fileio_summary, "file and raw-device throughput, IOPS and CPU load");
TEXT(fileio_usage,
	"usage: fileio seq  [--size BYTES] [--bs BYTES[,BYTES...]] [--direct] [--sync]\n"
	"                   [DIR|FILE]\n"
	"       fileio rand [--size BYTES] [--bs BYTES] [-d DEPTH] [-t SECONDS]\n"
	"                   [--buffered] [--read-only|--write-only] [DIR|FILE]\n"
	"       fileio raw  [--bs BYTES] [--size BYTES] [--write --destructive] DEVICE\n"
	"\n"
	"Storage throughput for the vendor guides' tables. seq (the default)\n"
	"writes --size bytes with write() and fsync for each buffer size, timed\n"
	"together like dd conv=fsync, then reads them back cold (the page cache\n"
	"dropped). rand writes a file, then does -t seconds of random reads and\n"
	"of random writes of --bs bytes by DEPTH threads, through O_DIRECT unless\n"
	"--buffered (a file system without O_DIRECT skips, exit 77). raw reads a\n"
	"block or MTD DEVICE, and writes it only with --write --destructive when\n"
	"nothing uses it. Without FILE a scratch file in DIR (default --dir) is\n"
	"used and removed; too little free space skips (exit 77). Results in MB/s\n"
	"(10^6 bytes), with IOPS and p50/p99 latency for rand, and CPU % busy\n"
	"over all CPUs; table output adds the guides' table on stderr.\n");

const struct applet applet_fileio = {
	.name    = "fileio",
	.summary = TEXT_PTR(fileio_summary),
	.usage   = TEXT_PTR(fileio_usage),
	.opts    = opts,
	.unit    = UNIT_MB_S,
	.flags   = APPLET_NEEDS_DIR | APPLET_SLOW,
	.reps    = 1,
	.run     = fileio_run,
};
