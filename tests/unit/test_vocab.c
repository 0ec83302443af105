/* test_vocab.c - one option vocabulary and help a newcomer reads
 *
 * SPDX-License-Identifier: MIT
 *
 * A short letter means one thing across benchbox's own applets (its long
 * name is that meaning), except where an applet reproduces a classic tool
 * whose own letters it keeps exactly (lmbench's -P -W -N -s -S ...): those
 * are listed per applet below and exempt. Every option whose value is free
 * text or a number with a unit says what it takes (its metavar), and every
 * applet's help fits 79 columns and has one exit-status paragraph.
 */
#include "minitest.h"
#include "applet.h"
#include "opt.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The classics' own letters, per applet (lmbench3's usage lines). */
static const struct { const char *applet, *letters; } classic[] = {
	{ "bw_file_rd", "CPWN" },	{ "bw_mem", "PWN" },
	{ "bw_mmap_rd", "CPWN" },	{ "bw_pipe", "mMPWN" },
	{ "bw_tcp", "smMPWNS" },	{ "bw_unix", "mMPWN" },
	{ "lat_connect", "sWNS" },	{ "lat_ctx", "PWNs" },
	{ "lat_fs", "snPWN" },		{ "lat_mem_rd", "PWNt" },
	{ "lat_mmap", "rCPWN" },	{ "lat_ops", "PWN" },
	{ "lat_pagefault", "CPWN" },	{ "lat_pipe", "PWN" },
	{ "lat_proc", "PWN" },		{ "lat_select", "nPWN" },
	{ "lat_sem", "PWN" },		{ "lat_sig", "PWN" },
	{ "lat_syscall", "PWN" },	{ "lat_tcp", "smPWNS" },
	{ "lat_udp", "smPWNS" },	{ "lat_unix", "mPWN" },
	{ "line", "vMWN" },		{ "mhz", "c" },
	{ "par_mem", "cLMWN" },		{ "par_ops", "WN" },
	{ "stream", "vMPWN" },		{ "tlb", "cLMWN" },
};

static int is_classic(const char *applet, char letter)
{
	size_t i;

	for (i = 0; i < ARRAY_LEN(classic); i++)
		if (!strcmp(classic[i].applet, applet))
			return strchr(classic[i].letters, letter) != NULL;
	return 0;
}

TEST(vocab_one_meaning_per_letter)
{
	const char *owner[128] = { 0 }, *name[128] = { 0 };
	size_t i;

	for (i = 0; i < applet_count; i++) {
		const struct applet *a = applet_table[i];
		const struct opt_spec *s;

		for (s = a->opts; s && s->name; s++) {
			unsigned char c = (unsigned char)s->letter;

			if (!c || is_classic(a->name, s->letter))
				continue;
			if (!name[c]) {
				name[c] = s->name;
				owner[c] = a->name;
			} else if (!CHECK(!strcmp(name[c], s->name))) {
				mt_fail(MT_AT, "  ... -%c is --%s in %s but --%s in %s", c,
					name[c], owner[c], s->name, a->name);
			}
		}
	}
}

/* What a value is, said by its metavar: required for text and for
 * numbers with a unit (OPT_STR, OPT_DOUBLE); capitals, digits, -_|,. */
static void check_metavars(struct mt *t, const char *who, const struct opt_spec *tab)
{
	const struct opt_spec *s;

	for (s = tab; s && s->name; s++) {
		const char *m = s->metavar;

		if ((s->type != OPT_STR && s->type != OPT_DOUBLE && !m) ||
		    s->type == OPT_CHOICE)	/* m is the choices */
			continue;
		if (!CHECK(m && *m && strcmp(m, "STR") && strcmp(m, "X") &&
			   m[strspn(m, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_|,.[]")] == '\0'))
			mt_fail(MT_AT, "  ... %s: --%s=%s", who, s->name, m ? m : "(none)");
	}
}

TEST(vocab_metavars)
{
	size_t i;

	check_metavars(t, "global", global_opts);
	for (i = 0; i < applet_count; i++)
		check_metavars(t, applet_table[i]->name, applet_table[i]->opts);
}

TEST(vocab_help_fits)
{
	size_t i;

	for (i = 0; i < applet_count; i++) {
		const struct applet *a = applet_table[i];
		char *buf = NULL, *line, *save = NULL;
		size_t len = 0;
		int exits = 0, n = 0;
		FILE *f = open_memstream(&buf, &len);

		REQUIRE(f);
		applet_usage(a, f);
		fclose(f);
		for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
			size_t l = strlen(line);

			n++;
			if (!CHECK(l <= 79))
				mt_fail(MT_AT, "  ... %s --help line %d: %zu columns", a->name, n, l);
			if (!CHECK(l == 0 || line[l - 1] != ' '))
				mt_fail(MT_AT, "  ... %s --help line %d ends in a blank", a->name, n);
			exits += !strncmp(line, "Exit status", 11);
		}
		if (!CHECK_EQ_INT(exits, 1))
			mt_fail(MT_AT, "  ... %s: %d exit-status paragraphs", a->name, exits);
		free(buf);
	}
}

/* --list: one style, "what it measures (lmbench's TOOL)" */
TEST(vocab_list_style)
{
	size_t i;

	for (i = 0; i < applet_count; i++) {
		const char *s = applet_summary_text(applet_table[i]), *l = strstr(s, "lmbench");

		if (!l)
			continue;
		if (!CHECK(l > s && l[-1] == '(' && !strncmp(l, "lmbench's ", 10) &&
			   l[10] && l[10] != ')' && s[strlen(s) - 1] == ')'))
			mt_fail(MT_AT, "  ... %s: \"%s\"", applet_table[i]->name, s);
	}
}
