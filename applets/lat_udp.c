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
 * (self-check, exit 3). Sequence number 0xffffffff ends a session,
 * 0xfffffffe asks the server to exit (-S); the server echoes both, and
 * takes --timeout seconds of silence in a session for its end (a client
 * killed mid-run). lmbench floors each interval at 1 s; we
 * take --reps samples of --min-time instead. Plumbing: lmnet.c.
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
	MSG_MAX		= 65507,	/* the most an IPv4 datagram carries */
	WAIT_MS		= 200,		/* for an echo before sending again */
};

static const uint32_t SEQ_END = 0xffffffffu, SEQ_QUIT = 0xfffffffeu;

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

/* Echo datagrams to their senders until an end or exit datagram, or until
 * a session that has begun goes quiet for idle_ms (its client died). */
static enum lmnet_end udp_serve(int fd, int idle_ms)
{
	unsigned char *buf = malloc(MSG_MAX + 1);
	enum lmnet_end end = LMNET_ERROR;
	int begun = 0;

	while (buf) {
		struct sockaddr_storage peer;
		socklen_t len = sizeof(peer);
		ssize_t k = recvfrom(fd, buf, MSG_MAX + 1, 0, (struct sockaddr *)&peer, &len);
		uint32_t seq;

		if (k < 0 && (errno == EINTR || errno == ECONNREFUSED))
			continue;
		if (k < 0) {
			if (errno == EAGAIN || errno == EWOULDBLOCK)
				end = LMNET_DONE;
			break;
		}
		if (k < MSG_MIN)
			continue;
		sendto(fd, buf, (size_t)k, 0, (struct sockaddr *)&peer, len);
		seq = get_be32(buf);
		if (seq == SEQ_END || seq == SEQ_QUIT) {
			end = seq == SEQ_END ? LMNET_DONE : LMNET_EXIT;
			break;
		}
		if (!begun++)
			lmnet_timeout(fd, idle_ms);
	}
	if (begun)
		lmnet_timeout(fd, 0);
	free(buf);
	return end;
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

static void udp_body(void *arg, uint64_t iters)
{
	struct udp_lat *u = arg;

	while (iters-- && !u->err) {
		if (++u->seq >= SEQ_QUIT)
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

static int udp_client(struct run_ctx *ctx, const struct lmnet *n)
{
	struct udp_lat u = { .msg = (size_t)opt_size(ctx, "msg") };
	struct result r = { 0 };
	struct lmnet_text text;
	struct bench_stats st;
	char own[32], note[64];
	int rc = EXIT_FAIL, err;

	if (udp_open(&u, &n->addr, n->timeout_ms)) {
		lmnet_fail(n, "socket", errno);
		return EXIT_FAIL;
	}
	u.err = udp_exchange(&u, ++u.seq);	/* untimed: is anybody there? */
	u.resent = 0;
	if (!u.err && !bench_measure(&ctx->bench, udp_body, &u, &st))
		rc = EXIT_OK;
	err = u.err ? 0 : udp_exchange(&u, SEQ_END);	/* the session ends */
	udp_close(&u);
	if (u.err) {
		lmnet_fail(n, "round trip", u.err);
		return EXIT_FAIL;
	}
	if (err)
		warnf("the server did not confirm the end of the session");
	if (rc)
		return rc;
	snprintf(own, sizeof(own), "msg=%zu", u.msg);
	lmnet_result(ctx, n, &r, "roundtrip", own, "UDP latency using", u.msg == 4, &text);
	result_from_time(&r, &st, 1e-3);
	if (u.resent) {
		snprintf(note, sizeof(note), "%u datagrams sent again", u.resent);
		r.note = note;
	}
	return lmnet_report(ctx, &r, u.wrong ? "an echo differed from the datagram sent" : NULL);
}

static const struct lmnet_proto udp_proto = {
	.name     = "lat_udp",
	.socktype = SOCK_DGRAM,
	.port     = LMNET_PORT_UDP_XACT,
	.serve    = udp_serve,
	.quit     = udp_quit,
};

static int lat_udp_run(struct run_ctx *ctx)
{
	return lmnet_main(ctx, &udp_proto, udp_client);
}

static const struct opt_spec opts[] = {
	{ "msg", 'm', OPT_SIZE, "4", MSG_MIN, MSG_MAX, NULL, "bytes per datagram" },
	{ "port", 'p', OPT_INT, NULL, 0, 65535, NULL,
	  "UDP port (34298 with -s, -S or HOST; a free one locally)" },
	LMNET_SERVER_OPTS,
	{ 0 }
};

const struct applet applet_lat_udp = {
	.name    = "lat_udp",
	.summary = "UDP round-trip latency (lmbench's lat_udp)",
	.usage   = "usage: lat_udp [-m BYTES] [-p PORT] [HOST]\n"
		   "       lat_udp -s [--bind ADDR] [-p PORT] [--stay]\n"
		   "       lat_udp -S HOST [-p PORT]\n"
		   "\n"
		   "Round-trip time of a BYTES-byte datagram (default 4, at least 4: a\n"
		   "sequence number) sent to a UDP echo server, in microseconds (the\n"
		   "median sample), lmbench's method. A datagram whose echo has not come\n"
		   "within 200 ms is sent again; the record's note counts these, and no\n"
		   "echo for --timeout seconds fails the run. Late echoes are discarded;\n"
		   "each echo is checked.\n"
		   "\n"
		   "Without HOST a server child is forked on 127.0.0.1 (a free port) and\n"
		   "measured; it is killed and reaped on every exit. With HOST the client\n"
		   "talks to a server started there with -s (port 34298 unless -p).\n"
		   "-s serves in the foreground: it binds --bind (127.0.0.1 unless given;\n"
		   "0.0.0.0 for every address), says \"lat_udp: listening on ADDR:PORT\" on\n"
		   "stderr, serves one client run and exits 0; with --stay it serves runs\n"
		   "one after another until 'lat_udp -S HOST' or a signal.\n"
		   "\n"
		   LMNET_TIMEOUT_HELP
		   "\n"
		   "Default output, like lmbench's, is one line on stderr: \"UDP latency\n"
		   "using localhost: T microseconds\" (HOST when given).\n"
		   "--format=table|csv|json prints the common record (metric lat_udp for\n"
		   "4-byte datagrams to a loopback address).\n",
	.opts    = opts,
	.unit    = UNIT_US,
	.classic = &emit_lmbench_micro,
	.reps    = 11,
	.run     = lat_udp_run,
};
