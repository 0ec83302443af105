/* speed.h - implementations of the algorithms `speed` times, from every
 * engine: mbedtls, benchbox's tuned kernels, the kernel's crypto API
 *
 * SPDX-License-Identifier: MIT
 *
 * Each engine contributes a table of struct speed_impl. An implementation
 * computes exactly what openssl speed -evp times for that algorithm:
 *   ciphers (aes-*-cbc/ecb/ctr, des-ede3-cbc): run() encrypts (or, after
 *     setup with decrypt = 1, decrypts) n bytes from in to out, n a multiple
 *     of the block size for block modes; the chaining value / counter is
 *     kept in the context, so consecutive calls continue the stream.
 *   AEAD (aes-128-gcm, chacha20-poly1305): run() encrypts n bytes and
 *     computes the 16-byte tag (written after the n bytes of out, so out has
 *     n + 16 bytes); the nonce is fixed (benchmark, not protocol).
 *   digests (md5, sha1, sha256, sha512): run() writes the digest of the n
 *     bytes of in to out (one complete init-update-final per call).
 * Implementations of one algorithm must agree byte for byte: the tests
 * compare every implementation with the "mbedtls" one on random keys and
 * data of many lengths, and each with published test vectors.
 */
#ifndef BENCHBOX_SPEED_H
#define BENCHBOX_SPEED_H

#include "kernel.h"

#include <stddef.h>
#include <stdint.h>

struct speed_impl {
	/* name: the engine, "mbedtls", "armv8-ce", "aesni", "shani" or
	 * "kernel"; needs: CPU_* bits (src/cpu.h), 0 = portable; op, align
	 * and gran 0 (the algorithm is the operation: speed_plan.c) */
	struct kernel	head;
	const char	*alg;		/* openssl's name: "aes-128-cbc", "sha256" */
	size_t		ctx_size;	/* bytes of context setup() receives (zeroed) */
	/* key: keylen bytes (ignored by digests). 0 ok, else not available
	 * here (e.g. the kernel lacks the algorithm). */
	int		(*setup)(void *ctx, const uint8_t *key, size_t keylen, int decrypt);
	int		(*run)(void *ctx, const uint8_t *in, uint8_t *out, size_t n);
	void		(*cleanup)(void *ctx);	/* may be NULL */
};

/* The engines' tables (each ends with an entry whose alg is NULL). The
 * mbedtls and tuned rows are the kernels --kernel picks from (mbedtls each
 * algorithm's reference); the kernel's (AF_ALG) only --engine. */
extern const struct speed_impl speed_mbedtls[];	/* applets/crypto/speed_mbedtls.c */
extern const struct speed_impl speed_tuned[];	/* applets/crypto/speed_tuned.c */
extern const struct speed_impl speed_kernel[];	/* applets/crypto/speed_afalg.c */

#endif
