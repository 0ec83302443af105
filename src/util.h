/* util.h - diagnostics, die-on-error wrappers, number parsing, small files
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef BENCHBOX_UTIL_H
#define BENCHBOX_UTIL_H

#include <stddef.h>
#include <stdint.h>

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* One line on stderr, prefixed with the program/applet name set by
 * util_set_prog(). errorf for failures, warnf for things worth knowing. */
void util_set_prog(const char *name);
void errorf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void warnf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
char *xstrdup(const char *s);

const char *path_basename(const char *path);

/* Parse a byte count: digits with an optional fraction, then an optional
 * binary suffix k/K (2^10), m/M, g/G, t/T and an optional "B" or "iB".
 * "16m" = 16777216 (lmbench's convention). Rejects empty input, signs,
 * garbage, non-integral results and overflow. 0 on success, -1 on error. */
int parse_size(const char *s, uint64_t *out);
/* Decimal (leading zeros are not octal) or 0x hex integer with optional
 * leading '-'; -1 on garbage/overflow. */
int parse_int(const char *s, int64_t *out);
/* Floating point; rejects garbage, NaN and infinities. */
int parse_double(const char *s, double *out);
/* Format bytes with the largest binary suffix that divides them exactly:
 * 16777216 -> "16M", 1536 -> "1536". parse_size() reads it back. */
char *format_size(uint64_t n, char *buf, size_t len);

/* The path to open for a /proc or /sys path: unchanged, or under
 * $BENCHBOX_SYSROOT when set (tests, and replaying a board's captured
 * /sys and /proc on another machine). Other paths are never remapped. */
const char *sysroot_path(const char *path, char *buf, size_t len);

/* Read a small text file into buf, NUL-terminated, trailing newlines and
 * spaces removed. Returns the length, or -1 if it cannot be read. */
int read_text(const char *path, char *buf, size_t len);
/* Read a file holding one unsigned integer; -1 if unreadable or not a number. */
int read_u64(const char *path, uint64_t *out);
/* A whole file (or pipe), NUL-terminated, in a malloc'd buffer; *len (if
 * not NULL) gets its length. NULL with errno set when it cannot be opened
 * or read, or is over max bytes (EFBIG). Prints nothing. */
char *read_whole(const char *path, size_t max, size_t *len);

#endif
