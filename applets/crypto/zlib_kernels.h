/* zlib_kernels.h - the checksum kernels of the zlib applet (CRC-32 and
 * Adler-32): one typed table, entry 0 of each checksum is zlib's own
 *
 * SPDX-License-Identifier: MIT
 *
 * Shared by applets/crypto/zlib.c (which times them) and tests/unit/test_zlib.c
 * (which checks every usable row against entry 0). Every function has
 * zlib's calling convention: it continues the checksum `sum` over len
 * bytes and returns the new one, so f(f(init, a), b) == f(init, a||b) with
 * init 0 for CRC-32 and 1 for Adler-32. No alignment or length
 * preconditions (align and gran are 1): the kernels do their own heads and
 * tails.
 *
 * Also here: the corpus generator and the round-trip check of
 * applets/crypto/zlib.c, so that the tests pin them. (There is deliberately no
 * applets/crypto/zlib.h: it would shadow <zlib.h> on the include path.)
 */
#ifndef BENCHBOX_ZLIB_KERNELS_H
#define BENCHBOX_ZLIB_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#include "kernel.h"

enum zk_op { ZK_CRC32, ZK_ADLER32, ZK_NOPS };

typedef uint32_t zk_fn(uint32_t sum, const unsigned char *buf, size_t len);

struct zk_kernel {
	struct kernel	head;	/* op: enum zk_op; name: "zlib" (the reference),
				   "c", "pclmul"; align: of buf; gran: len %
				   gran == 0 (src/kernel.h) */
	zk_fn		*fn;
};

extern const struct zk_kernel zk_kernels[];
extern const size_t zk_kernels_len;
extern const char *const zk_op_names[ZK_NOPS];	/* "crc32", "adler32" */
extern const uint32_t zk_op_init[ZK_NOPS];	/* 0, 1: the checksum of nothing */

/* The portable C rows, which the tuned rows also use for heads and tails. */
uint32_t zk_crc32_slice8(uint32_t crc, const unsigned char *buf, size_t len);
uint32_t zk_adler32_c(uint32_t adler, const unsigned char *buf, size_t len);

/* CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320). zk_crc32_table[k][n]
 * is the CRC register after byte n followed by k zero bytes, from a zero
 * register (tests/unit recomputes it). */
extern uint32_t zk_crc32_table[8][256];

/* Fill zk_crc32_table; call it before any kernel runs (the applet does
 * before its workers start, so no timed loop checks it). Thread-safe. */
void zk_init(void);

/* Constants of the carry-less multiply folding (zlib_pclmul.c, zlib_ce.c),
 * in the bit-reflected domain where bit k of a 128-bit lane is x^(127-k).
 * See zlib_kernels.c for the derivation; tests/unit recomputes them. */
enum {
	ZK_K_FOLD1024_LO, ZK_K_FOLD1024_HI,	/* x^1056, x^992 mod P, <<1 */
	ZK_K_FOLD512_LO, ZK_K_FOLD512_HI,	/* x^544, x^480 mod P, <<1 */
	ZK_K_FOLD128_LO, ZK_K_FOLD128_HI,	/* x^160, x^96 mod P, <<1 */
	ZK_K_RED64,				/* x^64 mod P, <<1 */
	ZK_K_MU,				/* floor(x^64 / P), 33 bits */
	ZK_K_POLY,				/* P, 33 bits */
	ZK_K_NCONST
};
extern const uint64_t zk_crc32_fold_k[ZK_K_NCONST];

/* Adler-32 (RFC 1950): sums modulo 65521; NMAX is the most bytes the two
 * 32-bit sums can take before a reduction is due (tests/unit checks it). */
enum { ZK_ADLER_BASE = 65521, ZK_ADLER_NMAX = 5552 };

/* ---- the corpus and the round-trip check (applets/crypto/zlib.c) ---- */

/* The corpus is laid out in stripes of ZC_STRIPE bytes (the last one may be
 * shorter): the first half of each stripe is text-like, the next 30% is
 * structured binary records, the last 20% is pseudo-random (incompressible). */
enum { ZC_STRIPE = 65536 };
void zc_stripe_parts(size_t len, size_t *text, size_t *bin, size_t *rnd);
/* Fill buf with the first n bytes of the corpus (a function of n only). */
void zc_generate(unsigned char *buf, size_t n);

/* The round-trip check: 0 when an inflate that returned zrc and produced
 * `produced` bytes in out gave back orig[0..n) exactly, else -1. */
int zc_check(const unsigned char *orig, const unsigned char *out, size_t n, int zrc,
	     size_t produced);
/* Inflate comp[0..clen) into out (room for n bytes) and check it against
 * orig: 0 ok, -1 on any difference or inflate error. */
int zc_verify(const unsigned char *orig, size_t n, const unsigned char *comp, size_t clen,
	      unsigned char *out);

#endif
