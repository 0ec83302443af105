/* util.c - diagnostics, die-on-error wrappers, number parsing, small files
 *
 * SPDX-License-Identifier: MIT
 */
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *prog = "benchbox";	/* set once at start-up by main() */

void util_set_prog(const char *name)
{
	prog = name;
}

/* The progress line's, while one may be on the terminal; set and cleared
 * by the one thread that writes messages, as prog is. */
static void (*guard_fn)(void *arg, int hold);
static void *guard_arg;

void util_set_stderr_guard(void (*fn)(void *arg, int hold), void *arg)
{
	guard_fn = fn;
	guard_arg = arg;
}

void util_hold_stderr(int hold)
{
	if (guard_fn)
		guard_fn(guard_arg, hold);
}

/* s into out[len] with its control bytes written as \n, \t, \r or \xNN:
 * a name a user hands over (a file name with a newline, an escape
 * sequence) never makes a message two lines or moves a terminal's cursor */
static void visible(const char *s, char *out, size_t len)
{
	size_t n = 0;

	for (; *s && n + 5 < len; s++) {
		unsigned char c = (unsigned char)*s;

		if (c >= 0x20 && c != 0x7f)
			out[n++] = (char)c;
		else
			n += (size_t)snprintf(out + n, len - n, c == '\n' ? "\\n" : c == '\t' ? "\\t" :
					      c == '\r' ? "\\r" : "\\x%02x", c);
	}
	out[n] = '\0';
}

/* one write: the message is not split among other processes' output */
static void vmsg(const char *kind, const char *fmt, va_list ap)
{
	char line[1024], name[128], shown[1200];

	vsnprintf(line, sizeof(line), fmt, ap);
	visible(prog, name, sizeof(name));
	visible(line, shown, sizeof(shown));
	util_hold_stderr(1);
	fprintf(stderr, "%s: %s%s\n", name, kind, shown);
	util_hold_stderr(0);
}

void errorf(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg("", fmt, ap);
	va_end(ap);
}

void warnf(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg("warning: ", fmt, ap);
	va_end(ap);
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p) {
		errorf("out of memory (%zu bytes)", n);
		exit(1);
	}
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p) {
		errorf("out of memory (%zu x %zu bytes)", n, size);
		exit(1);
	}
	return p;
}

char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(xmalloc(n), s, n);
}

const char *path_basename(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

int ends_with(const char *s, size_t len, const char *suffix)
{
	size_t n = strlen(suffix);

	return len >= n && !memcmp(s + len - n, suffix, n);
}

int parse_size(const char *s, uint64_t *out)
{
	uint64_t whole = 0, frac_num = 0, frac_den = 1, mult = 1;
	const char *p = s;
	int digits = 0;

	for (; *p >= '0' && *p <= '9'; p++, digits++) {
		uint64_t d = (uint64_t)(*p - '0');

		if (whole > (UINT64_MAX - d) / 10)
			return -1;
		whole = whole * 10 + d;
	}
	if (*p == '.') {
		for (p++; *p >= '0' && *p <= '9'; p++, digits++) {
			if (frac_den > UINT64_MAX / 100)
				return -1;	/* absurd precision */
			frac_num = frac_num * 10 + (uint64_t)(*p - '0');
			frac_den *= 10;
		}
	}
	if (!digits)
		return -1;
	switch (*p) {
	case 'k': case 'K': mult = 1ull << 10; p++; break;
	case 'm': case 'M': mult = 1ull << 20; p++; break;
	case 'g': case 'G': mult = 1ull << 30; p++; break;
	case 't': case 'T': mult = 1ull << 40; p++; break;
	default: break;
	}
	if (mult > 1 && p[0] == 'i' && p[1] == 'B')
		p += 2;
	else if (*p == 'B' || (mult > 1 && *p == 'b'))
		p++;
	if (*p)
		return -1;
	if (whole > UINT64_MAX / mult)
		return -1;
	/* the fraction must come to a whole number of bytes */
	if (frac_num && (frac_num > UINT64_MAX / mult || (frac_num * mult) % frac_den))
		return -1;
	if (whole * mult > UINT64_MAX - frac_num * mult / frac_den)
		return -1;
	*out = whole * mult + frac_num * mult / frac_den;
	return 0;
}

/* Decimal digits into *v, at most max; -1 on overflow or no digit. */
int scan_decimal(const char **s, uint64_t max, uint64_t *out)
{
	const char *p = *s;
	uint64_t n = 0;

	if (*p < '0' || *p > '9')
		return -1;
	for (; *p >= '0' && *p <= '9'; p++) {
		uint64_t d = (uint64_t)(*p - '0');

		if (n > (max - d) / 10)
			return -1;
		n = n * 10 + d;
	}
	*out = n;
	*s = p;
	return 0;
}

/* the whole of s decimal digits, at most max; *v untouched on failure */
static int decimal_u64(const char *s, uint64_t max, uint64_t *v)
{
	uint64_t n;

	if (scan_decimal(&s, max, &n) || *s)
		return -1;
	*v = n;
	return 0;
}

int parse_int(const char *s, int64_t *out)
{
	int neg = *s == '-';
	uint64_t v;

	if (decimal_u64(s + neg, neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX, &v))
		return -1;
	*out = neg ? (int64_t)(0 - v) : (int64_t)v;
	return 0;
}

int parse_uint_hex(const char *s, uint64_t *out)
{
	uint64_t v = 0;
	const char *p;

	if (s[0] != '0' || (s[1] != 'x' && s[1] != 'X'))
		return decimal_u64(s, UINT64_MAX, out);
	if (!s[2])
		return -1;
	for (p = s + 2; *p; p++) {
		int d = *p >= '0' && *p <= '9' ? *p - '0'
			: *p >= 'a' && *p <= 'f' ? *p - 'a' + 10
			: *p >= 'A' && *p <= 'F' ? *p - 'A' + 10 : -1;

		if (d < 0 || v >> 60)
			return -1;
		v = v << 4 | (uint64_t)d;
	}
	*out = v;
	return 0;
}

int parse_double(const char *s, double *out)
{
	const char *p = s + (*s == '-');
	int digits = 0, nonzero = 0;
	char *end;
	double v;

	/* the grammar first: strtod alone would take hex, inf, nan, spaces */
	for (; *p >= '0' && *p <= '9'; p++, digits++)
		nonzero |= *p != '0';
	if (*p == '.')
		for (p++; *p >= '0' && *p <= '9'; p++, digits++)
			nonzero |= *p != '0';
	if (!digits)
		return -1;
	if (*p == 'e' || *p == 'E') {
		p += 1 + (p[1] == '+' || p[1] == '-');
		if (*p < '0' || *p > '9')
			return -1;
		while (*p >= '0' && *p <= '9')
			p++;
	}
	if (*p)
		return -1;
	errno = 0;
	v = strtod(s, &end);
	if (end != p || errno == ERANGE || !isfinite(v) || (v == 0 && nonzero))
		return -1;	/* overflow, or underflow (to zero or subnormal) */
	*out = v;
	return 0;
}

char *format_size(uint64_t n, char *buf, size_t len)
{
	static const char suf[] = "KMGT";
	int i = -1;

	while (i < 3 && n >= 1024 && n % 1024 == 0) {
		n /= 1024;
		i++;
	}
	if (i < 0)
		snprintf(buf, len, "%llu", (unsigned long long)n);
	else
		snprintf(buf, len, "%llu%c", (unsigned long long)n, suf[i]);
	return buf;
}

const char *format_human(uint64_t bytes, char *buf, size_t len)
{
	if (bytes < 1024)
		snprintf(buf, len, "%llu B", (unsigned long long)bytes);
	else if (bytes < (1ull << 30))
		snprintf(buf, len, "%.1f MiB", (double)bytes / (1 << 20));
	else
		snprintf(buf, len, "%.1f GiB", (double)bytes / (1 << 30));
	return buf;
}

const char *params_value(const char *params, const char *key, char *buf, size_t len)
{
	size_t kl = strlen(key), n;
	const char *p = params;

	while (p && *p) {
		n = strcspn(p, ",");
		if (n > kl && !strncmp(p, key, kl) && p[kl] == '=') {
			snprintf(buf, len, "%.*s", (int)(n - kl - 1), p + kl + 1);
			return buf;
		}
		p += n + (p[n] == ',');
	}
	return NULL;
}

const char *sysroot_dir(void)
{
	const char *root = getenv("BENCHBOX_SYSROOT");

	return root && *root ? root : NULL;
}

const char *sysroot_path(const char *path, char *buf, size_t len)
{
	const char *root = sysroot_dir();

	if (!root || (strncmp(path, "/sys/", 5) && strncmp(path, "/proc/", 6) &&
		      strcmp(path, "/sys") && strcmp(path, "/proc")))
		return path;
	snprintf(buf, len, "%s%s", root, path);
	return buf;
}

int sysfile_open(const char *path)
{
	char real[4096];
	struct stat st;
	int fd, fl, err;

	fd = open(sysroot_path(path, real, sizeof(real)),
		  O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st)) {
		err = errno;
	} else if (!S_ISREG(st.st_mode)) {
		err = S_ISDIR(st.st_mode) ? EISDIR : EBB_NOTREG;
	} else {
		/* no reader of a regular file waits, but the descriptor may
		 * be handed on (finit_module): it leaves as a plain one */
		if ((fl = fcntl(fd, F_GETFL)) >= 0 && fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) == 0)
			return fd;
		err = errno;
	}
	close(fd);
	errno = err;
	return -1;
}

FILE *sysfile_fopen(const char *path)
{
	int fd = sysfile_open(path), e;
	FILE *f = fd < 0 ? NULL : fdopen(fd, "r");

	if (!f && fd >= 0) {
		e = errno;
		close(fd);
		errno = e;
	}
	return f;
}

const char *file_strerror(int err)
{
	return err == EBB_NOTREG ? "not a regular file" : strerror(err);
}

int read_text(const char *path, char *buf, size_t len)
{
	int fd = len ? sysfile_open(path) : -1;
	size_t n = 0;
	ssize_t k;

	if (fd < 0)
		return -1;
	while (n < len - 1) {
		k = read(fd, buf + n, len - 1 - n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0) {
			close(fd);
			return -1;
		}
		if (!k)
			break;
		n += (size_t)k;
	}
	close(fd);
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == ' ' || buf[n - 1] == '\0'))
		n--;
	buf[n] = '\0';
	return (int)n;
}

/* All of fd (closed here), by read_whole()'s rules. */
static char *read_fd(int fd, size_t max, size_t *len)
{
	size_t n = 0, cap = max < 65536 ? max + 1 : 65536;
	char *buf, *grown;
	struct stat st;
	ssize_t k;
	int err = 0;

	/* a regular file too big is refused unread; the buffer below never
	 * holds more than max + 1 bytes (a pipe, or a file that grows) */
	if (!fstat(fd, &st) && S_ISREG(st.st_mode) && st.st_size > 0 &&
	    (unsigned long long)st.st_size > max) {
		close(fd);
		errno = EFBIG;
		return NULL;
	}
	buf = xmalloc(cap + 1);
	for (;;) {
		if (n == cap) {
			if (cap > max) {
				err = EFBIG;
				break;
			}
			cap = cap > max / 2 ? max + 1 : cap * 2;
			if (!(grown = realloc(buf, cap + 1))) {
				err = ENOMEM;
				break;
			}
			buf = grown;
		}
		k = read(fd, buf + n, cap - n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			err = k < 0 ? errno : 0;
			break;
		}
		n += (size_t)k;
	}
	close(fd);
	if (!err && n > max)
		err = EFBIG;
	if (err) {
		free(buf);
		errno = err;
		return NULL;
	}
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

char *read_sysfile(const char *path, size_t max, size_t *len)
{
	int fd = sysfile_open(path);

	return fd < 0 ? NULL : read_fd(fd, max, len);
}

char *read_whole(const char *path, size_t max, size_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	return fd < 0 ? NULL : read_fd(fd, max, len);
}

int read_u64(const char *path, uint64_t *out)
{
	char buf[64], *end;
	unsigned long long v;

	if (read_text(path, buf, sizeof(buf)) <= 0 || buf[0] < '0' || buf[0] > '9')
		return -1;	/* strtoull would take a sign or spaces */
	errno = 0;
	v = strtoull(buf, &end, 10);
	if (errno || end == buf || (*end && *end != '\n' && *end != ' '))
		return -1;
	*out = v;
	return 0;
}

/* Damerau-Levenshtein (optimal string alignment) distance, case ignored,
 * for words of up to 63 bytes; longer ones count as far. */
static int edit_distance(const char *a, const char *b)
{
	int d[64][64], i, j, la = (int)strlen(a), lb = (int)strlen(b);

	if (la > 63 || lb > 63)
		return 99;
	for (i = 0; i <= la; i++)
		d[i][0] = i;
	for (j = 0; j <= lb; j++)
		d[0][j] = j;
	for (i = 1; i <= la; i++)
		for (j = 1; j <= lb; j++) {
			int cost = tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]);
			int v = d[i - 1][j] + 1;

			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (d[i - 1][j - 1] + cost < v)
				v = d[i - 1][j - 1] + cost;
			if (i > 1 && j > 1 && tolower((unsigned char)a[i - 1]) ==
			    tolower((unsigned char)b[j - 2]) && tolower((unsigned char)a[i - 2]) ==
			    tolower((unsigned char)b[j - 1]) && d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
		}
	return d[la][lb];
}

void near_see(struct near *n, const char *cand)
{
	size_t lw = strlen(n->word), lc;
	int reach = lw <= 4 ? 1 : lw <= 8 ? 2 : 3, dist;

	if (!cand || !*cand || !strcmp(n->word, cand))
		return;
	if (lw >= 3 && strlen(cand) > lw && !strncasecmp(n->word, cand, lw)) {
		n->prefixes++;
		n->prefix = cand;
	}
	/* the lengths' difference is a floor of the distance: past reach,
	 * no need to count it (a long word meets some 80 names) */
	lc = strlen(cand);
	if ((lw > lc ? lw - lc : lc - lw) > (size_t)reach)
		return;
	dist = edit_distance(n->word, cand);
	if (dist <= reach && (!n->best || dist < n->dist)) {
		n->best = cand;
		n->dist = dist;
	}
}

const char *near_best(const struct near *n)
{
	if (n->prefixes == 1)
		return n->prefix;
	return n->best;
}

const char *near_hint(const struct near *n, char *buf, size_t len)
{
	const char *b = near_best(n);

	if (b)
		snprintf(buf, len, " (did you mean '%s'?)", b);
	else if (len)
		*buf = '\0';
	return buf;
}
