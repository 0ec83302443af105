/* speed_tuned.c - benchbox's own crypto kernels for `speed`: the table and
 * the portable parts around them
 *
 * SPDX-License-Identifier: MIT
 *
 * speed_tuned[] lists, per architecture, the algorithms that speed_ce.c
 * (ARMv8 Cryptography Extensions: AESE/AESMC/AESD/AESIMC, SHA1*, SHA256*,
 * PMULL), speed_sha512ce.c (ARMv8.2 SHA512*), speed_aesni.c (AES-NI,
 * PCLMULQDQ), speed_shani.c (SHA-NI) and speed_sha512_avx2.c (SHA-512:
 * AVX2 schedule, BMI2 rounds) implement. Each row computes
 * exactly what the "mbedtls" row of the same algorithm computes (speed.h),
 * and the unit tests hold them to it byte for byte. A row runs only where
 * cpu_features() grants its needs, so BENCHBOX_CPU_MASK=0xffffffff hides
 * all of them.
 *
 * What lives here is what the timed loops do not need to be fast: the AES
 * key schedule (FIPS 197 5.2) and the decryption round keys of the
 * equivalent inverse cipher (5.3.5), the SHA constants and initial values,
 * the FIPS 180-4 padding of the last block(s) of a digest, and the
 * starting IV, counter and nonce, which are speed_kat.c's (speed_iv()), the
 * same for every engine. The S-box is computed from its definition
 * (inverse in GF(2^8), then the affine map), not tabulated: the key
 * schedule needs a few dozen lookups.
 */
#include "cpu.h"
#include "speed.h"
#include "speed_local.h"
#include "speed_tuned.h"

#include <string.h>

/* ---- AES key schedule (portable) ---- */

static uint8_t gf_mul(uint8_t a, uint8_t b)
{
	uint8_t p = 0;

	while (b) {
		if (b & 1)
			p ^= a;
		a = (uint8_t)((a << 1) ^ (a & 0x80 ? 0x1b : 0));	/* xtime */
		b >>= 1;
	}
	return p;
}

static uint8_t rotl8(uint8_t x, int n)
{
	return (uint8_t)((x << n) | (x >> (8 - n)));
}

/* FIPS 197 5.1.1: x^254 (the inverse, 0 for 0), then the affine map. */
static uint8_t aes_sbox(uint8_t x)
{
	uint8_t r = 1, p = x;
	int e = 254;

	for (; e; e >>= 1, p = gf_mul(p, p))
		if (e & 1)
			r = gf_mul(r, p);
	return r ^ rotl8(r, 1) ^ rotl8(r, 2) ^ rotl8(r, 3) ^ rotl8(r, 4) ^ 0x63;
}

/* InvMixColumns (FIPS 197 5.3.3) of one round key, column by column. */
static void inv_mix_columns(uint8_t out[16], const uint8_t in[16])
{
	int c;

	for (c = 0; c < 16; c += 4) {
		const uint8_t *s = in + c;

		out[c + 0] = gf_mul(s[0], 14) ^ gf_mul(s[1], 11) ^ gf_mul(s[2], 13) ^ gf_mul(s[3], 9);
		out[c + 1] = gf_mul(s[0], 9) ^ gf_mul(s[1], 14) ^ gf_mul(s[2], 11) ^ gf_mul(s[3], 13);
		out[c + 2] = gf_mul(s[0], 13) ^ gf_mul(s[1], 9) ^ gf_mul(s[2], 14) ^ gf_mul(s[3], 11);
		out[c + 3] = gf_mul(s[0], 11) ^ gf_mul(s[1], 13) ^ gf_mul(s[2], 9) ^ gf_mul(s[3], 14);
	}
}

int speed_aes_setup(void *ctx, const uint8_t *key, size_t keylen, int decrypt)
{
	struct speed_aes *c = ctx;
	uint8_t *w = &c->rk[0][0];
	size_t nk = keylen / 4, i, words;
	uint8_t rcon = 1;
	int r;

	if (keylen != 16 && keylen != 24 && keylen != 32)
		return -1;
	c->nr = (int)nk + 6;
	words = 4 * (size_t)(c->nr + 1);
	memcpy(w, key, keylen);
	for (i = nk; i < words; i++) {
		uint8_t t[4];
		int j;

		memcpy(t, w + 4 * (i - 1), 4);
		if (i % nk == 0) {		/* SubWord(RotWord(t)) ^ Rcon */
			uint8_t t0 = t[0];

			t[0] = aes_sbox(t[1]) ^ rcon;
			t[1] = aes_sbox(t[2]);
			t[2] = aes_sbox(t[3]);
			t[3] = aes_sbox(t0);
			rcon = gf_mul(rcon, 2);
		} else if (nk > 6 && i % nk == 4) {
			for (j = 0; j < 4; j++)
				t[j] = aes_sbox(t[j]);
		}
		for (j = 0; j < 4; j++)
			w[4 * i + j] = w[4 * (i - nk) + j] ^ t[j];
	}
	memcpy(c->dk[0], c->rk[c->nr], 16);
	for (r = 1; r < c->nr; r++)
		inv_mix_columns(c->dk[r], c->rk[c->nr - r]);
	memcpy(c->dk[c->nr], c->rk[0], 16);
	memset(c->iv, 0, sizeof(c->iv));
	memset(c->ks, 0, sizeof(c->ks));
	c->off = 0;
	c->decrypt = decrypt;
	return 0;
}

/* The table has no rows for a target without tuned AES or SHA (riscv64). */
#if defined(__riscv)
#define UNUSED_ON_RISCV	__attribute__((unused))
#else
#define UNUSED_ON_RISCV
#endif

/* The starting IV or counter block is speed_kat.c's (speed_local.h), the
 * same for every engine. */
static int aes_iv_setup(void *ctx, const uint8_t *key, size_t keylen, int decrypt,
			const char *alg)
{
	struct speed_aes *c = ctx;
	const uint8_t *iv;
	size_t len = 0;

	if (speed_aes_setup(ctx, key, keylen, decrypt))
		return -1;
	if ((iv = speed_iv(alg, &len))) {
		if (len != sizeof(c->iv))
			return -1;
		memcpy(c->iv, iv, len);
	}
	return 0;
}

UNUSED_ON_RISCV static int aes_cbc_setup(void *ctx, const uint8_t *key, size_t keylen, int decrypt)
{
	return aes_iv_setup(ctx, key, keylen, decrypt, "aes-128-cbc");
}

UNUSED_ON_RISCV static int aes_ctr_setup(void *ctx, const uint8_t *key, size_t keylen, int decrypt)
{
	return aes_iv_setup(ctx, key, keylen, 0, "aes-128-ctr");
}

int speed_gcm_setup(struct speed_gcm *g, const uint8_t *key, size_t keylen)
{
	const uint8_t *iv;
	size_t len = 0;

	if (speed_aes_setup(&g->aes, key, keylen, 0))
		return -1;
	iv = speed_iv("aes-128-gcm", &len);
	if (iv && len != 12)	/* other lengths need GHASH to make J0 */
		return -1;
	memset(g->nonce, 0, sizeof(g->nonce));
	if (iv)
		memcpy(g->nonce, iv, len);
	return 0;
}

UNUSED_ON_RISCV static int md_setup(void *ctx, const uint8_t *key, size_t keylen, int decrypt)
{
	return 0;
}

/* ---- SHA constants and padding (FIPS 180-4) ---- */

const uint32_t speed_sha256_k[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5,
	0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
	0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
	0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
	0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
	0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
	0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
	0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
	0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

const uint64_t speed_sha512_k[80] = {
	0x428a2f98d728ae22ULL, 0x7137449123ef65cdULL,
	0xb5c0fbcfec4d3b2fULL, 0xe9b5dba58189dbbcULL,
	0x3956c25bf348b538ULL, 0x59f111f1b605d019ULL,
	0x923f82a4af194f9bULL, 0xab1c5ed5da6d8118ULL,
	0xd807aa98a3030242ULL, 0x12835b0145706fbeULL,
	0x243185be4ee4b28cULL, 0x550c7dc3d5ffb4e2ULL,
	0x72be5d74f27b896fULL, 0x80deb1fe3b1696b1ULL,
	0x9bdc06a725c71235ULL, 0xc19bf174cf692694ULL,
	0xe49b69c19ef14ad2ULL, 0xefbe4786384f25e3ULL,
	0x0fc19dc68b8cd5b5ULL, 0x240ca1cc77ac9c65ULL,
	0x2de92c6f592b0275ULL, 0x4a7484aa6ea6e483ULL,
	0x5cb0a9dcbd41fbd4ULL, 0x76f988da831153b5ULL,
	0x983e5152ee66dfabULL, 0xa831c66d2db43210ULL,
	0xb00327c898fb213fULL, 0xbf597fc7beef0ee4ULL,
	0xc6e00bf33da88fc2ULL, 0xd5a79147930aa725ULL,
	0x06ca6351e003826fULL, 0x142929670a0e6e70ULL,
	0x27b70a8546d22ffcULL, 0x2e1b21385c26c926ULL,
	0x4d2c6dfc5ac42aedULL, 0x53380d139d95b3dfULL,
	0x650a73548baf63deULL, 0x766a0abb3c77b2a8ULL,
	0x81c2c92e47edaee6ULL, 0x92722c851482353bULL,
	0xa2bfe8a14cf10364ULL, 0xa81a664bbc423001ULL,
	0xc24b8b70d0f89791ULL, 0xc76c51a30654be30ULL,
	0xd192e819d6ef5218ULL, 0xd69906245565a910ULL,
	0xf40e35855771202aULL, 0x106aa07032bbd1b8ULL,
	0x19a4c116b8d2d0c8ULL, 0x1e376c085141ab53ULL,
	0x2748774cdf8eeb99ULL, 0x34b0bcb5e19b48a8ULL,
	0x391c0cb3c5c95a63ULL, 0x4ed8aa4ae3418acbULL,
	0x5b9cca4f7763e373ULL, 0x682e6ff3d6b2b8a3ULL,
	0x748f82ee5defb2fcULL, 0x78a5636f43172f60ULL,
	0x84c87814a1f0ab72ULL, 0x8cc702081a6439ecULL,
	0x90befffa23631e28ULL, 0xa4506cebde82bde9ULL,
	0xbef9a3f7b2c67915ULL, 0xc67178f2e372532bULL,
	0xca273eceea26619cULL, 0xd186b8c721c0c207ULL,
	0xeada7dd6cde0eb1eULL, 0xf57d4f7fee6ed178ULL,
	0x06f067aa72176fbaULL, 0x0a637dc5a2c898a6ULL,
	0x113f9804bef90daeULL, 0x1b710b35131c471bULL,
	0x28db77f523047d84ULL, 0x32caab7b40c72493ULL,
	0x3c9ebe0a15c9bebcULL, 0x431d67c49c100d4cULL,
	0x4cc5d4becb3e42b6ULL, 0x597f299cfc657e2aULL,
	0x5fcb6fab3ad6faecULL, 0x6c44198c4a475817ULL,
};

/* The last n % bs bytes of the message, 0x80, zeros, and the length in
 * bits big-endian in the last lenb bytes (FIPS 180-4 5.1.1, 5.1.2), into
 * buf; returns the number of blocks written (1 or 2). */
static size_t md_tail(uint8_t *buf, const uint8_t *in, size_t n, size_t bs,
		      size_t lenb)
{
	size_t rem = n % bs, tot = rem + 1 + lenb <= bs ? bs : 2 * bs, i;
	uint64_t lo = (uint64_t)n << 3, hi = (uint64_t)n >> 61;

	memset(buf, 0, tot);
	memcpy(buf, in + (n - rem), rem);
	buf[rem] = 0x80;
	for (i = 0; i < 8; i++) {
		buf[tot - 1 - i] = (uint8_t)(lo >> (8 * i));
		if (lenb == 16)
			buf[tot - 9 - i] = (uint8_t)(hi >> (8 * i));
	}
	return tot / bs;
}

static void put_be32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

int speed_sha1_digest(speed_sha1_blocks *fn, const uint8_t *in, size_t n, uint8_t *out)
{
	uint32_t h[5] = { 0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0 };
	uint8_t buf[128];
	size_t nb;
	int i;

	if (n / 64)
		fn(h, in, n / 64);
	nb = md_tail(buf, in, n, 64, 8);
	fn(h, buf, nb);
	for (i = 0; i < 5; i++)
		put_be32(out + 4 * i, h[i]);
	return 0;
}

int speed_sha256_digest(speed_sha256_blocks *fn, const uint8_t *in, size_t n, uint8_t *out)
{
	uint32_t h[8] = {
		0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
		0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
	};
	uint8_t buf[128];
	size_t nb;
	int i;

	if (n / 64)
		fn(h, in, n / 64);
	nb = md_tail(buf, in, n, 64, 8);
	fn(h, buf, nb);
	for (i = 0; i < 8; i++)
		put_be32(out + 4 * i, h[i]);
	return 0;
}

int speed_sha512_digest(speed_sha512_blocks *fn, const uint8_t *in, size_t n, uint8_t *out)
{
	uint64_t h[8] = {
		0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL,
		0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
		0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL,
		0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL,
	};
	uint8_t buf[256];
	size_t nb;
	int i;

	if (n / 128)
		fn(h, in, n / 128);
	nb = md_tail(buf, in, n, 128, 16);
	fn(h, buf, nb);
	for (i = 0; i < 8; i++) {
		put_be32(out + 8 * i, (uint32_t)(h[i] >> 32));
		put_be32(out + 8 * i + 4, (uint32_t)h[i]);
	}
	return 0;
}

/* ---- the table ---- */

enum { AES = sizeof(struct speed_aes), GCM = sizeof(struct speed_gcm) };	/* ctx_size */

#if defined(__aarch64__) || defined(__arm__)
static int ce_sha1(void *ctx, const uint8_t *in, uint8_t *out, size_t n)
{
	return speed_sha1_digest(speed_ce_sha1_blocks, in, n, out);
}

static int ce_sha256(void *ctx, const uint8_t *in, uint8_t *out, size_t n)
{
	return speed_sha256_digest(speed_ce_sha256_blocks, in, n, out);
}

#define CE_AES	(CPU_ASIMD | CPU_AES)
#endif

#if defined(__x86_64__)
static int shani_sha1(void *ctx, const uint8_t *in, uint8_t *out, size_t n)
{
	return speed_sha1_digest(speed_shani_sha1_blocks, in, n, out);
}

static int shani_sha256(void *ctx, const uint8_t *in, uint8_t *out, size_t n)
{
	return speed_sha256_digest(speed_shani_sha256_blocks, in, n, out);
}

/* the ISA files are built with -mssse3 -msse4.1 too */
#define NI_SSE	(CPU_SSSE3 | CPU_SSE41)
#define NI_AES	(CPU_AES | NI_SSE)
#endif

/* The rows: engine, description, needs; then algorithm, context size,
 * setup, run, cleanup. */
#define CE(alg, needs, ...) \
	{ { 0, "armv8-ce", "ARMv8 Crypto Extensions", needs, 0, 0 }, alg, __VA_ARGS__ }
#define NI(alg, needs, ...) \
	{ { 0, "aesni", "AES-NI (and PCLMULQDQ for GCM)", needs, 0, 0 }, alg, __VA_ARGS__ }
#define SHANI(alg, needs, ...) \
	{ { 0, "shani", "SHA-NI", needs, 0, 0 }, alg, __VA_ARGS__ }
#define AVX2(alg, needs, ...) \
	{ { 0, "avx2", "AVX2 message schedule, BMI2 rounds", needs, 0, 0 }, alg, __VA_ARGS__ }
const struct speed_impl speed_tuned[] = {
#if defined(__aarch64__) || defined(__arm__)
	CE("aes-128-cbc", CE_AES, AES, aes_cbc_setup, speed_ce_cbc, NULL),
	CE("aes-192-cbc", CE_AES, AES, aes_cbc_setup, speed_ce_cbc, NULL),
	CE("aes-256-cbc", CE_AES, AES, aes_cbc_setup, speed_ce_cbc, NULL),
	CE("aes-128-ecb", CE_AES, AES, speed_aes_setup, speed_ce_ecb, NULL),
	CE("aes-192-ecb", CE_AES, AES, speed_aes_setup, speed_ce_ecb, NULL),
	CE("aes-256-ecb", CE_AES, AES, speed_aes_setup, speed_ce_ecb, NULL),
	CE("aes-128-ctr", CE_AES, AES, aes_ctr_setup, speed_ce_ctr, NULL),
	CE("aes-128-gcm", CE_AES | CPU_PMULL, GCM, speed_ce_gcm_setup, speed_ce_gcm, NULL),
	CE("sha1", CPU_ASIMD | CPU_SHA1, 0, md_setup, ce_sha1, NULL),
	CE("sha256", CPU_ASIMD | CPU_SHA2, 0, md_setup, ce_sha256, NULL),
#endif
#if defined(__aarch64__)
	CE("sha512", CPU_ASIMD | CPU_SHA512, 0, speed_sha512ce_setup, speed_sha512ce_run, NULL),
#endif
#if defined(__x86_64__)
	NI("aes-128-cbc", NI_AES, AES, aes_cbc_setup, speed_aesni_cbc, NULL),
	NI("aes-192-cbc", NI_AES, AES, aes_cbc_setup, speed_aesni_cbc, NULL),
	NI("aes-256-cbc", NI_AES, AES, aes_cbc_setup, speed_aesni_cbc, NULL),
	NI("aes-128-ecb", NI_AES, AES, speed_aes_setup, speed_aesni_ecb, NULL),
	NI("aes-192-ecb", NI_AES, AES, speed_aes_setup, speed_aesni_ecb, NULL),
	NI("aes-256-ecb", NI_AES, AES, speed_aes_setup, speed_aesni_ecb, NULL),
	NI("aes-128-ctr", NI_AES, AES, aes_ctr_setup, speed_aesni_ctr, NULL),
	NI("aes-128-gcm", NI_AES | CPU_PMULL, GCM, speed_aesni_gcm_setup, speed_aesni_gcm, NULL),
	SHANI("sha1", CPU_SHA1 | NI_SSE, 0, md_setup, shani_sha1, NULL),
	SHANI("sha256", CPU_SHA2 | NI_SSE, 0, md_setup, shani_sha256, NULL),
	AVX2("sha512", CPU_AVX2 | CPU_BMI2, 0, md_setup, speed_sha512_avx2_run, NULL),
#endif
	{ { 0 } }
};
#undef CE
#undef NI
#undef SHANI
#undef AVX2
