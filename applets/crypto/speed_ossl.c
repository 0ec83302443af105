/* speed_ossl.c - speed as openssl speed: the algorithms by its names,
 * its row labels and -mr indices, and its output (the classic table or
 * -mr's machine-readable lines)
 *
 * SPDX-License-Identifier: MIT
 *
 * The layouts are openssl 3.0's (apps/speed.c's formats, written again
 * from its output, not copied): scripts that parse openssl's table or its
 * -mr lines read speed's the same way (its progress lines on stderr are
 * speed_measure.c's). The numbers come from speed_measure.c through
 * struct speed_out; the labels are speed_label()'s.
 */
#include "emit.h"
#include "speed_local.h"

#include <stdio.h>
#include <string.h>

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

/* the classic output ------------------------------------------------------------ */

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
	if ((r->flags & RESULT_SHORT) && o->group[0] != '!') {
		fprintf(o->f, "note: %gs per test, shorter than openssl's %gs: flagged short, "
			"figures less stable\n", pk ? s->pk_s : s->sym_s,
			(double)(pk ? SPEED_OSSL_PK_S : SPEED_OSSL_SYM_S));
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

	if (!s || (r->flags & (RESULT_FAILED | RESULT_SKIPPED)))
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
		if (strcmp(r->group, SPEED_FIRST_TABLE))	/* the first table's is above */
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

const struct emitter speed_emit_openssl = {
	"openssl", 0, classic_begin, classic_record, NULL,
};
