/* init_settings.c - fuzzes init_settings_parse() (applets/boot/init.c): the
 * benchbox.* words of the kernel command line and /benchbox.cmdline
 *
 * SPDX-License-Identifier: MIT
 *
 * The input is one or two texts (split at the first NUL byte), parsed in
 * turn into one settings block as init does (defaults file, then the
 * kernel's command line). Invariants (applets/boot/init.h states them): every
 * string setting is NULL, a default, or a non-empty string that starts in
 * buf[0..used) and ends there; unknown and bad end with a NUL inside their
 * arrays; suite passes suite_check() (no tool that would start a suite
 * again); format is a known emitter; modules, when set, is a list of plain
 * module file names (no '/', no ".."); ip, when set, parses to a prefix
 * the family allows and an interface name without '/'; serve, when set,
 * names an applet with a server; quick is 0 or 1; then is one of its
 * values; a text over INIT_TEXT_MAX bytes or with a NUL byte is refused
 * with one line and leaves the settings exactly as they were; the second
 * text only adds to the lists of words not understood.
 */
#include "fuzz.h"
#include "init.h"
#include "emit.h"
#include "run.h"

#include <sys/socket.h>

static void check_str(const struct init_settings *s, const char *name, const char *v,
		      int may_be_default)
{
	const char *b = s->buf, *e = s->buf + s->used;

	if (!v)
		return;
	if (may_be_default && (v < s->buf || v >= s->buf + sizeof(s->buf)))
		return;		/* the compiled-in default ("quick", "ktap") */
	FUZZ_CHECK(v >= b && v < e, "%s points outside buf[0..used)", name);
	FUZZ_CHECK(memchr(v, '\0', (size_t)(e - v)), "%s does not end inside buf[0..used)", name);
	FUZZ_CHECK(*v, "%s is empty", name);
}

static void check(const struct init_settings *s)
{
	char err[256];

	FUZZ_CHECK(s->used <= sizeof(s->buf), "used %zu", s->used);
	FUZZ_CHECK(memchr(s->unknown, '\0', sizeof(s->unknown)), "unknown has no NUL");
	FUZZ_CHECK(memchr(s->bad, '\0', sizeof(s->bad)), "bad has no NUL");
	FUZZ_CHECK(s->suite && s->format, "suite or format unset");
	check_str(s, "suite", s->suite, 1);
	check_str(s, "board", s->board, 0);
	check_str(s, "expect", s->expect, 0);
	check_str(s, "format", s->format, 1);
	check_str(s, "out", s->out, 0);
	check_str(s, "budget", s->budget, 0);
	check_str(s, "args", s->args, 0);
	check_str(s, "modules", s->modules, 0);
	check_str(s, "ip", s->ip, 0);
	check_str(s, "serve", s->serve, 0);
	FUZZ_CHECK(emitter_find(s->format), "format '%s'", s->format);
	FUZZ_CHECK(s->quick == 0 || s->quick == 1, "quick %d", s->quick);
	FUZZ_CHECK(s->then >= THEN_POWEROFF && s->then <= THEN_WAIT, "then %d", (int)s->then);
	/* no tool (init, run, ...) that would start a suite again */
	FUZZ_CHECK(suite_check(s->suite, err, sizeof(err)) == 0, "suite '%s': %s", s->suite, err);
	/* plain names init may open under its module directory: no '/', no
	 * "..", none empty, at most INIT_MODULES_MAX */
	if (s->ip) {
		struct init_ip ip;

		FUZZ_CHECK(init_ip_parse(s->ip, &ip, err, sizeof(err)) == 0, "ip '%s': %s", s->ip,
			   err);
		FUZZ_CHECK(ip.prefix >= 1 && ip.prefix <= (ip.family == AF_INET ? 32 : 128) &&
				   memchr(ip.ifname, '\0', sizeof(ip.ifname)) && !strchr(ip.ifname, '/'),
			   "ip '%s' parsed to prefix %d, interface '%.16s'", s->ip, ip.prefix,
			   ip.ifname);
	}
	if (s->serve)
		FUZZ_CHECK(init_serve_applet(s->serve, err, sizeof(err)) != NULL, "serve '%s': %s",
			   s->serve, err);
	if (s->modules)
		FUZZ_CHECK(init_modules_check(s->modules, err, sizeof(err)) == 0 &&
				   !strchr(s->modules, '/') && !strstr(s->modules, ".."),
			   "modules '%s': %s", s->modules, err);
}

/* One text as init applies it; the settings before and after are checked,
 * and a refused text must leave them exactly as they were. */
static void apply(struct init_settings *s, const uint8_t *text, size_t len)
{
	struct init_settings *was = malloc(sizeof(*s));
	char *copy = malloc(len ? len : 1), err[256] = "";
	int rc;

	if (!was || !copy)
		abort();
	memcpy(was, s, sizeof(*s));
	memcpy(copy, text, len);	/* exactly len bytes: ASan sees a read past them */
	rc = init_settings_parse(s, copy, len, err, sizeof(err));
	FUZZ_CHECK(rc == 0 || rc == -1, "returned %d", rc);
	if (rc) {
		FUZZ_CHECK(err[0] && !strchr(err, '\n'), "refused without one line");
		FUZZ_CHECK(!memcmp(was, s, sizeof(*s)), "a refused text changed the settings");
	} else {
		FUZZ_CHECK(len <= INIT_TEXT_MAX, "a text of %zu bytes accepted", len);
		FUZZ_CHECK(!memchr(text, 0, len), "a text with a NUL byte accepted");
	}
	check(s);
	free(copy);
	free(was);
}

/* The length of a list without the "..." that ends a full one. */
static size_t body(const char *s)
{
	size_t n = strlen(s);

	return n >= 3 && !strcmp(s + n - 3, "...") ? n - 3 : n;
}

/* A list of words only grows: now starts with was, except that a list
 * that filled up ends in "..." in place of its last bytes. */
static int grew(const char *was, const char *now)
{
	size_t w = body(was), v = body(now);

	if (v == strlen(now))
		return v >= w && !strncmp(was, now, w);
	return !strncmp(was, now, v < w ? v : w);
}

/* The input is one or two texts, split at its first NUL byte, parsed in
 * turn into one settings block as init does (defaults file, then the
 * kernel's command line); the second may hold NUL bytes of its own, which
 * must be refused. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nul = memchr(data, 0, size);
	size_t first = nul ? (size_t)(nul - data) : size;
	struct init_settings *s = malloc(sizeof(*s));
	char unknown[sizeof(s->unknown)], bad[sizeof(s->bad)];

	if (!s)
		abort();
	init_settings_default(s);
	check(s);
	apply(s, data, first);
	if (nul) {
		const char **v[10] = { &s->suite, &s->board, &s->expect, &s->format, &s->out,
				       &s->budget, &s->args, &s->modules, &s->ip, &s->serve };
		static const char *const key[10] = { "suite", "board", "expect", "format", "out",
						     "budget", "args", "modules", "ip", "serve" };
		size_t n = size - first - 1, k, o;
		char *second = malloc(n + 1), word[32];
		char (*was)[sizeof(s->buf)] = malloc(10 * sizeof(s->buf));

		if (!second || !was)
			abort();
		for (k = 0; k < 10; k++)
			snprintf(was[k], sizeof(was[k]), "%s", *v[k] ? *v[k] : "(none)");
		memcpy(unknown, s->unknown, sizeof(unknown));
		memcpy(bad, s->bad, sizeof(bad));
		apply(s, nul + 1, n);
		/* a setting the second text does not name (its quotes removed,
		 * as the parser does) keeps its value */
		for (k = 0, o = 0; k < n; k++)
			if (nul[1 + k] != '"' && nul[1 + k])
				second[o++] = (char)nul[1 + k];
		second[o] = '\0';
		for (k = 0; k < 10; k++) {
			snprintf(word, sizeof(word), "benchbox.%s", key[k]);
			if (!strstr(second, word))
				FUZZ_CHECK(!strcmp(was[k], *v[k] ? *v[k] : "(none)"),
					   "%s was '%s', is '%s' after a text without it", key[k],
					   was[k], *v[k] ? *v[k] : "(none)");
		}
		free(was);
		free(second);
		/* a later text adds to the lists of words not understood */
		FUZZ_CHECK(grew(unknown, s->unknown), "unknown was '%s', now '%s'", unknown,
			   s->unknown);
		FUZZ_CHECK(grew(bad, s->bad), "bad was '%s', now '%s'", bad, s->bad);
	}
	free(s);
	return 0;
}
