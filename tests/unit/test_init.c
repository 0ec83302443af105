/* test_init.c - the benchbox.* settings of a kernel command line: defaults,
 * quoting, the order of override, unknown and bad settings
 *
 * SPDX-License-Identifier: MIT
 */
#include "minitest.h"
#include "init.h"

#include <string.h>

TEST(init_settings_defaults)
{
	struct init_settings s;

	init_settings_default(&s);
	init_settings_parse(&s, "console=ttyAMA0 panic=-1 quiet");
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
	init_settings_parse(&s, "quiet benchbox.suite=guide benchbox.board=j721e "
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
	init_settings_parse(&s, "benchbox.then=shell-less-wait");
	CHECK_EQ_INT(s.then, THEN_WAIT);
}

TEST(init_settings_quotes_and_order)
{
	struct init_settings s;

	init_settings_default(&s);
	/* the defaults file first, then the kernel's line, which wins */
	init_settings_parse(&s, "benchbox.suite=lat_pipe benchbox.format=csv\n");
	init_settings_parse(&s, "ro \"benchbox.args=--quick --reps=1\" benchbox.suite=lat_unix");
	CHECK_STR(s.suite, "lat_unix");
	CHECK_STR(s.format, "csv");
	CHECK_STR(s.args, "--quick --reps=1");
	init_settings_parse(&s, "benchbox.board=\"am62x\"");
	CHECK_STR(s.board, "am62x");
	CHECK_STR(s.suite, "lat_unix");		/* earlier words keep their storage */
}

TEST(init_settings_unknown_and_bad)
{
	struct init_settings s;

	init_settings_default(&s);
	init_settings_parse(&s, "benchbox.colour=1 benchbox.then=explode benchbox.format=xml "
			    "benchbox.quick=yes benchbox.suite= benchbox.board benchbox_x=1");
	CHECK_STR(s.unknown, "colour");
	CHECK_STR(s.bad, "then format quick suite board");
	CHECK_STR(s.suite, "quick");
	CHECK_STR(s.format, "ktap");
	CHECK_EQ_INT(s.then, THEN_POWEROFF);
	CHECK_EQ_INT(s.quick, 0);
}

TEST(init_settings_long_line)
{
	struct init_settings s;
	char line[6000];

	/* longer than the buffer: cut, never overrun; the settings before the cut hold */
	memset(line, 'x', sizeof(line) - 1);
	line[sizeof(line) - 1] = '\0';
	memcpy(line, "benchbox.suite=lat_pipe ", 24);
	init_settings_default(&s);
	init_settings_parse(&s, line);
	CHECK_STR(s.suite, "lat_pipe");
}
