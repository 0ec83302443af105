/* speed_aesni.c - AES with AES-NI (ECB, CBC, CTR) and AES-GCM with
 * PCLMULQDQ, x86_64, for `speed`
 *
 * SPDX-License-Identifier: MIT
 *
 * Written from the Intel SDM's definitions of AESENC/AESENCLAST/AESDEC/
 * AESDECLAST/PCLMULQDQ, FIPS 197, SP 800-38A (modes) and SP 800-38D
 * (GCM). The round keys come from speed_tuned.c (FIPS 197 key schedule;
 * decryption keys of the equivalent inverse cipher, so AESDEC applies them
 * as they are). The modes that allow it (ECB, CBC decryption, CTR, GCM)
 * keep 8 independent blocks in flight: an AES round has a latency of
 * several cycles but the units accept one or two per cycle, so one block
 * at a time would leave them mostly idle. 8 blocks and up to 15 round keys
 * do not fit the 16 xmm registers: those loops read the round keys (and
 * GCM's powers of H and constants) from memory, one load per round, and
 * none of them reads or writes the stack (`make mca` checks). CBC encryption is serial by
 * definition and runs at the latency of the rounds; there the last round
 * is computed twice, once with the last round key (the ciphertext) and
 * once with that key XOR the first round key XOR the next plaintext (the
 * next block's input state), which takes the XOR off the chain. GCM
 * encrypts 8 blocks while it hashes the 8 before them (the carry-less
 * multiplies slotted between the AES rounds), one reduction per 8 blocks.
 * CTR's and GCM's blocks after the last 8 run through speed_tuned.h's
 * speed_ctr_rest() and speed_gcm_rest(), with enc1() and gf_mul().
 *
 * Built with -maes -mpclmul -mssse3 -msse4.1 (Makefile); called only
 * through speed_tuned[] rows whose needs the CPU grants. Compiles to
 * nothing on other architectures.
 */
#if defined(__x86_64__)
#if !defined(__AES__) || !defined(__PCLMUL__) || !defined(__SSSE3__) || !defined(__SSE4_1__)
#error "speed_aesni.c needs -maes -mpclmul -mssse3 -msse4.1 (AESNI_CFLAGS in the Makefile)"
#endif

#include "speed_tuned.h"

#include <immintrin.h>
#include <string.h>

enum { LANES = 8 };

KERNEL __m128i ld(const void *p)
{
	return _mm_loadu_si128((const __m128i *)p);
}

KERNEL void st(void *p, __m128i v)
{
	_mm_storeu_si128((__m128i *)p, v);
}

KERNEL void load_keys(__m128i *k, const uint8_t (*rk)[16], int nr)
{
	int r;

#pragma GCC unroll 15
	for (r = 0; r <= nr; r++)
		k[r] = ld(rk[r]);
}

/* ---- the cipher: one block, or LANES blocks interleaved round by round ---- */

KERNEL __m128i enc1(__m128i b, const __m128i *k, int nr)
{
	int r;

	b = _mm_xor_si128(b, k[0]);
#pragma GCC unroll 14
	for (r = 1; r < nr; r++)
		b = _mm_aesenc_si128(b, k[r]);
	return _mm_aesenclast_si128(b, k[nr]);
}

KERNEL __m128i dec1(__m128i b, const __m128i *k, int nr)
{
	int r;

	b = _mm_xor_si128(b, k[0]);
#pragma GCC unroll 14
	for (r = 1; r < nr; r++)
		b = _mm_aesdec_si128(b, k[r]);
	return _mm_aesdeclast_si128(b, k[nr]);
}

/* The 8-block interleaves take their round keys from the key schedule
 * (rk: c->rk or c->dk), one load per round shared by the 8 blocks: 8
 * blocks and 11 to 15 round keys do not fit in 16 xmm registers, and GCC,
 * given them as values, kept the rest on the stack (a store before the
 * loop and a reload in it, per key). Loads from the schedule cost the
 * same and need no copy. */
KERNEL void enc8(__m128i *b, const uint8_t (*rk)[16], int nr)
{
	int r, j;

#pragma GCC unroll 8
	for (j = 0; j < LANES; j++)
		b[j] = _mm_xor_si128(b[j], ld(rk[0]));
#pragma GCC unroll 14
	for (r = 1; r < nr; r++) {
		__m128i k = ld(rk[r]);

#pragma GCC unroll 8
		for (j = 0; j < LANES; j++)
			b[j] = _mm_aesenc_si128(b[j], k);
	}
#pragma GCC unroll 8
	for (j = 0; j < LANES; j++)
		b[j] = _mm_aesenclast_si128(b[j], ld(rk[nr]));
}

KERNEL void dec8(__m128i *b, const uint8_t (*rk)[16], int nr)
{
	int r, j;

#pragma GCC unroll 8
	for (j = 0; j < LANES; j++)
		b[j] = _mm_xor_si128(b[j], ld(rk[0]));
#pragma GCC unroll 14
	for (r = 1; r < nr; r++) {
		__m128i k = ld(rk[r]);

#pragma GCC unroll 8
		for (j = 0; j < LANES; j++)
			b[j] = _mm_aesdec_si128(b[j], k);
	}
#pragma GCC unroll 8
	for (j = 0; j < LANES; j++)
		b[j] = _mm_aesdeclast_si128(b[j], ld(rk[nr]));
}

/* p, as a value GCC cannot see through: a load from it is a load, not a
 * copy of one it made before (which it would keep in a register, or on
 * the stack when the registers are full) */
KERNEL const void *opaque(const void *p)
{
	__asm__("" : "+r" (p));
	return p;
}

/* ---- ECB ---- */

KERNEL void ecb_nr(const struct speed_aes *c, const uint8_t *in, uint8_t *out,
		   size_t nb, const int nr, const int decrypt)
{
	const uint8_t (*rk)[16] = decrypt ? c->dk : c->rk;
	__m128i k[SPEED_AES_MAXNR + 1], b[LANES];
	int j;

	for (; nb >= LANES; nb -= LANES, in += 16 * LANES, out += 16 * LANES) {
#pragma GCC unroll 8
		for (j = 0; j < LANES; j++)
			b[j] = ld(in + 16 * j);
		if (decrypt)
			dec8(b, rk, nr);
		else
			enc8(b, rk, nr);
#pragma GCC unroll 8
		for (j = 0; j < LANES; j++)
			st(out + 16 * j, b[j]);
	}
	if (!nb)
		return;
	load_keys(k, rk, nr);
	for (; nb; nb--, in += 16, out += 16)
		st(out, decrypt ? dec1(ld(in), k, nr) : enc1(ld(in), k, nr));
}

int speed_aesni_ecb(void *ctx, const uint8_t *in, uint8_t *out, size_t n)
{
	const struct speed_aes *c = ctx;

	if (n % 16)
		return -1;
	/* unswitched here: c->decrypt, read in the loop, is read again
	 * after every store (out may alias c as far as GCC knows) */
	switch (c->nr * 2 + !!c->decrypt) {
	case 20: ecb_nr(c, in, out, n / 16, 10, 0); return 0;
	case 24: ecb_nr(c, in, out, n / 16, 12, 0); return 0;
	case 28: ecb_nr(c, in, out, n / 16, 14, 0); return 0;
	case 21: ecb_nr(c, in, out, n / 16, 10, 1); return 0;
	case 25: ecb_nr(c, in, out, n / 16, 12, 1); return 0;
	case 29: ecb_nr(c, in, out, n / 16, 14, 1); return 0;
	}
	return -1;
}

/* ---- CBC ---- */

KERNEL void cbc_enc_nr(struct speed_aes *c, const uint8_t *in, uint8_t *out,
		       size_t nb, const int nr)
{
	__m128i k[SPEED_AES_MAXNR + 1], s;
	int r;

	if (!nb)
		return;
	/* k[1..nr-1] stay in registers; k[0] and k[nr] are read from the
	 * schedule in the loop (off the chain), so that AES-256's 13 middle
	 * keys, the state and two temporaries fit the 16 registers (with
	 * all 15 keys as values GCC kept one on the stack) */
	load_keys(k, c->rk, nr);
	s = _mm_xor_si128(_mm_xor_si128(ld(c->iv), ld(in)), k[0]);	/* state after round 0 */
	for (;;) {
#pragma GCC unroll 14
		for (r = 1; r < nr; r++)
			s = _mm_aesenc_si128(s, k[r]);
		st(out, _mm_aesenclast_si128(s, ld(c->rk[nr])));
		in += 16;
		out += 16;
		if (!--nb)
			break;
		/* the next state: this ciphertext ^ next plaintext ^ k[0] */
		s = _mm_aesenclast_si128(s, _mm_xor_si128(_mm_xor_si128(ld(in), ld(c->rk[0])),
							   ld(c->rk[nr])));
	}
	memcpy(c->iv, out - 16, 16);
}

KERNEL void cbc_dec_nr(struct speed_aes *c, const uint8_t *in, uint8_t *out,
		       size_t nb, const int nr)
{
	__m128i k[SPEED_AES_MAXNR + 1], b[LANES], iv = ld(c->iv);
	int j;

	for (; nb >= LANES; nb -= LANES, in += 16 * LANES, out += 16 * LANES) {
		const uint8_t *x;
		__m128i next;

#pragma GCC unroll 8
		for (j = 0; j < LANES; j++)
			b[j] = ld(in + 16 * j);
		dec8(b, c->dk, nr);
		/* The ciphertexts to XOR are read again from in (8 kept in
		 * registers beside the 8 blocks did not fit, and GCC kept
		 * them on the stack); from the last block down, so that in
		 * place (out == in) each is read before it is overwritten. */
		x = opaque(in);
		next = ld(x + 16 * (LANES - 1));
#pragma GCC unroll 8
		for (j = LANES - 1; j > 0; j--)
			st(out + 16 * j, _mm_xor_si128(b[j], ld(x + 16 * (j - 1))));
		st(out, _mm_xor_si128(b[0], iv));
		iv = next;
	}
	if (nb)
		load_keys(k, c->dk, nr);
	for (; nb; nb--, in += 16, out += 16) {
		__m128i ct = ld(in);

		st(out, _mm_xor_si128(dec1(ct, k, nr), iv));
		iv = ct;
	}
	st(c->iv, iv);
}

int speed_aesni_cbc(void *ctx, const uint8_t *in, uint8_t *out, size_t n)
{
	struct speed_aes *c = ctx;

	if (n % 16)
		return -1;
	switch (c->nr * 2 + !!c->decrypt) {
	case 20: cbc_enc_nr(c, in, out, n / 16, 10); return 0;
	case 24: cbc_enc_nr(c, in, out, n / 16, 12); return 0;
	case 28: cbc_enc_nr(c, in, out, n / 16, 14); return 0;
	case 21: cbc_dec_nr(c, in, out, n / 16, 10); return 0;
	case 25: cbc_dec_nr(c, in, out, n / 16, 12); return 0;
	case 29: cbc_dec_nr(c, in, out, n / 16, 14); return 0;
	}
	return -1;
}

/* ---- CTR: the counter block is a 128-bit big-endian number ---- */

/* The counter block hi:lo as AES input (big-endian bytes). */
KERNEL __m128i ctr_block(uint64_t hi, uint64_t lo)
{
	const __m128i rev = _mm_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);

	return _mm_shuffle_epi8(_mm_set_epi64x((long long)hi, (long long)lo), rev);
}

/* speed_ctr_rest's block; k: the round keys as values (load_keys) */
KERNEL speed_v16 ctr_enc(const void *k, int nr, uint64_t hi, uint64_t lo)
{
	return (speed_v16)enc1(ctr_block(hi, lo), k, nr);
}

KERNEL void ctr_nr(struct speed_aes *c, const uint8_t *in, uint8_t *out,
		   size_t n, const int nr)
{
	__m128i k[SPEED_AES_MAXNR + 1], b[LANES];
	uint64_t hi = get_be64(c->iv), lo = get_be64(c->iv + 8);
	int j;

	for (; n >= 16 * LANES; n -= 16 * LANES, in += 16 * LANES, out += 16 * LANES) {
		if ((lo & 0xff) <= 0x100 - LANES) {	/* no carry out of the last byte */
			__m128i base = ctr_block(hi, lo);

#pragma GCC unroll 8
			for (j = 0; j < LANES; j++)	/* +j in the last byte */
				b[j] = _mm_add_epi8(base, _mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0,
									0, 0, 0, 0, 0, 0, 0, (char)j));
		} else {
#pragma GCC unroll 8
			for (j = 0; j < LANES; j++)
				b[j] = ctr_block(hi + (lo + (uint64_t)j < lo), lo + (uint64_t)j);
		}
		lo += LANES;
		hi += lo < LANES;
		enc8(b, c->rk, nr);
#pragma GCC unroll 8
		for (j = 0; j < LANES; j++)
			st(out + 16 * j, _mm_xor_si128(b[j], ld(in + 16 * j)));
	}
	if (n)
		load_keys(k, c->rk, nr);
	speed_ctr_rest(c, in, out, n, hi, lo, ctr_enc, k, nr);
}

int speed_aesni_ctr(void *ctx, const uint8_t *in, uint8_t *out, size_t n)
{
	return speed_ctr_run(ctx, in, out, n, ctr_nr);
}

/* ---- GCM ----
 * GHASH in the bit-reflected representation: a block, byte-reversed and
 * read as a 128-bit little-endian number, has the coefficient of x^0 in
 * bit 127 and that of x^127 in bit 0. The carry-less product of two such
 * numbers is then the field product with bit k holding x^(254-k); shifted
 * left by one, its high half is the product's x^0..x^127 part and its low
 * half D the x^128..x^254 part, which is folded in with
 * x^128 = x^7 + x^2 + x + 1: right shifts by 0, 1, 2, 7 of D, plus those
 * of the bits that the shifts push past x^127 (D << 127, 126, 121). Eight
 * blocks share one reduction: Y' = (Y ^ X1) H^8 ^ X2 H^7 ^ ... ^ X8 H. */

KERNEL __m128i bswap128(__m128i v)
{
	return _mm_shuffle_epi8(v, _mm_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8,
						 7, 6, 5, 4, 3, 2, 1, 0));
}

/* Accumulate the three Karatsuba products of a and h (hk: h's halves XORed). */
KERNEL void clmul_acc(__m128i a, __m128i h, __m128i hk, __m128i *lo, __m128i *hi,
		      __m128i *mid)
{
	__m128i am = _mm_xor_si128(a, _mm_shuffle_epi32(a, 0x4e));

	*lo = _mm_xor_si128(*lo, _mm_clmulepi64_si128(a, h, 0x00));
	*hi = _mm_xor_si128(*hi, _mm_clmulepi64_si128(a, h, 0x11));
	*mid = _mm_xor_si128(*mid, _mm_clmulepi64_si128(am, hk, 0x00));
}

KERNEL __m128i ghash_reduce(__m128i lo, __m128i hi, __m128i mid)
{
	__m128i lc, hc, o, f, t;

	mid = _mm_xor_si128(mid, _mm_xor_si128(lo, hi));
	lo = _mm_xor_si128(lo, _mm_slli_si128(mid, 8));
	hi = _mm_xor_si128(hi, _mm_srli_si128(mid, 8));
	/* hi:lo <<= 1 */
	lc = _mm_srli_epi64(lo, 63);
	hc = _mm_srli_epi64(hi, 63);
	lo = _mm_or_si128(_mm_slli_epi64(lo, 1), _mm_slli_si128(lc, 8));
	hi = _mm_or_si128(_mm_or_si128(_mm_slli_epi64(hi, 1), _mm_slli_si128(hc, 8)),
			  _mm_srli_si128(lc, 8));
	/* f = D ^ (D << 127) ^ (D << 126) ^ (D << 121), D = lo */
	o = _mm_xor_si128(_mm_xor_si128(_mm_slli_epi64(lo, 63), _mm_slli_epi64(lo, 62)),
			  _mm_slli_epi64(lo, 57));
	f = _mm_xor_si128(lo, _mm_slli_si128(o, 8));
	/* t = f ^ (f >> 1) ^ (f >> 2) ^ (f >> 7), as 128-bit shifts */
	t = _mm_xor_si128(_mm_xor_si128(f, _mm_srli_epi64(f, 1)),
			  _mm_xor_si128(_mm_srli_epi64(f, 2), _mm_srli_epi64(f, 7)));
	o = _mm_xor_si128(_mm_xor_si128(_mm_slli_epi64(f, 63), _mm_slli_epi64(f, 62)),
			  _mm_slli_epi64(f, 57));
	t = _mm_xor_si128(t, _mm_srli_si128(o, 8));
	return _mm_xor_si128(hi, t);
}

KERNEL __m128i karatsuba_key(__m128i h)
{
	return _mm_xor_si128(h, _mm_shuffle_epi32(h, 0x4e));
}

KERNEL __m128i gf_mul(__m128i a, __m128i h)
{
	__m128i lo = _mm_setzero_si128(), hi = lo, mid = lo;

	clmul_acc(a, h, karatsuba_key(h), &lo, &hi, &mid);
	return ghash_reduce(lo, hi, mid);
}

int speed_aesni_gcm_setup(void *ctx, const uint8_t *key, size_t keylen, int decrypt)
{
	struct speed_gcm *g = ctx;
	__m128i k[SPEED_AES_MAXNR + 1], h, p;
	int i, r;

	if (speed_gcm_setup(g, key, keylen))
		return -1;
	load_keys(k, g->aes.rk, SPEED_AES_MAXNR);
	h = _mm_xor_si128(_mm_setzero_si128(), k[0]);	/* H = E_K(0^128) */
	for (r = 1; r < g->aes.nr; r++)
		h = _mm_aesenc_si128(h, k[r]);
	h = bswap128(_mm_aesenclast_si128(h, k[g->aes.nr]));
	for (i = 0, p = h; i < SPEED_GHASH_POW; i++, p = gf_mul(p, h)) {
		st(g->h[i], p);
		st(g->hk[i], karatsuba_key(p));
	}
	return 0;
}

/* 8 zero blocks: the "previous chunk" the first one hashes (see gcm_nr) */
static const uint8_t gcm_zero[16 * LANES];

/* GCM's vector constants, read in the loop through a pointer GCC cannot
 * see through (as values, GCC hoisted them into registers the loop has
 * none left for, and spilled them to the stack): the counter block's byte
 * order (rev3: the counter little-endian in lane 3), GHASH's (bswap:
 * bytes reversed) and +j in lane 3 (inc + j, j = 0..LANES) */
enum { GCM_REV3, GCM_BSWAP, GCM_INC };
static const uint32_t gcm_cst[GCM_INC + LANES + 1][4] __attribute__((aligned(16))) = {
	{ 0x03020100, 0x07060504, 0x0b0a0908, 0x0c0d0e0f },
	{ 0x0c0d0e0f, 0x08090a0b, 0x04050607, 0x00010203 },
	{ 0, 0, 0, 0 }, { 0, 0, 0, 1 }, { 0, 0, 0, 2 }, { 0, 0, 0, 3 }, { 0, 0, 0, 4 },
	{ 0, 0, 0, 5 }, { 0, 0, 0, 6 }, { 0, 0, 0, 7 }, { 0, 0, 0, 8 },
};

KERNEL __m128i cst(const uint32_t (*c)[4], int i)
{
	return *(const __m128i *)c[i];	/* aligned: an operand of the instruction */
}

/* speed_gcm_rest's block and GHASH step; k as ctr_enc's */
KERNEL speed_v16 gcm_enc(const void *k, int nr, speed_v16 nonce, uint32_t ctr)
{
	__m128i b = _mm_insert_epi32((__m128i)nonce, (int)ctr, 3);

	return (speed_v16)enc1(_mm_shuffle_epi8(b, cst(gcm_cst, GCM_REV3)), k, nr);
}

KERNEL speed_v2x64 gcm_ghash(speed_v2x64 y, speed_v16 block, speed_v2x64 h)
{
	return (speed_v2x64)gf_mul(_mm_xor_si128((__m128i)y, bswap128((__m128i)block)),
				   (__m128i)h);
}

KERNEL void gcm_nr(struct speed_gcm *g, const uint8_t *in, uint8_t *out,
		   size_t n, const int nr)
{
	/* counter block: the 12 nonce bytes, then a 32-bit big-endian
	 * counter; kept with the counter little-endian in lane 3 */
	const __m128i rev3 = cst(gcm_cst, GCM_REV3);
	const uint8_t (*rk)[16] = g->aes.rk, *prev = gcm_zero;
	__m128i k[SPEED_AES_MAXNR + 1], b[LANES], y = _mm_setzero_si128(), ctr, j0;
	int j;
	uint8_t *tag = out + n;
	size_t len = n;
	uint32_t cnt = 2;	/* the first block's counter (J0 has 1) */

	j0 = _mm_insert_epi32(ld(g->nonce), 1, 3);
	/* Stitched: the rounds of a chunk of 8 blocks interleave with the
	 * GHASH of the chunk before, read back from out (prev; at first 8
	 * zero blocks, and a zero Y hashed with zero blocks stays zero).
	 * The round keys and the powers of H are read from the context:
	 * the 8 blocks, GHASH's three sums and its operands fill the 16
	 * registers, and GCC, given keys, powers and the previous chunk as
	 * values, kept them on the stack. */
	for (; n >= 16 * LANES; n -= 16 * LANES, in += 16 * LANES, out += 16 * LANES) {
		__m128i lo = _mm_setzero_si128(), hi = lo, mid = lo;
		const uint8_t *x = opaque(prev);
		const uint32_t (*c)[4] = opaque(gcm_cst);
		__m128i klast;
		int r;

		/* the counter lives in a general register, the block is made
		 * from it and the nonce here (no xmm register held for it) */
		ctr = _mm_insert_epi32(ld(g->nonce), (int)cnt, 3);
		cnt += LANES;
#pragma GCC unroll 8
		for (j = 0; j < LANES; j++)
			b[j] = _mm_xor_si128(_mm_shuffle_epi8(_mm_add_epi32(ctr, cst(c, GCM_INC + j)),
							      cst(c, GCM_REV3)), ld(rk[0]));
#pragma GCC unroll 14
		for (r = 1; r < nr; r++) {
			__m128i kr = ld(rk[r]);

#pragma GCC unroll 8
			for (j = 0; j < LANES; j++)
				b[j] = _mm_aesenc_si128(b[j], kr);
			if (r == 1)
				clmul_acc(_mm_xor_si128(_mm_shuffle_epi8(ld(x), cst(c, GCM_BSWAP)), y),
					  ld(g->h[LANES - 1]), ld(g->hk[LANES - 1]), &lo, &hi, &mid);
			else if (r <= LANES)
				clmul_acc(_mm_shuffle_epi8(ld(x + 16 * (r - 1)), cst(c, GCM_BSWAP)),
					  ld(g->h[LANES - r]), ld(g->hk[LANES - r]), &lo, &hi, &mid);
			/* the sums are formed here, round by round: GCC would
			 * otherwise reassociate them into one tree at the end,
			 * with all 24 products live (on the stack) till then */
			__asm__("" : "+x" (lo), "+x" (hi), "+x" (mid));
		}
		klast = ld(rk[nr]);
#pragma GCC unroll 8
		for (j = 0; j < LANES; j++)
			st(out + 16 * j, _mm_xor_si128(_mm_aesenclast_si128(b[j], klast),
						      ld(in + 16 * j)));
		/* reduced once the blocks are out of the registers */
		y = ghash_reduce(lo, hi, mid);
		prev = out;
	}
	load_keys(k, rk, nr);
	if (len >= 16 * LANES) {	/* the last chunk's GHASH */
		__m128i lo = _mm_setzero_si128(), hi = lo, mid = lo;

#pragma GCC unroll 8
		for (j = 0; j < LANES; j++) {
			__m128i x = bswap128(ld(prev + 16 * j));

			clmul_acc(j ? x : _mm_xor_si128(x, y), ld(g->h[LANES - 1 - j]),
				  ld(g->hk[LANES - 1 - j]), &lo, &hi, &mid);
		}
		y = ghash_reduce(lo, hi, mid);
	}
	y = (__m128i)speed_gcm_rest(in, out, n, (speed_v16)ld(g->nonce), cnt, (speed_v2x64)y,
				    (speed_v2x64)ld(g->h[0]), gcm_enc, gcm_ghash, k, nr);
	/* the length block: 64-bit AAD bits (0), 64-bit data bits */
	y = gf_mul(_mm_xor_si128(y, _mm_set_epi64x(0, (long long)((uint64_t)len << 3))),
		   ld(g->h[0]));
	st(tag, _mm_xor_si128(enc1(_mm_shuffle_epi8(j0, rev3), k, nr), bswap128(y)));
}

int speed_aesni_gcm(void *ctx, const uint8_t *in, uint8_t *out, size_t n)
{
	struct speed_gcm *g = ctx;

	switch (g->aes.nr) {
	case 10: gcm_nr(g, in, out, n, 10); return 0;
	case 12: gcm_nr(g, in, out, n, 12); return 0;
	case 14: gcm_nr(g, in, out, n, 14); return 0;
	}
	return -1;
}

#endif /* __x86_64__ */
