/* test_json.c - the JSON reader: every value type, escapes, nesting, and
 * errors that name the line and column
 *
 * SPDX-License-Identifier: MIT
 */
#include "json.h"
#include "minitest.h"

#include <stdlib.h>
#include <string.h>

TEST(json_values)
{
	const char *doc = "{\"a\": [1, -2.5e3, true, false, null],\n"
			  " \"s\": \"x\\\"y\\\\z\\n\\u00e9\\ud83d\\ude00\", \"o\": {}, \"e\": []}";
	char err[128] = "";
	struct json *j = json_parse(doc, err, sizeof(err));
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
		struct json *j = json_parse(bad[i].doc, err, sizeof(err));

		CHECK(j == NULL);
		if (!CHECK(strstr(err, bad[i].want) != NULL))
			mt_fail(t, __FILE__, __LINE__, "doc %s: got '%s'", bad[i].doc, err);
		json_free(j);
	}
	memset(deep, '[', 100);
	deep[100] = 0;
	{
		char err[128] = "";

		CHECK(json_parse(deep, err, sizeof(err)) == NULL);
		CHECK(strstr(err, "nested too deeply") != NULL);
	}
}
