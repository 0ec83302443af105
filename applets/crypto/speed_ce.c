/* speed_ce.c - AES (ECB, CBC, CTR, GCM), SHA-1 and SHA-256 with the ARMv8
 * Cryptography Extensions, AArch64 and AArch32, for `speed`
 *
 * SPDX-License-Identifier: MIT
 *
 * Written from the Arm ARM's definitions of AESE/AESMC/AESD/AESIMC,
 * PMULL, SHA1C/P/M/H/SU0/SU1 and SHA256H/H2/SU0/SU1, FIPS 197, FIPS 180-4
 * and SP 800-38A/D. AESE is AddRoundKey, ShiftRows and SubBytes (the key
 * goes in first), so a round is AESE+AESMC with the previous round's key
 * and the last one is AESE, then an XOR with the last key; decryption runs
 * AESD+AESIMC over the equivalent inverse cipher's keys from
 * speed_tuned.c. Cores fuse an AESE with the AESMC after it, so each pair
 * stays adjacent. ECB, CBC decryption, CTR and GCM keep 8 blocks in flight
 * on AArch64 (32 vector registers hold them and all round keys) and 4 on
 * AArch32 (16 registers: there the rounds are asm that loads each round
 * key from the key schedule, see struct aes_keys). CTR keeps the counter
 * in a vector register. CBC encryption is serial; its chain skips the
 * XOR: the next block starts with AESE by (last key ^ first key ^ next
 * plaintext) on the previous block's state. GHASH is as in speed_aesni.c
 * (bit-reflected, byte-reversed blocks, 8 blocks per reduction) with PMULL;
 * the blocks after the last group run through speed_tuned.h's
 * speed_ctr_rest() and speed_gcm_rest(), as AES-NI's do.
 * The inner loops were tuned with llvm-mca's cortex-a53, -a55 and -a57
 * models (and -a57 in AArch32 for the armv7 object); none touches the
 * stack.
 *
 * Built with -march=armv8-a+crypto (AArch64) or -march=armv8-a
 * -mfpu=crypto-neon-fp-armv8 (AArch32) by the Makefile; called only
 * through speed_tuned[] rows whose needs the CPU grants (an ARMv8 core may
 * run the armv7 binary). Compiles to nothing on other architectures.
 */
#if defined(__aarch64__) || defined(__arm__)
#if !defined(__ARM_FEATURE_CRYPTO) && \
	!(defined(__ARM_FEATURE_AES) && defined(__ARM_FEATURE_SHA2))
#error "speed_ce.c needs the crypto extensions (CE_CFLAGS in the Makefile)"
#endif

#include "speed_tuned.h"

#include <arm_neon.h>
#include <string.h>

#if defined(__aarch64__)
enum { LANES = 8 };
#else
enum { LANES = 4 };
#endif

/* Round keys. AArch64 holds them all in registers for the whole loop (15
 * keys, 8 blocks and CTR's counters fit in 32). AArch32 has 16 q
 * registers: 15 keys and 4 blocks do not fit, and GCC spilled the keys
 * that did not to the stack and re-read them inside the loops. There each
 * round's asm loads the next round's key from the key schedule (a load,
 * not a spill; the A57 model's load pipe idles while AESE and AESMC hold
 * the F0 pipe), so two q registers hold keys, and the compiler can neither
 * hoist the loads out of the loop nor spill what it hoisted. */
struct aes_keys {
#if defined(__aarch64__)
	uint8x16_t	k[SPEED_AES_MAXNR + 1];
#else
	const uint8_t	(*rk)[16];
#endif
};

KERNEL void keys_load(struct aes_keys *ks, const uint8_t (*rk)[16], int nr)
{
#if defined(__aarch64__)
	int r;

#pragma GCC unroll 15
	for (r = 0; r <= nr; r++)
		ks->k[r] = vld1q_u8(rk[r]);
#else
	ks->rk = rk;
#endif
}

/* ---- the cipher ---- */

#if defined(__aarch64__)
KERNEL uint8x16_t enc1(uint8x16_t b, const struct aes_keys *ks, int nr)
{
	int r;

#pragma GCC unroll 14
	for (r = 0; r < nr - 1; r++)
		b = vaesmcq_u8(vaeseq_u8(b, ks->k[r]));
	return veorq_u8(vaeseq_u8(b, ks->k[nr - 1]), ks->k[nr]);
}

KERNEL uint8x16_t dec1(uint8x16_t b, const struct aes_keys *ks, int nr)
{
	int r;

#pragma GCC unroll 14
	for (r = 0; r < nr - 1; r++)
		b = vaesimcq_u8(vaesdq_u8(b, ks->k[r]));
	return veorq_u8(vaesdq_u8(b, ks->k[nr - 1]), ks->k[nr]);
}

KERNEL void encn(uint8x16_t *b, const struct aes_keys *ks, int nr)
{
	int r, j;

#pragma GCC unroll 14
	for (r = 0; r < nr - 1; r++)
#pragma GCC unroll 8
		for (j = 0; j < LANES; j++)
			b[j] = vaesmcq_u8(vaeseq_u8(b[j], ks->k[r]));
#pragma GCC unroll 8
	for (j = 0; j < LANES; j++)
		b[j] = veorq_u8(vaeseq_u8(b[j], ks->k[nr - 1]), ks->k[nr]);
}

KERNEL void decn(uint8x16_t *b, const struct aes_keys *ks, int nr)
{
	int r, j;

#pragma GCC unroll 14
	for (r = 0; r < nr - 1; r++)
#pragma GCC unroll 8
		for (j = 0; j < LANES; j++)
			b[j] = vaesimcq_u8(vaesdq_u8(b[j], ks->k[r]));
#pragma GCC unroll 8
	for (j = 0; j < LANES; j++)
		b[j] = veorq_u8(vaesdq_u8(b[j], ks->k[nr - 1]), ks->k[nr]);
}
#else
/* One round of AESE+AESMC (AESD+AESIMC) on 1 or 4 blocks with key kc,
 * loading the next round's key into kn; the first round loads kc too; the
 * last is AESE (AESD) with kc, then an XOR with kn, the last key. */
#define A32_LDK(k)	"vld1.8	{%e[" #k "]-%f[" #k "]}, [%[kp]]!\n\t"
#define A32_RND(op, mc, b) \
	op ".8	%q[" #b "], %q[kc]\n\t" mc ".8	%q[" #b "], %q[" #b "]\n\t"
#define A32_FIN(op, b)	op ".8	%q[" #b "], %q[kc]\n\t"
#define A32_XOR(b)	"veor	%q[" #b "], %q[" #b "], %q[kn]\n\t"
#define A32_RND4(op, mc) \
	A32_RND(op, mc, b0) A32_RND(op, mc, b1) A32_RND(op, mc, b2) A32_RND(op, mc, b3)
#define A32_FIN4(op) \
	A32_FIN(op, b0) A32_FIN(op, b1) A32_FIN(op, b2) A32_FIN(op, b3) \
	A32_XOR(b0) A32_XOR(b1) A32_XOR(b2) A32_XOR(b3)
#define A32_KEYMEM	"m"(*(const uint8_t (*)[(SPEED_AES_MAXNR + 1) * 16])ks->rk)
#define A32_B1		[b0] "+w"(*b)
#define A32_B4		[b0] "+w"(b[0]), [b1] "+w"(b[1]), [b2] "+w"(b[2]), [b3] "+w"(b[3])
/* the first round (loads kc and kn); any other (kc in, loads kn) */
#define A32_FIRST(body, B, K0, K1) \
	__asm__(A32_LDK(kc) A32_LDK(kn) body \
		: B, [kc] "=&w"(K0), [kn] "=&w"(K1), [kp] "+r"(kp) : A32_KEYMEM)
#define A32_MID(body, B, KC, KN) \
	__asm__(A32_LDK(kn) body : B, [kn] "=&w"(KN), [kp] "+r"(kp) : [kc] "w"(KC), A32_KEYMEM)

/* b[0..lanes-1] through nr rounds; dec: AESD/AESIMC over the dk keys.
 * Round r's key is in k[r & 1]. */
KERNEL void a32_rounds(uint8x16_t *b, const struct aes_keys *ks, int nr, int lanes, int dec)
{
	const uint8_t *kp = ks->rk[0];
	uint8x16_t k[2];
	int r;

	if (lanes == 1 && !dec)
		A32_FIRST(A32_RND("aese", "aesmc", b0), A32_B1, k[0], k[1]);
	else if (lanes == 1)
		A32_FIRST(A32_RND("aesd", "aesimc", b0), A32_B1, k[0], k[1]);
	else if (!dec)
		A32_FIRST(A32_RND4("aese", "aesmc"), A32_B4, k[0], k[1]);
	else
		A32_FIRST(A32_RND4("aesd", "aesimc"), A32_B4, k[0], k[1]);
#pragma GCC unroll 14
	for (r = 1; r < nr - 1; r++) {
		if (lanes == 1 && !dec)
			A32_MID(A32_RND("aese", "aesmc", b0), A32_B1, k[r & 1], k[~r & 1]);
		else if (lanes == 1)
			A32_MID(A32_RND("aesd", "aesimc", b0), A32_B1, k[r & 1], k[~r & 1]);
		else if (!dec)
			A32_MID(A32_RND4("aese", "aesmc"), A32_B4, k[r & 1], k[~r & 1]);
		else
			A32_MID(A32_RND4("aesd", "aesimc"), A32_B4, k[r & 1], k[~r & 1]);
	}
	/* r = nr - 1: the last round, loading the last key */
	if (lanes == 1 && !dec)
		A32_MID(A32_FIN("aese", b0) A32_XOR(b0), A32_B1, k[r & 1], k[~r & 1]);
	else if (lanes == 1)
		A32_MID(A32_FIN("aesd", b0) A32_XOR(b0), A32_B1, k[r & 1], k[~r & 1]);
	else if (!dec)
		A32_MID(A32_FIN4("aese"), A32_B4, k[r & 1], k[~r & 1]);
	else
		A32_MID(A32_FIN4("aesd"), A32_B4, k[r & 1], k[~r & 1]);
}

KERNEL uint8x16_t enc1(uint8x16_t b, const struct aes_keys *ks, int nr)
{
	a32_rounds(&b, ks, nr, 1, 0);
	return b;
}

KERNEL uint8x16_t dec1(uint8x16_t b, const struct aes_keys *ks, int nr)
{
	a32_rounds(&b, ks, nr, 1, 1);
	return b;
}

KERNEL void encn(uint8x16_t *b, const struct aes_keys *ks, int nr)
{
	a32_rounds(b, ks, nr, LANES, 0);
}

KERNEL void decn(uint8x16_t *b, const struct aes_keys *ks, int nr)
{
	a32_rounds(b, ks, nr, LANES, 1);
}
#endif

/* ---- ECB ---- */

KERNEL void ecb_nr(const struct speed_aes *c, const uint8_t *in, uint8_t *out,
		   size_t nb, const int nr)
{
	struct aes_keys ks;
	uint8x16_t b[LANES];
	int j;

	keys_load(&ks, c->decrypt ? c->dk : c->rk, nr);
	for (; nb >= LANES; nb -= LANES, in += 16 * LANES, out += 16 * LANES) {
#pragma GCC unroll 8
		for (j = 0; j < LANES; j++)
			b[j] = vld1q_u8(in + 16 * j);
		if (c->decrypt)
			decn(b, &ks, nr);
		else
			encn(b, &ks, nr);
#pragma GCC unroll 8
		for (j = 0; j < LANES; j++)
			vst1q_u8(out + 16 * j, b[j]);
	}
	for (; nb; nb--, in += 16, out += 16)
		vst1q_u8(out, c->decrypt ? dec1(vld1q_u8(in), &ks, nr)
					 : enc1(vld1q_u8(in), &ks, nr));
}

int speed_ce_ecb(void *ctx, const uint8_t *in, uint8_t *out, size_t n)
{
	const struct speed_aes *c = ctx;

	if (n % 16)
		return -1;
	switch (c->nr) {
	case 10: ecb_nr(c, in, out, n / 16, 10); return 0;
	case 12: ecb_nr(c, in, out, n / 16, 12); return 0;
	case 14: ecb_nr(c, in, out, n / 16, 14); return 0;
	}
	return -1;
}

/* ---- CBC ---- */

/* CBC encryption's rounds 1 .. nr-2, then AESE with key nr-1. With
 * next (a block follows), the rounds also load the next plaintext block
 * and XOR it with last (last key ^ first key) into *x, the next block's
 * first round key: after round 1 and after round 5, so that the load and
 * the XOR are long done when the next block starts. An in-order core
 * (A53, A55) otherwise stalls on them at the top of the loop; llvm-mca
 * predicts 134 -> 119 (A53) and 90 -> 80 (A55) cycles per AES-128 block
 * (AES-256: 182 -> 167, 122 -> 112) and no change on the A57 (39, the
 * serial bound) nor the AArch32 A57 (57): one form for all cores. The
 * placement is pinned by an asm that names s as an operand it "changes":
 * the compiler must put it between the two rounds it sits between in the
 * source. */
#if defined(__aarch64__)
#define CBC_LOAD	"ldr	%q[x], [%[p]]"
#define CBC_XOR		"eor	%[x].16b, %[x].16b, %[l].16b"
#else
#define CBC_LOAD	"vld1.8	{%e[x]-%f[x]}, [%[p]]"
#define CBC_XOR		"veor	%q[x], %q[x], %q[l]"
#endif

KERNEL void cbc_pin(uint8x16_t *s, uint8x16_t *x, const uint8_t *next, uint8x16_t last,
		    int r)
{
	if (r == 1)
		__asm__(CBC_LOAD : [x] "=w"(*x), [s] "+w"(*s)
			: [p] "r"(next), "m"(*(const uint8_t (*)[16])next));
	else if (r == 5)
		__asm__(CBC_XOR : [x] "+w"(*x), [s] "+w"(*s) : [l] "w"(last));
}

#if defined(__aarch64__)
KERNEL uint8x16_t cbc_rounds(uint8x16_t s, const struct aes_keys *ks, int nr,
			     const uint8_t *next, uint8x16_t last, uint8x16_t *x)
{
	int r;

#pragma GCC unroll 14
	for (r = 1; r < nr - 1; r++) {
		s = vaesmcq_u8(vaeseq_u8(s, ks->k[r]));
		if (next)
			cbc_pin(&s, x, next, last, r);
	}
	return vaeseq_u8(s, ks->k[nr - 1]);
}
#else
KERNEL uint8x16_t cbc_rounds(uint8x16_t s, const struct aes_keys *ks, int nr,
			     const uint8_t *next, uint8x16_t last, uint8x16_t *x)
{
	const uint8_t *kp = ks->rk[1];
	uint8x16_t k[2];	/* round r's key in k[r & 1] */
	int r;

	A32_FIRST(A32_RND("aese", "aesmc", b0), [b0] "+w"(s), k[1], k[0]);
	if (next)
		cbc_pin(&s, x, next, last, 1);
#pragma GCC unroll 14
	for (r = 2; r < nr - 1; r++) {
		A32_MID(A32_RND("aese", "aesmc", b0), [b0] "+w"(s), k[r & 1], k[~r & 1]);
		if (next)
			cbc_pin(&s, x, next, last, r);
	}
	return vaeseq_u8(s, k[r & 1]);
}
#endif

KERNEL void cbc_enc_nr(struct speed_aes *c, const uint8_t *in, uint8_t *out,
		       size_t nb, const int nr)
{
	struct aes_keys ks;
	uint8x16_t s, kl, last, x;

	if (!nb)
		return;
	keys_load(&ks, c->rk, nr);
	kl = vld1q_u8(c->rk[nr]);
	last = veorq_u8(kl, vld1q_u8(c->rk[0]));
	s = vaesmcq_u8(vaeseq_u8(veorq_u8(vld1q_u8(c->iv), vld1q_u8(in)), vld1q_u8(c->rk[0])));
	for (; nb > 1; nb--, in += 16, out += 16) {
		s = cbc_rounds(s, &ks, nr, in + 16, last, &x);
		vst1q_u8(out, veorq_u8(s, kl));
		/* the next block's first round on (this ciphertext ^ next plaintext) */
#if defined(__aarch64__)
		s = vaesmcq_u8(vaeseq_u8(s, x));
#else
		/* asm: GCC swapped AESE's operands (the XOR commutes) and then
		 * moved the state back to its register, on the chain */
		__asm__("aese.8	%q[s], %q[x]\n\taesmc.8	%q[s], %q[s]" : [s] "+w"(s) : [x] "w"(x));
#endif
	}
	s = veorq_u8(cbc_rounds(s, &ks, nr, NULL, last, &x), kl);
	vst1q_u8(out, s);
	vst1q_u8(c->iv, s);
}

#undef CBC_LOAD
#undef CBC_XOR

KERNEL void cbc_dec_nr(struct speed_aes *c, const uint8_t *in, uint8_t *out,
		       size_t nb, const int nr)
{
	struct aes_keys ks;
	uint8x16_t b[LANES], x[LANES], iv = vld1q_u8(c->iv);
	int j;

	keys_load(&ks, c->dk, nr);
	for (; nb >= LANES; nb -= LANES, in += 16 * LANES, out += 16 * LANES) {
#pragma GCC unroll 8
		for (j = 0; j < LANES; j++)
			b[j] = x[j] = vld1q_u8(in + 16 * j);
		decn(b, &ks, nr);
		vst1q_u8(out, veorq_u8(b[0], iv));
#pragma GCC unroll 8
		for (j = 1; j < LANES; j++)
			vst1q_u8(out + 16 * j, veorq_u8(b[j], x[j - 1]));
		iv = x[LANES - 1];
	}
	for (; nb; nb--, in += 16, out += 16) {
		uint8x16_t ct = vld1q_u8(in);

		vst1q_u8(out, veorq_u8(dec1(ct, &ks, nr), iv));
		iv = ct;
	}
	vst1q_u8(c->iv, iv);
}

int speed_ce_cbc(void *ctx, const uint8_t *in, uint8_t *out, size_t n)
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

KERNEL uint8x16_t ctr_block(uint64_t hi, uint64_t lo)
{
	return vrev64q_u8(vreinterpretq_u8_u64(vcombine_u64(vcreate_u64(hi), vcreate_u64(lo))));
}

/* The counter block's four big-endian words as numbers (lane 3 the low
 * one), and back. */
KERNEL uint32x4_t ctr_words(uint64_t hi, uint64_t lo)
{
	return vreinterpretq_u32_u8(vrev32q_u8(ctr_block(hi, lo)));
}

KERNEL uint8x16_t ctr_unwords(uint32x4_t w)
{
	return vrev32q_u8(vreinterpretq_u8_u32(w));
}

/* The main loop keeps the counter in a vector register and adds to its
 * low 32-bit word only, for as many groups of LANES blocks as that word
 * takes without a carry out; there the counter goes back to two 64-bit
 * numbers for one block at a time until the carry is past. */
/* The LANES counter blocks from ctr (words as numbers) and ctr += LANES,
 * adding to the low word only: four constant vectors and no chain longer
 * than two adds. */
struct ctr_incs {
	uint32x4_t	inc1, inc2, inc3, four;
};

KERNEL void ctr_incs_load(struct ctr_incs *ci)
{
	static const uint32_t incs[4][4] = {
		{ 0, 0, 0, 1 }, { 0, 0, 0, 2 }, { 0, 0, 0, 3 }, { 0, 0, 0, 4 },
	};

	ci->inc1 = vld1q_u32(incs[0]);
	ci->inc2 = vld1q_u32(incs[1]);
	ci->inc3 = vld1q_u32(incs[2]);
	ci->four = vld1q_u32(incs[3]);
}

KERNEL void ctr_fill(uint8x16_t *b, uint32x4_t *ctr, const struct ctr_incs *ci)
{
	int j;

#pragma GCC unroll 2
	for (j = 0; j < LANES; j += 4) {
		b[j] = ctr_unwords(*ctr);
		b[j + 1] = ctr_unwords(vaddq_u32(*ctr, ci->inc1));
		b[j + 2] = ctr_unwords(vaddq_u32(*ctr, ci->inc2));
		b[j + 3] = ctr_unwords(vaddq_u32(*ctr, ci->inc3));
		*ctr = vaddq_u32(*ctr, ci->four);
	}
}

/* speed_ctr_rest's block; ks: a struct aes_keys */
KERNEL speed_v16 ctr_enc(const void *ks, int nr, uint64_t hi, uint64_t lo)
{
	return (speed_v16)enc1(ctr_block(hi, lo), ks, nr);
}

KERNEL void ctr_nr(struct speed_aes *c, const uint8_t *in, uint8_t *out,
		   size_t n, const int nr)
{
	struct aes_keys ks;
	struct ctr_incs ci;
	uint8x16_t b[LANES];
	uint64_t hi = get_be64(c->iv), lo = get_be64(c->iv + 8);
	int j;

	keys_load(&ks, c->rk, nr);
	ctr_incs_load(&ci);
	while (n >= 16 * LANES) {
		size_t m = n / (16 * LANES), room = (0xffffffffu - (uint32_t)lo) / LANES;
		uint32x4_t ctr;

		if (!room) {	/* the low word carries out within LANES blocks */
			uint8x16_t ks1 = enc1(ctr_block(hi, lo), &ks, nr);

			hi += ++lo == 0;
			vst1q_u8(out, veorq_u8(ks1, vld1q_u8(in)));
			n -= 16;
			in += 16;
			out += 16;
			continue;
		}
		if (m > room)
			m = room;
		ctr = ctr_words(hi, lo);
		lo += (uint64_t)m * LANES;	/* no carry out of the low word */
		n -= m * 16 * LANES;
		for (; m; m--, in += 16 * LANES, out += 16 * LANES) {
			ctr_fill(b, &ctr, &ci);
			encn(b, &ks, nr);
#pragma GCC unroll 8
			for (j = 0; j < LANES; j++)
				vst1q_u8(out + 16 * j, veorq_u8(b[j], vld1q_u8(in + 16 * j)));
		}
	}
	speed_ctr_rest(c, in, out, n, hi, lo, ctr_enc, &ks, nr);
}

int speed_ce_ctr(void *ctx, const uint8_t *in, uint8_t *out, size_t n)
{
	return speed_ctr_run(ctx, in, out, n, ctr_nr);
}

/* ---- GCM (see speed_aesni.c for the representation) ----
 *
 * The same products as AES-NI's, reduced another way: H's powers are
 * stored multiplied by x once ("twisted": H << 1, a carry out of x^127
 * folded back in as C:1), which takes the place of the shift by one of
 * every 256-bit product, and D is folded in with two PMULLs by
 * C = 0xc2 << 56 (x^0, x^1, x^6 of D's half at the top of a 64-bit lane),
 * the shifts by 63, 62 and 57 of AES-NI's fold and the bits they push
 * into the other half at once. In the 8-block loop the blocks are only
 * byte-reversed within each half (REV64, no EXT), so each lane holds the
 * other half; H's powers are stored with their halves swapped to match,
 * and the low and high products trade places. */

KERNEL uint64x2_t swap_halves(uint64x2_t v)
{
	return vextq_u64(v, v, 1);
}

KERNEL uint64x2_t rev64x2(uint8x16_t v)	/* bswap128 with the halves swapped */
{
	return vreinterpretq_u64_u8(vrev64q_u8(v));
}

KERNEL uint64x2_t bswap128(uint8x16_t v)
{
	return swap_halves(rev64x2(v));
}

KERNEL uint8x16_t unbswap128(uint64x2_t v)
{
	return vreinterpretq_u8_u64(bswap128(vreinterpretq_u8_u64(v)));
}

/* 128-bit shifts by 64 bits: lane 0 up into lane 1, lane 1 down into lane 0 */
KERNEL uint64x2_t up64(uint64x2_t v)
{
	return vextq_u64(vdupq_n_u64(0), v, 1);
}

KERNEL uint64x2_t down64(uint64x2_t v)
{
	return vextq_u64(v, vdupq_n_u64(0), 1);
}

KERNEL uint64x2_t pmull_lo(uint64x2_t a, uint64x2_t b)
{
	return vreinterpretq_u64_p128(vmull_p64((poly64_t)vgetq_lane_u64(a, 0),
						(poly64_t)vgetq_lane_u64(b, 0)));
}

KERNEL uint64x2_t pmull_hi(uint64x2_t a, uint64x2_t b)
{
#if defined(__aarch64__)
	return vreinterpretq_u64_p128(vmull_high_p64(vreinterpretq_p64_u64(a),
						     vreinterpretq_p64_u64(b)));
#else
	return vreinterpretq_u64_p128(vmull_p64((poly64_t)vgetq_lane_u64(a, 1),
						(poly64_t)vgetq_lane_u64(b, 1)));
#endif
}

KERNEL void clmul_acc(uint64x2_t a, uint64x2_t h, uint64x2_t hk, uint64x2_t *lo,
		      uint64x2_t *hi, uint64x2_t *mid)
{
	*lo = veorq_u64(*lo, pmull_lo(a, h));
	*hi = veorq_u64(*hi, pmull_hi(a, h));
	*mid = veorq_u64(*mid, pmull_lo(veorq_u64(a, swap_halves(a)), hk));
}

#define GHASH_C 0xc200000000000000ull

/* The product lo, hi, mid (Karatsuba's three, by a twisted power) reduced.
 * With m = mid ^ lo ^ hi, the middle 128 bits, and a = lo's low half
 * times C: w = lo ^ swap(m ^ a) holds D's fold into the result's low
 * half (lane 0) and D's high half with a's low 64 bits (lane 1), which is
 * the half still to be multiplied by C. No zero vector, no shifts. */
KERNEL uint64x2_t ghash_reduce(uint64x2_t lo, uint64x2_t hi, uint64x2_t mid)
{
	uint64x2_t c = vdupq_n_u64(GHASH_C), m, w;

	m = veorq_u64(mid, veorq_u64(lo, hi));
	w = veorq_u64(lo, swap_halves(veorq_u64(m, pmull_lo(lo, c))));
	return veorq_u64(veorq_u64(hi, w), pmull_hi(w, c));
}

/* h times x: h << 1, the bit shifted out of x^127 reduced back in */
KERNEL uint64x2_t ghash_twist(uint64x2_t h)
{
	uint64_t top = vgetq_lane_u64(h, 1) >> 63;
	uint64x2_t t = vorrq_u64(vshlq_n_u64(h, 1), up64(vshrq_n_u64(h, 63)));

	return veorq_u64(t, vcombine_u64(vcreate_u64(top), vcreate_u64(-top & GHASH_C)));
}

KERNEL uint64x2_t karatsuba_key(uint64x2_t h)
{
	return veorq_u64(h, swap_halves(h));
}

KERNEL uint64x2_t gf_mul(uint64x2_t a, uint64x2_t ht)	/* a H, ht: H twisted */
{
	uint64x2_t lo = vdupq_n_u64(0), hi = lo, mid = lo;

	clmul_acc(a, ht, karatsuba_key(ht), &lo, &hi, &mid);
	return ghash_reduce(lo, hi, mid);
}

int speed_ce_gcm_setup(void *ctx, const uint8_t *key, size_t keylen, int decrypt)
{
	struct speed_gcm *g = ctx;
	uint8x16_t hb = vdupq_n_u8(0);
	uint64x2_t h, ht, p, pt;
	int i, r;

	if (speed_gcm_setup(g, key, keylen))
		return -1;
	for (r = 0; r < g->aes.nr - 1; r++)	/* H = E_K(0^128) */
		hb = vaesmcq_u8(vaeseq_u8(hb, vld1q_u8(g->aes.rk[r])));
	hb = veorq_u8(vaeseq_u8(hb, vld1q_u8(g->aes.rk[g->aes.nr - 1])),
		      vld1q_u8(g->aes.rk[g->aes.nr]));
	h = bswap128(hb);
	ht = ghash_twist(h);
	for (i = 0, p = h; i < SPEED_GHASH_POW; i++, p = gf_mul(p, ht)) {
		pt = ghash_twist(p);
		vst1q_u8(g->h[i], vreinterpretq_u8_u64(swap_halves(pt)));
		vst1q_u8(g->hk[i], vreinterpretq_u8_u64(karatsuba_key(pt)));
	}
	return 0;
}

/* Counter block: the 12 nonce bytes, then the 32-bit big-endian counter. */
KERNEL uint8x16_t gcm_block(uint32x4_t nonce, uint32_t ctr)
{
	return vreinterpretq_u8_u32(vsetq_lane_u32(__builtin_bswap32(ctr), nonce, 3));
}

/* Load from *p (store to *p) and advance it: AArch32 with post-increment,
 * in asm, where GCC otherwise kept an address per block and ran out of
 * general registers. */
KERNEL uint8x16_t ld_next(const uint8_t **p)
{
	uint8x16_t v;

#if defined(__aarch64__)
	v = vld1q_u8(*p);
	*p += 16;
#else
	__asm__("vld1.8	{%e[v]-%f[v]}, [%[p]]!" : [v] "=w"(v), [p] "+r"(*p)
		: "m"(*(const uint8_t (*)[16])*p));
#endif
	return v;
}

KERNEL void st_next(uint8_t **p, uint8x16_t v)
{
#if defined(__aarch64__)
	vst1q_u8(*p, v);
	*p += 16;
#else
	__asm__("vst1.8	{%e[v]-%f[v]}, [%[p]]!" : [p] "+r"(*p), "=m"(*(uint8_t (*)[16])*p)
		: [v] "w"(v));
#endif
}

/* (*p)[j]; AArch32: the next of the vectors at *p, in order */
KERNEL uint64x2_t gcm_hload(const uint8_t (**p)[16], int j)
{
#if defined(__aarch64__)
	return vreinterpretq_u64_u8(vld1q_u8((*p)[j]));
#else
	uint64x2_t v;

	__asm__("vld1.8	{%e[v]-%f[v]}, [%[p]]!" : [v] "=w"(v), [p] "+r"(*p) : "m"(**p));
	return v;
#endif
}

/* speed_gcm_rest's block and GHASH step; ks as ctr_enc's */
KERNEL speed_v16 gcm_enc(const void *ks, int nr, speed_v16 nonce, uint32_t ctr)
{
	return (speed_v16)enc1(gcm_block((uint32x4_t)nonce, ctr), ks, nr);
}

KERNEL speed_v2x64 gcm_ghash(speed_v2x64 y, speed_v16 block, speed_v2x64 h)
{
	return (speed_v2x64)gf_mul(veorq_u64((uint64x2_t)y, bswap128((uint8x16_t)block)),
				   (uint64x2_t)h);
}

KERNEL void gcm_nr(struct speed_gcm *g, const uint8_t *in, uint8_t *out,
		   size_t n, const int nr)
{
	struct aes_keys ks;
	uint8x16_t b[LANES];
	/* H twisted, its halves back in order: the rest and the length block */
	uint64x2_t x[LANES], h1 = swap_halves(vreinterpretq_u64_u8(vld1q_u8(g->h[0])));
	uint64x2_t y = vdupq_n_u64(0);
	uint32x4_t nonce = vreinterpretq_u32_u8(vld1q_u8(g->nonce));
	uint32x4_t ctrv = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(g->nonce)));
	uint32x4_t one = vsetq_lane_u32(1, vdupq_n_u32(0), 3);
	int j;
	uint8_t *tag = out + n;
	size_t len = n;

	keys_load(&ks, g->aes.rk, nr);
	/* the counter block's words as numbers, lane 3 the 32-bit counter
	 * (GCM's inc32 wraps it, nothing carries out), from 2 (1 is J0, for
	 * the tag) */
	ctrv = vaddq_u32(ctrv, vaddq_u32(one, one));
	/* GCC folded ctrv + j * one into j constant vectors, reloaded from
	 * the constant pool in the loop; it may not know what one is */
	__asm__("" : "+w"(one));
	for (; n >= 16 * LANES; n -= 16 * LANES) {
		uint64x2_t lo = vdupq_n_u64(0), hi = lo, mid = lo;
		/* H^1..H^LANES are loaded here, not kept: with the round keys
		 * and 8 blocks they did not fit in the registers, and GCC
		 * spilled them to the stack. The loads are hidden from the
		 * compiler so that it does not hoist them (AArch32: asm, with
		 * post-increment; else GCC kept 8 addresses, on the stack). */
		const uint8_t (*hp)[16] = g->h, (*hkp)[16] = g->hk;
#if defined(__aarch64__)
		__asm__("" : "+r"(hp), "+r"(hkp));
#endif
#pragma GCC unroll 8
		for (j = 0; j < LANES; j++) {
			b[j] = ctr_unwords(ctrv);
			ctrv = vaddq_u32(ctrv, one);
		}
		encn(b, &ks, nr);
#pragma GCC unroll 8
		for (j = 0; j < LANES; j++) {
			uint8x16_t e = veorq_u8(b[j], ld_next(&in));

			st_next(&out, e);
			x[j] = rev64x2(e);
		}
		x[0] = veorq_u64(x[0], swap_halves(y));
		/* x[LANES - 1 - j] * H^(j + 1), halves swapped on both sides:
		 * PMULL of the low lanes makes the high product */
#pragma GCC unroll 8
		for (j = 0; j < LANES; j++)
			clmul_acc(x[LANES - 1 - j], gcm_hload(&hp, j), gcm_hload(&hkp, j),
				  &hi, &lo, &mid);
		y = ghash_reduce(lo, hi, mid);
	}
	y = (uint64x2_t)speed_gcm_rest(in, out, n, (speed_v16)nonce, vgetq_lane_u32(ctrv, 3),
				       (speed_v2x64)y, (speed_v2x64)h1, gcm_enc, gcm_ghash, &ks, nr);
	/* the length block: 64-bit AAD bits (0), 64-bit data bits */
	y = gf_mul(veorq_u64(y, vcombine_u64(vcreate_u64((uint64_t)len << 3), vcreate_u64(0))), h1);
	vst1q_u8(tag, veorq_u8(enc1(gcm_block(nonce, 1), &ks, nr), unbswap128(y)));
}

int speed_ce_gcm(void *ctx, const uint8_t *in, uint8_t *out, size_t n)
{
	struct speed_gcm *g = ctx;

	/* AES-128 only, speed's one GCM algorithm: with AES-256's 15 round
	 * keys, 8 blocks and the GHASH state do not fit in 32 registers and
	 * the loop spilled to the stack. */
	if (g->aes.nr != 10)
		return -1;
	gcm_nr(g, in, out, n, 10);
	return 0;
}

/* ---- SHA-1 (FIPS 180-4 6.1) ---- */

/* The 80 rounds of one block are one asm block, four rounds per group, as
 * SHA-256's below (same reasons). E lives in lane 0 of a vector register:
 * with the intrinsics' scalar E, AArch32 GCC moved it through a general
 * register and back twice per group and spilled ABCD to the stack. A
 * group: SHA1SU0; SHA1H (the next E, ROTL30(A), from ABCD before the
 * rounds); SHA1C/P/M; the next group's W + K; SHA1SU1 - the order the
 * cortex-a53/-a55 models like best, the A57 bound is the SHA1C chain.
 * e0 and e1 alternate as E, t0 and t1 as W + K; the schedule as SHA-256's
 * (16 groups of it). */
#if defined(__aarch64__)
#define S1_H(en)		"sha1h	%s[" #en "], %s[a]\n\t"
#define S1_R(f, ec, tc)		"sha1" #f "	%q[a], %s[" #ec "], %[" #tc "].4s\n\t"
#define S1_ADD(tn, wb, kn)	"add	%[" #tn "].4s, %[" #wb "].4s, %[" #kn "].4s\n\t"
#define S1_SU0(wa, wb, wc)	"sha1su0	%[" #wa "].4s, %[" #wb "].4s, %[" #wc "].4s\n\t"
#define S1_SU1(wa, wd)		"sha1su1	%[" #wa "].4s, %[" #wd "].4s\n\t"
#define S1_SAVE \
	"mov	%[sa].16b, %[a].16b\n\t" \
	"mov	%[se].16b, %[e0].16b\n\t"
#define S1_ADD_SAVED \
	"add	%[a].4s, %[a].4s, %[sa].4s\n\t" \
	"add	%[e0].4s, %[e0].4s, %[se].4s\n\t"
#else
#define S1_H(en)		"sha1h.32	%q[" #en "], %q[a]\n\t"
#define S1_R(f, ec, tc)		"sha1" #f ".32	%q[a], %q[" #ec "], %q[" #tc "]\n\t"
#define S1_ADD(tn, wb, kn)	"vadd.i32	%q[" #tn "], %q[" #wb "], %q[" #kn "]\n\t"
#define S1_SU0(wa, wb, wc)	"sha1su0.32	%q[" #wa "], %q[" #wb "], %q[" #wc "]\n\t"
#define S1_SU1(wa, wd)		"sha1su1.32	%q[" #wa "], %q[" #wd "]\n\t"
#define S1_SAVE \
	"vmov	%q[sa], %q[a]\n\t" \
	"vmov	%q[se], %q[e0]\n\t"
#define S1_ADD_SAVED \
	"vadd.i32	%q[a], %q[a], %q[sa]\n\t" \
	"vadd.i32	%q[e0], %q[e0], %q[se]\n\t"
#endif
/* a group with the schedule, one without, the last one */
#define S1_U(f, wa, wb, wc, wd, ec, en, tc, tn, kn) \
	S1_SU0(wa, wb, wc) S1_H(en) S1_R(f, ec, tc) S1_ADD(tn, wb, kn) S1_SU1(wa, wd)
#define S1_A(f, wb, ec, en, tc, tn, kn)	S1_H(en) S1_R(f, ec, tc) S1_ADD(tn, wb, kn)
#define S1_L(f, ec, en, tc)		S1_H(en) S1_R(f, ec, tc)

void speed_ce_sha1_blocks(uint32_t h[5], const uint8_t *p, size_t nblocks)
{
	static const uint32_t kc[4][4] = {
		{ 0x5a827999, 0x5a827999, 0x5a827999, 0x5a827999 },
		{ 0x6ed9eba1, 0x6ed9eba1, 0x6ed9eba1, 0x6ed9eba1 },
		{ 0x8f1bbcdc, 0x8f1bbcdc, 0x8f1bbcdc, 0x8f1bbcdc },
		{ 0xca62c1d6, 0xca62c1d6, 0xca62c1d6, 0xca62c1d6 },
	};
	uint32x4_t abcd = vld1q_u32(h), e0 = vdupq_n_u32(h[4]);
	uint32x4_t k0 = vld1q_u32(kc[0]), k1 = vld1q_u32(kc[1]);
	uint32x4_t k2 = vld1q_u32(kc[2]), k3 = vld1q_u32(kc[3]);

	for (; nblocks; nblocks--, p += 64) {
		uint32x4_t sa, se, e1, t0, t1;
		uint32x4_t w0 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p)));
		uint32x4_t w1 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p + 16)));
		uint32x4_t w2 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p + 32)));
		uint32x4_t w3 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p + 48)));

		t0 = vaddq_u32(w0, k0);
		__asm__(S1_SAVE
			S1_U(c, w0, w1, w2, w3, e0, e1, t0, t1, k0)
			S1_U(c, w1, w2, w3, w0, e1, e0, t1, t0, k0)
			S1_U(c, w2, w3, w0, w1, e0, e1, t0, t1, k0)
			S1_U(c, w3, w0, w1, w2, e1, e0, t1, t0, k0)
			S1_U(c, w0, w1, w2, w3, e0, e1, t0, t1, k1)
			S1_U(p, w1, w2, w3, w0, e1, e0, t1, t0, k1)
			S1_U(p, w2, w3, w0, w1, e0, e1, t0, t1, k1)
			S1_U(p, w3, w0, w1, w2, e1, e0, t1, t0, k1)
			S1_U(p, w0, w1, w2, w3, e0, e1, t0, t1, k1)
			S1_U(p, w1, w2, w3, w0, e1, e0, t1, t0, k2)
			S1_U(m, w2, w3, w0, w1, e0, e1, t0, t1, k2)
			S1_U(m, w3, w0, w1, w2, e1, e0, t1, t0, k2)
			S1_U(m, w0, w1, w2, w3, e0, e1, t0, t1, k2)
			S1_U(m, w1, w2, w3, w0, e1, e0, t1, t0, k2)
			S1_U(m, w2, w3, w0, w1, e0, e1, t0, t1, k3)
			S1_U(p, w3, w0, w1, w2, e1, e0, t1, t0, k3)
			S1_A(p, w1, e0, e1, t0, t1, k3)
			S1_A(p, w2, e1, e0, t1, t0, k3)
			S1_A(p, w3, e0, e1, t0, t1, k3)
			S1_L(p, e1, e0, t1)
			S1_ADD_SAVED
			: [a] "+w"(abcd), [e0] "+w"(e0), [w0] "+w"(w0), [w1] "+w"(w1),
			  [w2] "+w"(w2), [w3] "+w"(w3), [t0] "+w"(t0), [e1] "=&w"(e1),
			  [t1] "=&w"(t1), [sa] "=&w"(sa), [se] "=&w"(se)
			: [k0] "w"(k0), [k1] "w"(k1), [k2] "w"(k2), [k3] "w"(k3));
	}
	vst1q_u32(h, abcd);
	h[4] = vgetq_lane_u32(e0, 0);
}

#undef S1_H
#undef S1_R
#undef S1_ADD
#undef S1_SU0
#undef S1_SU1
#undef S1_SAVE
#undef S1_ADD_SAVED
#undef S1_U
#undef S1_A
#undef S1_L

/* ---- SHA-256 (FIPS 180-4 6.2) ---- */

/* The 64 rounds of one block are asm, so that the compiler neither
 * reorders nor copies: four rounds per group, 16 groups. SHA256H2 needs
 * ABCD as it was before SHA256H; the copy goes to SHA256H2, so the
 * SHA256H -> SHA256H chain that bounds the block has no move on it (GCC,
 * left to itself with the intrinsics, runs SHA256H on the copy and adds
 * moves for the schedule). A group: copy ABCD; SHA256SU0; SHA256H; the
 * next group's W + K (tn = wb + kn); SHA256H2; SHA256SU1 - the order that
 * llvm-mca's cortex-a53, -a55 and -a57 models all like best (it fills the
 * in-order cores' issue slots while SHA256H runs). The schedule runs in
 * the first 12 groups: W[4g+16 .. 4g+19] into wa, from wa..wd (wa holds
 * W[4g .. 4g+3], wb the next four, ...). t0 and t1 alternate as W + K.
 * The block's starting state is saved and added back inside the asm too
 * (left to GCC, the working copy was the moved one, on the chain).
 * AArch64 holds the 16 round-constant vectors in registers (two asm
 * blocks: an asm takes at most 30 operands); AArch32 (16 q registers, 12
 * taken by the state, its saved copy and the schedule) loads each from
 * speed_sha256_k[] as it needs it: a load, not a spill, and inside the
 * asm, so the compiler cannot hoist it out of the loop and spill it. */
#if defined(__aarch64__)
#define S256_KN(kn)		/* the constants are registers */
#define S256_ADD(tn, wb, kn)	"add	%[" #tn "].4s, %[" #wb "].4s, %[" #kn "].4s\n\t"
#define S256_COPY		"mov	%[a0].16b, %[a].16b\n\t"
#define S256_H(tc)		"sha256h	%q[a], %q[e], %[" #tc "].4s\n\t"
#define S256_H2(tc)		"sha256h2	%q[e], %q[a0], %[" #tc "].4s\n\t"
#define S256_SU0(wa, wb)	"sha256su0	%[" #wa "].4s, %[" #wb "].4s\n\t"
#define S256_SU1(wa, wc, wd)	"sha256su1	%[" #wa "].4s, %[" #wc "].4s, %[" #wd "].4s\n\t"
#define S256_SAVE \
	"mov	%[sa].16b, %[a].16b\n\t" \
	"mov	%[se].16b, %[e].16b\n\t"
#define S256_ADD_SAVED \
	"add	%[a].4s, %[a].4s, %[sa].4s\n\t" \
	"add	%[e].4s, %[e].4s, %[se].4s\n\t"
#else
#define S256_KN(kn)		"vld1.32	{%e[kn]-%f[kn]}, [%[kp]]!\n\t"
#define S256_ADD(tn, wb, kn)	"vadd.i32	%q[" #tn "], %q[" #wb "], %q[kn]\n\t"
#define S256_COPY		"vmov	%q[a0], %q[a]\n\t"
#define S256_H(tc)		"sha256h.32	%q[a], %q[e], %q[" #tc "]\n\t"
#define S256_H2(tc)		"sha256h2.32	%q[e], %q[a0], %q[" #tc "]\n\t"
#define S256_SU0(wa, wb)	"sha256su0.32	%q[" #wa "], %q[" #wb "]\n\t"
#define S256_SU1(wa, wc, wd)	"sha256su1.32	%q[" #wa "], %q[" #wc "], %q[" #wd "]\n\t"
#define S256_SAVE \
	"vmov	%q[sa], %q[a]\n\t" \
	"vmov	%q[se], %q[e]\n\t"
#define S256_ADD_SAVED \
	"vadd.i32	%q[a], %q[a], %q[sa]\n\t" \
	"vadd.i32	%q[e], %q[e], %q[se]\n\t"
#endif
/* a group with the schedule, one without, the last one */
#define S256_U(wa, wb, wc, wd, kn, tc, tn) \
	S256_KN(kn) S256_COPY S256_SU0(wa, wb) S256_H(tc) S256_ADD(tn, wb, kn) S256_H2(tc) \
	S256_SU1(wa, wc, wd)
#define S256_A(wb, kn, tc, tn)	S256_KN(kn) S256_COPY S256_H(tc) S256_ADD(tn, wb, kn) S256_H2(tc)
#define S256_L(tc)		S256_COPY S256_H(tc) S256_H2(tc)

void speed_ce_sha256_blocks(uint32_t h[8], const uint8_t *p, size_t nblocks)
{
	uint32x4_t abcd = vld1q_u32(h), efgh = vld1q_u32(h + 4);
#if defined(__aarch64__)
	uint32x4_t k[16];
	int g;

#pragma GCC unroll 16
	for (g = 0; g < 16; g++)
		k[g] = vld1q_u32(&speed_sha256_k[4 * g]);
#endif

	for (; nblocks; nblocks--, p += 64) {
		uint32x4_t sabcd, sefgh, a0, t0, t1;
		uint32x4_t w0 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p)));
		uint32x4_t w1 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p + 16)));
		uint32x4_t w2 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p + 32)));
		uint32x4_t w3 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p + 48)));
#if defined(__aarch64__)
		t0 = vaddq_u32(w0, k[0]);
		__asm__(S256_SAVE
			S256_U(w0, w1, w2, w3, k1, t0, t1)
			S256_U(w1, w2, w3, w0, k2, t1, t0)
			S256_U(w2, w3, w0, w1, k3, t0, t1)
			S256_U(w3, w0, w1, w2, k4, t1, t0)
			S256_U(w0, w1, w2, w3, k5, t0, t1)
			S256_U(w1, w2, w3, w0, k6, t1, t0)
			S256_U(w2, w3, w0, w1, k7, t0, t1)
			S256_U(w3, w0, w1, w2, k8, t1, t0)
			: [a] "+w"(abcd), [e] "+w"(efgh), [w0] "+w"(w0), [w1] "+w"(w1),
			  [w2] "+w"(w2), [w3] "+w"(w3), [a0] "=&w"(a0), [t0] "+w"(t0),
			  [t1] "=&w"(t1), [sa] "=&w"(sabcd), [se] "=&w"(sefgh)
			: [k1] "w"(k[1]), [k2] "w"(k[2]), [k3] "w"(k[3]), [k4] "w"(k[4]),
			  [k5] "w"(k[5]), [k6] "w"(k[6]), [k7] "w"(k[7]), [k8] "w"(k[8]));
		__asm__(S256_U(w0, w1, w2, w3, k9, t0, t1)
			S256_U(w1, w2, w3, w0, k10, t1, t0)
			S256_U(w2, w3, w0, w1, k11, t0, t1)
			S256_U(w3, w0, w1, w2, k12, t1, t0)
			S256_A(w1, k13, t0, t1)
			S256_A(w2, k14, t1, t0)
			S256_A(w3, k15, t0, t1)
			S256_L(t1)
			S256_ADD_SAVED
			: [a] "+w"(abcd), [e] "+w"(efgh), [w0] "+w"(w0), [w1] "+w"(w1),
			  [w2] "+w"(w2), [w3] "+w"(w3), [a0] "=&w"(a0), [t0] "+w"(t0),
			  [t1] "=&w"(t1)
			: [sa] "w"(sabcd), [se] "w"(sefgh), [k9] "w"(k[9]), [k10] "w"(k[10]),
			  [k11] "w"(k[11]), [k12] "w"(k[12]), [k13] "w"(k[13]), [k14] "w"(k[14]),
			  [k15] "w"(k[15]));
#else
		const uint32_t *kp = speed_sha256_k + 4;
		uint32x4_t kn;

		t0 = vaddq_u32(w0, vld1q_u32(speed_sha256_k));
		__asm__(S256_SAVE
			S256_U(w0, w1, w2, w3, kn, t0, t1)
			S256_U(w1, w2, w3, w0, kn, t1, t0)
			S256_U(w2, w3, w0, w1, kn, t0, t1)
			S256_U(w3, w0, w1, w2, kn, t1, t0)
			S256_U(w0, w1, w2, w3, kn, t0, t1)
			S256_U(w1, w2, w3, w0, kn, t1, t0)
			S256_U(w2, w3, w0, w1, kn, t0, t1)
			S256_U(w3, w0, w1, w2, kn, t1, t0)
			S256_U(w0, w1, w2, w3, kn, t0, t1)
			S256_U(w1, w2, w3, w0, kn, t1, t0)
			S256_U(w2, w3, w0, w1, kn, t0, t1)
			S256_U(w3, w0, w1, w2, kn, t1, t0)
			S256_A(w1, kn, t0, t1)
			S256_A(w2, kn, t1, t0)
			S256_A(w3, kn, t0, t1)
			S256_L(t1)
			S256_ADD_SAVED
			: [a] "+w"(abcd), [e] "+w"(efgh), [w0] "+w"(w0), [w1] "+w"(w1),
			  [w2] "+w"(w2), [w3] "+w"(w3), [a0] "=&w"(a0), [t0] "+w"(t0),
			  [t1] "=&w"(t1), [kn] "=&w"(kn), [kp] "+r"(kp), [sa] "=&w"(sabcd),
			  [se] "=&w"(sefgh)
			: "m"(*(const uint32_t (*)[64])speed_sha256_k));
#endif
	}
	vst1q_u32(h, abcd);
	vst1q_u32(h + 4, efgh);
}

#undef S256_KN
#undef S256_ADD
#undef S256_COPY
#undef S256_H
#undef S256_H2
#undef S256_SU0
#undef S256_SU1
#undef S256_SAVE
#undef S256_ADD_SAVED
#undef S256_U
#undef S256_A
#undef S256_L

#endif /* __aarch64__ || __arm__ */
