/* init_net.c - a board booted with benchbox as /init on a network of its
 * own: an address on its link (benchbox.ip), and a server in place of a
 * suite (benchbox.serve)
 *
 * SPDX-License-Identifier: MIT
 *
 * A kernel without IP autoconfiguration (Debian's has none) leaves every
 * link down and bare, and an initramfs that holds only /init has no ip(8):
 * two boards joined by a cable, a farm's pair of devices, cannot reach
 * each other. benchbox.ip=ADDR/PREFIX[,IFACE] puts the address on IFACE
 * (default: the first Ethernet link, waited for up to 5 s while its
 * driver, loaded by benchbox.modules, brings it up) over rtnetlink and
 * sets it up. benchbox.serve=APPLET runs that applet's server (net,
 * lat_tcp, bw_tcp, ...: the applets with -s) with benchbox.args instead of
 * a suite, for the other board's suite to measure against.
 */
#include "applet.h"
#include "bench.h"
#include "init.h"
#include "opt.h"
#include "rtnl.h"
#include "util.h"

#include <arpa/inet.h>
#include <errno.h>
#include <net/if.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

enum { ARPHRD_ETHER_ = 1, LINK_WAIT_MS = 5000 };

int init_ip_parse(const char *v, struct init_ip *ip, char *why, size_t wlen)
{
	struct init_ip r;
	const char *slash = strchr(v, '/'), *comma = strchr(v, ',');
	char addr[48];
	size_t n, i;
	long prefix;
	char *end;

	memset(&r, 0, sizeof(r));
	if (!slash || (comma && comma < slash)) {
		snprintf(why, wlen, "expected ADDR/PREFIX[,IFACE]");
		return -1;
	}
	n = (size_t)(slash - v);
	if (!n || n >= sizeof(addr)) {
		snprintf(why, wlen, "expected ADDR/PREFIX[,IFACE]");
		return -1;
	}
	memcpy(addr, v, n);
	addr[n] = '\0';
	if (inet_pton(AF_INET, addr, r.addr) == 1)
		r.family = AF_INET;
	else if (inet_pton(AF_INET6, addr, r.addr) == 1)
		r.family = AF_INET6;
	else {
		snprintf(why, wlen, "'%s' is not an IPv4 or IPv6 address", addr);
		return -1;
	}
	if (slash[1] < '0' || slash[1] > '9') {
		snprintf(why, wlen, "no prefix length after '/'");
		return -1;
	}
	errno = 0;
	prefix = strtol(slash + 1, &end, 10);
	if (errno || (*end && *end != ',') || prefix < 1 ||
	    prefix > (r.family == AF_INET ? 32 : 128)) {
		snprintf(why, wlen, "prefix length not 1..%d", r.family == AF_INET ? 32 : 128);
		return -1;
	}
	r.prefix = (int)prefix;
	if (*end == ',') {
		n = strlen(end + 1);
		if (!n || n >= sizeof(r.ifname)) {
			snprintf(why, wlen, "an interface name is 1 to %zu characters",
				 sizeof(r.ifname) - 1);
			return -1;
		}
		for (i = 0; i < n; i++) {
			char c = end[1 + i];

			if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			      (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.')) {
				snprintf(why, wlen, "not an interface name: '%s'", end + 1);
				return -1;
			}
		}
		memcpy(r.ifname, end + 1, n + 1);
	}
	*ip = r;
	return 0;
}

const struct applet *init_serve_applet(const char *name, char *why, size_t wlen)
{
	const struct applet *a = applet_find(name);
	size_t i;

	if (!a) {
		snprintf(why, wlen, "no applet '%.40s'", name);
		return NULL;
	}
	for (i = 0; a->opts && a->opts[i].name; i++)
		if ((a->opts[i].flags & OPT_SERVER) && !strcmp(a->opts[i].name, "server"))
			return a;
	snprintf(why, wlen, "%s has no server (-s)", a->name);
	return NULL;
}

struct pick {
	const char	*want;		/* a name, or NULL: the first Ethernet link */
	struct rtnl_link link;
	int		found;
};

static int take_link(const struct nl_hdr *h, const unsigned char *p, size_t len, void *arg)
{
	struct pick *k = arg;
	struct rtnl_link l;

	if (k->found || h->type != RTNL_NEWLINK || rtnl_link_parse(p, len, &l))
		return 0;
	if (k->want ? !strcmp(l.name, k->want) : l.type == ARPHRD_ETHER_) {
		k->link = l;
		k->found = 1;
	}
	return 0;
}

/* The link k wants, from a dump of every link: 0 (k->found says whether it
 * is there), or -1 with errno. */
static int find_link(struct nl_sock *rt, struct pick *k)
{
	struct nl_msg m;

	rtnl_get_msg(&m, NULL);
	return nl_talk(rt, &m, take_link, k, NULL, 0);
}

/* Link l set up: 0, or -1 said on fd. */
static int set_up(int fd, struct nl_sock *rt, const struct rtnl_link *l)
{
	char why[160] = "";
	struct nl_msg m;

	rtnl_up_msg(&m, l->index);
	if (!nl_talk(rt, &m, NULL, NULL, why, sizeof(why)))
		return 0;
	dprintf(fd, "init: %s: cannot be set up: %s%s%s\n", l->name, strerror(errno),
		*why ? ": " : "", why);
	return -1;
}

int init_lo_up(int fd)
{
	struct pick k = { "lo", { 0 }, 0 };
	struct nl_sock rt;
	int rc = 0;

	if (nl_open(&rt, NL_ROUTE))
		return -1;		/* no networking at all: nothing to say */
	/* no loopback link, or up already: as it was */
	if (!find_link(&rt, &k) && k.found && !(k.link.flags & IFF_UP)) {
		rc = set_up(fd, &rt, &k.link);
		if (!rc)
			dprintf(fd, "init: lo: up\n");
	}
	nl_close(&rt);
	return rc;
}

int init_net_up(int fd, const struct init_ip *ip)
{
	struct pick k = { ip->ifname[0] ? ip->ifname : NULL, { 0 }, 0 };
	uint64_t until = bench_clock_ns() + (uint64_t)LINK_WAIT_MS * 1000000;
	char text[48], why[160] = "";
	struct nl_sock rt;
	struct nl_msg m;
	int rc = -1, unread;

	inet_ntop(ip->family, ip->addr, text, sizeof(text));
	if (nl_open(&rt, NL_ROUTE)) {
		dprintf(fd, "init: benchbox.ip=%s/%d: no rtnetlink: %s\n", text, ip->prefix,
			strerror(errno));
		return -1;
	}
	/* a dump each time: the driver may still be probing */
	while (!(unread = find_link(&rt, &k)) && !k.found && bench_clock_ns() < until)
		nanosleep(&(struct timespec){ 0, 100000000 }, NULL);
	if (unread) {
		dprintf(fd, "init: benchbox.ip=%s/%d: the links cannot be read: %s\n", text,
			ip->prefix, strerror(errno));
		goto out;
	}
	if (!k.found) {
		dprintf(fd, "init: benchbox.ip=%s/%d: no %s%s after %d s (its driver in "
			"benchbox.modules?)\n", text, ip->prefix, k.want ? "link " : "Ethernet link",
			k.want ? k.want : "", LINK_WAIT_MS / 1000);
		goto out;
	}
	rtnl_addr_msg(&m, k.link.index, ip->family, ip->addr, ip->prefix);
	if (nl_talk(&rt, &m, NULL, NULL, why, sizeof(why)) && errno != EEXIST) {
		dprintf(fd, "init: %s: address %s/%d refused: %s%s%s\n", k.link.name, text,
			ip->prefix, strerror(errno), *why ? ": " : "", why);
		goto out;
	}
	if (set_up(fd, &rt, &k.link))
		goto out;
	dprintf(fd, "init: %s: %s/%d, up\n", k.link.name, text, ip->prefix);
	rc = 0;
out:
	nl_close(&rt);
	return rc;
}
