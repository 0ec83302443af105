/* outfile.h - opening a file to write output into, whatever the name is
 *
 * SPDX-License-Identifier: MIT
 *
 * The one rule for every file benchbox writes (-o FILE, init's
 * benchbox.out), by what the name is when it is opened:
 *   a regular file or a new name  written as NAME.XXXXXX in the same
 *                                 directory, renamed onto NAME by
 *                                 out_commit(): complete or not at all;
 *   a symbolic link               followed (a chain of them too); the link
 *                                 stays and its target is written by the
 *                                 rules here, a dangling link's target
 *                                 created as a new name through the link's
 *                                 own path;
 *   a character or block device   opened and written directly, no
 *                                 truncation, no temporary, no rename;
 *   a FIFO                        the same; with no reader yet, out_open()
 *                                 says so on stderr and waits for one
 *                                 (OUT_NOWAIT: fails instead);
 *   a socket (AF_UNIX)            connected to (stream, else datagram) and
 *                                 written directly;
 *   a directory                   refused (OUT_ISDIR).
 * The temporary file is removed as scratch files are (src/scratch.h: it is
 * adopted into their registry): at exit() before out_commit(), and on
 * every signal that ends the process and can be caught, by the process
 * that made it only; not as PID 1, where those signals do not end it.
 */
#ifndef BENCHBOX_OUTFILE_H
#define BENCHBOX_OUTFILE_H

#include <stddef.h>

enum out_flags {
	OUT_NOWAIT	= 1u << 0,	/* a FIFO with no reader is an error */
	OUT_NOCREATE	= 1u << 1,	/* a name that does not exist is an error */
};

enum out_error {
	OUT_FAIL	= -1,	/* cannot be opened: the reason is in err */
	OUT_ISDIR	= -2,	/* a directory: a usage error */
};

struct outfile {
	int		fd;		/* -1 once closed */
	int		atomic;		/* written under tmp, renamed at commit */
	char		*target;	/* the name written (symbolic links followed) */
	char		*tmp;		/* target.XXXXXX while writing; NULL if direct */
};

/* 0, or enum out_error with the reason (no path) in err. */
int  out_open(struct outfile *o, const char *path, unsigned flags, char *err, size_t len);
/* Flush to the medium (fsync where the file has one); 0 or -1 with errno. */
int  out_sync(struct outfile *o);
/* Sync and close (unless fd is already -1) and rename the temporary onto
 * the target. 0, or -1 with errno (the temporary is then removed). */
int  out_commit(struct outfile *o);
/* Close and remove the temporary (a device or FIFO keeps what it got). */
void out_abort(struct outfile *o);

/* At start-up: descriptors 0-2 that are closed get "/" read-only in their
 * place, so no file opened later takes them (and a write to a closed
 * stdout still fails, with EBADF). */
void out_guard_stdio(void);
/* At exit: flush and close stdout. 0, or -1 after a one-line errorf()
 * "write error on stdout: REASON". */
int  out_close_stdout(void);

#endif
