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
 * The two ends are net's client (this process, in one namespace) and
 * server (a child in the other): each installs its own half of ESP for
 * each stream (ipsec_sa.c), as `net --ipsec` does between two hosts, with
 * fresh SPIs (ALLOCSPI, the receiver's, exchanged in net's request and
 * answer), keys derived from a random secret of the run unless --key or
 * --passphrase give them, removed after the stream; the kernel's own
 * count of the bytes through the SAs must cover the stream's
 * (net_client_check(): a stream that went around ESP fails). Per stream:
 * the receiver's Mbit/s over -t seconds (net's meter: min and max of its
 * intervals), the ESP packets the server's veth end received per second
 * (kpps: the guides' Packets/Sec column is thousands, see
 * docs/applets.md), the CPU busy over all cores from /proc/stat (one
 * board: both ends are on it), and in the note the driver the kernel
 * instantiated for the transform (/proc/crypto's highest-priority usable
 * entry, its kind in wiring's words).
 */
#include "applet.h"
#include "ipsec.h"
#include "net.h"
#include "util.h"
#include "wiring.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

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
enum { NDEFAULT = 5 };		/* the first five of ipsec_algs */

struct ipsec {
	struct run_ctx	*ctx;
	struct ipsec_pair pair;
	int		nalg, alg[16];
	struct ipsec_conf conf;		/* conf.alg: the one running */
	int		tcp, udp;
	uint64_t	ns;
	int		wait_ms;
	int		measured;
	char		lacks[512];	/* "3des (cbc(des3_ede) with hmac(sha1): WHY)", ... */
};

/* the driver ---------------------------------------------------------------- */

/* "driver authenc(hmac(sha1-ce),cbc-aes-ce) (CPU instructions)": the
 * kernel's instance of the transform, from /proc/crypto. */
static void driver_note(const struct ipsec *I, char *buf, size_t len)
{
	const struct ipsec_alg *a = &ipsec_algs[I->conf.alg];
	struct wiring_crypto e;
	char name[160];
	char *text;

	if (a->aead)
		snprintf(name, sizeof(name), "%s", a->aead);
	else
		snprintf(name, sizeof(name), "authenc(%s,%s)", ipsec_auths[I->conf.auth].hmac,
			 a->crypt);
	text = read_sysfile("/proc/crypto", 1 << 20, NULL);
	if (!text || wiring_crypto_pick(text, name, &e))
		snprintf(buf, len, "driver: %s not in /proc/crypto", name);
	else
		snprintf(buf, len, "driver %s (%s)", e.driver, wiring_crypto_kind_words(e.driver));
	free(text);
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

/* A stream that ESP could not carry: EXIT_SKIP when the kernel has no
 * ESP (said: the whole run skips), -1 when it lacks this algorithm's
 * transform (kept to say at the end). */
static int esp_missing(struct ipsec *I, const struct net_client *nc)
{
	const struct ipsec_alg *a = &ipsec_algs[I->conf.alg];
	size_t n = strlen(I->lacks);

	if (nc->esp_noxfrm || nc->esp_errno == EPROTONOSUPPORT) {
		ipsec_say_skip(nc->esp_noxfrm, "this kernel", nc->esp_why);
		return EXIT_SKIP;
	}
	snprintf(I->lacks + n, sizeof(I->lacks) - n, "%s%s (%s%s%s%s%s)", n ? ", " : "", a->name,
		 a->aead ? a->aead : a->crypt, a->aead ? "" : " with ",
		 a->aead ? "" : ipsec_auths[I->conf.auth].hmac, *nc->esp_why ? ": " : "",
		 nc->esp_why);
	return -1;
}

/* One stream of net through the pair: its records. EXIT_OK, EXIT_FAIL
 * (said), or EXIT_WRONG (a self-check). */
static int stream(struct ipsec *I, enum net_test test, char *note, size_t notelen)
{
	static struct net_client nc;
	const struct ipsec_alg *a = &ipsec_algs[I->conf.alg];
	struct stream_out s = { a, test == NET_UDP_STREAM ? "udp" : "tcp", "", NULL };
	uint64_t rx0, rx1, t0, t1;
	double kpps = NAN, lost;
	int rc, fd, have;
	char m[32], why[160];

	memset(&nc, 0, sizeof(nc));
	nc.test = test;
	nc.ctl = I->pair.ctl;
	nc.flow.ns = I->ns;
	nc.flow.interval = I->ns >= 5000000000u ? 1000000000u : I->ns / 5;
	nc.flow.wait_ms = I->wait_ms;
	nc.ipsec = ipsec_is_none(I->conf.alg) ? NULL : &I->conf;
	nc.xf = &I->pair.end[0].xf;
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
	if (rc == EXIT_SKIP)
		return esp_missing(I, &nc);
	if (rc)
		return rc;
	/* the transform exists once an SA has used it */
	if (nc.ipsec && !*note)
		driver_note(I, note, notelen);
	s.note = *note ? note : NULL;
	if (have)
		kpps = (double)(rx1 - rx0) / ((double)(t1 - t0) / 1e9) / 1e3;
	format_size(nc.flow.msg, m, sizeof(m));
	snprintf(s.params, sizeof(s.params), "%s%s%smsg=%s,time=%g", a->crypt ? "auth=" : "",
		 a->crypt ? ipsec_auths[I->conf.auth].name : "", a->crypt ? "," : "", m,
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
	if (net_client_check(&nc, why, sizeof(why))) {
		errorf("self-check failed: %s over %s: %s", s.proto, a->name, why);
		return EXIT_WRONG;
	}
	return EXIT_OK;
}

/* One algorithm: each stream through ESP of its own (each end installs
 * its half as net's client and server, removed after the stream), then
 * both namespaces read back. EXIT_SKIP for a kernel without ESP (the
 * whole run skips), -1 for an algorithm this kernel lacks (said at the
 * end; the others go on). */
static int one_alg(struct ipsec *I, int alg)
{
	char note[224] = "";
	int rc = EXIT_OK, end;

	I->conf.alg = alg;
	if (I->tcp)
		rc = stream(I, NET_TCP_STREAM, note, sizeof(note));
	if (!rc && I->udp)
		rc = stream(I, NET_UDP_STREAM, note, sizeof(note));
	/* read back: no SA or policy of a benchbox in either namespace (the
	 * server's half is its session child's, removed before its answer) */
	for (end = 0; !ipsec_is_none(alg) && rc >= 0 && end < 2; end++) {
		int n = ipsec_marked(&I->pair.end[end].xf);

		if (n && !rc) {
			errorf("%s: %d SAs and policies still in a namespace after removal%s%s",
			       ipsec_algs[alg].name, n, n < 0 ? ": " : "", n < 0 ? strerror(errno) : "");
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
	char list[128];
	int i, j;

	if (!I->ctx->argc) {
		for (i = 0; i < NDEFAULT; i++)
			I->alg[I->nalg++] = i;
		return EXIT_OK;
	}
	for (i = 0; i < I->ctx->argc; i++) {
		j = ipsec_alg_find(I->ctx->argv[i], 1);
		if (j < 0) {
			errorf("'%s' is not an algorithm: %s", I->ctx->argv[i],
			       ipsec_alg_names(list, sizeof(list), 1));
			return EXIT_USAGE;
		}
		if (I->nalg < (int)ARRAY_LEN(I->alg))
			I->alg[I->nalg++] = j;
	}
	return EXIT_OK;
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
	I.conf.auth = (int)opt_int(ctx, AUTH);
	I.tcp = opt_int(ctx, STREAMS) != 2;
	I.udp = opt_int(ctx, STREAMS) != 1;
	if (ctx->quick && !opt_given(ctx, TIME))
		secs = 1;
	I.ns = (uint64_t)(secs * 1e9);
	I.wait_ms = (int)(opt_double(ctx, TIMEOUT) * 1000 + 0.5);
	if ((rc = pick_algs(&I)))
		return rc;
	if (opt_given(ctx, KEY) && (I.nalg != 1 || ipsec_is_none(I.alg[0]))) {
		errorf("--key is the key of one algorithm: name one (3des, aes128, ...), "
		       "or give --passphrase");
		return EXIT_USAGE;
	}
	I.conf.alg = I.alg[0];
	if ((rc = ipsec_conf_keys(&I.conf, opt_str(ctx, KEY), opt_str(ctx, PASSPHRASE), 1)))
		return rc;
	I.conf.any = 1;
	for (i = 0; i < I.nalg; i++)
		xfrm |= !ipsec_is_none(I.alg[i]);
	if (xfrm)
		ipsec_sweep_here();
	rc = ipsec_pair_open(&I.pair, xfrm);
	oldpipe = signal(SIGPIPE, SIG_IGN);	/* a dead peer is an error, not our death */
	if (!rc)
		rc = ipsec_server_start(&I.pair, &I.conf, I.wait_ms);
	for (i = 0; !rc && i < I.nalg; i++) {
		rc = one_alg(&I, I.alg[i]);
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
	"usage: ipsec [ALG...] [-t SECONDS] [--streams both|tcp|udp]\n"
	"             [--auth sha1|sha256] [--key HEX | --passphrase TEXT]\n"
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
