/* nl.h - netlink: messages built, sent, answered and parsed back
 *
 * SPDX-License-Identifier: MIT
 *
 * The little of netlink(7) that benchbox speaks (rtnetlink for links and
 * addresses, NETLINK_XFRM for IPsec), with the kernel's ABI written out
 * here: the static musl build has no kernel headers. A message is built
 * in a struct nl_msg (a fixed header, then attributes, nested ones
 * too); nl_talk() sends it on a socket of nl_open() and reads until the
 * kernel's acknowledgement or, for a dump, its end, handing each answer
 * to a callback. Everything the kernel sends back is checked by
 * nl_absorb() before a field of it is read: a length past the buffer, a
 * message shorter than its header, an attribute that runs over its
 * message are an error (EBADMSG), never a read out of bounds.
 */
#ifndef BENCHBOX_NL_H
#define BENCHBOX_NL_H

#include <stddef.h>
#include <stdint.h>

#define NL_MSG_MAX 2048		/* the largest message benchbox builds */

/* <linux/netlink.h> (kernel ABI) */
enum {
	NL_ROUTE = 0,			/* NETLINK_ROUTE */
	NL_XFRM = 6,			/* NETLINK_XFRM */
	NLF_REQUEST = 0x1, NLF_MULTI = 0x2, NLF_ACK = 0x4,
	NLF_ROOT = 0x100, NLF_MATCH = 0x200, NLF_DUMP = 0x300,
	NLF_EXCL = 0x200, NLF_CREATE = 0x400,	/* for NEW requests */
	NLF_CAPPED = 0x100, NLF_ACK_TLVS = 0x200,	/* in an ack */
	NL_NOOP = 1, NL_ERROR = 2, NL_DONE = 3,
	NL_ERR_ATTR_MSG = 1,		/* NLMSGERR_ATTR_MSG: the kernel's text */
	NL_TYPE_MASK = 0x3fff,		/* NLA_TYPE_MASK */
	NL_F_NESTED = 0x8000,		/* NLA_F_NESTED */
};

struct nl_hdr {				/* struct nlmsghdr */
	uint32_t	len;
	uint16_t	type, flags;
	uint32_t	seq, pid;
};

#define NL_ALIGN(n) (((n) + 3u) & ~(size_t)3u)

struct nl_msg {
	union {
		unsigned char	buf[NL_MSG_MAX];
		struct nl_hdr	hdr;
		uint64_t	align_;
	};
	size_t		len;		/* bytes used, a multiple of 4 */
	size_t		nest[4];	/* offsets of the open nested attributes */
	int		depth;
	int		overflow;	/* something did not fit: nl_talk refuses */
};

/* A new message of type, with flags (NLF_REQUEST is added by nl_talk). */
void	nl_begin(struct nl_msg *m, uint16_t type, uint16_t flags);
/* len zeroed bytes of fixed header or payload, aligned: a pointer to fill,
 * or NULL (and m->overflow) when they do not fit. */
void	*nl_reserve(struct nl_msg *m, size_t len);
/* An attribute of type with len bytes of data (data NULL: zeros). The
 * pointer to its data, or NULL (and m->overflow). */
void	*nl_put(struct nl_msg *m, uint16_t type, const void *data, size_t len);
void	nl_put_u32(struct nl_msg *m, uint16_t type, uint32_t v);
void	nl_put_str(struct nl_msg *m, uint16_t type, const char *s);	/* with its NUL */
/* Nested attributes: nl_nest() opens one of type, nl_nest_end() closes
 * the last one opened (at most 4 deep). */
void	nl_nest(struct nl_msg *m, uint16_t type);
void	nl_nest_end(struct nl_msg *m);

/* An attribute as parsed: its data and length (NULL, 0 when absent). */
struct nl_attr {
	const unsigned char	*data;
	size_t			len;
};

/* The attributes in buf[len] (a message's tail after its fixed header, or
 * a nested attribute's data) into tb[0..max], by type (flags masked off;
 * types above max are skipped, a repeated type keeps its last). 0, or -1
 * with errno EBADMSG when one is shorter than its header or runs past
 * len; tb is cleared first either way. */
int	nl_attrs(const void *buf, size_t len, struct nl_attr *tb, int max);
/* The attribute's value, when it is exactly that size: 0, or -1. */
int	nl_attr_u32(const struct nl_attr *a, uint32_t *v);
/* A string attribute (NUL-terminated within its length, no other NUL
 * needed) copied into out[len], cut to fit: 0, or -1 when it has no NUL. */
int	nl_attr_str(const struct nl_attr *a, char *out, size_t len);

/* What to do with each answer of a request: the message's header (copied,
 * aligned) and payload. Return 0 to go on, -1 to stop with errno set. */
typedef int (*nl_answer_fn)(const struct nl_hdr *h, const unsigned char *payload, size_t len,
			    void *arg);

/* The state of one exchange while its answers come. */
struct nl_wait {
	uint32_t	seq, portid;
	int		dump;		/* the request was a dump: ends with NL_DONE */
	int		done;		/* the end came */
	int		err;		/* its status: 0, or an errno value */
	char		why[160];	/* the kernel's own words for err (extended ack), or "" */
	nl_answer_fn	fn;
	void		*arg;
};

/* Take one datagram buf[len] of answers: messages of another seq or port
 * are skipped; an error or done message ends the exchange (w->done, w->err,
 * w->why); any other goes to w->fn. 0, or -1 with errno: EBADMSG for
 * bytes that are not netlink, or what w->fn set. */
int	nl_absorb(struct nl_wait *w, const unsigned char *buf, size_t len);

struct nl_sock {
	int		fd;
	uint32_t	seq, portid;
};

/* A netlink socket of protocol proto (NL_ROUTE, NL_XFRM), bound, close-on-
 * exec, asking for extended acks, answers waited for at most 5 s. 0, or -1
 * with errno (EPROTONOSUPPORT: no such family in this kernel). */
int	nl_open(struct nl_sock *s, int proto);
void	nl_close(struct nl_sock *s);
/* Send m (NLF_REQUEST and NLF_ACK added, a fresh seq), hand each answer to
 * fn (may be NULL) until the kernel's ack or, for a dump (NLF_DUMP in m's
 * flags), its end. 0, or -1 with errno: the kernel's error (its message in
 * why[whylen] when it gave one, else ""), EMSGSIZE when m overflowed,
 * ETIMEDOUT when no answer came. */
int	nl_talk(struct nl_sock *s, struct nl_msg *m, nl_answer_fn fn, void *arg, char *why,
		size_t whylen);

#endif
