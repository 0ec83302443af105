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
	const char *w = want && *want ? want : dflt, *p = w;
	int picked = 0, all = !strcmp(w, "all"), best = !strcmp(w, "best"), found;
	size_t i, len;

	for (i = 0; i < n; i++) {
		int usable = cpu_has(cpu, rows[i]->needs);

		sel[i] = usable && (all || (best && (is_end(rows, n, i, cpu, 0) ||
						     is_end(rows, n, i, cpu, 1))));
	}
	for (; !all && !best; p += len + 1) {	/* NAME,...: each word picks its rows */
		len = strcspn(p, ",");
		for (found = 0, i = 0; i < n; i++)
			if (cpu_has(cpu, rows[i]->needs) && answers(rows, n, i, p, len))
				found = sel[i] = 1;
		if (!found) {	/* an empty word names nothing either */
			say_usable(rows, n, w, cpu);
			return -1;
		}
		if (!p[len])
			break;
	}
	for (i = 0; i < n; i++)
		picked += sel[i];
	return picked;
}
