/* net.c - TCP and UDP stream throughput between two hosts, netperf-style
 *
 * SPDX-License-Identifier: MIT
 *
 * The tests of netperf 2.7.1 that the vendor guides run for Ethernet, on a
 * protocol of our own (see net.h): tcp_stream (this side sends), tcp_maerts
 * (the server sends) and udp_stream (this side sends datagrams carrying a
 * sequence number; the server counts them). The sender writes -m-byte
 * messages for -t seconds, optionally paced to --rate bits/s (net_io.c). The
 * receiver measures: throughput is its byte count over its window, in
 * Mbit/s (10^6 bits/s), and the min/median/max of its per-interval rates
 * (1 s intervals, a fifth of the run when it is shorter than 5 s) give
 * the spread (min and max in the records, the median in the summary). For UDP the sender's rate, datagrams sent, received and
 * lost are reported too. Each side reports its CPU utilisation over all
 * cores from /proc/stat during the transfer (netperf -c and -C). Without
 * a HOST the client forks its own server on 127.0.0.1 (a free port),
 * killed and reaped on every path. Self-check: the receiver must count
 * exactly the bytes the sender sent (TCP), and never more datagrams than
 * were sent (UDP); otherwise exit 3.
 */
#include "applet.h"
#include "inet.h"
#include "net.h"
#include "proc.h"
#include "util.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define OPTIONS(O) \
	O(SERVER, "server", OPT_BOOL, "be the server: serve one test, then exit", \
	  .letter = 's', .flags = OPT_SERVER, .key = OPTK_SERVER) \
	O(BIND, "bind", OPT_STR, "server: the one address to listen on (0.0.0.0: all)", \
	  .def = INET_LOOPBACK, .flags = OPT_SERVER, .metavar = "ADDR", .key = OPTK_BIND) \
	O(PORT, "port", OPT_INT, "the server's control port (0 with -s: any free one)", \
	  .letter = 'p', .def = "12865", .max = 65535, .metavar = "PORT", .key = OPTK_PORT) \
	O(STAY, "stay", OPT_BOOL, "server: keep serving, a child per client", \
	  .flags = OPT_SERVER) \
	O(TIME, "time", OPT_DOUBLE, "how long to send (--quick: 1)", .letter = 't', \
	  .def = "10", .min = 0.1, .max = 86400, .metavar = "SECONDS") \
	O(MSG, "msg", OPT_SIZE, "bytes per send [TCP: SO_SNDBUF, UDP: 1472]", .letter = 'm', \
	  .min = 1, .max = NET_MSG_MAX, .metavar = "BYTES", .key = OPTK_MSG) \
	O(RATE, "rate", OPT_STR, "pace the sender to BITS per second (500m)", \
	  .metavar = "BITS") \
	O(IPSEC, "ipsec", OPT_STR, "the data connection through ESP: 3des, aes128, ... (both ends)", \
	  .metavar = "ALG") \
	O(AUTH, "auth", OPT_CHOICE, "--ipsec: the HMAC beside a CBC cipher", .def = "sha1", \
	  .choices = "sha1|sha256") \
	O(KEY, "key", OPT_STR, "--ipsec: the keys in hex, the cipher's then the HMAC's", \
	  .metavar = "HEX") \
	O(PASSPHRASE, "passphrase", OPT_STR, "--ipsec: derive the keys from TEXT", \
	  .metavar = "TEXT") \
	O(RCVBUF, "rcvbuf", OPT_SIZE, "the receiver's SO_RCVBUF [the system's]", .min = 4096, \
	  .max = NET_RCVBUF_MAX, .metavar = "BYTES") \
	INET_TIMEOUT_OPT(O)
OPT_TABLE(net, OPTIONS);

enum { UDP_DEFAULT_MSG = 1472 };	/* the guides' datagram: a full 1500-byte frame */

/* What the summary shows beside the records. */
struct net_summary {
	char		head[256];	/* the first line */
	double		median;		/* the median interval's throughput, Mbit/s */
};

struct client {
	struct run_ctx	*ctx;
	struct ipsec_conf esp;		/* --ipsec (nc.ipsec points here) */
	struct net_client nc;		/* nc.flow.wait_ms: --timeout */
	const char	*host;		/* NULL: a server of our own on 127.0.0.1 */
	char		params[128];
	struct net_summary sum;
};

/* the summary output: a title line, then one line per record ----------- */

static void sum_record(struct emit_out *o, const struct result *r)
{
	const struct net_summary *sum = o->arg;
	char note[256];
	int count = !strcmp(r->unit, "datagrams");

	if (!o->count && sum)
		fprintf(o->f, "%s\n", sum->head);
	fprintf(o->f, "  %-22s %12.*f %s", r->group ? r->group : r->test, count ? 0 : 2,
		r->value, r->unit);
	if (r->samples > 1 && sum)	/* the throughput */
		fprintf(o->f, "  (min %.2f, median %.2f, max %.2f over %u intervals)",
			r->min, sum->median, r->max, r->samples);
	if (*result_note(r, note, sizeof(note)))
		fprintf(o->f, "  [%s]", note);
	fputc('\n', o->f);
}

static const struct emitter emit_net_summary = {
	"summary", 0, NULL, sum_record, NULL
};

/* options ----------------------------------------------------------------- */

/* Bits per second: a decimal number with an optional k, m or g (10^3,
 * 10^6, 10^9). 0 ok, -1 bad. */
static int parse_rate(const char *s, uint64_t *out)
{
	static const char suffix[] = "kmg";
	char buf[64];
	const char *p;
	double v, mult = 1;
	size_t n = strlen(s);

	if (!n || n >= sizeof(buf) || !((*s >= '0' && *s <= '9') || *s == '.'))
		return -1;
	memcpy(buf, s, n + 1);
	p = strchr(suffix, buf[n - 1] | 0x20);
	if (p) {
		mult = pow(1000, (double)(p - suffix + 1));
		buf[n - 1] = '\0';
	}
	if (parse_double(buf, &v))
		return -1;
	v *= mult;
	if (v < 1 || v > 1e12)
		return -1;
	*out = (uint64_t)(v + 0.5);
	return 0;
}

/* 100000000 -> "100m" */
static void format_rate(uint64_t r, char *buf, size_t len)
{
	if (r % 1000000000u == 0)
		snprintf(buf, len, "%llug", (unsigned long long)(r / 1000000000u));
	else if (r % 1000000u == 0)
		snprintf(buf, len, "%llum", (unsigned long long)(r / 1000000u));
	else if (r % 1000u == 0)
		snprintf(buf, len, "%lluk", (unsigned long long)(r / 1000u));
	else
		snprintf(buf, len, "%llu", (unsigned long long)r);
}

static int find_test(const char *name)
{
	int i;

	for (i = 0; i < NET_NTESTS; i++)
		if (!strcmp(name, net_test_name[i]))
			return i;
	return -1;
}

/* [HOST] TEST from the positional words; EXIT_OK or EXIT_USAGE. */
static int parse_words(struct run_ctx *ctx, struct client *c)
{
	const char *t = ctx->argc ? ctx->argv[ctx->argc - 1] : "tcp_stream";
	int i = find_test(t);

	if (ctx->argc > 2) {
		errorf("unexpected argument '%s' (try 'net --help')", ctx->argv[2]);
		return EXIT_USAGE;
	}
	if (i < 0) {
		errorf("'%s' is not a test: tcp_stream, tcp_maerts or udp_stream%s", t,
		       ctx->argc == 1 ? " (a HOST comes with a TEST)" : "");
		return EXIT_USAGE;
	}
	c->nc.test = (enum net_test)i;
	c->host = ctx->argc == 2 ? ctx->argv[0] : NULL;
	return EXIT_OK;
}

/* The sender's message size: -m, else netperf's defaults. */
static int pick_msg(struct run_ctx *ctx, struct client *c)
{
	uint64_t m = opt_size(ctx, MSG);
	int fd;

	if (c->nc.test == NET_UDP_STREAM) {
		if (!opt_given(ctx, MSG))
			m = UDP_DEFAULT_MSG;
		if (m < NET_UDP_HDR || m > NET_UDP_MAX) {
			errorf("-m: a datagram holds %d to %d bytes", NET_UDP_HDR, NET_UDP_MAX);
			return EXIT_USAGE;
		}
	} else if (!opt_given(ctx, MSG) && c->nc.test == NET_TCP_STREAM) {
		fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
		m = net_default_msg(fd);
		if (fd >= 0)
			close(fd);
	}
	c->nc.flow.msg = (size_t)m;	/* 0 for tcp_maerts: the server's default */
	return EXIT_OK;
}

/* --ipsec, --auth, --key, --passphrase into *c: EXIT_OK with c->alg -1
 * when there is no --ipsec, else EXIT_USAGE said. The keys never travel:
 * both ends need --key or --passphrase. */
static int esp_options(struct run_ctx *ctx, struct ipsec_conf *c)
{
	char list[128];

	memset(c, 0, sizeof(*c));
	c->alg = -1;
	if (!opt_given(ctx, IPSEC)) {
		if (opt_given(ctx, KEY) || opt_given(ctx, PASSPHRASE) || opt_given(ctx, AUTH)) {
			errorf("--auth, --key and --passphrase are for --ipsec");
			return EXIT_USAGE;
		}
		return EXIT_OK;
	}
	c->alg = ipsec_alg_find(opt_str(ctx, IPSEC), 0);
	if (c->alg < 0) {
		errorf("--ipsec: '%s' is not an algorithm: %s", opt_str(ctx, IPSEC),
		       ipsec_alg_names(list, sizeof(list), 0));
		return EXIT_USAGE;
	}
	c->auth = (int)opt_int(ctx, AUTH);
	return ipsec_conf_keys(c, opt_str(ctx, KEY), opt_str(ctx, PASSPHRASE), 0);
}

static int timeout_ms(const struct run_ctx *ctx)
{
	return (int)(opt_double(ctx, TIMEOUT) * 1000 + 0.5);
}

static int client_options(struct run_ctx *ctx, struct client *c)
{
	double secs = opt_double(ctx, TIME);
	int rc;

	if (opt_given(ctx, BIND) || opt_int(ctx, STAY)) {
		errorf("--bind and --stay are for the server (-s)");
		return EXIT_USAGE;
	}
	if ((rc = parse_words(ctx, c)) || (rc = pick_msg(ctx, c)))
		return rc;
	if (c->host && !opt_int(ctx, PORT)) {
		errorf("-p: a server's port is 1..65535");
		return EXIT_USAGE;
	}
	if (opt_given(ctx, RATE) && parse_rate(opt_str(ctx, RATE), &c->nc.flow.rate)) {
		errorf("--rate: '%s' is not a rate in bits/s (e.g. 500m; k, m, g = 10^3, 10^6, "
		       "10^9; at most 1000g)", opt_str(ctx, RATE));
		return EXIT_USAGE;
	}
	if ((rc = esp_options(ctx, &c->esp)))
		return rc;
	if (c->esp.alg >= 0 && !c->host) {
		errorf("--ipsec is between two hosts (net -s --ipsec=ALG there, net HOST here); "
		       "on one board: benchbox ipsec");
		return EXIT_USAGE;
	}
	c->nc.ipsec = c->esp.alg >= 0 ? &c->esp : NULL;
	c->nc.flow.rcvbuf = opt_size(ctx, RCVBUF);
	c->nc.flow.wait_ms = timeout_ms(ctx);
	if (ctx->quick && !opt_given(ctx, TIME))
		secs = 1;
	c->nc.flow.ns = (uint64_t)(secs * 1e9);
	c->nc.flow.interval = secs >= 5 ? 1000000000u : c->nc.flow.ns / 5;
	return EXIT_OK;
}

/* the client ---------------------------------------------------------------- */

struct local_arg {
	int	lfd, wait_ms;
};

static int local_server(void *arg)
{
	const struct local_arg *l = arg;

	return net_serve_one(l->lfd, l->wait_ms, NULL);
}

/* Connect to HOST, or to a server child of our own; run the test. */
static int run_client(struct client *c, pid_t *pid)
{
	const char *host = c->host ? c->host : INET_LOOPBACK;
	int port = (int)opt_int(c->ctx, PORT);
	char err[256];

	if (!c->host && !opt_given(c->ctx, PORT))
		port = 0;
	if (inet_resolve(host, port, SOCK_STREAM, &c->nc.ctl, err, sizeof(err))) {
		errorf("%s", err);
		return EXIT_FAIL;
	}
	if (!c->host) {
		struct local_arg l = { inet_listen(&c->nc.ctl, SOCK_STREAM, 1), c->nc.flow.wait_ms };

		if (l.lfd < 0) {
			errorf("cannot listen on %s: %s", c->nc.ctl.text, strerror(errno));
			return EXIT_FAIL;
		}
		*pid = proc_fork(local_server, &l);
		close(l.lfd);
		if (*pid < 0) {
			errorf("fork: %s", strerror(errno));
			return EXIT_FAIL;
		}
	}
	return net_client_test(&c->nc);
}

/* reporting ----------------------------------------------------------------- */

/* The guides' IPsec row of a tcp_stream through --ipsec with one of their
 * algorithms ("ipsec-aes128-throughput"), else NULL. */
static const char *esp_metric(const struct client *c, const char *what, char *buf, size_t len)
{
	if (!c->nc.ipsec || c->nc.test != NET_TCP_STREAM || !ipsec_algs[c->esp.alg].guide)
		return NULL;
	snprintf(buf, len, "ipsec-%s-%s", ipsec_algs[c->esp.alg].name, what);
	return buf;
}

static void put(struct client *c, const char *what, const char *label, const char *unit,
		int better, double v)
{
	struct result r = { 0 };
	char test[48], metric[48];

	snprintf(test, sizeof(test), "%s%s%s", net_test_name[c->nc.test], what ? "." : "",
		 what ? what : "");
	r.test = test;
	r.params = c->params;
	r.unit = unit;
	r.better = better;
	r.value = r.min = r.max = v;
	r.samples = 1;
	r.group = label;
	r.flags = c->ctx->quick ? RESULT_SHORT : 0;
	if (what && !strcmp(what, "cpu_local"))
		r.metric = esp_metric(c, "cpu", metric, sizeof(metric));
	else if (what && !strcmp(what, "esp_kpps"))
		r.metric = esp_metric(c, "packets", metric, sizeof(metric));
	emit_result(c->ctx, &r);
}

static void put_cpu(struct client *c, const char *what, const char *label, double cpu)
{
	if (isnan(cpu))
		warnf("%s unknown (no /proc/stat)", label);
	else
		put(c, what, label, UNIT_PERCENT, -1, cpu);
}

static void put_throughput(struct client *c, const struct net_side *rx, const char *note)
{
	struct result r = { 0 };
	double v = rx->bps / 1e6;
	char metric[48];

	r.test = net_test_name[c->nc.test];
	r.params = c->params;
	r.unit = UNIT_MBIT_S;
	r.better = 1;
	r.value = v;
	r.min = fmin(rx->lo / 1e6, v);
	r.max = fmax(rx->hi / 1e6, v);
	r.samples = rx->nsamples ? rx->nsamples : 1;
	r.group = "throughput (receiver)";
	r.flags = (c->ctx->quick ? RESULT_SHORT : 0) | (note ? RESULT_FAILED : 0);
	r.note = note;
	r.metric = esp_metric(c, "throughput", metric, sizeof(metric));
	emit_result(c->ctx, &r);
}

static void put_udp(struct client *c, const struct net_side *tx, const struct net_side *rx)
{
	double lost = tx->dgrams > rx->dgrams ? (double)(tx->dgrams - rx->dgrams) : 0;

	put(c, "sent", "sender rate", UNIT_MBIT_S, 1, tx->bps / 1e6);
	put(c, "kpps", "packet rate (receiver)", "kpps", 1,
	    rx->bps / (8.0 * (double)c->nc.flow.msg) / 1e3);
	put(c, "datagrams_sent", "datagrams sent", "datagrams", 0, (double)tx->dgrams);
	put(c, "datagrams_received", "datagrams received", "datagrams", 0, (double)rx->dgrams);
	put(c, "datagrams_lost", "datagrams lost", "datagrams", -1, lost);
	put(c, "loss", "loss", UNIT_PERCENT, -1, tx->dgrams ? 100.0 * lost / (double)tx->dgrams : 0);
	if (tx->errors)
		warnf("%llu sends refused by the local stack (not counted as sent)",
		      (unsigned long long)tx->errors);
}

static int client_report(struct client *c)
{
	int maerts = c->nc.test == NET_TCP_MAERTS;
	const struct net_side *rx = maerts ? &c->nc.local : &c->nc.remote;
	const struct net_side *tx = maerts ? &c->nc.remote : &c->nc.local;
	double kpps = net_client_esp_kpps(&c->nc);
	char why[160] = "";

	net_client_check(&c->nc, why, sizeof(why));
	c->sum.median = rx->mid / 1e6;
	emit_set_arg(c->ctx->rep, &c->sum);
	put_throughput(c, rx, *why ? why : NULL);
	if (!isnan(kpps))
		put(c, "esp_kpps", "ESP packets (its SA's count)", "kpps", 1, kpps);
	if (c->nc.test == NET_UDP_STREAM)
		put_udp(c, tx, rx);
	put_cpu(c, "cpu_local", "local CPU", c->nc.local.cpu);
	put_cpu(c, "cpu_remote", "remote CPU", c->nc.remote.cpu);
	if (*why) {
		errorf("self-check failed: %s", why);
		return EXIT_WRONG;
	}
	return EXIT_OK;
}

static void describe(struct client *c)
{
	char m[32], rate[32] = "", paced[64] = "";
	int n;

	format_size(c->nc.flow.msg, m, sizeof(m));
	n = snprintf(c->params, sizeof(c->params), "msg=%s,time=%g", m,
		     (double)c->nc.flow.ns / 1e9);
	if (c->nc.flow.rate) {
		format_rate(c->nc.flow.rate, rate, sizeof(rate));
		n += snprintf(c->params + n, sizeof(c->params) - (size_t)n, ",rate=%s", rate);
		snprintf(paced, sizeof(paced), ", paced to %g Mbit/s", (double)c->nc.flow.rate / 1e6);
	}
	if (c->nc.flow.rcvbuf) {
		format_size(c->nc.flow.rcvbuf, m, sizeof(m));
		n += snprintf(c->params + n, sizeof(c->params) - (size_t)n, ",rcvbuf=%s", m);
	}
	if (c->nc.ipsec)
		n += snprintf(c->params + n, sizeof(c->params) - (size_t)n, ",ipsec=%s%s%s",
			      ipsec_algs[c->esp.alg].name, ipsec_algs[c->esp.alg].aead ? "" : ",auth=",
			      ipsec_algs[c->esp.alg].aead ? "" : ipsec_auths[c->esp.auth].name);
	if (c->host)
		snprintf(c->params + n, sizeof(c->params) - (size_t)n, ",host=%s", c->host);
	snprintf(c->sum.head, sizeof(c->sum.head), "%s %s %s%s: %.2f s of %zu-byte %s%s",
		 net_test_name[c->nc.test], c->nc.test == NET_TCP_MAERTS ? "from" : "to", c->nc.ctl.text,
		 c->host ? "" : " (a local server)", (double)c->nc.flow.ns / 1e9, c->nc.flow.msg,
		 c->nc.test == NET_UDP_STREAM ? "datagrams" : "writes", paced);
}

/* Why ESP could not carry the test: one line. */
static void esp_skipped(const struct net_client *nc)
{
	const char *who = nc->esp_server ? "the server's kernel" : "this kernel";

	if (nc->esp_noxfrm || nc->esp_errno == EPROTONOSUPPORT)
		ipsec_say_skip(nc->esp_noxfrm, who, nc->esp_why);
	else
		errorf("skipped: %s lacks the transform of --ipsec=%s%s%s", who,
		       ipsec_algs[nc->ipsec->alg].name, *nc->esp_why ? ": " : "", nc->esp_why);
}

static int client_main(struct run_ctx *ctx)
{
	struct client c;
	void (*oldpipe)(int);
	pid_t pid = -1;
	int rc;

	memset(&c, 0, sizeof(c));
	c.ctx = ctx;
	if ((rc = client_options(ctx, &c)))
		return rc;
	if (c.nc.ipsec)
		ipsec_sweep_here();
	oldpipe = signal(SIGPIPE, SIG_IGN);	/* a dead peer is an error, not our death */
	rc = run_client(&c, &pid);
	proc_reap(pid);
	signal(SIGPIPE, oldpipe);
	if (rc == EXIT_SKIP)
		esp_skipped(&c.nc);
	if (rc)
		return rc;
	describe(&c);
	return client_report(&c);
}

/* the server ---------------------------------------------------------------- */

static int server_main(struct run_ctx *ctx)
{
	static struct ipsec_conf esp;
	struct inet_addr a;
	char err[256];
	int lfd, rc;

	if (ctx->argc) {
		errorf("-s takes no HOST or TEST ('%s')", ctx->argv[0]);
		return EXIT_USAGE;
	}
	if (opt_given(ctx, TIME) || opt_given(ctx, MSG) || opt_given(ctx, RATE) ||
	    opt_given(ctx, RCVBUF)) {
		errorf("-t, -m, --rate and --rcvbuf are for the client: the client asks for them");
		return EXIT_USAGE;
	}
	if ((rc = esp_options(ctx, &esp)))
		return rc;
	if (esp.alg >= 0)
		ipsec_sweep_here();
	if (inet_resolve(opt_str(ctx, BIND), (int)opt_int(ctx, PORT), SOCK_STREAM, &a,
			 err, sizeof(err))) {
		errorf("--bind: %s", err);
		return EXIT_FAIL;
	}
	lfd = inet_listen(&a, SOCK_STREAM, 16);
	if (lfd < 0) {
		errorf("cannot listen on %s: %s", a.text, strerror(errno));
		return EXIT_FAIL;
	}
	fprintf(stderr, "%s: listening on %s\n", ctx->applet->name, a.text);
	rc = net_serve(lfd, (int)opt_int(ctx, STAY), timeout_ms(ctx),
		       opt_given(ctx, TIMEOUT) ? timeout_ms(ctx) : -1, esp.alg >= 0 ? &esp : NULL);
	close(lfd);
	return rc;
}

static int net_run(struct run_ctx *ctx)
{
	return opt_int(ctx, SERVER) ? server_main(ctx) : client_main(ctx);
}

TEXT(net_summary, "TCP/UDP stream throughput and CPU load (netperf-like)");
TEXT(net_usage,
	"usage: net -s [--bind ADDR] [-p PORT] [--stay] [--ipsec ALG ...]\n"
	"       net [HOST] [tcp_stream|tcp_maerts|udp_stream] [-t SECONDS] [-m BYTES]\n"
	"           [--rate BITS] [-p PORT] [--rcvbuf BYTES]\n"
	"           [--ipsec ALG [--auth sha1|sha256] --key HEX|--passphrase TEXT]\n"
	"\n"
	"Network throughput the way the vendor guides take it with netperf, on a\n"
	"protocol of its own: tcp_stream (the default) writes to the server,\n"
	"tcp_maerts reads from it, udp_stream sends it numbered datagrams and\n"
	"counts the loss. The result is the receiver's Mbit/s over -t seconds,\n"
	"with the min and max of 1-second intervals, and the CPU busy on both\n"
	"sides. --rate paces the sender (500m: 500*10^6 bits/s) to find the\n"
	"highest rate without loss. Without HOST the test runs against a server\n"
	"forked on 127.0.0.1. The receiver must count every byte sent (TCP) and\n"
	"no more datagrams than were sent (UDP), else exit 3.\n"
	"\n"
	"-s serves one test on ADDR (default 127.0.0.1) at control port -p\n"
	"(netperf's 12865) and exits; --stay keeps serving, a child per client.\n"
	"Run 'net -s --bind ADDR' on one host and 'net ADDR TEST' on the other.\n"
	"\n"
	"--ipsec=ALG (3des, aes128, aes192, aes256 with --auth's HMAC, aes128gcm,\n"
	"aes256gcm) puts the data connection through ESP in transport mode: give\n"
	"both ends the same ALG and --key or --passphrase (the keys never travel);\n"
	"each installs its own SAs and policies for that connection alone and\n"
	"removes them after it (on a signal too). Every byte must go through the\n"
	"SA, as the kernel counts, else exit 3; a kernel without ESP at either end\n"
	"is exit 77, said. On one board: benchbox ipsec.\n");

const struct applet applet_net = {
	.name    = "net",
	.summary = TEXT_PTR(net_summary),
	.usage   = TEXT_PTR(net_usage),
	.opts    = opts,
	.unit    = UNIT_MBIT_S,
	.classic = &emit_net_summary,
	.run     = net_run,
};
