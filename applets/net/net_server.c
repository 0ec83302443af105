/* net_server.c - the net applet's server: one test per control connection
 *
 * SPDX-License-Identifier: MIT
 *
 * A session reads the client's HELLO, opens the data socket on the very
 * address the client reached (port 0: the kernel picks one), answers
 * READY with its port, and accepts the data connection only from the
 * client's host. It then receives (tcp_stream, udp_stream) or sends
 * (tcp_maerts) and answers RESULT with what it measured, its CPU
 * utilisation included. A client of another protocol version gets an
 * ERROR frame; anything that is not a client is dropped.
 */
#define _GNU_SOURCE
#include "applet.h"
#include "inet.h"
#include "net.h"
#include "proc.h"
#include "util.h"

#include <errno.h>
#include <math.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

struct session {
	int		cfd, lfd, dfd;	/* control, data listener, data */
	struct inet_addr peer;		/* the client, as the control socket sees it */
	enum net_test	test;
	struct net_flow	flow;
	size_t		buflen;		/* flow.buf's size, a receiver's read size */
	int		wait_ms;	/* patience for the client's next step */
	/* ESP: what this server was given, what the client asked for */
	const struct ipsec_conf *ipsec;
	struct ipsec_conf esp;		/* what this session installs */
	int		esp_alg, esp_auth;	/* asked: alg + 1 (0: none), HMAC */
	uint32_t	esp_spi;	/* the client's inbound SPI */
	int		esp_errno;	/* why our half is not installed (NET_ERR_IPSEC) */
	char		esp_why[160];	/* and the kernel's words for it */
	struct nl_sock	xf;
	struct ipsec_half half;
};

/* *a from a socket's own (peer == 0) or peer (peer == 1) address. */
static int sock_addr(int fd, int peer, struct inet_addr *a)
{
	memset(a, 0, sizeof(*a));
	a->len = sizeof(a->ss);
	if ((peer ? getpeername : getsockname)(fd, (struct sockaddr *)&a->ss, &a->len))
		return -1;
	inet_set_port(a, inet_port(a));		/* fills a->text */
	return 0;
}

static int same_host(const struct inet_addr *a, const struct inet_addr *b)
{
	const struct sockaddr_in *a4 = (const void *)&a->ss, *b4 = (const void *)&b->ss;
	const struct sockaddr_in6 *a6 = (const void *)&a->ss, *b6 = (const void *)&b->ss;

	if (a->ss.ss_family != b->ss.ss_family)
		return 0;
	if (a->ss.ss_family == AF_INET)
		return a4->sin_addr.s_addr == b4->sin_addr.s_addr;
	return !memcmp(&a6->sin6_addr, &b6->sin6_addr, sizeof(a6->sin6_addr));
}

/* 0 ok, an enum net_err to answer, or -1 to hang up without a word. */
static int read_hello(struct session *s)
{
	struct net_frame f;
	uint64_t msg, ns, interval, rate, rcvbuf;

	if (net_frame_recv(s->cfd, &f, s->wait_ms)) {
		errorf("client %s: no request: %s", s->peer.text,
		       errno ? strerror(errno) : "connection closed");
		return -1;
	}
	if (f.magic != NET_MAGIC) {
		errorf("client %s: not a benchbox net client", s->peer.text);
		return -1;
	}
	if (f.version != NET_VERSION) {
		errorf("client %s speaks protocol version %u, this server %d", s->peer.text,
		       f.version, NET_VERSION);
		return NET_ERR_VERSION;
	}
	msg = f.w[1];
	ns = f.w[2];
	rate = f.w[3];
	interval = f.w[4];
	rcvbuf = f.w[5];
	if (f.type != NET_HELLO || f.w[0] >= NET_NTESTS || msg > NET_MSG_MAX ||
	    rcvbuf > NET_RCVBUF_MAX ||
	    !ns || ns > 86400 * 1000000000ull || !interval || interval > ns || rate > 1e12 ||
	    (f.w[0] == NET_UDP_STREAM && (msg < NET_UDP_HDR || msg > NET_UDP_MAX)) ||
	    (f.w[0] != NET_TCP_MAERTS && !msg)) {
		errorf("client %s: a request out of range", s->peer.text);
		return NET_ERR_REQUEST;
	}
	s->test = (enum net_test)f.w[0];
	s->flow.udp = s->test == NET_UDP_STREAM;
	s->flow.msg = (size_t)msg;
	s->flow.ns = ns;
	s->flow.rate = rate;
	s->flow.interval = interval;
	s->flow.rcvbuf = rcvbuf;
	s->flow.wait_ms = s->wait_ms;
	if (f.w[6] > (uint64_t)ipsec_nalgs || (f.w[6] && (f.w[7] > 1 || f.w[8] > 0xffffffffu))) {
		errorf("client %s: a request out of range", s->peer.text);
		return NET_ERR_REQUEST;
	}
	s->esp_alg = (int)f.w[6];
	s->esp_auth = (int)f.w[7];
	s->esp_spi = (uint32_t)f.w[8];
	return 0;
}

/* ESP, when the client asks for it: the same algorithm and HMAC as this
 * server's --ipsec, then this end's half for the data socket's port. */
static int esp_up(struct session *s)
{
	struct inet_addr a;
	unsigned char here[16], there[16];
	char why[160] = "";
	int fam;

	if (!s->esp_alg && (!s->ipsec || s->ipsec->any))
		return 0;
	s->esp_errno = 0;
	if (s->ipsec) {
		s->esp = *s->ipsec;
		if (s->esp.any && s->esp_alg) {	/* one board's: the client's choice */
			s->esp.alg = s->esp_alg - 1;
			s->esp.auth = s->esp_auth;
		}
	}
	if (!s->ipsec || !s->esp_alg || s->esp_alg != s->esp.alg + 1 ||
	    (!ipsec_algs[s->esp.alg].aead && s->esp_auth != s->esp.auth)) {
		errorf("client %s: asked for %s, this server has --ipsec=%s", s->peer.text,
		       s->esp_alg ? ipsec_algs[s->esp_alg - 1].name : "no ESP",
		       s->ipsec ? ipsec_algs[s->ipsec->alg].name : "none");
		return NET_ERR_IPSEC;
	}
	if (sock_addr(s->lfd, 0, &a) || (fam = ipsec_addr_of(&a, here)) < 0 ||
	    ipsec_addr_of(&s->peer, there) != fam) {
		errorf("client %s: ESP needs one address family at both ends", s->peer.text);
		s->esp_errno = EAFNOSUPPORT;
		return NET_ERR_IPSEC;
	}
	if (nl_open(&s->xf, NL_XFRM)) {
		s->esp_errno = errno;
		errorf("client %s: no NETLINK_XFRM: %s", s->peer.text, strerror(errno));
		return NET_ERR_IPSEC;
	}
	ipsec_half_init(&s->half, &s->xf, fam, here, there,
			s->flow.udp ? IPPROTO_UDP : IPPROTO_TCP, 1);
	if (ipsec_half_spi(&s->half, why, sizeof(why)) ||
	    ipsec_half_install(&s->half, &s->esp, s->esp_spi, inet_port(&a), why, sizeof(why))) {
		s->esp_errno = errno ? errno : EIO;
		snprintf(s->esp_why, sizeof(s->esp_why), "%s", why);
		if (!s->esp.any)	/* one board's: its client says it */
			errorf("client %s: cannot install ESP: %s%s%s", s->peer.text,
			       strerror(s->esp_errno), *why ? ": " : "", why);
		return NET_ERR_IPSEC;
	}
	return 0;
}

static void esp_down(struct session *s)
{
	if (s->half.xf) {
		if (ipsec_half_remove(&s->half))
			errorf("client %s: the kernel refused to remove an SA or policy of ours",
			       s->peer.text);
		s->half.xf = NULL;
	}
	if (s->xf.fd >= 0)
		nl_close(&s->xf);
}

/* The data socket, on the address the client reached, any port. */
static int open_data(struct session *s)
{
	struct inet_addr a;

	if (sock_addr(s->cfd, 0, &a) == 0) {
		inet_set_port(&a, 0);
		s->lfd = inet_listen(&a, s->flow.udp ? SOCK_DGRAM : SOCK_STREAM, 1);
	}
	if (s->lfd < 0) {
		errorf("client %s: cannot open a data socket: %s", s->peer.text, strerror(errno));
		return NET_ERR_SOCKET;
	}
	if (s->test == NET_TCP_MAERTS && !s->flow.msg)
		s->flow.msg = net_default_msg(s->lfd);
	s->flow.token = (uint32_t)(net_now_ns() * 2654435761u) ^ (uint32_t)getpid();
	return 0;
}

static int send_ready(struct session *s)
{
	struct inet_addr a;
	uint64_t w[NET_WORDS] = { 0 };

	if (sock_addr(s->lfd, 0, &a))
		return NET_ERR_SOCKET;
	w[0] = (uint64_t)inet_port(&a);
	w[1] = s->flow.msg;
	w[2] = s->flow.token;
	w[3] = s->half.spi_in;
	if (net_frame_send(s->cfd, NET_READY, w)) {
		errorf("client %s: %s", s->peer.text, strerror(errno));
		return -1;
	}
	return 0;
}

/* Accept the data connection, from the client's host only. */
static int accept_data(struct session *s)
{
	uint64_t give_up = net_now_ns() + (uint64_t)s->wait_ms * 1000000u;
	struct pollfd p = { s->lfd, POLLIN, 0 };
	struct inet_addr a;

	if (s->flow.udp) {
		s->dfd = s->lfd;
		s->lfd = -1;
		return 0;
	}
	while (net_now_ns() < give_up) {
		if (poll(&p, 1, 200) <= 0)
			continue;
		s->dfd = inet_accept(s->lfd);
		if (s->dfd >= 0 && sock_addr(s->dfd, 1, &a) == 0 && same_host(&a, &s->peer))
			return 0;
		if (s->dfd >= 0)
			close(s->dfd);
		s->dfd = -1;
	}
	errorf("client %s: no data connection arrived", s->peer.text);
	return NET_ERR_NODATA;
}

/* Run the test's data phase: this side's measurement in *side, the CPU
 * times at its end in *cpu. */
static int transfer(struct session *s, struct net_side *side, struct net_cpu *cpu)
{
	uint64_t sent = 0;
	int rc;

	s->flow.fd = s->dfd;
	net_timeouts(s->dfd, s->wait_ms);
	if (s->test == NET_TCP_STREAM) {
		struct net_flow f = s->flow;

		f.msg = s->buflen;
		rc = net_recv_tcp(&f, side);
	} else if (s->test == NET_TCP_MAERTS) {
		rc = net_send(&s->flow, side);
		shutdown(s->dfd, SHUT_WR);	/* the client's EOF */
	} else {
		rc = net_recv_udp(&s->flow, s->cfd, side, &sent, cpu);
	}
	if (s->test != NET_UDP_STREAM)
		net_cpu_read(cpu);
	if (rc) {
		int e = errno;

		errorf("client %s: %s failed: %s", s->peer.text, net_test_name[s->test],
		       e ? strerror(e) : "connection closed");
		return e == ETIMEDOUT ? NET_ERR_NODATA : NET_ERR_TRANSFER;
	}
	return 0;
}

static int run_test(struct session *s, struct net_side *side)
{
	struct net_cpu c0, c1;
	int err;

	if ((err = read_hello(s)) || (err = open_data(s)) || (err = esp_up(s)))
		return err;
	s->buflen = s->flow.msg > NET_RECV_BUF ? s->flow.msg : NET_RECV_BUF;
	s->flow.buf = xcalloc(1, s->buflen);
	if ((err = send_ready(s)) || (err = accept_data(s)))
		return err;
	net_cpu_read(&c0);
	memset(&c1, 0, sizeof(c1));
	err = transfer(s, side, &c1);
	side->cpu = net_cpu_util(&c0, &c1);
	return err;
}

static int session(int cfd, int wait_ms, const struct ipsec_conf *ipsec)
{
	struct session s = { .cfd = cfd, .lfd = -1, .dfd = -1, .wait_ms = wait_ms,
			     .ipsec = ipsec, .xf = { .fd = -1 } };
	struct net_side side;
	uint64_t w[NET_WORDS] = { 0 };
	int err;

	signal(SIGPIPE, SIG_IGN);
	memset(&side, 0, sizeof(side));
	if (sock_addr(cfd, 1, &s.peer))
		snprintf(s.peer.text, sizeof(s.peer.text), "?");
	err = run_test(&s, &side);
	esp_down(&s);		/* before the answer: the client reads back after it */
	if (!err) {
		net_side_put(&side, w);
		if (net_frame_send(cfd, NET_RESULT, w))
			err = -1;
	} else if (err > 0) {
		w[0] = (uint64_t)err;
		w[1] = (uint64_t)s.esp_errno;
		w[2] = s.ipsec ? (uint64_t)s.ipsec->alg + 1 : 0;
		net_text_put(s.esp_why, w + 3, NET_WORDS - 3);
		net_frame_send(cfd, NET_ERROR, w);
	}
	if (s.dfd >= 0)
		close(s.dfd);
	if (s.lfd >= 0)
		close(s.lfd);
	free(s.flow.buf);
	return err ? EXIT_FAIL : EXIT_OK;
}

int net_serve_one(int lfd, int wait_ms, const struct ipsec_conf *ipsec)
{
	int cfd = inet_accept(lfd), rc;

	if (cfd < 0) {
		errorf("accept: %s", strerror(errno));
		return EXIT_FAIL;
	}
	rc = session(cfd, wait_ms, ipsec);
	close(cfd);
	return rc;
}

struct child_arg {
	int	lfd, cfd, wait_ms;
	const struct ipsec_conf *ipsec;
};

static int session_child(void *arg)
{
	const struct child_arg *c = arg;

	close(c->lfd);
	return session(c->cfd, c->wait_ms, c->ipsec);
}

/* Wait come_ms (< 0: forever) for a client; 1 one came, 0 none came (said
 * when none was served before), -1 a failure (said). */
static int await_client(int lfd, int come_ms, int served)
{
	struct inet_addr a;
	int k = inet_wait(lfd, come_ms);

	if (k < 0)
		errorf("accept: %s", strerror(errno));
	if (k == 0 && !served && !sock_addr(lfd, 0, &a))
		errorf("no client came to %s port %d in %g s", a.host, inet_port(&a),
		       come_ms / 1000.0);
	return k;
}

/* --stay: every client in a child of its own, so tests may overlap (the
 * guides' bidirectional runs are a tcp_stream and a tcp_maerts at once). */
int net_serve(int lfd, int stay, int wait_ms, int come_ms, const struct ipsec_conf *ipsec)
{
	struct child_arg c = { lfd, -1, wait_ms, ipsec };
	int served, k;

	if (!stay)
		return await_client(lfd, come_ms, 0) > 0 ? net_serve_one(lfd, wait_ms, ipsec) :
		       EXIT_FAIL;
	signal(SIGCHLD, SIG_IGN);	/* no zombies: nobody waits for them */
	for (served = 0;; served++) {
		if ((k = await_client(lfd, come_ms, served)) <= 0)
			return k == 0 && served ? EXIT_OK : EXIT_FAIL;
		c.cfd = inet_accept(lfd);
		if (c.cfd < 0) {
			errorf("accept: %s", strerror(errno));
			return EXIT_FAIL;
		}
		if (proc_fork(session_child, &c) < 0)
			errorf("fork: %s", strerror(errno));
		close(c.cfd);
	}
}
