/* speed_tuned.h - contexts and entry points of benchbox's tuned crypto
 * kernels, shared by speed_tuned.c (the table and the portable parts) and
 * the per-ISA files speed_ce.c, speed_sha512ce.c, speed_aesni.c and
 * speed_shani.c
 *
 * SPDX-License-Identifier: MIT
 *
 * The portable parts are the AES key schedule (FIPS 197 5.2, and the
 * decryption schedule of the equivalent inverse cipher, 5.3.5), the SHA
 * constants and the FIPS 180-4 padding; the ISA files hold only what runs
 * inside the timed loop. Contexts are byte arrays and 32-bit fields, so
 * any allocator's alignment is enough: kernels load round keys with
 * unaligned loads.
 */
#ifndef BENCHBOX_SPEED_TUNED_H
#define BENCHBOX_SPEED_TUNED_H

#include <stddef.h>
#include <stdint.h>

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

/* CTR, what every kernel does around its blocks: first the keystream left
 * from the last call (returns how many bytes are left for the blocks, in
 * and out moved past those used); last, a partial block of n < 16 bytes
 * from the keystream block already stored in c->ks, the rest kept. */
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

#endif
