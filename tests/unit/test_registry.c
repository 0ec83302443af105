/* test_registry.c - the applet table: order, names, descriptors, options
 *
 * SPDX-License-Identifier: MIT
 *
 * Every applet's declared facts are checked here once, so a new applet
 * that breaks a convention fails the unit tests, not a user.
 */
#include "minitest.h"
#include "applet.h"
#include "opt.h"
#include "util.h"

#include <string.h>

/* [a-z] then [a-z0-9] or one of `extra`. */
static int name_ok(const char *s, const char *extra)
{
	if (!s || *s < 'a' || *s > 'z')
		return 0;
	for (s++; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') ||
		      strchr(extra, *s)))
			return 0;
	return 1;
}

TEST(registry_sorted_unique)
{
	size_t i;

	REQUIRE(applet_count >= 1);
	for (i = 1; i < applet_count; i++)
		if (!CHECK(strcmp(applet_ids[i - 1], applet_ids[i]) < 0))
			mt_fail(MT_AT, "  ... '%s' then '%s' in applets.def",
				applet_ids[i - 1], applet_ids[i]);
}

TEST(registry_names)
{
	size_t i;

	for (i = 0; i < applet_count; i++) {
		const struct applet *a = applet_table[i];

		REQUIRE(a != NULL);
		CHECK_STR(a->name, applet_ids[i]);
		if (!CHECK(name_ok(a->name, "_")))
			mt_fail(MT_AT, "  ... '%s'", a->name);
		CHECK(applet_find(applet_ids[i]) == a);
		CHECK(a->run != NULL);
	}
	CHECK(applet_find("no_such_applet") == NULL);
	CHECK(applet_find("") == NULL);
}

TEST(registry_summary_usage)
{
	size_t i;

	for (i = 0; i < applet_count; i++) {
		const struct applet *a = applet_table[i];
		const char *s = applet_summary_text(a), *u = applet_usage_text(a);
		size_t n = strlen(a->name);

		REQUIRE(s != NULL && u != NULL);
		CHECK(*s != '\0');
		if (!CHECK(strlen(s) <= 60))
			mt_fail(MT_AT, "  ... %s: %zu chars", a->name, strlen(s));
		CHECK(*s && s[strlen(s) - 1] != '.');
		CHECK(!strchr(s, '\n'));
		if (!CHECK(!strncmp(u, "usage: ", 7) && !strncmp(u + 7, a->name, n) &&
			   (u[7 + n] == ' ' || u[7 + n] == '\n')))
			mt_fail(MT_AT, "  ... %s: usage starts \"%.20s\"", a->name, u);
		CHECK(*u && u[strlen(u) - 1] == '\n');
	}
}

/* One table on its own: well-formed specs, parseable in-range defaults,
 * unique names and letters, a help line each (its own or packed: then the
 * packed text has one line per row, no more), a shared option's key of
 * the key's type. Works on any struct mt, so it can test itself. */
static void check_opts(struct mt *t, const char *who, const struct opt_spec *tab)
{
	size_t i, j;
	char help[400];

	for (i = 0; tab && tab[i].name; i++) {
		const struct opt_spec *s = &tab[i];
		struct opt_val v = { 0 };
		char err[256] = "";

		if (!CHECK(name_ok(s->name, "-")))
			mt_fail(MT_AT, "  ... %s: option '%s'", who, s->name);
		CHECK(s->type > OPT_END && s->type <= OPT_CHOICE);
		CHECK(s->letter == 0 || (s->letter >= 'a' && s->letter <= 'z') ||
		      (s->letter >= 'A' && s->letter <= 'Z') ||
		      (s->letter >= '0' && s->letter <= '9'));
		CHECK(s->type != OPT_CHOICE || s->choices != NULL);
		CHECK(s->min <= s->max);
		if (!CHECK(*opt_help(tab, i, help, sizeof(help))))
			mt_fail(MT_AT, "  ... %s: --%s has no help", who, s->name);
		if (!CHECK(s->key < OPTK_COUNT && (!s->key || opt_key_type[s->key] == s->type)))
			mt_fail(MT_AT, "  ... %s: --%s has key %d", who, s->name, s->key);
		for (j = 1; j < OPTK_COUNT; j++)	/* a key's name: that key, always */
			if (!CHECK((s->key == j) == !strcmp(s->name, opt_key_name[j])))
				mt_fail(MT_AT, "  ... %s: --%s and key %zu (--%s)", who, s->name,
					j, opt_key_name[j]);
		if (s->type == OPT_BOOL) {	/* opt_parse ignores a bool's def */
			if (!CHECK(!s->def || !*s->def))
				mt_fail(MT_AT, "  ... %s: --%s", who, s->name);
		} else if (s->def && *s->def &&
			   !CHECK_EQ_INT(opt_parse_value(s, s->def, &v, err,
							 sizeof(err)), 0)) {
			mt_fail(MT_AT, "  ... %s: %s", who, err);
		}
		for (j = 0; j < i; j++) {
			if (!CHECK(strcmp(tab[j].name, s->name) != 0))
				mt_fail(MT_AT, "  ... %s: --%s twice", who, s->name);
			if (!CHECK(!s->letter || tab[j].letter != s->letter))
				mt_fail(MT_AT, "  ... %s: -%c twice", who, s->letter);
			if (!CHECK(!s->key || tab[j].key != s->key))
				mt_fail(MT_AT, "  ... %s: key %d twice", who, s->key);
		}
	}
	for (j = 0; j < i; j++)		/* every row's help its own, or none's */
		if (!CHECK(!tab[j].help == !tab[0].help))
			mt_fail(MT_AT, "  ... %s: --%s", who, tab[j].name);
	/* packed: the end row names the text, which has no line to spare */
	if (i && !tab[0].help && CHECK(tab[i].help != NULL) &&
	    !CHECK(!*opt_help(tab, i, help, sizeof(help))))
		mt_fail(MT_AT, "  ... %s: more help lines than options", who);
}

/* No name or letter of tab may also be in the global options. */
static void check_no_global(struct mt *t, const char *who, const struct opt_spec *tab)
{
	size_t i, j;

	for (i = 0; tab && tab[i].name; i++)
		for (j = 0; global_opts[j].name; j++) {
			if (!CHECK(strcmp(tab[i].name, global_opts[j].name) != 0))
				mt_fail(MT_AT, "  ... %s: --%s is global", who,
					tab[i].name);
			if (!CHECK(!tab[i].letter || tab[i].letter != global_opts[j].letter))
				mt_fail(MT_AT, "  ... %s: -%c is global (--%s)", who,
					tab[i].letter, global_opts[j].name);
		}
}

TEST(registry_global_opts)
{
	check_opts(t, "global", global_opts);
	CHECK_EQ_U64(opt_count(global_opts), GO_COUNT);
	CHECK_EQ_INT(opt_index(global_opts, "help"), GO_HELP);
	CHECK_EQ_INT(opt_index(global_opts, "dir"), GO_DIR);
}

TEST(registry_applet_opts)
{
	size_t i;

	for (i = 0; i < applet_count; i++) {
		check_opts(t, applet_table[i]->name, applet_table[i]->opts);
		check_no_global(t, applet_table[i]->name, applet_table[i]->opts);
	}
	CHECK(applet_count >= 1);	/* and an applet may have no options */
}

/* The checkers above must be able to fail. */
TEST(registry_checker_catches)
{
	static const struct opt_spec good[] = {
		{ .name = "size", .letter = 's', .type = OPT_SIZE, .def = "64M", .min = 4096, .max = 1e12,
		  .help = "bytes" },
		{ .name = "mode", .letter = 'm', .type = OPT_CHOICE, .def = "rd", .choices = "rd|wr",
		  .help = "which" },
		{ .name = "fast", .letter = 'f', .type = OPT_BOOL, .help = "go fast" },
		{ 0 }
	};
	static const struct opt_spec bad[][2] = {
		{ { .name = "Size", .letter = 's', .type = OPT_SIZE, .help = "bad name" } },
		{ { .name = "size", .letter = 's', .type = OPT_SIZE, .def = "12Q",
		  .help = "bad default" } },
		{ { .name = "size", .letter = 's', .type = OPT_SIZE, .def = "1k", .min = 4096, .max = 1e9,
		  .help = "out of range" } },
		{ { .name = "mode", .letter = 'm', .type = OPT_CHOICE, .def = "xx", .choices = "rd|wr",
		  .help = "bad choice" } },
		{ { .name = "mode", .letter = 'm', .type = OPT_CHOICE, .help = "no choices" } },
		{ { .name = "fast", .letter = 'f', .type = OPT_BOOL, .def = "1",
		  .help = "ignored default" } },
		{ { .name = "reps", .letter = 'r', .type = OPT_INT, .help = "a global name" } },
		{ { .name = "hex", .letter = 'h', .type = OPT_INT,
		  .help = "a global letter" } },
		{ { .name = "port", .type = OPT_STR, .key = OPTK_PORT,
		  .help = "a key of another type" } },
		{ { .name = "port", .type = OPT_INT, .key = OPTK_COUNT,
		  .help = "no such key" } },
		{ { .name = "port", .type = OPT_INT } },	/* no help */
	};
	static const struct opt_spec dup[] = {
		{ .name = "a", .letter = 'x', .type = OPT_INT, .help = "one" },
		{ .name = "b", .letter = 'x', .type = OPT_INT, .help = "same letter" },
		{ .name = "a", .type = OPT_INT, .help = "same name" },
		{ .name = "p", .type = OPT_INT, .key = OPTK_PORT, .help = "a key" },
		{ .name = "q", .type = OPT_INT, .key = OPTK_PORT, .help = "the same key" },
		{ .name = "r", .type = OPT_INT },
		{ 0 }
	};
	struct mt sub;
	size_t i;

	memset(&sub, 0, sizeof(sub));
	check_opts(&sub, "good", good);
	check_no_global(&sub, "good", good);
	CHECK_EQ_INT(sub.failed, 0);
	for (i = 0; i < ARRAY_LEN(bad); i++) {
		memset(&sub, 0, sizeof(sub));
		check_opts(&sub, "bad", bad[i]);
		check_no_global(&sub, "bad", bad[i]);
		if (!CHECK(sub.failed > 0))
			mt_fail(MT_AT, "  ... not caught: %s", bad[i][0].help);
	}
	memset(&sub, 0, sizeof(sub));
	check_opts(&sub, "dup", dup);
	CHECK(sub.failed >= 5);	/* letter, name, key, r's help twice */
	CHECK(name_ok("lat_mem", "_") && !name_ok("lat-mem", "_") &&
	      !name_ok("1x", "_") && !name_ok("", "_") && !name_ok("Membw", "_"));
}
