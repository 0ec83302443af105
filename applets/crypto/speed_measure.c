/* speed_measure.c - timing speed's planned rows and public-key operations:
 * openssl's progress lines, and the records (those of the rows that do
 * not run too)
 *
 * SPDX-License-Identifier: MIT
 *
 * A row runs on a team of S->P pinned workers (team.h), each with its own
 * context and buffers, set up on its CPU; per buffer size all of them run
 * one window of speed_job.c's timed loop at once, and their rates add
 * (openssl -multi's processes' do). A row's records go out once every
 * size is timed: the classic emitter prints the row whole (struct
 * speed_out holds its rates). Public key: a key from a fixed seed,
 * checked with a sign and verify (and a corrupted signature that must not
 * verify), then a window of signing and one of verifying.
 */
#include "applet.h"
#include "bench.h"
#include "speed.h"
#include "speed_local.h"
#include "team.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* progress lines ---------------------------------------------------------------- */

/* openssl's on stderr, before and after a window: "Doing aes-128-cbc for
 * 3s on 16 size blocks: " and "123 aes-128-cbc's in 3.00s", or -mr's
 * "+DT:label:seconds:size" and "+R:count:label:seconds" (the same
 * arguments in the same order). */
static void ossl_doing(int mr, const char *label, double secs, size_t size)
{
	fprintf(stderr, mr ? "+DT:%s:%g:%zu\n" : "Doing %s for %gs on %zu size blocks: ",
		label, secs, size);
}

static void ossl_done(int mr, const char *label, uint64_t count, double secs)
{
	fprintf(stderr, mr ? "+R:%llu:%s:%f\n" : "%llu %s's in %.2fs\n",
		(unsigned long long)count, label, secs);
}

/* Public key: -mr's +DTP:bits:op:rsa|ecdsa:seconds, RSA's operations
 * "private" and "public", ECDSA's "sign" and "verify"; after the window
 * -mr's +R1/+R2 (RSA private/public) or +R5/+R6 (ECDSA sign/verify). */
static void ossl_pk_doing(int mr, const char *alg, unsigned bits, int verify, double secs)
{
	int rsa = !strcmp(alg, "rsa2048");

	fprintf(stderr, mr ? "+DTP:%u:%s:%s:%g\n" : "Doing %u bits %s %s's for %gs: ", bits,
		rsa ? verify ? "public" : "private" : verify ? "verify" : "sign",
		rsa ? "rsa" : "ecdsa", secs);
}

static void ossl_pk_done(int mr, const char *alg, unsigned bits, int verify, uint64_t count,
			 double secs)
{
	int rsa = !strcmp(alg, "rsa2048");

	if (mr)
		fprintf(stderr, "+R%d:%llu:%u:%.2f\n", (rsa ? 1 : 5) + verify,
			(unsigned long long)count, bits, secs);
	else
		fprintf(stderr, rsa ? "%llu %u bits %s RSA's in %.2fs\n" :
			"%llu %u bits ECDSA %s in %.2fs\n", (unsigned long long)count, bits,
			rsa ? verify ? "public" : "private" : verify ? "verify" : "signs", secs);
}

/* The window failed: openssl ends its "Doing" line so. */
static void ossl_failed(int mr)
{
	if (!mr)
		fprintf(stderr, "failed\n");
}

/* workers ----------------------------------------------------------------------- */

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
	w->ctx = speed_impl_ctx(j->impl);
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
		errorf("%s (%s): setup failed: %s", j->impl->alg, j->impl->head.name, strerror(errno));
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

/* A window's sums over the workers: operations, the longest time and the
 * rate, each worker's count x unit / its time added (-multi's rates add).
 * -1 when a worker's operation failed. */
static int sum_workers(const struct speed_job *j, unsigned P, double unit, uint64_t *count,
		       double *secs, double *rate)
{
	unsigned k;

	*count = 0;
	*secs = *rate = 0;
	for (k = 0; k < P; k++) {
		const struct speed_worker *w = &j->w[k];

		if (w->err)
			return -1;
		*count += w->count;
		if (w->secs > *secs)
			*secs = w->secs;
		if (w->secs > 0)
			*rate += (double)w->count * unit / w->secs;
	}
	return 0;
}

/* records ----------------------------------------------------------------------- */

static void params(char *buf, size_t len, const char *first, unsigned P, int decrypt)
{
	snprintf(buf, len, "%s,P=%u%s", first, P, decrypt ? ",decrypt" : "");
}

/* "size=N,P=N[,decrypt]" */
static void size_params(char *buf, size_t len, size_t size, unsigned P, int decrypt)
{
	char sz[32];

	snprintf(sz, sizeof(sz), "size=%zu", size);
	params(buf, len, sz, P, decrypt);
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

/* A record of a row: r with what all of them hold (the test, its engine,
 * MB/s, its table). */
static void row_report(struct speed *S, const struct speed_row *rw, struct result *r)
{
	r->test = rw->alg->name;
	r->kernel = rw->impl->head.name;
	r->unit = UNIT_MB_S;
	r->better = 1;
	r->group = rw->primary ? SPEED_FIRST_TABLE : rw->impl->head.name;
	emit_result(S->ctx, r);
}

/* A skipped row's reason without its "alg (engine): " */
static const char *reason(const struct speed_row *r)
{
	const char *w = strstr(r->why, "): ");

	return w ? w + 3 : r->why;
}

/* One warning per engine and reason: "kernel: skipped md5 sha1 ...: why". */
static void warn_skipped(struct speed *S)
{
	unsigned i, k;
	char *done = xcalloc(S->nrows + 1, 1);

	for (i = 0; i < S->nrows; i++) {
		const char *why = reason(&S->rows[i]);
		char names[512] = "";

		if (S->rows[i].state != SPEED_ROW_SKIP || done[i])
			continue;
		for (k = i; k < S->nrows; k++) {
			const struct speed_row *r = &S->rows[k];

			if (r->state != SPEED_ROW_SKIP || done[k] ||
			    strcmp(r->impl->head.name, S->rows[i].impl->head.name) ||
			    strcmp(reason(r), why))
				continue;
			done[k] = 1;
			snprintf(names + strlen(names), sizeof(names) - strlen(names), "%s%s",
				 *names ? " " : "", r->alg->name);
		}
		warnf("%s: skipped %s: %s", S->rows[i].impl->head.name, names, why);
	}
	free(done);
}

void speed_report_unrun(struct speed *S)
{
	unsigned i;

	for (i = 0; i < S->nrows; i++) {
		const struct speed_row *rw = &S->rows[i];
		struct result r = { 0 };
		char p[64];

		if (rw->state == SPEED_ROW_RUN)
			continue;
		params(p, sizeof(p), "", S->P, S->decrypt && rw->alg->kind == SPEED_CIPHER);
		r.params = p + 1;	/* no leading comma */
		r.note = rw->why;
		if (rw->state == SPEED_ROW_FAILED) {
			errorf("%s", rw->why);
			r.flags = RESULT_FAILED;
			S->rc = EXIT_WRONG;
		} else {
			r.flags = RESULT_SKIPPED;
		}
		row_report(S, rw, &r);
	}
	warn_skipped(S);
}

enum { DRIVER_LEN = 80 };

/* The record of a row at S->sizes[i], timed count times; driver: the
 * kernel's, for its note, or "". */
static void size_record(struct speed *S, const struct speed_row *rw, int decrypt, unsigned i,
			uint64_t count, const char *driver)
{
	struct result r = { 0 };
	char p[64], metric[48], note[64], both[DRIVER_LEN + 66];

	size_params(p, sizeof(p), S->sizes[i], S->P, decrypt);
	r.params = p;
	r.value = r.min = r.max = S->out.rate[i] / 1e6;
	r.iters = count;
	r.samples = 1;
	r.note = window_note(note, sizeof(note), S->sym_s, SPEED_OSSL_SYM_S, "size");
	r.flags = r.note ? RESULT_SHORT : 0;
	if (*driver) {
		snprintf(both, sizeof(both), "%s%s%s", r.note ? r.note : "",
			 r.note ? "; " : "", driver);
		r.note = both;
	}
	if (rw->primary && rw->pick->metric && S->P == 1 && !decrypt) {
		snprintf(metric, sizeof(metric), "%s-%zu", rw->alg->name, S->sizes[i]);
		r.metric = metric;
	}
	r.x = (double)S->sizes[i];
	row_report(S, rw, &r);
}

/* A row timed at every size: its records (the emitter prints the row). */
static void row_records(struct speed *S, const struct speed_row *rw, int decrypt,
			const uint64_t *counts)
{
	char driver[DRIVER_LEN] = "", name[64];
	unsigned i;

	S->out.label = rw->pick->label;
	S->out.mr_index = rw->pick->mr_index;
	/* the kernel's rows say which driver the kernel picked: an SoC's
	 * accelerator, a CPU-extension glue driver or generic C */
	if (!strcmp(rw->impl->head.name, "kernel"))
		snprintf(driver, sizeof(driver), "driver %s",
			 speed_afalg_driver(rw->alg->name, name, sizeof(name))
				 ? name : "not in /proc/crypto");
	for (i = 0; i < S->nsizes; i++)
		size_record(S, rw, decrypt, i, counts[i], driver);
	S->measured++;
}

/* symmetric rows ---------------------------------------------------------------- */

/* The window every worker of the row repeats: its implementation, a fixed
 * key, the direction and the buffers' size. */
static void row_job(struct speed *S, const struct speed_row *rw, struct speed_job *j)
{
	unsigned i;

	memset(j, 0, sizeof(*j));
	j->impl = rw->impl;
	j->keylen = rw->alg->keylen;
	for (i = 0; i < j->keylen; i++)	/* a fixed key; three distinct DES keys */
		j->key[i] = (uint8_t)(i * 37 + 11);
	j->decrypt = S->decrypt && rw->alg->kind == SPEED_CIPHER;	/* AEADs encrypt */
	j->inplace = rw->alg->kind != SPEED_DIGEST;
	j->dur = S->sym_s;
	for (i = 0; i < S->nsizes; i++)
		if (S->sizes[i] > j->maxsize)
			j->maxsize = S->sizes[i];
	j->w = xcalloc(S->P, sizeof(*j->w));
}

/* One window at S->sizes[i] on every worker: S->out.rate[i] and *count.
 * -1, with its record, when an operation failed. */
static int time_size(struct speed *S, const struct speed_row *rw, struct team *t,
		     struct speed_job *j, unsigned i, uint64_t *count)
{
	double secs;

	j->size = S->sizes[i];
	ossl_doing(S->out.mr, rw->pick->label, j->dur, j->size);
	team_body(t, 1);
	if (sum_workers(j, S->P, (double)j->size, count, &secs, &S->out.rate[i])) {
		struct result r = { 0 };
		char p[64];

		ossl_failed(S->out.mr);
		errorf("%s (%s): the operation failed at %zu bytes", rw->alg->name,
		       rw->impl->head.name, j->size);
		size_params(p, sizeof(p), j->size, S->P, j->decrypt);
		r.params = p;
		r.flags = RESULT_FAILED;
		r.note = "operation failed";
		row_report(S, rw, &r);
		return -1;
	}
	ossl_done(S->out.mr, rw->pick->label, *count, secs);
	return 0;
}

void speed_run_row(struct speed *S, const struct speed_row *rw)
{
	struct speed_job j;
	struct team *t;
	uint64_t counts[SPEED_MAX_SIZES];
	unsigned i;
	int rc;

	row_job(S, rw, &j);
	t = team_start(S->P, S->ctx->cpus, S->ctx->ncpus, job_setup, speed_job_work, &j, &rc);
	if (!t) {
		job_free(&j, S->P);
		S->rc = S->rc ? S->rc : rc;
		return;
	}
	for (i = 0; i < S->nsizes; i++)
		if (time_size(S, rw, t, &j, i, &counts[i])) {
			S->rc = EXIT_FAIL;
			break;
		}
	team_stop(t);
	job_free(&j, S->P);
	if (i == S->nsizes)
		row_records(S, rw, j.decrypt, counts);
}

/* public key -------------------------------------------------------------------- */

/* One public-key operation for S->pk_s: the summed rate (ops/s), count. */
static int run_pk_op(struct speed *S, struct team *t, struct speed_job *j, const char *alg,
		     int verify, double *rate, uint64_t *count)
{
	unsigned bits = speed_pk_bits(alg);
	double secs;

	j->pk_verify = verify;
	ossl_pk_doing(S->out.mr, alg, bits, verify, j->dur);
	team_body(t, 1);
	if (sum_workers(j, S->P, 1, count, &secs, rate)) {
		ossl_failed(S->out.mr);
		errorf("%s: %s failed", alg, verify ? "verify" : "sign");
		return -1;
	}
	ossl_pk_done(S->out.mr, alg, bits, verify, *count, secs);
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
	if (flags & RESULT_FAILED)
		r.note = "sign/verify self-check failed";
	else if (flags & RESULT_SHORT)
		r.note = window_note(note, sizeof(note), S->pk_s, SPEED_OSSL_PK_S, "operation");
	if (S->P == 1 && !(flags & RESULT_FAILED)) {
		snprintf(metric, sizeof(metric), "%s-%s", alg, op);
		r.metric = metric;
	}
	r.group = group;
	r.x = x;
	emit_result(S->ctx, &r);
}

/* The key, from the fixed seed, and its self-check; NULL (said, recorded)
 * when either fails. */
static struct speed_pk_key *pk_key(struct speed *S, const char *alg)
{
	struct speed_pk_key *key = NULL;
	struct speed_pk_worker *chk = NULL;
	uint64_t t0 = bench_clock_ns();
	char why[160];

	if (speed_pk_keygen(alg, &key)) {
		errorf("%s: key generation failed", alg);
		S->rc = EXIT_FAIL;
		return NULL;
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
		pk_record(S, alg, "sign", 0, 0, RESULT_FAILED, 0);
		S->rc = chk ? EXIT_WRONG : EXIT_FAIL;
		speed_pk_worker_free(chk);
		speed_pk_key_free(key);
		return NULL;
	}
	speed_pk_worker_free(chk);
	return key;
}

void speed_run_pk(struct speed *S, const char *alg)
{
	struct speed_pk_key *key = pk_key(S, alg);
	struct speed_job j;
	struct team *t;
	double sign_rate = 0, verify_rate = 0;
	uint64_t nsign = 0, nverify = 0;
	int rc;

	if (!key)
		return;
	memset(&j, 0, sizeof(j));
	j.pkkey = key;
	j.dur = S->pk_s;
	j.w = xcalloc(S->P, sizeof(*j.w));
	t = team_start(S->P, S->ctx->cpus, S->ctx->ncpus, job_setup, speed_job_work, &j, &rc);
	if (!t || run_pk_op(S, t, &j, alg, 0, &sign_rate, &nsign) ||
	    run_pk_op(S, t, &j, alg, 1, &verify_rate, &nverify)) {
		S->rc = t ? EXIT_FAIL : rc;
	} else {
		unsigned flags = S->pk_s < SPEED_OSSL_PK_S ? RESULT_SHORT : 0;

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
