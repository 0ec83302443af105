/* xfrm.c - IPsec security associations and policies over NETLINK_XFRM
 *
 * SPDX-License-Identifier: MIT
 *
 * See xfrm.h. The structures below are <linux/xfrm.h>'s, field for field;
 * their sizes and the offsets that padding decides are asserted (the same
 * on x86_64, aarch64, armv7 EABI and riscv64: 64-bit fields are 8-aligned
 * on all four).
 */
#include "xfrm.h"

#include <errno.h>
#include <stddef.h>
#include <string.h>
#include <sys/socket.h>

enum {
	XA_ALG_AUTH = 1, XA_ALG_CRYPT = 2, XA_TMPL = 5, XA_ALG_AEAD = 18,
	XA_ALG_AUTH_TRUNC = 20, XA_MAX = 20,
};

#define XFRM_INF (~(uint64_t)0)

typedef struct {			/* xfrm_address_t: 4-aligned */
	uint32_t	w[4];
} k_addr;

struct k_selector {
	k_addr		daddr, saddr;
	uint16_t	dport, dport_mask, sport, sport_mask;
	uint16_t	family;
	uint8_t		prefixlen_d, prefixlen_s, proto;
	int32_t		ifindex;
	uint32_t	user;
};

struct k_id {
	k_addr		daddr;
	uint32_t	spi;		/* network order */
	uint8_t		proto;
};

struct k_lifetime_cfg {
	uint64_t	soft_byte, hard_byte, soft_packet, hard_packet;
	uint64_t	soft_add_s, hard_add_s, soft_use_s, hard_use_s;
};

struct k_lifetime_cur {
	uint64_t	bytes, packets, add_time, use_time;
};

struct k_stats {
	uint32_t	replay_window, replay, integrity_failed;
};

struct k_usersa_info {
	struct k_selector	sel;
	struct k_id		id;
	k_addr			saddr;
	struct k_lifetime_cfg	lft;
	struct k_lifetime_cur	curlft;
	struct k_stats		stats;
	uint32_t		seq, reqid;
	uint16_t		family;
	uint8_t			mode, replay_window, flags;
};

struct k_usersa_id {
	k_addr		daddr;
	uint32_t	spi;
	uint16_t	family;
	uint8_t		proto;
};

struct k_userspi_info {
	struct k_usersa_info	info;
	uint32_t		min, max;
};

struct k_userpolicy_info {
	struct k_selector	sel;
	struct k_lifetime_cfg	lft;
	struct k_lifetime_cur	curlft;
	uint32_t		priority, index;
	uint8_t			dir, action, flags, share;
};

struct k_userpolicy_id {
	struct k_selector	sel;
	uint32_t		index;
	uint8_t			dir;
};

struct k_user_tmpl {
	struct k_id	id;
	uint16_t	family;
	k_addr		saddr;
	uint32_t	reqid;
	uint8_t		mode, share, optional;
	uint32_t	aalgos, ealgos, calgos;
};

struct k_algo {			/* xfrm_algo; _auth and _aead add a word */
	char		name[64];
	uint32_t	key_bits;
};

_Static_assert(sizeof(struct k_selector) == 56, "xfrm_selector");
_Static_assert(offsetof(struct k_selector, family) == 40, "xfrm_selector.family");
_Static_assert(sizeof(struct k_id) == 24, "xfrm_id");
_Static_assert(sizeof(struct k_lifetime_cfg) == 64, "xfrm_lifetime_cfg");
_Static_assert(sizeof(struct k_usersa_info) == 224, "xfrm_usersa_info");
_Static_assert(offsetof(struct k_usersa_info, lft) == 96, "xfrm_usersa_info.lft");
_Static_assert(offsetof(struct k_usersa_info, reqid) == 208, "xfrm_usersa_info.reqid");
_Static_assert(offsetof(struct k_usersa_info, flags) == 216, "xfrm_usersa_info.flags");
_Static_assert(sizeof(struct k_usersa_id) == 24, "xfrm_usersa_id");
_Static_assert(sizeof(struct k_userspi_info) == 232, "xfrm_userspi_info");
_Static_assert(sizeof(struct k_userpolicy_info) == 168, "xfrm_userpolicy_info");
_Static_assert(offsetof(struct k_userpolicy_info, priority) == 152, "xfrm_userpolicy_info.priority");
_Static_assert(sizeof(struct k_userpolicy_id) == 64, "xfrm_userpolicy_id");
_Static_assert(sizeof(struct k_user_tmpl) == 64, "xfrm_user_tmpl");
_Static_assert(offsetof(struct k_user_tmpl, saddr) == 28, "xfrm_user_tmpl.saddr");
_Static_assert(offsetof(struct k_user_tmpl, aalgos) == 52, "xfrm_user_tmpl.aalgos");
_Static_assert(sizeof(struct k_algo) == 68, "xfrm_algo");

static uint32_t be32(uint32_t v)
{
	unsigned char b[4] = { (unsigned char)(v >> 24), (unsigned char)(v >> 16),
			       (unsigned char)(v >> 8), (unsigned char)v };
	uint32_t r;

	memcpy(&r, b, 4);
	return r;
}

static uint16_t be16(uint16_t v)
{
	unsigned char b[2] = { (unsigned char)(v >> 8), (unsigned char)v };
	uint16_t r;

	memcpy(&r, b, 2);
	return r;
}

static uint16_t from_be16(uint16_t v)
{
	unsigned char b[2];

	memcpy(b, &v, 2);
	return (uint16_t)(b[0] << 8 | b[1]);
}

static uint32_t from_be32(uint32_t v)
{
	unsigned char b[4];

	memcpy(b, &v, 4);
	return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

static void no_limits(struct k_lifetime_cfg *l)
{
	l->soft_byte = l->hard_byte = l->soft_packet = l->hard_packet = XFRM_INF;
}

/* An algorithm attribute: name, key length in bits, [extra word], key. */
static void put_alg(struct nl_msg *m, uint16_t type, const char *name, unsigned bits,
		    const uint32_t *extra, const unsigned char *key)
{
	size_t head = sizeof(struct k_algo) + (extra ? 4 : 0), klen = (bits + 7) / 8;
	unsigned char *p;
	struct k_algo a;

	if (klen > XFRM_KEY_MAX || !(p = nl_put(m, type, NULL, head + klen))) {
		m->overflow = 1;
		return;
	}
	memset(&a, 0, sizeof(a));
	strncpy(a.name, name, sizeof(a.name) - 1);
	a.key_bits = bits;
	memcpy(p, &a, sizeof(a));
	if (extra)
		memcpy(p + sizeof(a), extra, 4);
	memcpy(p + head, key, klen);
}

/* building ------------------------------------------------------------------ */

static void fill_sa_info(struct k_usersa_info *in, const struct xfrm_sa *sa)
{
	in->sel.family = (uint16_t)sa->family;
	memcpy(&in->id.daddr, sa->dst, 16);
	in->id.spi = be32(sa->spi);
	in->id.proto = sa->proto;
	memcpy(&in->saddr, sa->src, 16);
	no_limits(&in->lft);
	in->reqid = sa->reqid;
	in->family = (uint16_t)sa->family;
	in->mode = sa->mode;
	in->replay_window = sa->replay_window;
}

void xfrm_sa_msg(struct nl_msg *m, uint16_t type, const struct xfrm_sa *sa)
{
	struct k_usersa_info in;
	unsigned char *p;
	uint32_t w;

	nl_begin(m, type, type == XFRM_NEWSA ? NLF_CREATE | NLF_EXCL : 0);
	memset(&in, 0, sizeof(in));
	fill_sa_info(&in, sa);
	if ((p = nl_reserve(m, sizeof(in))))
		memcpy(p, &in, sizeof(in));
	if (*sa->aead) {
		w = sa->icv_bits;
		put_alg(m, XA_ALG_AEAD, sa->aead, sa->aead_bits, &w, sa->aead_key);
	}
	if (*sa->crypt)
		put_alg(m, XA_ALG_CRYPT, sa->crypt, sa->crypt_bits, NULL, sa->crypt_key);
	if (*sa->auth) {
		w = sa->trunc_bits;
		put_alg(m, XA_ALG_AUTH_TRUNC, sa->auth, sa->auth_bits, &w, sa->auth_key);
	}
}

void xfrm_sa_del_msg(struct nl_msg *m, const struct xfrm_sa *sa)
{
	struct k_usersa_id id;
	unsigned char *p;

	nl_begin(m, XFRM_DELSA, 0);
	memset(&id, 0, sizeof(id));
	memcpy(&id.daddr, sa->dst, 16);
	id.spi = be32(sa->spi);
	id.family = (uint16_t)sa->family;
	id.proto = sa->proto;
	if ((p = nl_reserve(m, sizeof(id))))
		memcpy(p, &id, sizeof(id));
}

void xfrm_spi_msg(struct nl_msg *m, const struct xfrm_sa *sa, uint32_t lo, uint32_t hi)
{
	struct k_userspi_info s;
	unsigned char *p;

	nl_begin(m, XFRM_ALLOCSPI, 0);
	memset(&s, 0, sizeof(s));
	fill_sa_info(&s.info, sa);
	s.info.id.spi = 0;
	s.min = lo;
	s.max = hi;
	if ((p = nl_reserve(m, sizeof(s))))
		memcpy(p, &s, sizeof(s));
}

static void fill_selector(struct k_selector *s, const struct xfrm_policy *p)
{
	s->family = (uint16_t)p->family;
	memcpy(&s->saddr, p->src, 16);
	memcpy(&s->daddr, p->dst, 16);
	s->prefixlen_s = p->src_len;
	s->prefixlen_d = p->dst_len;
	s->proto = p->proto;
	if (p->sport) {
		s->sport = be16(p->sport);
		s->sport_mask = 0xffff;
	}
	if (p->dport) {
		s->dport = be16(p->dport);
		s->dport_mask = 0xffff;
	}
}

void xfrm_policy_msg(struct nl_msg *m, const struct xfrm_policy *p)
{
	struct k_userpolicy_info in;
	struct k_user_tmpl t;
	unsigned char *b;

	nl_begin(m, XFRM_NEWPOLICY, NLF_CREATE | NLF_EXCL);
	memset(&in, 0, sizeof(in));
	fill_selector(&in.sel, p);
	no_limits(&in.lft);
	in.priority = p->priority;
	in.dir = p->dir;
	if ((b = nl_reserve(m, sizeof(in))))
		memcpy(b, &in, sizeof(in));
	memset(&t, 0, sizeof(t));
	t.id.proto = XFRM_PROTO_ESP;
	t.family = (uint16_t)p->family;
	t.reqid = p->reqid;
	t.mode = XFRM_TRANSPORT;
	t.aalgos = t.ealgos = t.calgos = ~0u;
	nl_put(m, XA_TMPL, &t, sizeof(t));
}

void xfrm_policy_del_msg(struct nl_msg *m, const struct xfrm_policy *p)
{
	struct k_userpolicy_id id;
	unsigned char *b;

	nl_begin(m, XFRM_DELPOLICY, 0);
	memset(&id, 0, sizeof(id));
	fill_selector(&id.sel, p);
	id.dir = p->dir;
	if ((b = nl_reserve(m, sizeof(id))))
		memcpy(b, &id, sizeof(id));
}

void xfrm_dump_msg(struct nl_msg *m, uint16_t type)
{
	nl_begin(m, type, NLF_DUMP);
	/* the kernel reads a fixed header it does not use in a dump; send
	 * the size it checks for (an SA id or a policy id) */
	nl_reserve(m, type == XFRM_GETSA ? sizeof(struct k_usersa_id)
					  : sizeof(struct k_userpolicy_id));
}

/* parsing ------------------------------------------------------------------- */

static int bad(void)
{
	errno = EBADMSG;
	return -1;
}

/* An algorithm attribute of head bytes (68 or 72) before its key: name,
 * key length, the extra word (icv or truncation, when head is 72). */
static int get_alg(const struct nl_attr *a, size_t head, char *name, unsigned *bits,
		   unsigned *extra, unsigned char *key)
{
	struct k_algo k;
	uint32_t w;
	size_t klen;

	if (!a->data)
		return 0;
	if (a->len < head)
		return bad();
	memcpy(&k, a->data, sizeof(k));
	klen = ((size_t)k.key_bits + 7) / 8;
	if (!memchr(k.name, 0, sizeof(k.name)) || klen > XFRM_KEY_MAX || klen > a->len - head)
		return bad();
	strcpy(name, k.name);
	*bits = k.key_bits;
	if (extra) {
		memcpy(&w, a->data + sizeof(k), 4);
		*extra = w;
	}
	memcpy(key, a->data + head, klen);
	return 0;
}

int xfrm_sa_parse(const unsigned char *p, size_t len, struct xfrm_sa *sa)
{
	struct nl_attr tb[XA_MAX + 1];
	struct k_usersa_info in;
	struct xfrm_sa s;

	if (len < sizeof(in))
		return bad();
	memcpy(&in, p, sizeof(in));
	if (nl_attrs(p + NL_ALIGN(sizeof(in)), len - NL_ALIGN(sizeof(in)), tb, XA_MAX))
		return -1;
	memset(&s, 0, sizeof(s));
	s.family = in.family;
	memcpy(s.src, &in.saddr, 16);
	memcpy(s.dst, &in.id.daddr, 16);
	s.spi = from_be32(in.id.spi);
	s.proto = in.id.proto;
	s.reqid = in.reqid;
	s.mode = in.mode;
	s.replay_window = in.replay_window;
	s.cur_bytes = in.curlft.bytes;
	s.cur_packets = in.curlft.packets;
	if (get_alg(&tb[XA_ALG_CRYPT], sizeof(struct k_algo), s.crypt, &s.crypt_bits, NULL,
		    s.crypt_key) ||
	    get_alg(&tb[XA_ALG_AEAD], sizeof(struct k_algo) + 4, s.aead, &s.aead_bits,
		    &s.icv_bits, s.aead_key))
		return -1;
	/* the truncated form where the kernel gives it, else the plain one */
	if (tb[XA_ALG_AUTH_TRUNC].data) {
		if (get_alg(&tb[XA_ALG_AUTH_TRUNC], sizeof(struct k_algo) + 4, s.auth,
			    &s.auth_bits, &s.trunc_bits, s.auth_key))
			return -1;
	} else if (get_alg(&tb[XA_ALG_AUTH], sizeof(struct k_algo), s.auth, &s.auth_bits, NULL,
			   s.auth_key)) {
		return -1;
	}
	*sa = s;
	return 0;
}

int xfrm_policy_parse(const unsigned char *buf, size_t len, struct xfrm_policy *p)
{
	struct nl_attr tb[XA_MAX + 1];
	struct k_userpolicy_info in;
	struct k_user_tmpl t;
	struct xfrm_policy q;

	if (len < sizeof(in))
		return bad();
	memcpy(&in, buf, sizeof(in));
	if (nl_attrs(buf + NL_ALIGN(sizeof(in)), len - NL_ALIGN(sizeof(in)), tb, XA_MAX))
		return -1;
	if (tb[XA_TMPL].len % sizeof(t))
		return bad();
	memset(&q, 0, sizeof(q));
	q.family = in.sel.family;
	memcpy(q.src, &in.sel.saddr, 16);
	memcpy(q.dst, &in.sel.daddr, 16);
	q.src_len = in.sel.prefixlen_s;
	q.dst_len = in.sel.prefixlen_d;
	q.proto = in.sel.proto;
	q.sport = in.sel.sport_mask ? from_be16(in.sel.sport) : 0;
	q.dport = in.sel.dport_mask ? from_be16(in.sel.dport) : 0;
	q.dir = in.dir;
	q.priority = in.priority;
	q.index = in.index;
	q.ntmpl = (int)(tb[XA_TMPL].len / sizeof(t));
	if (q.ntmpl) {
		memcpy(&t, tb[XA_TMPL].data, sizeof(t));
		q.reqid = t.reqid;
		q.tmpl_proto = t.id.proto;
		q.tmpl_mode = t.mode;
	}
	*p = q;
	return 0;
}

pid_t xfrm_reqid_pid(uint32_t reqid)
{
	return (reqid & XFRM_REQID_MASK) == XFRM_REQID_TAG ? (pid_t)(reqid & ~XFRM_REQID_MASK) : 0;
}

uint32_t xfrm_reqid(pid_t pid)
{
	return XFRM_REQID_TAG | ((uint32_t)pid & ~XFRM_REQID_MASK);
}
