/* ipsec.h - the ipsec applet's two ends: network namespaces of its own,
 * joined by a veth pair, with ESP installed and removed between them
 *
 * SPDX-License-Identifier: MIT
 *
 * ipsec.c is the applet (algorithms, keys, tests, records); ipsec_ns.c
 * makes the two ends and installs what each algorithm needs (an SA and a
 * policy per direction in each namespace), keeping for everything it
 * installed the message that removes it.
 */
#ifndef BENCHBOX_IPSEC_H
#define BENCHBOX_IPSEC_H

#include "inet.h"
#include "nl.h"
#include "xfrm.h"

#include <stdint.h>
#include <sys/types.h>

enum {
	IPSEC_UNDO_MAX = 12,		/* 2 SAs and 2 policies per end, and spare */
	IPSEC_SPI_LO = 0x100,		/* 1-255: reserved by IANA (RFC 4303) */
	IPSEC_SPI_HI = 0x0fffffff,
};

/* One end: its namespace's sockets, its veth end and address. */
struct ipsec_end {
	struct nl_sock	rt, xf;		/* rtnetlink, NETLINK_XFRM (fd -1: not open) */
	int		ifindex;
	char		ifname[16];
	unsigned char	addr[4];	/* IPv4, network order */
};

/* What removes one thing installed: the message, and the end to send it to. */
struct ipsec_undo {
	int		end;
	struct nl_msg	msg;
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
	struct ipsec_undo undo[IPSEC_UNDO_MAX];
	int		nundo;
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
/* Fork the server (net's, serving a child per test) into the other
 * namespace; EXIT_OK once it listens, else EXIT_FAIL, said. */
int	ipsec_server_start(struct ipsec_pair *p, int wait_ms);
/* The server reaped, every socket closed, what is installed removed. */
void	ipsec_pair_close(struct ipsec_pair *p);

/* Install sa[0] (end 0 to end 1) and sa[1] (back) in both namespaces
 * (SPIs from ALLOCSPI, the receiver's; addresses, family, protocol, mode
 * and reqid filled in here) and a policy for each direction in each. 0,
 * or -1 with errno and the kernel's words in why: nothing stays
 * installed then. */
int	ipsec_install(struct ipsec_pair *p, struct xfrm_sa sa[2], char *why, size_t whylen);
/* Remove what ipsec_install() installed, newest first; how many of the
 * removals the kernel refused (0: all gone). */
int	ipsec_uninstall(struct ipsec_pair *p);

/* After ipsec_pair_close(): back in the namespace it started in, what of
 * the pair is left: links of its names there, processes in or descriptors
 * on its two namespaces (each keeps one alive). How many, with the first
 * named in what[len]; -1 when it cannot go back (said). */
int	ipsec_leftovers(struct ipsec_pair *p, char *what, size_t len);

/* The SAs and policies that xf's namespace holds with pid's mark (pid 0:
 * any benchbox's), or -1 with errno. */
int	ipsec_marked(struct nl_sock *xf, pid_t pid);
/* Remove from xf's namespace the SAs and policies of benchbox runs that
 * are gone (their PID is not alive), nothing else: how many, or -1. */
int	ipsec_sweep(struct nl_sock *xf);

/* The packets end received so far (its veth's counter): 0, or -1. */
int	ipsec_rx_packets(struct ipsec_pair *p, int end, uint64_t *n);

/* Every SA and policy of the namespace that xf talks to, one line each on
 * stdout, benchbox's own marked with their PID; how many of them are
 * benchbox's, or -1 with errno (the dump failed). */
int	ipsec_list(struct nl_sock *xf);

#endif
