/* ipsec_sa.c - ESP's algorithms, keys, and one end's half of a transport-
 * mode pair of SAs and policies, installed and removed over NETLINK_XFRM
 *
 * SPDX-License-Identifier: MIT
 *
 * Each end of a stream installs its own half in its own namespace: the SA
 * it receives with (its SPI reserved by ALLOCSPI before the ends talk, then
 * filled in), the SA it sends with (the SPI the other end reserved), and a
 * policy each way. The policies select the data connection alone (the
 * protocol and the server's data port), so the control connection that
 * carries the SPIs stays in the clear while the halves come up one after
 * the other. Keys never travel: both ends derive them from what each was
 * given (--key, --passphrase), or, on one board, from a random secret of
 * the process whose children both ends are.
 *
 * Whatever a half installed is removed by ipsec_half_remove(), and until
 * then by the scratch registry's undo hook (src/scratch.h) at exit and on
 * every catchable signal: the removal messages are built as each thing is
 * installed and sent from the handler with sendto() alone.
 */
#include "applet.h"
#include "ipsec.h"
#include "scratch.h"
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <unistd.h>

#include "mbedtls/md.h"

const struct ipsec_alg ipsec_algs[] = {
	{ "3des",      "cbc(des3_ede)", 192, NULL, 0, 1 },
	{ "aes128",    "cbc(aes)", 128, NULL, 0, 1 },
	{ "aes192",    "cbc(aes)", 192, NULL, 0, 1 },
	{ "aes256",    "cbc(aes)", 256, NULL, 0, 1 },
	{ "aes128gcm", NULL, 0, "rfc4106(gcm(aes))", 160, 0 },
	{ "aes256gcm", NULL, 0, "rfc4106(gcm(aes))", 288, 0 },
	{ "none",      NULL, 0, NULL, 0, 0 },
};
const int ipsec_nalgs = (int)(sizeof(ipsec_algs) / sizeof(ipsec_algs[0]));

const struct ipsec_auth ipsec_auths[] = {
	{ "sha1", "hmac(sha1)", 160, 96 },
	{ "sha256", "hmac(sha256)", 256, 128 },
};

int ipsec_alg_find(const char *name, int none_too)
{
	int i;

	for (i = 0; i < ipsec_nalgs; i++)
		if (!strcmp(ipsec_algs[i].name, name) && (none_too || !ipsec_is_none(i)))
			return i;
	return -1;
}

const char *ipsec_alg_names(char *buf, size_t len, int none_too)
{
	size_t n = 0;
	int i;

	*buf = '\0';
	for (i = 0; i < ipsec_nalgs; i++)
		if (none_too || !ipsec_is_none(i))
			n += (size_t)snprintf(buf + n, n < len ? len - n : 0, "%s%s", n ? ", " : "",
					      ipsec_algs[i].name);
	return buf;
}

int ipsec_is_none(int alg)
{
	return !ipsec_algs[alg].crypt && !ipsec_algs[alg].aead;
}

/* Bytes of key the algorithm takes: the cipher's then the HMAC's, or the
 * AEAD's with its salt. */
static size_t key_bytes(const struct ipsec_conf *c)
{
	const struct ipsec_alg *a = &ipsec_algs[c->alg];

	if (a->aead)
		return a->aead_bits / 8;
	return a->crypt ? a->crypt_bits / 8 + ipsec_auths[c->auth].bits / 8 : 0;
}

static int hexval(int c)
{
	return c >= '0' && c <= '9' ? c - '0' : (c | 0x20) >= 'a' && (c | 0x20) <= 'f' ?
	       (c | 0x20) - 'a' + 10 : -1;
}

/* --key=HEX (an optional 0x) into c: EXIT_OK, or EXIT_USAGE said (a
 * digit that is not hex; the wrong length, with the right one). */
static int parse_key(struct ipsec_conf *c, const char *hex)
{
	const struct ipsec_alg *a = &ipsec_algs[c->alg];
	const struct ipsec_auth *h = &ipsec_auths[c->auth];
	size_t n = strlen(hex), i, want = key_bytes(c);

	if (n >= 2 && hex[0] == '0' && (hex[1] | 0x20) == 'x') {
		hex += 2;
		n -= 2;
	}
	for (i = 0; i < n; i++)
		if (hexval((unsigned char)hex[i]) < 0) {
			errorf("--key: '%c' is not a hex digit", isprint((unsigned char)hex[i]) ?
			       hex[i] : '?');
			return EXIT_USAGE;
		}
	if (n != 2 * want) {
		if (a->aead)
			errorf("--key: %s takes %zu bytes (%zu hex digits: %u of key, 4 of salt), "
			       "not %zu digits", a->name, want, 2 * want, a->aead_bits / 8 - 4, n);
		else
			errorf("--key: %s with %s takes %zu bytes (%zu hex digits: %u for %s, "
			       "%u for %s), not %zu digits", a->name, h->hmac, want, 2 * want,
			       a->crypt_bits / 8, a->crypt, h->bits / 8, h->hmac, n);
		return EXIT_USAGE;
	}
	for (i = 0; i < want; i++)
		c->key[i] = (unsigned char)(hexval(hex[2 * i]) << 4 | hexval(hex[2 * i + 1]));
	c->keylen = want;
	return EXIT_OK;
}

int ipsec_conf_keys(struct ipsec_conf *c, const char *key, const char *passphrase,
		    int random_ok)
{
	unsigned char b[32];
	size_t got = 0, i;
	int rc;

	if (key && passphrase) {
		errorf("--key and --passphrase are two ways to give the keys: one of them");
		return EXIT_USAGE;
	}
	if (key && (rc = parse_key(c, key)))
		return rc;
	if (passphrase && !*passphrase) {
		errorf("--passphrase: empty");
		return EXIT_USAGE;
	}
	c->passphrase = passphrase;
	if (key || passphrase)
		return EXIT_OK;
	if (!random_ok) {
		errorf("--ipsec needs --key or --passphrase (one of them), the same at both ends: "
		       "the keys never travel");
		return EXIT_USAGE;
	}
	while (got < sizeof(b)) {
		ssize_t r = getrandom(b + got, sizeof(b) - got, 0);

		if (r < 0 && errno != EINTR) {
			errorf("no random bytes for the keys: %s", strerror(errno));
			return EXIT_FAIL;
		}
		got += r > 0 ? (size_t)r : 0;
	}
	for (i = 0; i < sizeof(b); i++)
		snprintf(c->secret + 2 * i, 3, "%02x", b[i]);
	memset(b, 0, sizeof(b));
	c->passphrase = c->secret;
	return EXIT_OK;
}

/* n bytes of key for direction dir (0: client to server) of c's
 * algorithm: --key's (both directions), or HMAC-SHA256 blocks of the
 * passphrase over a label naming the transform and the direction (both
 * ends given the same words derive the same keys). */
static int make_key(const struct ipsec_conf *c, int dir, unsigned char *out, size_t n)
{
	const struct ipsec_alg *a = &ipsec_algs[c->alg];
	const mbedtls_md_info_t *md = mbedtls_md_info_from_type(MBEDTLS_MD_SHA256);
	unsigned char block[32];
	char label[160];
	size_t done = 0, k;
	unsigned i;

	if (c->keylen) {
		memcpy(out, c->key, n);
		return 0;
	}
	for (i = 0; done < n; i++) {
		k = (size_t)snprintf(label, sizeof(label), "benchbox ipsec 1 %s %s %s %u",
				     a->aead ? a->aead : a->crypt,
				     a->aead ? "-" : ipsec_auths[c->auth].hmac,
				     dir ? "server-to-client" : "client-to-server", i);
		if (!md || mbedtls_md_hmac(md, (const unsigned char *)c->passphrase,
					   strlen(c->passphrase), (const unsigned char *)label, k,
					   block))
			return -1;
		k = n - done < sizeof(block) ? n - done : sizeof(block);
		memcpy(out + done, block, k);
		done += k;
	}
	memset(block, 0, sizeof(block));
	return 0;
}

/* The two SAs' algorithms and keys: sa[0] client to server, sa[1] back
 * (addresses and SPIs come from the half). 0, or -1 with errno. */
static int make_sas(const struct ipsec_conf *c, struct xfrm_sa sa[2])
{
	const struct ipsec_alg *a = &ipsec_algs[c->alg];
	const struct ipsec_auth *h = &ipsec_auths[c->auth];
	unsigned char key[2 * XFRM_KEY_MAX];
	size_t ck = a->crypt_bits / 8;
	int d;

	memset(sa, 0, 2 * sizeof(*sa));
	for (d = 0; d < 2; d++) {
		if (make_key(c, d, key, key_bytes(c)))
			return -1;
		sa[d].replay_window = 32;
		if (a->aead) {
			snprintf(sa[d].aead, sizeof(sa[d].aead), "%s", a->aead);
			sa[d].aead_bits = a->aead_bits;
			sa[d].icv_bits = 128;
			memcpy(sa[d].aead_key, key, a->aead_bits / 8);
			continue;
		}
		snprintf(sa[d].crypt, sizeof(sa[d].crypt), "%s", a->crypt);
		sa[d].crypt_bits = a->crypt_bits;
		memcpy(sa[d].crypt_key, key, ck);
		snprintf(sa[d].auth, sizeof(sa[d].auth), "%s", h->hmac);
		sa[d].auth_bits = h->bits;
		sa[d].trunc_bits = h->trunc;
		memcpy(sa[d].auth_key, key + ck, h->bits / 8);
	}
	memset(key, 0, sizeof(key));
	return 0;
}

void ipsec_say_skip(int noxfrm, const char *who, const char *why)
{
	if (noxfrm)
		errorf("skipped: no NETLINK_XFRM here (a kernel without xfrm_user, or an emulator "
		       "that does not pass it on)");
	else
		errorf("skipped: %s has no ESP (CONFIG_INET_ESP; modprobe esp4)%s%s", who,
		       *why ? ": " : "", why);
}

int ipsec_addr_of(const struct inet_addr *a, unsigned char out[16])
{
	const struct sockaddr_in *v4 = (const void *)&a->ss;
	const struct sockaddr_in6 *v6 = (const void *)&a->ss;

	memset(out, 0, 16);
	if (a->ss.ss_family == AF_INET) {
		memcpy(out, &v4->sin_addr, 4);
		return AF_INET;
	}
	if (a->ss.ss_family == AF_INET6) {
		memcpy(out, &v6->sin6_addr, 16);
		return AF_INET6;
	}
	return -1;
}

/* the undo hook: removal messages, sent from a signal handler or at exit -- */

static struct armed {
	int		used, fd;
	size_t		len;
	unsigned char	buf[96];	/* DELSA 40 bytes, DELPOLICY 80 */
} armed[2 * IPSEC_HALF_UNDO];

static void undo_armed(void)
{
	int i;

	for (i = (int)ARRAY_LEN(armed) - 1; i >= 0; i--)
		if (armed[i].used) {
			(void)sendto(armed[i].fd, armed[i].buf, armed[i].len, 0, NULL, 0);
			armed[i].used = 0;
		}
}

/* Keep m (a removal) for the hook; its slot, or -1 when none is left. */
static int arm(int fd, const struct nl_msg *m)
{
	struct nl_hdr h;
	int i;

	for (i = 0; i < (int)ARRAY_LEN(armed) && armed[i].used; i++)
		;
	if (i == (int)ARRAY_LEN(armed) || m->len > sizeof(armed[i].buf))
		return -1;
	memcpy(armed[i].buf, m->buf, m->len);
	memcpy(&h, armed[i].buf, sizeof(h));
	h.flags |= NLF_REQUEST;			/* no ack: nobody would read it */
	memcpy(armed[i].buf, &h, sizeof(h));
	armed[i].len = m->len;
	armed[i].fd = fd;
	armed[i].used = 1;			/* last: whole before it counts */
	scratch_undo(undo_armed);
	return i;
}

static void disarm(int slot)
{
	if (slot >= 0)
		armed[slot].used = 0;
}

/* one end's half ------------------------------------------------------------ */

void ipsec_half_init(struct ipsec_half *h, struct nl_sock *xf, int family,
		     const unsigned char *here, const unsigned char *there, int proto, int server)
{
	memset(h, 0, sizeof(*h));
	h->xf = xf;
	h->family = family;
	memcpy(h->here, here, family == AF_INET6 ? 16 : 4);
	memcpy(h->there, there, family == AF_INET6 ? 16 : 4);
	h->proto = (uint8_t)proto;
	h->server = server;
}

/* Install what m adds and keep del to remove it: 0, or -1 (why said). */
static int add(struct ipsec_half *h, struct nl_msg *m, const struct nl_msg *del, char *why,
	       size_t len)
{
	struct ipsec_undo *u;

	if (h->nundo >= IPSEC_HALF_UNDO) {
		errno = ENOSPC;
		return -1;
	}
	if (nl_talk(h->xf, m, NULL, NULL, why, len))
		return -1;
	u = &h->undo[h->nundo++];
	u->msg = *del;
	u->armed = arm(h->xf->fd, del);
	return 0;
}

static int take_spi(const struct nl_hdr *hd, const unsigned char *p, size_t len, void *arg)
{
	struct xfrm_sa sa;

	if (hd->type != XFRM_NEWSA)
		return 0;
	if (xfrm_sa_parse(p, len, &sa))
		return -1;
	*(uint32_t *)arg = sa.spi;
	return 0;
}

/* An SA of this half: addresses by direction, its SPI, the mark. */
static void place(const struct ipsec_half *h, struct xfrm_sa *sa, int inbound, uint32_t spi)
{
	sa->family = h->family;
	memcpy(sa->src, inbound ? h->there : h->here, 16);
	memcpy(sa->dst, inbound ? h->here : h->there, 16);
	sa->proto = XFRM_PROTO_ESP;
	sa->mode = XFRM_TRANSPORT;
	sa->spi = spi;
	sa->reqid = xfrm_reqid(getpid());
}

int ipsec_half_spi(struct ipsec_half *h, char *why, size_t len)
{
	struct xfrm_sa sa;
	struct nl_msg m, del;

	*why = '\0';
	memset(&sa, 0, sizeof(sa));
	place(h, &sa, 1, 0);
	h->spi_in = 0;
	xfrm_spi_msg(&m, &sa, IPSEC_SPI_LO, IPSEC_SPI_HI);
	if (nl_talk(h->xf, &m, take_spi, &h->spi_in, why, len))
		return -1;
	if (!h->spi_in) {
		snprintf(why, len, "ALLOCSPI answered no SPI");
		errno = EBADMSG;
		return -1;
	}
	sa.spi = h->spi_in;
	xfrm_sa_del_msg(&del, &sa);
	if (h->nundo >= IPSEC_HALF_UNDO)
		return -1;
	h->undo[h->nundo].msg = del;
	h->undo[h->nundo].armed = arm(h->xf->fd, &del);
	h->nundo++;
	return 0;
}

/* A policy of this half, out or in, selecting the data connection: its
 * protocol and the server's data port on the server's side. */
static int policy(struct ipsec_half *h, int dir, int port, char *why, size_t len)
{
	struct xfrm_policy p;
	struct nl_msg m, del;
	int out = dir == XFRM_DIR_OUT, bits = h->family == AF_INET6 ? 128 : 32;

	memset(&p, 0, sizeof(p));
	p.family = h->family;
	memcpy(p.src, out ? h->here : h->there, 16);
	memcpy(p.dst, out ? h->there : h->here, 16);
	p.src_len = p.dst_len = (uint8_t)bits;
	p.dir = (uint8_t)dir;
	p.proto = h->proto;
	/* the server's port: its source going out of the server, its
	 * destination coming in; the other way round at the client */
	if (h->server == out)
		p.sport = (uint16_t)port;
	else
		p.dport = (uint16_t)port;
	p.reqid = xfrm_reqid(getpid());
	xfrm_policy_msg(&m, &p);
	xfrm_policy_del_msg(&del, &p);
	return add(h, &m, &del, why, len);
}

int ipsec_half_install(struct ipsec_half *h, const struct ipsec_conf *c, uint32_t spi_out,
		       int port, char *why, size_t len)
{
	struct xfrm_sa sa[2], *in = &sa[h->server ? 0 : 1], *out = &sa[h->server ? 1 : 0];
	struct nl_msg m, del;
	int rc = -1;

	*why = '\0';
	if (make_sas(c, sa))
		return -1;
	place(h, in, 1, h->spi_in);
	xfrm_sa_msg(&m, XFRM_UPDSA, in);	/* fills in the larval SA, kept to remove */
	if (!nl_talk(h->xf, &m, NULL, NULL, why, len)) {
		place(h, out, 0, spi_out);
		h->spi_out = spi_out;
		xfrm_sa_msg(&m, XFRM_NEWSA, out);
		xfrm_sa_del_msg(&del, out);
		rc = add(h, &m, &del, why, len) || policy(h, XFRM_DIR_OUT, port, why, len) ||
		     policy(h, XFRM_DIR_IN, port, why, len) ? -1 : 0;
	}
	memset(sa, 0, sizeof(sa));		/* the keys */
	memset(&m, 0, sizeof(m));
	return rc;
}

struct counts {
	const struct ipsec_half *h;
	struct esp_count out, in;
	int		seen;
};

static int take_counts(const struct nl_hdr *hd, const unsigned char *p, size_t len, void *arg)
{
	struct counts *c = arg;
	size_t n = c->h->family == AF_INET6 ? 16 : 4;
	struct xfrm_sa sa;

	if (hd->type != XFRM_NEWSA || xfrm_sa_parse(p, len, &sa) || sa.proto != XFRM_PROTO_ESP)
		return 0;
	if (sa.spi == c->h->spi_out && !memcmp(sa.dst, c->h->there, n)) {
		c->out.bytes = sa.cur_bytes;
		c->out.packets = sa.cur_packets;
		c->seen |= 1;
	} else if (sa.spi == c->h->spi_in && !memcmp(sa.dst, c->h->here, n)) {
		c->in.bytes = sa.cur_bytes;
		c->in.packets = sa.cur_packets;
		c->seen |= 2;
	}
	return 0;
}

int ipsec_half_counts(struct ipsec_half *h, struct esp_count *out, struct esp_count *in)
{
	struct counts c = { h, { 0, 0 }, { 0, 0 }, 0 };
	struct nl_msg m;

	xfrm_dump_msg(&m, XFRM_GETSA);
	if (nl_talk(h->xf, &m, take_counts, &c, NULL, 0))
		return -1;
	if (c.seen != 3) {
		errno = ENOENT;
		return -1;
	}
	*out = c.out;
	*in = c.in;
	return 0;
}

int ipsec_half_remove(struct ipsec_half *h)
{
	int refused = 0, e = errno;

	while (h->nundo > 0) {
		struct ipsec_undo *u = &h->undo[--h->nundo];

		if (nl_talk(h->xf, &u->msg, NULL, NULL, NULL, 0) && errno != ENOENT &&
		    errno != ESRCH)
			refused++;
		disarm(u->armed);
	}
	errno = e;
	return refused;
}
