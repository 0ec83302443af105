/* speed_local.h - what speed.c shares with its mbedtls engine and the
 * tests beyond the engine contract in speed.h: the algorithm list, the
 * known-answer vectors and the public-key operations
 *
 * SPDX-License-Identifier: MIT
 *
 * Conventions every implementation of speed.h follows (the vectors below
 * pin them): aes-*-cbc starts from IV 000102..0f, des-ede3-cbc from IV
 * 0001020304050607, aes-128-ctr from the counter block f0f1..feff (the
 * whole 16 bytes count up, big-endian), aes-128-gcm uses the 96-bit nonce
 * cafebabefacedbaddecaf888 and chacha20-poly1305 the nonce
 * 000000000000004a00000000; neither AEAD has additional data.
 */
#ifndef BENCHBOX_SPEED_LOCAL_H
#define BENCHBOX_SPEED_LOCAL_H

#include <stddef.h>
#include <stdint.h>

#include "speed.h"

enum speed_kind { SPEED_CIPHER, SPEED_AEAD, SPEED_DIGEST, SPEED_PK };

struct speed_alg {
	const char	*name;		/* openssl's: "aes-128-cbc" */
	enum speed_kind	kind;
	unsigned	keylen;		/* bytes; 0 for digests and public key */
	unsigned	block;		/* n must be a multiple of this (1: any n) */
	unsigned	outlen;		/* digest bytes, 16 for an AEAD's tag, else 0 */
	const char	*evp;		/* openssl 3.0's row label with -evp: "AES-128-CBC" */
	const char	*legacy;	/* the name openssl 3.0's speed takes without -evp
					   (also its row label), or NULL */
	int		mr_index;	/* -mr's +F index of the legacy row (openssl's
					   table); public key: +F2/+F4's index */
};

extern const struct speed_alg speed_algs[];	/* openssl's order; alg NULL ends it */
/* By any name speed takes: the canonical one, "des3" and "des-ede3" (the
 * legacy name of des-ede3-cbc). */
const struct speed_alg *speed_alg_find(const char *name);

/* -mr's +F index of a row timed through -evp (openssl 3.0's "evp" row). */
#define SPEED_MR_EVP	25

/* The row label openssl 3.0's speed prints for an algorithm given as
 * `name` (evp = 0) or as `-evp name` (evp = 1), and -mr's +F index: a
 * name its speed takes without -evp keeps its legacy label ("aes-128-cbc",
 * "des-ede3", "md5"); everything else, and every -evp, gets the EVP name
 * ("AES-128-ECB", "DES-EDE3-CBC", "ChaCha20-Poly1305"; digests: "sha256").
 * NULL for a name -evp does not take (public key; "des-ede3", which is
 * DES-EDE3-ECB to openssl's -evp). */
const char *speed_label(const struct speed_alg *alg, const char *name, int evp, int *mr_index);

/* Initial IV / counter / nonce of an algorithm (NULL if it has none). */
const uint8_t *speed_iv(const char *alg, size_t *len);

/* Published known-answer vectors, hex. For ciphers ct is the ciphertext,
 * for an AEAD the ciphertext then the tag, for a digest the digest. */
struct speed_kat {
	const char	*alg;
	const char	*source;
	const char	*key, *pt, *ct;
};
extern const struct speed_kat speed_kats[];	/* alg NULL ends it */

/* Run every vector of impl->alg through impl (a fresh context each; in
 * the decrypt direction too when decrypt is set and the algorithm is a
 * cipher; ciphers in two calls, so the chaining is checked as well).
 * Returns 0 when all match, -1 on a mismatch, 1 when setup() refused
 * (impl unusable here; errno as setup left it); why gets a message. */
int speed_kat_check(const struct speed_impl *impl, int decrypt, char *why, size_t len);

/* Hex to bytes; returns the byte count, or -1 on bad hex or overflow. */
int speed_unhex(const char *hex, uint8_t *out, size_t max);

/* The kernel engine (speed_afalg.c): the driver the kernel's crypto API
 * would pick for alg ("aes-128-cbc" -> "cbc(aes)"), as /proc/crypto lists
 * it: the highest-priority entry of that name that is not internal and
 * whose self-test passed (or that has none). Into buf (cut to len), or
 * NULL when none is listed. _in() reads the text of /proc/crypto given. */
const char *speed_afalg_driver(const char *alg, char *buf, size_t len);
const char *speed_afalg_driver_in(const char *text, const char *alg, char *buf, size_t len);

/* Public key through mbedtls (speed_mbedtls.c). A key is generated once
 * from a fixed-seed CTR_DRBG (the same key every run); each worker gets
 * its own copy and DRBG, and one signature made at creation for verify. */
struct speed_pk_key;
struct speed_pk_worker;
/* alg: "rsa2048" or "ecdsap256" */
int  speed_pk_keygen(const char *alg, struct speed_pk_key **key);
void speed_pk_key_free(struct speed_pk_key *key);
int  speed_pk_worker_new(const struct speed_pk_key *key, unsigned idx,
			 struct speed_pk_worker **w);
void speed_pk_worker_free(struct speed_pk_worker *w);
int  speed_pk_sign(struct speed_pk_worker *w);		/* one signature; 0 ok */
int  speed_pk_verify(struct speed_pk_worker *w);	/* one verification; 0 = valid */
/* Sign and verify; a signature or hash with one bit flipped must not
 * verify. 0 ok, -1 with why filled. corrupt != 0 flips a bit of the
 * signature before the first verify (tests: the check must fail). */
int  speed_pk_check(struct speed_pk_worker *w, int corrupt, char *why, size_t len);
unsigned speed_pk_bits(const char *alg);		/* 2048, 256 */

/* Running speed's rows (speed.c) and timing them (speed_job.c: the one
 * file of the applet built for speed). One worker of -P N: its own
 * context, buffers or key copy, and result. */
struct speed_worker {
	void			*ctx;
	int			setup_called;
	uint8_t			*in, *out;
	struct speed_pk_worker	*pk;
	uint64_t		count;
	double			secs;
	int			err;
};

/* One row's window: what every worker repeats. */
struct speed_job {
	const struct speed_impl	*impl;		/* symmetric, or NULL */
	const struct speed_pk_key *pkkey;	/* public key, or NULL */
	int			pk_verify;
	uint8_t			key[32];
	size_t			keylen, maxsize;
	int			decrypt;
	int			inplace;	/* out = in (ciphers, AEADs) */
	size_t			size;		/* this window's buffer size */
	double			dur;		/* this window's length, s */
	struct speed_worker	*w;
};

/* The team body of a window (team.h): repeat the operation for dur
 * seconds of wall time; count and secs into the worker. */
void speed_job_work(void *arg, unsigned idx, uint64_t iters);

#endif
