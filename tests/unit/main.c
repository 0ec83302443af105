/* main.c - runs the unit tests listed in tests.def
 *
 * SPDX-License-Identifier: MIT
 *
 * usage: test_unit [PATTERN...]   run the tests whose names contain any
 * PATTERN (all without one). One line per test: "PASS name",
 * "FAIL name: file:line: message" (later failures follow, indented) or
 * "SKIP name: reason"; then "N passed, N failed[, N skipped]". Exit status
 * 0 when nothing failed, else 1.
 */
#include "minitest.h"

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#undef TEST
#define TEST(name) void test_##name(struct mt *t);
#include "tests.def"
#undef TEST

static const struct {
	const char	*name;
	void		(*fn)(struct mt *t);
} tests[] = {
#define TEST(name) { #name, test_##name },
#include "tests.def"
#undef TEST
};

void mt_fail(struct mt *t, const char *file, int line, const char *fmt, ...)
{
	char msg[512];
	size_t n;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (!t->failed++) {
		snprintf(t->first, sizeof(t->first), "%s:%d: %s", file, line, msg);
		return;
	}
	n = strlen(t->more);
	if (n < sizeof(t->more))
		snprintf(t->more + n, sizeof(t->more) - n, "\t%s:%d: %s\n",
			 file, line, msg);
}

/* Up to 100 bytes of s from off, C-escaped, into buf. */
static const char *excerpt(const char *s, size_t off, char *buf, size_t len)
{
	size_t n = 0, i;

	for (i = 0; s[off + i] && i < 100 && n + 5 < len; i++) {
		unsigned char c = (unsigned char)s[off + i];

		if (c == '\n')
			n += (size_t)snprintf(buf + n, len - n, "\\n");
		else if (c == '\t')
			n += (size_t)snprintf(buf + n, len - n, "\\t");
		else if (c < 0x20 || c == 0x7f || c == '"' || c == '\\')
			n += (size_t)snprintf(buf + n, len - n, "\\x%02x", c);
		else
			buf[n++] = (char)c;
	}
	buf[n] = '\0';
	return buf;
}

int mt_str(struct mt *t, const char *file, int line, const char *ea,
	   const char *eb, const char *a, const char *b)
{
	char xa[160], xb[160];
	size_t off = 0;

	t->checks++;
	if (a && b && !strcmp(a, b))
		return 1;
	if (!a || !b) {
		mt_fail(t, file, line, "%s == %s: %s vs %s", ea, eb,
			a ? "string" : "NULL", b ? "string" : "NULL");
		return 0;
	}
	while (a[off] && a[off] == b[off])
		off++;
	off = off > 20 ? off - 20 : 0;	/* some context before the difference */
	mt_fail(t, file, line, "%s == %s: differ near offset %zu: \"%s\" vs \"%s\"",
		ea, eb, off, excerpt(a, off, xa, sizeof(xa)),
		excerpt(b, off, xb, sizeof(xb)));
	return 0;
}

static int wanted(const char *name, int argc, char **argv)
{
	int i;

	if (argc < 2)
		return 1;
	for (i = 1; i < argc; i++)
		if (strstr(name, argv[i]))
			return 1;
	return 0;
}

int main(int argc, char **argv)
{
	unsigned pass = 0, fail = 0, skip = 0;
	size_t i;
	int sig;

	/* Every signal at its default action, whatever the run inherited (a
	 * background job of a non-interactive shell starts with SIGINT and
	 * SIGQUIT ignored, and scratch rightly keeps an ignored signal
	 * ignored): the tests that set a disposition set it themselves. */
	for (sig = 1; sig < NSIG; sig++)
		if (sig != SIGKILL && sig != SIGSTOP)
			signal(sig, SIG_DFL);
	for (i = 0; i < sizeof(tests) / sizeof(tests[0]); i++) {
		struct mt t;

		if (!wanted(tests[i].name, argc, argv))
			continue;
		memset(&t, 0, sizeof(t));
		t.name = tests[i].name;
		tests[i].fn(&t);
		if (!t.failed && !t.skip && !t.checks)	/* asserted nothing */
			mt_fail(&t, __FILE__, __LINE__, "no checks ran");
		if (t.failed) {
			printf("FAIL %s: %s\n%s", t.name, t.first, t.more);
			fail++;
		} else if (t.skip) {
			printf("SKIP %s: %s\n", t.name, t.skip);
			skip++;
		} else {
			printf("PASS %s\n", t.name);
			pass++;
		}
		fflush(stdout);
	}
	printf("%u passed, %u failed", pass, fail);
	if (skip)
		printf(", %u skipped", skip);
	printf("\n");
	return fail ? 1 : 0;
}
