/* net_client.c - the net applet's client side of one test
 *
 * SPDX-License-Identifier: MIT
 *
 * Connects to a server's control port, asks for the test (HELLO), opens
 * the data connection to the port the server answers with (READY), moves
 * the data as this side's role in the test wants and reads the server's
 * RESULT. net.c drives it for `net`, ipsec.c for each algorithm of
 * `ipsec`; every failure is said here, in one line.
 */
#include "applet.h"
#include "inet.h"
#include "net.h"
#include "util.h"

#include <errno.h>
#include <math.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/* "HOST port PORT: no answer in T s (what)" */
static void no_answer(const struct inet_addr *a, int ms, const char *what)
{
	errorf("%s port %d: no answer in %g s%s%s%s", a->host, inet_port(a), ms / 1000.0,
	       what ? " (" : "", what ? what : "", what ? ")" : "");
}

/* Check a reply frame that was waited for wait_ms; EXIT_OK or EXIT_FAIL
 * with the reason told. */
static int check_reply(const struct net_client *c, int rc, const struct net_frame *f,
		       enum net_type want, int wait_ms)
{
	const char *at = c->ctl.text;

	if (rc && !errno && want == NET_READY)
		errorf("%s closed the connection (not a benchbox net server?)", at);
	else if (rc && !errno)
		errorf("the server at %s closed the connection before its result", at);
	else if (rc && (errno == EAGAIN || errno == EWOULDBLOCK))
		no_answer(&c->ctl, wait_ms, want == NET_READY ? "request" : "result");
	else if (rc)
		errorf("%s: %s", at, strerror(errno));
	else if (f->magic != NET_MAGIC)
		errorf("%s is not a benchbox net server", at);
	else if (f->version != NET_VERSION)
		errorf("the server at %s speaks protocol version %u, this client %d", at,
		       f->version, NET_VERSION);
	else if (f->type == NET_ERROR && f->w[0] == NET_ERR_IPSEC && f->w[1])
		return EXIT_SKIP;	/* the server's kernel: the caller says it */
	else if (f->type == NET_ERROR && f->w[0] == NET_ERR_IPSEC)
		errorf("the server at %s has --ipsec=%s, this client %s%s: give both ends the "
		       "same --ipsec and --auth", at, f->w[2] && f->w[2] <= (uint64_t)ipsec_nalgs ?
		       ipsec_algs[f->w[2] - 1].name : "none", c->ipsec ? "--ipsec=" : "no --ipsec",
		       c->ipsec ? ipsec_algs[c->ipsec->alg].name : "");
	else if (f->type == NET_ERROR)
		errorf("the server at %s reports %s", at, net_err_text(f->w[0]));
	else if (f->type != want)
		errorf("%s answered out of turn (frame type %u)", at, f->type);
	else
		return EXIT_OK;
	return EXIT_FAIL;
}

static int request(struct net_client *c, int cfd, int *port, uint32_t *spi)
{
	uint64_t w[NET_WORDS] = { 0 };
	struct net_frame f;
	int rc;

	w[0] = c->test;
	w[1] = c->flow.msg;
	w[2] = c->flow.ns;
	w[3] = c->flow.rate;
	w[4] = c->flow.interval;
	w[5] = c->flow.rcvbuf;
	if (c->ipsec) {
		w[6] = (uint64_t)c->ipsec->alg + 1;
		w[7] = (uint64_t)c->ipsec->auth;
		w[8] = c->half.spi_in;
	}
	if (net_frame_send(cfd, NET_HELLO, w)) {
		errorf("%s: %s", c->ctl.text, strerror(errno));
		return EXIT_FAIL;
	}
	rc = net_frame_recv(cfd, &f, c->flow.wait_ms);
	if ((rc = check_reply(c, rc, &f, NET_READY, c->flow.wait_ms))) {
		if (rc == EXIT_SKIP) {
			c->esp_errno = f.w[1] < 4096 ? (int)f.w[1] : EIO;
			c->esp_server = 1;
			net_text_get(f.w + 3, NET_WORDS - 3, c->esp_why, sizeof(c->esp_why));
		}
		return rc;
	}
	if (c->ipsec && (f.w[3] < IPSEC_SPI_LO || f.w[3] > IPSEC_SPI_HI)) {
		errorf("%s: no SPI of its ESP in its reply", c->ctl.text);
		return EXIT_FAIL;
	}
	*spi = (uint32_t)f.w[3];
	if (!f.w[0] || f.w[0] > 65535 || !f.w[1] || f.w[1] > NET_MSG_MAX ||
	    (c->flow.msg && f.w[1] != c->flow.msg)) {
		errorf("%s: a reply out of range", c->ctl.text);
		return EXIT_FAIL;
	}
	*port = (int)f.w[0];
	c->flow.msg = (size_t)f.w[1];
	c->flow.token = (uint32_t)f.w[2];
	return EXIT_OK;
}

/* The data phase on dfd, as this side's role in the test. */
static int move_data(struct net_client *c, int cfd, int dfd)
{
	struct net_flow f = c->flow;
	uint64_t w[NET_WORDS] = { 0 };
	int rc;

	f.fd = dfd;
	f.udp = c->test == NET_UDP_STREAM;
	if (c->test == NET_TCP_MAERTS) {
		if (f.msg < NET_RECV_BUF)
			f.msg = NET_RECV_BUF;	/* the read size */
		return net_recv_tcp(&f, &c->local);
	}
	rc = net_send(&f, &c->local);
	if (rc || !f.udp)
		return rc;
	w[0] = c->local.dgrams;
	w[1] = c->local.bytes;
	return net_frame_send(cfd, NET_DONE, w);
}

static int transfer(struct net_client *c, int cfd, int port)
{
	struct inet_addr d = c->ctl;
	struct net_cpu c0, c1;
	struct net_frame f;
	int dfd, rc, err;

	inet_set_port(&d, port);
	dfd = inet_dial(&d, c->test == NET_UDP_STREAM ? SOCK_DGRAM : SOCK_STREAM, 0, 0,
			c->flow.wait_ms);
	if (dfd < 0 && errno == ETIMEDOUT)
		no_answer(&d, c->flow.wait_ms, "data connection");
	else if (dfd < 0)
		errorf("cannot connect to the data port %s: %s", d.text, strerror(errno));
	if (dfd < 0)
		return EXIT_FAIL;
	net_timeouts(dfd, c->flow.wait_ms);
	c->flow.buf = xcalloc(1, c->flow.msg > NET_RECV_BUF ? c->flow.msg : NET_RECV_BUF);
	memset(c->flow.buf, 'n', c->flow.msg);
	net_cpu_read(&c0);
	rc = move_data(c, cfd, dfd);
	err = errno;
	net_cpu_read(&c1);
	c->local.cpu = net_cpu_util(&c0, &c1);
	if (rc && (err == EAGAIN || err == EWOULDBLOCK))
		no_answer(&d, c->flow.wait_ms, net_test_name[c->test]);
	else if (rc)
		errorf("%s to %s failed: %s", net_test_name[c->test], d.text,
		       err ? strerror(err) : "connection closed");
	close(dfd);		/* tcp_stream: the server's EOF */
	free(c->flow.buf);
	c->flow.buf = NULL;
	if (rc)
		return EXIT_FAIL;
	/* a UDP receiver waits up to NET_TAIL_MS for late datagrams first */
	rc = net_frame_recv(cfd, &f, c->flow.wait_ms + NET_TAIL_MS);
	if ((rc = check_reply(c, rc, &f, NET_RESULT, c->flow.wait_ms + NET_TAIL_MS)))
		return rc;
	net_side_get(&c->remote, f.w);
	return EXIT_OK;
}

/* ESP's errno values that say what this kernel lacks: a skip. */
static int lacks(int e)
{
	return e == EPROTONOSUPPORT || e == ENOSYS || e == ENOENT;
}

/* This end's inbound SPI, reserved before the request names it. */
static int esp_spi(struct net_client *c, int cfd)
{
	struct inet_addr here;
	unsigned char a[16], b[16];
	int fam;

	memset(&here, 0, sizeof(here));
	here.len = sizeof(here.ss);
	if (getsockname(cfd, (struct sockaddr *)&here.ss, &here.len) ||
	    (fam = ipsec_addr_of(&here, a)) < 0 || ipsec_addr_of(&c->ctl, b) != fam) {
		errorf("%s: ESP needs one address family at both ends", c->ctl.text);
		return EXIT_FAIL;
	}
	if (!c->xf) {
		if (nl_open(&c->own_xf, NL_XFRM)) {
			c->esp_errno = errno;
			c->esp_noxfrm = errno == EPROTONOSUPPORT;
			if (!c->esp_noxfrm)
				errorf("cannot open a NETLINK_XFRM socket: %s", strerror(errno));
			return c->esp_noxfrm ? EXIT_SKIP : EXIT_FAIL;
		}
		c->xf = &c->own_xf;
	}
	ipsec_half_init(&c->half, c->xf, fam, a, b,
			c->test == NET_UDP_STREAM ? IPPROTO_UDP : IPPROTO_TCP, 0);
	if (ipsec_half_spi(&c->half, c->esp_why, sizeof(c->esp_why))) {
		c->esp_errno = errno;
		errorf("%s: cannot reserve an SPI: %s", c->ctl.text, strerror(errno));
		return EXIT_FAIL;
	}
	return EXIT_OK;
}

static int esp_install(struct net_client *c, uint32_t spi, int port)
{
	if (!ipsec_half_install(&c->half, c->ipsec, spi, port, c->esp_why, sizeof(c->esp_why)))
		return EXIT_OK;
	c->esp_errno = errno;
	if (lacks(errno))
		return EXIT_SKIP;
	errorf("cannot install ESP: %s%s%s", strerror(errno), *c->esp_why ? ": " : "",
	       c->esp_why);
	return EXIT_FAIL;
}

static void esp_down(struct net_client *c)
{
	if (c->half.xf && ipsec_half_remove(&c->half))
		errorf("the kernel refused to remove an SA or policy of ours");
	c->half.xf = NULL;
	if (c->xf == &c->own_xf) {
		nl_close(&c->own_xf);
		c->xf = NULL;
	}
}

int net_client_test(struct net_client *c)
{
	int cfd, dport, rc;
	uint32_t spi = 0;

	c->esp_errno = c->esp_server = c->esp_noxfrm = c->esp_counted = 0;
	c->esp_why[0] = '\0';
	c->half.xf = NULL;
	cfd = inet_dial(&c->ctl, SOCK_STREAM, 0, 0, c->flow.wait_ms);
	if (cfd < 0 && errno == ETIMEDOUT) {
		no_answer(&c->ctl, c->flow.wait_ms, NULL);
		return EXIT_FAIL;
	}
	if (cfd < 0) {
		errorf("cannot connect to %s: %s%s", c->ctl.text, strerror(errno),
		       errno == ECONNREFUSED ? " (is 'net -s' running there?)" : "");
		return EXIT_FAIL;
	}
	rc = c->ipsec ? esp_spi(c, cfd) : EXIT_OK;
	if (!rc)
		rc = request(c, cfd, &dport, &spi);
	if (!rc && c->ipsec)
		rc = esp_install(c, spi, dport);
	if (!rc)
		rc = transfer(c, cfd, dport);
	c->esp_counted = 0;
	if (!rc && c->ipsec)
		c->esp_counted = !ipsec_half_counts(&c->half, &c->esp_out, &c->esp_in);
	esp_down(c);
	close(cfd);
	return rc;
}

double net_client_esp_kpps(const struct net_client *c)
{
	int maerts = c->test == NET_TCP_MAERTS;
	const struct net_side *tx = maerts ? &c->remote : &c->local;

	if (!c->ipsec || !c->esp_counted || !tx->ns)
		return NAN;
	return (double)(maerts ? c->esp_in : c->esp_out).packets / ((double)tx->ns / 1e9) / 1e3;
}

int net_client_check(const struct net_client *c, char *why, size_t len)
{
	int maerts = c->test == NET_TCP_MAERTS;
	const struct net_side *rx = maerts ? &c->local : &c->remote;
	const struct net_side *tx = maerts ? &c->remote : &c->local;
	uint64_t esp = (maerts ? c->esp_in : c->esp_out).bytes;

	if (c->test != NET_UDP_STREAM && rx->bytes != tx->bytes)
		snprintf(why, len, "%llu bytes received of %llu sent",
			 (unsigned long long)rx->bytes, (unsigned long long)tx->bytes);
	else if (c->test == NET_UDP_STREAM && rx->dgrams > tx->dgrams)
		snprintf(why, len, "%llu datagrams received of %llu sent",
			 (unsigned long long)rx->dgrams, (unsigned long long)tx->dgrams);
	else if (c->ipsec && !c->esp_counted)
		snprintf(why, len, "its SAs could not be read back to count what went through them");
	else if (c->ipsec && esp < c->local.bytes)
		snprintf(why, len, "%llu bytes %s, only %llu through its ESP SA: the stream went "
			 "around ESP", (unsigned long long)c->local.bytes,
			 maerts ? "received" : "sent", (unsigned long long)esp);
	else
		return 0;
	return -1;
}
