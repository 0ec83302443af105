/* speed_kat.c - the starting IVs, counters and nonces every engine uses,
 * the published known-answer vectors, and the check every implementation
 * passes before it is timed
 *
 * SPDX-License-Identifier: MIT
 *
 * The conventions (speed_local.h's header) are pinned by the vectors: an
 * implementation that starts elsewhere, or that does not carry its chain
 * or counter from one call to the next, fails its check (exit 3 for its
 * row) instead of being timed. tests/unit/test_speed.c runs the same
 * vectors through every engine.
 */
#include "speed.h"
#include "speed_local.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

void *speed_impl_ctx(const struct speed_impl *impl)
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
	if (!(c = speed_impl_ctx(impl))) {
		snprintf(why, len, "out of memory");
		return -1;
	}
	if (impl->setup(c, key, (size_t)klen, decrypt)) {
		err = errno;
		if (impl->cleanup)
			impl->cleanup(c);
		free(c);
		snprintf(why, len, "%s (%s): setup refused: %s", impl->alg, impl->head.name,
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
			 impl->head.name, decrypt ? "decrypt" : "encrypt",
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
