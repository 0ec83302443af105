/* json.h - a small JSON reader for benchbox's own result files
 *
 * SPDX-License-Identifier: MIT
 *
 * RFC 8259 values into a tree: objects keep their key order, strings are
 * decoded to UTF-8 (\uXXXX escapes and surrogate pairs included), numbers
 * are doubles. Nesting is limited to 64 levels. Errors name the line and
 * column.
 */
#ifndef BENCHBOX_JSON_H
#define BENCHBOX_JSON_H

#include <stddef.h>

enum json_type { JSON_NULL, JSON_BOOL, JSON_NUM, JSON_STR, JSON_ARR, JSON_OBJ };

struct json {
	enum json_type	type;
	size_t		off;		/* where the value starts: a byte offset in text */
	double		num;		/* JSON_NUM; JSON_BOOL: 0 or 1 */
	char		*str;		/* JSON_STR */
	struct json	*items;		/* JSON_ARR, JSON_OBJ: n values */
	char		**keys;		/* JSON_OBJ: n keys */
	size_t		n;
};

/* The document in text[0..len) (text need not be NUL-terminated), or NULL
 * with "line L, column C: what" in err, or "a NUL byte at offset N" when
 * text holds one; errno is then ENOMEM when memory ran out (err says "out
 * of memory"), else EINVAL. A UTF-8 byte order mark is skipped at the
 * start and an error anywhere else outside a string; "\u0000" and lone
 * surrogates are errors. For a fuzzer: any (text, len) gives a tree or NULL with a
 * NUL-terminated message in err (errlen > 0), reads nothing outside
 * text[0..len), and every string in the tree is NUL-terminated with no
 * NUL inside and every number is a double (possibly infinite when the
 * exponent overflows: callers range-check). json_free() frees it all. */
struct json *json_parse(const char *text, size_t len, char *err, size_t errlen);
void json_free(struct json *v);
/* The line and column (from 1, in bytes; a leading byte order mark not
 * counted) of byte offset off of text, as err and json->off give them. */
void json_line_col(const char *text, size_t off, unsigned long *line, unsigned long *col);

/* obj's member named key, or NULL (also when obj is not an object). */
const struct json *json_get(const struct json *obj, const char *key);
/* Typed members: the string (NULL if absent or not a string), the number
 * (def if absent or not a number). */
const char *json_get_str(const struct json *obj, const char *key);
double json_get_num(const struct json *obj, const char *key, double def);

#endif
