/* json.c - a small JSON reader for benchbox's own result files
 *
 * SPDX-License-Identifier: MIT
 *
 * A recursive-descent parser over the whole text in memory. Arrays and
 * objects grow by doubling; everything is freed by json_free().
 */
#include "json.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char BOM[] = "\xef\xbb\xbf";

struct parser {
	const char	*s, *p;		/* s: the text past a leading BOM */
	size_t		skip;		/* that BOM's length, for json->off */
	char		*err;
	size_t		errlen;
	int		failed, oom;
};

void json_line_col(const char *text, size_t off, unsigned long *line, unsigned long *col)
{
	const char *q, *end = text + off;

	if (off >= 3 && !memcmp(text, BOM, 3))
		text += 3;
	*line = *col = 1;
	for (q = text; q < end; q++) {
		if (*q == '\n')
			++*line, *col = 1;
		else
			++*col;
	}
}

static void fail(struct parser *ps, const char *what)
{
	unsigned long line, col;

	if (ps->failed)
		return;
	ps->failed = 1;
	json_line_col(ps->s, (size_t)(ps->p - ps->s), &line, &col);
	if (!strncmp(ps->p, BOM, 3))	/* the parser stops at one outside a string */
		what = "a byte order mark (BOM) is allowed only at the start of the text";
	snprintf(ps->err, ps->errlen, "line %lu, column %lu: %s", line, col, what);
}

static void fail_oom(struct parser *ps)
{
	ps->oom = 1;
	fail(ps, "out of memory");
}

static void skip_ws(struct parser *ps)
{
	while (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r')
		ps->p++;
}

static int literal(struct parser *ps, const char *word)
{
	size_t n = strlen(word);

	if (strncmp(ps->p, word, n))
		return 0;
	ps->p += n;
	return 1;
}

static void put_utf8(char **o, unsigned long c)
{
	char *q = *o;

	if (c < 0x80) {
		*q++ = (char)c;
	} else if (c < 0x800) {
		*q++ = (char)(0xc0 | c >> 6);
		*q++ = (char)(0x80 | (c & 0x3f));
	} else if (c < 0x10000) {
		*q++ = (char)(0xe0 | c >> 12);
		*q++ = (char)(0x80 | ((c >> 6) & 0x3f));
		*q++ = (char)(0x80 | (c & 0x3f));
	} else {
		*q++ = (char)(0xf0 | c >> 18);
		*q++ = (char)(0x80 | ((c >> 12) & 0x3f));
		*q++ = (char)(0x80 | ((c >> 6) & 0x3f));
		*q++ = (char)(0x80 | (c & 0x3f));
	}
	*o = q;
}

static int hex4(struct parser *ps, unsigned long *out)
{
	unsigned long v = 0;
	int i;

	for (i = 0; i < 4; i++) {
		char c = ps->p[i];

		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= (unsigned long)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v |= (unsigned long)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v |= (unsigned long)(c - 'A' + 10);
		else
			return -1;
	}
	ps->p += 4;
	*out = v;
	return 0;
}

/* At the opening quote; the decoded string (malloc'd) or NULL. A decoded
 * string is never longer than its escaped form. */
static char *string(struct parser *ps)
{
	const char *end = ++ps->p;
	char *out, *o;

	while (*end && *end != '"')		/* the escaped length bounds the decoded one */
		end += *end == '\\' && end[1] ? 2 : 1;
	out = o = malloc((size_t)(end - ps->p) + 1);

	if (!out) {
		fail_oom(ps);
		return NULL;
	}
	for (;;) {
		unsigned char c = (unsigned char)*ps->p;

		if (c == '"') {
			ps->p++;
			*o = 0;
			return out;
		}
		if (c < 0x20) {
			fail(ps, c ? "control character in a string" : "unterminated string");
			break;
		}
		ps->p++;
		if (c != '\\') {
			*o++ = (char)c;
			continue;
		}
		c = (unsigned char)*ps->p++;
		switch (c) {
		case '"': case '\\': case '/': *o++ = (char)c; continue;
		case 'b': *o++ = '\b'; continue;
		case 'f': *o++ = '\f'; continue;
		case 'n': *o++ = '\n'; continue;
		case 'r': *o++ = '\r'; continue;
		case 't': *o++ = '\t'; continue;
		case 'u': {
			unsigned long u, lo;

			if (hex4(ps, &u)) {
				fail(ps, "bad \\u escape");
				goto bad;
			}
			if (u == 0) {		/* it would end the C string early */
				ps->p -= 6;
				fail(ps, "\\u0000 in a string");
				goto bad;
			}
			if (u >= 0xd800 && u < 0xdc00) {
				if (ps->p[0] != '\\' || ps->p[1] != 'u') {
					fail(ps, "a lone surrogate (no low half)");
					goto bad;
				}
				ps->p += 2;
				if (hex4(ps, &lo) || lo < 0xdc00 || lo > 0xdfff) {
					fail(ps, "bad surrogate pair");
					goto bad;
				}
				u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
			} else if (u >= 0xdc00 && u <= 0xdfff) {
				ps->p -= 6;
				fail(ps, "a lone surrogate (no high half)");
				goto bad;
			}
			put_utf8(&o, u);
			continue;
		}
		default:
			ps->p--;
			fail(ps, "bad escape");
			goto bad;
		}
	}
bad:
	free(out);
	return NULL;
}

static int value(struct parser *ps, struct json *v, int depth);

/* Room for one more member. On failure v keeps what it had (its n items
 * and keys), so json_free() frees them. */
static int grow(struct parser *ps, struct json *v, size_t *cap)
{
	size_t want = *cap ? *cap * 2 : 8;
	struct json *items;
	char **keys;

	if (v->n < *cap)
		return 0;
	if (want > SIZE_MAX / 2 / sizeof(*v->items))
		goto oom;
	if (!(items = realloc(v->items, want * sizeof(*v->items))))
		goto oom;
	v->items = items;
	if (v->type == JSON_OBJ) {
		if (!(keys = realloc(v->keys, want * sizeof(*v->keys))))
			goto oom;
		v->keys = keys;
	}
	*cap = want;
	return 0;
oom:
	fail_oom(ps);
	return -1;
}

/* An array or object; at its opening bracket. */
static int container(struct parser *ps, struct json *v, int depth)
{
	char close = *ps->p == '[' ? ']' : '}';
	size_t cap = 0;

	v->type = close == ']' ? JSON_ARR : JSON_OBJ;
	ps->p++;
	skip_ws(ps);
	if (*ps->p == close) {
		ps->p++;
		return 0;
	}
	for (;;) {
		if (grow(ps, v, &cap))
			return -1;
		if (v->type == JSON_OBJ) {
			skip_ws(ps);
			if (*ps->p != '"') {
				fail(ps, "expected a string key");
				return -1;
			}
			if (!(v->keys[v->n] = string(ps)))
				return -1;
			skip_ws(ps);
			if (*ps->p++ != ':') {
				ps->p--;
				free(v->keys[v->n]);
				fail(ps, "expected ':'");
				return -1;
			}
		}
		memset(&v->items[v->n], 0, sizeof(v->items[v->n]));
		v->n++;		/* counted first, so json_free frees a half-built item */
		if (value(ps, &v->items[v->n - 1], depth + 1))
			return -1;
		skip_ws(ps);
		if (*ps->p == ',') {
			ps->p++;
			continue;
		}
		if (*ps->p == close) {
			ps->p++;
			return 0;
		}
		fail(ps, close == ']' ? "expected ',' or ']'" : "expected ',' or '}'");
		return -1;
	}
}

static int number(struct parser *ps, struct json *v)
{
	const char *q = ps->p;
	char *end;

	if (*q == '-')
		q++;
	if (*q == '0')
		q++;
	else if (*q >= '1' && *q <= '9')
		while (*q >= '0' && *q <= '9')
			q++;
	else
		goto bad;
	if (*q == '.') {
		if (*++q < '0' || *q > '9')
			goto bad;
		while (*q >= '0' && *q <= '9')
			q++;
	}
	if (*q == 'e' || *q == 'E') {
		q++;
		if (*q == '+' || *q == '-')
			q++;
		if (*q < '0' || *q > '9')
			goto bad;
		while (*q >= '0' && *q <= '9')
			q++;
	}
	v->type = JSON_NUM;
	v->num = strtod(ps->p, &end);
	ps->p = q;
	return 0;
bad:
	fail(ps, "bad number");
	return -1;
}

static int value(struct parser *ps, struct json *v, int depth)
{
	skip_ws(ps);
	v->off = (size_t)(ps->p - ps->s) + ps->skip;
	if (depth > 64) {
		fail(ps, "nested too deeply");
		return -1;
	}
	switch (*ps->p) {
	case '{':
	case '[':
		return container(ps, v, depth);
	case '"':
		v->type = JSON_STR;
		return (v->str = string(ps)) ? 0 : -1;
	case 't':
	case 'f':
		v->type = JSON_BOOL;
		v->num = *ps->p == 't';
		if (literal(ps, v->num ? "true" : "false"))
			return 0;
		break;
	case 'n':
		v->type = JSON_NULL;
		if (literal(ps, "null"))
			return 0;
		break;
	default:
		if (*ps->p == '-' || (*ps->p >= '0' && *ps->p <= '9'))
			return number(ps, v);
	}
	fail(ps, *ps->p ? "unexpected character" : "unexpected end of text");
	return -1;
}

static void free_items(struct json *v)
{
	size_t i;

	for (i = 0; i < v->n; i++) {
		free_items(&v->items[i]);
		if (v->keys)
			free(v->keys[i]);
	}
	free(v->items);
	free(v->keys);
	free(v->str);
}

void json_free(struct json *v)
{
	if (!v)
		return;
	free_items(v);
	free(v);
}

struct json *json_parse(const char *text, size_t len, char *err, size_t errlen)
{
	struct parser ps = { NULL, NULL, 0, err, errlen, 0, 0 };
	size_t skip = len >= 3 && !memcmp(text, BOM, 3) ? 3 : 0;
	const char *nul = memchr(text, 0, len);
	struct json *v;
	char *copy;

	if (nul) {
		snprintf(err, errlen, "a NUL byte at offset %zu", (size_t)(nul - text));
		errno = EINVAL;
		return NULL;
	}
	text += skip;		/* a byte order mark at the start is allowed */
	len -= skip;
	copy = malloc(len + 1);
	v = calloc(1, sizeof(*v));
	if (!copy || !v) {
		free(copy);
		free(v);
		snprintf(err, errlen, "out of memory");
		errno = ENOMEM;
		return NULL;
	}
	memcpy(copy, text, len);
	copy[len] = 0;		/* the parser below reads up to this NUL only */
	ps.s = ps.p = copy;
	ps.skip = skip;
	if (!value(&ps, v, 0)) {
		skip_ws(&ps);
		if (!*ps.p) {
			free(copy);
			return v;
		}
		fail(&ps, "text after the value");
	}
	free(copy);
	json_free(v);
	errno = ps.oom ? ENOMEM : EINVAL;
	return NULL;
}

const struct json *json_get(const struct json *obj, const char *key)
{
	size_t i;

	if (!obj || obj->type != JSON_OBJ)
		return NULL;
	for (i = 0; i < obj->n; i++)
		if (!strcmp(obj->keys[i], key))
			return &obj->items[i];
	return NULL;
}

const char *json_get_str(const struct json *obj, const char *key)
{
	const struct json *v = json_get(obj, key);

	return v && v->type == JSON_STR ? v->str : NULL;
}

double json_get_num(const struct json *obj, const char *key, double def)
{
	const struct json *v = json_get(obj, key);

	return v && v->type == JSON_NUM ? v->num : def;
}
