/* speed_tuned.h - contexts and entry points of benchbox's tuned crypto
 * kernels, shared by speed_tuned.c (the table and the portable parts) and
 * the per-ISA files speed_ce.c, speed_sha512ce.c, speed_aesni.c,
 * speed_shani.c and speed_sha512_avx2.c
 *
 * SPDX-License-Identifier: MIT
 *
 * The portable parts are the AES key schedule (FIPS 197 5.2, and the
 * decryption schedule of the equivalent inverse cipher, 5.3.5), the SHA
 * constants and the FIPS 180-4 padding; the ISA files hold only what runs
 * inside the timed loop. What CTR and GCM do around an AES kernel's blocks
 * is here, once for AES-NI and the ARMv8 crypto extensions, and inlined
 * into each. Contexts are byte arrays and 32-bit fields, so any
 * allocator's alignment is enough: kernels load round keys with unaligned
 * loads.
 */
#ifndef BENCHBOX_SPEED_TUNED_H
#define BENCHBOX_SPEED_TUNED_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* A function of a kernel's timed loop: always inlined, so that the loop
 * is one function with its constants folded (the ISA files' helpers, the
 * shared CTR and GCM code below). */
#define KERNEL	static inline __attribute__((always_inline))

enum {
	SPEED_AES_MAXNR = 14,
	SPEED_GHASH_POW = 8,		/* powers of H kept for GCM */
};

/* AES in ECB, CBC and CTR mode (speed_impl.ctx_size = sizeof). */
struct speed_aes {
	uint8_t		rk[SPEED_AES_MAXNR + 1][16];	/* encryption round keys */
	uint8_t		dk[SPEED_AES_MAXNR + 1][16];	/* dk[i]: InvMixColumns(rk[nr-i]),
							 * dk[0] = rk[nr], dk[nr] = rk[0] */
	uint8_t		iv[16];		/* CBC chaining value; CTR counter block
					 * (a 128-bit big-endian number) */
	uint8_t		ks[16];		/* CTR: keystream of the last block */
	uint32_t	off;		/* CTR: bytes of ks used, 0 = none left */
	int		nr;		/* rounds: 10, 12 or 14 */
	int		decrypt;
};

/* AES-GCM: the 96-bit nonce of speed_local.h, no AAD, the 16-byte tag
 * after the data; always encrypts (as the mbedtls row and openssl speed
 * -evp do), whatever setup's decrypt says. */
struct speed_gcm {
	struct speed_aes aes;
	uint8_t		nonce[16];	/* the nonce, then 4 zero bytes */
	/* H^1..H^8 and, for Karatsuba, the XOR of each one's halves; the
	 * representation is the kernel's own (bit-reflected, byte-reversed) */
	uint8_t		h[SPEED_GHASH_POW][16];
	uint8_t		hk[SPEED_GHASH_POW][16];
};

/* FIPS 197 key expansion into c (zeroed by the caller), iv all zero (the
 * CBC and CTR rows' setups then copy in speed_iv()'s). 0 ok, -1 for a key
 * length not 16/24/32. */
int speed_aes_setup(void *ctx, const uint8_t *key, size_t keylen, int decrypt);
/* The key schedule and the nonce of speed_iv("aes-128-gcm"); what is left
 * for a kernel's setup is H. 0 ok, -1 for a bad key or nonce length. */
int speed_gcm_setup(struct speed_gcm *g, const uint8_t *key, size_t keylen);

/* SHA constants (FIPS 180-4 4.2 and 5.3) */
extern const uint32_t speed_sha256_k[64];
extern const uint64_t speed_sha512_k[80];

/* Block functions: nblocks whole blocks of p into the chaining state h,
 * which is in FIPS word order (h[0] = A) and host byte order. */
typedef void speed_sha1_blocks(uint32_t h[5], const uint8_t *p, size_t nblocks);
typedef void speed_sha256_blocks(uint32_t h[8], const uint8_t *p, size_t nblocks);
typedef void speed_sha512_blocks(uint64_t h[8], const uint8_t *p, size_t nblocks);

/* ---- ISA kernels; each exists only on its architecture ---- */
#if defined(__aarch64__) || defined(__arm__)
int speed_ce_ecb(void *ctx, const uint8_t *in, uint8_t *out, size_t n);
int speed_ce_cbc(void *ctx, const uint8_t *in, uint8_t *out, size_t n);
int speed_ce_ctr(void *ctx, const uint8_t *in, uint8_t *out, size_t n);
int speed_ce_gcm_setup(void *ctx, const uint8_t *key, size_t keylen, int decrypt);
int speed_ce_gcm(void *ctx, const uint8_t *in, uint8_t *out, size_t n);
speed_sha1_blocks speed_ce_sha1_blocks;
speed_sha256_blocks speed_ce_sha256_blocks;
#endif
#if defined(__aarch64__)
/* speed_sha512ce.c: setup fails ("not available here") when that file was
 * built without the ARMv8.2 SHA512 instructions (see its header) */
int speed_sha512ce_setup(void *ctx, const uint8_t *key, size_t keylen, int decrypt);
int speed_sha512ce_run(void *ctx, const uint8_t *in, uint8_t *out, size_t n);
#endif
#if defined(__x86_64__)
int speed_aesni_ecb(void *ctx, const uint8_t *in, uint8_t *out, size_t n);
int speed_aesni_cbc(void *ctx, const uint8_t *in, uint8_t *out, size_t n);
int speed_aesni_ctr(void *ctx, const uint8_t *in, uint8_t *out, size_t n);
int speed_aesni_gcm_setup(void *ctx, const uint8_t *key, size_t keylen, int decrypt);
int speed_aesni_gcm(void *ctx, const uint8_t *in, uint8_t *out, size_t n);
speed_sha1_blocks speed_shani_sha1_blocks;
speed_sha256_blocks speed_shani_sha256_blocks;
/* speed_sha512_avx2.c: AVX2 schedule, BMI2 rounds */
int speed_sha512_avx2_run(void *ctx, const uint8_t *in, uint8_t *out, size_t n);
#endif

/* Digest wrappers (speed_tuned.c): FIPS 180-4 padding around a block
 * function, digest written big-endian to out. Always return 0. */
int speed_sha1_digest(speed_sha1_blocks *fn, const uint8_t *in, size_t n, uint8_t *out);
int speed_sha256_digest(speed_sha256_blocks *fn, const uint8_t *in, size_t n, uint8_t *out);
int speed_sha512_digest(speed_sha512_blocks *fn, const uint8_t *in, size_t n, uint8_t *out);

/* The CTR counter block's halves, big-endian (shared by the AES kernels). */
static inline uint64_t get_be64(const uint8_t *p)
{
	uint64_t v = 0;
	int i;

	for (i = 0; i < 8; i++)
		v = v << 8 | p[i];
	return v;
}

static inline void put_be64(uint8_t *p, uint64_t v)
{
	int i;

	for (i = 7; i >= 0; i--, v >>= 8)
		p[i] = (uint8_t)v;
}

/* ---- CTR and GCM around an AES kernel's blocks (speed_aesni.c, speed_ce.c) ----
 * Each kernel runs whole groups of blocks (8, or 4 on AArch32) in its own
 * loop; what comes before (CTR: the keystream left from the last call) and
 * after (the last blocks, one at a time, and a partial one) is the same
 * code around a different one-block cipher and GHASH step, written once
 * here. The kernel passes its own functions: KERNEL inlines everything,
 * the functions passed included (constants where they are called), so
 * that GCC compiles this into each kernel as its own code: no call, the
 * round count a constant, the rounds unrolled. */

/* 16 bytes as GCC's vector extension has them: the kernels' types convert
 * to them and back as they are (a block: __m128i, uint8x16_t; GHASH's y
 * and H as two 64-bit halves: __m128i, uint64x2_t). */
typedef uint8_t speed_v16 __attribute__((vector_size(16)));
typedef uint64_t speed_v2x64 __attribute__((vector_size(16)));

KERNEL speed_v16 speed_v16_ld(const uint8_t *p)
{
	speed_v16 v;

	memcpy(&v, p, 16);
	return v;
}

KERNEL void speed_v16_st(uint8_t *p, speed_v16 v)
{
	memcpy(p, &v, 16);
}

/* CTR, what every kernel does around its blocks: first the keystream left
 * from the last call (returns how many bytes are left for the blocks, in
 * and out moved past those used); last, a partial block of n < 16 bytes
 * from the keystream block already stored in c->ks, the rest kept. These
 * two are static inline, not KERNEL: so marked, they changed how GCC laid
 * out AES-NI's CTR, which then ran 12% slower at 64 bytes. */
static inline size_t speed_ctr_leftover(struct speed_aes *c, const uint8_t **in, uint8_t **out,
					size_t n)
{
	for (; c->off && n; n--) {
		*(*out)++ = *(*in)++ ^ c->ks[c->off];
		c->off = (c->off + 1) & 15;
	}
	return n;
}

static inline void speed_ctr_tail(struct speed_aes *c, const uint8_t *in, uint8_t *out, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		out[i] = in[i] ^ c->ks[i];
	c->off = (uint32_t)n;
}

/* A kernel's keystream block for the counter block hi:lo (a 128-bit
 * big-endian number): AES with nr rounds under keys, the kernel's round
 * keys as it holds them. */
typedef speed_v16 speed_ctr_enc(const void *keys, int nr, uint64_t hi, uint64_t lo);

/* CTR's last blocks (fewer than a group), one at a time from the counter
 * hi:lo; then the counter goes back into c->iv. */
KERNEL void speed_ctr_rest(struct speed_aes *c, const uint8_t *in, uint8_t *out, size_t n,
			   uint64_t hi, uint64_t lo, speed_ctr_enc *enc, const void *keys,
			   int nr)
{
	for (; n; n -= n < 16 ? n : 16, in += 16, out += 16) {
		speed_v16 ks = enc(keys, nr, hi, lo);

		hi += ++lo == 0;
		if (n >= 16) {
			speed_v16_st(out, ks ^ speed_v16_ld(in));
		} else {	/* keep the rest of the keystream for the next call */
			speed_v16_st(c->ks, ks);
			speed_ctr_tail(c, in, out, n);
		}
	}
	put_be64(c->iv, hi);
	put_be64(c->iv + 8, lo);
}

/* A kernel's CTR loop: n > 0 bytes from the counter in c->iv, nr rounds. */
typedef void speed_ctr_kernel(struct speed_aes *c, const uint8_t *in, uint8_t *out, size_t n,
			      int nr);

/* speed_impl.run of a CTR kernel: the keystream left over, then the
 * kernel's loop with its key size's round count as a constant. */
KERNEL int speed_ctr_run(void *ctx, const uint8_t *in, uint8_t *out, size_t n,
			 speed_ctr_kernel *kernel)
{
	struct speed_aes *c = ctx;

	if (!(n = speed_ctr_leftover(c, &in, &out, n)))
		return 0;
	switch (c->nr) {
	case 10: kernel(c, in, out, n, 10); return 0;
	case 12: kernel(c, in, out, n, 12); return 0;
	case 14: kernel(c, in, out, n, 14); return 0;
	}
	return -1;
}

/* GCM: a kernel's keystream block for the counter block of ctr (the 12
 * bytes of nonce, then ctr as a 32-bit big-endian number), as
 * speed_ctr_enc's; and its GHASH step, (y ^ block) x H in the kernel's
 * representation of y and H (the block as it is in memory). */
typedef speed_v16 speed_gcm_enc(const void *keys, int nr, speed_v16 nonce, uint32_t ctr);
typedef speed_v2x64 speed_gcm_ghash(speed_v2x64 y, speed_v16 block, speed_v2x64 h);

/* GCM's last blocks (fewer than a group), one at a time from counter ctr,
 * a partial last one zero-padded for GHASH: the GHASH y of all of them
 * (before the length block). */
KERNEL speed_v2x64 speed_gcm_rest(const uint8_t *in, uint8_t *out, size_t n,
				  speed_v16 nonce, uint32_t ctr, speed_v2x64 y, speed_v2x64 h,
				  speed_gcm_enc *enc, speed_gcm_ghash *ghash, const void *keys,
				  int nr)
{
	for (; n; n -= n < 16 ? n : 16, in += 16, out += 16) {
		speed_v16 ks = enc(keys, nr, nonce, ctr++), ct;

		if (n >= 16) {
			ct = ks ^ speed_v16_ld(in);
			speed_v16_st(out, ct);
		} else {	/* the last partial block, zero-padded for GHASH */
			uint8_t kb[16], cb[16] = { 0 };
			size_t i;

			speed_v16_st(kb, ks);
			for (i = 0; i < n; i++) {
				out[i] = in[i] ^ kb[i];
				cb[i] = out[i];
			}
			ct = speed_v16_ld(cb);
		}
		y = ghash(y, ct, h);
	}
	return y;
}

#endif
