/* ipsec.h - ESP between two ends: the algorithms and keys, one end's half
 * of the SAs and policies, and the ipsec applet's two network namespaces
 * joined by a veth pair
 *
 * SPDX-License-Identifier: MIT
 *
 * ipsec_sa.c has the algorithms, the keys and the halves (each end of a
 * stream installs its own: `net --ipsec` on two hosts, the ipsec applet's
 * client and server in its two namespaces); ipsec_ns.c makes the
 * namespaces, the veth pair and the server; ipsec.c is the applet.
 */
#ifndef BENCHBOX_IPSEC_H
#define BENCHBOX_IPSEC_H

#include "inet.h"
#include "nl.h"
#include "xfrm.h"

#include <stdint.h>
#include <sys/types.h>

enum {
	IPSEC_HALF_UNDO = 4,		/* 2 SAs and 2 policies */
	IPSEC_SPI_LO = 0x100,		/* 1-255: reserved by IANA (RFC 4303) */
	IPSEC_SPI_HI = 0x0fffffff,
};

/* the algorithms ------------------------------------------------------------ */

struct ipsec_alg {
	const char	*name;		/* "aes128" */
	const char	*crypt;		/* a CBC cipher (with an HMAC), or NULL */
	unsigned	crypt_bits;
	const char	*aead;		/* or an AEAD, key bits with its 32-bit salt */
	unsigned	aead_bits;
	int		guide;		/* the guides have its rows (ipsec-NAME-...) */
};
struct ipsec_auth {
	const char	*name, *hmac;	/* "sha1", "hmac(sha1)" */
	unsigned	bits, trunc;	/* key bits, ICV bits */
};
extern const struct ipsec_alg ipsec_algs[];	/* the last is "none" */
extern const int ipsec_nalgs;
extern const struct ipsec_auth ipsec_auths[];	/* sha1, sha256: --auth's choices */

/* An algorithm's index by name (none only with none_too), or -1. */
int	ipsec_alg_find(const char *name, int none_too);
/* "3des, aes128, ..." into buf. */
const char *ipsec_alg_names(char *buf, size_t len, int none_too);
int	ipsec_is_none(int alg);

/* What both ends agree on: the algorithm, the HMAC, and where the keys
 * come from (--key's bytes, a passphrase: the ipsec applet's is random
 * when it is given neither, its two ends being one process's children). */
struct ipsec_conf {
	int		alg, auth;
	unsigned char	key[2 * XFRM_KEY_MAX];
	size_t		keylen;		/* 0: no --key */
	const char	*passphrase;	/* NULL: none */
	char		secret[65];	/* a random one, when passphrase points here */
	int		any;		/* a server's: the client's alg and auth */
};
/* The keys' source into c (c->alg set): --key=HEX (key not NULL), the
 * passphrase, or neither, when random_ok, a random secret (the ipsec
 * applet's two ends are children of one process). EXIT_OK, or EXIT_USAGE
 * said (both given, neither where one is needed, an empty passphrase, a
 * bad key), or EXIT_FAIL said (no random bytes). */
int	ipsec_conf_keys(struct ipsec_conf *c, const char *key, const char *passphrase,
			int random_ok);

/* The one line of a skip for ESP: no NETLINK_XFRM here (noxfrm), else
 * who ("this kernel", "the server's kernel") has no ESP, with the
 * kernel's words why (may be ""). */
void	ipsec_say_skip(int noxfrm, const char *who, const char *why);

/* An address's bytes (network order, IPv4 in the first 4) into out: its
 * family, AF_INET or AF_INET6, or -1. */
int	ipsec_addr_of(const struct inet_addr *a, unsigned char out[16]);

/* one end's half ------------------------------------------------------------- */

/* What removes one thing installed, and its slot in the undo hook. */
struct ipsec_undo {
	struct nl_msg	msg;
	int		armed;
};

struct ipsec_half {
	struct nl_sock	*xf;		/* in this end's namespace */
	int		family, server;
	unsigned char	here[16], there[16];	/* this end's address, the other's */
	uint8_t		proto;		/* of the data connection: TCP, UDP */
	uint32_t	spi_in;		/* the SPI this end receives with */
	uint32_t	spi_out;	/* and sends with (the other end's) */
	struct ipsec_undo undo[IPSEC_HALF_UNDO];
	int		nundo;
};

void	ipsec_half_init(struct ipsec_half *h, struct nl_sock *xf, int family,
			const unsigned char *here, const unsigned char *there, int proto,
			int server);
/* Reserve the SPI this end receives with (ALLOCSPI: the kernel picks one
 * no SA to this address uses): h->spi_in. 0, or -1 with errno and the
 * kernel's words in why. */
int	ipsec_half_spi(struct ipsec_half *h, char *why, size_t len);
/* Install this end's half of c's ESP: the inbound SA at h->spi_in, the
 * outbound at spi_out (the other end's), a policy each way for proto and
 * the server's data port. 0, or -1 with errno and the kernel's words in
 * why: what was installed stays listed for ipsec_half_remove(). */
int	ipsec_half_install(struct ipsec_half *h, const struct ipsec_conf *c, uint32_t spi_out,
			   int port, char *why, size_t len);
/* What went through the half's SAs so far, out and in: the kernel's
 * counts of the packets it transformed and of their bytes (headers and
 * all): 0, or -1 with errno. */
struct esp_count {
	uint64_t	bytes, packets;
};
int	ipsec_half_counts(struct ipsec_half *h, struct esp_count *out, struct esp_count *in);
/* Remove what the half installed (the reserved SPI too), newest first;
 * how many removals the kernel refused (0: all gone). */
int	ipsec_half_remove(struct ipsec_half *h);

/* the applet's two namespaces ------------------------------------------------- */
/* One end: its namespace's sockets, its veth end and address. */
struct ipsec_end {
	struct nl_sock	rt, xf;		/* rtnetlink, NETLINK_XFRM (fd -1: not open) */
	int		ifindex;
	char		ifname[16];
	unsigned char	addr[4];	/* IPv4, network order */
};

/* end[0] is this process's (new) namespace, the client's; end[1] the
 * server's, which nsfd holds and the server child enters. */
struct ipsec_pair {
	struct ipsec_end end[2];
	int		home;		/* the namespace benchbox started in */
	unsigned long	ino[2];		/* the two namespaces' inodes */
	int		nsfd;
	pid_t		server;
	struct inet_addr ctl;		/* the server's control address */
};

/* A NETLINK_XFRM socket in this process's namespace: EXIT_OK, or
 * EXIT_SKIP (none in this kernel, or an emulator that does not pass it
 * on) or EXIT_FAIL, said. */
int	ipsec_open_xfrm(struct nl_sock *xf);

/* Move this process into a new network namespace and make another for
 * the server, joined by a veth pair with an address on each end, up;
 * with xfrm, NETLINK_XFRM sockets in both. EXIT_OK, or EXIT_SKIP /
 * EXIT_FAIL with the reason said (no network namespaces, not root, no
 * veth, no NETLINK_XFRM). */
int	ipsec_pair_open(struct ipsec_pair *p, int xfrm);
/* Fork the server (net's, serving a child per test, each installing its
 * half of conf's ESP when the client asks for it) into the other
 * namespace; EXIT_OK once it listens, else EXIT_FAIL, said. */
int	ipsec_server_start(struct ipsec_pair *p, const struct ipsec_conf *conf, int wait_ms);
/* The server reaped, every socket closed. */
void	ipsec_pair_close(struct ipsec_pair *p);

/* After ipsec_pair_close(): back in the namespace it started in, what of
 * the pair is left: links of its names there, processes in or descriptors
 * on its two namespaces (each keeps one alive). How many, with the first
 * named in what[len]; -1 when it cannot go back (said). */
int	ipsec_leftovers(struct ipsec_pair *p, char *what, size_t len);

/* The SAs and policies that xf's namespace holds with a benchbox's mark,
 * or -1 with errno. */
int	ipsec_marked(struct nl_sock *xf);
/* Remove from the namespace this process is in the SAs and policies of
 * benchbox runs that are gone (their PID is not alive), nothing else; a
 * warning when it removed something, nothing said when NETLINK_XFRM
 * cannot be opened (what installs next says it). */
void	ipsec_sweep_here(void);

/* The packets end received so far (its veth's counter): 0, or -1. */
int	ipsec_rx_packets(struct ipsec_pair *p, int end, uint64_t *n);

/* Every SA and policy of the namespace that xf talks to, one line each on
 * stdout, benchbox's own marked with their PID; how many of them are
 * benchbox's, or -1 with errno (the dump failed). */
int	ipsec_list(struct nl_sock *xf);

#endif
