/* rtnl.c - network links and addresses over rtnetlink
 *
 * SPDX-License-Identifier: MIT
 *
 * See rtnl.h. <linux/rtnetlink.h>, <linux/if_link.h> and <linux/veth.h>
 * are the ABI written out here.
 */
#include "rtnl.h"

#include <errno.h>
#include <net/if.h>
#include <string.h>
#include <sys/socket.h>

enum {
	IFLA_IFNAME_ = 3, IFLA_LINKINFO_ = 18, IFLA_STATS64_ = 23, IFLA_NET_NS_FD_ = 28,
	IFLA_MAX_ = 28,
	IFLA_INFO_KIND_ = 1, IFLA_INFO_DATA_ = 2, IFLA_INFO_MAX_ = 2,
	VETH_INFO_PEER_ = 1,
	IFA_ADDRESS_ = 1, IFA_LOCAL_ = 2,
};

struct k_ifinfomsg {
	uint8_t		family, pad;
	uint16_t	type;
	int32_t		index;
	uint32_t	flags, change;
};

struct k_ifaddrmsg {
	uint8_t		family, prefixlen, flags, scope;
	uint32_t	index;
};

_Static_assert(sizeof(struct k_ifinfomsg) == 16, "ifinfomsg");
_Static_assert(sizeof(struct k_ifaddrmsg) == 8, "ifaddrmsg");

static void put_ifinfo(struct nl_msg *m, int index, unsigned flags, unsigned change)
{
	struct k_ifinfomsg i;
	unsigned char *p;

	memset(&i, 0, sizeof(i));
	i.family = AF_UNSPEC;
	i.index = index;
	i.flags = flags;
	i.change = change;
	if ((p = nl_reserve(m, sizeof(i))))
		memcpy(p, &i, sizeof(i));
}

void rtnl_veth_msg(struct nl_msg *m, const char *name, const char *peer, int peer_nsfd)
{
	nl_begin(m, RTNL_NEWLINK, NLF_CREATE | NLF_EXCL);
	put_ifinfo(m, 0, 0, 0);
	nl_put_str(m, IFLA_IFNAME_, name);
	nl_nest(m, IFLA_LINKINFO_);
	nl_put_str(m, IFLA_INFO_KIND_, "veth");
	nl_nest(m, IFLA_INFO_DATA_);
	nl_nest(m, VETH_INFO_PEER_);
	put_ifinfo(m, 0, 0, 0);		/* the peer's own header, then its attributes */
	nl_put_str(m, IFLA_IFNAME_, peer);
	if (peer_nsfd >= 0)
		nl_put_u32(m, IFLA_NET_NS_FD_, (uint32_t)peer_nsfd);
	nl_nest_end(m);
	nl_nest_end(m);
	nl_nest_end(m);
}

void rtnl_up_msg(struct nl_msg *m, int index)
{
	nl_begin(m, RTNL_NEWLINK, 0);
	put_ifinfo(m, index, IFF_UP, IFF_UP);
}

void rtnl_get_msg(struct nl_msg *m, const char *name)
{
	nl_begin(m, RTNL_GETLINK, name ? 0 : NLF_DUMP);
	put_ifinfo(m, 0, 0, 0);
	if (name)
		nl_put_str(m, IFLA_IFNAME_, name);
}

void rtnl_addr_msg(struct nl_msg *m, int index, int family, const unsigned char *addr,
		   int prefix)
{
	size_t n = family == AF_INET6 ? 16 : 4;
	struct k_ifaddrmsg a;
	unsigned char *p;

	nl_begin(m, RTNL_NEWADDR, NLF_CREATE | NLF_EXCL);
	memset(&a, 0, sizeof(a));
	a.family = (uint8_t)family;
	a.prefixlen = (uint8_t)prefix;
	a.index = (uint32_t)index;
	if ((p = nl_reserve(m, sizeof(a))))
		memcpy(p, &a, sizeof(a));
	nl_put(m, IFA_LOCAL_, addr, n);
	nl_put(m, IFA_ADDRESS_, addr, n);
}

int rtnl_link_parse(const unsigned char *p, size_t len, struct rtnl_link *l)
{
	struct nl_attr tb[IFLA_MAX_ + 1], info[IFLA_INFO_MAX_ + 1];
	struct k_ifinfomsg i;
	struct rtnl_link r;
	uint64_t st[4];

	if (len < sizeof(i)) {
		errno = EBADMSG;
		return -1;
	}
	memcpy(&i, p, sizeof(i));
	if (nl_attrs(p + sizeof(i), len - sizeof(i), tb, IFLA_MAX_))
		return -1;
	memset(&r, 0, sizeof(r));
	r.index = i.index;
	r.type = i.type;
	r.flags = i.flags;
	if (nl_attr_str(&tb[IFLA_IFNAME_], r.name, sizeof(r.name))) {
		errno = EBADMSG;
		return -1;
	}
	if (tb[IFLA_LINKINFO_].data) {
		if (nl_attrs(tb[IFLA_LINKINFO_].data, tb[IFLA_LINKINFO_].len, info, IFLA_INFO_MAX_))
			return -1;
		if (info[IFLA_INFO_KIND_].data &&
		    nl_attr_str(&info[IFLA_INFO_KIND_], r.kind, sizeof(r.kind))) {
			errno = EBADMSG;
			return -1;
		}
	}
	if (tb[IFLA_STATS64_].len >= sizeof(st)) {	/* rx/tx packets, rx/tx bytes first */
		memcpy(st, tb[IFLA_STATS64_].data, sizeof(st));
		r.rx_packets = st[0];
		r.tx_packets = st[1];
		r.rx_bytes = st[2];
		r.tx_bytes = st[3];
		r.has_stats = 1;
	}
	*l = r;
	return 0;
}
