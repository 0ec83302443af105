/* test_init.c - the benchbox.* settings of a kernel command line: defaults,
 * quoting, the order of override, unknown and bad settings, hostile texts
 *
 * SPDX-License-Identifier: MIT
 */
#include "minitest.h"
#include "init.h"
#include "emit.h"
#include "run.h"

#include <stdlib.h>
#include <string.h>

/* init_settings_parse() of a C string, its error thrown away */
static int parse(struct init_settings *s, const char *text)
{
	char err[160];

	return init_settings_parse(s, text, strlen(text), err, sizeof(err));
}

/* The invariants init.h promises after any parse. */
static int field_ok(const struct init_settings *s, const char *p, int may_be_null)
{
	if (!p)
		return may_be_null;
	if (p < s->buf || p >= s->buf + sizeof(s->buf))
		return 1;	/* a default: a literal */
	return *p && memchr(p, '\0', (size_t)(s->buf + s->used - p)) != NULL;
}

static void check_invariants(struct mt *t, const struct init_settings *s)
{
	char err[200];

	CHECK(s->used <= sizeof(s->buf));
	CHECK(field_ok(s, s->suite, 0) && field_ok(s, s->format, 0));
	CHECK(field_ok(s, s->board, 1) && field_ok(s, s->expect, 1) && field_ok(s, s->out, 1));
	CHECK(field_ok(s, s->budget, 1) && field_ok(s, s->args, 1));
	CHECK(field_ok(s, s->modules, 1) && field_ok(s, s->ip, 1) && field_ok(s, s->serve, 1));
	CHECK(memchr(s->unknown, '\0', sizeof(s->unknown)) != NULL);
	CHECK(memchr(s->bad, '\0', sizeof(s->bad)) != NULL);
	CHECK(s->suite && suite_check(s->suite, err, sizeof(err)) == 0);
	CHECK(s->format && emitter_find(s->format) != NULL);
	CHECK(s->then >= THEN_POWEROFF && s->then <= THEN_WAIT);
	CHECK(s->quick == 0 || s->quick == 1);
}

TEST(init_settings_defaults)
{
	struct init_settings s;

	init_settings_default(&s);
	parse(&s, "console=ttyAMA0 panic=-1 quiet");
	CHECK_STR(s.suite, "quick");
	CHECK_STR(s.format, "ktap");
	CHECK(s.board == NULL && s.out == NULL && s.args == NULL && s.expect == NULL);
	CHECK_EQ_INT(s.then, THEN_POWEROFF);
	CHECK_EQ_INT(s.quick, 0);
	CHECK_STR(s.unknown, "");
	CHECK_STR(s.bad, "");
}

TEST(init_settings_values)
{
	struct init_settings s;

	init_settings_default(&s);
	parse(&s, "quiet benchbox.suite=guide benchbox.board=j721e "
			    "benchbox.format=json benchbox.out=/dev/vdb benchbox.budget=30 "
			    "benchbox.quick=1 benchbox.then=halt benchbox.expect=/e.txt");
	CHECK_STR(s.suite, "guide");
	CHECK_STR(s.board, "j721e");
	CHECK_STR(s.format, "json");
	CHECK_STR(s.out, "/dev/vdb");
	CHECK_STR(s.budget, "30");
	CHECK_STR(s.expect, "/e.txt");
	CHECK_EQ_INT(s.quick, 1);
	CHECK_EQ_INT(s.then, THEN_HALT);
	parse(&s, "benchbox.then=shell-less-wait");
	CHECK_EQ_INT(s.then, THEN_WAIT);
}

TEST(init_settings_quotes_and_order)
{
	struct init_settings s;

	init_settings_default(&s);
	/* the defaults file first, then the kernel's line, which wins */
	parse(&s, "benchbox.suite=lat_pipe benchbox.format=csv\n");
	parse(&s, "ro \"benchbox.args=--quick --reps=1\" benchbox.suite=lat_unix");
	CHECK_STR(s.suite, "lat_unix");
	CHECK_STR(s.format, "csv");
	CHECK_STR(s.args, "--quick --reps=1");
	parse(&s, "benchbox.board=\"am62x\"");
	CHECK_STR(s.board, "am62x");
	CHECK_STR(s.suite, "lat_unix");		/* earlier words keep their storage */
}

TEST(init_settings_unknown_and_bad)
{
	struct init_settings s;

	init_settings_default(&s);
	parse(&s, "benchbox.colour=1 benchbox.then=explode benchbox.format=xml "
			    "benchbox.quick=yes benchbox.suite= benchbox.board benchbox_x=1");
	CHECK_STR(s.unknown, "colour");
	CHECK_STR(s.bad, "then format quick suite board");
	CHECK_STR(s.suite, "quick");
	CHECK_STR(s.format, "ktap");
	CHECK_EQ_INT(s.then, THEN_POWEROFF);
	CHECK_EQ_INT(s.quick, 0);
}

/* benchbox.ip and benchbox.serve: what a board on a network of its own
 * is given; a bad value named and ignored, the one before kept */
TEST(init_settings_ip_and_serve)
{
	struct init_settings s;
	struct init_ip ip;
	char why[160];

	init_settings_default(&s);
	parse(&s, "benchbox.ip=10.0.0.2/24 benchbox.serve=net");
	CHECK_STR(s.ip, "10.0.0.2/24");
	CHECK_STR(s.serve, "net");
	parse(&s, "benchbox.ip=10.0.0.1/33 benchbox.serve=lat_pipe");
	CHECK_STR(s.bad, "ip (prefix length not 1..32) serve (lat_pipe has no server (-s))");
	CHECK_STR(s.ip, "10.0.0.2/24");
	CHECK_STR(s.serve, "net");
	check_invariants(t, &s);

	REQUIRE(init_ip_parse("192.0.2.7/24", &ip, why, sizeof(why)) == 0);
	CHECK_EQ_INT(ip.family, 2);
	CHECK(ip.addr[0] == 192 && ip.addr[3] == 7);
	CHECK_EQ_INT(ip.prefix, 24);
	CHECK_STR(ip.ifname, "");
	REQUIRE(init_ip_parse("fd00::2/64,end0", &ip, why, sizeof(why)) == 0);
	CHECK_EQ_INT(ip.family, 10);
	CHECK(ip.addr[0] == 0xfd && ip.addr[15] == 2);
	CHECK_EQ_INT(ip.prefix, 64);
	CHECK_STR(ip.ifname, "end0");
	CHECK(init_ip_parse("fd00::2/129", &ip, why, sizeof(why)) == -1);
	CHECK_STR(why, "prefix length not 1..128");
	CHECK(init_ip_parse("10.0.0.1", &ip, why, sizeof(why)) == -1);
	CHECK_STR(why, "expected ADDR/PREFIX[,IFACE]");
	CHECK(init_ip_parse("10.0.0.1,eth0/24", &ip, why, sizeof(why)) == -1);
	CHECK(init_ip_parse("eth0/24", &ip, why, sizeof(why)) == -1);
	CHECK_STR(why, "'eth0' is not an IPv4 or IPv6 address");
	CHECK(init_ip_parse("10.0.0.1/", &ip, why, sizeof(why)) == -1);
	CHECK(init_ip_parse("10.0.0.1/0", &ip, why, sizeof(why)) == -1);
	CHECK(init_ip_parse("10.0.0.1/24x", &ip, why, sizeof(why)) == -1);
	CHECK(init_ip_parse("10.0.0.1/24,", &ip, why, sizeof(why)) == -1);
	CHECK(init_ip_parse("10.0.0.1/24,a/b", &ip, why, sizeof(why)) == -1);
	CHECK_STR(why, "not an interface name: 'a/b'");
	CHECK(init_ip_parse("10.0.0.1/24,0123456789abcdef", &ip, why, sizeof(why)) == -1);
	CHECK(init_ip_parse("10.0.0.1/24,0123456789abcde", &ip, why, sizeof(why)) == 0);

	CHECK(init_serve_applet("lat_tcp", why, sizeof(why)) != NULL);
	CHECK(init_serve_applet("bw_tcp", why, sizeof(why)) != NULL);
	CHECK(init_serve_applet("nosuch", why, sizeof(why)) == NULL);
	CHECK_STR(why, "no applet 'nosuch'");
	CHECK(init_serve_applet("init", why, sizeof(why)) == NULL);
}

/* TEXT: "benchbox.suite=lat_pipe ", a long word, " benchbox.format=csv", N bytes */
static char *text_of(size_t n)
{
	char *p = malloc(n + 1);

	memset(p, 'x', n);
	memcpy(p, "benchbox.suite=lat_pipe ", 24);
	memcpy(p + n - 20, " benchbox.format=csv", 20);
	p[n] = '\0';
	return p;
}

TEST(init_settings_long_line)
{
	struct init_settings s;
	char err[160], *p;
	size_t n;

	/* up to INIT_TEXT_MAX: whole, its last setting too; past it: refused
	 * whole with a message, nothing of it applied, never cut */
	for (n = INIT_TEXT_MAX - 1; n <= INIT_TEXT_MAX + 1; n++) {
		p = text_of(n);
		init_settings_default(&s);
		err[0] = '\0';
		if (n <= INIT_TEXT_MAX) {
			CHECK_EQ_INT(init_settings_parse(&s, p, n, err, sizeof(err)), 0);
			CHECK_STR(s.suite, "lat_pipe");
			CHECK_STR(s.format, "csv");
		} else {
			CHECK_EQ_INT(init_settings_parse(&s, p, n, err, sizeof(err)), -1);
			CHECK_STR(err, "4097 bytes, over the 4096-byte limit of a settings text");
			CHECK_STR(s.suite, "quick");
			CHECK_STR(s.format, "ktap");
		}
		CHECK_STR(s.unknown, "");
		CHECK_STR(s.bad, "");
		check_invariants(t, &s);
		free(p);
	}
	/* two whole texts of the limit, each mostly values: both fit */
	init_settings_default(&s);
	p = malloc(INIT_TEXT_MAX + 1);
	memset(p, 'b', INIT_TEXT_MAX);
	memcpy(p, "benchbox.board=", 15);
	CHECK_EQ_INT(init_settings_parse(&s, p, INIT_TEXT_MAX, err, sizeof(err)), 0);
	memcpy(p, "benchbox.args=", 14);
	CHECK_EQ_INT(init_settings_parse(&s, p, INIT_TEXT_MAX, err, sizeof(err)), 0);
	CHECK_EQ_U64(strlen(s.board), INIT_TEXT_MAX - 15);
	CHECK_EQ_U64(strlen(s.args), INIT_TEXT_MAX - 14);
	check_invariants(t, &s);
	/* a third finds no room: refused whole, the others untouched */
	memcpy(p, "benchbox.out=", 13);
	CHECK_EQ_INT(init_settings_parse(&s, p, INIT_TEXT_MAX, err, sizeof(err)), -1);
	CHECK_STR(err, "no room left for another settings text");
	CHECK(s.out == NULL);
	CHECK_EQ_U64(strlen(s.board), INIT_TEXT_MAX - 15);
	check_invariants(t, &s);
	free(p);
}

TEST(init_settings_hostile)
{
	static const char *const texts[] = {
		"", " ", "\"", "\"\"", "\"\" \"\"", "benchbox.", "benchbox.=", "benchbox.=x",
		"benchbox.suite", "benchbox.suite=", "benchbox.suite=\"\"", "\"benchbox.suite=\"",
		"benchbox.suite=,", "benchbox.suite=init", "benchbox.suite=run,init",
		"benchbox.suite=lat_pipe,mkinitramfs", "benchbox.suite=report",
		"benchbox.suite=compare,ref,boards", "benchbox.suite=nosuch",
		"benchbox.suite=lat_pipe\"", "benchbox.suite=\"lat_pipe", "\"benchbox.args=a b",
		"benchbox.format=", "benchbox.format=xml", "benchbox.budget=0",
		"benchbox.budget=abc", "benchbox.budget=1e9", "benchbox.budget=nan",
		"benchbox.then=", "benchbox.quick=", "benchbox.quick=2", "benchbox.x=",
		"benchbox.board==", "benchbox.suite==lat_pipe", "\t\n\r", "benchbox.out=\"\"\"\"",
	};
	struct init_settings s;
	size_t i;

	for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		init_settings_default(&s);
		CHECK_EQ_INT(parse(&s, texts[i]), 0);
		check_invariants(t, &s);
		/* a second text after it is read as it is, never garbled */
		CHECK_EQ_INT(parse(&s, "console=ttyS0 benchbox.board=am62x"), 0);
		if (!CHECK_STR(s.board, "am62x"))
			mt_fail(MT_AT, "after '%s'", texts[i]);
		check_invariants(t, &s);
	}
	/* the tools are named, and the suite set before stays */
	init_settings_default(&s);
	parse(&s, "benchbox.suite=lat_pipe benchbox.suite=lat_unix,init,run");
	CHECK_STR(s.suite, "lat_pipe");
	CHECK_STR(s.bad, "suite (init, run: not benchmarks (a suite runs benchmarks only))");
	init_settings_default(&s);
	parse(&s, "benchbox.suite=nosuch benchbox.budget=0 benchbox.budget=x benchbox.budget=2.5");
	CHECK_STR(s.suite, "quick");
	CHECK_STR(s.budget, "2.5");
	CHECK_STR(s.bad, "suite (unknown suite or applet 'nosuch' (try 'benchbox --list')) "
		  "budget budget");
	/* a value holds everything in its quotes, blanks too */
	init_settings_default(&s);
	parse(&s, "benchbox.args=\"--quick --reps=1\"\"\"x\" y");
	CHECK_STR(s.args, "--quick --reps=1x y");
	check_invariants(t, &s);
}

TEST(init_settings_nul_and_lists)
{
	struct init_settings s;
	char text[] = "benchbox.suite=lat_pipe\0benchbox.format=csv", err[160], *many;
	size_t i;

	/* a NUL byte: not a settings text, nothing of it applied */
	init_settings_default(&s);
	CHECK_EQ_INT(init_settings_parse(&s, text, sizeof(text) - 1, err, sizeof(err)), -1);
	CHECK_STR(err, "a NUL byte at offset 23: not a settings text");
	CHECK_STR(s.suite, "quick");
	/* only len bytes are read: no NUL needed after them */
	CHECK_EQ_INT(init_settings_parse(&s, text, 23, err, sizeof(err)), 0);
	CHECK_STR(s.suite, "lat_pipe");
	/* unknown settings past what the list holds: cut with "...", no overrun */
	many = malloc(INIT_TEXT_MAX + 1);
	for (i = 0; i + 20 <= INIT_TEXT_MAX; i += 20)
		memcpy(many + i, "benchbox.unknwn=123 ", 20);
	init_settings_default(&s);
	CHECK_EQ_INT(init_settings_parse(&s, many, i, err, sizeof(err)), 0);
	CHECK(strlen(s.unknown) == sizeof(s.unknown) - 1);
	CHECK_STR(s.unknown + sizeof(s.unknown) - 4, "...");
	/* a very long unknown name, and a very long bad value */
	memset(many, 'k', INIT_TEXT_MAX);
	memcpy(many, "benchbox.", 9);
	many[INIT_TEXT_MAX - 2] = '=';
	init_settings_default(&s);
	CHECK_EQ_INT(init_settings_parse(&s, many, INIT_TEXT_MAX, err, sizeof(err)), 0);
	CHECK(strlen(s.unknown) == sizeof(s.unknown) - 1);
	memcpy(many, "benchbox.suite=", 15);
	init_settings_default(&s);
	CHECK_EQ_INT(init_settings_parse(&s, many, INIT_TEXT_MAX, err, sizeof(err)), 0);
	CHECK_STR(s.suite, "quick");
	CHECK(strncmp(s.bad, "suite (unknown suite or applet 'kkk", 35) == 0);
	check_invariants(t, &s);
	free(many);
}

TEST(init_settings_empty_words)
{
	struct init_settings s;

	init_settings_default(&s);
	parse(&s, "benchbox.board= benchbox.suite=lat_pipe");
	parse(&s, "console=ttyS0 benchbox.format=csv");
	CHECK_STR(s.suite, "lat_pipe");
	CHECK_STR(s.format, "csv");
	init_settings_default(&s);
	parse(&s, "\"\" benchbox.suite=lat_unix");
	parse(&s, "console=ttyS0 benchbox.format=json");
	CHECK_STR(s.suite, "lat_unix");
	CHECK_STR(s.format, "json");
}

/* Texts pieced together from the words that matter, and runs of one
 * letter; one to three texts in turn: the invariants hold after each. */
TEST(init_settings_pieced_texts)
{
	static const char *const pieces[] = {
		"benchbox.", "suite=", "board=", "format=", "args=", "budget=", "then=",
		"quick=", "\"", " ", "\t", "\n", "=", ",", "init", "run", "lat_pipe", "csv",
		"x", "1", "0.5", "report", "wait", "benchbox.suite=", "benchbox.args=\"a b",
	};
	struct init_settings s;
	char text[INIT_TEXT_MAX + 64], err[160];
	unsigned long long seed = 12345;
	const char *p;
	size_t len, n;
	int round, k, texts;

	for (round = 0; round < 20000 && !t->failed; round++) {
		init_settings_default(&s);
		texts = 1 + round % 3;
		for (k = 0; k < texts && !t->failed; k++) {
			for (len = 0;;) {
				seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
				p = pieces[(seed >> 33) % (sizeof(pieces) / sizeof(pieces[0]))];
				n = strlen(p);
				if (((seed >> 40) & 63) == 0 || len + 300 + n > sizeof(text))
					break;
				if ((seed >> 50) % 7 == 0) {
					memset(text + len, 'a' + (int)(seed % 26), 300);
					len += 300;
				}
				memcpy(text + len, p, n);
				len += n;
			}
			if (init_settings_parse(&s, text, len, err, sizeof(err)))
				CHECK(len > INIT_TEXT_MAX || k == 2);
			check_invariants(t, &s);
		}
	}
}
