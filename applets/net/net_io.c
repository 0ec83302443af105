/* net_io.c - the net applet's frames, data loops, rate meter and CPU meter
 *
 * SPDX-License-Identifier: MIT
 *
 * The sender paces itself by a sleep-until-deadline schedule: message i
 * may leave at start + (bytes sent before it) * 8 / rate, so oversleeping
 * never lowers the average rate, and sending stops when the next message
 * would be due after the end of the run. The receiver timestamps every
 * read (CLOCK_MONOTONIC) and closes an interval at the first read past
 * the interval length; a last partial interval counts if it is at least
 * half as long. CPU utilisation is (user + nice + system + irq + softirq +
 * steal) over all of those plus idle and iowait, the deltas of
 * /proc/stat's "cpu" line across the transfer (netperf -c's definition).
 */
#define _GNU_SOURCE
#include "inet.h"
#include "net.h"
#include "stats.h"
#include "sys.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

const char *const net_test_name[NET_NTESTS] = { "tcp_stream", "tcp_maerts", "udp_stream" };

const char *net_err_text(uint64_t code)
{
	static const char *const text[] = {
		[NET_ERR_VERSION]  = "another protocol version",
		[NET_ERR_REQUEST]  = "a request out of range",
		[NET_ERR_SOCKET]   = "cannot open a data socket",
		[NET_ERR_NODATA]   = "no data arrived in time",
		[NET_ERR_TRANSFER] = "the data transfer failed",
	};

	return code < ARRAY_LEN(text) && text[code] ? text[code] : "an unknown error";
}

uint64_t net_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* frames ------------------------------------------------------------------ */

static void put_be(unsigned char *p, uint64_t v, int n)
{
	while (n--) {
		p[n] = (unsigned char)v;
		v >>= 8;
	}
}

static uint64_t get_be(const unsigned char *p, int n)
{
	uint64_t v = 0;

	while (n--)
		v = v << 8 | *p++;
	return v;
}

uint64_t net_dbits(double v)
{
	uint64_t u;

	memcpy(&u, &v, sizeof(u));
	return u;
}

double net_dval(uint64_t bits)
{
	double v;

	memcpy(&v, &bits, sizeof(v));
	return v;
}

void net_text_put(const char *s, uint64_t *w, int n)
{
	unsigned char b[8 * NET_WORDS] = { 0 };
	size_t len = strlen(s), max = 8 * (size_t)n - 1;
	int i;

	memcpy(b, s, len < max ? len : max);
	for (i = 0; i < n; i++)
		w[i] = get_be(b + 8 * i, 8);
}

void net_text_get(const uint64_t *w, int n, char *out, size_t len)
{
	unsigned char b[8 * NET_WORDS + 1];
	size_t i;

	for (i = 0; i < (size_t)n; i++)
		put_be(b + 8 * i, w[i], 8);
	b[8 * n] = '\0';
	for (i = 0; b[i] && i + 1 < len; i++)	/* a peer's bytes: printable only */
		out[i] = b[i] >= 0x20 && b[i] < 0x7f ? (char)b[i] : '?';
	if (len)
		out[i] = '\0';
}

int net_frame_send(int fd, enum net_type type, const uint64_t *w)
{
	unsigned char b[NET_FRAME];
	size_t off = 0;
	int i;

	put_be(b, NET_MAGIC, 4);
	put_be(b + 4, NET_VERSION, 2);
	put_be(b + 6, type, 2);
	for (i = 0; i < NET_WORDS; i++)
		put_be(b + 8 + 8 * i, w ? w[i] : 0, 8);
	while (off < sizeof(b)) {
		ssize_t k = send(fd, b + off, sizeof(b) - off, MSG_NOSIGNAL);

		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			return -1;
		off += (size_t)k;
	}
	return 0;
}

int net_frame_recv(int fd, struct net_frame *f, int wait_ms)
{
	unsigned char b[NET_FRAME];
	size_t off = 0;
	int i;

	net_timeouts(fd, wait_ms);
	while (off < sizeof(b)) {
		ssize_t k = recv(fd, b + off, sizeof(b) - off, MSG_WAITALL);

		if (k < 0 && errno == EINTR)
			continue;
		if (k == 0)
			errno = 0;
		if (k <= 0)
			return -1;
		off += (size_t)k;
	}
	f->magic = (uint32_t)get_be(b, 4);
	f->version = (uint16_t)get_be(b + 4, 2);
	f->type = (uint16_t)get_be(b + 6, 2);
	for (i = 0; i < NET_WORDS; i++)
		f->w[i] = get_be(b + 8 + 8 * i, 8);
	return 0;
}

void net_side_put(const struct net_side *s, uint64_t *w)
{
	w[0] = s->bytes;
	w[1] = s->dgrams;
	w[2] = s->ns;
	w[3] = s->nsamples;
	w[4] = net_dbits(s->bps);
	w[5] = net_dbits(s->lo);
	w[6] = net_dbits(s->mid);
	w[7] = net_dbits(s->hi);
	w[8] = net_dbits(s->cpu);
	w[9] = s->errors;
}

void net_side_get(struct net_side *s, const uint64_t *w)
{
	s->bytes = w[0];
	s->dgrams = w[1];
	s->ns = w[2];
	s->nsamples = w[3] > 1000000 ? 0 : (unsigned)w[3];
	s->bps = net_dval(w[4]);
	s->lo = net_dval(w[5]);
	s->mid = net_dval(w[6]);
	s->hi = net_dval(w[7]);
	s->cpu = net_dval(w[8]);
	s->errors = w[9];
}

void net_timeouts(int fd, int ms)
{
	struct timeval tv = { ms / 1000, (ms % 1000) * 1000 };

	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
}

size_t net_default_msg(int fd)
{
	socklen_t len = sizeof(int);
	int sz = 0;

	if (getsockopt(fd, SOL_SOCKET, SO_SNDBUF, &sz, &len) || sz < 1)
		return 16384;
	return sz > NET_MSG_MAX ? NET_MSG_MAX : (size_t)sz;
}

/* the rate meter ------------------------------------------------------------ */

struct net_meter {
	uint64_t	t0, tlast, istart, interval;
	uint64_t	bytes, ibytes;
	double		*rate;		/* bits/s of each closed interval */
	size_t		n, cap;
};

static void meter_start(struct net_meter *m, uint64_t interval, uint64_t t)
{
	memset(m, 0, sizeof(*m));
	m->t0 = m->tlast = m->istart = t;
	m->interval = interval ? interval : 1;
}

static void meter_push(struct net_meter *m, uint64_t t)
{
	if (m->n == m->cap) {
		m->cap = m->cap ? 2 * m->cap : 64;
		m->rate = realloc(m->rate, m->cap * sizeof(*m->rate));
		if (!m->rate) {
			errorf("out of memory");
			exit(1);
		}
	}
	m->rate[m->n++] = (double)m->ibytes * 8e9 / (double)(t - m->istart);
	m->istart = t;
	m->ibytes = 0;
}

static void meter_add(struct net_meter *m, uint64_t bytes, uint64_t t)
{
	m->bytes += bytes;
	m->ibytes += bytes;
	m->tlast = t;
	if (t - m->istart >= m->interval)
		meter_push(m, t);
}

/* Close the window at t: the headline rate and the intervals' spread. */
static void meter_end(struct net_meter *m, uint64_t t, struct net_side *out)
{
	struct stats st;

	if (t > m->istart && 2 * (t - m->istart) >= m->interval)
		meter_push(m, t);
	out->ns = t - m->t0;
	out->bps = out->ns ? (double)m->bytes * 8e9 / (double)out->ns : 0;
	stats_compute(m->rate, m->n, &st);
	out->nsamples = (unsigned)m->n;
	out->lo = m->n ? st.min : out->bps;
	out->mid = m->n ? st.median : out->bps;
	out->hi = m->n ? st.max : out->bps;
	free(m->rate);
	m->rate = NULL;
}

/* sending --------------------------------------------------------------------- */

static void sleep_until(uint64_t t)
{
	struct timespec ts = { (time_t)(t / 1000000000u), (long)(t % 1000000000u) };

	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
		;
}

/* One send; 1 sent, 0 refused by a full stack (UDP), -1 error. */
static int send_one(const struct net_flow *f, uint64_t seq, size_t *sent)
{
	ssize_t k;

	if (f->udp) {
		put_be((unsigned char *)f->buf, f->token, 4);
		put_be((unsigned char *)f->buf + 4, seq, 8);
	}
	do
		k = send(f->fd, f->buf, f->msg, MSG_NOSIGNAL);
	while (k < 0 && errno == EINTR);
	if (k < 0)
		return f->udp && (errno == ENOBUFS || errno == EAGAIN) ? 0 : -1;
	*sent = (size_t)k;
	return 1;
}

int net_send(const struct net_flow *f, struct net_side *out)
{
	uint64_t t0 = net_now_ns(), end = t0 + f->ns, t = t0;
	int paced_out = 0;

	memset(out, 0, sizeof(*out));
	for (;;) {
		size_t k = 0;
		int rc;

		if (f->rate) {
			uint64_t due = t0 + (uint64_t)((double)out->bytes * 8e9 / (double)f->rate);

			if (due >= end) {
				paced_out = 1;
				break;
			}
			if (due > t)
				sleep_until(due);
		}
		rc = send_one(f, out->dgrams, &k);
		if (rc < 0)
			return -1;
		out->errors += rc == 0;
		out->bytes += k;
		out->dgrams += rc == 1;
		t = net_now_ns();
		if (t >= end)
			break;
	}
	/* a paced sender was on schedule until the end */
	out->ns = paced_out ? f->ns : t - t0;
	out->bps = out->ns ? (double)out->bytes * 8e9 / (double)out->ns : 0;
	out->lo = out->mid = out->hi = out->bps;
	if (!f->udp)
		out->dgrams = 0;
	return 0;
}

/* receiving ------------------------------------------------------------------- */

static void set_rcvbuf(const struct net_flow *f)
{
	if (f->rcvbuf)
		inet_bufsize(f->fd, SO_RCVBUF, (int)f->rcvbuf);
}

int net_recv_tcp(const struct net_flow *f, struct net_side *out)
{
	struct net_meter m;
	uint64_t t = 0;

	memset(out, 0, sizeof(*out));
	set_rcvbuf(f);
	meter_start(&m, f->interval, net_now_ns());
	for (;;) {
		ssize_t k = recv(f->fd, f->buf, f->msg, 0);

		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0) {
			free(m.rate);
			return -1;
		}
		t = net_now_ns();
		if (k == 0)
			break;
		meter_add(&m, (uint64_t)k, t);
	}
	meter_end(&m, t, out);
	out->bytes = m.bytes;
	return 0;
}

/* Take every datagram waiting on the socket; -1 on a socket error. */
static int udp_drain(const struct net_flow *f, struct net_meter *m, struct net_side *out)
{
	for (;;) {
		ssize_t k = recv(f->fd, f->buf, f->msg, MSG_DONTWAIT);
		uint64_t t;

		if (k < 0)
			return errno == EAGAIN || errno == EINTR || errno == ECONNREFUSED ? 0 : -1;
		t = net_now_ns();
		if ((size_t)k < NET_UDP_HDR ||
		    get_be((unsigned char *)f->buf, 4) != f->token)
			continue;	/* not ours */
		meter_add(m, (uint64_t)k, t);
		out->dgrams++;
	}
}

/* The DONE frame: the sender's count, and the CPU times now. */
static int udp_done(int cfd, int wait_ms, uint64_t *sent, struct net_cpu *cpu)
{
	struct net_frame fr;

	if (net_frame_recv(cfd, &fr, wait_ms))
		return -1;
	if (fr.type != NET_DONE) {
		errno = EPROTO;
		return -1;
	}
	net_cpu_read(cpu);	/* the sender is done: so is the load */
	*sent = fr.w[0];
	return 0;
}

/* Wait for datagrams and the DONE frame; then until every datagram sent
 * is in, or none came for NET_QUIET_MS (the rest is lost), 2 s at most. */
int net_recv_udp(const struct net_flow *f, int cfd, struct net_side *out, uint64_t *sent,
		 struct net_cpu *cpu)
{
	struct pollfd p[2] = { { f->fd, POLLIN, 0 }, { cfd, POLLIN, 0 } };
	uint64_t end = net_now_ns() + f->ns + (uint64_t)f->wait_ms * 1000000u, done = 0;
	struct net_meter m;
	int rc = 0, n;

	memset(out, 0, sizeof(*out));
	set_rcvbuf(f);
	meter_start(&m, f->interval, net_now_ns());
	while (!rc && net_now_ns() < end && !(done && out->dgrams >= *sent)) {
		n = poll(p, done ? 1 : 2, done ? NET_QUIET_MS : 200);
		if (n < 0 && errno != EINTR)
			rc = -1;
		else if (n == 0 && done)
			break;
		else if (n > 0 && p[0].revents)
			rc = udp_drain(f, &m, out);
		else if (n > 0 && p[1].revents && !(rc = udp_done(cfd, f->wait_ms, sent, cpu)))
			end = done = net_now_ns() + NET_TAIL_MS * 1000000ull;
	}
	if (rc || !done) {
		free(m.rate);
		errno = rc ? errno : ETIMEDOUT;
		return -1;
	}
	meter_end(&m, m.tlast, out);
	out->bytes = m.bytes;
	return 0;
}

/* CPU -------------------------------------------------------------------------- */

void net_cpu_read(struct net_cpu *c)
{
	char line[512];

	memset(c, 0, sizeof(*c));
	c->ok = read_text("/proc/stat", line, sizeof(line)) > 0 &&
		!sys_stat_cpu(line, &c->busy, &c->total);
}

double net_cpu_util(const struct net_cpu *a, const struct net_cpu *b)
{
	if (!a->ok || !b->ok || b->total <= a->total || b->busy < a->busy)
		return NAN;
	return 100.0 * (double)(b->busy - a->busy) / (double)(b->total - a->total);
}
