/* util.h - diagnostics, die-on-error wrappers, number parsing, small files
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef BENCHBOX_UTIL_H
#define BENCHBOX_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))
/* A driver in a file built for speed (the Makefile's HOT_SRCS) that runs
 * outside every measurement: built for size, as the cold files are. */
#define DRIVER __attribute__((cold))

/* One line on stderr, prefixed with the program/applet name set by
 * util_set_prog(). errorf for failures, warnf for things worth knowing. */
void util_set_prog(const char *name);
/* fn(arg, 1) before each such line and fn(arg, 0) after it: the progress
 * line (src/progress.h) is erased first; NULL = none. Code that writes to
 * stderr itself calls util_hold_stderr(1) first and util_hold_stderr(0)
 * after, which call fn. */
void util_set_stderr_guard(void (*fn)(void *arg, int hold), void *arg);
void util_hold_stderr(int hold);
void errorf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void warnf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
char *xstrdup(const char *s);

const char *path_basename(const char *path);
/* Whether the len bytes at s end with suffix (s need not be NUL-terminated
 * there: a name in a list; for a whole string, len is strlen(s)). */
int ends_with(const char *s, size_t len, const char *suffix);

/* The number parsers: every number a user types (option values, positional
 * arguments, --expect bands, environment settings) goes through one of
 * them, so one rule holds everywhere: decimal digits only (no hex, octal,
 * inf or nan), no leading or trailing spaces or junk, no '+', never an
 * empty string. Each returns 0 and sets *out, or returns -1 and leaves
 * *out untouched. None reads past the terminating NUL, allocates or prints,
 * so a fuzzer may call them on any NUL-terminated text.
 *
 * parse_size: a byte count: digits with an optional fraction, then an
 * optional binary suffix k/K (2^10), m/M, g/G, t/T and an optional "B" or
 * "iB". "16m" = 16777216 (lmbench's convention). Rejects signs,
 * non-integral results and overflow. Invariant: success implies the value
 * fits in uint64_t, and parse_size(format_size(v)) gives v back. */
int parse_size(const char *s, uint64_t *out);
/* parse_int: an optional '-' and decimal digits (leading zeros are not
 * octal). Invariant: success implies INT64_MIN <= value <= INT64_MAX and
 * printing it with "%lld" and re-parsing gives the same value. */
int parse_int(const char *s, int64_t *out);
/* scan_decimal: the decimal digits at *s (at least one, no sign), a value
 * of at most max, into *out; *s moves past them, to whatever follows.
 * -1 (nothing moved) when *s is no digit or the value passes max. For
 * numbers inside a line of a system file or an embedded table. */
int scan_decimal(const char **s, uint64_t max, uint64_t *out);
/* parse_double: an optional '-', digits with an optional '.' and fraction
 * (at least one digit in all), an optional exponent e/E, optional sign,
 * digits. Invariant: success implies a finite value (overflow and
 * underflow, to zero or to a subnormal, are errors), and printing it
 * with "%.17g" and re-parsing gives the same value. */
int parse_double(const char *s, double *out);
/* parse_uint_hex: decimal digits, or 0x/0X and hex digits; for the few
 * numbers that are written in hex by convention (BENCHBOX_CPU_MASK,
 * CoreMark's seeds), never for option values. Invariant: success implies
 * the value fits in uint64_t. */
int parse_uint_hex(const char *s, uint64_t *out);
/* Format bytes with the largest binary suffix that divides them exactly:
 * 16777216 -> "16M", 1536 -> "1536". parse_size() reads it back. */
char *format_size(uint64_t n, char *buf, size_t len);
/* Bytes for people, one decimal: "512 B", "16.0 MiB", "1.5 GiB". */
const char *format_human(uint64_t bytes, char *buf, size_t len);
/* The value of key in a record's "k=v,k=v" params, into buf (cut to len);
 * NULL when params is NULL or has no such key. */
const char *params_value(const char *params, const char *key, char *buf, size_t len);

/* The path to open for a /proc or /sys path: unchanged, or under
 * $BENCHBOX_SYSROOT when set (tests, and replaying a board's captured
 * /sys and /proc on another machine). Other paths are never remapped. */
const char *sysroot_path(const char *path, char *buf, size_t len);
/* $BENCHBOX_SYSROOT, the captured board's directory; NULL when it is unset
 * or empty: this system's own files are read (and only then may this
 * system be asked: ioctls, registers, devices) */
const char *sysroot_dir(void);

/* The one rule for every file the system provides: under /proc and /sys
 * (through sysroot_path(), so a captured sysroot too), and what PID 1
 * reads from its boot image (/benchbox.cmdline, modules, benchbox.expect).
 * The file is opened with O_NONBLOCK and O_NOCTTY, so a FIFO or a device
 * never holds the open up, and fstat()ed: only a regular file is taken
 * (symlinks are followed, so one to /dev/zero is a character device and
 * refused). The kernel's pseudo-files are regular files of st_size 0:
 * they are read to their end, within the caller's cap. A file refused
 * is, to its caller, a file that is not there.
 *
 * sysfile_open: the descriptor (O_CLOEXEC, O_NONBLOCK cleared), or -1
 * with errno: the open's, EISDIR for a directory, or EBB_NOTREG for
 * anything else that is not a regular file (file_strerror() names it). */
#define EBB_NOTREG	0x4e52		/* no errno of Linux's */
int sysfile_open(const char *path);
/* The same as a stream for reading; NULL with errno. */
FILE *sysfile_fopen(const char *path);
/* strerror(), and "not a regular file" for EBB_NOTREG. */
const char *file_strerror(int err);

/* Read a small text file by the rule above into buf, NUL-terminated,
 * trailing newlines, spaces and NULs removed (at most len - 1 bytes are
 * read). Returns the length, or -1 if it cannot be read. */
int read_text(const char *path, char *buf, size_t len);
/* Read a file holding one unsigned integer; -1 if unreadable or not a number. */
int read_u64(const char *path, uint64_t *out);
/* A whole file, NUL-terminated, in a malloc'd buffer; *len (if not NULL)
 * gets its length. NULL with errno set when it cannot be opened or read,
 * or is over max bytes (EFBIG: a regular file that big is not read at
 * all; otherwise no more than max + 1 bytes are held). Prints nothing.
 * read_sysfile: a file of the system, by the rule above (sysroot_path()
 * applied); read_whole: a file the user named, which may also be a pipe
 * or a FIFO (its open waits for the writer, as a shell's would). */
char *read_sysfile(const char *path, size_t max, size_t *len);
char *read_whole(const char *path, size_t max, size_t *len);

/* "did you mean ...?": the candidate nearest to what a user typed. Start
 * with struct near n = { word }, show it each candidate with near_see(),
 * then near_best() is the one candidate the word is a prefix of (am62 ->
 * am62x; 3 letters at least), else the nearest within reach: edit distance
 * (a swap of two neighbours is one edit) at most 1 for a word of up to 4
 * letters, 2 up to 8, 3 beyond. NULL when none is. Case is ignored. */
struct near {
	const char	*word;
	const char	*best;
	int		dist;		/* of best */
	int		prefixes;	/* candidates the word is a prefix of */
	const char	*prefix;	/* the last of them */
};
void near_see(struct near *n, const char *cand);
/* The only candidate the word is a prefix of, else n->best; NULL if none. */
const char *near_best(const struct near *n);
/* " (did you mean 'BEST'?)" into buf, or "" when there is none; buf. */
const char *near_hint(const struct near *n, char *buf, size_t len);

#endif
