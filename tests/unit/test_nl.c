/* test_nl.c - netlink messages (src/nl.c, src/rtnl.c, src/xfrm.c): built
 * by benchbox's code and read back field by field, at the kernel ABI's
 * offsets; answers as the kernel sends them parsed, malformed ones refused;
 * net --ipsec's packet rate from its SA's counts */
#include "minitest.h"
#include "nl.h"
#include "rtnl.h"
#include "xfrm.h"
#include "net.h"

#include <errno.h>
#include <math.h>
#include <string.h>
#include <sys/socket.h>

static uint32_t u32_at(const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

static uint16_t u16_at(const unsigned char *p)
{
	uint16_t v;

	memcpy(&v, p, 2);
	return v;
}

TEST(nl_build_and_attrs)
{
	struct nl_attr tb[9], in[4];
	struct nl_msg m;
	uint32_t v = 0;
	char s[8];

	nl_begin(&m, 16, NLF_CREATE);
	CHECK_EQ_U64(m.len, 16);
	REQUIRE(nl_reserve(&m, 6) != NULL);	/* padded to 8 */
	CHECK_EQ_U64(m.len, 24);
	nl_put_u32(&m, 1, 0x01020304);
	nl_put_str(&m, 3, "veth");		/* 4 + 5, padded to 12 */
	nl_nest(&m, 8);
	nl_put_u32(&m, 2, 7);
	nl_nest_end(&m);
	CHECK_EQ_U64(m.len, 24 + 8 + 12 + 12);
	CHECK_EQ_U64(m.hdr.len, m.len);
	CHECK_EQ_INT(m.overflow, 0);
	/* the nest's header: its whole length, the nested flag set */
	CHECK_EQ_INT(u16_at(m.buf + 44), 12);
	CHECK_EQ_INT(u16_at(m.buf + 46), 8 | NL_F_NESTED);
	REQUIRE(nl_attrs(m.buf + 24, m.len - 24, tb, 8) == 0);
	CHECK(nl_attr_u32(&tb[1], &v) == 0 && v == 0x01020304);
	CHECK(nl_attr_str(&tb[3], s, sizeof(s)) == 0);
	CHECK_STR(s, "veth");
	CHECK(nl_attr_u32(&tb[3], &v) == -1);	/* not 4 bytes */
	CHECK(tb[5].data == NULL);
	REQUIRE(nl_attrs(tb[8].data, tb[8].len, in, 3) == 0);
	CHECK(nl_attr_u32(&in[2], &v) == 0 && v == 7);
}

TEST(nl_overflow_and_bad_attrs)
{
	static struct nl_msg m;
	struct nl_attr tb[3];
	unsigned char bad[12] = { 8, 0, 1, 0, 1, 2, 3, 4, 20, 0, 2, 0 };	/* runs over */
	unsigned char shorty[8] = { 2, 0, 1, 0, 0, 0, 0, 0 };		/* len < 4 */
	char big[NL_MSG_MAX];

	nl_begin(&m, 16, 0);
	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	nl_put_str(&m, 1, big);
	CHECK_EQ_INT(m.overflow, 1);
	CHECK(m.len <= NL_MSG_MAX);
	nl_begin(&m, 16, 0);
	nl_nest_end(&m);			/* nothing open */
	CHECK_EQ_INT(m.overflow, 1);
	errno = 0;
	CHECK_EQ_INT(nl_attrs(bad, sizeof(bad), tb, 2), -1);
	CHECK_EQ_INT(errno, EBADMSG);
	CHECK(tb[1].data == NULL);		/* cleared, not half filled */
	CHECK_EQ_INT(nl_attrs(shorty, sizeof(shorty), tb, 2), -1);
	CHECK_EQ_INT(nl_attrs(bad, 3, tb, 2), 0);	/* under a header: padding */
}

/* an answer in buf at off: header, then payload */
static size_t put_msg(unsigned char *buf, size_t off, uint16_t type, uint16_t flags, uint32_t seq,
		      uint32_t pid, const void *payload, size_t len)
{
	struct nl_hdr h = { (uint32_t)(sizeof(h) + len), type, flags, seq, pid };

	memcpy(buf + off, &h, sizeof(h));
	memcpy(buf + off + sizeof(h), payload, len);
	return off + NL_ALIGN(sizeof(h) + len);
}

struct seen {
	int		n;
	uint16_t	type;
	size_t		len;
};

static int count(const struct nl_hdr *h, const unsigned char *p, size_t len, void *arg)
{
	struct seen *s = arg;

	(void)p;
	s->n++;
	s->type = h->type;
	s->len = len;
	return 0;
}

TEST(nl_absorb_ack_with_the_kernels_words)
{
	unsigned char buf[512], pl[256];
	struct nl_hdr req = { 40, 0x10, 0x605, 7, 99 };
	struct seen s = { 0, 0, 0 };
	struct nl_wait w;
	int32_t err = -EPROTONOSUPPORT;
	size_t off = 0, n;
	const char text[] = "Requested type not found";

	memset(&w, 0, sizeof(w));
	w.seq = 7;
	w.portid = 99;
	w.fn = count;
	w.arg = &s;
	/* another seq first: skipped; a data answer; then the ack, the
	 * request echoed whole (24 bytes of payload), then the text TLV */
	off = put_msg(buf, off, 0x10, 0, 6, 99, "abcd", 4);
	off = put_msg(buf, off, 0x10, 0, 7, 99, "abcdefgh", 8);
	memcpy(pl, &err, 4);
	memcpy(pl + 4, &req, sizeof(req));
	memset(pl + 4 + sizeof(req), 0, 24);
	n = 4 + sizeof(req) + 24;
	pl[n] = (unsigned char)(4 + sizeof(text));
	pl[n + 1] = 0;
	pl[n + 2] = NL_ERR_ATTR_MSG;
	pl[n + 3] = 0;
	memcpy(pl + n + 4, text, sizeof(text));
	n += NL_ALIGN(4 + sizeof(text));
	off = put_msg(buf, off, NL_ERROR, NLF_ACK_TLVS, 7, 99, pl, n);
	REQUIRE(nl_absorb(&w, buf, off) == 0);
	CHECK_EQ_INT(s.n, 1);
	CHECK_EQ_INT(s.type, 0x10);
	CHECK_EQ_U64(s.len, 8);
	CHECK_EQ_INT(w.done, 1);
	CHECK_EQ_INT(w.err, EPROTONOSUPPORT);
	CHECK_STR(w.why, text);

	/* capped: the request's header only, then the TLVs */
	memset(&w, 0, sizeof(w));
	w.seq = 7;
	w.portid = 99;
	memmove(pl + 4 + sizeof(req), pl + 4 + sizeof(req) + 24, n - 4 - sizeof(req) - 24);
	off = put_msg(buf, 0, NL_ERROR, NLF_ACK_TLVS | NLF_CAPPED, 7, 0, pl, n - 24);
	REQUIRE(nl_absorb(&w, buf, off) == 0);
	CHECK_EQ_INT(w.err, EPROTONOSUPPORT);
	CHECK_STR(w.why, text);

	/* a plain ack: status 0, no words */
	memset(&w, 0, sizeof(w));
	w.seq = 7;
	err = 0;
	memcpy(pl, &err, 4);
	off = put_msg(buf, 0, NL_ERROR, 0, 7, 0, pl, 4 + sizeof(req));
	REQUIRE(nl_absorb(&w, buf, off) == 0);
	CHECK_EQ_INT(w.done, 1);
	CHECK_EQ_INT(w.err, 0);
	CHECK_STR(w.why, "");
}

TEST(nl_absorb_dump_and_malformed)
{
	unsigned char buf[256];
	struct seen s = { 0, 0, 0 };
	struct nl_wait w;
	struct nl_hdr h;
	int32_t zero = 0;
	size_t off;

	memset(&w, 0, sizeof(w));
	w.seq = 3;
	w.dump = 1;
	w.fn = count;
	w.arg = &s;
	off = put_msg(buf, 0, 0x10, NLF_MULTI, 3, 0, "xxxx", 4);
	off = put_msg(buf, off, 0x10, NLF_MULTI, 3, 0, "yyyyyyyy", 8);
	REQUIRE(nl_absorb(&w, buf, off) == 0);
	CHECK_EQ_INT(s.n, 2);
	CHECK_EQ_INT(w.done, 0);		/* more to come */
	off = put_msg(buf, 0, NL_DONE, NLF_MULTI, 3, 0, &zero, 4);
	REQUIRE(nl_absorb(&w, buf, off) == 0);
	CHECK_EQ_INT(w.done, 1);
	CHECK_EQ_INT(w.err, 0);

	/* a length past the datagram, one under a header, a short tail */
	memset(&w, 0, sizeof(w));
	w.seq = 3;
	h.len = 200;
	h.type = 0x10;
	h.flags = 0;
	h.seq = 3;
	h.pid = 0;
	memcpy(buf, &h, sizeof(h));
	errno = 0;
	CHECK_EQ_INT(nl_absorb(&w, buf, 40), -1);
	CHECK_EQ_INT(errno, EBADMSG);
	h.len = 8;
	memcpy(buf, &h, sizeof(h));
	CHECK_EQ_INT(nl_absorb(&w, buf, 40), -1);
	off = put_msg(buf, 0, 0x10, 0, 3, 0, "zzzz", 4);
	CHECK_EQ_INT(nl_absorb(&w, buf, off + 6), -1);
}

static void fill_sa(struct xfrm_sa *sa)
{
	static const unsigned char a[4] = { 192, 0, 2, 1 }, b[4] = { 192, 0, 2, 2 };
	unsigned i;

	memset(sa, 0, sizeof(*sa));
	sa->family = AF_INET;
	memcpy(sa->src, a, 4);
	memcpy(sa->dst, b, 4);
	sa->spi = 0x12345678;
	sa->reqid = xfrm_reqid(4242);
	sa->proto = XFRM_PROTO_ESP;
	sa->mode = XFRM_TRANSPORT;
	sa->replay_window = 32;
	strcpy(sa->crypt, "cbc(aes)");
	sa->crypt_bits = 128;
	strcpy(sa->auth, "hmac(sha1)");
	sa->auth_bits = 160;
	sa->trunc_bits = 96;
	for (i = 0; i < 16; i++)
		sa->crypt_key[i] = (unsigned char)(0xa0 + i);
	for (i = 0; i < 20; i++)
		sa->auth_key[i] = (unsigned char)(0x10 + i);
}

TEST(xfrm_sa_message_layout)
{
	struct xfrm_sa sa;
	struct nl_msg m;
	const unsigned char *in;
	uint64_t lim;

	fill_sa(&sa);
	xfrm_sa_msg(&m, XFRM_NEWSA, &sa);
	REQUIRE(!m.overflow);
	CHECK_EQ_INT(m.hdr.type, XFRM_NEWSA);
	CHECK_EQ_INT(m.hdr.flags, NLF_CREATE | NLF_EXCL);
	in = m.buf + 16;	/* struct xfrm_usersa_info */
	CHECK_EQ_INT(u16_at(in + 40), AF_INET);			/* sel.family */
	CHECK(!memcmp(in + 56, sa.dst, 4));			/* id.daddr */
	CHECK(in[72] == 0x12 && in[73] == 0x34 && in[74] == 0x56 && in[75] == 0x78);
	CHECK_EQ_INT(in[76], XFRM_PROTO_ESP);			/* id.proto */
	CHECK(!memcmp(in + 80, sa.src, 4));			/* saddr */
	memcpy(&lim, in + 96, 8);				/* lft: no limits */
	CHECK_EQ_U64(lim, ~(uint64_t)0);
	memcpy(&lim, in + 96 + 32, 8);				/* no expiry time */
	CHECK_EQ_U64(lim, 0);
	CHECK_EQ_U64(u32_at(in + 208), sa.reqid);
	CHECK_EQ_INT(u16_at(in + 212), AF_INET);
	CHECK_EQ_INT(in[214], XFRM_TRANSPORT);
	CHECK_EQ_INT(in[215], 32);				/* replay_window */
	/* then XFRMA_ALG_CRYPT: 4 + 68 + 16, XFRMA_ALG_AUTH_TRUNC: 4 + 72 + 20 */
	CHECK_EQ_INT(u16_at(in + 224), 88);
	CHECK_EQ_INT(u16_at(in + 226), 2);
	CHECK_STR((const char *)in + 228, "cbc(aes)");
	CHECK_EQ_U64(u32_at(in + 228 + 64), 128);
	CHECK_EQ_INT(in[228 + 68], 0xa0);
	CHECK_EQ_INT(u16_at(in + 312), 96);
	CHECK_EQ_INT(u16_at(in + 314), 20);
	CHECK_EQ_U64(u32_at(in + 316 + 68), 96);		/* trunc_len */
	CHECK_EQ_U64(m.len, 16 + 224 + 88 + 96);
}

TEST(xfrm_sa_roundtrip)
{
	struct xfrm_sa sa, back;
	struct nl_msg m;

	fill_sa(&sa);
	xfrm_sa_msg(&m, XFRM_UPDSA, &sa);
	CHECK_EQ_INT(m.hdr.flags, 0);
	REQUIRE(xfrm_sa_parse(m.buf + 16, m.len - 16, &back) == 0);
	CHECK(!memcmp(&sa, &back, sizeof(sa)));
	CHECK_EQ_INT((int)xfrm_reqid_pid(back.reqid), 4242);
	CHECK_EQ_INT((int)xfrm_reqid_pid(7), 0);
	{	/* what went through it, as a dump gives it (curlft at 160) */
		uint64_t bytes = 123456789012ull, packets = 4242;

		memcpy(m.buf + 16 + 160, &bytes, 8);
		memcpy(m.buf + 16 + 168, &packets, 8);
		REQUIRE(xfrm_sa_parse(m.buf + 16, m.len - 16, &back) == 0);
		CHECK_EQ_U64(back.cur_bytes, bytes);
		CHECK_EQ_U64(back.cur_packets, packets);
	}

	/* an AEAD: name, key bits with the salt, the ICV */
	memset(sa.crypt, 0, sizeof(sa.crypt));
	memset(sa.auth, 0, sizeof(sa.auth));
	sa.crypt_bits = sa.auth_bits = sa.trunc_bits = 0;
	memset(sa.crypt_key, 0, sizeof(sa.crypt_key));
	memset(sa.auth_key, 0, sizeof(sa.auth_key));
	strcpy(sa.aead, "rfc4106(gcm(aes))");
	sa.aead_bits = 160;
	sa.icv_bits = 128;
	memset(sa.aead_key, 0x5a, 20);
	xfrm_sa_msg(&m, XFRM_NEWSA, &sa);
	REQUIRE(xfrm_sa_parse(m.buf + 16, m.len - 16, &back) == 0);
	CHECK(!memcmp(&sa, &back, sizeof(sa)));

	/* a key longer than its attribute; a name without its NUL */
	m.buf[16 + 224 + 4 + 64] = 0xff;		/* key_len: 32767 bits */
	m.buf[16 + 224 + 4 + 65] = 0x7f;
	errno = 0;
	CHECK_EQ_INT(xfrm_sa_parse(m.buf + 16, m.len - 16, &back), -1);
	CHECK_EQ_INT(errno, EBADMSG);
	xfrm_sa_msg(&m, XFRM_NEWSA, &sa);
	memset(m.buf + 16 + 224 + 4, 'x', 64);
	CHECK_EQ_INT(xfrm_sa_parse(m.buf + 16, m.len - 16, &back), -1);
	CHECK_EQ_INT(xfrm_sa_parse(m.buf + 16, 223, &back), -1);	/* short */
}

TEST(xfrm_policy_and_del_messages)
{
	struct xfrm_policy p, back;
	struct xfrm_sa sa;
	struct nl_msg m;
	const unsigned char *tp;

	memset(&p, 0, sizeof(p));
	p.family = AF_INET;
	p.src[0] = 10;
	p.dst[0] = 11;
	p.src_len = p.dst_len = 32;
	p.dir = XFRM_DIR_OUT;
	p.priority = 5;
	p.reqid = xfrm_reqid(1);
	p.proto = 6;
	p.dport = 0x1234;
	xfrm_policy_msg(&m, &p);
	REQUIRE(!m.overflow);
	/* the selector's ports: big-endian, masked whole; the other any */
	CHECK(m.buf[16 + 32] == 0x12 && m.buf[16 + 33] == 0x34);	/* dport */
	CHECK(m.buf[16 + 34] == 0xff && m.buf[16 + 35] == 0xff);	/* dport_mask */
	CHECK(u16_at(m.buf + 16 + 36) == 0 && u16_at(m.buf + 16 + 38) == 0);	/* sport */
	CHECK_EQ_INT(m.buf[16 + 44], 6);				/* proto */
	CHECK_EQ_INT(m.hdr.type, XFRM_NEWPOLICY);
	CHECK_EQ_INT(m.buf[16 + 160], XFRM_DIR_OUT);		/* dir */
	CHECK_EQ_U64(u32_at(m.buf + 16 + 152), 5);		/* priority */
	CHECK_EQ_INT(m.buf[16 + 16], 10);			/* sel.saddr */
	CHECK_EQ_INT(m.buf[16 + 43], 32);			/* sel.prefixlen_s */
	tp = m.buf + 16 + 168;					/* XFRMA_TMPL */
	CHECK_EQ_INT(u16_at(tp), 4 + 64);
	CHECK_EQ_INT(u16_at(tp + 2), 5);
	CHECK_EQ_INT(tp[4 + 20], XFRM_PROTO_ESP);		/* id.proto */
	CHECK_EQ_U64(u32_at(tp + 4 + 44), p.reqid);
	CHECK_EQ_U64(u32_at(tp + 4 + 52), 0xffffffffu);		/* aalgos: any */
	REQUIRE(xfrm_policy_parse(m.buf + 16, m.len - 16, &back) == 0);
	CHECK_EQ_INT(back.ntmpl, 1);
	CHECK_EQ_U64(back.reqid, p.reqid);
	CHECK_EQ_INT(back.dir, XFRM_DIR_OUT);
	CHECK_EQ_INT(back.src[0], 10);
	CHECK_EQ_INT(back.dst_len, 32);
	CHECK_EQ_INT(back.tmpl_proto, XFRM_PROTO_ESP);
	CHECK_EQ_INT(back.proto, 6);
	CHECK_EQ_INT(back.dport, 0x1234);
	CHECK_EQ_INT(back.sport, 0);
	m.buf[16 + 168] = 4 + 63;				/* a template cut short */
	CHECK_EQ_INT(xfrm_policy_parse(m.buf + 16, m.len - 16, &back), -1);

	xfrm_policy_del_msg(&m, &p);
	CHECK_EQ_INT(m.hdr.type, XFRM_DELPOLICY);
	CHECK_EQ_U64(m.len, 16 + 64);
	CHECK(m.buf[16 + 32] == 0x12 && m.buf[16 + 44] == 6);	/* the same selector */
	CHECK_EQ_INT(m.buf[16 + 60], XFRM_DIR_OUT);
	fill_sa(&sa);
	xfrm_sa_del_msg(&m, &sa);
	CHECK_EQ_U64(m.len, 16 + 24);
	CHECK(m.buf[32] == 0x12 && m.buf[35] == 0x78);		/* spi, big-endian */
	CHECK_EQ_INT(u16_at(m.buf + 36), AF_INET);
	CHECK_EQ_INT(m.buf[38], XFRM_PROTO_ESP);
	xfrm_spi_msg(&m, &sa, 0x100, 0xfff);
	CHECK_EQ_U64(m.len, 16 + 232);
	CHECK_EQ_U64(u32_at(m.buf + 16 + 72), 0);		/* no SPI asked */
	CHECK_EQ_U64(u32_at(m.buf + 16 + 224), 0x100);
	CHECK_EQ_U64(u32_at(m.buf + 16 + 228), 0xfff);
	xfrm_dump_msg(&m, XFRM_GETSA);
	CHECK_EQ_INT(m.hdr.flags, NLF_DUMP);
	CHECK_EQ_U64(m.len, 16 + 24);
}

TEST(rtnl_veth_message)
{
	struct nl_attr tb[29], info[3], data[2], peer[29];
	struct rtnl_link l;
	struct nl_msg m;
	uint32_t fd = 0;
	char s[16];

	rtnl_veth_msg(&m, "benchbox0", "benchbox1", 9);
	REQUIRE(!m.overflow);
	CHECK_EQ_INT(m.hdr.type, RTNL_NEWLINK);
	CHECK_EQ_INT(m.hdr.flags, NLF_CREATE | NLF_EXCL);
	REQUIRE(nl_attrs(m.buf + 32, m.len - 32, tb, 28) == 0);
	CHECK(nl_attr_str(&tb[3], s, sizeof(s)) == 0);
	CHECK_STR(s, "benchbox0");
	REQUIRE(nl_attrs(tb[18].data, tb[18].len, info, 2) == 0);
	CHECK(nl_attr_str(&info[1], s, sizeof(s)) == 0);
	CHECK_STR(s, "veth");
	REQUIRE(nl_attrs(info[2].data, info[2].len, data, 1) == 0);
	REQUIRE(data[1].len > 16);				/* an ifinfomsg first */
	REQUIRE(nl_attrs(data[1].data + 16, data[1].len - 16, peer, 28) == 0);
	CHECK(nl_attr_str(&peer[3], s, sizeof(s)) == 0);
	CHECK_STR(s, "benchbox1");
	CHECK(nl_attr_u32(&peer[28], &fd) == 0 && fd == 9);	/* IFLA_NET_NS_FD */

	/* a NEWLINK answer: the same header, a name, counters */
	rtnl_get_msg(&m, "benchbox1");
	CHECK_EQ_INT(m.hdr.flags, 0);
	{
		uint64_t st[4] = { 11, 22, 33, 44 };

		nl_put(&m, 23, st, sizeof(st));
		m.buf[16 + 4] = 7;				/* ifi_index */
		m.buf[16 + 2] = 1;				/* ifi_type: Ethernet */
	}
	REQUIRE(rtnl_link_parse(m.buf + 16, m.len - 16, &l) == 0);
	CHECK_EQ_INT(l.index, 7);
	CHECK_EQ_INT(l.type, 1);
	CHECK_STR(l.name, "benchbox1");
	CHECK_EQ_INT(l.has_stats, 1);
	CHECK_EQ_U64(l.rx_packets, 11);
	CHECK_EQ_U64(l.tx_bytes, 44);
	rtnl_get_msg(&m, NULL);
	CHECK_EQ_INT(m.hdr.flags, NLF_DUMP);
	CHECK_EQ_INT(rtnl_link_parse(m.buf + 16, m.len - 16, &l), -1);	/* no name */
}

/* net --ipsec's packet rate: the data's direction (out for a stream this
 * end sends, in for tcp_maerts) over the sender's window; none without
 * ESP, its counts or a window */
TEST(net_client_esp_kpps)
{
	static struct net_client c;
	static const struct ipsec_conf conf;

	c.test = NET_TCP_STREAM;
	c.local.ns = 2000000000;			/* this end sent for 2 s */
	c.remote.ns = 4000000000;
	c.esp_out.packets = 300000;
	c.esp_in.packets = 9000;
	c.esp_counted = 1;
	CHECK(isnan(net_client_esp_kpps(&c)));		/* no --ipsec */
	c.ipsec = &conf;
	CHECK_NEAR(net_client_esp_kpps(&c), 150.0, 1e-9);
	c.test = NET_TCP_MAERTS;			/* the server sent for 4 s */
	CHECK_NEAR(net_client_esp_kpps(&c), 2.25, 1e-9);
	c.esp_counted = 0;
	CHECK(isnan(net_client_esp_kpps(&c)));
	c.esp_counted = 1;
	c.remote.ns = 0;
	CHECK(isnan(net_client_esp_kpps(&c)));
}
