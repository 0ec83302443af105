/* outfile.h - opening a file to write output into, whatever the name is
 *
 * SPDX-License-Identifier: MIT
 *
 * The one rule for every file benchbox writes (-o FILE, init's
 * benchbox.out, zlib --dump): the name is opened the way a shell's '>'
 * opens it (open(2) with O_CREAT, so the kernel's fs.protected_symlinks,
 * protected_regular and protected_fifos apply), and benchbox applies the
 * same three rules itself first, so a board whose sysctls are at the
 * kernel's default 0 (no systemd) is guarded too:
 *   - a symbolic link in a sticky world-writable directory (/tmp) is
 *     followed only when its owner is the user or the directory's owner;
 *   - an existing regular file or FIFO in such a directory is opened only
 *     when its owner is the user or the directory's owner.
 * Then what was opened decides how it is written:
 *   a new name                    written as .benchbox-out.XXXXXX in the
 *                                 same directory (mode 0666 less the
 *                                 umask), renamed onto NAME by
 *                                 out_commit() only if NAME is still
 *                                 free: complete or not at all;
 *   an existing regular file      the same, renamed over it: the file's
 *                                 mode and owner are kept (when they
 *                                 cannot be, it is truncated and written
 *                                 in place); through a symbolic link, the
 *                                 link stays and its target is replaced
 *                                 in the target's directory; a dangling
 *                                 link's target is created by open(2);
 *   /dev/stdout, /dev/fd/N ...    the inherited descriptor N itself, at
 *                                 its offset (what came before stays);
 *   a character or block device   written directly, no truncation, no
 *                                 temporary, no rename;
 *   a FIFO                        the same; with no reader yet, out_open()
 *                                 says so on stderr and waits for one
 *                                 (OUT_NOWAIT: fails instead);
 *   a socket                      refused, as the shell refuses it;
 *   a directory                   refused (OUT_ISDIR).
 * The temporary file is removed as scratch files are (src/scratch.h: it is
 * adopted into their registry): at exit() before out_commit(), and on
 * every signal that ends the process and can be caught, by the process
 * that made it only; not as PID 1, where those signals do not end it.
 */
#ifndef BENCHBOX_OUTFILE_H
#define BENCHBOX_OUTFILE_H

#include <stddef.h>
#include <sys/types.h>

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
	int		noreplace;	/* target was free: the rename must not replace */
	int		created;	/* out_open() created target (a dangling link's) */
	char		*target;	/* the name renamed onto (its directory holds tmp) */
	char		*tmp;		/* the temporary while writing; NULL if direct */
	dev_t		dev;		/* target's, when created */
	ino_t		ino;
};

/* 0, or enum out_error with the reason (no path) in err. */
int  out_open(struct outfile *o, const char *path, unsigned flags, char *err, size_t len);
/* Flush to the medium (fsync where the file has one); 0 or -1 with errno. */
int  out_sync(struct outfile *o);
/* Sync and close (unless fd is already -1) and rename the temporary onto
 * the target. 0, or -1 with errno (the temporary is then removed; EEXIST:
 * a file appeared under a name that was free when it was opened). */
int  out_commit(struct outfile *o);
/* Close and remove the temporary (a device or FIFO keeps what it got, and
 * an inherited descriptor what was written to it). */
void out_abort(struct outfile *o);

/* At start-up: descriptors 0-2 that are closed get "/" read-only in their
 * place, so no file opened later takes them (and a write to a closed
 * stdout still fails, with EBADF). */
void out_guard_stdio(void);
/* At exit: flush and close stdout. 0, or -1 after a one-line errorf()
 * "write error on stdout: REASON". */
int  out_close_stdout(void);

#endif
