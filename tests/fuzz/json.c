/* json.c - fuzzes json_parse() (src/json.c), the reader of results files
 *
 * SPDX-License-Identifier: MIT
 *
 * Invariants: a parse either succeeds or fails with a message; a parsed
 * document written back as JSON (here, by a small writer of our own)
 * parses again into an equal document, and writing that one gives the
 * same text; every container's n items are there, every object has n keys;
 * no number is NaN (only strtod's result for text that passed the number
 * grammar lands there); a text with a NUL byte is refused. The parser gets
 * the bytes themselves, with no NUL after them.
 */
#include "fuzz.h"
#include "json.h"

#include <math.h>

struct buf {
	char	*p;
	size_t	n, cap;
};

static void put(struct buf *b, const char *s, size_t n)
{
	if (b->n + n + 1 > b->cap) {
		b->cap = (b->n + n + 1) * 2;
		b->p = realloc(b->p, b->cap);
		if (!b->p)
			abort();
	}
	memcpy(b->p + b->n, s, n);
	b->n += n;
	b->p[b->n] = '\0';
}

static void put_str(struct buf *b, const char *s)
{
	char esc[8];

	put(b, "\"", 1);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\') {
			esc[0] = '\\';
			esc[1] = (char)c;
			put(b, esc, 2);
		} else if (c < 0x20) {
			snprintf(esc, sizeof(esc), "\\u%04x", c);
			put(b, esc, 6);
		} else {
			put(b, s, 1);
		}
	}
	put(b, "\"", 1);
}

static void write_json(struct buf *b, const struct json *v)
{
	char num[40];
	size_t i;

	switch (v->type) {
	case JSON_NULL: put(b, "null", 4); break;
	case JSON_BOOL: put(b, v->num ? "true" : "false", v->num ? 4 : 5); break;
	case JSON_NUM:
		if (isinf(v->num))	/* 1e999 reads as inf; it writes back so */
			snprintf(num, sizeof(num), "%s1e999", v->num < 0 ? "-" : "");
		else
			snprintf(num, sizeof(num), "%.17g", v->num);
		put(b, num, strlen(num));
		break;
	case JSON_STR: put_str(b, v->str); break;
	case JSON_ARR:
	case JSON_OBJ:
		put(b, v->type == JSON_ARR ? "[" : "{", 1);
		for (i = 0; i < v->n; i++) {
			if (i)
				put(b, ",", 1);
			if (v->type == JSON_OBJ) {
				put_str(b, v->keys[i]);
				put(b, ":", 1);
			}
			write_json(b, &v->items[i]);
		}
		put(b, v->type == JSON_ARR ? "]" : "}", 1);
		break;
	}
}

static int equal(const struct json *a, const struct json *b)
{
	size_t i;

	if (a->type != b->type || a->n != b->n)
		return 0;
	switch (a->type) {
	case JSON_NULL: return 1;
	case JSON_BOOL:
	case JSON_NUM: return a->num == b->num;
	case JSON_STR: return !strcmp(a->str, b->str);
	case JSON_ARR:
	case JSON_OBJ:
		for (i = 0; i < a->n; i++)
			if ((a->type == JSON_OBJ && strcmp(a->keys[i], b->keys[i])) ||
			    !equal(&a->items[i], &b->items[i]))
				return 0;
		return 1;
	}
	return 0;
}

static void shape(const struct json *v)
{
	size_t i;

	FUZZ_CHECK(v->type >= JSON_NULL && v->type <= JSON_OBJ, "type %d", (int)v->type);
	FUZZ_CHECK(v->type != JSON_STR || v->str, "a string without text");
	FUZZ_CHECK(v->type == JSON_ARR || v->type == JSON_OBJ || v->n == 0,
		   "a scalar with %zu items", v->n);
	FUZZ_CHECK(!v->n || v->items, "%zu items, no array", v->n);
	FUZZ_CHECK(v->type != JSON_OBJ || !v->n || v->keys, "an object without keys");
	FUZZ_CHECK(v->type != JSON_BOOL || v->num == 0 || v->num == 1, "bool %g", v->num);
	/* json_parse() leaves an overflowing exponent infinite (the
	 * results loader range-checks); never NaN */
	FUZZ_CHECK(v->type != JSON_NUM || !isnan(v->num), "a NaN number");
	for (i = 0; i < v->n; i++) {
		FUZZ_CHECK(v->type != JSON_OBJ || v->keys[i], "key %zu missing", i);
		shape(&v->items[i]);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size ? size : 1), err[160] = "";
	struct json *doc, *again;
	struct buf out = { 0 }, out2 = { 0 };

	if (!text)
		abort();
	memcpy(text, data, size);	/* exactly size bytes: ASan sees a read past them */
	doc = json_parse(text, size, err, sizeof(err));
	if (!doc) {
		FUZZ_CHECK(err[0], "failed without a message");
		free(text);
		return 0;
	}
	FUZZ_CHECK(!fuzz_has_nul(data, size), "a text with a NUL byte parsed");
	shape(doc);
	write_json(&out, doc);
	again = json_parse(out.p, out.n, err, sizeof(err));
	FUZZ_CHECK(again, "own output does not parse: %s: %s", err, out.p);
	FUZZ_CHECK(equal(doc, again), "not equal after a round trip: %s", out.p);
	write_json(&out2, again);
	FUZZ_CHECK(!strcmp(out.p, out2.p), "written twice, two texts: %s / %s", out.p, out2.p);
	json_free(again);
	json_free(doc);
	free(out.p);
	free(out2.p);
	free(text);
	return 0;
}
