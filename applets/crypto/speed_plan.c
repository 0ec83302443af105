/* speed_plan.c - what a speed run times: the algorithms the command line
 * picked, and for each the rows of the implementations --engine or
 * --kernel asks for, each row's implementation checked against its known
 * answers first
 *
 * SPDX-License-Identifier: MIT
 *
 * --engine=best takes per algorithm the first tuned kernel the CPU can run
 * (and that passes its vectors: one that answers wrong is reported, never
 * replaced), else mbedtls; both adds mbedtls beside a tuned kernel; all
 * every usable implementation, the kernel's (AF_ALG) too; mbedtls and
 * kernel that engine alone. --kernel instead reads src/kernel.h's rule, as
 * every applet does, over each algorithm's mbedtls row (its reference, the
 * one c picks) and its tuned rows; an algorithm's last picked row goes in
 * the first table. The first table keeps the command line's algorithms in
 * openssl's order; the further tables follow engine_rank().
 */
#include "applet.h"
#include "cpu.h"
#include "kernel.h"
#include "speed.h"
#include "speed_local.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

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
		if (!strcmp(speed_tuned[i].head.name, engine))
			return 2000 + (int)i;
	return 2999;
}

/* A new row of pk by impl, or NULL when the table is full. */
static struct speed_row *new_row(struct speed *S, const struct speed_pick *pk, int order,
				 const struct speed_impl *impl, int primary)
{
	struct speed_row *r;

	if (S->nrows >= SPEED_MAX_ROWS)
		return NULL;
	r = &S->rows[S->nrows++];
	memset(r, 0, sizeof(*r));
	r->alg = pk->alg;
	r->pick = pk;
	r->impl = impl;
	r->primary = primary;
	r->order = order;
	return r;
}

/* Add a row for impl after its known-answer check. Returns the check's
 * answer: 0 ok, -1 mismatch (row failed), 1 refused (row skipped). */
static int add_row(struct speed *S, const struct speed_pick *pk, int order,
		   const struct speed_impl *impl, int primary, int keep_refused)
{
	struct speed_row *r;
	char why[200];
	int rc = speed_kat_check(impl, S->decrypt, why, sizeof(why));

	if ((rc == 1 && !keep_refused) || !(r = new_row(S, pk, order, impl, primary)))
		return rc;
	r->state = rc == 0 ? SPEED_ROW_RUN : rc < 0 ? SPEED_ROW_FAILED : SPEED_ROW_SKIP;
	snprintf(r->why, sizeof(r->why), "%s", rc ? why : "");
	r->rank = rc == 0 ? engine_rank(impl->head.name, primary) : 0;
	return rc;
}

static void add_missing(struct speed *S, const struct speed_pick *pk, int order,
			const char *engine, const char *why)
{
	static const struct speed_impl none[] = {
		{ { 0, "kernel", NULL, 0, 0, 0 }, "", 0, NULL, NULL, NULL },
	};
	struct speed_row *r = new_row(S, pk, order, none, 1);

	if (!r)
		return;
	r->state = SPEED_ROW_SKIP;
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
static void plan_alg(struct speed *S, const struct speed_pick *pk, int order)
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
			if (strcmp(t->alg, alg->name) || !cpu_has(cpu, t->head.needs))
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
		if (t != best && !strcmp(t->alg, alg->name) && cpu_has(cpu, t->head.needs))
			add_row(S, pk, order, t, 0, 1);
	if (kern)
		add_row(S, pk, order, kern, 0, 1);
}

static const struct speed_impl pk_row = {
	{ 0, "mbedtls", "mbedtls 2.28's bignum and ECP code", 0, 0, 0 }, "", 0, NULL, NULL, NULL,
};

/* One row of speed_kernels(): impl's head, pick k its operation. */
static void candidate(struct speed_kernels *K, const struct speed_impl *t, unsigned k)
{
	if (K->n >= SPEED_MAX_ROWS)
		return;
	K->heads[K->n] = t->head;
	K->heads[K->n].op = (unsigned short)k;
	K->rows[K->n] = &K->heads[K->n];
	K->impl[K->n++] = t;
}

void speed_kernels(struct speed_kernels *K, const struct speed_pick *picks, unsigned npicks)
{
	const struct speed_impl *t;
	unsigned k;

	K->n = 0;
	for (k = 0; k < npicks; k++) {
		const char *name = picks[k].alg->name;

		if (picks[k].alg->kind == SPEED_PK) {
			candidate(K, &pk_row, k);
			continue;
		}
		if ((t = find_impl(speed_mbedtls, name)))
			candidate(K, t, k);
		for (t = speed_tuned; t->alg; t++)
			if (!strcmp(t->alg, name))
				candidate(K, t, k);
	}
}

/* --kernel's rows: the rule (src/kernel.h) over speed_kernels(); S->pk_runs
 * says whether public key's row was picked. A pick's last picked row goes
 * in the first table. 0, or -1 after a usage error (said). */
static int plan_kernels(struct speed *S, const struct speed_pick *picks, unsigned npicks)
{
	static struct speed_kernels K;	/* 12 KB on 64 bits */
	unsigned char sel[SPEED_MAX_ROWS], got[SPEED_MAX_PICKS] = { 0 };
	size_t i, j;
	unsigned k;

	speed_kernels(&K, picks, npicks);
	if (kernel_select(K.rows, K.n, S->kernel, "c", S->ctx->cpu, sel) < 0)
		return -1;
	S->pk_runs = 0;
	for (i = 0; i < K.n; i++) {
		if (!sel[i])
			continue;
		k = K.heads[i].op;
		got[k] = 1;
		if (K.impl[i] == &pk_row) {
			S->pk_runs = 1;
			continue;
		}
		for (j = i + 1; j < K.n && !(sel[j] && K.heads[j].op == k); j++)
			;
		add_row(S, &picks[k], picks[k].mr_index * 256 + (int)k, K.impl[i], j == K.n, 1);
	}
	for (k = 0; k < npicks; k++)
		if (!got[k] && picks[k].alg->kind != SPEED_PK)
			warnf("%s (%s): skipped: none of its kernels", picks[k].label, S->kernel);
	return 0;
}

static int row_cmp(const void *pa, const void *pb)
{
	const struct speed_row *a = pa, *b = pb;

	if (a->primary != b->primary)
		return b->primary - a->primary;
	if (!a->primary && a->rank != b->rank)	/* the first table: command-line order */
		return a->rank - b->rank;
	return a->order - b->order;
}

int speed_pick_add(struct speed_pick *list, unsigned *n, const char *name, int evp)
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

static int in_first_table(const struct speed_row *r)
{
	return r->primary && r->state == SPEED_ROW_RUN;
}

/* label onto the engine line at b[at], after its "(" or a space */
static size_t put_label(char *b, size_t len, size_t at, const char *label)
{
	return at + (size_t)snprintf(b + at, len - at, "%s%s", b[at - 1] == '(' ? "" : " ",
				     label);
}

/* The preamble's engine line: "mbedtls", or "aesni (aes-128-cbc), mbedtls
 * (md5 rsa2048)" when the first table's rows come from more than one. */
static void engine_line(struct speed *S, const struct speed_pick *picks, unsigned npicks)
{
	const char *seen[SPEED_MAX_ROWS + 1], *pk_engine;
	unsigned nseen = 0, i, k;
	int pk = 0;
	char *b = S->out.engines;
	size_t len = sizeof(S->out.engines), at = 0;

	for (i = 0; i < npicks; i++)
		pk |= picks[i].alg->kind == SPEED_PK;
	pk_engine = pk && S->pk_runs ? "mbedtls" : NULL;
	/* each engine once, in order: the first table's rows', then public
	 * key's (mbedtls), as if it were one row more */
	for (i = 0; i <= S->nrows; i++) {
		const char *e = i == S->nrows ? pk_engine :
				in_first_table(&S->rows[i]) ? S->rows[i].impl->head.name : NULL;

		for (k = 0; e && k < nseen && strcmp(seen[k], e); k++)
			;
		if (e && k == nseen)
			seen[nseen++] = e;
	}
	if (nseen == 1)
		snprintf(b, len, "%s", seen[0]);
	if (nseen < 2)
		return;
	for (k = 0; k < nseen && at < len; k++) {
		at += (size_t)snprintf(b + at, len - at, "%s%s (", k ? ", " : "", seen[k]);
		for (i = 0; i < S->nrows && at < len; i++)
			if (in_first_table(&S->rows[i]) &&
			    !strcmp(S->rows[i].impl->head.name, seen[k]))
				at = put_label(b, len, at, S->rows[i].pick->label);
		for (i = 0; i < npicks && at < len; i++)
			if (picks[i].alg->kind == SPEED_PK && !strcmp(seen[k], "mbedtls"))
				at = put_label(b, len, at, picks[i].label);
		if (at < len)
			at += (size_t)snprintf(b + at, len - at, ")");
	}
}

int speed_plan(struct speed *S, const struct speed_pick *picks, unsigned npicks)
{
	unsigned i;

	if (S->kernel) {
		if (plan_kernels(S, picks, npicks))
			return -1;
	} else {
		S->pk_runs = strcmp(S->engine, "kernel") != 0;
		for (i = 0; i < npicks; i++)
			if (picks[i].alg->kind != SPEED_PK)
				plan_alg(S, &picks[i], picks[i].mr_index * 256 + (int)i);
	}
	qsort(S->rows, S->nrows, sizeof(S->rows[0]), row_cmp);
	engine_line(S, picks, npicks);
	return 0;
}
