/* scratch.h - temporary files and directories that never outlive the run
 *
 * SPDX-License-Identifier: MIT
 *
 * Every file or directory an applet creates for its own use is made here.
 * Each is registered, and removed by scratch_remove(), at exit(), and on
 * every signal whose default action ends the process and that can be
 * caught:
 *
 *   SIGHUP SIGINT SIGQUIT SIGILL SIGTRAP SIGABRT SIGBUS SIGFPE SIGUSR1
 *   SIGSEGV SIGUSR2 SIGPIPE SIGALRM SIGTERM SIGSTKFLT SIGXCPU SIGXFSZ
 *   SIGVTALRM SIGPROF SIGPOLL SIGPWR SIGSYS and SIGRTMIN..SIGRTMAX
 *
 * (SIGPIPE: a write to stdout after its reader quit, `| head -1`;
 * SIGXFSZ only where main() did not run first: it ignores SIGXFSZ, so a
 * write over `ulimit -f` fails with EFBIG, said as a write error). The
 * handler removes everything with raw system calls only, then re-raises
 * the signal with its default action so the process still dies of it and
 * the exit status says so. A signal that was ignored when the first
 * scratch object was made (nohup) stays ignored, and one that had a
 * handler keeps it (that handler's owner decides what the signal means). Only the process that created an object
 * removes it: forked children never do. SIGKILL cannot be caught: `run`
 * stops a test with SIGTERM first, SIGKILL only after a grace period.
 *
 * Names are "DIR/benchbox-TAG.PID.XXXXXX", recognisable after a SIGKILL
 * or a power cut: making an object sweeps (scratch_sweep()) the entries
 * of its TAG in its DIR whose process is gone, so no applet has to. The
 * owner holds a lock on each object for its lifetime (flock() on the file,
 * or on the file ".benchbox-lock" inside a directory), which tells a run in
 * another PID namespace or on another machine (a shared /tmp, an NFS
 * --dir) that it is alive; see scratch.c.
 *
 * Free space: an applet that writes size bytes checks scratch_room() first
 * (after making its file or directory, so the sweep has run) and skips
 * (exit 77) when it says no.
 */
#ifndef BENCHBOX_SCRATCH_H
#define BENCHBOX_SCRATCH_H

#include <stddef.h>
#include <stdint.h>

#define SCRATCH_MAX 16		/* objects alive at once */

/* The scratch directory: `given` (--dir) when non-empty, else $TMPDIR if
 * writable, else /tmp if writable, else ".". */
const char *scratch_dir(const char *given);

/* Sweep dir of tag's dead leftovers, then create, register and lock an
 * empty regular file, opened O_RDWR|O_CLOEXEC (extra open flags such as
 * O_DIRECT may be added). Its path is copied to path[len]. Returns the fd
 * (the caller may close it: the lock is on a descriptor of its own), or -1
 * with errno set (and nothing left). */
int scratch_file(const char *dir, const char *tag, int extra_flags, char *path, size_t len);

/* The same for a directory (mode 0700), with its lock file
 * ".benchbox-lock" in it; on removal the whole tree under it goes. 0, or
 * -1 with errno set. */
int scratch_mkdir(const char *dir, const char *tag, char *path, size_t len);

/* Register a file that another module made (the -o temporary beside its
 * target, src/outfile.c) to be removed as scratch objects are: at exit()
 * and on every signal above, by this process only, until scratch_forget().
 * 0, or -1 with errno set (ENAMETOOLONG, or EMFILE: no slot left). */
int scratch_adopt(const char *path);

/* fn(sig), unless NULL, is called from the handler of every signal above,
 * in this process only, before its objects go: to write out what is held
 * back (the record table), with write(2) and nothing that is not
 * async-signal-safe. Hooks the signals as scratch_file() does. */
void scratch_at_signal(void (*fn)(int sig));

/* fn(), unless NULL, undoes what this process made that is not a file (the
 * SAs and policies ipsec installs): called where the objects go, at
 * exit() and from the handler of every signal above, in this process
 * only, with system calls that are async-signal-safe and nothing else.
 * fn itself keeps track of what is left to undo (it may be called once
 * more after the work is done, and must then do nothing). Hooks the
 * signals as scratch_file() does; NULL unhooks fn. */
void scratch_undo(void (*fn)(void));

/* Forget a registered path without removing it (it was renamed into
 * place). Unknown paths are ignored. */
void scratch_forget(const char *path);

/* Remove a registered object now (recursively for a directory) and forget
 * it. Unknown paths are ignored. */
void scratch_remove(const char *path);

/* Remove what runs killed by SIGKILL (or a power cut) left in dir: the
 * entries named benchbox-TAG.PID.XXXXXX whose PID is not alive (kill(PID, 0)
 * fails with ESRCH) and whose lock can be taken (held while it goes), files
 * and trees alike. Anything else stays: a live PID (another user's too), a
 * lock held (a live run in another PID namespace or on another machine),
 * a file system without locks, this process's own objects, other names,
 * links and special files. Returns how many were removed, or -1 with errno
 * set when dir cannot be read. */
int scratch_sweep(const char *dir, const char *tag);

/* Write `size` bytes of `byte` to fd from offset 0, `chunk` bytes a write
 * (at most 1 MiB), then fsync. 0, or -1 with errno set (ENOSPC on a full
 * file system). */
int scratch_fill(int fd, uint64_t size, int byte, size_t chunk);

/* Space kept free beyond size bytes of new files: 4 MiB + size/32. */
uint64_t scratch_margin(uint64_t size);

/* Bytes that new files may take in dir: statvfs()'s f_bavail blocks; on a
 * file system without a size (ramfs) the memory available. 0, or -1 with
 * errno set. */
int scratch_free(const char *dir, uint64_t *bytes);

/* Whether size more bytes fit in dir: free space (have when not NULL, else
 * scratch_free(dir)) at least size + scratch_margin(size). 0 when they fit,
 * or when the free space cannot be read (making the files then says why);
 * else the one-line message "skipped: not enough free space: needs NEED in
 * DIR (SIZE and a MARGIN margin), FREE free" and -1 with errno ENOSPC: the
 * applet skips (exit 77). */
int scratch_room(const char *dir, uint64_t size, const uint64_t *have);

/* errno values that mean "this directory cannot take our files": a
 * read-only or full file system, no permission, over quota. An applet
 * turns them into a skipped result (exit 77) with the reason. */
int scratch_cannot(int err);

#endif
