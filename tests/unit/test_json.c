/* test_json.c - the JSON reader: every value type, escapes, nesting, and
 * errors that name the line and column
 *
 * SPDX-License-Identifier: MIT
 */
#include "json.h"
#include "minitest.h"

#include "util.h"

#include <stdlib.h>
#include <string.h>

TEST(json_values)
{
	const char *doc = "{\"a\": [1, -2.5e3, true, false, null],\n"
			  " \"s\": \"x\\\"y\\\\z\\n\\u00e9\\ud83d\\ude00\", \"o\": {}, \"e\": []}";
	char err[128] = "";
	struct json *j = json_parse(doc, strlen(doc), err, sizeof(err));
	const struct json *a;

	REQUIRE(j != NULL);
	CHECK_EQ_INT(j->type, JSON_OBJ);
	a = json_get(j, "a");
	REQUIRE(a && a->type == JSON_ARR && a->n == 5);
	CHECK_NEAR(a->items[0].num, 1, 0);
	CHECK_NEAR(a->items[1].num, -2500, 0);
	CHECK_EQ_INT(a->items[2].type, JSON_BOOL);
	CHECK_NEAR(a->items[2].num, 1, 0);
	CHECK_NEAR(a->items[3].num, 0, 0);
	CHECK_EQ_INT(a->items[4].type, JSON_NULL);
	CHECK_STR(json_get_str(j, "s"), "x\"y\\z\n\xc3\xa9\xf0\x9f\x98\x80");
	CHECK_EQ_INT(json_get(j, "o")->type, JSON_OBJ);
	CHECK_EQ_INT((int)json_get(j, "e")->n, 0);
	CHECK(json_get(j, "missing") == NULL);
	CHECK(json_get_str(j, "a") == NULL);
	CHECK_NEAR(json_get_num(j, "s", 7), 7, 0);
	json_free(j);
}

TEST(json_errors)
{
	static const struct {
		const char	*doc, *want;
	} bad[] = {
		{ "", "line 1, column 1: unexpected end" },
		{ "{\"a\" 1}", "line 1, column 6: expected ':'" },
		{ "[1,\n 2", "line 2, column 3: expected ',' or ']'" },
		{ "[01]", "expected ',' or ']'" },
		{ "[1.]", "bad number" },
		{ "\"abc", "unterminated string" },
		{ "\"a\\qb\"", "bad escape" },
		{ "\"\\u12g4\"", "bad \\u escape" },
		{ "{1: 2}", "expected a string key" },
		{ "[1] 2", "text after the value" },
		{ "tru", "unexpected character" },
	};
	char deep[200];
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char err[128] = "";
		struct json *j = json_parse(bad[i].doc, strlen(bad[i].doc), err, sizeof(err));

		CHECK(j == NULL);
		if (!CHECK(strstr(err, bad[i].want) != NULL))
			mt_fail(t, __FILE__, __LINE__, "doc %s: got '%s'", bad[i].doc, err);
		json_free(j);
	}
	memset(deep, '[', 100);
	deep[100] = 0;
	{
		char err[128] = "";

		CHECK(json_parse(deep, strlen(deep), err, sizeof(err)) == NULL);
		CHECK(strstr(err, "nested too deeply") != NULL);
	}
}

/* What a fuzzer may assert: the text is read only within len, a NUL byte,
 * a BOM past the start, a \u0000 or a lone surrogate is an error, never a
 * shorter or different document. */
TEST(json_hostile_input)
{
	static const struct {
		const char	*doc;
		size_t		len;
		const char	*want;
	} bad[] = {
		{ "[1]\0[2]", 7, "a NUL byte at offset 3" },
		{ "{\"a\": \"x\0y\"}", 12, "a NUL byte at offset 8" },
		{ "[1, \xef\xbb\xbf" "2]", 9, "line 1, column 5: a byte order mark (BOM)" },
		{ "\xef\xbb\xbf\xef\xbb\xbf[]", 8, "byte order mark" },
		{ "[\"a\\u0000b\"]", 12, "\\u0000" },
		{ "[\"\\ud800\"]", 10, "surrogate" },
		{ "[\"\\udc00x\"]", 11, "surrogate" },
		{ "[12345]", 3, "expected ',' or ']'" },	/* len ends it */
		{ "\"abc\"", 3, "unterminated string" },
		{ "[1e5]", 3, "bad number" },
		{ "", 0, "unexpected end" },
	};
	char err[128];
	struct json *j;
	size_t i;

	for (i = 0; i < ARRAY_LEN(bad); i++) {
		err[0] = 0;
		j = json_parse(bad[i].doc, bad[i].len, err, sizeof(err));
		CHECK(j == NULL);
		if (!CHECK(strstr(err, bad[i].want) != NULL))
			mt_fail(MT_AT, "  ... case %zu: got '%s'", i, err);
		json_free(j);
	}
	/* a BOM at the very start is skipped */
	j = json_parse("\xef\xbb\xbf{\"a\": 2}", 11, err, sizeof(err));
	REQUIRE(j != NULL);
	CHECK_NEAR(json_get_num(j, "a", 0), 2, 0);
	json_free(j);
	/* a number ends at len, not at the next NUL */
	j = json_parse("12345", 2, err, sizeof(err));
	REQUIRE(j != NULL);
	CHECK_NEAR(j->num, 12, 0);
	json_free(j);
	/* a BOM inside a string is text */
	j = json_parse("\"\xef\xbb\xbf\"", 5, err, sizeof(err));
	REQUIRE(j != NULL);
	CHECK_STR(j->str, "\xef\xbb\xbf");
	json_free(j);
}

/* Each value knows where it starts (a byte offset in the text as given,
 * BOM included), and json_line_col() turns that into what an error says. */
TEST(json_offsets)
{
	const char doc[] = "\xef\xbb\xbf{\"a\": [1,\n  {\"b\": \"x\"}], \"c\": null}";
	char err[128] = "";
	struct json *j = json_parse(doc, strlen(doc), err, sizeof(err));
	const struct json *a, *b;
	unsigned long line, col;

	REQUIRE(j != NULL);
	CHECK_EQ_U64(j->off, 3);
	a = json_get(j, "a");
	REQUIRE(a && a->n == 2);
	CHECK_EQ_U64(a->off, 9);
	CHECK_EQ_U64(a->items[0].off, 10);
	CHECK_EQ_U64(a->items[1].off, 15);
	b = json_get(&a->items[1], "b");
	REQUIRE(b != NULL);
	CHECK_EQ_U64(b->off, 21);
	json_line_col(doc, b->off, &line, &col);
	CHECK_EQ_U64(line, 2);
	CHECK_EQ_U64(col, 9);
	json_line_col(doc, j->off, &line, &col);	/* the BOM is not a column */
	CHECK_EQ_U64(line, 1);
	CHECK_EQ_U64(col, 1);
	CHECK_EQ_U64(json_get(j, "c")->off, 33);
	json_free(j);
}
