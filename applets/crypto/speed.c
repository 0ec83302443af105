/* speed.c - cipher, digest and signature throughput by openssl speed's
 * method and in its output layout, through mbedtls, benchbox's tuned
 * kernels and the kernel's crypto API
 *
 * SPDX-License-Identifier: MIT
 *
 * A reimplementation of the method of `openssl speed -elapsed -evp ALG`
 * (not openssl's code; the figures are not openssl's). Each (algorithm,
 * buffer size) runs for 3 s by default: the operation is repeated on one
 * buffer (ciphers in place, as openssl does) and counted, and rate =
 * count x size / elapsed wall time, in 1000s of bytes per second in the
 * table (openssl's 'k'), MB/s (10^6 bytes/s) in the records. With -P N
 * (-multi N) N pinned threads run at once and their rates add, as openssl
 * -multi's processes' do. A cipher call continues the previous one's
 * chain (CBC) or counter (CTR); an AEAD call encrypts the buffer and makes
 * its tag with a fixed nonce and no additional data; a digest call is one
 * whole init-update-final. Public key: RSA-2048 (PKCS#1 v1.5 over SHA-256)
 * and ECDSA P-256 sign and verify, 10 s each, through mbedtls, with keys
 * generated at start from a fixed seed (the same key every run).
 *
 * Engines (speed.h): "mbedtls" for every algorithm, the tuned kernels
 * (AES-NI, SHA-NI, ARMv8 crypto extensions, ...) where the CPU has them,
 * and "kernel" (AF_ALG, the path to an SoC's accelerator). --engine=best
 * (the default) takes, per algorithm, the first usable tuned kernel, else
 * mbedtls, and prints one table as openssl does; both and all add a table
 * per further engine. Every implementation passes its known-answer vectors
 * (NIST, FIPS, RFC) before it is timed; a mismatch is exit 3.
 *
 * Output (the classic emitter): openssl 3.0's layout and row labels for
 * the same command line (speed_label()), or with -mr its machine-readable
 * lines; the progress lines, or -mr's +DT/+R lines, go to stderr as
 * openssl's do.
 *
 * Caveats: wall-clock time only (openssl's -elapsed; its default, user CPU
 * time, is not measured), so other load on the CPU lowers the figures. A
 * window below openssl's 3 s (10 s for public key) is flagged short, and
 * the records' note says how long it was.
 * mbedtls's AES on x86_64 uses AES-NI one block at a time by itself.
 */
#include "applet.h"
#include "cpu.h"
#include "mem.h"
#include "progress.h"
#include "speed.h"
#include "speed_local.h"
#include "team.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OPTIONS(O) \
	O(ENGINE, "engine", OPT_CHOICE, "best: one table; both, all: more tables", \
	  .def = "best", .choices = "best|both|mbedtls|kernel|all") \
	O(PARALLEL, "parallel", OPT_INT, "copies run in parallel (threads); rates add", \
	  .letter = 'P', .def = "1", .min = 1, .max = 1024, .key = OPTK_PARALLEL) \
	O(MULTI, "multi", OPT_INT, "openssl's -multi N: the same as -P N", .min = 1, \
	  .max = 1024, .flags = OPT_DASH1, .metavar = "N") \
	O(SECONDS, "seconds", OPT_DOUBLE, "per size and operation (default 3, public key 10)", \
	  .min = 0.001, .max = 86400, .flags = OPT_DASH1, .metavar = "SECONDS") \
	O(BYTES, "bytes", OPT_SIZE, "one buffer size instead of 16 .. 16384", .min = 1, \
	  .max = 1 << 28, .flags = OPT_DASH1, .metavar = "BYTES") \
	O(EVP, "evp", OPT_STR, "time ALG too, as openssl -evp ALG does", .flags = OPT_DASH1, \
	  .metavar = "ALG") \
	O(DECRYPT, "decrypt", OPT_BOOL, "time decryption (ECB, CBC, CTR ciphers)", \
	  .flags = OPT_DASH1) \
	O(ELAPSED, "elapsed", OPT_BOOL, "wall-clock time (always so; accepted)", \
	  .flags = OPT_DASH1) \
	O(MR, "mr", OPT_BOOL, "openssl's machine-readable lines (+H: +F: ...)", \
	  .flags = OPT_DASH1)
OPT_TABLE(speed, OPTIONS);

/* algorithms, IVs and known answers (shared with tests/unit/test_speed.c) --- */

const struct speed_alg speed_algs[] = {
	{ "aes-128-cbc",	SPEED_CIPHER, 16, 16, 0,  "AES-128-CBC", "aes-128-cbc", 19 },
	{ "aes-192-cbc",	SPEED_CIPHER, 24, 16, 0,  "AES-192-CBC", "aes-192-cbc", 20 },
	{ "aes-256-cbc",	SPEED_CIPHER, 32, 16, 0,  "AES-256-CBC", "aes-256-cbc", 21 },
	{ "aes-128-ecb",	SPEED_CIPHER, 16, 16, 0,  "AES-128-ECB", NULL, 0 },
	{ "aes-192-ecb",	SPEED_CIPHER, 24, 16, 0,  "AES-192-ECB", NULL, 0 },
	{ "aes-256-ecb",	SPEED_CIPHER, 32, 16, 0,  "AES-256-ECB", NULL, 0 },
	{ "aes-128-ctr",	SPEED_CIPHER, 16, 16, 0,  "AES-128-CTR", NULL, 0 },
	{ "aes-128-gcm",	SPEED_AEAD,   16,  1, 16, "AES-128-GCM", NULL, 0 },
	{ "des-ede3-cbc",	SPEED_CIPHER, 24,  8, 0,  "DES-EDE3-CBC", "des-ede3", 11 },
	{ "md5",		SPEED_DIGEST,  0,  1, 16, "md5", "md5", 3 },
	{ "sha1",		SPEED_DIGEST,  0,  1, 20, "sha1", "sha1", 4 },
	{ "sha256",		SPEED_DIGEST,  0,  1, 32, "sha256", "sha256", 6 },
	{ "sha512",		SPEED_DIGEST,  0,  1, 64, "sha512", "sha512", 7 },
	{ "chacha20-poly1305",	SPEED_AEAD,   32,  1, 16, "ChaCha20-Poly1305", NULL, 0 },
	{ "rsa2048",		SPEED_PK,      0,  1, 0,  NULL, "rsa2048", 2 },
	{ "ecdsap256",		SPEED_PK,      0,  1, 0,  NULL, "ecdsap256", 3 },
	{ 0 }
};

const struct speed_alg *speed_alg_find(const char *name)
{
	const struct speed_alg *a;

	if (!strcmp(name, "des3") || !strcmp(name, "des-ede3"))
		name = "des-ede3-cbc";
	for (a = speed_algs; a->name; a++)
		if (!strcmp(a->name, name))
			return a;
	return NULL;
}

const char *speed_label(const struct speed_alg *alg, const char *name, int evp, int *mr_index)
{
	*mr_index = SPEED_MR_EVP;
	if (evp)
		return alg->evp && strcmp(name, "des-ede3") ? alg->evp : NULL;
	if (alg->legacy && !strcmp(name, alg->legacy)) {
		*mr_index = alg->mr_index;
		return alg->legacy;
	}
	return alg->evp;
}

static const uint8_t iv_seq[16] = {
	0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
	0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
};
static const uint8_t ctr_block[16] = {
	0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7,
	0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff,
};
static const uint8_t gcm_nonce[12] = {
	0xca, 0xfe, 0xba, 0xbe, 0xfa, 0xce, 0xdb, 0xad, 0xde, 0xca, 0xf8, 0x88,
};
static const uint8_t chacha_nonce[12] = { 0, 0, 0, 0, 0, 0, 0, 0x4a, 0, 0, 0, 0 };

const uint8_t *speed_iv(const char *alg, size_t *len)
{
	size_t n = strlen(alg);

	*len = 0;
	if (!strcmp(alg, "des-ede3-cbc"))
		return *len = 8, iv_seq;
	if (ends_with(alg, n, "-cbc"))
		return *len = 16, iv_seq;
	if (ends_with(alg, n, "-ctr"))
		return *len = 16, ctr_block;
	if (ends_with(alg, n, "-gcm"))
		return *len = 12, gcm_nonce;
	if (!strcmp(alg, "chacha20-poly1305"))
		return *len = 12, chacha_nonce;
	return NULL;
}

#define AES_PT	"6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51" \
		"30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710"
#define AES128	"2b7e151628aed2a6abf7158809cf4f3c"
#define AES192	"8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b"
#define AES256	"603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4"
#define FIPS448	"6162636462636465636465666465666765666768666768696768696a68696a6b" \
		"696a6b6c6a6b6c6d6b6c6d6e6c6d6e6f6d6e6f706e6f7071"
const struct speed_kat speed_kats[] = {
	{ "aes-128-ecb", "NIST SP 800-38A F.1.1", AES128, AES_PT,
	  "3ad77bb40d7a3660a89ecaf32466ef97f5d3d58503b9699de785895a96fdbaaf"
	  "43b1cd7f598ece23881b00e3ed0306887b0c785e27e8ad3f8223207104725dd4" },
	{ "aes-192-ecb", "NIST SP 800-38A F.1.3", AES192, AES_PT,
	  "bd334f1d6e45f25ff712a214571fa5cc974104846d0ad3ad7734ecb3ecee4eef"
	  "ef7afd2270e2e60adce0ba2face6444e9a4b41ba738d6c72fb16691603c18e0e" },
	{ "aes-256-ecb", "NIST SP 800-38A F.1.5", AES256, AES_PT,
	  "f3eed1bdb5d2a03c064b5a7e3db181f8591ccb10d410ed26dc5ba74a31362870"
	  "b6ed21b99ca6f4f9f153e7b1beafed1d23304b7a39f9f3ff067d8d8f9e24ecc7" },
	{ "aes-128-cbc", "NIST SP 800-38A F.2.1", AES128, AES_PT,
	  "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2"
	  "73bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7" },
	{ "aes-192-cbc", "NIST SP 800-38A F.2.3", AES192, AES_PT,
	  "4f021db243bc633d7178183a9fa071e8b4d9ada9ad7dedf4e5e738763f69145a"
	  "571b242012fb7ae07fa9baac3df102e008b0e27988598881d920a9e64f5615cd" },
	{ "aes-256-cbc", "NIST SP 800-38A F.2.5", AES256, AES_PT,
	  "f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d"
	  "39f23369a9d9bacfa530e26304231461b2eb05e2c39be9fcda6c19078c6a9d1b" },
	{ "aes-128-ctr", "NIST SP 800-38A F.5.1", AES128, AES_PT,
	  "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff"
	  "5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee" },
	{ "aes-128-gcm", "GCM specification (McGrew, Viega) test case 3",
	  "feffe9928665731c6d6a8f9467308308",
	  "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
	  "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255",
	  "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
	  "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985"
	  "4d5c2af327cd64a62cf35abd2ba6fab4" },
	/* SP 800-67's TDEA example is ECB ("The qufck brown fox jump"); each
	 * plaintext block here is XORed with the IV or the previous published
	 * ciphertext block, so CBC must give the published ciphertext. */
	{ "des-ede3-cbc", "NIST SP 800-67 TDEA example, chained for CBC",
	  "0123456789abcdef23456789abcdef01456789abcdef0123",
	  "5469672375706064c3069ffe8a4ceb7faa8d64a178500296",
	  "a826fd8ce53b855fcce21c8112256fe668d5c05dd9b6b900" },
	{ "md5", "RFC 1321 A.5", "", "616263", "900150983cd24fb0d6963f7d28e17f72" },
	{ "md5", "RFC 1321 A.5", "", "6d65737361676520646967657374",
	  "f96b697d7cb7938d525a2f31aaf161d0" },
	{ "sha1", "FIPS 180 example", "", "616263", "a9993e364706816aba3e25717850c26c9cd0d89d" },
	{ "sha1", "FIPS 180 example", "", FIPS448, "84983e441c3bd26ebaae4aa1f95129e5e54670f1" },
	{ "sha256", "FIPS 180 example", "", "616263",
	  "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
	{ "sha256", "FIPS 180 example", "", FIPS448,
	  "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1" },
	{ "sha512", "FIPS 180 example", "", "616263",
	  "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
	  "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f" },
	{ "sha512", "FIPS 180 example", "",
	  "61626364656667686263646566676869636465666768696a6465666768696a6b"
	  "65666768696a6b6c666768696a6b6c6d6768696a6b6c6d6e68696a6b6c6d6e6f"
	  "696a6b6c6d6e6f706a6b6c6d6e6f70716b6c6d6e6f7071726c6d6e6f70717273"
	  "6d6e6f70717273746e6f707172737475",
	  "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
	  "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909" },
	/* The ciphertext is RFC 8439 2.4.2's (the AEAD encrypts from block
	 * counter 1, as that example does). RFC 8439's AEAD example has
	 * additional data, which speed.h's AEADs do not take: this tag is the
	 * Poly1305 tag without it, computed by mbedtls and pyca/cryptography. */
	{ "chacha20-poly1305", "RFC 8439 2.4.2 (ciphertext)",
	  "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
	  "4c616469657320616e642047656e746c656d656e206f662074686520636c6173"
	  "73206f66202739393a204966204920636f756c64206f6666657220796f75206f"
	  "6e6c79206f6e652074697020666f7220746865206675747572652c2073756e73"
	  "637265656e20776f756c642062652069742e",
	  "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0b"
	  "f91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8"
	  "07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736"
	  "5af90bbf74a35be6b40b8eedf2785e42874d"
	  "81db63fcb189a03121ae0ac72a3f1f36" },
	{ 0 }
};
#undef AES_PT
#undef AES128
#undef AES192
#undef AES256
#undef FIPS448

int speed_unhex(const char *hex, uint8_t *out, size_t max)
{
	size_t n = strlen(hex), i;

	if (n % 2 || n / 2 > max)
		return -1;
	for (i = 0; i < n; i++) {
		char c = hex[i];
		int v = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
			c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;

		if (v < 0)
			return -1;
		if (i % 2)
			out[i / 2] = (uint8_t)(out[i / 2] | v);
		else
			out[i / 2] = (uint8_t)(v << 4);
	}
	return (int)(n / 2);
}

/* A zeroed, 64-byte aligned context of an implementation. */
static void *impl_ctx(const struct speed_impl *impl)
{
	size_t n = (impl->ctx_size + 63) / 64 * 64;
	void *p = aligned_alloc(64, n ? n : 64);

	if (p)
		memset(p, 0, n ? n : 64);
	return p;
}

enum { KAT_MAX = 160 };

/* One vector, one direction; 0 ok, -1 mismatch, 1 setup refused. */
static int kat_one(const struct speed_impl *impl, const struct speed_alg *alg,
		   const struct speed_kat *k, int decrypt, char *why, size_t len)
{
	uint8_t key[64], pt[KAT_MAX], ct[KAT_MAX + 16], out[KAT_MAX + 64];
	const uint8_t *in, *want;
	int klen = speed_unhex(k->key, key, sizeof(key));
	int plen = speed_unhex(k->pt, pt, sizeof(pt));
	int clen = speed_unhex(k->ct, ct, sizeof(ct));
	size_t n, cmp, split = 0;
	void *c;
	int rc = 0, err;

	if (klen < 0 || plen < 0 || clen < 0) {
		snprintf(why, len, "%s: bad vector (%s)", k->alg, k->source);
		return -1;
	}
	if (!(c = impl_ctx(impl))) {
		snprintf(why, len, "out of memory");
		return -1;
	}
	if (impl->setup(c, key, (size_t)klen, decrypt)) {
		err = errno;
		if (impl->cleanup)
			impl->cleanup(c);
		free(c);
		snprintf(why, len, "%s (%s): setup refused: %s", impl->alg, impl->engine,
			 strerror(err));
		errno = err;
		return 1;
	}
	n = (size_t)plen;
	in = decrypt ? ct : pt;
	want = decrypt ? pt : ct;
	cmp = alg->kind == SPEED_CIPHER ? n : alg->kind == SPEED_AEAD ? n + 16 : alg->outlen;
	memset(out, 0xa5, sizeof(out));
	if (alg->kind == SPEED_CIPHER)	/* two calls: the chain must carry over */
		split = n / alg->block / 2 * alg->block;
	if ((split && impl->run(c, in, out, split)) ||
	    impl->run(c, in + split, out + split, n - split))
		rc = -1;
	if (impl->cleanup)
		impl->cleanup(c);
	free(c);
	if (rc || (size_t)clen != cmp || memcmp(out, want, cmp)) {
		snprintf(why, len, "%s (%s): %s known-answer %s (%s)", impl->alg,
			 impl->engine, decrypt ? "decrypt" : "encrypt",
			 rc ? "run failed" : "mismatch", k->source);
		return -1;
	}
	return 0;
}

int speed_kat_check(const struct speed_impl *impl, int decrypt, char *why, size_t len)
{
	const struct speed_alg *alg = speed_alg_find(impl->alg);
	const struct speed_kat *k;
	int found = 0, rc, dir;

	if (!alg || alg->kind == SPEED_PK) {
		snprintf(why, len, "%s: not a cipher or digest", impl->alg);
		return -1;
	}
	for (k = speed_kats; k->alg; k++) {
		if (strcmp(k->alg, impl->alg))
			continue;
		found = 1;
		for (dir = 0; dir <= (decrypt && alg->kind == SPEED_CIPHER); dir++)
			if ((rc = kat_one(impl, alg, k, dir, why, len)))
				return rc;
	}
	if (!found) {
		snprintf(why, len, "%s: no known-answer vector", impl->alg);
		return -1;
	}
	return 0;
}

/* measuring -------------------------------------------------------------------- */

enum { MAX_SIZES = 64, MAX_ROWS = 256 };
static const size_t default_sizes[] = { 16, 64, 256, 1024, 8192, 16384 };
static const double ossl_sym_s = 3, ossl_pk_s = 10, quick_s = 0.05;

static int job_setup(void *arg, unsigned idx)
{
	struct speed_job *j = arg;
	struct speed_worker *w = &j->w[idx];
	size_t i, n = (j->maxsize + 64 + 63) / 64 * 64 + 64;

	if (j->pkkey) {
		if (speed_pk_worker_new(j->pkkey, idx, &w->pk)) {
			errorf("cannot set up a public-key worker");
			return EXIT_FAIL;
		}
		return EXIT_OK;
	}
	w->ctx = impl_ctx(j->impl);
	w->in = aligned_alloc(64, n);
	w->out = aligned_alloc(64, 128);
	if (!w->ctx || !w->in || !w->out) {
		errorf("out of memory");
		return EXIT_FAIL;
	}
	for (i = 0; i < n; i++)		/* touched here, on the worker's CPU */
		w->in[i] = (uint8_t)(i * 131 + 7);
	memset(w->out, 0, 128);
	w->setup_called = 1;
	if (j->impl->setup(w->ctx, j->key, j->keylen, j->decrypt)) {
		errorf("%s (%s): setup failed: %s", j->impl->alg, j->impl->engine, strerror(errno));
		return EXIT_FAIL;
	}
	return EXIT_OK;
}

static void job_free(struct speed_job *j, unsigned P)
{
	unsigned i;

	for (i = 0; i < P; i++) {
		struct speed_worker *w = &j->w[i];

		if (w->setup_called && j->impl->cleanup)
			j->impl->cleanup(w->ctx);
		free(w->ctx);
		free(w->in);
		free(w->out);
		speed_pk_worker_free(w->pk);
	}
	free(j->w);
	j->w = NULL;
}

/* the classic output ------------------------------------------------------------ */

/* What the openssl emitter prints from; filled before a row's records. */
struct speed_out {
	const size_t	*sizes;
	unsigned	nsizes;
	int		mr;			/* -mr: openssl's machine-readable lines */
	char		engines[512];		/* the first table's engine(s), for the
						   preamble's "engine:" line */
	const char	*label;			/* the row being reported: its label, */
	int		mr_index;		/* +F index */
	double		rate[MAX_SIZES];	/* and bytes/s */
	double		sym_s, pk_s;		/* the windows, for the "short" note */
	double		sign_s, verify_s, sign_rate, verify_rate;	/* public key */
	unsigned	bits;
};

/* The records' group of the first table's rows (other tables: the engine). */
static const char first_table[] = "*";

/* Where openssl prints its preamble (version:, built on:, options:,
 * compiler:, CPUINFO:), before the table: benchbox's own lines. -mr has
 * none, as openssl's has none. */
static void classic_begin(struct emit_out *o, const struct run_info *info)
{
	const struct speed_out *s = o->arg;

	if (s && s->mr)
		return;
	fprintf(o->f, "version: benchbox %s speed (%s)\n", info->version, info->mbedtls);
	fprintf(o->f, "options: wall-clock time (-elapsed); rates in 1000s of bytes/s\n");
	fprintf(o->f, "compiler: %s %s\n", info->cc, info->cflags);
	fprintf(o->f, "CPUINFO: %s: %s\n", info->arch, *info->cpu_features ? info->cpu_features
									 : "(no extensions)");
	if (s && *s->engines)
		fprintf(o->f, "engine: %s\n", s->engines);
}

/* o->group holds the last table's name from its second byte on; its first
 * byte becomes '!' once the "short" note is out (per output: -o too). */
static int new_table(struct emit_out *o, const struct result *r, const struct speed_out *s)
{
	char *last = o->group + 1;
	int pk = !strncmp(r->group, "pk:", 3);

	if (!strcmp(last, r->group))
		return 0;
	if ((r->flags & REPORT_SHORT) && o->group[0] != '!') {
		fprintf(o->f, "note: %gs per test, shorter than openssl's %gs: flagged short, "
			"figures less stable\n", pk ? s->pk_s : s->sym_s,
			pk ? ossl_pk_s : ossl_sym_s);
		o->group[0] = '!';
	} else if (!o->group[0]) {
		o->group[0] = ' ';
	}
	snprintf(last, sizeof(o->group) - 1, "%s", r->group);
	return 1;
}

/* -mr (openssl speed -mr's stdout): "+H:size:size..." once before the
 * first cipher or digest row, "+F:index:label:bytes/s:..." per row,
 * "+F2:index:bits:sign/s:verify/s" for RSA, "+F4:..." for ECDSA.
 * o->group[0] is 'H' once +H is out. */
static void mr_record(struct emit_out *o, const struct result *r, const struct speed_out *s)
{
	unsigned i;

	if (!strncmp(r->group, "pk:", 3)) {
		if (r->x == 1)
			fprintf(o->f, "+F%d:%d:%u:%f:%f\n", strcmp(r->test, "rsa2048") ? 4 : 2,
				s->mr_index, s->bits, s->sign_rate, s->verify_rate);
		return;
	}
	if (r->x != (double)s->sizes[s->nsizes - 1])	/* whole row at its last size */
		return;
	if (o->group[0] != 'H') {
		fputs("+H", o->f);
		for (i = 0; i < s->nsizes; i++)
			fprintf(o->f, ":%zu", s->sizes[i]);
		fputc('\n', o->f);
		o->group[0] = 'H';
	}
	fprintf(o->f, "+F:%d:%s", s->mr_index, s->label);
	for (i = 0; i < s->nsizes; i++)
		fprintf(o->f, ":%.2f", s->rate[i]);
	fputc('\n', o->f);
}

static void classic_record(struct emit_out *o, const struct result *r)
{
	const struct speed_out *s = o->arg;
	unsigned i;

	if (!s || (r->flags & (REPORT_FAILED | REPORT_SKIPPED)))
		return;
	if (s->mr) {
		mr_record(o, r, s);
		return;
	}
	if (!strncmp(r->group, "pk:", 3)) {
		int rsa = !strcmp(r->test, "rsa2048");

		if (new_table(o, r, s))
			fprintf(o->f, "%*s%s\n", rsa ? 18 : 30, "",
				"sign    verify    sign/s verify/s");
		if (r->x != 1)		/* the row is printed with its second record */
			return;
		if (rsa)
			fprintf(o->f, "rsa %4u bits %8.6fs %8.6fs %8.1f %8.1f\n", s->bits,
				s->sign_s, s->verify_s, s->sign_rate, s->verify_rate);
		else
			fprintf(o->f, "%4u bits ecdsa (%s) %8.4fs %8.4fs %8.1f %8.1f\n", s->bits,
				"nistp256", s->sign_s, s->verify_s, s->sign_rate, s->verify_rate);
		return;
	}
	if (new_table(o, r, s)) {
		if (strcmp(r->group, first_table))	/* the first table's is above */
			fprintf(o->f, "engine: %s\n", r->kernel);
		fputs("The 'numbers' are in 1000s of bytes per second processed.\n", o->f);
		fprintf(o->f, "%-12s", "type");
		for (i = 0; i < s->nsizes; i++)
			fprintf(o->f, "%7zu bytes", s->sizes[i]);
		fputc('\n', o->f);
	}
	if (r->x != (double)s->sizes[s->nsizes - 1])	/* whole row at its last size */
		return;
	fprintf(o->f, "%-13s", s->label);
	for (i = 0; i < s->nsizes; i++)
		if (s->rate[i] > 10000)
			fprintf(o->f, " %11.2fk", s->rate[i] / 1e3);
		else
			fprintf(o->f, " %11.2f ", s->rate[i]);
	fputc('\n', o->f);
}

static void classic_end(struct emit_out *o)
{
}

static const struct emitter emit_openssl = {
	"openssl", 0, classic_begin, classic_record, classic_end,
};

/* planning ---------------------------------------------------------------------- */

enum row_state { ROW_RUN, ROW_SKIP, ROW_FAILED };

/* An algorithm as the command line named it (a positional name or -evp). */
struct pick {
	const struct speed_alg	*alg;
	const char		*label;		/* openssl's row label for that form */
	int			mr_index;	/* -mr's +F index */
	int			metric;		/* the first pick of its algorithm: the
						   records' metric */
};

struct row {
	const struct speed_alg	*alg;
	const struct speed_impl	*impl;
	const struct pick	*pick;
	int			primary;	/* the --engine choice: first table, metric */
	int			rank;		/* table order */
	int			order;		/* algorithm order */
	enum row_state		state;
	char			why[200];
};

struct speed {
	struct run_ctx		*ctx;
	const char		*engine;	/* best, both, mbedtls, kernel, all */
	size_t			sizes[MAX_SIZES];
	unsigned		nsizes, P;
	double			sym_s, pk_s;
	int			decrypt, rc;
	unsigned		measured;
	struct row		rows[MAX_ROWS];
	unsigned		nrows;
	struct speed_out	out;
};

/* The order of the tables after the first: mbedtls, the tuned ones in
 * their table's order, kernel (the first table keeps the command line's). */
static int engine_rank(const char *engine, int primary)
{
	unsigned i;

	if (primary)
		return 0;
	if (!strcmp(engine, "mbedtls"))
		return 1000;
	if (!strcmp(engine, "kernel"))
		return 3000;
	for (i = 0; speed_tuned[i].alg; i++)
		if (!strcmp(speed_tuned[i].engine, engine))
			return 2000 + (int)i;
	return 2999;
}

/* Add a row for impl after its known-answer check. Returns the check's
 * answer: 0 ok, -1 mismatch (row failed), 1 refused (row skipped). */
static int add_row(struct speed *S, const struct pick *pk, int order,
		   const struct speed_impl *impl, int primary, int keep_refused)
{
	struct row *r;
	char why[200];
	int rc = speed_kat_check(impl, S->decrypt, why, sizeof(why));

	if ((rc == 1 && !keep_refused) || S->nrows >= MAX_ROWS)
		return rc;
	r = &S->rows[S->nrows++];
	memset(r, 0, sizeof(*r));
	r->alg = pk->alg;
	r->pick = pk;
	r->impl = impl;
	r->primary = primary;
	r->order = order;
	r->state = rc == 0 ? ROW_RUN : rc < 0 ? ROW_FAILED : ROW_SKIP;
	snprintf(r->why, sizeof(r->why), "%s", rc ? why : "");
	r->rank = rc == 0 ? engine_rank(impl->engine, primary) : 0;
	return rc;
}

static void add_missing(struct speed *S, const struct pick *pk, int order,
			const char *engine, const char *why)
{
	static const struct speed_impl none[] = {
		{ "", "kernel", 0, 0, NULL, NULL, NULL },
	};
	struct row *r;

	if (S->nrows >= MAX_ROWS)
		return;
	r = &S->rows[S->nrows++];
	memset(r, 0, sizeof(*r));
	r->alg = pk->alg;
	r->pick = pk;
	r->impl = none;
	r->order = order;
	r->primary = 1;
	r->state = ROW_SKIP;
	snprintf(r->why, sizeof(r->why), "%s (%s): %s", pk->alg->name, engine, why);
}

static const struct speed_impl *find_impl(const struct speed_impl *tab, const char *alg)
{
	for (; tab->alg; tab++)
		if (!strcmp(tab->alg, alg))
			return tab;
	return NULL;
}

/* The rows of one symmetric algorithm for the chosen engine(s). */
static void plan_alg(struct speed *S, const struct pick *pk, int order)
{
	const struct speed_alg *alg = pk->alg;
	const struct speed_impl *mb = find_impl(speed_mbedtls, alg->name), *t;
	const struct speed_impl *kern = find_impl(speed_kernel, alg->name), *best = NULL;
	int all = !strcmp(S->engine, "all"), both = !strcmp(S->engine, "both");
	unsigned cpu = S->ctx->cpu;

	if (!strcmp(S->engine, "kernel")) {
		if (kern)
			add_row(S, pk, order, kern, 1, 1);
		else
			add_missing(S, pk, order, "kernel",
				    "no kernel (AF_ALG) implementation here");
		return;
	}
	if (strcmp(S->engine, "mbedtls")) {	/* best, all: the first tuned that works */
		for (t = speed_tuned; t->alg && !best; t++) {
			if (strcmp(t->alg, alg->name) || !cpu_has(cpu, t->needs))
				continue;
			switch (add_row(S, pk, order, t, 1, 0)) {
			case 0:
			case -1:	/* a wrong answer is reported, never replaced */
				best = t;
				break;
			default:
				break;
			}
		}
	}
	if (!best && mb) {
		add_row(S, pk, order, mb, 1, 1);
		best = mb;
	}
	if (both && mb && mb != best)	/* the plain software stack beside it */
		add_row(S, pk, order, mb, 0, 1);
	if (!all)
		return;
	if (mb && mb != best)
		add_row(S, pk, order, mb, 0, 1);
	for (t = speed_tuned; t->alg; t++)
		if (t != best && !strcmp(t->alg, alg->name) && cpu_has(cpu, t->needs))
			add_row(S, pk, order, t, 0, 1);
	if (kern)
		add_row(S, pk, order, kern, 0, 1);
}

static int row_cmp(const void *pa, const void *pb)
{
	const struct row *a = pa, *b = pb;

	if (a->primary != b->primary)
		return b->primary - a->primary;
	if (!a->primary && a->rank != b->rank)	/* the first table: command-line order */
		return a->rank - b->rank;
	return a->order - b->order;
}

/* running ----------------------------------------------------------------------- */

static void params(char *buf, size_t len, const char *first, unsigned P, int decrypt)
{
	snprintf(buf, len, "%s,P=%u%s", first, P, decrypt ? ",decrypt" : "");
}

/* A window shorter than openssl's is flagged short, and its records say
 * how long it was ("0.3 s per size (openssl: 3 s)"); NULL otherwise. */
static const char *window_note(char *buf, size_t len, double secs, double ossl, const char *per)
{
	if (secs >= ossl)
		return NULL;
	snprintf(buf, len, "%g s per %s (openssl: %g s)", secs, per, ossl);
	return buf;
}

/* Time one symmetric row at every size and report it. */
static void run_row(struct speed *S, const struct row *rw)
{
	struct run_ctx *ctx = S->ctx;
	struct speed_job j;
	struct team *t;
	uint64_t counts[MAX_SIZES];
	unsigned i, k;
	int rc;
	char driver[80] = "", name[64];

	memset(&j, 0, sizeof(j));
	j.impl = rw->impl;
	j.keylen = rw->alg->keylen;
	for (i = 0; i < j.keylen; i++)	/* a fixed key; three distinct DES keys */
		j.key[i] = (uint8_t)(i * 37 + 11);
	j.decrypt = S->decrypt && rw->alg->kind == SPEED_CIPHER;	/* AEADs encrypt */
	j.inplace = rw->alg->kind != SPEED_DIGEST;
	j.dur = S->sym_s;
	for (i = 0; i < S->nsizes; i++)
		if (S->sizes[i] > j.maxsize)
			j.maxsize = S->sizes[i];
	j.w = xcalloc(S->P, sizeof(*j.w));
	t = team_start(S->P, ctx->cpus, ctx->ncpus, job_setup, speed_job_work, &j, &rc);
	if (!t) {
		job_free(&j, S->P);
		S->rc = S->rc ? S->rc : rc;
		return;
	}
	for (i = 0; i < S->nsizes; i++) {
		double rate = 0, secs = 0;
		uint64_t total = 0;
		int err = 0;

		j.size = S->sizes[i];
		if (S->out.mr)
			fprintf(stderr, "+DT:%s:%g:%zu\n", rw->pick->label, j.dur, j.size);
		else
			fprintf(stderr, "Doing %s for %gs on %zu size blocks: ", rw->pick->label,
				j.dur, j.size);
		team_body(t, 1);
		for (k = 0; k < S->P; k++) {
			struct speed_worker *w = &j.w[k];

			err |= w->err;
			total += w->count;
			if (w->secs > secs)
				secs = w->secs;
			if (w->secs > 0)	/* -multi: the rates add */
				rate += (double)w->count * (double)j.size / w->secs;
		}
		if (err) {
			struct result r = { 0 };
			char p[64], sz[32];

			if (!S->out.mr)
				fprintf(stderr, "failed\n");
			errorf("%s (%s): the operation failed at %zu bytes", rw->alg->name,
			       rw->impl->engine, j.size);
			snprintf(sz, sizeof(sz), "size=%zu", j.size);
			params(p, sizeof(p), sz, S->P, j.decrypt);
			r.test = rw->alg->name;
			r.kernel = rw->impl->engine;
			r.params = p;
			r.unit = UNIT_MB_S;
			r.better = 1;
			r.flags = REPORT_FAILED;
			r.note = "operation failed";
			r.group = rw->primary ? first_table : rw->impl->engine;
			report(ctx, &r);
			S->rc = EXIT_FAIL;
			team_stop(t);
			job_free(&j, S->P);
			return;
		}
		if (S->out.mr)
			fprintf(stderr, "+R:%llu:%s:%f\n", (unsigned long long)total,
				rw->pick->label, secs);
		else
			fprintf(stderr, "%llu %s's in %.2fs\n", (unsigned long long)total,
				rw->pick->label, secs);
		S->out.rate[i] = rate;
		counts[i] = total;
	}
	team_stop(t);
	job_free(&j, S->P);

	S->out.label = rw->pick->label;
	S->out.mr_index = rw->pick->mr_index;
	/* the kernel's rows say which driver the kernel picked: an SoC's
	 * accelerator, a CPU-extension glue driver or generic C */
	if (!strcmp(rw->impl->engine, "kernel"))
		snprintf(driver, sizeof(driver), "driver %s",
			 speed_afalg_driver(rw->alg->name, name, sizeof(name))
				 ? name : "not in /proc/crypto");
	for (i = 0; i < S->nsizes; i++) {
		struct result r = { 0 };
		char p[64], sz[32], metric[48], note[64], both[sizeof(driver) + 66];

		snprintf(sz, sizeof(sz), "size=%zu", S->sizes[i]);
		params(p, sizeof(p), sz, S->P, j.decrypt);
		r.test = rw->alg->name;
		r.kernel = rw->impl->engine;
		r.params = p;
		r.unit = UNIT_MB_S;
		r.better = 1;
		r.value = r.min = r.max = S->out.rate[i] / 1e6;
		r.iters = counts[i];
		r.samples = 1;
		r.note = window_note(note, sizeof(note), S->sym_s, ossl_sym_s, "size");
		r.flags = r.note ? REPORT_SHORT : 0;
		if (*driver) {
			snprintf(both, sizeof(both), "%s%s%s", r.note ? r.note : "",
				 r.note ? "; " : "", driver);
			r.note = both;
		}
		if (rw->primary && rw->pick->metric && S->P == 1 && !j.decrypt) {
			snprintf(metric, sizeof(metric), "%s-%zu", rw->alg->name, S->sizes[i]);
			r.metric = metric;
		}
		r.group = rw->primary ? first_table : rw->impl->engine;
		r.x = (double)S->sizes[i];
		report(ctx, &r);
	}
	S->measured++;
}

/* One public-key operation for S->pk_s; returns the summed rate (ops/s). */
static int run_pk_op(struct speed *S, struct team *t, struct speed_job *j, const char *alg,
		     int verify, double *rate, uint64_t *count)
{
	unsigned bits = speed_pk_bits(alg), k;
	int rsa = !strcmp(alg, "rsa2048");
	uint64_t total = 0;
	double secs = 0;

	j->pk_verify = verify;
	if (S->out.mr)		/* openssl -mr: +DTP:bits:op:rsa|ecdsa:seconds */
		fprintf(stderr, "+DTP:%u:%s:%s:%g\n", bits,
			rsa ? verify ? "public" : "private" : verify ? "verify" : "sign",
			rsa ? "rsa" : "ecdsa", j->dur);
	else if (rsa)
		fprintf(stderr, "Doing %u bits %s rsa's for %gs: ", bits,
			verify ? "public" : "private", j->dur);
	else
		fprintf(stderr, "Doing %u bits %s ecdsa's for %gs: ", bits,
			verify ? "verify" : "sign", j->dur);
	team_body(t, 1);
	*rate = 0;
	for (k = 0; k < S->P; k++) {
		if (j->w[k].err) {
			if (!S->out.mr)
				fprintf(stderr, "failed\n");
			errorf("%s: %s failed", alg, verify ? "verify" : "sign");
			return -1;
		}
		total += j->w[k].count;
		if (j->w[k].secs > secs)
			secs = j->w[k].secs;
		if (j->w[k].secs > 0)
			*rate += (double)j->w[k].count / j->w[k].secs;
	}
	*count = total;
	if (S->out.mr)		/* +R1/+R2 RSA private/public, +R5/+R6 ECDSA sign/verify */
		fprintf(stderr, "+R%d:%llu:%u:%.2f\n", (rsa ? 1 : 5) + verify,
			(unsigned long long)total, bits, secs);
	else if (rsa)
		fprintf(stderr, "%llu %u bits %s RSA's in %.2fs\n", (unsigned long long)total, bits,
			verify ? "public" : "private", secs);
	else
		fprintf(stderr, "%llu %u bits ECDSA %s in %.2fs\n", (unsigned long long)total, bits,
			verify ? "verify" : "signs", secs);
	return 0;
}

static void pk_record(struct speed *S, const char *alg, const char *op, double rate,
		      uint64_t count, unsigned flags, double x)
{
	struct result r = { 0 };
	char p[64], o[16], metric[48], group[16], note[64];

	snprintf(o, sizeof(o), "op=%s", op);
	params(p, sizeof(p), o, S->P, 0);
	snprintf(group, sizeof(group), "pk:%s", alg);
	r.test = alg;
	r.kernel = "mbedtls";
	r.params = p;
	r.unit = UNIT_OPS_S;
	r.better = 1;
	r.value = r.min = r.max = rate;
	r.iters = count;
	r.samples = 1;
	r.flags = flags;
	if (flags & REPORT_FAILED)
		r.note = "sign/verify self-check failed";
	else if (flags & REPORT_SHORT)
		r.note = window_note(note, sizeof(note), S->pk_s, ossl_pk_s, "operation");
	if (S->P == 1 && !(flags & REPORT_FAILED)) {
		snprintf(metric, sizeof(metric), "%s-%s", alg, op);
		r.metric = metric;
	}
	r.group = group;
	r.x = x;
	report(S->ctx, &r);
}

static void run_pk(struct speed *S, const char *alg)
{
	struct speed_pk_key *key = NULL;
	struct speed_pk_worker *chk = NULL;
	struct speed_job j;
	struct team *t;
	uint64_t t0 = bench_clock_ns();
	double sign_rate = 0, verify_rate = 0;
	uint64_t nsign = 0, nverify = 0;
	char why[160];
	int rc;

	if (speed_pk_keygen(alg, &key)) {
		errorf("%s: key generation failed", alg);
		S->rc = EXIT_FAIL;
		return;
	}
	if (!S->out.mr)
		fprintf(stderr, "Generated the %u-bit %s key (fixed seed) in %.2fs\n",
			speed_pk_bits(alg), !strcmp(alg, "rsa2048") ? "RSA" : "ECDSA",
			(double)(bench_clock_ns() - t0) / 1e9);
	if (speed_pk_worker_new(key, 0, &chk) || speed_pk_check(chk, 0, why, sizeof(why))) {
		if (chk)
			errorf("%s: self-check failed: %s", alg, why);
		else
			errorf("%s: cannot set up the self-check", alg);
		pk_record(S, alg, "sign", 0, 0, REPORT_FAILED, 0);
		S->rc = chk ? EXIT_WRONG : EXIT_FAIL;
		speed_pk_worker_free(chk);
		speed_pk_key_free(key);
		return;
	}
	speed_pk_worker_free(chk);
	memset(&j, 0, sizeof(j));
	j.pkkey = key;
	j.dur = S->pk_s;
	j.w = xcalloc(S->P, sizeof(*j.w));
	t = team_start(S->P, S->ctx->cpus, S->ctx->ncpus, job_setup, speed_job_work, &j, &rc);
	if (!t || run_pk_op(S, t, &j, alg, 0, &sign_rate, &nsign) ||
	    run_pk_op(S, t, &j, alg, 1, &verify_rate, &nverify)) {
		S->rc = t ? EXIT_FAIL : rc;
	} else {
		unsigned flags = S->pk_s < ossl_pk_s ? REPORT_SHORT : 0;

		S->out.bits = speed_pk_bits(alg);
		S->out.mr_index = speed_alg_find(alg)->mr_index;
		S->out.sign_rate = sign_rate;
		S->out.verify_rate = verify_rate;
		S->out.sign_s = sign_rate > 0 ? 1 / sign_rate : 0;
		S->out.verify_s = verify_rate > 0 ? 1 / verify_rate : 0;
		pk_record(S, alg, "sign", sign_rate, nsign, flags, 0);
		pk_record(S, alg, "verify", verify_rate, nverify, flags, 1);
		S->measured++;
	}
	team_stop(t);
	j.impl = NULL;
	job_free(&j, S->P);
	speed_pk_key_free(key);
}

/* One warning per engine and reason: "kernel: skipped md5 sha1 ...: why". */
static void warn_skipped(struct speed *S)
{
	unsigned i, k;
	char *done = xcalloc(S->nrows + 1, 1);

	for (i = 0; i < S->nrows; i++) {
		const char *why = strstr(S->rows[i].why, "): "), *wk;
		char names[512] = "";

		if (S->rows[i].state != ROW_SKIP || done[i])
			continue;
		why = why ? why + 3 : S->rows[i].why;
		for (k = i; k < S->nrows; k++) {
			const struct row *r = &S->rows[k];

			wk = strstr(r->why, "): ");
			if (r->state != ROW_SKIP || done[k] ||
			    strcmp(r->impl->engine, S->rows[i].impl->engine) ||
			    strcmp(wk ? wk + 3 : r->why, why))
				continue;
			done[k] = 1;
			snprintf(names + strlen(names), sizeof(names) - strlen(names), "%s%s",
				 *names ? " " : "", r->alg->name);
		}
		warnf("%s: skipped %s: %s", S->rows[i].impl->engine, names, why);
	}
	free(done);
}

/* Add the algorithm `name` (as -evp gave it when evp) unless that form is in
 * already; -1 (said) when speed has no such algorithm. */
static int add_pick(struct pick *list, unsigned *n, const char *name, int evp)
{
	const struct speed_alg *a = speed_alg_find(name);
	const char *label = NULL;
	int mr = 0;
	unsigned i;

	if (a)
		label = speed_label(a, name, evp, &mr);
	if (!label) {
		if (a && evp && a->kind != SPEED_PK)	/* des-ede3 */
			errorf("-evp %s: openssl's DES-EDE3-ECB, which speed does not have "
			       "(-evp des3 is DES-EDE3-CBC)", name);
		else if (a && evp)
			errorf("-evp %s: not a cipher or digest", name);
		else
			errorf("unknown algorithm '%s' (try 'speed --help')", name);
		return -1;
	}
	for (i = 0; i < *n; i++)
		if (list[i].alg == a && !strcmp(list[i].label, label))
			return 0;
	list[*n].alg = a;
	list[*n].label = label;
	list[*n].mr_index = mr;
	list[*n].metric = 1;
	for (i = 0; i < *n; i++)
		if (list[i].alg == a)
			list[*n].metric = 0;
	(*n)++;
	return 0;
}

/* The preamble's engine line: "mbedtls", or "aesni (aes-128-cbc), mbedtls
 * (md5 rsa2048)" when the first table's rows come from more than one. */
static void engine_line(struct speed *S, const struct pick *picks, unsigned npicks)
{
	const char *seen[MAX_ROWS + 1];
	unsigned nseen = 0, i, k;
	int pk = 0;
	char *b = S->out.engines;
	size_t len = sizeof(S->out.engines), at = 0;

	for (i = 0; i < npicks; i++)
		pk |= picks[i].alg->kind == SPEED_PK;
	for (i = 0; i < S->nrows; i++) {
		if (!S->rows[i].primary || S->rows[i].state != ROW_RUN)
			continue;
		for (k = 0; k < nseen && strcmp(seen[k], S->rows[i].impl->engine); k++)
			;
		if (k == nseen)
			seen[nseen++] = S->rows[i].impl->engine;
	}
	if (pk && strcmp(S->engine, "kernel")) {	/* public key: mbedtls */
		for (k = 0; k < nseen && strcmp(seen[k], "mbedtls"); k++)
			;
		if (k == nseen)
			seen[nseen++] = "mbedtls";
	}
	if (nseen == 1)
		snprintf(b, len, "%s", seen[0]);
	if (nseen < 2)
		return;
	for (k = 0; k < nseen && at < len; k++) {
		at += (size_t)snprintf(b + at, len - at, "%s%s (", k ? ", " : "", seen[k]);
		for (i = 0; i < S->nrows && at < len; i++)
			if (S->rows[i].primary && S->rows[i].state == ROW_RUN &&
			    !strcmp(S->rows[i].impl->engine, seen[k]))
				at += (size_t)snprintf(b + at, len - at, "%s%s",
						       b[at - 1] == '(' ? "" : " ",
						       S->rows[i].pick->label);
		for (i = 0; i < npicks && at < len; i++)
			if (picks[i].alg->kind == SPEED_PK && !strcmp(seen[k], "mbedtls"))
				at += (size_t)snprintf(b + at, len - at, "%s%s",
						       b[at - 1] == '(' ? "" : " ",
						       picks[i].label);
		if (at < len)
			at += (size_t)snprintf(b + at, len - at, ")");
	}
}

static int speed_run(struct run_ctx *ctx)
{
	struct speed *S = xcalloc(1, sizeof(*S));
	struct pick algs[64];
	unsigned nalgs = 0, i, k;
	const char *evp = opt_str(ctx, EVP);
	int rc;

	/* openssl's "Doing ..." lines are speed's progress: no second one */
	progress_stop(ctx->bench.progress);
	ctx->bench.progress = NULL;
	S->ctx = ctx;
	S->engine = opt_str(ctx, ENGINE);
	if (*ctx->kernel && !opt_given(ctx, ENGINE)) {	/* --kernel as a synonym */
		if (!strcmp(ctx->kernel, "c"))
			S->engine = "mbedtls";
		else if (!strcmp(ctx->kernel, "best") || !strcmp(ctx->kernel, "both") ||
			 !strcmp(ctx->kernel, "mbedtls") || !strcmp(ctx->kernel, "kernel") ||
			 !strcmp(ctx->kernel, "all"))
			S->engine = ctx->kernel;
		else {
			errorf("--kernel: '%s' is not one of best, both, mbedtls, kernel, all, c",
			       ctx->kernel);
			free(S);
			return EXIT_USAGE;
		}
	}
	S->out.mr = (int)opt_int(ctx, MR);
	if (S->out.mr)		/* +lines only: no preamble when nothing is measured */
		ctx->rep->silent = 1;
	if (S->out.mr && (!strcmp(S->engine, "both") || !strcmp(S->engine, "all"))) {
		errorf("-mr prints one table: --engine=%s gives more (use best, mbedtls or "
		       "kernel)", S->engine);
		free(S);
		return EXIT_USAGE;
	}
	if (opt_given(ctx, MULTI) && opt_given(ctx, PARALLEL)) {
		errorf("-multi and -P are the same option: give one");
		free(S);
		return EXIT_USAGE;
	}
	S->P = (unsigned)(opt_given(ctx, MULTI) ? opt_int(ctx, MULTI) : opt_int(ctx, PARALLEL));
	S->decrypt = (int)opt_int(ctx, DECRYPT);
	S->sym_s = opt_given(ctx, SECONDS) ? opt_double(ctx, SECONDS) :
		   ctx->quick ? quick_s : ossl_sym_s;
	S->pk_s = opt_given(ctx, SECONDS) ? opt_double(ctx, SECONDS) :
		  ctx->quick ? quick_s : ossl_pk_s;
	if (opt_given(ctx, BYTES)) {
		S->sizes[0] = (size_t)opt_size(ctx, BYTES);
		S->nsizes = 1;
	} else {
		memcpy(S->sizes, default_sizes, sizeof(default_sizes));
		S->nsizes = ARRAY_LEN(default_sizes);
	}
	if ((unsigned)ctx->argc >= ARRAY_LEN(algs)) {
		errorf("too many algorithms (%d)", ctx->argc);
		free(S);
		return EXIT_USAGE;
	}
	for (i = 0; i < (unsigned)ctx->argc; i++)
		if (add_pick(algs, &nalgs, ctx->argv[i], 0)) {
			free(S);
			return EXIT_USAGE;
		}
	if (evp && add_pick(algs, &nalgs, evp, 1)) {
		free(S);
		return EXIT_USAGE;
	}
	if (!nalgs)
		for (i = 0; speed_algs[i].name; i++)
			add_pick(algs, &nalgs, speed_algs[i].name, 0);
	for (i = 0; i < nalgs; i++)
		if (algs[i].alg->kind != SPEED_PK && S->sizes[0] % algs[i].alg->block) {
			errorf("-bytes %zu: %s needs a multiple of %u bytes", S->sizes[0],
			       algs[i].alg->name, algs[i].alg->block);
			free(S);
			return EXIT_USAGE;
		}
	{
		char why[160];
		uint64_t need = ((uint64_t)S->sizes[S->nsizes - 1] * 2 + 512) * S->P;

		if (mem_fits(need, why, sizeof(why))) {
			errorf("-bytes %zu with %u cop%s: %s", S->sizes[0], S->P,
			       S->P == 1 ? "y" : "ies", why);
			free(S);
			return EXIT_FAIL;
		}
	}

	S->out.sizes = S->sizes;
	S->out.nsizes = S->nsizes;
	S->out.sym_s = S->sym_s;
	S->out.pk_s = S->pk_s;
	reporter_set_arg(ctx->rep, &S->out);

	/* plan: known-answer checks first, then the table order: openssl's
	 * (its table's index, the -evp rows last), then the command line's */
	for (i = 0; i < nalgs; i++)
		if (algs[i].alg->kind != SPEED_PK)
			plan_alg(S, &algs[i], algs[i].mr_index * 256 + (int)i);
	qsort(S->rows, S->nrows, sizeof(S->rows[0]), row_cmp);
	engine_line(S, algs, nalgs);
	for (i = 0; i < S->nrows; i++) {
		struct row *rw = &S->rows[i];
		struct result r = { 0 };
		char p[64];

		if (rw->state == ROW_RUN)
			continue;
		params(p, sizeof(p), "", S->P, S->decrypt && rw->alg->kind == SPEED_CIPHER);
		r.test = rw->alg->name;
		r.kernel = rw->impl->engine;
		r.params = p + 1;	/* no leading comma */
		r.unit = UNIT_MB_S;
		r.better = 1;
		r.note = rw->why;
		r.group = rw->primary ? first_table : rw->impl->engine;
		if (rw->state == ROW_FAILED) {
			errorf("%s", rw->why);
			r.flags = REPORT_FAILED;
			S->rc = EXIT_WRONG;
		} else {
			r.flags = REPORT_SKIPPED;
		}
		report(ctx, &r);
	}
	warn_skipped(S);
	for (i = 0; i < S->nrows && S->rc != EXIT_FAIL; i++)
		if (S->rows[i].state == ROW_RUN)
			run_row(S, &S->rows[i]);
	for (i = 0; speed_algs[i].name && S->rc != EXIT_FAIL; i++) {	/* openssl's order */
		for (k = 0; k < nalgs && algs[k].alg != &speed_algs[i]; k++)
			;
		if (k == nalgs || speed_algs[i].kind != SPEED_PK)
			continue;
		if (!strcmp(S->engine, "kernel")) {
			warnf("%s (kernel): skipped: public key runs through mbedtls only",
			      speed_algs[i].name);
			continue;
		}
		run_pk(S, speed_algs[i].name);
	}
	reporter_set_arg(ctx->rep, NULL);
	rc = S->rc ? S->rc : S->measured ? EXIT_OK : EXIT_SKIP;
	if (rc == EXIT_SKIP)
		errorf("nothing could be measured with --engine=%s here", S->engine);
	free(S);
	return rc;
}

TEXT(speed_summary, "cipher, digest, signature throughput (openssl's speed)");
TEXT(speed_usage,
	"usage: speed [-elapsed] [-seconds SECONDS] [-bytes BYTES] [-evp ALG]\n"
	"             [-decrypt] [-multi N] [-mr] [ALGORITHM...]\n"
	"\n"
	"Cipher, digest and signature throughput by openssl speed's method, in its\n"
	"layout and row labels: each algorithm runs 3 s on buffers of 16 to 16384\n"
	"bytes, in 1000s of bytes per second of wall-clock time (openssl's -elapsed;\n"
	"always so); RSA-2048 and ECDSA P-256 sign and verify 10 s each. ALGORITHM:\n"
	"aes-128-cbc aes-192-cbc aes-256-cbc aes-128-ecb aes-192-ecb aes-256-ecb\n"
	"aes-128-ctr aes-128-gcm des-ede3-cbc (des3) md5 sha1 sha256 sha512\n"
	"chacha20-poly1305 rsa2048 ecdsap256 (default: all). --engine=best (default)\n"
	"times each algorithm once, by benchbox's tuned kernel where the CPU has one\n"
	"(AES-NI, SHA-NI, ARMv8 crypto), else by mbedtls; both and all add tables for\n"
	"mbedtls and for the kernel's crypto API (AF_ALG). Every implementation\n"
	"passes known-answer vectors first. openssl's one-dash options work as\n"
	"written; -mr prints its machine-readable lines instead of the table, and\n"
	"--format the records in MB/s.\n");

const struct applet applet_speed = {
	.name    = "speed",
	.summary = TEXT_PTR(speed_summary),
	.usage   = TEXT_PTR(speed_usage),
	.opts    = opts,
	.unit    = UNIT_MB_S,
	.classic = &emit_openssl,
	.run     = speed_run,
};
