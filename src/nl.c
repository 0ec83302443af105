/* nl.c - netlink: messages built, sent, answered and parsed back
 *
 * SPDX-License-Identifier: MIT
 *
 * See nl.h. Fields of what the kernel sends are copied out with memcpy():
 * a buffer handed to nl_absorb() (by a fuzzer, say) need not be aligned.
 */
#include "nl.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

enum {
	SOL_NETLINK_ = 270,		/* SOL_NETLINK */
	NETLINK_EXT_ACK_ = 11,		/* NETLINK_EXT_ACK */
	NL_WAIT_MS = 5000,
};

struct sockaddr_nl_ {			/* struct sockaddr_nl */
	unsigned short	family;
	unsigned short	pad;
	uint32_t	pid, groups;
};

struct nl_attr_hdr {			/* struct nlattr */
	uint16_t	len, type;
};

/* building ---------------------------------------------------------------- */

void nl_begin(struct nl_msg *m, uint16_t type, uint16_t flags)
{
	memset(m, 0, sizeof(*m));
	m->hdr.type = type;
	m->hdr.flags = flags;
	m->len = m->hdr.len = sizeof(struct nl_hdr);
}

void *nl_reserve(struct nl_msg *m, size_t len)
{
	unsigned char *p;

	if (m->overflow || len > sizeof(m->buf) - m->len) {
		m->overflow = 1;
		return NULL;
	}
	/* m->len and the buffer's size are multiples of 4: the padding fits */
	p = m->buf + m->len;
	memset(p, 0, NL_ALIGN(len));
	m->len += NL_ALIGN(len);
	m->hdr.len = (uint32_t)m->len;
	return p;
}

void *nl_put(struct nl_msg *m, uint16_t type, const void *data, size_t len)
{
	struct nl_attr_hdr a;
	unsigned char *p;

	if (len > 0xffff - sizeof(a) || !(p = nl_reserve(m, sizeof(a) + len))) {
		m->overflow = 1;
		return NULL;
	}
	a.len = (uint16_t)(sizeof(a) + len);
	a.type = type;
	memcpy(p, &a, sizeof(a));
	if (data && len)
		memcpy(p + sizeof(a), data, len);
	return p + sizeof(a);
}

void nl_put_u32(struct nl_msg *m, uint16_t type, uint32_t v)
{
	nl_put(m, type, &v, sizeof(v));
}

void nl_put_str(struct nl_msg *m, uint16_t type, const char *s)
{
	nl_put(m, type, s, strlen(s) + 1);
}

void nl_nest(struct nl_msg *m, uint16_t type)
{
	size_t at = m->len;

	if (m->depth >= (int)(sizeof(m->nest) / sizeof(m->nest[0]))) {
		m->overflow = 1;
		return;
	}
	if (nl_put(m, type | NL_F_NESTED, NULL, 0))
		m->nest[m->depth++] = at;
}

void nl_nest_end(struct nl_msg *m)
{
	struct nl_attr_hdr a;
	size_t at;

	if (m->depth <= 0) {
		m->overflow = 1;
		return;
	}
	at = m->nest[--m->depth];
	memcpy(&a, m->buf + at, sizeof(a));
	if (m->len - at > 0xffff) {
		m->overflow = 1;
		return;
	}
	a.len = (uint16_t)(m->len - at);
	memcpy(m->buf + at, &a, sizeof(a));
}

/* parsing ------------------------------------------------------------------ */

int nl_attrs(const void *buf, size_t len, struct nl_attr *tb, int max)
{
	const unsigned char *p = buf;
	struct nl_attr_hdr a;
	size_t off = 0;
	unsigned type;

	memset(tb, 0, sizeof(*tb) * (size_t)(max + 1));
	while (len - off >= sizeof(a)) {
		memcpy(&a, p + off, sizeof(a));
		if (a.len < sizeof(a) || a.len > len - off) {
			memset(tb, 0, sizeof(*tb) * (size_t)(max + 1));
			errno = EBADMSG;
			return -1;
		}
		type = a.type & NL_TYPE_MASK;
		if (type <= (unsigned)max) {
			tb[type].data = p + off + sizeof(a);
			tb[type].len = a.len - sizeof(a);
		}
		off += NL_ALIGN(a.len) < len - off ? NL_ALIGN(a.len) : len - off;
	}
	return 0;	/* fewer than 4 bytes left: the padding of the last */
}

int nl_attr_u32(const struct nl_attr *a, uint32_t *v)
{
	if (!a->data || a->len != sizeof(*v))
		return -1;
	memcpy(v, a->data, sizeof(*v));
	return 0;
}

int nl_attr_str(const struct nl_attr *a, char *out, size_t len)
{
	const unsigned char *nul;
	size_t n;

	if (!a->data || !len || !(nul = memchr(a->data, 0, a->len)))
		return -1;
	n = (size_t)(nul - a->data);
	if (n >= len)
		n = len - 1;
	memcpy(out, a->data, n);
	out[n] = '\0';
	return 0;
}

/* An error or done message: its status, and the kernel's text after an
 * ack that carries TLVs (the request echoed whole unless capped). */
static void take_status(struct nl_wait *w, const struct nl_hdr *h, const unsigned char *p,
			size_t len)
{
	struct nl_attr tb[NL_ERR_ATTR_MSG + 1];
	struct nl_hdr req;
	int32_t status = 0;
	size_t skip;

	w->done = 1;
	w->why[0] = '\0';
	if (len < sizeof(status)) {	/* a dump's end may carry nothing */
		w->err = h->type == NL_DONE ? 0 : EBADMSG;
		return;
	}
	memcpy(&status, p, sizeof(status));
	w->err = status < 0 && status > -4096 ? -status : status ? EBADMSG : 0;
	if (h->type != NL_ERROR || !(h->flags & NLF_ACK_TLVS) ||
	    len < sizeof(status) + sizeof(req))
		return;
	memcpy(&req, p + sizeof(status), sizeof(req));
	skip = sizeof(status) + sizeof(req);
	if (!(h->flags & NLF_CAPPED))
		skip = req.len >= sizeof(req) && req.len - sizeof(req) <= len - skip ?
		       NL_ALIGN(skip + req.len - sizeof(req)) : len + 1;
	if (skip <= len && !nl_attrs(p + skip, len - skip, tb, NL_ERR_ATTR_MSG))
		nl_attr_str(&tb[NL_ERR_ATTR_MSG], w->why, sizeof(w->why));
}

int nl_absorb(struct nl_wait *w, const unsigned char *buf, size_t len)
{
	struct nl_hdr h;
	size_t off = 0, step;

	while (!w->done && len - off >= sizeof(h)) {
		memcpy(&h, buf + off, sizeof(h));
		if (h.len < sizeof(h) || h.len > len - off) {
			errno = EBADMSG;
			return -1;
		}
		step = NL_ALIGN(h.len) < len - off ? NL_ALIGN(h.len) : len - off;
		if (h.seq != w->seq || (h.pid && h.pid != w->portid) || h.type == NL_NOOP) {
			off += step;
			continue;
		}
		if (h.type == NL_ERROR || (h.type == NL_DONE && w->dump))
			take_status(w, &h, buf + off + sizeof(h), h.len - sizeof(h));
		else if (w->fn && w->fn(&h, buf + off + sizeof(h), h.len - sizeof(h), w->arg))
			return -1;
		off += step;
	}
	if (!w->done && off != len) {	/* a tail shorter than a header */
		errno = EBADMSG;
		return -1;
	}
	return 0;
}

/* the socket ---------------------------------------------------------------- */

int nl_open(struct nl_sock *s, int proto)
{
	struct sockaddr_nl_ a = { AF_NETLINK, 0, 0, 0 };
	socklen_t alen = sizeof(a);
	int one = 1, e;

	s->seq = 0;
	s->fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, proto);
	if (s->fd < 0)
		return -1;
	/* the kernel's words for an error, where it has them (4.12+) */
	(void)setsockopt(s->fd, SOL_NETLINK_, NETLINK_EXT_ACK_, &one, sizeof(one));
	if (bind(s->fd, (struct sockaddr *)&a, sizeof(a)) ||
	    getsockname(s->fd, (struct sockaddr *)&a, &alen)) {
		e = errno;
		close(s->fd);
		s->fd = -1;
		errno = e;
		return -1;
	}
	s->portid = a.pid;
	return 0;
}

void nl_close(struct nl_sock *s)
{
	if (s->fd >= 0)
		close(s->fd);
	s->fd = -1;
}

int nl_talk(struct nl_sock *s, struct nl_msg *m, nl_answer_fn fn, void *arg, char *why,
	    size_t whylen)
{
	static unsigned char buf[32768] __attribute__((aligned(8)));
	struct sockaddr_nl_ to = { AF_NETLINK, 0, 0, 0 };
	struct nl_wait w;
	struct pollfd pfd = { s->fd, POLLIN, 0 };
	ssize_t n;
	int r;

	if (why && whylen)
		*why = '\0';
	if (m->overflow || m->depth) {
		errno = EMSGSIZE;
		return -1;
	}
	memset(&w, 0, sizeof(w));
	m->hdr.flags |= NLF_REQUEST | NLF_ACK;
	m->hdr.seq = w.seq = ++s->seq;
	m->hdr.len = (uint32_t)m->len;
	w.portid = s->portid;
	w.dump = (m->hdr.flags & NLF_DUMP) == NLF_DUMP;
	w.fn = fn;
	w.arg = arg;
	do
		n = sendto(s->fd, m->buf, m->len, 0, (struct sockaddr *)&to, sizeof(to));
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return -1;
	while (!w.done) {
		r = poll(&pfd, 1, NL_WAIT_MS);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			errno = r ? errno : ETIMEDOUT;
			return -1;
		}
		n = recv(s->fd, buf, sizeof(buf), MSG_TRUNC);
		if (n < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (n < 0)
			return -1;
		if ((size_t)n > sizeof(buf)) {	/* more than a dump's largest */
			errno = EMSGSIZE;
			return -1;
		}
		if (nl_absorb(&w, buf, (size_t)n))
			return -1;
	}
	if (why && whylen)
		snprintf(why, whylen, "%s", w.why);
	if (w.err) {
		errno = w.err;
		return -1;
	}
	return 0;
}
