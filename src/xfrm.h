/* xfrm.h - IPsec security associations and policies over NETLINK_XFRM
 *
 * SPDX-License-Identifier: MIT
 *
 * The messages `ipsec` sends to install ESP in transport mode (an SA and a
 * policy per direction), to remove exactly what it installed, and to read
 * back what the kernel holds: built into a struct nl_msg (src/nl.h),
 * answers parsed from the kernel's bytes with every length checked. The
 * kernel's structures (<linux/xfrm.h>) are written out in xfrm.c with
 * their sizes asserted: the same on every target benchbox builds for.
 *
 * What benchbox installs carries its mark in the request id: reqid
 * XFRM_REQID_TAG | PID of the process that installed it, on the SAs and on
 * the policies' templates. That is how a later run tells its own
 * leftovers (their PID gone) from anybody else's, which it never touches.
 */
#ifndef BENCHBOX_XFRM_H
#define BENCHBOX_XFRM_H

#include "nl.h"

#include <stdint.h>
#include <sys/types.h>

enum {
	XFRM_NEWSA = 0x10, XFRM_DELSA, XFRM_GETSA, XFRM_NEWPOLICY, XFRM_DELPOLICY,
	XFRM_GETPOLICY, XFRM_ALLOCSPI, XFRM_UPDSA = 0x1a,
	XFRM_DIR_IN = 0, XFRM_DIR_OUT = 1, XFRM_DIR_FWD = 2,
	XFRM_TRANSPORT = 0,
	XFRM_PROTO_ESP = 50,
	XFRM_KEY_MAX = 64,		/* bytes of one key (hmac(sha512)'s) */
	XFRM_NAME_MAX = 64,		/* the kernel's CRYPTO_MAX_ALG_NAME */
};

#define XFRM_REQID_TAG 0xbb000000u	/* reqid = TAG | pid (pid < 2^22) */
#define XFRM_REQID_MASK 0xff000000u

/* A security association: one direction of ESP between src and dst. */
struct xfrm_sa {
	int		family;			/* AF_INET or AF_INET6 */
	unsigned char	src[16], dst[16];	/* network order; IPv4 in the first 4 */
	uint32_t	spi;			/* host order */
	uint32_t	reqid;
	uint8_t		proto, mode, replay_window;
	/* a cipher and an HMAC, or an AEAD; names as the kernel's crypto API
	 * has them ("cbc(aes)", "hmac(sha1)", "rfc4106(gcm(aes))"), "" for
	 * none; key lengths in bits (an AEAD's with its salt) */
	char		crypt[XFRM_NAME_MAX], auth[XFRM_NAME_MAX], aead[XFRM_NAME_MAX];
	unsigned	crypt_bits, auth_bits, trunc_bits, aead_bits, icv_bits;
	unsigned char	crypt_key[XFRM_KEY_MAX], auth_key[XFRM_KEY_MAX], aead_key[XFRM_KEY_MAX];
	uint64_t	cur_bytes, cur_packets;	/* read back: what went through it */
};

/* A policy: traffic from src/src_len to dst/dst_len (of protocol proto,
 * from port sport, to port dport: 0 for any) in direction dir must use an
 * SA of the template (ESP, transport, reqid). */
struct xfrm_policy {
	int		family;
	unsigned char	src[16], dst[16];
	uint8_t		src_len, dst_len, dir, proto;
	uint16_t	sport, dport;		/* host order */
	uint32_t	priority, index;
	int		ntmpl;			/* parsed: how many templates */
	uint32_t	reqid;			/* of the (first) template */
	uint8_t		tmpl_proto, tmpl_mode;
};

/* NEWSA (or UPDSA, to fill in an SPI that ALLOCSPI reserved) for sa. */
void	xfrm_sa_msg(struct nl_msg *m, uint16_t type, const struct xfrm_sa *sa);
/* DELSA of sa (by destination, SPI and protocol). */
void	xfrm_sa_del_msg(struct nl_msg *m, const struct xfrm_sa *sa);
/* ALLOCSPI: the kernel picks an SPI in lo..hi unused for sa's destination
 * and protocol and answers with the larval SA (xfrm_sa_parse() reads it). */
void	xfrm_spi_msg(struct nl_msg *m, const struct xfrm_sa *sa, uint32_t lo, uint32_t hi);
/* NEWPOLICY, with one template: ESP, transport mode, p->reqid. */
void	xfrm_policy_msg(struct nl_msg *m, const struct xfrm_policy *p);
/* DELPOLICY of p (by selector and direction). */
void	xfrm_policy_del_msg(struct nl_msg *m, const struct xfrm_policy *p);
/* A dump of every SA (XFRM_GETSA) or policy (XFRM_GETPOLICY). */
void	xfrm_dump_msg(struct nl_msg *m, uint16_t type);

/* The payload of a NEWSA message (a dump's record, ALLOCSPI's answer) into
 * *sa: 0, or -1 with errno EBADMSG when it is short, an attribute runs
 * over it, an algorithm's key is longer than its attribute or than
 * XFRM_KEY_MAX, or its name has no NUL. */
int	xfrm_sa_parse(const unsigned char *p, size_t len, struct xfrm_sa *sa);
/* The payload of a NEWPOLICY message into *p: 0, or -1 (EBADMSG). */
int	xfrm_policy_parse(const unsigned char *buf, size_t len, struct xfrm_policy *p);

/* The pid that a benchbox reqid names, or 0 for a reqid not benchbox's. */
pid_t	xfrm_reqid_pid(uint32_t reqid);
uint32_t xfrm_reqid(pid_t pid);

#endif
