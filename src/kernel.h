/* kernel.h - the one layer under --kernel: a common head for every
 * kernel table's row, and one rule for choosing rows
 *
 * SPDX-License-Identifier: MIT
 *
 * An applet with tuned code paths (membw, stream, linpack, zlib) keeps
 * them in a table whose rows start with a struct kernel. Each operation's
 * rows go from its reference, first (the portable C, named "c", or the
 * library's own: zlib's checksums and codec), to the fastest, last: the
 * order they were measured in on the cores they target. --kernel= then
 * means, in every applet:
 *   c         each operation's portable C: its row named "c", or its
 *             first row where none is (zlib's own deflate and inflate)
 *   best      the reference and the last usable row of each operation
 *             (membw, whose fastest row depends on the machine and the
 *             size, selects "all" and keeps the fastest of a trial)
 *   all       every usable row
 *   NAME,...  exactly the usable rows of those names, of any operation;
 *             a name that no usable row has is a usage error naming the
 *             usable ones
 * and an applet given no --kernel runs its own default, one of those
 * words (its help says which). A row is usable when the CPU has what it
 * needs.
 */
#ifndef BENCHBOX_KERNEL_H
#define BENCHBOX_KERNEL_H

#include <stddef.h>

struct kernel {
	unsigned short	op;	/* the applet's operation; 0 where it has one */
	const char	*name;	/* unique per operation, [a-z0-9_-]: "c", "libc", "avx2" */
	const char	*desc;	/* one line: what the code path is */
	unsigned	needs;	/* CPU_* bits (src/cpu.h); 0 = portable */
	unsigned short	align;	/* precondition: buffers aligned to this (bytes) */
	unsigned short	gran;	/* precondition: the length a multiple of this */
};

/* The heads of a table's n rows of size bytes each (a struct kernel
 * first) into out (room for n); returns n. */
size_t kernel_heads(const void *rows, size_t n, size_t size, const struct kernel **out);

/* The rows of rows[0..n) that --kernel=want picks (want NULL or "": the
 * applet's default dflt) on a CPU with features cpu: sel[i] = 1 for
 * those, 0 for the others. Returns how many were picked, or -1 after one
 * line naming the usable kernels when want names one no usable row has
 * (a usage error). */
int kernel_select(const struct kernel *const *rows, size_t n, const char *want,
		  const char *dflt, unsigned cpu, unsigned char *sel);

#endif
