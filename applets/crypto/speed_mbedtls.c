/* speed_mbedtls.c - the "mbedtls" engine of speed: every algorithm through
 * mbedtls 2.28's own APIs, and the public-key operations
 *
 * SPDX-License-Identifier: MIT
 *
 * What an embedded stack that ships mbedtls gets. Each run() is the call
 * an application makes: mbedtls_aes_crypt_cbc() over the whole buffer,
 * mbedtls_aes_crypt_ecb() once per 16-byte block (mbedtls has no multi-
 * block ECB), mbedtls_gcm_crypt_and_tag(), mbedtls_sha256_ret() and so on
 * (one complete digest per call, as openssl speed -evp does). On x86_64
 * mbedtls uses AES-NI by itself (MBEDTLS_AESNI_C, one block at a time);
 * elsewhere its AES is table-driven C. The IVs and nonces are the fixed
 * ones of speed_local.h.
 *
 * Public key: RSA-2048 (e = 65537, PKCS#1 v1.5 signatures of a SHA-256
 * hash, blinding with the worker's DRBG) and ECDSA over P-256, keys made
 * once from a CTR_DRBG seeded with a fixed seed (this mbedtls build has no
 * entropy module; the same key every run keeps runs comparable).
 */
#include "speed.h"
#include "speed_local.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mbedtls/aes.h"
#include "mbedtls/bignum.h"
#include "mbedtls/chachapoly.h"
#include "mbedtls/ctr_drbg.h"
#include "mbedtls/des.h"
#include "mbedtls/ecdsa.h"
#include "mbedtls/gcm.h"
#include "mbedtls/md.h"
#include "mbedtls/md5.h"
#include "mbedtls/rsa.h"
#include "mbedtls/sha1.h"
#include "mbedtls/sha256.h"
#include "mbedtls/sha512.h"

/* AES ECB / CBC / CTR ------------------------------------------------------- */

struct mb_aes {
	mbedtls_aes_context	aes;
	int			mode;		/* MBEDTLS_AES_ENCRYPT / _DECRYPT */
	unsigned char		iv[16];		/* CBC chaining value, CTR counter */
	unsigned char		stream[16];	/* CTR: keystream of a partial block */
	size_t			off;		/* CTR: bytes of stream used */
};

static int mb_aes_setup(void *p, const uint8_t *key, size_t keylen, int decrypt,
			const char *alg)
{
	struct mb_aes *c = p;
	const uint8_t *iv;
	size_t ivlen = 0;

	mbedtls_aes_init(&c->aes);
	c->mode = decrypt ? MBEDTLS_AES_DECRYPT : MBEDTLS_AES_ENCRYPT;
	if ((iv = speed_iv(alg, &ivlen)))
		memcpy(c->iv, iv, ivlen);
	if (decrypt && !strstr(alg, "-ctr"))
		return mbedtls_aes_setkey_dec(&c->aes, key, (unsigned)keylen * 8) ? -1 : 0;
	return mbedtls_aes_setkey_enc(&c->aes, key, (unsigned)keylen * 8) ? -1 : 0;
}

static int mb_aes_cbc_setup(void *p, const uint8_t *key, size_t keylen, int decrypt)
{
	return mb_aes_setup(p, key, keylen, decrypt, "aes-128-cbc");
}

static int mb_aes_ecb_setup(void *p, const uint8_t *key, size_t keylen, int decrypt)
{
	return mb_aes_setup(p, key, keylen, decrypt, "aes-128-ecb");
}

static int mb_aes_ctr_setup(void *p, const uint8_t *key, size_t keylen, int decrypt)
{
	return mb_aes_setup(p, key, keylen, decrypt, "aes-128-ctr");
}

static int mb_aes_ecb_run(void *p, const uint8_t *in, uint8_t *out, size_t n)
{
	struct mb_aes *c = p;
	size_t i;

	if (n % 16)
		return -1;
	for (i = 0; i < n; i += 16)
		if (mbedtls_aes_crypt_ecb(&c->aes, c->mode, in + i, out + i))
			return -1;
	return 0;
}

static int mb_aes_cbc_run(void *p, const uint8_t *in, uint8_t *out, size_t n)
{
	struct mb_aes *c = p;

	return mbedtls_aes_crypt_cbc(&c->aes, c->mode, n, c->iv, in, out) ? -1 : 0;
}

static int mb_aes_ctr_run(void *p, const uint8_t *in, uint8_t *out, size_t n)
{
	struct mb_aes *c = p;

	return mbedtls_aes_crypt_ctr(&c->aes, n, &c->off, c->iv, c->stream, in, out) ? -1 : 0;
}

static void mb_aes_cleanup(void *p)
{
	mbedtls_aes_free(&((struct mb_aes *)p)->aes);
}

/* 3DES (EDE, three keys) CBC ------------------------------------------------ */

struct mb_des3 {
	mbedtls_des3_context	des3;
	int			mode;
	unsigned char		iv[8];
};

static int mb_des3_setup(void *p, const uint8_t *key, size_t keylen, int decrypt)
{
	struct mb_des3 *c = p;
	const uint8_t *iv;
	size_t ivlen = 0;

	mbedtls_des3_init(&c->des3);
	if (keylen != 24)
		return -1;
	c->mode = decrypt ? MBEDTLS_DES_DECRYPT : MBEDTLS_DES_ENCRYPT;
	if ((iv = speed_iv("des-ede3-cbc", &ivlen)))
		memcpy(c->iv, iv, ivlen);
	return (decrypt ? mbedtls_des3_set3key_dec(&c->des3, key)
			: mbedtls_des3_set3key_enc(&c->des3, key)) ? -1 : 0;
}

static int mb_des3_run(void *p, const uint8_t *in, uint8_t *out, size_t n)
{
	struct mb_des3 *c = p;

	return mbedtls_des3_crypt_cbc(&c->des3, c->mode, n, c->iv, in, out) ? -1 : 0;
}

static void mb_des3_cleanup(void *p)
{
	mbedtls_des3_free(&((struct mb_des3 *)p)->des3);
}

/* AEADs ------------------------------------------------------------------------ */

struct mb_gcm {
	mbedtls_gcm_context	gcm;
	const uint8_t		*nonce;
	size_t			nlen;
};

static int mb_gcm_setup(void *p, const uint8_t *key, size_t keylen, int decrypt)
{
	struct mb_gcm *c = p;

	mbedtls_gcm_init(&c->gcm);
	c->nonce = speed_iv("aes-128-gcm", &c->nlen);
	return mbedtls_gcm_setkey(&c->gcm, MBEDTLS_CIPHER_ID_AES, key, (unsigned)keylen * 8)
		? -1 : 0;
}

static int mb_gcm_run(void *p, const uint8_t *in, uint8_t *out, size_t n)
{
	struct mb_gcm *c = p;

	return mbedtls_gcm_crypt_and_tag(&c->gcm, MBEDTLS_GCM_ENCRYPT, n, c->nonce, c->nlen,
					 NULL, 0, in, out, 16, out + n) ? -1 : 0;
}

static void mb_gcm_cleanup(void *p)
{
	mbedtls_gcm_free(&((struct mb_gcm *)p)->gcm);
}

struct mb_chachapoly {
	mbedtls_chachapoly_context	cp;
	const uint8_t			*nonce;
};

static int mb_chachapoly_setup(void *p, const uint8_t *key, size_t keylen, int decrypt)
{
	struct mb_chachapoly *c = p;
	size_t nlen = 0;

	mbedtls_chachapoly_init(&c->cp);
	c->nonce = speed_iv("chacha20-poly1305", &nlen);
	return keylen == 32 && nlen == 12 && !mbedtls_chachapoly_setkey(&c->cp, key) ? 0 : -1;
}

static int mb_chachapoly_run(void *p, const uint8_t *in, uint8_t *out, size_t n)
{
	struct mb_chachapoly *c = p;

	return mbedtls_chachapoly_encrypt_and_tag(&c->cp, n, c->nonce, NULL, 0, in, out,
						  out + n) ? -1 : 0;
}

static void mb_chachapoly_cleanup(void *p)
{
	mbedtls_chachapoly_free(&((struct mb_chachapoly *)p)->cp);
}

/* digests: one complete digest per call ----------------------------------- */

static int mb_nosetup(void *p, const uint8_t *key, size_t keylen, int decrypt)
{
	return 0;
}

static int mb_md5_run(void *p, const uint8_t *in, uint8_t *out, size_t n)
{
	return mbedtls_md5_ret(in, n, out) ? -1 : 0;
}

static int mb_sha1_run(void *p, const uint8_t *in, uint8_t *out, size_t n)
{
	return mbedtls_sha1_ret(in, n, out) ? -1 : 0;
}

static int mb_sha256_run(void *p, const uint8_t *in, uint8_t *out, size_t n)
{
	return mbedtls_sha256_ret(in, n, out, 0) ? -1 : 0;
}

static int mb_sha512_run(void *p, const uint8_t *in, uint8_t *out, size_t n)
{
	return mbedtls_sha512_ret(in, n, out, 0) ? -1 : 0;
}

#define MB(alg, ...) { { 0, "mbedtls", "mbedtls 2.28's portable C", 0, 0, 0 }, alg, __VA_ARGS__ }
#define AES(name, kind) MB(name, sizeof(struct mb_aes), mb_aes_##kind##_setup, \
			   mb_aes_##kind##_run, mb_aes_cleanup)
const struct speed_impl speed_mbedtls[] = {
	AES("aes-128-cbc", cbc),
	AES("aes-192-cbc", cbc),
	AES("aes-256-cbc", cbc),
	AES("aes-128-ecb", ecb),
	AES("aes-192-ecb", ecb),
	AES("aes-256-ecb", ecb),
	AES("aes-128-ctr", ctr),
	MB("aes-128-gcm", sizeof(struct mb_gcm), mb_gcm_setup, mb_gcm_run,
	  mb_gcm_cleanup),
	MB("des-ede3-cbc", sizeof(struct mb_des3), mb_des3_setup, mb_des3_run,
	  mb_des3_cleanup),
	MB("md5", 0, mb_nosetup, mb_md5_run, NULL),
	MB("sha1", 0, mb_nosetup, mb_sha1_run, NULL),
	MB("sha256", 0, mb_nosetup, mb_sha256_run, NULL),
	MB("sha512", 0, mb_nosetup, mb_sha512_run, NULL),
	MB("chacha20-poly1305", sizeof(struct mb_chachapoly), mb_chachapoly_setup,
	  mb_chachapoly_run, mb_chachapoly_cleanup),
	{ { 0 } }
};
#undef AES
#undef MB

/* public key ------------------------------------------------------------------ */

/* The DRBG's "entropy": a fixed, seeded sequence (splitmix64). */
struct fixed_seed {
	uint64_t	s;
};

static int fixed_entropy(void *p, unsigned char *buf, size_t len)
{
	struct fixed_seed *f = p;
	size_t i;

	for (i = 0; i < len; i++) {
		uint64_t z = (f->s += 0x9e3779b97f4a7c15ull);

		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
		buf[i] = (unsigned char)(z ^ (z >> 31));
	}
	return 0;
}

struct drbg {
	struct fixed_seed	seed;
	mbedtls_ctr_drbg_context ctr;
};

static int drbg_init(struct drbg *d, uint64_t seed, const char *pers)
{
	d->seed.s = seed;
	mbedtls_ctr_drbg_init(&d->ctr);
	return mbedtls_ctr_drbg_seed(&d->ctr, fixed_entropy, &d->seed,
				     (const unsigned char *)pers, strlen(pers)) ? -1 : 0;
}

enum pk_type { PK_RSA, PK_ECDSA };

struct speed_pk_key {
	enum pk_type		type;
	mbedtls_rsa_context	rsa;
	mbedtls_ecdsa_context	ec;
};

struct speed_pk_worker {
	enum pk_type		type;
	struct drbg		drbg;
	mbedtls_rsa_context	rsa;
	mbedtls_ecdsa_context	ec;
	unsigned char		hash[32];	/* what is signed: SHA-256 of a fixed text */
	unsigned char		sig[512], tmp[512];
	mbedtls_mpi		r, s, r2, s2;	/* ECDSA: the signature, and scratch */
};

static const uint64_t pk_seed = 0x62656e6368626f78ull;	/* "benchbox" */

unsigned speed_pk_bits(const char *alg)
{
	return !strcmp(alg, "rsa2048") ? 2048 : !strcmp(alg, "ecdsap256") ? 256 : 0;
}

int speed_pk_keygen(const char *alg, struct speed_pk_key **out)
{
	struct speed_pk_key *k;
	struct drbg d;
	int rc = -1;

	*out = NULL;
	if (!speed_pk_bits(alg))
		return -1;
	if (!(k = calloc(1, sizeof(*k))))
		return -1;
	k->type = !strcmp(alg, "rsa2048") ? PK_RSA : PK_ECDSA;
	mbedtls_rsa_init(&k->rsa, MBEDTLS_RSA_PKCS_V15, 0);
	mbedtls_ecdsa_init(&k->ec);
	if (drbg_init(&d, pk_seed, alg) == 0) {
		if (k->type == PK_RSA)
			rc = mbedtls_rsa_gen_key(&k->rsa, mbedtls_ctr_drbg_random, &d.ctr,
						 2048, 65537) ? -1 : 0;
		else
			rc = mbedtls_ecdsa_genkey(&k->ec, MBEDTLS_ECP_DP_SECP256R1,
						  mbedtls_ctr_drbg_random, &d.ctr) ? -1 : 0;
	}
	mbedtls_ctr_drbg_free(&d.ctr);
	if (rc) {
		speed_pk_key_free(k);
		return -1;
	}
	*out = k;
	return 0;
}

void speed_pk_key_free(struct speed_pk_key *k)
{
	if (!k)
		return;
	mbedtls_rsa_free(&k->rsa);
	mbedtls_ecdsa_free(&k->ec);
	free(k);
}

static int rsa_sign(struct speed_pk_worker *w, unsigned char *sig)
{
	return mbedtls_rsa_pkcs1_sign(&w->rsa, mbedtls_ctr_drbg_random, &w->drbg.ctr,
				      MBEDTLS_RSA_PRIVATE, MBEDTLS_MD_SHA256, 32, w->hash, sig)
		? -1 : 0;
}

static int rsa_verify(struct speed_pk_worker *w, const unsigned char *hash,
		      const unsigned char *sig)
{
	return mbedtls_rsa_pkcs1_verify(&w->rsa, NULL, NULL, MBEDTLS_RSA_PUBLIC,
					MBEDTLS_MD_SHA256, 32, hash, sig) ? -1 : 0;
}

static int ec_sign(struct speed_pk_worker *w, mbedtls_mpi *r, mbedtls_mpi *s)
{
	return mbedtls_ecdsa_sign(&w->ec.grp, r, s, &w->ec.d, w->hash, 32,
				  mbedtls_ctr_drbg_random, &w->drbg.ctr) ? -1 : 0;
}

static int ec_verify(struct speed_pk_worker *w, const unsigned char *hash,
		     const mbedtls_mpi *r, const mbedtls_mpi *s)
{
	return mbedtls_ecdsa_verify(&w->ec.grp, hash, 32, &w->ec.Q, r, s) ? -1 : 0;
}

int speed_pk_worker_new(const struct speed_pk_key *k, unsigned idx, struct speed_pk_worker **out)
{
	static const char text[] = "benchbox speed: the message every signature signs";
	struct speed_pk_worker *w;
	char pers[32];
	int rc;

	*out = NULL;
	if (!(w = calloc(1, sizeof(*w))))
		return -1;
	w->type = k->type;
	mbedtls_rsa_init(&w->rsa, MBEDTLS_RSA_PKCS_V15, 0);
	mbedtls_ecdsa_init(&w->ec);
	mbedtls_mpi_init(&w->r);
	mbedtls_mpi_init(&w->s);
	mbedtls_mpi_init(&w->r2);
	mbedtls_mpi_init(&w->s2);
	mbedtls_sha256_ret((const unsigned char *)text, sizeof(text) - 1, w->hash, 0);
	snprintf(pers, sizeof(pers), "worker %u", idx);
	rc = drbg_init(&w->drbg, pk_seed + 1 + idx, pers);
	if (!rc && w->type == PK_RSA)
		rc = mbedtls_rsa_copy(&w->rsa, &k->rsa) || rsa_sign(w, w->sig) ? -1 : 0;
	else if (!rc)
		rc = mbedtls_ecp_group_load(&w->ec.grp, MBEDTLS_ECP_DP_SECP256R1) ||
		     mbedtls_mpi_copy(&w->ec.d, &k->ec.d) ||
		     mbedtls_ecp_copy(&w->ec.Q, &k->ec.Q) || ec_sign(w, &w->r, &w->s) ? -1 : 0;
	if (rc) {
		speed_pk_worker_free(w);
		return -1;
	}
	*out = w;
	return 0;
}

void speed_pk_worker_free(struct speed_pk_worker *w)
{
	if (!w)
		return;
	mbedtls_rsa_free(&w->rsa);
	mbedtls_ecdsa_free(&w->ec);
	mbedtls_mpi_free(&w->r);
	mbedtls_mpi_free(&w->s);
	mbedtls_mpi_free(&w->r2);
	mbedtls_mpi_free(&w->s2);
	mbedtls_ctr_drbg_free(&w->drbg.ctr);
	free(w);
}

int speed_pk_sign(struct speed_pk_worker *w)
{
	return w->type == PK_RSA ? rsa_sign(w, w->tmp) : ec_sign(w, &w->r2, &w->s2);
}

int speed_pk_verify(struct speed_pk_worker *w)
{
	return w->type == PK_RSA ? rsa_verify(w, w->hash, w->sig)
				 : ec_verify(w, w->hash, &w->r, &w->s);
}

int speed_pk_check(struct speed_pk_worker *w, int corrupt, char *why, size_t len)
{
	unsigned char hash[32];

	memcpy(hash, w->hash, sizeof(hash));
	hash[7] ^= 0x10;
	if (w->type == PK_RSA) {
		size_t n = mbedtls_rsa_get_len(&w->rsa);

		if (n > sizeof(w->tmp) || rsa_sign(w, w->tmp)) {
			snprintf(why, len, "RSA signing failed");
			return -1;
		}
		if (memcmp(w->tmp, w->sig, n)) {	/* PKCS#1 v1.5 is deterministic */
			snprintf(why, len, "two RSA signatures of one hash differ");
			return -1;
		}
		if (corrupt)
			w->tmp[n / 2] ^= 0x01;
		if (rsa_verify(w, w->hash, w->tmp)) {
			snprintf(why, len, "a valid RSA signature did not verify");
			return -1;
		}
		w->tmp[n / 2] ^= 0x01;
		if (!rsa_verify(w, w->hash, w->tmp) || !rsa_verify(w, hash, w->sig)) {
			snprintf(why, len, "a corrupted RSA signature verified");
			return -1;
		}
		return 0;
	}
	if (ec_sign(w, &w->r2, &w->s2)) {
		snprintf(why, len, "ECDSA signing failed");
		return -1;
	}
	if (corrupt && mbedtls_mpi_add_int(&w->s2, &w->s2, 1))
		return -1;
	if (ec_verify(w, w->hash, &w->r2, &w->s2)) {
		snprintf(why, len, "a valid ECDSA signature did not verify");
		return -1;
	}
	if (mbedtls_mpi_add_int(&w->s2, &w->s2, 1) || !ec_verify(w, w->hash, &w->r2, &w->s2) ||
	    !ec_verify(w, hash, &w->r, &w->s)) {
		snprintf(why, len, "a corrupted ECDSA signature verified");
		return -1;
	}
	return 0;
}
