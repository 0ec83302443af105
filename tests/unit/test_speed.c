/* test_speed.c - speed's algorithms, known answers and engines
 *
 * SPDX-License-Identifier: MIT
 *
 * The known-answer vectors (speed_kat.c's table, shared with the run-time
 * self-check) must pass through mbedtls in both directions, and the check
 * must fail for an implementation that is wrong by one bit, that drops the
 * chaining value between calls, or that refuses its key. Every row of
 * every engine table (mbedtls, tuned, kernel) then has to agree with the
 * mbedtls row byte for byte on random keys and data: ciphers over many
 * lengths that are multiples of the block size (16 .. 16384, both
 * directions, with a second call that must continue the chain), AEADs and
 * digests over odd lengths as well; 64 guard bytes after the output must
 * stay untouched and the input unchanged, and ciphers and AEADs must also
 * work in place (out == in), as speed runs them. Tuned rows whose needs the CPU
 * lacks, and kernel rows whose setup fails (no AF_ALG), are skipped and
 * counted. Public key: sign/verify round trips, and a corrupted signature
 * must be refused.
 */
#include "minitest.h"
#include "cpu.h"
#include "speed.h"
#include "speed_local.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mbedtls/aes.h"
#include "mbedtls/chachapoly.h"
#include "mbedtls/des.h"
#include "mbedtls/gcm.h"
#include "mbedtls/md5.h"
#include "mbedtls/sha1.h"
#include "mbedtls/sha256.h"
#include "mbedtls/sha512.h"

enum { MAXN = 16384, GUARD = 64, GUARD_BYTE = 0xA5 };

static uint64_t rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static void fill(uint64_t *s, uint8_t *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		p[i] = (uint8_t)(rnd(s) >> 24);
}

static const struct speed_impl *find(const struct speed_impl *tab, const char *alg)
{
	for (; tab->alg; tab++)
		if (!strcmp(tab->alg, alg))
			return tab;
	return NULL;
}

static void *ctx_new(const struct speed_impl *impl)
{
	size_t n = (impl->ctx_size + 63) / 64 * 64;
	void *p = aligned_alloc(64, n ? n : 64);

	if (p)
		memset(p, 0, n ? n : 64);
	return p;
}

static void ctx_free(const struct speed_impl *impl, void *c)
{
	if (impl->cleanup)
		impl->cleanup(c);
	free(c);
}

TEST(speed_alg_table)
{
	const struct speed_alg *a;
	const struct speed_impl *tabs[3] = { speed_mbedtls, speed_tuned, speed_kernel }, *i;
	const struct speed_kat *k;
	size_t len;
	int n, ti;

	CHECK(speed_alg_find("des3") == speed_alg_find("des-ede3-cbc"));
	CHECK(speed_alg_find("aes-128-cbc") != NULL);
	CHECK(speed_alg_find("aes-128") == NULL);
	CHECK(speed_alg_find("") == NULL);
	for (a = speed_algs; a->name; a++) {
		CHECK(speed_alg_find(a->name) == a);
		if (a->kind == SPEED_PK) {
			CHECK(speed_pk_bits(a->name) > 0);
			continue;
		}
		CHECK(a->block == 1 || a->block == 8 || a->block == 16);
		if (!CHECK(find(speed_mbedtls, a->name) != NULL))
			mt_fail(MT_AT, "  ... no mbedtls row for %s", a->name);
		for (n = 0, k = speed_kats; k->alg; k++)
			n += !strcmp(k->alg, a->name);
		if (!CHECK(n >= 1))
			mt_fail(MT_AT, "  ... no known-answer vector for %s", a->name);
	}
	for (ti = 0; ti < 3; ti++)
		for (i = tabs[ti]; i->alg; i++) {
			a = speed_alg_find(i->alg);
			if (!CHECK(a && a->kind != SPEED_PK && i->head.name && *i->head.name &&
				   i->setup && i->run))
				mt_fail(MT_AT, "  ... table %d row %s", ti, i->alg);
		}
	CHECK(speed_iv("aes-128-cbc", &len) && len == 16);
	CHECK(speed_iv("aes-256-cbc", &len) && len == 16);
	CHECK(speed_iv("des-ede3-cbc", &len) && len == 8);
	CHECK(speed_iv("aes-128-ctr", &len) && len == 16);
	CHECK(speed_iv("aes-128-gcm", &len) && len == 12);
	CHECK(speed_iv("chacha20-poly1305", &len) && len == 12);
	CHECK(speed_iv("aes-128-ecb", &len) == NULL && len == 0);
	CHECK(speed_iv("sha256", &len) == NULL);
}

/* openssl 3.0.19's row labels and -mr +F indexes, as `openssl speed
 * [-mr] -bytes 16 [-evp] NAME` prints them (NULL: openssl refuses the
 * name in that form and speed either gives the -evp label or refuses). */
TEST(speed_labels)
{
	static const struct {
		const char *name;
		int evp;
		const char *label;
		int mr;
	} want[] = {
		{ "md5", 0, "md5", 3 },			{ "md5", 1, "md5", 25 },
		{ "sha1", 0, "sha1", 4 },		{ "sha1", 1, "sha1", 25 },
		{ "sha256", 0, "sha256", 6 },		{ "sha256", 1, "sha256", 25 },
		{ "sha512", 0, "sha512", 7 },		{ "sha512", 1, "sha512", 25 },
		{ "des-ede3", 0, "des-ede3", 11 },	{ "des-ede3", 1, NULL, 0 },
		{ "des3", 1, "DES-EDE3-CBC", 25 },	{ "des-ede3-cbc", 1, "DES-EDE3-CBC", 25 },
		{ "des3", 0, "DES-EDE3-CBC", 25 },	{ "des-ede3-cbc", 0, "DES-EDE3-CBC", 25 },
		{ "aes-128-cbc", 0, "aes-128-cbc", 19 }, { "aes-128-cbc", 1, "AES-128-CBC", 25 },
		{ "aes-192-cbc", 0, "aes-192-cbc", 20 }, { "aes-192-cbc", 1, "AES-192-CBC", 25 },
		{ "aes-256-cbc", 0, "aes-256-cbc", 21 }, { "aes-256-cbc", 1, "AES-256-CBC", 25 },
		{ "aes-128-ecb", 0, "AES-128-ECB", 25 }, { "aes-256-ecb", 1, "AES-256-ECB", 25 },
		{ "aes-192-ecb", 1, "AES-192-ECB", 25 }, { "aes-128-ctr", 1, "AES-128-CTR", 25 },
		{ "aes-128-gcm", 1, "AES-128-GCM", 25 }, { "aes-128-gcm", 0, "AES-128-GCM", 25 },
		{ "chacha20-poly1305", 1, "ChaCha20-Poly1305", 25 },
		{ "chacha20-poly1305", 0, "ChaCha20-Poly1305", 25 },
		{ "rsa2048", 0, "rsa2048", 2 },		{ "rsa2048", 1, NULL, 0 },
		{ "ecdsap256", 0, "ecdsap256", 3 },	{ "ecdsap256", 1, NULL, 0 },
	};
	const struct speed_alg *a;
	const char *got;
	size_t i;
	int mr;

	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		a = speed_alg_find(want[i].name);
		if (!CHECK(a != NULL))
			continue;
		mr = -1;
		got = speed_label(a, want[i].name, want[i].evp, &mr);
		if (!CHECK(want[i].label ? got && !strcmp(got, want[i].label) : !got))
			mt_fail(MT_AT, "  ... %s%s: '%s'", want[i].evp ? "-evp " : "",
				want[i].name, got ? got : "(null)");
		if (got && !CHECK(mr == want[i].mr))
			mt_fail(MT_AT, "  ... %s: +F index %d", want[i].name, mr);
	}
	for (a = speed_algs; a->name; a++)	/* every one has a label */
		CHECK(speed_label(a, a->name, 0, &mr) != NULL);
}

TEST(speed_unhex)
{
	uint8_t b[4];

	CHECK_EQ_INT(speed_unhex("00ff7A", b, sizeof(b)), 3);
	CHECK(b[0] == 0 && b[1] == 0xff && b[2] == 0x7a);
	CHECK_EQ_INT(speed_unhex("", b, sizeof(b)), 0);
	CHECK_EQ_INT(speed_unhex("abc", b, sizeof(b)), -1);
	CHECK_EQ_INT(speed_unhex("zz", b, sizeof(b)), -1);
	CHECK_EQ_INT(speed_unhex("0102030405", b, sizeof(b)), -1);
}

/* The vectors through mbedtls's own primitives, not through speed's rows:
 * so a vector and the mbedtls row cannot be wrong together. */
TEST(speed_kat_vectors)
{
	const struct speed_kat *k;
	uint8_t key[64], pt[256], ct[256], out[256], iv[16];
	const uint8_t *v;
	size_t ivlen, off, n;

	for (k = speed_kats; k->alg; k++) {
		int kl = speed_unhex(k->key, key, sizeof(key));
		int pl = speed_unhex(k->pt, pt, sizeof(pt));
		int cl = speed_unhex(k->ct, ct, sizeof(ct));
		const struct speed_alg *a = speed_alg_find(k->alg);
		int ok = 0;

		REQUIRE(a && kl >= 0 && pl >= 0 && cl >= 0);
		n = (size_t)pl;
		memset(out, 0, sizeof(out));
		v = speed_iv(k->alg, &ivlen);
		if (v)
			memcpy(iv, v, ivlen);
		if (!strncmp(k->alg, "aes-", 4) && a->kind == SPEED_CIPHER) {
			mbedtls_aes_context c;
			unsigned char stream[16];
			size_t i;

			mbedtls_aes_init(&c);
			mbedtls_aes_setkey_enc(&c, key, (unsigned)kl * 8);
			off = 0;
			if (strstr(k->alg, "-cbc"))
				ok = !mbedtls_aes_crypt_cbc(&c, MBEDTLS_AES_ENCRYPT, n, iv, pt,
							    out);
			else if (strstr(k->alg, "-ctr"))
				ok = !mbedtls_aes_crypt_ctr(&c, n, &off, iv, stream, pt, out);
			else
				for (ok = 1, i = 0; i < n; i += 16)
					ok &= !mbedtls_aes_crypt_ecb(&c, MBEDTLS_AES_ENCRYPT,
								     pt + i, out + i);
			mbedtls_aes_free(&c);
		} else if (!strcmp(k->alg, "des-ede3-cbc")) {
			mbedtls_des3_context c;

			mbedtls_des3_init(&c);
			ok = !mbedtls_des3_set3key_enc(&c, key) &&
			     !mbedtls_des3_crypt_cbc(&c, MBEDTLS_DES_ENCRYPT, n, iv, pt, out);
			mbedtls_des3_free(&c);
		} else if (!strcmp(k->alg, "aes-128-gcm")) {
			mbedtls_gcm_context c;

			mbedtls_gcm_init(&c);
			ok = !mbedtls_gcm_setkey(&c, MBEDTLS_CIPHER_ID_AES, key, 128) &&
			     !mbedtls_gcm_crypt_and_tag(&c, MBEDTLS_GCM_ENCRYPT, n, iv, ivlen,
							NULL, 0, pt, out, 16, out + n);
			mbedtls_gcm_free(&c);
		} else if (!strcmp(k->alg, "chacha20-poly1305")) {
			mbedtls_chachapoly_context c;

			mbedtls_chachapoly_init(&c);
			ok = !mbedtls_chachapoly_setkey(&c, key) &&
			     !mbedtls_chachapoly_encrypt_and_tag(&c, n, iv, NULL, 0, pt, out,
								 out + n);
			mbedtls_chachapoly_free(&c);
		} else if (!strcmp(k->alg, "md5")) {
			ok = !mbedtls_md5_ret(pt, n, out);
		} else if (!strcmp(k->alg, "sha1")) {
			ok = !mbedtls_sha1_ret(pt, n, out);
		} else if (!strcmp(k->alg, "sha256")) {
			ok = !mbedtls_sha256_ret(pt, n, out, 0);
		} else if (!strcmp(k->alg, "sha512")) {
			ok = !mbedtls_sha512_ret(pt, n, out, 0);
		}
		if (!CHECK(ok && !memcmp(out, ct, (size_t)cl)))
			mt_fail(MT_AT, "  ... %s (%s)", k->alg, k->source);
	}
}

TEST(speed_kat_mbedtls_rows)
{
	const struct speed_impl *i;
	char why[256];

	for (i = speed_mbedtls; i->alg; i++)
		if (!CHECK_EQ_INT(speed_kat_check(i, 1, why, sizeof(why)), 0))
			mt_fail(MT_AT, "  ... %s", why);
}

/* Broken implementations around the mbedtls aes-128-cbc row: the check
 * must catch each. The base row is found by name at run time. */
struct broken {
	_Alignas(64) unsigned char inner[4096];
	const struct speed_impl	*base;
	uint8_t			key[32];
	size_t			keylen;
	int			decrypt;
};

static int broken_setup(void *p, const uint8_t *key, size_t keylen, int decrypt)
{
	struct broken *b = p;

	b->base = find(speed_mbedtls, "aes-128-cbc");
	if (!b->base || b->base->ctx_size > sizeof(b->inner) || keylen > sizeof(b->key))
		return -1;
	memcpy(b->key, key, keylen);
	b->keylen = keylen;
	b->decrypt = decrypt;
	return b->base->setup(b->inner, key, keylen, decrypt);
}

static int pass_run(void *p, const uint8_t *in, uint8_t *out, size_t n)
{
	struct broken *b = p;

	return b->base->run(b->inner, in, out, n);
}

static int flip_run(void *p, const uint8_t *in, uint8_t *out, size_t n)
{
	struct broken *b = p;
	int rc = b->base->run(b->inner, in, out, n);

	if (n > 20)
		out[20] ^= 0x04;
	return rc;
}

static int restart_run(void *p, const uint8_t *in, uint8_t *out, size_t n)
{
	struct broken *b = p;

	if (b->base->cleanup)		/* forgets the chaining value every call */
		b->base->cleanup(b->inner);
	memset(b->inner, 0, sizeof(b->inner));
	if (b->base->setup(b->inner, b->key, b->keylen, b->decrypt))
		return -1;
	return b->base->run(b->inner, in, out, n);
}

static int fail_run(void *p, const uint8_t *in, uint8_t *out, size_t n)
{
	struct broken *b = p;

	b->base->run(b->inner, in, out, n);
	return -1;
}

static int refuse_setup(void *p, const uint8_t *key, size_t keylen, int decrypt)
{
	return -1;
}

static void broken_cleanup(void *p)
{
	struct broken *b = p;

	if (b->base && b->base->cleanup)
		b->base->cleanup(b->inner);
}

TEST(speed_kat_catches)
{
	static const struct speed_impl good = { { 0, "good", NULL, 0, 0, 0 }, "aes-128-cbc", sizeof(struct broken),
						broken_setup, pass_run, broken_cleanup };
	static const struct speed_impl bad[] = {
		{ { 0, "flip", NULL, 0, 0, 0 }, "aes-128-cbc", sizeof(struct broken), broken_setup, flip_run,
		  broken_cleanup },
		{ { 0, "restart", NULL, 0, 0, 0 }, "aes-128-cbc", sizeof(struct broken), broken_setup, restart_run,
		  broken_cleanup },
		{ { 0, "fail", NULL, 0, 0, 0 }, "aes-128-cbc", sizeof(struct broken), broken_setup, fail_run,
		  broken_cleanup },
	};
	static const struct speed_impl refuse = { { 0, "refuse", NULL, 0, 0, 0 }, "aes-128-cbc", 64, refuse_setup,
						  flip_run, NULL };
	static const struct speed_impl unknown = { { 0, "test", NULL, 0, 0, 0 }, "aes-128-xts", 64, refuse_setup,
						   flip_run, NULL };
	char why[256];
	size_t i;

	/* the wrapper itself is sound: passing the calls through passes */
	CHECK_EQ_INT(speed_kat_check(&good, 1, why, sizeof(why)), 0);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		why[0] = '\0';
		if (!CHECK_EQ_INT(speed_kat_check(&bad[i], 0, why, sizeof(why)), -1))
			mt_fail(MT_AT, "  ... '%s' passed", bad[i].head.name);
		CHECK(strstr(why, "aes-128-cbc") != NULL);
		CHECK(strstr(why, "SP 800-38A") != NULL);
	}
	CHECK_EQ_INT(speed_kat_check(&refuse, 0, why, sizeof(why)), 1);
	CHECK(strstr(why, "refused") != NULL);
	CHECK_EQ_INT(speed_kat_check(&unknown, 0, why, sizeof(why)), -1);
	/* the decrypt direction is checked too: a decrypt-only fault is caught */
	CHECK_EQ_INT(speed_kat_check(&bad[0], 1, why, sizeof(why)), -1);
}

/* impl against ref on one random key and two consecutive calls of n1 and
 * n2 bytes; 1 when they agree. */
static int agree(struct mt *t, const struct speed_impl *impl, const struct speed_impl *ref,
		 const struct speed_alg *a, int decrypt, size_t n1, size_t n2, uint64_t *seed,
		 int *refused)
{
	enum { INLEN = MAXN * 2 + 64, OUTLEN = MAXN * 2 + 2 * GUARD + 128 };
	uint8_t *in = malloc(INLEN), *in0 = malloc(INLEN), *got = malloc(OUTLEN);
	uint8_t *want = malloc(OUTLEN), key[32];
	void *ci = ctx_new(impl), *cr = ctx_new(ref);
	size_t tag = a->kind == SPEED_AEAD ? 16 : 0;
	size_t o1 = a->kind == SPEED_DIGEST ? a->outlen : n1 + tag;
	size_t o2 = a->kind == SPEED_DIGEST ? a->outlen : n2 + tag, i;
	int ok = 0;

	if (!ci || !cr || !in || !in0 || !got || !want || n1 + n2 > INLEN ||
	    o1 + o2 + 2 * GUARD > OUTLEN) {
		free(ci);
		free(cr);
		goto out;
	}
	ok = 1;
	fill(seed, key, sizeof(key));
	fill(seed, in, n1 + n2);
	memcpy(in0, in, n1 + n2);
	memset(got, GUARD_BYTE, OUTLEN);
	memset(want, GUARD_BYTE, OUTLEN);
	if (impl->setup(ci, key, a->keylen, decrypt)) {
		*refused = 1;		/* counted as skipped, not as a failure */
		ctx_free(impl, ci);
		ctx_free(ref, cr);
		goto out;
	}
	if (ref->setup(cr, key, a->keylen, decrypt)) {
		ok = 0;
		ctx_free(impl, ci);
		ctx_free(ref, cr);
		goto out;
	}
	/* outputs of the two calls: got[0 .. o1) then, after a guard, got[o1 + GUARD ..) */
	ok &= !impl->run(ci, in, got, n1) && !impl->run(ci, in + n1, got + o1 + GUARD, n2);
	ok &= !ref->run(cr, in, want, n1) && !ref->run(cr, in + n1, want + o1 + GUARD, n2);
	ok &= !memcmp(got, want, o1) && !memcmp(got + o1 + GUARD, want + o1 + GUARD, o2);
	for (i = 0; i < GUARD; i++)
		ok &= got[o1 + i] == GUARD_BYTE && got[o1 + GUARD + o2 + i] == GUARD_BYTE;
	ok &= !memcmp(in, in0, n1 + n2);
	ctx_free(impl, ci);
	ctx_free(ref, cr);
	/* in place (out == in, as speed times ciphers and AEADs): the first call */
	if (ok && a->kind != SPEED_DIGEST && (ci = ctx_new(impl))) {
		memcpy(got, in, n1);
		memset(got + n1, GUARD_BYTE, OUTLEN - n1);
		ok &= !impl->setup(ci, key, a->keylen, decrypt) && !impl->run(ci, got, got, n1) &&
		      !memcmp(got, want, o1) && got[o1] == GUARD_BYTE;
		ctx_free(impl, ci);
	}
	if (!ok)
		mt_fail(MT_AT, "%s (%s) %s: differs from mbedtls at %zu+%zu bytes", impl->alg,
			impl->head.name, decrypt ? "decrypt" : "encrypt", n1, n2);
out:
	free(in);
	free(in0);
	free(got);
	free(want);
	return ok;
}

/* Every row of tab against the mbedtls row; returns rows compared, and
 * counts rows skipped (needs not met / setup refused). */
static unsigned compare_table(struct mt *t, const struct speed_impl *tab, unsigned *skipped,
			      char *why, size_t whylen)
{
	static const size_t block_lens[] = { 16, 32, 48, 64, 80, 128, 144, 256, 1024, 1040,
					     4096, 8192, 16384 };
	static const size_t any_lens[] = { 0, 1, 3, 15, 17, 55, 56, 63, 64, 65, 111, 112, 113,
					   127, 128, 129, 1000 };
	const struct speed_impl *impl;
	unsigned cpu = cpu_features(), done = 0;
	uint64_t seed = 0x5eedf00d12345678ull;

	*skipped = 0;
	for (impl = tab; impl->alg; impl++) {
		const struct speed_alg *a = speed_alg_find(impl->alg);
		const struct speed_impl *ref = find(speed_mbedtls, impl->alg);
		int refused = 0, dir, ok = 1;
		size_t i;

		if (!cpu_has(cpu, impl->head.needs)) {
			(*skipped)++;
			continue;
		}
		if (!CHECK(a && ref))
			continue;
		switch (speed_kat_check(impl, 1, why, whylen)) {
		case 0:
			break;
		case 1:
			(*skipped)++;
			continue;
		default:
			mt_fail(MT_AT, "%s", why);
			continue;
		}
		for (dir = 0; dir <= (a->kind == SPEED_CIPHER) && ok; dir++) {
			for (i = 0; i < ARRAY_LEN(block_lens) && ok; i++)
				ok &= agree(t, impl, ref, a, dir, block_lens[i],
					    a->kind == SPEED_CIPHER ? 48 : 7, &seed, &refused);
			if (a->block == 8)
				ok &= agree(t, impl, ref, a, dir, 8, 24, &seed, &refused);
			for (i = 0; a->block == 1 && i < ARRAY_LEN(any_lens) && ok; i++) {
				size_t n = any_lens[i];

				if (n || a->kind == SPEED_DIGEST)	/* no empty AEAD */
					ok &= agree(t, impl, ref, a, dir, n, n + 5, &seed,
						    &refused);
			}
		}
		if (refused) {
			(*skipped)++;
			continue;
		}
		CHECK(ok);
		done++;
	}
	return done;
}

TEST(kernels_speed_tuned_rows)
{
	static char msg[300];	/* SKIP() keeps the pointer */
	char why[256];
	unsigned skipped, n = compare_table(t, speed_tuned, &skipped, why, sizeof(why));

	if (!n && !t->failed) {
		snprintf(msg, sizeof(msg), "no tuned row usable on this CPU (%u skipped)", skipped);
		SKIP(msg);
	}
	CHECK(n + skipped >= 1);
}

TEST(kernels_speed_kernel_rows)
{
	static char msg[400];	/* SKIP() keeps the pointer */
	char why[256];
	unsigned skipped, n = compare_table(t, speed_kernel, &skipped, why, sizeof(why));

	if (!n && !t->failed) {
		snprintf(msg, sizeof(msg), "AF_ALG unusable here (%u rows skipped; %s)", skipped,
			 why);
		SKIP(msg);
	}
	CHECK(n >= 1);
}

/* The mbedtls rows against themselves through the same harness: the
 * harness's guards and chaining must hold for the reference too. */
TEST(kernels_speed_mbedtls_rows)
{
	char why[256];
	unsigned skipped, n = compare_table(t, speed_mbedtls, &skipped, why, sizeof(why));

	CHECK_EQ_INT(skipped, 0);
	CHECK(n >= 14);
}

/* The library's own self-tests (MBEDTLS_SELF_TEST). */
TEST(speed_mbedtls_selftest)
{
	CHECK_EQ_INT(mbedtls_aes_self_test(0), 0);
	CHECK_EQ_INT(mbedtls_des_self_test(0), 0);
	CHECK_EQ_INT(mbedtls_gcm_self_test(0), 0);
	CHECK_EQ_INT(mbedtls_chachapoly_self_test(0), 0);
	CHECK_EQ_INT(mbedtls_md5_self_test(0), 0);
	CHECK_EQ_INT(mbedtls_sha1_self_test(0), 0);
	CHECK_EQ_INT(mbedtls_sha256_self_test(0), 0);
	CHECK_EQ_INT(mbedtls_sha512_self_test(0), 0);
}

static void pk_roundtrip(struct mt *t, const char *alg)
{
	struct speed_pk_key *key = NULL;
	struct speed_pk_worker *w0 = NULL, *w1 = NULL;
	char why[160];

	REQUIRE(speed_pk_keygen(alg, &key) == 0 && key);
	REQUIRE(speed_pk_worker_new(key, 0, &w0) == 0 && w0);
	REQUIRE(speed_pk_worker_new(key, 1, &w1) == 0 && w1);
	CHECK_EQ_INT(speed_pk_check(w0, 0, why, sizeof(why)), 0);
	CHECK_EQ_INT(speed_pk_check(w1, 0, why, sizeof(why)), 0);
	CHECK_EQ_INT(speed_pk_sign(w0), 0);
	CHECK_EQ_INT(speed_pk_verify(w0), 0);
	CHECK_EQ_INT(speed_pk_verify(w1), 0);
	why[0] = '\0';
	CHECK_EQ_INT(speed_pk_check(w0, 1, why, sizeof(why)), -1);	/* corrupted: caught */
	CHECK(strstr(why, "did not verify") != NULL);
	CHECK_EQ_INT(speed_pk_check(w0, 0, why, sizeof(why)), 0);	/* and fine again */
	speed_pk_worker_free(w0);
	speed_pk_worker_free(w1);
	speed_pk_key_free(key);
	CHECK(speed_pk_keygen("dsa1024", &key) != 0 && key == NULL);
}

TEST(speed_pk_ecdsa)
{
	CHECK_EQ_INT(speed_pk_bits("ecdsap256"), 256);
	pk_roundtrip(t, "ecdsap256");
}

TEST(speed_pk_rsa)
{
	CHECK_EQ_INT(speed_pk_bits("rsa2048"), 2048);
	pk_roundtrip(t, "rsa2048");
}

/* The kernel engine's driver: the highest-priority entry of /proc/crypto
 * for the kernel's name of the algorithm, not an internal one, not one
 * whose self-test failed. */
TEST(speed_afalg_driver_pick)
{
	static const char text[] =
		"name         : aes\n"
		"driver       : aes-ce\n"
		"priority     : 300\n"
		"type         : cipher\n"
		"\n"
		"name         : cbc(aes)\n"
		"driver       : cbc(aes-generic)\n"
		"module       : kernel\n"
		"priority     : 100\n"
		"selftest     : passed\n"
		"internal     : no\n"
		"type         : skcipher\n"
		"\n"
		"name         : cbc(aes)\n"
		"driver       : cbc-aes-ce\n"
		"module       : aes_ce_blk\n"
		"priority     : 300\n"
		"selftest     : passed\n"
		"internal     : no\n"
		"type         : skcipher\n"
		"\n"
		"name         : cbc(aes)\n"
		"driver       : __cbc-aes-simd\n"
		"priority     : 400\n"
		"selftest     : passed\n"
		"internal     : yes\n"
		"\n"
		"name         : cbc(aes)\n"
		"driver       : cbc-aes-broken\n"
		"priority     : 500\n"
		"selftest     : unknown\n"
		"\n"
		"name         : sha256\n"
		"driver       : sha256-generic\n"
		"priority     : 100\n";	/* the last entry: no blank line after it */
	char buf[64];

	CHECK_STR(speed_afalg_driver_in(text, "aes-128-cbc", buf, sizeof(buf)), "cbc-aes-ce");
	CHECK_STR(speed_afalg_driver_in(text, "aes-256-cbc", buf, sizeof(buf)), "cbc-aes-ce");
	CHECK_STR(speed_afalg_driver_in(text, "sha256", buf, sizeof(buf)), "sha256-generic");
	CHECK(speed_afalg_driver_in(text, "sha512", buf, sizeof(buf)) == NULL);
	CHECK(speed_afalg_driver_in(text, "rsa2048", buf, sizeof(buf)) == NULL);
	CHECK(speed_afalg_driver_in("", "sha256", buf, sizeof(buf)) == NULL);
	/* cut to the buffer, never past it */
	CHECK_STR(speed_afalg_driver_in(text, "aes-128-cbc", buf, 5), "cbc-");
}
