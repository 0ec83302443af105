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
 * per further engine. --kernel picks by src/kernel.h's rule instead, over
 * mbedtls (each algorithm's reference) and the tuned kernels. Every
 * implementation passes its known-answer vectors (NIST, FIPS, RFC) before
 * it is timed; a mismatch is exit 3.
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
 *
 * This file is the applet: its options and the run's steps. The rest:
 * speed_plan.c (which rows), speed_measure.c (timing them, the records),
 * speed_job.c (the timed loop), speed_ossl.c (openssl's names, labels and
 * output), speed_kat.c (IVs and known answers); speed_local.h joins them.
 */
#include "applet.h"
#include "mem.h"
#include "progress.h"
#include "speed_local.h"
#include "util.h"

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

static const size_t default_sizes[] = { 16, 64, 256, 1024, 8192, 16384 };
static const double quick_s = 0.05;

/* --engine (openssl's -engine, in effect: whose code runs) or --kernel
 * (src/kernel.h's rule over mbedtls and the tuned kernels): one of them.
 * EXIT_OK, or EXIT_USAGE (said). */
static int engine_choice(struct speed *S, struct run_ctx *ctx)
{
	S->engine = opt_str(ctx, ENGINE);
	S->kernel = *ctx->kernel ? ctx->kernel : NULL;
	if (S->kernel && opt_given(ctx, ENGINE)) {
		errorf("--kernel and --engine both choose what runs: give one");
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

/* The options into S: engine, -mr, copies, direction, windows, sizes. */
static int read_options(struct speed *S, struct run_ctx *ctx)
{
	if (engine_choice(S, ctx))
		return EXIT_USAGE;
	S->out.mr = (int)opt_int(ctx, MR);
	if (S->out.mr)		/* +lines only: no preamble when nothing is measured */
		ctx->rep->silent = 1;
	if (S->out.mr && (!strcmp(S->engine, "both") || !strcmp(S->engine, "all"))) {
		errorf("-mr prints one table: --engine=%s gives more (use best, mbedtls or "
		       "kernel)", S->engine);
		return EXIT_USAGE;
	}
	if (opt_given(ctx, MULTI) && opt_given(ctx, PARALLEL)) {
		errorf("-multi and -P are the same option: give one");
		return EXIT_USAGE;
	}
	S->P = (unsigned)(opt_given(ctx, MULTI) ? opt_int(ctx, MULTI) : opt_int(ctx, PARALLEL));
	S->decrypt = (int)opt_int(ctx, DECRYPT);
	S->sym_s = opt_given(ctx, SECONDS) ? opt_double(ctx, SECONDS) :
		   ctx->quick ? quick_s : SPEED_OSSL_SYM_S;
	S->pk_s = opt_given(ctx, SECONDS) ? opt_double(ctx, SECONDS) :
		  ctx->quick ? quick_s : SPEED_OSSL_PK_S;
	if (opt_given(ctx, BYTES)) {
		S->sizes[0] = (size_t)opt_size(ctx, BYTES);
		S->nsizes = 1;
	} else {
		memcpy(S->sizes, default_sizes, sizeof(default_sizes));
		S->nsizes = ARRAY_LEN(default_sizes);
	}
	return EXIT_OK;
}

/* The algorithms: the command line's, then -evp's; every one by default.
 * EXIT_OK, or EXIT_USAGE (said). */
static int read_picks(struct run_ctx *ctx, struct speed_pick *picks, unsigned max,
		      unsigned *n)
{
	const char *evp = opt_str(ctx, EVP);
	unsigned i;

	if ((unsigned)ctx->argc >= max) {
		errorf("too many algorithms (%d)", ctx->argc);
		return EXIT_USAGE;
	}
	for (i = 0; i < (unsigned)ctx->argc; i++)
		if (speed_pick_add(picks, n, ctx->argv[i], 0))
			return EXIT_USAGE;
	if (evp && speed_pick_add(picks, n, evp, 1))
		return EXIT_USAGE;
	if (!*n)
		for (i = 0; speed_algs[i].name; i++)
			speed_pick_add(picks, n, speed_algs[i].name, 0);
	return EXIT_OK;
}

/* -bytes a multiple of every block, and the buffers within the memory. */
static int check_sizes(struct speed *S, const struct speed_pick *picks, unsigned npicks)
{
	uint64_t need = ((uint64_t)S->sizes[S->nsizes - 1] * 2 + 512) * S->P;
	char why[160];
	unsigned i;

	for (i = 0; i < npicks; i++)
		if (picks[i].alg->kind != SPEED_PK && S->sizes[0] % picks[i].alg->block) {
			errorf("-bytes %zu: %s needs a multiple of %u bytes", S->sizes[0],
			       picks[i].alg->name, picks[i].alg->block);
			return EXIT_USAGE;
		}
	if (mem_fits(need, why, sizeof(why))) {
		errorf("-bytes %zu with %u cop%s: %s", S->sizes[0], S->P,
		       S->P == 1 ? "y" : "ies", why);
		return EXIT_FAIL;
	}
	return EXIT_OK;
}

/* The public-key picks, in openssl's order, through mbedtls. */
static void run_pks(struct speed *S, const struct speed_pick *picks, unsigned npicks)
{
	unsigned i, k;

	for (i = 0; speed_algs[i].name && S->rc != EXIT_FAIL; i++) {
		for (k = 0; k < npicks && picks[k].alg != &speed_algs[i]; k++)
			;
		if (k == npicks || speed_algs[i].kind != SPEED_PK)
			continue;
		if (!S->pk_runs) {
			warnf("%s (%s): skipped: public key runs through mbedtls only",
			      speed_algs[i].name, S->kernel ? S->kernel : S->engine);
			continue;
		}
		speed_run_pk(S, speed_algs[i].name);
	}
}

/* Plan, check and time the picks; the run's exit status. */
static int run_picks(struct speed *S, const struct speed_pick *picks, unsigned npicks)
{
	struct run_ctx *ctx = S->ctx;
	unsigned i;
	int rc;

	S->out.sizes = S->sizes;
	S->out.nsizes = S->nsizes;
	S->out.sym_s = S->sym_s;
	S->out.pk_s = S->pk_s;
	emit_set_arg(ctx->rep, &S->out);
	/* known-answer checks first, then the table order: openssl's (its
	 * table's index, the -evp rows last), then the command line's */
	if (speed_plan(S, picks, npicks))
		return EXIT_USAGE;
	for (i = 0; S->out.mr && i < S->nrows; i++)
		if (!S->rows[i].primary) {
			errorf("-mr prints one table: --kernel=%s gives more (use c or one name)",
			       S->kernel);
			return EXIT_USAGE;
		}
	speed_report_unrun(S);
	for (i = 0; i < S->nrows && S->rc != EXIT_FAIL; i++)
		if (S->rows[i].state == SPEED_ROW_RUN)
			speed_run_row(S, &S->rows[i]);
	run_pks(S, picks, npicks);
	emit_set_arg(ctx->rep, NULL);
	rc = S->rc ? S->rc : S->measured ? EXIT_OK : EXIT_SKIP;
	if (rc == EXIT_SKIP)
		errorf("nothing could be measured with --%s=%s here",
		       S->kernel ? "kernel" : "engine", S->kernel ? S->kernel : S->engine);
	return rc;
}

static int speed_run(struct run_ctx *ctx)
{
	struct speed *S = xcalloc(1, sizeof(*S));
	struct speed_pick picks[SPEED_MAX_PICKS];
	unsigned npicks = 0;
	int rc;

	/* openssl's "Doing ..." lines are speed's progress: no second one */
	progress_stop(ctx->bench.progress);
	ctx->bench.progress = NULL;
	S->ctx = ctx;
	rc = read_options(S, ctx);
	if (rc == EXIT_OK)
		rc = read_picks(ctx, picks, ARRAY_LEN(picks), &npicks);
	if (rc == EXIT_OK)
		rc = check_sizes(S, picks, npicks);
	if (rc == EXIT_OK)
		rc = run_picks(S, picks, npicks);
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
	"(AES-NI, SHA-NI, AVX2 SHA-512, ARMv8 crypto), else by mbedtls; both and all\n"
	"add tables for mbedtls and for the kernel's crypto API (AF_ALG). --kernel\n"
	"picks instead by the rule of every applet, mbedtls being each algorithm's\n"
	"reference: c mbedtls, best mbedtls and the fastest usable kernel (a table\n"
	"each), all every usable one, NAME those (mbedtls aesni shani avx2\n"
	"armv8-ce; not with --engine). Every implementation passes known-answer\n"
	"vectors first.\n"
	"openssl's one-dash options work as written;\n"
	"-mr prints its machine-readable lines instead of the table, and --format\n"
	"the records in MB/s.\n");

const struct applet applet_speed = {
	.name    = "speed",
	.summary = TEXT_PTR(speed_summary),
	.usage   = TEXT_PTR(speed_usage),
	.opts    = opts,
	.unit    = UNIT_MB_S,
	.classic = &speed_emit_openssl,
	.run     = speed_run,
};
