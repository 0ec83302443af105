/* lmfile.h - what lmbench's file-system and VM applets share: the file
 * they work on, the "bread" sum, the page permutation, their output lines
 *
 * SPDX-License-Identifier: MIT
 *
 * Used by lat_fs, lat_mmap, lat_pagefault, bw_file_rd and bw_mmap_rd, and
 * lm_mark()/lm_verdict() by lat_sem (the code is in lmfile.c, lat_fs's
 * name generator in lat_fs.c). Sizes print in 10^6 bytes, as lmbench
 * prints them: 1M = 1048576 bytes prints 1.05.
 */
#ifndef BENCHBOX_LMFILE_H
#define BENCHBOX_LMFILE_H

#include <stddef.h>
#include <stdint.h>

#include "emit.h"

struct run_ctx;

/* lmbench's "micromb" line: "%.6f %.0f" = r->x / 10^6, r->value (us),
 * "%.3f" for a value below 10 us. */
extern const struct emitter emit_lm_micromb;
/* lat_fs's table: "%luk\t%lu\t%.0f\t%.0f" = r->x / 1024, r->iters (files
 * per interval), creates/s, deletes/s; one line from a "create" record and
 * the "delete" record that follows it. */
extern const struct emitter emit_lm_fs;

/* The sum of n bytes as longs, 128 loads per unrolled block, each a plain
 * scalar load (no vector reduction); whole longs after the last block, then
 * single bytes. buf must be aligned for long. */
long lm_bread(const void *buf, size_t n);

/* A permutation of 0..n-1, the same for the same seed (xorshift64 and a
 * Fisher-Yates shuffle). */
void lm_permute(uint32_t *v, uint32_t n, uint64_t seed);

/* Parse a SIZE word (k = 1024, m = 1048576, as lmbench) of at least min
 * bytes. 0 ok; else a message naming the problem and -1. */
int lm_size_arg(const char *word, uint64_t min, const char *min_text, uint64_t *out);

/* The file an applet works on. */
struct lm_file {
	char		path[4096];
	int		fd;		/* -1 = none */
	uint64_t	size;		/* bytes in the file */
	int		scratch;	/* made here: zeros, removed by lm_file_put() */
};

/* user != NULL: open that file with flags (O_RDONLY or O_RDWR); it must
 * hold at least need bytes (else EXIT_USAGE), EXIT_FAIL if it cannot be
 * opened. user == NULL: a scratch file of `make` zero bytes in --dir, or
 * EXIT_SKIP (with "skipped: ..." said) when the directory cannot take it
 * or has no room for it (scratch_room()).
 * EXIT_OK with f filled. */
int  lm_file_get(struct run_ctx *ctx, const char *user, const char *tag, uint64_t need,
		 uint64_t make, int flags, struct lm_file *f);
/* Close it; a scratch file is removed. */
void lm_file_put(struct lm_file *f);
/* lmbench's -C: f becomes a private copy of itself, made in --dir (as a
 * scratch file: EXIT_SKIP said where the directory cannot take it), the
 * original kept in saved. EXIT_OK, or the status with the problem said;
 * lm_file_unclone() in any case. */
int  lm_file_clone(struct run_ctx *ctx, struct lm_file *f, struct lm_file *saved);
/* Remove the copy; f is the original again. */
void lm_file_unclone(struct lm_file *f, struct lm_file *saved);

/* Before emit_result(): r is flagged short under --quick, and failed with the
 * note `wrong` when that is not NULL. */
void lm_mark(const struct run_ctx *ctx, struct result *r, const char *wrong);
/* After emit_result(): EXIT_OK, or EXIT_WRONG with "self-check failed: wrong". */
int  lm_verdict(const char *wrong);

/* bw_file_rd and bw_mmap_rd: "[-C] [-P N] [-W US] [-N N] SIZE MODE [FILE]"
 * and a pass's outcome. */
struct lm_bw {
	const char	*const *modes;	/* the two MODE words */
	const char	*const *keys;	/* the guides' names for them ("io", "o2c") */
	int		mode;		/* which one */
	size_t		size;		/* bytes per pass */
	int		err;		/* errno of a failed call (ENODATA: short read) */
	int		nonzero;	/* a sum came out other than 0 */
	int		zeros;		/* the file was made here: it must sum to 0 */
	unsigned	P;		/* -P: copies at once */
	int		clone;		/* -C: each copy reads its own copy */
	struct run_ctx	*ctx;
	struct lm_file	file, orig;	/* orig: the file -C copied */
};
/* Parse the options and words (SIZE at least min) and get the file,
 * read-only. EXIT_OK, or the status to return, with the problem said. */
int  lm_bw_start(struct run_ctx *ctx, const char *usage, uint64_t min, struct lm_bw *b);
/* First in each copy: -C's private copy; with -P, a descriptor of its own
 * (its own file offset). EXIT_OK or the status, said. */
int  lm_bw_setup(struct lm_bw *b);
/* Last in each copy: the private copy removed; a failed call said. EXIT_OK,
 * EXIT_FAIL, or EXIT_WRONG when a file of zeros summed to other than 0. */
int  lm_bw_done(struct lm_bw *b);
/* Sum n bytes at p (lm_bread), noting a sum other than 0. */
void lm_bw_sum(struct lm_bw *b, const void *p, size_t n);
/* Put the file, then report size x P bytes per pass (lm_measure()'s rc:
 * EXIT_WRONG marks the record failed): params "size=1M" (",clone",
 * ",P=N"), the guides' metric "APPLET-KEY-1mb" when size is 1m and P 1.
 * The exit status. */
int  lm_bw_finish(struct run_ctx *ctx, struct lm_bw *b, int rc, const struct bench_stats *st);

/* lat_fs.c: file names in a tree of at most per_dir entries a directory.
 * Name i is depth fixed-width decimal components ("03/41"), depth the
 * number of base-per_dir digits of n - 1 (at least 1), under root. */
enum { LM_FS_MAXDEPTH = 8 };
struct lm_fs_names {
	char		path[4200];	/* root "/" name: the current name */
	size_t		base;		/* where the name starts in path */
	unsigned	per_dir, depth, width;
	unsigned	dig[LM_FS_MAXDEPTH];
};
/* Set up for n names under root, at name 0. -1 if they need more than
 * LM_FS_MAXDEPTH levels or root is too long. */
int  lm_fs_names_init(struct lm_fs_names *nm, const char *root, unsigned per_dir, uint64_t n);
/* Go to the next name; returns 1 when it starts a new leaf directory. */
int  lm_fs_names_next(struct lm_fs_names *nm);
/* Go back to name 0. */
void lm_fs_names_rewind(struct lm_fs_names *nm);

#endif
