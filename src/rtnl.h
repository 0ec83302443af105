/* rtnl.h - network links and addresses over rtnetlink
 *
 * SPDX-License-Identifier: MIT
 *
 * What `ipsec` needs to join two network namespaces of its own without
 * iproute2: a veth pair (one end moved into the other namespace as it is
 * made), an address on each end, the links up, and each link's packet
 * counters read back. Messages are built into a struct nl_msg (src/nl.h)
 * and sent on an NL_ROUTE socket; the kernel's structures are written out
 * in rtnl.c with their sizes asserted.
 */
#ifndef BENCHBOX_RTNL_H
#define BENCHBOX_RTNL_H

#include "nl.h"

#include <stdint.h>

enum {
	RTNL_NEWLINK = 16, RTNL_GETLINK = 18, RTNL_NEWADDR = 20,
	RTNL_IFNAMSIZ = 16,
};

/* A link as a GETLINK answer or dump record describes it. */
struct rtnl_link {
	int		index;
	unsigned	type;			/* ARPHRD_*: 1 Ethernet, 772 loopback */
	unsigned	flags;			/* IFF_UP, ... */
	char		name[RTNL_IFNAMSIZ];
	char		kind[RTNL_IFNAMSIZ];	/* "veth", or "" */
	int		has_stats;
	uint64_t	rx_packets, tx_packets, rx_bytes, tx_bytes;
};

/* NEWLINK of a veth pair: name here, peer in the network namespace of the
 * descriptor peer_nsfd (-1: here too). */
void	rtnl_veth_msg(struct nl_msg *m, const char *name, const char *peer, int peer_nsfd);
/* NEWLINK that sets IFF_UP on link index. */
void	rtnl_up_msg(struct nl_msg *m, int index);
/* GETLINK of the link called name (answered by one NEWLINK), or with name
 * NULL a dump of every link. */
void	rtnl_get_msg(struct nl_msg *m, const char *name);
/* NEWADDR: addr/prefix (family AF_INET or AF_INET6, addr in network
 * order) on link index. */
void	rtnl_addr_msg(struct nl_msg *m, int index, int family, const unsigned char *addr,
		      int prefix);

/* A NEWLINK payload into *l: 0, or -1 with errno EBADMSG. */
int	rtnl_link_parse(const unsigned char *p, size_t len, struct rtnl_link *l);

#endif
