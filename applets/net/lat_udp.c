/* lat_udp.c - UDP round-trip latency, lmbench's lat_udp method and output
 *
 * SPDX-License-Identifier: MIT
 *
 * A reimplementation of lmbench's lat_udp from its published method (not
 * lmbench's code; its numbers are not "lmbench results"). The client sends
 * a datagram of -m bytes (default 4, at least 4) whose first 4 bytes are a
 * big-endian sequence number; the server sends it back; the client waits
 * for the echo of that number. One exchange is one round trip, reported
 * in microseconds (the median sample). UDP may lose datagrams, so the
 * client waits 200 ms for an echo, then sends the datagram again: each
 * retransmission is counted and named in the record's note (its wait is
 * in that sample's time), and when no echo has come for --timeout seconds
 * (default 5) the run fails. Echoes of earlier datagrams (late ones) are
 * discarded. The last byte of each echo is compared with what was sent
 * (self-check, exit 3). A sequence number with its top bit set (lmbench's
 * -S sends -1) asks the server to exit; the server echoes it first, so
 * that -S learns it was taken. The server answers every datagram in turn,
 * whoever sent it, so -P clients share it. The wire is lmbench's: either
 * end may be lmbench's (but lmbench's server does not echo the exit
 * request: -S to it stops it, then says that no server answered). -P N runs N clients at once, each on its socket in
 * a thread of its own; the time is per round trip of one client. lmbench
 * floors each interval at 1 s; we take --reps samples of --min-time
 * instead. Plumbing: lmnet.c.
 */
#include "applet.h"
#include "lmbench.h"
#include "lmnet.h"
#include "util.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

enum {
	MSG_MIN		= 4,
	MSG_MAX		= LMNET_DGRAM_MAX,
	WAIT_MS		= 200,		/* for an echo before sending again */
};

#define OPTIONS(O) \
	O(MSG, "msg", OPT_SIZE, "bytes per datagram", .letter = 'm', .def = "4", \
	  .min = MSG_MIN, .max = MSG_MAX, .metavar = "BYTES", .key = OPTK_MSG) \
	LMNET_PARALLEL_OPT(O) \
	LMBENCH_OPTS_WN(O) \
	LMNET_PORT_OPT(O, "UDP port [34298; local: a free one]") \
	LMNET_SERVER_OPTS(O)
OPT_TABLE(lat_udp, OPTIONS);

/* a sequence number with the top bit set is an exit request; lmbench's
 * -S sends -1 (then -2, -3, -4) */
static const uint32_t SEQ_QUIT = 0xffffffffu, SEQ_TOP = 0x80000000u;

static void put_be32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)(v >> 24);
	p[1] = (unsigned char)(v >> 16);
	p[2] = (unsigned char)(v >> 8);
	p[3] = (unsigned char)v;
}

static uint32_t get_be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* Echo one datagram to its sender. */
static enum lmnet_end udp_datagram(int fd, unsigned char *buf)
{
	struct inet_peer peer;
	ssize_t k = inet_recv_peer(fd, buf, LMNET_DGRAM_MAX + 1, MSG_DONTWAIT, &peer);

	if (k < MSG_MIN)	/* none, an ICMP error of an earlier answer, a runt */
		return LMNET_DONE;
	inet_reply(fd, buf, (size_t)k, &peer);
	return get_be32(buf) & SEQ_TOP ? LMNET_EXIT : LMNET_DONE;
}

struct udp_lat {
	int		fd;
	size_t		msg;
	uint32_t	seq;
	int		wait_ms;	/* for an echo before sending again */
	int		tries;		/* sends of one datagram before giving up */
	unsigned	resent;		/* retransmissions */
	int		err;		/* errno of the first failure, 0 = none */
	int		wrong;		/* an echo differed from the datagram */
	unsigned char	*out, *in;
};

/* Wait for the echo of seq; 0, EAGAIN on a timeout, or an errno value. */
static int udp_wait(struct udp_lat *u, uint32_t seq)
{
	for (;;) {
		ssize_t k = recv(u->fd, u->in, u->msg, 0);

		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			return errno == EWOULDBLOCK ? EAGAIN : errno;
		if (k < MSG_MIN || get_be32(u->in) != seq)
			continue;	/* a late echo of an earlier datagram */
		if ((size_t)k != u->msg || u->in[u->msg - 1] != u->out[u->msg - 1])
			u->wrong = 1;
		return 0;
	}
}

/* Send datagram seq and wait for its echo, sending again on a timeout;
 * 0, ETIMEDOUT after u->tries losses in a row, or an errno value. */
static int udp_exchange(struct udp_lat *u, uint32_t seq)
{
	int lost, err;

	put_be32(u->out, seq);
	if (u->msg > MSG_MIN)
		u->out[u->msg - 1] = (unsigned char)~seq;
	for (lost = 0; lost < u->tries; lost++) {
		if (send(u->fd, u->out, u->msg, 0) < 0 && errno != EINTR)
			return errno;
		err = udp_wait(u, seq);
		if (err != EAGAIN)
			return err;
		u->resent++;
	}
	return ETIMEDOUT;
}

static void udp_body(struct udp_lat *u, uint64_t iters)
{
	while (iters-- && !u->err) {
		if (++u->seq >= SEQ_TOP)
			u->seq = 1;
		u->err = udp_exchange(u, u->seq);
	}
}

/* A connected socket to a, with the echo wait set so that the sends of
 * one datagram span timeout_ms; the buffers. -1 + errno. */
static int udp_open(struct udp_lat *u, const struct inet_addr *a, int timeout_ms)
{
	u->wait_ms = timeout_ms < WAIT_MS ? timeout_ms : WAIT_MS;
	u->tries = (timeout_ms + u->wait_ms - 1) / u->wait_ms;
	u->fd = inet_connect(a, SOCK_DGRAM, 0);
	if (u->fd < 0)
		return -1;
	lmnet_timeout(u->fd, u->wait_ms);
	u->out = xcalloc(1, u->msg);
	u->in = xcalloc(1, u->msg);
	return 0;
}

static void udp_close(struct udp_lat *u)
{
	close(u->fd);
	free(u->out);
	free(u->in);
}

static int udp_quit(const struct inet_addr *a, int timeout_ms)
{
	struct udp_lat u = { .msg = MSG_MIN };
	int err;

	if (udp_open(&u, a, timeout_ms))
		return errno;
	err = udp_exchange(&u, SEQ_QUIT);
	udp_close(&u);
	return err;
}

struct udp_clients {
	const struct lmnet	*n;
	size_t			msg;
	struct udp_lat		*w;	/* -P: one per thread */
};

/* The socket, then one untimed exchange: is anybody there? */
static int udp_setup(void *arg, unsigned idx)
{
	struct udp_clients *c = arg;
	struct udp_lat *u = &c->w[idx];

	u->msg = c->msg;
	if (udp_open(u, &c->n->addr, c->n->timeout_ms)) {
		u->err = errno;
		u->fd = -1;
		return EXIT_FAIL;
	}
	u->err = udp_exchange(u, ++u->seq);
	u->resent = 0;
	return u->err ? EXIT_FAIL : EXIT_OK;
}

static void udp_work(void *arg, unsigned idx, uint64_t iters)
{
	struct udp_clients *c = arg;

	udp_body(&c->w[idx], iters);
}

static int udp_client(struct run_ctx *ctx, const struct lmnet *n)
{
	struct udp_clients c = { n, (size_t)opt_size(ctx, MSG), NULL };
	struct result r = { 0 };
	struct lmnet_text text;
	struct bench_stats st;
	char own[32], note[64];
	unsigned i, resent = 0;
	int rc, err = 0, wrong = 0;

	c.w = xcalloc(n->parallel, sizeof(*c.w));
	for (i = 0; i < n->parallel; i++)
		c.w[i].fd = -1;
	rc = lmnet_measure(ctx, n, udp_setup, udp_work, &c, &st);
	for (i = 0; i < n->parallel; i++) {
		if (c.w[i].fd >= 0)
			udp_close(&c.w[i]);
		if (c.w[i].err && !err)
			err = c.w[i].err;
		resent += c.w[i].resent;
		wrong |= c.w[i].wrong;
	}
	free(c.w);
	if (err) {
		lmnet_fail(n, "round trip", err);
		return EXIT_FAIL;
	}
	if (rc)
		return rc;
	snprintf(own, sizeof(own), "msg=%zu", c.msg);
	lmnet_result(ctx, n, &r, "roundtrip", own, "UDP latency using", c.msg == 4, &text);
	result_from_time(&r, &st, 1e-3);
	if (resent) {
		snprintf(note, sizeof(note), "%u datagrams sent again", resent);
		r.note = note;
	}
	return lmnet_report(ctx, &r, wrong ? "an echo differed from the datagram sent" : NULL);
}

static const struct lmnet_proto udp_proto = {
	.name     = "lat_udp",
	.socktype = SOCK_DGRAM,
	.port     = LMNET_PORT_UDP_XACT,
	.datagram = udp_datagram,
	.quit     = udp_quit,
};

static int lat_udp_run(struct run_ctx *ctx)
{
	return lmnet_main(ctx, &udp_proto, udp_client);
}

TEXT(lat_udp_summary, "UDP round-trip latency (lmbench's lat_udp)");
TEXT(lat_udp_usage,
	"usage: lat_udp [-m BYTES] [-P N] [-W US] [-N N] [-p PORT] [HOST]\n"
	"       lat_udp -s [--foreground] [--bind ADDR] [-p PORT]\n"
	"       lat_udp -S HOST [-p PORT]\n"
	"\n"
	"Round-trip time of a BYTES-byte datagram (at least 4: a sequence number)\n"
	"to a UDP echo server, in microseconds, lmbench's way; a datagram\n"
	"unanswered for 200 ms is sent again (the record's note counts these),\n"
	"each echo is checked, and -P runs that many clients at once. With HOST\n"
	"the server is one started there with -s (port 34298 unless -p); without,\n"
	"one forked on 127.0.0.1. Prints \"UDP latency using HOST: T microseconds\"\n"
	"on stderr; --format gives the common record.\n"
	LMNET_SERVER_HELP("lat_udp"));

TEXT(lat_udp_exits, LMNET_EXITS);

const struct applet applet_lat_udp = {
	.name    = "lat_udp",
	.summary = TEXT_PTR(lat_udp_summary),
	.usage   = TEXT_PTR(lat_udp_usage),
	.exits   = TEXT_PTR(lat_udp_exits),
	.opts    = opts,
	.unit    = UNIT_US,
	.classic = &emit_lmbench_micro,
	.reps    = 11,
	.run     = lat_udp_run,
};
