/* kernel.c - the one rule under --kernel (see kernel.h)
 *
 * SPDX-License-Identifier: MIT
 */
#include "kernel.h"
#include "cpu.h"
#include "util.h"

#include <string.h>

size_t kernel_heads(const void *rows, size_t n, size_t size, const struct kernel **out)
{
	size_t i;

	for (i = 0; i < n; i++)		/* the head is each row's first member */
		out[i] = (const struct kernel *)(const void *)((const char *)rows + i * size);
	return n;
}

/* Is name one of the comma-separated words of list? */
static int listed(const char *list, const char *name)
{
	size_t len = strlen(name);

	while (*list) {
		size_t w = strcspn(list, ",");

		if (w == len && !strncmp(list, name, len))
			return 1;
		list += w + (list[w] == ',');
	}
	return 0;
}

/* The first usable row of rows[i]'s operation, and the last. */
static int is_end(const struct kernel *const *rows, size_t n, size_t i, unsigned cpu, int last)
{
	size_t j;

	for (j = 0; j < n; j++)
		if (j != i && rows[j]->op == rows[i]->op && cpu_has(cpu, rows[j]->needs) &&
		    (last ? j > i : j < i))
			return 0;
	return 1;
}

/* Is rows[i] its operation's portable C: the row named c, or where none
 * is, the operation's first row when it needs nothing (zlib's codec)? */
static int is_c(const struct kernel *const *rows, size_t n, size_t i)
{
	size_t j;

	if (!strcmp(rows[i]->name, "c"))
		return 1;
	for (j = 0; j < n; j++)
		if (rows[j]->op == rows[i]->op && (j < i || !strcmp(rows[j]->name, "c")))
			return 0;
	return rows[i]->needs == 0;
}

/* Does rows[i] answer to the word of len chars at p? */
static int answers(const struct kernel *const *rows, size_t n, size_t i, const char *p,
		   size_t len)
{
	if (strlen(rows[i]->name) == len && !strncmp(rows[i]->name, p, len))
		return 1;
	return len == 1 && *p == 'c' && is_c(rows, n, i);
}

/* "usable: c, libc, sse2": each name once, in table order */
static void say_usable(const struct kernel *const *rows, size_t n, const char *want,
		       unsigned cpu)
{
	char list[512] = "";
	size_t i, j, at = 0;

	for (i = 0; i < n; i++) {
		if (!cpu_has(cpu, rows[i]->needs))
			continue;
		for (j = 0; j < i && (!cpu_has(cpu, rows[j]->needs) ||
				      strcmp(rows[j]->name, rows[i]->name)); j++)
			;
		if (j < i || at >= sizeof(list))
			continue;
		at += (size_t)snprintf(list + at, sizeof(list) - at, "%s%s", at ? ", " : "",
				       rows[i]->name);
	}
	errorf("--kernel: '%s' names no usable kernel here (usable: %s; or best, all)",
	       want, *list ? list : "none");
}

int kernel_select(const struct kernel *const *rows, size_t n, const char *want,
		  const char *dflt, unsigned cpu, unsigned char *sel)
{
	const char *w = want && *want ? want : dflt;
	int picked = 0, ok;
	size_t i;

	for (i = 0; i < n; i++) {
		sel[i] = 0;
		if (!cpu_has(cpu, rows[i]->needs))
			continue;
		if (!strcmp(w, "all"))
			sel[i] = 1;
		else if (!strcmp(w, "best"))	/* the reference and the fastest */
			sel[i] = is_end(rows, n, i, cpu, 0) || is_end(rows, n, i, cpu, 1);
		else
			sel[i] = (unsigned char)(listed(w, rows[i]->name) ||
						 (listed(w, "c") && is_c(rows, n, i)));
		picked += sel[i];
	}
	if (strcmp(w, "all") && strcmp(w, "best")) {	/* every name must be there */
		const char *p = w;
		size_t len;

		for (;; p += len + 1) {
			len = strcspn(p, ",");
			for (ok = 0, i = 0; i < n && !ok; i++)
				ok = sel[i] && answers(rows, n, i, p, len);
			if (!ok) {	/* an empty word names nothing either */
				say_usable(rows, n, w, cpu);
				return -1;
			}
			if (!p[len])
				break;
		}
	}
	return picked;
}
