/* scratch.h - temporary files and directories that never outlive the run
 *
 * SPDX-License-Identifier: MIT
 *
 * Every file or directory an applet creates for its own use is made here.
 * Each is registered, and removed by scratch_remove(), at exit(), and on
 * SIGINT, SIGTERM and SIGHUP (the handler removes everything with raw
 * system calls only, then re-raises the signal with its default action so
 * the exit status still says what killed us). A signal that was ignored
 * when the first scratch object was made (nohup) stays ignored. Only the
 * process that created an object removes it: forked children never do.
 *
 * Names are "DIR/benchbox-TAG.PID.XXXXXX", recognisable after a SIGKILL:
 * scratch_sweep() removes those whose process is gone.
 */
#ifndef BENCHBOX_SCRATCH_H
#define BENCHBOX_SCRATCH_H

#include <stddef.h>
#include <stdint.h>

#define SCRATCH_MAX 16		/* objects alive at once */

/* The scratch directory: `given` (--dir) when non-empty, else $TMPDIR if
 * writable, else /tmp if writable, else ".". */
const char *scratch_dir(const char *given);

/* Create and register an empty regular file, opened O_RDWR|O_CLOEXEC
 * (extra open flags such as O_DIRECT may be added). Its path is copied to
 * path[len]. Returns the fd, or -1 with errno set (and nothing left). */
int scratch_file(const char *dir, const char *tag, int extra_flags, char *path, size_t len);

/* Create and register a directory (mode 0700); on removal the whole tree
 * under it goes. 0, or -1 with errno set. */
int scratch_mkdir(const char *dir, const char *tag, char *path, size_t len);

/* Remove a registered object now (recursively for a directory) and forget
 * it. Unknown paths are ignored. */
void scratch_remove(const char *path);

/* Remove what runs killed by SIGKILL (or a power cut) left in dir: the
 * entries named benchbox-TAG.PID.XXXXXX whose PID is not alive (kill(PID, 0)
 * fails with ESRCH), files and trees alike. Anything else stays: a live PID
 * (another user's too), this process's own objects, other names. Returns
 * how many were removed, or -1 with errno set when dir cannot be read. */
int scratch_sweep(const char *dir, const char *tag);

/* Write `size` bytes of `byte` to fd from offset 0, then fsync. 0, or -1
 * with errno set (ENOSPC on a full file system). */
int scratch_fill(int fd, uint64_t size, int byte);

/* errno values that mean "this directory cannot take our files": a
 * read-only or full file system, no permission, over quota. An applet
 * turns them into a skipped result (exit 77) with the reason. */
int scratch_cannot(int err);

#endif
