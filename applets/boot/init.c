/* init.c - benchbox as /init: run a suite at boot, results on the console
 *
 * SPDX-License-Identifier: MIT
 *
 * As PID 1 (any name; main() comes here before the applet dispatch) or as
 * `benchbox init`: mount what the tests need (init_sys.c), read the
 * benchbox.* settings - /benchbox.cmdline (written by mkinitramfs
 * --cmdline) first, then the kernel command line, which wins - and run
 * `run SUITE` in a forked child (run_child_stream(), in init's process
 * group) with its stdout on a pipe. That output is the payload: it is
 * copied to the console between two marker lines,
 *
 *   BENCHBOX-BEGIN v1 format=ktap suite=quick
 *   ... the records, in benchbox.format ...
 *   BENCHBOX-END v1 status=0 lines=N bytes=N sha256=HEX
 *
 * where bytes, lines and the SHA-256 are those of the payload with '\n'
 * line ends (a serial console adds '\r': strip it), so a log parser can
 * tell a complete capture from a cut or garbled one (tools/bootlog.py is
 * such a parser). The run's stderr (its summary, the tests' messages) is
 * held back and printed after the end marker, so nothing else lands
 * between the markers; the kernel's own messages are quieted first.
 * Then, as PID 1: every leftover process is killed, file systems synced,
 * and the machine powered off (benchbox.then=halt|reboot|wait change that).
 * PID 1 never returns and never exits: that would panic the kernel. It
 * reaps every child, its own and the orphans it inherits, as it goes.
 * Not as PID 1, nothing is mounted over an existing file system and the
 * system stays up: the exit status is the run's.
 */
#define _GNU_SOURCE
#include "init.h"
#include "applet.h"
#include "run.h"
#include "proc.h"
#include "outfile.h"
#include "scratch.h"
#include "util.h"

#include "mbedtls/sha256.h"

#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define OPTIONS(O) \
	O(CMDLINE, "cmdline", OPT_STR, \
	  "take the settings from this text instead of /proc/cmdline", .metavar = "TEXT")
OPT_TABLE(init, OPTIONS);

#define DEFAULTS_FILE	"/benchbox.cmdline"
#define ERR_KEEP	16384		/* bytes of the run's stderr kept for the end */

/* ---- settings ---- */

void init_settings_default(struct init_settings *s)
{
	memset(s, 0, sizeof(*s));
	s->suite = "quick";
	s->format = "ktap";
	s->then = THEN_POWEROFF;
}

/* Add word to a blank-separated list; "..." once the list is full. */
static void note_word(char *list, size_t len, const char *word)
{
	size_t n = strlen(list);

	if (n >= 3 && !strcmp(list + n - 3, "..."))
		return;
	if ((size_t)snprintf(list + n, len - n, "%s%s", n ? " " : "", word) >= len - n)
		memcpy(list + len - 4, "...", 4);
}

static int parse_then(const char *v, enum init_then *then)
{
	static const struct {
		const char	*name;
		enum init_then	then;
	} names[] = {
		{ "poweroff", THEN_POWEROFF }, { "halt", THEN_HALT }, { "reboot", THEN_REBOOT },
		{ "wait", THEN_WAIT }, { "shell-less-wait", THEN_WAIT },
	};
	size_t i;

	for (i = 0; i < ARRAY_LEN(names); i++)
		if (!strcmp(v, names[i].name)) {
			*then = names[i].then;
			return 0;
		}
	return -1;
}

/* ---- benchbox.modules ---- */

static int module_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_' || c == '-' || c == '+' || c == '.';
}

int init_module_name_check(const char *name, size_t len, char *why, size_t wlen)
{
	size_t i;

	if (!len) {
		snprintf(why, wlen, "an empty name");
		return -1;
	}
	if (len > INIT_MODULE_NAME_MAX) {
		snprintf(why, wlen, "a name over %d bytes", INIT_MODULE_NAME_MAX);
		return -1;
	}
	for (i = 0; i < len; i++)
		if (!module_char(name[i]) || (i && name[i] == '.' && name[i - 1] == '.'))
			break;
	if (i < len || name[0] == '.') {
		snprintf(why, wlen, "not a plain file name (letters, digits, _ - + . only; "
			 "no leading . and no ..)");
		return -1;
	}
	if (!ends_with(name, len, ".ko") && !ends_with(name, len, ".ko.xz")) {
		snprintf(why, wlen, "'%.*s': not a .ko or .ko.xz file", (int)len, name);
		return -1;
	}
	return 0;
}

int init_modules_check(const char *list, char *why, size_t wlen)
{
	const char *p = list, *e, *q;
	unsigned n = 0;

	for (;;) {
		e = strchr(p, ',');
		if (!e)
			e = p + strlen(p);
		if (++n > INIT_MODULES_MAX) {
			snprintf(why, wlen, "over %d modules", INIT_MODULES_MAX);
			return -1;
		}
		if (init_module_name_check(p, (size_t)(e - p), why, wlen))
			return -1;
		for (q = list; q < p; q = strchr(q, ',') + 1)
			if (!strncmp(q, p, (size_t)(e - p)) && q[e - p] == ',') {
				snprintf(why, wlen, "'%.*s' named twice", (int)(e - p), p);
				return -1;
			}
		if (!*e)
			return 0;
		p = e + 1;
	}
}

/* Why v is not a value of key, NULL when it is. why has room for the
 * reason of a suite. */
static const char *bad_value(const char *key, const char *v, char *why, size_t len)
{
	struct init_ip ip;
	double d;

	if (!*v)
		return "";
	if (!strcmp(key, "format") && !emitter_find(v))
		return "";
	if (!strcmp(key, "budget") && (parse_double(v, &d) || !(d >= 0.01 && d <= 86400)))
		return "";
	if (!strcmp(key, "suite") && suite_check(v, why, len))
		return why;
	if (!strcmp(key, "modules") && init_modules_check(v, why, len))
		return why;
	if (!strcmp(key, "ip") && init_ip_parse(v, &ip, why, len))
		return why;
	if (!strcmp(key, "serve") && !init_serve_applet(v, why, len))
		return why;
	return NULL;
}

/* One "benchbox.KEY=VALUE" word, KEY=VALUE passed in place (it may be
 * changed); a value kept is copied to buf, where the caller made room. */
static void set_one(struct init_settings *s, char *kv)
{
	char *v = strchr(kv, '='), why[200], note[240];
	static const char *const strs[] = { "suite", "board", "expect", "format", "out",
					    "budget", "args", "modules", "ip", "serve" };
	const char **dst[] = { &s->suite, &s->board, &s->expect, &s->format, &s->out,
			       &s->budget, &s->args, &s->modules, &s->ip, &s->serve };
	const char *bad;
	size_t i, n;

	if (!v) {
		note_word(s->bad, sizeof(s->bad), kv);
		return;
	}
	*v++ = '\0';
	for (i = 0; i < ARRAY_LEN(strs); i++)
		if (!strcmp(kv, strs[i])) {
			bad = bad_value(kv, v, why, sizeof(why));
			if (bad) {
				snprintf(note, sizeof(note), *bad ? "%s (%s)" : "%s", kv, bad);
				note_word(s->bad, sizeof(s->bad), note);
				return;
			}
			n = strlen(v) + 1;
			memmove(s->buf + s->used, v, n);
			*dst[i] = s->buf + s->used;
			s->used += n;
			return;
		}
	if (!strcmp(kv, "quick") && (!strcmp(v, "0") || !strcmp(v, "1")))
		s->quick = *v == '1';
	else if (!strcmp(kv, "then") && !parse_then(v, &s->then))
		;
	else if (!strcmp(kv, "quick") || !strcmp(kv, "then"))
		note_word(s->bad, sizeof(s->bad), kv);
	else
		note_word(s->unknown, sizeof(s->unknown), kv);
}

static int blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

int init_settings_parse(struct init_settings *s, const char *text, size_t len, char *err,
			size_t errlen)
{
	size_t i = 0, n;
	char *w;
	int quoted;

	if (len > INIT_TEXT_MAX) {
		snprintf(err, errlen, "%zu bytes, over the %d-byte limit of a settings text", len,
			 INIT_TEXT_MAX);
		return -1;
	}
	if (len && memchr(text, '\0', len)) {
		snprintf(err, errlen, "a NUL byte at offset %zu: not a settings text",
			 (size_t)((const char *)memchr(text, '\0', len) - text));
		return -1;
	}
	/* each word is gathered past the values kept so far; a value kept
	 * is shorter than its word, so a whole text fits there */
	if (sizeof(s->buf) - s->used < len + 1) {
		snprintf(err, errlen, "no room left for another settings text");
		return -1;
	}
	while (i < len) {
		while (i < len && blank(text[i]))
			i++;
		if (i == len)
			break;
		w = s->buf + s->used;
		n = 0;
		quoted = 0;
		for (; i < len && (quoted || !blank(text[i])); i++) {
			if (text[i] == '"')
				quoted = !quoted;
			else
				w[n++] = text[i];
		}
		w[n] = '\0';
		if (n > 9 && !strncmp(w, "benchbox.", 9))
			set_one(s, w + 9);
	}
	return 0;
}

/* ---- the run ---- */

/* run's argv, every word its own allocation; free with free_args(). */
static char **run_args(const struct init_settings *s)
{
	char *words = xstrdup(s->args ? s->args : ""), *w, *save = NULL, **av;
	size_t n = 0;

	/* at most 11 words besides the args, and no more args than bytes */
	av = xcalloc(12 + strlen(words) / 2 + 2, sizeof(*av));
	av[n++] = xstrdup("run");
	av[n] = xmalloc(strlen(s->format) + 10);
	sprintf(av[n++], "--format=%s", s->format);
	if (s->budget) {
		av[n++] = xstrdup("--budget");
		av[n++] = xstrdup(s->budget);
	}
	if (s->board) {
		av[n++] = xstrdup("--board");
		av[n++] = xstrdup(s->board);
	}
	if (s->expect) {
		av[n++] = xstrdup("--expect");
		av[n++] = xstrdup(s->expect);
	}
	if (s->quick)
		av[n++] = xstrdup("--quick");
	av[n++] = xstrdup(s->suite);
	if (s->args) {
		av[n++] = xstrdup("--");
		for (w = strtok_r(words, ", ", &save); w; w = strtok_r(NULL, ", ", &save))
			av[n++] = xstrdup(w);
	}
	free(words);
	return av;
}

static void free_args(char **av)
{
	size_t i;

	for (i = 0; av[i]; i++)
		free(av[i]);
	free(av);
}

struct payload {
	mbedtls_sha256_context	sha;
	unsigned long long	bytes, lines;
	char			last;
	struct outfile		copy;		/* benchbox.out; fd -1 = none */
	int			copy_err;	/* it was asked for and failed: errno, or -1
						   when it could not be opened (said then) */
	char			*err;		/* the run's stderr, the last ERR_KEEP bytes */
	size_t			nerr;
};

/* Into benchbox.out, until a write fails: then it is left alone. */
static void copy_add(struct payload *pl, const char *p, size_t n)
{
	if (pl->copy.fd < 0 || pl->copy_err)
		return;
	errno = 0;
	if (proc_writen(pl->copy.fd, p, n))
		pl->copy_err = errno ? errno : EIO;
}

/* The run's stdout: to the console and the copy, counted and summed. */
static void payload_add(void *arg, const char *p, size_t n)
{
	struct payload *pl = arg;
	size_t i;

	proc_writen(STDOUT_FILENO, p, n);
	copy_add(pl, p, n);
	mbedtls_sha256_update_ret(&pl->sha, (const unsigned char *)p, n);
	pl->bytes += n;
	for (i = 0; i < n; i++)
		pl->lines += p[i] == '\n';
	if (n)
		pl->last = p[n - 1];
}

/* The run's stderr: its last ERR_KEEP bytes, for after the end line. */
static void err_add(void *arg, const char *p, size_t n)
{
	struct payload *pl = arg;

	if (n >= ERR_KEEP) {
		p += n - ERR_KEEP;
		n = ERR_KEEP;
	}
	if (pl->nerr + n > ERR_KEEP) {
		size_t drop = pl->nerr + n - ERR_KEEP;

		memmove(pl->err, pl->err + drop, pl->nerr - drop);
		pl->nerr -= drop;
	}
	memcpy(pl->err + pl->nerr, p, n);
	pl->nerr += n;
}

/* benchbox.out by the rule of every output (src/outfile.h), except that
 * init never waits for a FIFO's reader, and never creates a name in /dev
 * (a device that is not there yet must not become a file in its place). */
static void open_copy(struct payload *pl, const char *out)
{
	unsigned flags = OUT_NOWAIT | (!strncmp(out, "/dev/", 5) ? OUT_NOCREATE : 0);
	char err[256];

	if (out_open(&pl->copy, out, flags, err, sizeof(err))) {
		dprintf(STDOUT_FILENO, "init: benchbox.out=%s: %s (console only)\n", out, err);
		pl->copy_err = -1;
	}
}

/* The end line into benchbox.out, then fsync, close, rename into place:
 * 0, or the errno of the first thing that failed (said on the console by
 * the caller, after the end line). */
static int close_copy(struct payload *pl, const char *end)
{
	if (pl->copy.fd < 0)
		return pl->copy_err;
	copy_add(pl, end, strlen(end));
	if (pl->copy_err) {
		out_abort(&pl->copy);
		return pl->copy_err;
	}
	if (out_commit(&pl->copy))
		pl->copy_err = errno ? errno : EIO;
	return pl->copy_err;
}

static int exit_of(int status)
{
	if (status < 0)
		return EXIT_FAIL;
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}

static void end_line(char *line, size_t len, int rc, const struct payload *pl,
		     const unsigned char *sum)
{
	int i = snprintf(line, len, "BENCHBOX-END v1 status=%d lines=%llu bytes=%llu sha256=",
			 rc, pl->lines, pl->bytes);

	for (size_t k = 0; k < 32 && i + 3 < (int)len; k++)
		i += snprintf(line + i, len - (size_t)i, "%02x", sum[k]);
	snprintf(line + i, len - (size_t)i, "\n");
}

/* The header, the markers around the payload, the held-back stderr. The
 * run is a child in init's process group, its stdout the payload as it
 * comes, reaped with every orphan (run_child.c). */
static int run_suite(const struct init_settings *s)
{
	struct payload pl = { .copy = { .fd = -1 } };
	struct child_spec c = { .same_group = 1, .on_out = payload_add, .on_err = err_add,
				.arg = &pl, .reap = init_reap };
	struct child_out o;
	int status, rc, copy_err;
	char line[256];
	unsigned char sum[32];

	c.argv = run_args(s);
	while (c.argv[c.argc])
		c.argc++;
	if (s->out)
		open_copy(&pl, s->out);
	pl.err = xmalloc(ERR_KEEP);
	snprintf(line, sizeof(line), "BENCHBOX-BEGIN v1 format=%s suite=%s\n", s->format, s->suite);
	proc_writen(STDOUT_FILENO, line, strlen(line));
	copy_add(&pl, line, strlen(line));
	mbedtls_sha256_init(&pl.sha);
	mbedtls_sha256_starts_ret(&pl.sha, 0);
	memset(&o, 0, sizeof(o));
	if (run_child_stream(&c, &o)) {
		snprintf(pl.err, ERR_KEEP, "init: cannot start the run: %s\n", o.last_err);
		pl.nerr = strlen(pl.err);
		status = -1;
	} else {
		status = o.status;
	}
	if (pl.bytes && pl.last != '\n')
		payload_add(&pl, "\n", 1);
	mbedtls_sha256_finish_ret(&pl.sha, sum);
	/* a copy that was asked for and not made fails the run: the end line
	 * of the console says so, even when only the last steps failed */
	rc = exit_of(status);
	if (pl.copy_err && !rc)
		rc = EXIT_FAIL;
	end_line(line, sizeof(line), rc, &pl, sum);
	copy_err = close_copy(&pl, line);
	if (copy_err && !rc) {
		rc = EXIT_FAIL;
		end_line(line, sizeof(line), rc, &pl, sum);
	}
	proc_writen(STDOUT_FILENO, line, strlen(line));
	if (copy_err > 0)
		dprintf(STDOUT_FILENO, "init: benchbox.out=%s: write error: %s\n", s->out,
			strerror(copy_err));
	if (pl.nerr) {
		dprintf(STDOUT_FILENO, "init: the run's messages:\n");
		proc_writen(STDOUT_FILENO, pl.err, pl.nerr);
		if (pl.err[pl.nerr - 1] != '\n')
			proc_writen(STDOUT_FILENO, "\n", 1);
	}
	mbedtls_sha256_free(&pl.sha);
	free(pl.err);
	free_args(c.argv);
	return rc;
}

/* The server's output, to the console as it comes. */
static void console_add(void *arg, const char *p, size_t n)
{
	(void)arg;
	proc_writen(STDOUT_FILENO, p, n);
}

/* benchbox.serve: the applet's server (-s) with the args, in place of a
 * suite, its output on the console, in the foreground (an lmbench server
 * would leave as a daemon); listening on bind (benchbox.ip's address, or
 * NULL) unless the args give --bind. Its exit status. */
static int serve(const struct init_settings *s, const char *bind)
{
	struct child_spec c = { .same_group = 1, .on_out = console_add, .on_err = console_add,
				.reap = init_reap };
	char *words = xstrdup(s->args ? s->args : ""), *w, *save = NULL;
	const struct applet *a = applet_find(s->serve);
	struct child_out o;
	int rc, i, k;

	c.argv = xcalloc(5 + strlen(words) / 2 + 2, sizeof(*c.argv));
	c.argv[c.argc++] = xstrdup(s->serve);
	c.argv[c.argc++] = xstrdup("-s");
	for (k = 0; a && a->opts && a->opts[k].name; k++)
		if (!strcmp(a->opts[k].name, "foreground"))
			c.argv[c.argc++] = xstrdup("--foreground");
	for (w = strtok_r(words, ", ", &save); w; w = strtok_r(NULL, ", ", &save)) {
		c.argv[c.argc++] = xstrdup(w);
		if (!strncmp(w, "--bind", 6))
			bind = NULL;		/* given: not ours to add */
	}
	if (bind) {
		c.argv[c.argc] = xmalloc(strlen(bind) + 8);
		sprintf(c.argv[c.argc++], "--bind=%s", bind);
	}
	dprintf(STDOUT_FILENO, "init: serving:");
	for (i = 0; i < c.argc; i++)
		dprintf(STDOUT_FILENO, " %s", c.argv[i]);
	dprintf(STDOUT_FILENO, "\n");
	memset(&o, 0, sizeof(o));
	if (run_child_stream(&c, &o)) {
		dprintf(STDOUT_FILENO, "init: cannot start the server: %s\n", o.last_err);
		rc = EXIT_FAIL;
	} else {
		rc = exit_of(o.status);
		dprintf(STDOUT_FILENO, "init: the server ended, status %d\n", rc);
	}
	free(words);
	free_args(c.argv);
	return rc;
}

/* ---- the session ---- */

/* Apply the settings of a file; an error is said and its settings ignored. */
static void read_file_settings(struct init_settings *s, const char *path, int say_missing)
{
	char err[160], *text;
	size_t len;

	/* a regular file only: a FIFO or a device would hold PID 1 up */
	text = read_sysfile(path, INIT_TEXT_MAX, &len);
	if (!text) {
		if (errno == EFBIG)
			dprintf(STDOUT_FILENO, "init: %s: over %d bytes, not a settings text: "
				"ignored\n", path, INIT_TEXT_MAX);
		else if (say_missing || errno != ENOENT)
			dprintf(STDOUT_FILENO, "init: %s: %s (no settings from it)\n", path,
				file_strerror(errno));
		return;
	}
	if (init_settings_parse(s, text, len, err, sizeof(err)))
		dprintf(STDOUT_FILENO, "init: %s: %s: ignored\n", path, err);
	else if (!say_missing)
		dprintf(STDOUT_FILENO, "init: defaults from %s\n", path);
	free(text);
}

static void read_settings(struct init_settings *s, const char *override)
{
	char err[160];

	init_settings_default(s);
	read_file_settings(s, DEFAULTS_FILE, 0);
	if (!override)
		read_file_settings(s, "/proc/cmdline", 1);
	else if (init_settings_parse(s, override, strlen(override), err, sizeof(err)))
		dprintf(STDOUT_FILENO, "init: --cmdline: %s: ignored\n", err);
	if (*s->unknown)
		dprintf(STDOUT_FILENO, "init: unknown settings ignored: %s\n", s->unknown);
	if (*s->bad)
		dprintf(STDOUT_FILENO, "init: settings with a bad value ignored: %s\n", s->bad);
}

/* Where the tests' scratch files will go (without the tmpfs: the root). */
static void say_scratch(void)
{
	const char *dir = scratch_dir(NULL);
	char cwd[256];

	if (!strcmp(dir, ".") && getcwd(cwd, sizeof(cwd)))
		dir = cwd;
	dprintf(STDOUT_FILENO, "init: scratch files in %s\n", dir);
}

static const char *const then_names[] = {
	[THEN_POWEROFF] = "poweroff", [THEN_HALT] = "halt", [THEN_REBOOT] = "reboot",
	[THEN_WAIT] = "wait",
};

/* benchbox.expect by the rule of the boot image's files: a FIFO or a
 * device would hold the run up for ever; said, and the run goes without
 * it. (A missing one is the run's to say, as on any system.) */
static void check_expect(struct init_settings *s)
{
	int fd;

	if (!s->expect)
		return;
	if ((fd = sysfile_open(s->expect)) >= 0) {
		close(fd);
		return;
	}
	if (errno != EBB_NOTREG && errno != EISDIR)
		return;
	dprintf(STDOUT_FILENO, "init: benchbox.expect=%s: %s: ignored\n", s->expect,
		file_strerror(errno));
	s->expect = NULL;
}

static int session(const char *override, int pid1, double boot_s)
{
	struct init_settings s;
	struct init_ip ip;
	char boot[32], why[160], bound[48] = "";

	if (boot_s >= 0)
		snprintf(boot, sizeof(boot), "%.3f", boot_s);
	else
		snprintf(boot, sizeof(boot), "unknown");
	dprintf(STDOUT_FILENO, "benchbox %s: init%s, boot_to_init_s=%s\n", bb_version,
		pid1 ? " (PID 1)" : "", boot);
	init_mounts(STDOUT_FILENO, pid1);
	if (pid1)
		init_quiet_kernel(STDOUT_FILENO);
	read_settings(&s, override);
	check_expect(&s);
	if (s.serve)
		dprintf(STDOUT_FILENO, "init: serve=%s then=%s\n", s.serve,
			pid1 ? then_names[s.then] : "exit (not PID 1)");
	else
		dprintf(STDOUT_FILENO, "init: suite=%s format=%s board=%s%s then=%s\n", s.suite,
			s.format, s.board ? s.board : "-", s.quick ? " quick=1" : "",
			pid1 ? then_names[s.then] : "exit (not PID 1)");
	if (s.args)
		dprintf(STDOUT_FILENO, "init: args for %s: %s\n", s.serve ? "the server" :
			"every test", s.args);
	if (boot_s >= 0)
		snprintf(boot, sizeof(boot), "%.6f", boot_s);
	setenv("BENCHBOX_BOOT_TO_INIT_S", boot, 1);
	if (s.modules)
		init_load_modules(STDOUT_FILENO, s.modules);
	if (pid1)
		init_lo_up(STDOUT_FILENO);
	if (s.ip && !pid1)
		dprintf(STDOUT_FILENO, "init: benchbox.ip: not PID 1: the system's network left "
			"as it is\n");
	else if (s.ip && !init_ip_parse(s.ip, &ip, why, sizeof(why)) &&
		 !init_net_up(STDOUT_FILENO, &ip))
		inet_ntop(ip.family, ip.addr, bound, sizeof(bound));
	if (pid1) {
		setenv("TMPDIR", "/tmp", 1);
		say_scratch();
		if (!getenv("PATH"))
			setenv("PATH", "/sbin:/bin:/usr/sbin:/usr/bin", 1);
		init_finish(STDOUT_FILENO, s.then,
			    s.serve ? serve(&s, *bound ? bound : NULL) : run_suite(&s));
	}
	return s.serve ? serve(&s, NULL) : run_suite(&s);
}

void init_pid1(int argc, char **argv)
{
	double boot_s = init_boot_seconds();

	(void)argc;	/* the kernel passes the command line's other words */
	(void)argv;
	util_set_prog("init");
	init_console();
	out_guard_stdio();	/* what the console did not fill */
	umask(022);
	chdir("/");
	session(NULL, 1, boot_s);
	init_finish(STDOUT_FILENO, THEN_POWEROFF, EXIT_FAIL);	/* not reached */
}

void init_pid1_end(int rc)
{
	/* PID 1's exit ends a PID namespace, but panics the machine's kernel */
	if (init_machine_init() == 0)
		exit(rc);
	util_set_prog("init");
	init_finish(STDOUT_FILENO, THEN_POWEROFF, rc);
}

/* The payload goes to the console by itself: the applet's emit sink
 * prints nothing. */
static const struct emitter emit_init = { .name = "console" };

static int init_run(struct run_ctx *ctx)
{
	double boot_s = init_boot_seconds();

	const char *text = opt_str(ctx, CMDLINE);
	struct init_settings trial;
	char err[160];

	if (ctx->argc) {
		errorf("takes no arguments (try 'init --help')");
		return EXIT_USAGE;
	}
	init_settings_default(&trial);
	if (text && init_settings_parse(&trial, text, strlen(text), err, sizeof(err))) {
		errorf("--cmdline: %s", err);
		return EXIT_USAGE;
	}
	fflush(stdout);
	return session(text, getpid() == 1, boot_s);
}

TEXT(init_summary, "run a suite as /init: results on the console, power off");
TEXT(init_usage,
	"usage: init [--cmdline TEXT]\n"
	"\n"
	"As PID 1 (the /init of an initramfs made by 'benchbox mkinitramfs')\n"
	"mounts proc, sysfs, devtmpfs and a tmpfs on /tmp, runs the suite its\n"
	"settings name with the output between the lines BENCHBOX-BEGIN and\n"
	"BENCHBOX-END (which give the status, size and SHA-256 of what lies\n"
	"between), then powers off; words naming another applet run that applet\n"
	"instead. The settings come from the kernel command line, over those of\n"
	"/benchbox.cmdline; a bad one is named and ignored. Not as PID 1 it\n"
	"mounts nothing already mounted and the system stays up.\n"
	"\n"
	"  benchbox.suite=quick|guide|all|APPLET[,APPLET...]   (quick)\n"
	"  benchbox.format=ktap|json|csv|table|markdown|guide  (ktap)\n"
	"  benchbox.board=BOARD      judge against the board's numbers (or auto, none)\n"
	"  benchbox.expect=FILE      judge against an --expect file\n"
	"  benchbox.out=/dev/DEV|FILE  a copy of the marked output\n"
	"  benchbox.budget=SECONDS   per test    benchbox.quick=1  --quick for all\n"
	"  benchbox.args=A,B         extra arguments for every test\n"
	"  benchbox.then=poweroff|halt|reboot|wait   (poweroff)\n"
	"  benchbox.modules=A.ko,B.ko  kernel modules in " INIT_MODULE_DIR ",\n"
	"                            loaded in order before the suite\n"
	"  benchbox.ip=ADDR/LEN[,IFACE]  this address on IFACE (the first Ethernet\n"
	"                            link), set up: for net and the lmbench servers\n"
	"  benchbox.serve=APPLET     APPLET -s with the args, not a suite (the peer\n"
	"                            of another board's net; --bind: benchbox.ip's)\n");

TEXT(init_exits,
	"Exit status: none as PID 1 (the machine powers off, halts, reboots or\n"
	"waits); otherwise the run's: 0 ok, 1 failure, 2 usage error, 3 wrong\n"
	"answer, 77 skipped.\n");

const struct applet applet_init = {
	.name    = "init",
	.summary = TEXT_PTR(init_summary),
	.flags   = APPLET_TOOL,
	.usage   = TEXT_PTR(init_usage),
	.exits   = TEXT_PTR(init_exits),
	.opts    = opts,
	.classic = &emit_init,
	.run     = init_run,
};
