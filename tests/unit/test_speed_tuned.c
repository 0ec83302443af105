/* test_speed_tuned.c - speed's tuned crypto kernels against mbedtls and
 * the published vectors
 *
 * SPDX-License-Identifier: MIT
 *
 * Every speed_tuned[] row that cpu_features() allows is run through the
 * speed.h contract (setup, then run() calls on one context) and compared
 * byte for byte with mbedtls called directly here, with the IV, counter
 * and nonce of speed_iv(): random keys and data, every block count from 1
 * to 19 (the 8- and 4-block interleaves with every tail) and a few large
 * sizes up to 16384 bytes, encryption and decryption, two consecutive
 * run() calls (the chaining value and counter carry over), in place and
 * out of place; CTR also at any length (the keystream left over from a
 * partial block) and across the carries out of the low 32 bits, the low
 * 64 and all 128; digests at every length 0..300, some large ones and 64
 * seeded random pairs up to 16 KiB. Then the
 * vectors: FIPS 197 C.1-C.3, SP 800-38A F.2.1/F.2.5 (CBC) and F.5.1
 * (CTR), the GCM specification's test case 3, FIPS 180 "abc", the
 * two-block messages and a million 'a'.
 *
 * Each test prints the rows it ran ("  ran: aesni/aes-128-cbc ...") and
 * SKIPs when none is usable (no such instructions, or
 * BENCHBOX_CPU_MASK); the table test requires the rows that the CPU's
 * features promise, so an #if or needs mistake cannot skip silently.
 */
#include "minitest.h"
#include "cpu.h"
#include "speed.h"
#include "speed_local.h"
#include "speed_tuned.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mbedtls/aes.h"
#include "mbedtls/gcm.h"
#include "mbedtls/sha1.h"
#include "mbedtls/sha256.h"
#include "mbedtls/sha512.h"

enum kind { K_NONE, K_ECB, K_CBC, K_CTR, K_GCM, K_SHA1, K_SHA256, K_SHA512 };

enum { MAXN = 16384 + 64, TAG = 16 };

static enum kind alg_kind(const char *alg)
{
	if (!strncmp(alg, "aes-", 4) && strlen(alg) == 11) {
		if (!strcmp(alg + 8, "ecb"))
			return K_ECB;
		if (!strcmp(alg + 8, "cbc"))
			return K_CBC;
		if (!strcmp(alg + 8, "ctr"))
			return K_CTR;
		if (!strcmp(alg + 8, "gcm"))
			return K_GCM;
	}
	if (!strcmp(alg, "sha1"))
		return K_SHA1;
	if (!strcmp(alg, "sha256"))
		return K_SHA256;
	if (!strcmp(alg, "sha512"))
		return K_SHA512;
	return K_NONE;
}

static size_t alg_keylen(const char *alg)
{
	return alg_kind(alg) <= K_NONE || alg_kind(alg) >= K_SHA1 ? 0
		: (size_t)atoi(alg + 4) / 8;
}

static uint64_t rng_next(uint64_t *s)
{
	/* xorshift64* (Vigna): deterministic test data */
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545F4914F6CDD1DULL;
}

static void fill_random(uint8_t *p, size_t n, uint64_t *seed)
{
	size_t i;

	for (i = 0; i < n; i++)
		p[i] = (uint8_t)(rng_next(seed) >> 32);
}

static size_t unhex(const char *hex, uint8_t *out, size_t max)
{
	size_t n = 0;

	for (; hex[0] && hex[1] && n < max; hex += 2) {
		unsigned v;

		if (sscanf(hex, "%2x", &v) != 1)
			break;
		out[n++] = (uint8_t)v;
	}
	return n;
}

static int bytes_eq(struct mt *t, int line, const uint8_t *got, const uint8_t *want,
		    size_t n, const struct speed_impl *im, const char *what, size_t len)
{
	size_t i;

	t->checks++;
	for (i = 0; i < n && got[i] == want[i]; i++)
		;
	if (i == n)
		return 1;
	mt_fail(t, __FILE__, line, "%s/%s %s n=%zu: byte %zu is %02x, want %02x",
		im->head.name, im->alg, what, len, i, got[i], want[i]);
	return 0;
}
#define SAME(got, want, n, im, what, len) bytes_eq(t, __LINE__, got, want, n, im, what, len)

/* A row this CPU may run. Its setup may still refuse (the armv8-ce sha512
 * row does when built without the SHA512 flag): for_rows() says so. */
static int usable(const struct speed_impl *im)
{
	return cpu_has(cpu_features(), im->head.needs);
}

/* ---- the reference: mbedtls, driven like a speed_impl ---- */

struct ref {
	enum kind		kind;
	int			decrypt;
	mbedtls_aes_context	aes;
	mbedtls_gcm_context	gcm;
	uint8_t			iv[16], stream[16];
	size_t			off;
};

static void ref_init(struct ref *r, const char *alg, const uint8_t *key, int decrypt)
{
	const uint8_t *iv;
	size_t len = 0;
	unsigned bits = (unsigned)alg_keylen(alg) * 8;

	memset(r, 0, sizeof(*r));
	r->kind = alg_kind(alg);
	r->decrypt = decrypt;
	mbedtls_aes_init(&r->aes);
	mbedtls_gcm_init(&r->gcm);
	if (r->kind == K_GCM)
		mbedtls_gcm_setkey(&r->gcm, MBEDTLS_CIPHER_ID_AES, key, bits);
	else if (r->kind == K_CTR || (bits && !decrypt))
		mbedtls_aes_setkey_enc(&r->aes, key, bits);
	else if (bits)
		mbedtls_aes_setkey_dec(&r->aes, key, bits);
	if ((r->kind == K_CBC || r->kind == K_CTR) &&
	    (iv = speed_iv(r->kind == K_CBC ? "aes-128-cbc" : "aes-128-ctr", &len)) && len == 16)
		memcpy(r->iv, iv, 16);
}

static void ref_free(struct ref *r)
{
	mbedtls_aes_free(&r->aes);
	mbedtls_gcm_free(&r->gcm);
}

static void ref_run(struct ref *r, const uint8_t *in, uint8_t *out, size_t n)
{
	int mode = r->decrypt ? MBEDTLS_AES_DECRYPT : MBEDTLS_AES_ENCRYPT;
	const uint8_t *nonce;
	size_t i, nlen = 0;

	switch (r->kind) {
	case K_ECB:
		for (i = 0; i + 16 <= n; i += 16)
			mbedtls_aes_crypt_ecb(&r->aes, mode, in + i, out + i);
		break;
	case K_CBC:
		mbedtls_aes_crypt_cbc(&r->aes, mode, n, r->iv, in, out);
		break;
	case K_CTR:
		mbedtls_aes_crypt_ctr(&r->aes, n, &r->off, r->iv, r->stream, in, out);
		break;
	case K_GCM:
		nonce = speed_iv("aes-128-gcm", &nlen);
		mbedtls_gcm_crypt_and_tag(&r->gcm, MBEDTLS_GCM_ENCRYPT, n, nonce, nlen,
					  NULL, 0, in, out, TAG, out + n);
		break;
	case K_SHA1:
		mbedtls_sha1_ret(in, n, out);
		break;
	case K_SHA256:
		mbedtls_sha256_ret(in, n, out, 0);
		break;
	case K_SHA512:
		mbedtls_sha512_ret(in, n, out, 0);
		break;
	default:
		break;
	}
}

static size_t out_len(enum kind k, size_t n)
{
	switch (k) {
	case K_GCM: return n + TAG;
	case K_SHA1: return 20;
	case K_SHA256: return 32;
	case K_SHA512: return 64;
	default: return n;
	}
}

/* ---- running the rows ---- */

struct bufs {
	uint8_t	*in, *out, *want, *key;
	void	*ctx;
	size_t	ctx_cap;
};

static int bufs_init(struct bufs *b)
{
	b->in = malloc(MAXN);
	b->out = malloc(MAXN + TAG);
	b->want = malloc(MAXN + TAG);
	b->key = calloc(1, 32);
	b->ctx_cap = sizeof(struct speed_gcm) + 256;
	b->ctx = malloc(b->ctx_cap);
	return b->in && b->out && b->want && b->key && b->ctx;
}

static void bufs_free(struct bufs *b)
{
	free(b->in);
	free(b->out);
	free(b->want);
	free(b->key);
	free(b->ctx);
}

/* A fresh context for im; 0 ok. */
static int impl_setup(const struct speed_impl *im, struct bufs *b, const uint8_t *key,
		      int decrypt)
{
	if (im->ctx_size > b->ctx_cap)
		return -1;
	memset(b->ctx, 0, b->ctx_cap);
	return im->setup(b->ctx, key, alg_keylen(im->alg), decrypt);
}

/* Run im and mbedtls over the same calls (lengths n1, then n2 if
 * nonzero) on random data and key; in place when inplace. 1 = same. */
static int compare_calls(struct mt *t, const struct speed_impl *im, struct bufs *b,
			 int decrypt, size_t n1, size_t n2, int inplace, uint64_t *seed)
{
	enum kind k = alg_kind(im->alg);
	size_t lens[2] = { n1, n2 }, i;
	struct ref r;
	int ok = 1;

	fill_random(b->key, 32, seed);
	if (impl_setup(im, b, b->key, decrypt)) {
		mt_fail(t, __FILE__, __LINE__, "%s/%s: setup failed", im->head.name, im->alg);
		return 0;
	}
	ref_init(&r, im->alg, b->key, decrypt);
	for (i = 0; i < 2 && ok; i++) {
		size_t n = lens[i], olen = out_len(k, n);
		uint8_t *dst = inplace ? b->in : b->out;
		char what[64];

		if (i && !n)
			break;
		fill_random(b->in, n, seed);
		memset(b->out, 0xa5, MAXN + TAG);
		ref_run(&r, b->in, b->want, n);
		if (inplace && k == K_GCM)	/* room for the tag */
			memset(b->in + n, 0, TAG);
		if (im->run(b->ctx, b->in, dst, n)) {
			mt_fail(t, __FILE__, __LINE__, "%s/%s: run(%zu) failed", im->head.name,
				im->alg, n);
			ok = 0;
			break;
		}
		snprintf(what, sizeof(what), "%s%s call %zu", decrypt ? "decrypt" : "encrypt",
			 inplace ? " in place" : "", i + 1);
		ok = SAME(dst, b->want, olen, im, what, n);
		if (ok && !inplace && k < K_SHA1)	/* nothing past the output */
			ok = CHECK(b->out[olen] == 0xa5);
	}
	ref_free(&r);
	if (im->cleanup)
		im->cleanup(b->ctx);
	return ok;
}

static void print_ran(const char *test, const char *list)
{
	printf("  %s ran: %s\n", test, list[0] ? list : "(none)");
}

static void note_ran(char *list, size_t len, const struct speed_impl *im)
{
	size_t l = strlen(list);

	snprintf(list + l, len - l, "%s%s/%s", l ? " " : "", im->head.name, im->alg);
}

/* Rows of the given kinds that are usable and set up; each is passed to fn. */
static unsigned for_rows(struct mt *t, const char *test, unsigned kinds,
			 void (*fn)(struct mt *t, const struct speed_impl *im, struct bufs *b))
{
	char list[512] = "";
	struct bufs b;
	unsigned ran = 0;
	const struct speed_impl *im;

	if (!bufs_init(&b)) {
		CHECK(!"out of memory");
		bufs_free(&b);
		return 0;
	}
	for (im = speed_tuned; im->alg; im++) {
		if (!(kinds & (1u << alg_kind(im->alg))) || !usable(im))
			continue;
		if (impl_setup(im, &b, b.key, 0)) {	/* refused: not built in */
			printf("  %s: %s/%s unavailable (setup refused)\n", test, im->head.name,
			       im->alg);
			continue;
		}
		if (im->cleanup)
			im->cleanup(b.ctx);
		fn(t, im, &b);
		note_ran(list, sizeof(list), im);
		ran++;
	}
	print_ran(test, list);
	bufs_free(&b);
	return ran;
}

/* ---- the table ---- */

TEST(kernels_speed_tuned_table)
{
	static const char *const engines[] = { "armv8-ce", "aesni", "shani", "avx2" };
	unsigned have = cpu_features(), n = 0, rows_of[8] = { 0 };
	char list[512] = "";
	const struct speed_impl *im, *jm;
	size_t e;

	for (im = speed_tuned; im->alg; im++) {
		enum kind k = alg_kind(im->alg);
		int known = 0;

		CHECK(k != K_NONE);
		CHECK(speed_alg_find(im->alg) != NULL);
		for (e = 0; e < sizeof(engines) / sizeof(engines[0]); e++)
			known |= im->head.name && !strcmp(im->head.name, engines[e]);
		CHECK(known);
		CHECK(im->head.needs != 0);		/* tuned rows all need something */
		CHECK(im->setup && im->run);
		if (k >= K_ECB && k <= K_CTR)
			CHECK(im->ctx_size >= sizeof(struct speed_aes));
		if (k == K_GCM)
			CHECK(im->ctx_size >= sizeof(struct speed_gcm));
		for (jm = im + 1; jm->alg; jm++)
			CHECK(strcmp(im->alg, jm->alg) || strcmp(im->head.name, jm->head.name));
		if (usable(im)) {
			rows_of[k]++;
			note_ran(list, sizeof(list), im);
			n++;
		}
	}
	printf("  usable here: %s\n", list[0] ? list : "(none)");
	/* features the CPU has must bring their rows */
#if defined(__x86_64__)
	if (cpu_has(have, CPU_AES | CPU_SSSE3 | CPU_SSE41)) {
		CHECK(rows_of[K_ECB] == 3 && rows_of[K_CBC] == 3 && rows_of[K_CTR] == 1);
		if (have & CPU_PMULL)
			CHECK(rows_of[K_GCM] == 1);
	}
	if (cpu_has(have, CPU_SHA1 | CPU_SHA2 | CPU_SSSE3 | CPU_SSE41))
		CHECK(rows_of[K_SHA1] == 1 && rows_of[K_SHA256] == 1);
	if (cpu_has(have, CPU_AVX2 | CPU_BMI2))
		CHECK(rows_of[K_SHA512] == 1);
#elif defined(__aarch64__) || defined(__arm__)
	if (cpu_has(have, CPU_ASIMD | CPU_AES)) {
		CHECK(rows_of[K_ECB] == 3 && rows_of[K_CBC] == 3 && rows_of[K_CTR] == 1);
		if (have & CPU_PMULL)
			CHECK(rows_of[K_GCM] == 1);
	}
	if (cpu_has(have, CPU_ASIMD | CPU_SHA1))
		CHECK(rows_of[K_SHA1] == 1);
	if (cpu_has(have, CPU_ASIMD | CPU_SHA2))
		CHECK(rows_of[K_SHA256] == 1);
#if defined(__aarch64__)
	if (cpu_has(have, CPU_ASIMD | CPU_SHA512))
		CHECK(rows_of[K_SHA512] == 1);
#endif
#else
	CHECK_EQ_INT((int)n, 0);	/* riscv64: no tuned crypto rows yet */
	(void)have;
#endif
}

/* ---- ciphers against mbedtls ---- */

static void check_blocks(struct mt *t, const struct speed_impl *im, struct bufs *b)
{
	static const size_t big[] = { 1024, 1040, 4096 + 48, 16384 - 16, 16384 };
	static const size_t pairs[][2] = {
		{ 16, 16 }, { 48, 128 }, { 128, 144 }, { 112, 16384 }, { 16384, 272 },
	};
	uint64_t seed = 0x9e3779b97f4a7c15ULL ^ (uintptr_t)im;
	int dec, ok = 1;
	size_t i;

	for (dec = 0; dec <= 1 && ok; dec++) {
		for (i = 1; i <= 19 && ok; i++)
			ok = compare_calls(t, im, b, dec, 16 * i, 0, 0, &seed);
		for (i = 0; i < sizeof(big) / sizeof(big[0]) && ok; i++)
			ok = compare_calls(t, im, b, dec, big[i], 0, 0, &seed);
		for (i = 0; i < sizeof(pairs) / sizeof(pairs[0]) && ok; i++)
			ok = compare_calls(t, im, b, dec, pairs[i][0], pairs[i][1], 0, &seed);
		for (i = 0; i < sizeof(pairs) / sizeof(pairs[0]) && ok; i++)
			ok = compare_calls(t, im, b, dec, pairs[i][0], pairs[i][1], 1, &seed);
	}
	/* a length that is not a block multiple is refused (CTR takes any) */
	if (ok && alg_kind(im->alg) != K_CTR && !impl_setup(im, b, b->key, 0))
		CHECK(im->run(b->ctx, b->in, b->out, 24) != 0);
}

TEST(kernels_speed_tuned_aes)
{
	if (!for_rows(t, "kernels_speed_tuned_aes",
		      1u << K_ECB | 1u << K_CBC | 1u << K_CTR, check_blocks))
		SKIP("no usable tuned AES row (no AES instructions, or masked)");
}

static void check_ctr_any(struct mt *t, const struct speed_impl *im, struct bufs *b)
{
	static const char *const starts[] = {	/* counter blocks near carries */
		"00000000000000000000000000000000",
		"0000000000000000fffffffffffffff0",
		"0102030405060708fffffffffffffffd",
		"fffffffffffffffffffffffffffffffa",
		"000000000000000000000000000000f9",
		/* out of the low 32-bit word only, 2..9 blocks from a group
		 * boundary and far from it (4103 bytes: 256 blocks in) */
		"000000000000000000000000fffffff9",
		"0102030405060708090a0b0cfffffffe",
		"00000000000000007fffffffffffff00",
		"ffffffffffffffff00000000ffffffff",
	};
	uint64_t seed = 0x243f6a8885a308d3ULL;
	size_t n, s;
	int ok = 1;

	for (n = 0; n <= 300 && ok; n += n < 40 ? 1 : 13)
		ok = compare_calls(t, im, b, 0, n, n % 37 + 1, 0, &seed);
	for (s = 0; s < sizeof(starts) / sizeof(starts[0]) && ok; s++) {
		static const size_t lens[] = { 16, 33, 128, 160, 1000, 4103 };
		size_t i;

		for (i = 0; i < sizeof(lens) / sizeof(lens[0]) && ok; i++) {
			struct speed_aes *c = b->ctx;
			struct ref r;

			fill_random(b->key, 16, &seed);
			fill_random(b->in, lens[i], &seed);
			if (!CHECK(!impl_setup(im, b, b->key, 0)))
				return;
			ref_init(&r, im->alg, b->key, 0);
			unhex(starts[s], r.iv, 16);
			memcpy(c->iv, r.iv, 16);
			ref_run(&r, b->in, b->want, lens[i]);
			ref_run(&r, b->in, b->want + lens[i], lens[i]);
			ok = CHECK(!im->run(b->ctx, b->in, b->out, lens[i])) &&
			     CHECK(!im->run(b->ctx, b->in, b->out + lens[i], lens[i])) &&
			     SAME(b->out, b->want, 2 * lens[i], im, starts[s], lens[i]) &&
			     SAME(c->iv, r.iv, 16, im, "counter after", lens[i]);
			ref_free(&r);
		}
	}
}

TEST(kernels_speed_tuned_ctr)
{
	if (!for_rows(t, "kernels_speed_tuned_ctr", 1u << K_CTR, check_ctr_any))
		SKIP("no usable tuned AES-CTR row (no AES instructions, or masked)");
}

static void check_gcm(struct mt *t, const struct speed_impl *im, struct bufs *b)
{
	static const size_t big[] = { 1024, 1024 + 7, 4096, 16384 - 1, 16384 };
	uint64_t seed = 0xb7e151628aed2a6aULL;
	size_t n, i;
	int ok = 1;

	for (n = 0; n <= 300 && ok; n++)
		ok = compare_calls(t, im, b, 0, n, n % 64 + 100, n % 5 == 0, &seed);
	for (i = 0; i < sizeof(big) / sizeof(big[0]) && ok; i++)
		ok = compare_calls(t, im, b, 0, big[i], big[i] / 2, 0, &seed);
	/* setup's decrypt changes nothing: AEAD rows always encrypt */
	for (i = 0; i < 3 && ok; i++)
		ok = compare_calls(t, im, b, 1, 16 * i + 130, 0, 0, &seed);
}

TEST(kernels_speed_tuned_gcm)
{
	if (!for_rows(t, "kernels_speed_tuned_gcm", 1u << K_GCM, check_gcm))
		SKIP("no usable tuned AES-GCM row (no AES and carry-less multiply, or masked)");
}

/* ---- digests against mbedtls ---- */

static void check_digest(struct mt *t, const struct speed_impl *im, struct bufs *b)
{
	static const size_t big[] = { 511, 512, 1000, 4096 + 55, 16383, 16384 };
	uint64_t seed = 0x452821e638d01377ULL, len = 0x3243f6a8885a308dULL;
	size_t n, i;
	int ok = 1;

	for (n = 0; n <= 300 && ok; n++)
		ok = compare_calls(t, im, b, 0, n, (n * 7) % 301, 0, &seed);
	for (i = 0; i < sizeof(big) / sizeof(big[0]) && ok; i++)
		ok = compare_calls(t, im, b, 0, big[i], 0, 0, &seed);
	/* 64 pairs of seeded random lengths up to 16 KiB: every padding
	 * case at every block count, the second call on the same context */
	for (i = 0; i < 64 && ok; i++) {
		len = len * 6364136223846793005ULL + 1442695040888963407ULL;
		ok = compare_calls(t, im, b, 0, (size_t)(len >> 33) % 16385,
				   (size_t)(len >> 17) % 16385, 0, &seed);
	}
}

TEST(kernels_speed_tuned_digest)
{
	if (!for_rows(t, "kernels_speed_tuned_digest",
		      1u << K_SHA1 | 1u << K_SHA256 | 1u << K_SHA512, check_digest))
		SKIP("no usable tuned digest row (no SHA instructions, or masked)");
}

/* ---- published vectors ---- */

static const struct {
	const char	*alg, *src, *key, *pt, *ct;	/* pt NULL: see msg */
	unsigned	repeat;				/* digests: pt repeated */
} vecs[] = {
	{ "aes-128-ecb", "FIPS 197 C.1", "000102030405060708090a0b0c0d0e0f",
	  "00112233445566778899aabbccddeeff", "69c4e0d86a7b0430d8cdb78070b4c55a", 1 },
	{ "aes-192-ecb", "FIPS 197 C.2", "000102030405060708090a0b0c0d0e0f1011121314151617",
	  "00112233445566778899aabbccddeeff", "dda97ca4864cdfe06eaf70a0ec0d7191", 1 },
	{ "aes-256-ecb", "FIPS 197 C.3",
	  "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
	  "00112233445566778899aabbccddeeff", "8ea2b7ca516745bfeafc49904b496089", 1 },
	{ "aes-128-cbc", "SP 800-38A F.2.1", "2b7e151628aed2a6abf7158809cf4f3c",
	  "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
	  "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710",
	  "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2"
	  "73bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7", 1 },
	{ "aes-256-cbc", "SP 800-38A F.2.5",
	  "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
	  "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
	  "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710",
	  "f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d"
	  "39f23369a9d9bacfa530e26304231461b2eb05e2c39be9fcda6c19078c6a9d1b", 1 },
	{ "aes-128-ctr", "SP 800-38A F.5.1", "2b7e151628aed2a6abf7158809cf4f3c",
	  "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
	  "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710",
	  "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff"
	  "5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee", 1 },
	{ "aes-128-gcm", "GCM spec test case 3", "feffe9928665731c6d6a8f9467308308",
	  "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
	  "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255",
	  "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
	  "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985"
	  "4d5c2af327cd64a62cf35abd2ba6fab4", 1 },
	{ "sha1", "FIPS 180 abc", "", "616263", "a9993e364706816aba3e25717850c26c9cd0d89d", 1 },
	{ "sha1", "FIPS 180 two blocks", "",
	  "6162636462636465636465666465666765666768666768696768696a68696a6b"
	  "696a6b6c6a6b6c6d6b6c6d6e6c6d6e6f6d6e6f706e6f7071",
	  "84983e441c3bd26ebaae4aa1f95129e5e54670f1", 1 },
	{ "sha1", "FIPS 180 million a", "", "61", "34aa973cd4c4daa4f61eeb2bdbad27316534016f",
	  1000000 },
	{ "sha256", "FIPS 180 abc", "", "616263",
	  "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", 1 },
	{ "sha256", "FIPS 180 two blocks", "",
	  "6162636462636465636465666465666765666768666768696768696a68696a6b"
	  "696a6b6c6a6b6c6d6b6c6d6e6c6d6e6f6d6e6f706e6f7071",
	  "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1", 1 },
	{ "sha256", "FIPS 180 million a", "", "61",
	  "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0", 1000000 },
	{ "sha512", "FIPS 180 abc", "", "616263",
	  "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
	  "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f", 1 },
	{ "sha512", "FIPS 180 two blocks", "",
	  "61626364656667686263646566676869636465666768696a6465666768696a6b"
	  "65666768696a6b6c666768696a6b6c6d6768696a6b6c6d6e68696a6b6c6d6e6f"
	  "696a6b6c6d6e6f706a6b6c6d6e6f70716b6c6d6e6f7071726c6d6e6f70717273"
	  "6d6e6f70717273746e6f707172737475",
	  "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
	  "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909", 1 },
	{ "sha512", "FIPS 180 million a", "", "61",
	  "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
	  "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b", 1000000 },
};

/* The IVs the vectors assume (speed_local.h pins them). */
static void check_ivs(struct mt *t)
{
	uint8_t want[16];
	const uint8_t *iv;
	size_t len = 0;

	unhex("000102030405060708090a0b0c0d0e0f", want, 16);
	iv = speed_iv("aes-128-cbc", &len);
	CHECK(iv && len == 16 && !memcmp(iv, want, 16));
	unhex("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff", want, 16);
	iv = speed_iv("aes-128-ctr", &len);
	CHECK(iv && len == 16 && !memcmp(iv, want, 16));
	unhex("cafebabefacedbaddecaf888", want, 12);
	iv = speed_iv("aes-128-gcm", &len);
	CHECK(iv && len == 12 && !memcmp(iv, want, 12));
}

static void check_vectors(struct mt *t, const struct speed_impl *im, struct bufs *b)
{
	enum kind k = alg_kind(im->alg);
	uint8_t *msg = NULL, key[32], ct[128];
	char why[200];
	size_t i;
	int rc;

	for (i = 0; i < sizeof(vecs) / sizeof(vecs[0]); i++) {
		size_t n, clen;
		int dec;

		if (strcmp(vecs[i].alg, im->alg))
			continue;
		unhex(vecs[i].key, key, sizeof(key));
		n = unhex(vecs[i].pt, b->in, MAXN);
		clen = unhex(vecs[i].ct, ct, sizeof(ct));
		if (vecs[i].repeat > 1) {		/* one byte, repeated */
			if (!CHECK((msg = malloc(vecs[i].repeat)) != NULL))
				return;
			memset(msg, b->in[0], vecs[i].repeat);
			n = vecs[i].repeat;
		}
		for (dec = 0; dec <= (k <= K_CTR); dec++) {
			const uint8_t *src = msg ? msg : dec ? ct : b->in;
			const uint8_t *want = dec ? b->in : ct;

			if (!CHECK(!impl_setup(im, b, key, dec)))
				break;
			if (k <= K_CTR && n > 16) {	/* in two calls: the chaining too */
				CHECK(!im->run(b->ctx, src, b->out, 16));
				CHECK(!im->run(b->ctx, src + 16, b->out + 16, n - 16));
			} else {
				CHECK(!im->run(b->ctx, src, b->out, n));
			}
			SAME(b->out, want, dec ? n : clen, im, vecs[i].src, n);
			if (im->cleanup)
				im->cleanup(b->ctx);
		}
		free(msg);
		msg = NULL;
	}
	/* and speed_kat.c's own vectors, through its checker */
	rc = speed_kat_check(im, k <= K_CTR, why, sizeof(why));
	if (rc)
		mt_fail(t, __FILE__, __LINE__, "%s/%s: speed_kat_check: %s", im->head.name,
			im->alg, why);
	t->checks++;
}

TEST(kernels_speed_tuned_vectors)
{
	check_ivs(t);
	if (!for_rows(t, "kernels_speed_tuned_vectors", ~0u, check_vectors))
		SKIP("no usable tuned row (no crypto instructions, or masked)");
}
