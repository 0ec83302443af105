/* speed_local.h - what the files of speed share beyond the engine
 * contract in speed.h (and the tests with them): the algorithm list, the
 * known-answer vectors, the public-key operations, and the applet's own
 * parts (speed.c, speed_plan.c, speed_measure.c, speed_job.c,
 * speed_ossl.c, speed_kat.c)
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

#include "kernel.h"
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

/* speed_ossl.c, with speed_alg_find() and speed_label() */
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

/* Initial IV / counter / nonce of an algorithm (NULL if it has none).
 * speed_kat.c, with the vectors, speed_unhex() and speed_kat_check(). */
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

/* A zeroed, 64-byte aligned context for impl (free() it), or NULL. */
void *speed_impl_ctx(const struct speed_impl *impl);

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

/* Running speed's rows (speed_measure.c) and timing them (speed_job.c:
 * the one file of the applet built for speed). One worker of -P N: its
 * own context, buffers or key copy, and result. */
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

/* ---- the applet: the run's state, its plan and its output ---- */

struct run_ctx;
struct emitter;

enum { SPEED_MAX_SIZES = 64, SPEED_MAX_ROWS = 256, SPEED_MAX_PICKS = 64 };

/* openssl speed's windows in seconds: per size of a cipher or digest,
 * per public-key operation. speed's default; shorter ones are flagged
 * short. */
enum { SPEED_OSSL_SYM_S = 3, SPEED_OSSL_PK_S = 10 };

/* What the openssl emitter prints from; filled before a row's records. */
struct speed_out {
	const size_t	*sizes;
	unsigned	nsizes;
	int		mr;			/* -mr: openssl's machine-readable lines */
	char		engines[512];		/* the first table's engine(s), for the
						   preamble's "engine:" line */
	const char	*label;			/* the row being reported: its label, */
	int		mr_index;		/* +F index */
	double		rate[SPEED_MAX_SIZES];	/* and bytes/s */
	double		sym_s, pk_s;		/* the windows, for the "short" note */
	double		sign_s, verify_s, sign_rate, verify_rate;	/* public key */
	unsigned	bits;
};

enum speed_row_state { SPEED_ROW_RUN, SPEED_ROW_SKIP, SPEED_ROW_FAILED };

/* An algorithm as the command line named it (a positional name or -evp). */
struct speed_pick {
	const struct speed_alg	*alg;
	const char		*label;		/* openssl's row label for that form */
	int			mr_index;	/* -mr's +F index */
	int			metric;		/* the first pick of its algorithm: the
						   records' metric */
};

/* One implementation of a pick: a row of a table. */
struct speed_row {
	const struct speed_alg	*alg;
	const struct speed_impl	*impl;
	const struct speed_pick	*pick;
	int			primary;	/* the choice: first table, metric */
	int			rank;		/* table order */
	int			order;		/* algorithm order */
	enum speed_row_state	state;
	char			why[200];
};

/* A run: the options as speed.c read them, the plan, the outcome. */
struct speed {
	struct run_ctx		*ctx;
	const char		*engine;	/* best, both, mbedtls, kernel, all */
	const char		*kernel;	/* --kernel's words, or NULL: --engine */
	int			pk_runs;	/* public key is on (mbedtls's) */
	size_t			sizes[SPEED_MAX_SIZES];
	unsigned		nsizes, P;
	double			sym_s, pk_s;
	int			decrypt, rc;
	unsigned		measured;
	struct speed_row	rows[SPEED_MAX_ROWS];
	unsigned		nrows;
	struct speed_out	out;
};

/* The records' group of the first table's rows (the others': their engine). */
#define SPEED_FIRST_TABLE	"*"

/* speed_ossl.c: the classic emitter, openssl's table or -mr's lines. */
extern const struct emitter speed_emit_openssl;

/* speed_plan.c. speed_pick_add: the algorithm `name` (as -evp gave it when
 * evp) onto list[*n] unless that form is there already; -1 (said) when
 * speed has no such algorithm. speed_plan: the rows of the picks' ciphers
 * and digests for S->kernel or else S->engine, each checked against its
 * vectors, in table order, S->pk_runs, and the preamble's engine line; -1
 * after a usage error (said: --kernel names nothing usable). */
int speed_pick_add(struct speed_pick *list, unsigned *n, const char *name, int evp);
/* The kernels --kernel picks from (src/kernel.h): per pick, in its order,
 * its mbedtls row, the reference, then its tuned rows in their table's
 * order (a public-key pick: one mbedtls row), each head's op the pick's
 * index. AF_ALG is not among them: --engine=kernel is its way. */
struct speed_kernels {
	struct kernel			heads[SPEED_MAX_ROWS];
	const struct kernel		*rows[SPEED_MAX_ROWS];	/* &heads[i] */
	const struct speed_impl		*impl[SPEED_MAX_ROWS];
	size_t				n;
};
void speed_kernels(struct speed_kernels *K, const struct speed_pick *picks, unsigned npicks);
int speed_plan(struct speed *S, const struct speed_pick *picks, unsigned npicks);

/* speed_measure.c. speed_report_unrun: the rows that do not run, skipped
 * or failed their check (S->rc = 3): their records, and one warning per
 * engine and reason for the skipped ones. speed_run_row: time a row at
 * every size and report it; speed_run_pk: a public-key algorithm's key,
 * self-check, sign and verify windows, and records. The progress lines on
 * stderr are openssl's ("Doing ...", -mr's +DT/+R). Failures are said and
 * left in S->rc. */
void speed_report_unrun(struct speed *S);
void speed_run_row(struct speed *S, const struct speed_row *rw);
void speed_run_pk(struct speed *S, const char *alg);

#endif
