/* netlink.c - fuzzes what benchbox parses back from the kernel over
 * netlink: nl_absorb() (src/nl.c) on a datagram of answers, and each
 * answer through xfrm_sa_parse(), xfrm_policy_parse() (src/xfrm.c) and
 * rtnl_link_parse() (src/rtnl.c)
 *
 * SPDX-License-Identifier: MIT
 *
 * The first byte picks the exchange (bit 0: a dump), the rest is the
 * datagram, in a buffer of exactly its size at an odd address (a read
 * past it is a sanitizer report; nothing may assume alignment).
 * Invariants: every message handed on lies inside the datagram; what a
 * parser takes has its strings NUL-terminated within their fields, key
 * lengths within XFRM_KEY_MAX and templates within the message; an
 * exchange that ended has an errno-sized status and the kernel's words
 * NUL-terminated; a datagram refused leaves errno EBADMSG.
 */
#include "fuzz.h"
#include "nl.h"
#include "rtnl.h"
#include "xfrm.h"

#include <errno.h>

struct span {
	const unsigned char *lo, *hi;
	unsigned	n;
};

static int answer(const struct nl_hdr *h, const unsigned char *p, size_t len, void *arg)
{
	struct span *s = arg;
	struct xfrm_policy pol;
	struct rtnl_link l;
	struct xfrm_sa sa;

	FUZZ_CHECK(p >= s->lo && len <= (size_t)(s->hi - p), "an answer outside the datagram");
	FUZZ_CHECK(h->len == len + sizeof(*h), "length %u for %zu bytes", h->len, len);
	s->n++;
	if (!xfrm_sa_parse(p, len, &sa)) {
		FUZZ_CHECK(memchr(sa.crypt, 0, sizeof(sa.crypt)) && memchr(sa.auth, 0, sizeof(sa.auth))
			   && memchr(sa.aead, 0, sizeof(sa.aead)), "a name without its NUL");
		FUZZ_CHECK((sa.crypt_bits + 7) / 8 <= XFRM_KEY_MAX &&
			   (sa.auth_bits + 7) / 8 <= XFRM_KEY_MAX &&
			   (sa.aead_bits + 7) / 8 <= XFRM_KEY_MAX, "a key over XFRM_KEY_MAX");
		FUZZ_CHECK(len >= 224, "an SA from %zu bytes", len);
	} else {
		FUZZ_CHECK(errno == EBADMSG, "an SA refused with errno %d", errno);
	}
	if (!xfrm_policy_parse(p, len, &pol))
		FUZZ_CHECK(len >= 168 + (size_t)pol.ntmpl * 64 || !pol.ntmpl,
			   "%d templates in %zu bytes", pol.ntmpl, len);
	if (!rtnl_link_parse(p, len, &l))
		FUZZ_CHECK(memchr(l.name, 0, sizeof(l.name)) && memchr(l.kind, 0, sizeof(l.kind)),
			   "a link name without its NUL");
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned char *raw, *buf;
	struct span s;
	struct nl_wait w;
	size_t n = size ? size - 1 : 0;
	int r;

	raw = malloc(n + 1);
	if (!raw)
		abort();
	buf = raw + 1;		/* odd: no alignment to lean on */
	if (n)
		memcpy(buf, data + 1, n);
	memset(&w, 0, sizeof(w));
	w.seq = 1;
	w.portid = 0;
	w.dump = size && (data[0] & 1);
	w.fn = answer;
	w.arg = &s;
	s.lo = buf;
	s.hi = buf + n;
	s.n = 0;
	errno = 0;
	r = nl_absorb(&w, buf, n);
	if (r)
		FUZZ_CHECK(errno == EBADMSG, "refused with errno %d", errno);
	if (w.done) {
		FUZZ_CHECK(w.err >= 0 && w.err < 4096, "status %d", w.err);
		FUZZ_CHECK(memchr(w.why, 0, sizeof(w.why)) != NULL, "words without a NUL");
	}
	free(raw);
	return 0;
}
