/* ipsec.c - ESP throughput through the kernel's IPsec, set up by benchbox
 *
 * SPDX-License-Identifier: MIT
 *
 * The vendor guides' "IPSec Software Performance" table (3des, aes128,
 * aes192, aes256: Mbit/s, packets/s, CPU load) without iproute2, an IKE
 * daemon or iperf: benchbox installs ESP in transport mode over
 * NETLINK_XFRM itself (an SA and a policy each way, src/xfrm.h), between
 * two network namespaces of its own joined by a veth pair (ipsec_ns.c),
 * and runs net's TCP and UDP streams through it (net_client.c): the SoC's
 * ESP path, cipher and HMAC in the kernel's crypto API, without a wire.
 *
 * Algorithms, as the kernel names them: 3des is cbc(des3_ede), aes128/
 * 192/256 cbc(aes), each with hmac(sha1) truncated to 96 bits (RFC 2404)
 * or, with --auth=sha256, hmac(sha256) to 128 (RFC 4868); aes128gcm and
 * aes256gcm are rfc4106(gcm(aes)) with a 128-bit ICV (RFC 4106), a row of
 * benchbox's own; none is the same path without ESP. The guides name only
 * the cipher; hmac(sha1) is the integrity that IKE daemons of their time
 * proposed with it by default, and what TI's SA2UL engine offloads
 * together with cbc(aes) as one authenc() transform.
 *
 * Each algorithm gets SAs of its own with fresh SPIs (ALLOCSPI, the
 * receiver's), keys at random unless --key or --passphrase give them, and
 * they are removed before the next. Per stream: the receiver's Mbit/s over
 * -t seconds (net's meter: min and max of its intervals), the ESP packets
 * the server's veth end received per second (kpps: the guides' Packets/Sec
 * column is thousands, see docs/applets.md), the CPU busy over all cores
 * from /proc/stat (one board: both ends are on it), and in the note the
 * driver the kernel instantiated for the transform (/proc/crypto's
 * highest-priority usable entry, its kind as wiring grades it).
 */
#include "applet.h"
#include "ipsec.h"
#include "net.h"
#include "util.h"
#include "wiring.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <unistd.h>

#include "mbedtls/md.h"

#define OPTIONS(O) \
	O(TIME, "time", OPT_DOUBLE, "how long each stream runs (--quick: 1)", .letter = 't', \
	  .def = "10", .min = 0.1, .max = 3600, .metavar = "SECONDS") \
	O(AUTH, "auth", OPT_CHOICE, "the HMAC beside a CBC cipher", .def = "sha1", \
	  .choices = "sha1|sha256") \
	O(STREAMS, "streams", OPT_CHOICE, "which of net's streams run through ESP", \
	  .def = "both", .choices = "both|tcp|udp") \
	O(KEY, "key", OPT_STR, "the keys in hex, the cipher's then the HMAC's (one ALG)", \
	  .metavar = "HEX") \
	O(PASSPHRASE, "passphrase", OPT_STR, "derive every key from TEXT", .metavar = "TEXT") \
	O(LIST, "list", OPT_BOOL, "list this namespace's SAs and policies, benchbox's marked") \
	INET_TIMEOUT_OPT(O)
OPT_TABLE(ipsec, OPTIONS);

enum { UDP_MSG = 1400 };	/* with ESP's overhead, still one 1500-byte frame */

struct ipsec_alg {
	const char	*name;
	const char	*crypt;		/* a CBC cipher (with an HMAC), or NULL */
	unsigned	crypt_bits;
	const char	*aead;		/* or an AEAD, key bits with its 32-bit salt */
	unsigned	aead_bits;
	int		guide;		/* the guides have its rows (ipsec-NAME-...) */
};

static const struct ipsec_alg algs[] = {
	{ "3des",      "cbc(des3_ede)", 192, NULL, 0, 1 },
	{ "aes128",    "cbc(aes)", 128, NULL, 0, 1 },
	{ "aes192",    "cbc(aes)", 192, NULL, 0, 1 },
	{ "aes256",    "cbc(aes)", 256, NULL, 0, 1 },
	{ "aes128gcm", NULL, 0, "rfc4106(gcm(aes))", 160, 0 },
	{ "aes256gcm", NULL, 0, "rfc4106(gcm(aes))", 288, 0 },
	{ "none",      NULL, 0, NULL, 0, 0 },
};
enum { NALGS = sizeof(algs) / sizeof(algs[0]), NDEFAULT = 5 };

static const struct {
	const char	*name, *hmac;
	unsigned	bits, trunc;
} auths[] = {
	{ "sha1", "hmac(sha1)", 160, 96 },
	{ "sha256", "hmac(sha256)", 256, 128 },
};

struct ipsec {
	struct run_ctx	*ctx;
	struct ipsec_pair pair;
	int		nalg, alg[NALGS];
	int		auth;		/* index in auths */
	int		tcp, udp;
	uint64_t	ns;
	int		wait_ms;
	unsigned char	key[2 * XFRM_KEY_MAX];	/* --key's bytes */
	size_t		keylen;
	int		measured;
	char		lacks[512];	/* "3des (cbc(des3_ede) with hmac(sha1): WHY)", ... */
};

/* keys ---------------------------------------------------------------------- */

static int is_none(const struct ipsec_alg *a)
{
	return !a->crypt && !a->aead;
}

/* Bytes of key an algorithm takes: the cipher's then the HMAC's, or the
 * AEAD's with its salt. */
static size_t key_bytes(const struct ipsec *I, const struct ipsec_alg *a)
{
	if (a->aead)
		return a->aead_bits / 8;
	return a->crypt ? a->crypt_bits / 8 + auths[I->auth].bits / 8 : 0;
}

static int hexval(int c)
{
	return c >= '0' && c <= '9' ? c - '0' : (c | 0x20) >= 'a' && (c | 0x20) <= 'f' ?
	       (c | 0x20) - 'a' + 10 : -1;
}

/* --key=HEX (an optional 0x): its bytes, as many as the one algorithm
 * takes. EXIT_OK or EXIT_USAGE, said. */
static int parse_key(struct ipsec *I, const char *hex)
{
	const struct ipsec_alg *a = &algs[I->alg[0]];
	size_t n = strlen(hex), i, want;

	if (I->nalg != 1 || is_none(a)) {
		errorf("--key is the key of one algorithm: name one (3des, aes128, ...), "
		       "or give --passphrase");
		return EXIT_USAGE;
	}
	if (n >= 2 && hex[0] == '0' && (hex[1] | 0x20) == 'x') {
		hex += 2;
		n -= 2;
	}
	want = key_bytes(I, a);
	for (i = 0; i < n; i++)
		if (hexval((unsigned char)hex[i]) < 0) {
			errorf("--key: '%c' is not a hex digit", isprint((unsigned char)hex[i]) ?
			       hex[i] : '?');
			return EXIT_USAGE;
		}
	if (n != 2 * want) {
		if (a->aead)
			errorf("--key: %s takes %zu bytes (%zu hex digits: %u of key, 4 of salt), "
			       "not %zu digits", a->name, want, 2 * want, a->aead_bits / 8 - 4, n);
		else
			errorf("--key: %s with %s takes %zu bytes (%zu hex digits: %u for %s, "
			       "%u for %s), not %zu digits", a->name, auths[I->auth].hmac, want,
			       2 * want, a->crypt_bits / 8, a->crypt, auths[I->auth].bits / 8,
			       auths[I->auth].hmac, n);
		return EXIT_USAGE;
	}
	for (i = 0; i < want; i++)
		I->key[i] = (unsigned char)(hexval(hex[2 * i]) << 4 | hexval(hex[2 * i + 1]));
	I->keylen = want;
	return EXIT_OK;
}

/* n bytes of key for the direction dir (0: client to server) of alg:
 * --key's (both directions), HMAC-SHA256 blocks of --passphrase over a
 * label that names the algorithm, the HMAC and the direction (both ends
 * given the same words derive the same keys), or random ones. */
static int make_key(const struct ipsec *I, const struct ipsec_alg *a, int dir, unsigned char *out,
		    size_t n)
{
	const char *pass = opt_str(I->ctx, PASSPHRASE);
	const mbedtls_md_info_t *md = mbedtls_md_info_from_type(MBEDTLS_MD_SHA256);
	unsigned char block[32];
	char label[160];
	size_t done = 0, k;
	unsigned i;

	if (I->keylen) {
		memcpy(out, I->key, n);
		return 0;
	}
	if (!pass) {
		while (done < n) {
			ssize_t r = getrandom(out + done, n - done, 0);

			if (r < 0 && errno != EINTR)
				return -1;
			done += r > 0 ? (size_t)r : 0;
		}
		return 0;
	}
	for (i = 0; done < n; i++) {
		k = (size_t)snprintf(label, sizeof(label), "benchbox ipsec 1 %s %s %s %u",
				     a->aead ? a->aead : a->crypt, a->aead ? "-" : auths[I->auth].hmac,
				     dir ? "server-to-client" : "client-to-server", i);
		if (!md || mbedtls_md_hmac(md, (const unsigned char *)pass, strlen(pass),
					   (const unsigned char *)label, k, block))
			return -1;
		k = n - done < sizeof(block) ? n - done : sizeof(block);
		memcpy(out + done, block, k);
		done += k;
	}
	return 0;
}

/* The two SAs of alg (addresses and SPIs come from ipsec_install()). */
static int make_sas(const struct ipsec *I, const struct ipsec_alg *a, struct xfrm_sa sa[2])
{
	unsigned char key[2 * XFRM_KEY_MAX];
	size_t ck = a->crypt_bits / 8;
	int d;

	memset(sa, 0, 2 * sizeof(*sa));
	for (d = 0; d < 2; d++) {
		if (make_key(I, a, d, key, key_bytes(I, a)))
			return -1;
		sa[d].replay_window = 32;
		if (a->aead) {
			snprintf(sa[d].aead, sizeof(sa[d].aead), "%s", a->aead);
			sa[d].aead_bits = a->aead_bits;
			sa[d].icv_bits = 128;
			memcpy(sa[d].aead_key, key, a->aead_bits / 8);
			continue;
		}
		snprintf(sa[d].crypt, sizeof(sa[d].crypt), "%s", a->crypt);
		sa[d].crypt_bits = a->crypt_bits;
		memcpy(sa[d].crypt_key, key, ck);
		snprintf(sa[d].auth, sizeof(sa[d].auth), "%s", auths[I->auth].hmac);
		sa[d].auth_bits = auths[I->auth].bits;
		sa[d].trunc_bits = auths[I->auth].trunc;
		memcpy(sa[d].auth_key, key + ck, auths[I->auth].bits / 8);
	}
	memset(key, 0, sizeof(key));
	return 0;
}

/* the driver ---------------------------------------------------------------- */

/* "authenc(hmac(sha1-ce),cbc-aes-ce), CPU instructions": the kernel's
 * instance of the transform, from /proc/crypto. */
static void driver_note(const struct ipsec *I, const struct ipsec_alg *a, char *buf, size_t len)
{
	static const struct {
		const char *kind, *words;
	} kinds[] = {
		{ "hw", "a crypto engine" }, { "cpu", "CPU instructions" },
		{ "lib", "the kernel's library" }, { "c", "portable C" },
	};
	struct wiring_crypto e;
	char name[160];
	const char *kind, *words = "";
	char *text;
	size_t i;

	if (a->aead)
		snprintf(name, sizeof(name), "%s", a->aead);
	else
		snprintf(name, sizeof(name), "authenc(%s,%s)", auths[I->auth].hmac, a->crypt);
	text = read_sysfile("/proc/crypto", 1 << 20, NULL);
	if (!text || wiring_crypto_pick(text, name, &e)) {
		snprintf(buf, len, "driver: %s not in /proc/crypto", name);
		free(text);
		return;
	}
	free(text);
	kind = wiring_crypto_kind(e.driver);
	for (i = 0; i < ARRAY_LEN(kinds); i++)
		if (!strcmp(kinds[i].kind, kind))
			words = kinds[i].words;
	snprintf(buf, len, "driver %s (%s)", e.driver, words);
}

/* records ------------------------------------------------------------------- */

struct stream_out {
	const struct ipsec_alg *alg;
	const char	*proto;		/* "tcp", "udp" */
	char		params[96];
	const char	*note;
};

static void put(struct ipsec *I, const struct stream_out *s, const char *what,
		const char *guide, const char *unit, int better, double v, double lo, double hi,
		unsigned samples, unsigned flags)
{
	char test[48], metric[48];
	struct result r = { 0 };

	snprintf(test, sizeof(test), "%s.%s%s%s", s->alg->name, s->proto, what ? "_" : "",
		 what ? what : "");
	snprintf(metric, sizeof(metric), "ipsec-%s-%s", s->alg->name, guide ? guide : "");
	r.test = test;
	r.params = s->params;
	r.unit = unit;
	r.better = better;
	r.value = v;
	r.min = fmin(lo, v);
	r.max = fmax(hi, v);
	r.samples = samples ? samples : 1;
	r.flags = flags | (I->ctx->quick ? RESULT_SHORT : 0);
	r.note = s->note;
	/* the guides' rows are TCP's (iperf's default) */
	r.metric = guide && s->alg->guide && !strcmp(s->proto, "tcp") ? metric : NULL;
	emit_result(I->ctx, &r);
}

/* One stream of net through the pair: its records. EXIT_OK, EXIT_FAIL
 * (said), or EXIT_WRONG (a self-check). */
static int stream(struct ipsec *I, const struct ipsec_alg *a, enum net_test test,
		  const char *note)
{
	struct net_client nc;
	struct stream_out s = { a, test == NET_UDP_STREAM ? "udp" : "tcp", "", note };
	uint64_t rx0, rx1, t0, t1;
	double kpps = NAN, lost;
	int rc, fd, have;
	char m[32];

	memset(&nc, 0, sizeof(nc));
	nc.test = test;
	nc.ctl = I->pair.ctl;
	nc.flow.ns = I->ns;
	nc.flow.interval = I->ns >= 5000000000u ? 1000000000u : I->ns / 5;
	nc.flow.wait_ms = I->wait_ms;
	if (test == NET_UDP_STREAM) {
		nc.flow.msg = UDP_MSG;
	} else {
		fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
		nc.flow.msg = net_default_msg(fd);
		if (fd >= 0)
			close(fd);
	}
	have = !ipsec_rx_packets(&I->pair, 1, &rx0);
	t0 = net_now_ns();
	rc = net_client_test(&nc);
	t1 = net_now_ns();
	have = have && !ipsec_rx_packets(&I->pair, 1, &rx1) && rx1 >= rx0 && t1 > t0;
	if (rc)
		return rc;
	if (have)
		kpps = (double)(rx1 - rx0) / ((double)(t1 - t0) / 1e9) / 1e3;
	format_size(nc.flow.msg, m, sizeof(m));
	snprintf(s.params, sizeof(s.params), "%s%s%smsg=%s,time=%g", a->crypt ? "auth=" : "",
		 a->crypt ? auths[I->auth].name : "", a->crypt ? "," : "", m,
		 (double)I->ns / 1e9);
	put(I, &s, NULL, "throughput", UNIT_MBIT_S, 1, nc.remote.bps / 1e6, nc.remote.lo / 1e6,
	    nc.remote.hi / 1e6, nc.remote.nsamples, 0);
	if (!isnan(kpps))
		put(I, &s, "kpps", "packets", "kpps", 1, kpps, kpps, kpps, 1, 0);
	if (test == NET_UDP_STREAM) {
		lost = nc.local.dgrams > nc.remote.dgrams ?
		       (double)(nc.local.dgrams - nc.remote.dgrams) : 0;
		put(I, &s, "loss", NULL, UNIT_PERCENT, -1,
		    nc.local.dgrams ? 100.0 * lost / (double)nc.local.dgrams : 0, 0, 0, 1, 0);
	}
	if (!isnan(nc.local.cpu))
		put(I, &s, "cpu", "cpu", UNIT_PERCENT, -1, nc.local.cpu, nc.local.cpu,
		    nc.local.cpu, 1, 0);
	I->measured++;
	if (test != NET_UDP_STREAM && nc.remote.bytes != nc.local.bytes) {
		errorf("self-check failed: %s over %s: %llu bytes received of %llu sent", s.proto,
		       a->name, (unsigned long long)nc.remote.bytes,
		       (unsigned long long)nc.local.bytes);
		return EXIT_WRONG;
	}
	if (test == NET_UDP_STREAM && nc.remote.dgrams > nc.local.dgrams) {
		errorf("self-check failed: udp over %s: %llu datagrams received of %llu sent",
		       a->name, (unsigned long long)nc.remote.dgrams,
		       (unsigned long long)nc.local.dgrams);
		return EXIT_WRONG;
	}
	return EXIT_OK;
}

/* One algorithm: install, both streams, remove. EXIT_SKIP for a kernel
 * without ESP (the whole run skips), -1 for an algorithm this kernel
 * lacks (said; the others go on). */
static int one_alg(struct ipsec *I, const struct ipsec_alg *a)
{
	struct xfrm_sa sa[2];
	char why[160], note[224] = "";
	int rc = EXIT_OK, end;

	if (!is_none(a)) {
		if (make_sas(I, a, sa)) {
			errorf("%s: no key: %s", a->name, strerror(errno));
			return EXIT_FAIL;
		}
		if (ipsec_install(&I->pair, sa, why, sizeof(why))) {
			int e = errno;

			memset(sa, 0, sizeof(sa));
			if (e == EPROTONOSUPPORT) {
				errorf("skipped: this kernel has no ESP (CONFIG_INET_ESP; modprobe "
				       "esp4)%s%s", *why ? ": " : "", why);
				return EXIT_SKIP;
			}
			if (e == ENOSYS || e == ENOENT) {	/* said at the end: */
				size_t n = strlen(I->lacks);	/* unless ESP is missing */

				snprintf(I->lacks + n, sizeof(I->lacks) - n, "%s%s (%s%s%s%s%s)",
					 n ? ", " : "", a->name, a->aead ? a->aead : a->crypt,
					 a->aead ? "" : " with ", a->aead ? "" : auths[I->auth].hmac,
					 *why ? ": " : "", why);
				return -1;
			}
			errorf("%s: cannot install its SAs and policies: %s%s%s", a->name,
			       strerror(e), *why ? ": " : "", why);
			return EXIT_FAIL;
		}
		memset(sa, 0, sizeof(sa));
		/* the transform exists once an SA uses it */
		driver_note(I, a, note, sizeof(note));
	}
	if (I->tcp)
		rc = stream(I, a, NET_TCP_STREAM, *note ? note : NULL);
	if (!rc && I->udp)
		rc = stream(I, a, NET_UDP_STREAM, *note ? note : NULL);
	if (ipsec_uninstall(&I->pair) && !rc) {
		errorf("%s: the kernel refused to remove an SA or policy of its own", a->name);
		rc = EXIT_FAIL;
	}
	/* read back: nothing of ours stays in either namespace */
	for (end = 0; !is_none(a) && end < 2; end++) {
		int n = ipsec_marked(&I->pair.end[end].xf, getpid());

		if (n && !rc) {
			errorf("%s: %d SAs and policies of its own still in a namespace after removal%s%s",
			       a->name, n, n < 0 ? ": " : "", n < 0 ? strerror(errno) : "");
			rc = EXIT_FAIL;
		}
	}
	return rc;
}

/* The run's own check, once everything is closed: nothing of the pair is
 * left (a record, 0 items); EXIT_OK, or EXIT_WRONG when something is. */
static int cleanup_record(struct ipsec *I)
{
	char what[160], note[256];
	struct result r = { 0 };
	int n = ipsec_leftovers(&I->pair, what, sizeof(what));

	if (n < 0)
		return EXIT_FAIL;
	snprintf(note, sizeof(note), n ? "left: %s" : "no SA or policy after each algorithm (read "
		 "back), nothing where it started, its namespaces held by nothing", what);
	r.test = "cleanup";
	r.unit = "items";
	r.better = -1;
	r.value = r.min = r.max = n;
	r.samples = 1;
	r.note = note;
	emit_result(I->ctx, &r);
	if (n) {
		errorf("self-check failed: %d things of this run left: %s", n, what);
		return EXIT_WRONG;
	}
	return EXIT_OK;
}

/* options and main ------------------------------------------------------------ */

static int pick_algs(struct ipsec *I)
{
	char list[128] = "";
	int i, j;

	if (!I->ctx->argc) {
		for (i = 0; i < NDEFAULT; i++)
			I->alg[I->nalg++] = i;
		return EXIT_OK;
	}
	for (i = 0; i < I->ctx->argc; i++) {
		for (j = 0; j < NALGS && strcmp(algs[j].name, I->ctx->argv[i]); j++)
			;
		if (j == NALGS) {
			for (j = 0; j < NALGS; j++)
				snprintf(list + strlen(list), sizeof(list) - strlen(list), "%s%s",
					 j ? ", " : "", algs[j].name);
			errorf("'%s' is not an algorithm: %s", I->ctx->argv[i], list);
			return EXIT_USAGE;
		}
		if (I->nalg < NALGS)
			I->alg[I->nalg++] = j;
	}
	return EXIT_OK;
}

/* What killed runs left in the namespace benchbox starts in (none of
 * this mode's, whose namespaces die with it; a run on two hosts installs
 * there): removed, said. */
static void sweep(void)
{
	struct nl_sock xf;
	int n;

	if (nl_open(&xf, NL_XFRM))
		return;		/* ipsec_pair_open() says why */
	n = ipsec_sweep(&xf);
	if (n > 0)
		warnf("removed %d SAs and policies that a killed benchbox left", n);
	nl_close(&xf);
}

/* --list prints its own lines: no table of records after them */
static const struct emitter emit_listing = { .name = "listing" };

static int list_main(struct run_ctx *ctx)
{
	struct nl_sock xf;
	int n;

	emit_set_emitter(ctx->rep, &emit_listing);
	if (ctx->argc) {
		errorf("--list takes no algorithm ('%s')", ctx->argv[0]);
		return EXIT_USAGE;
	}
	if ((n = ipsec_open_xfrm(&xf)))
		return n;
	n = ipsec_list(&xf);
	if (n < 0)
		errorf("cannot list the SAs and policies: %s", strerror(errno));
	nl_close(&xf);
	return n < 0 ? EXIT_FAIL : EXIT_OK;
}

static int ipsec_run(struct run_ctx *ctx)
{
	static struct ipsec I;
	void (*oldpipe)(int);
	int rc, i, xfrm = 0, skipped = 0;
	double secs = opt_double(ctx, TIME);

	if (opt_int(ctx, LIST))
		return list_main(ctx);
	memset(&I, 0, sizeof(I));
	I.ctx = ctx;
	I.auth = (int)opt_int(ctx, AUTH);
	I.tcp = opt_int(ctx, STREAMS) != 2;
	I.udp = opt_int(ctx, STREAMS) != 1;
	if (ctx->quick && !opt_given(ctx, TIME))
		secs = 1;
	I.ns = (uint64_t)(secs * 1e9);
	I.wait_ms = (int)(opt_double(ctx, TIMEOUT) * 1000 + 0.5);
	if ((rc = pick_algs(&I)))
		return rc;
	if (opt_given(ctx, KEY) && opt_given(ctx, PASSPHRASE)) {
		errorf("--key and --passphrase are two ways to give the keys: one of them");
		return EXIT_USAGE;
	}
	if (opt_given(ctx, KEY) && (rc = parse_key(&I, opt_str(ctx, KEY))))
		return rc;
	if (opt_given(ctx, PASSPHRASE) && !*opt_str(ctx, PASSPHRASE)) {
		errorf("--passphrase: empty");
		return EXIT_USAGE;
	}
	for (i = 0; i < I.nalg; i++)
		xfrm |= !is_none(&algs[I.alg[i]]);
	if (xfrm)
		sweep();
	rc = ipsec_pair_open(&I.pair, xfrm);
	oldpipe = signal(SIGPIPE, SIG_IGN);	/* a dead peer is an error, not our death */
	if (!rc)
		rc = ipsec_server_start(&I.pair, I.wait_ms);
	for (i = 0; !rc && i < I.nalg; i++) {
		rc = one_alg(&I, &algs[I.alg[i]]);
		if (rc < 0) {
			skipped++;
			rc = EXIT_OK;
		}
	}
	ipsec_pair_close(&I.pair);
	if (!rc && I.measured)
		rc = cleanup_record(&I);
	signal(SIGPIPE, oldpipe);
	if (skipped && (!rc || rc == EXIT_WRONG) && I.measured)
		warnf("skipped, the kernel lacks them: %s", I.lacks);
	if (!rc && !I.measured && skipped) {
		errorf("skipped: this kernel lacks every algorithm asked for: %s", I.lacks);
		rc = EXIT_SKIP;
	}
	return rc;
}

TEXT(ipsec_summary, "ESP throughput through the kernel's IPsec, set up by itself");
TEXT(ipsec_usage,
	"usage: ipsec [ALG...] [-t SECONDS] [--auth sha1|sha256] [--streams both|tcp|udp]\n"
	"             [--key HEX | --passphrase TEXT]\n"
	"       ipsec --list\n"
	"\n"
	"The vendor guides' IPsec table on this board, with nothing else installed:\n"
	"benchbox makes two network namespaces of its own joined by a veth pair,\n"
	"installs ESP in transport mode between them over NETLINK_XFRM (an SA and\n"
	"a policy each way) and runs net's tcp_stream and udp_stream through it,\n"
	"for each ALG: 3des, aes128, aes192, aes256 (CBC with hmac(sha1), or\n"
	"hmac(sha256) with --auth), aes128gcm, aes256gcm (rfc4106), or none (the\n"
	"same path without ESP); the first five by default. Each stream gives the\n"
	"receiver's Mbit/s, the ESP packets per second (kpps) and the CPU busy;\n"
	"the note names the kernel driver that did the cipher and the HMAC.\n"
	"Nothing is made in the namespace it started in: the kernel removes the\n"
	"namespaces, the veth pair, the SAs and policies when benchbox ends, even\n"
	"when killed. Keys are random unless --key (one ALG; the cipher's bytes\n"
	"then the HMAC's, the same each way) or --passphrase (HMAC-SHA256 of it)\n"
	"gives them. Needs root and a kernel with network namespaces, veth,\n"
	"xfrm_user and esp4 (else exit 77, said); an ALG the kernel lacks is\n"
	"skipped with a warning.\n"
	"\n"
	"--list prints the SAs and policies of the namespace it runs in, with\n"
	"those a benchbox installed marked with its PID.\n");

const struct applet applet_ipsec = {
	.name    = "ipsec",
	.summary = TEXT_PTR(ipsec_summary),
	.usage   = TEXT_PTR(ipsec_usage),
	.opts    = opts,
	.unit    = UNIT_MBIT_S,
	.run     = ipsec_run,
};
