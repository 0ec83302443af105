/* ipsec_ns.c - the ipsec applet's two ends: network namespaces of its own,
 * joined by a veth pair, with ESP installed and removed between them
 *
 * SPDX-License-Identifier: MIT
 *
 * The namespaces are anonymous: the client's is this process's (it
 * unshares twice: the first new namespace, kept by a descriptor, becomes
 * the server's), the server's lives as long as the server child or that
 * descriptor. Nothing is made in the namespace benchbox started in: the
 * veth pair is created in the client's namespace with its peer moved into
 * the server's as it is made, and every SA and policy is installed there.
 * So the kernel removes all of it when the two processes end, however
 * they end (SIGKILL too): there is no name to collide with and no
 * leftover to sweep. Netlink sockets opened in each namespace (a socket
 * stays in the namespace it was made in) configure both ends' links from
 * this one process; the server child enters the other namespace (setns)
 * to listen there, and installs its half of ESP there (net_server.c) as
 * the client installs its own here, the way two hosts do.
 *
 * Addresses: 192.0.2.1 (client) and 192.0.2.2 (server), /24, TEST-NET-1
 * (RFC 5737): in namespaces of its own they meet nothing else.
 */
#define _GNU_SOURCE
#include "ipsec.h"
#include "applet.h"
#include "net.h"
#include "proc.h"
#include "rtnl.h"
#include "util.h"

#include <arpa/inet.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const end_name[2] = { "benchbox0", "benchbox1" };
static const unsigned char end_addr[2][4] = { { 192, 0, 2, 1 }, { 192, 0, 2, 2 } };

static void end_init(struct ipsec_end *e, int i)
{
	memset(e, 0, sizeof(*e));
	e->rt.fd = e->xf.fd = -1;
	snprintf(e->ifname, sizeof(e->ifname), "%s", end_name[i]);
	memcpy(e->addr, end_addr[i], 4);
}

int ipsec_open_xfrm(struct nl_sock *xf)
{
	if (!nl_open(xf, NL_XFRM))
		return EXIT_OK;
	if (errno == EPROTONOSUPPORT)
		ipsec_say_skip(1, NULL, NULL);
	else
		errorf("cannot open a NETLINK_XFRM socket: %s", strerror(errno));
	return errno == EPROTONOSUPPORT ? EXIT_SKIP : EXIT_FAIL;
}

/* This end's sockets, in the namespace this process is in now. */
static int end_sockets(struct ipsec_end *e, int xfrm)
{
	if (nl_open(&e->rt, NL_ROUTE)) {
		errorf("cannot open an rtnetlink socket: %s", strerror(errno));
		return EXIT_FAIL;
	}
	return xfrm ? ipsec_open_xfrm(&e->xf) : EXIT_OK;
}

static int new_netns(void)
{
	if (!unshare(CLONE_NEWNET))
		return EXIT_OK;
	if (errno == EPERM)
		errorf("skipped: making a network namespace needs root (CAP_SYS_ADMIN)");
	else if (errno == EINVAL)
		errorf("skipped: this kernel has no network namespaces (CONFIG_NET_NS)");
	else
		errorf("cannot make a network namespace: %s", strerror(errno));
	return errno == EPERM || errno == EINVAL ? EXIT_SKIP : EXIT_FAIL;
}

/* The answer to a GETLINK: the link's index. */
static int take_index(const struct nl_hdr *h, const unsigned char *p, size_t len, void *arg)
{
	struct rtnl_link l;

	if (h->type != RTNL_NEWLINK || rtnl_link_parse(p, len, &l))
		return 0;
	*(int *)arg = l.index;
	return 0;
}

/* Address and up, for one end; its index first. */
static int end_up(struct ipsec_end *e)
{
	char why[160];
	struct nl_msg m;

	e->ifindex = 0;
	rtnl_get_msg(&m, e->ifname);
	if (nl_talk(&e->rt, &m, take_index, &e->ifindex, why, sizeof(why)) || e->ifindex <= 0) {
		errorf("the veth end %s is not there: %s", e->ifname, strerror(errno));
		return EXIT_FAIL;
	}
	rtnl_addr_msg(&m, e->ifindex, AF_INET, e->addr, 24);
	if (nl_talk(&e->rt, &m, NULL, NULL, why, sizeof(why))) {
		errorf("cannot put an address on %s: %s%s%s", e->ifname, strerror(errno),
		       *why ? ": " : "", why);
		return EXIT_FAIL;
	}
	rtnl_up_msg(&m, e->ifindex);
	if (nl_talk(&e->rt, &m, NULL, NULL, why, sizeof(why))) {
		errorf("cannot bring %s up: %s", e->ifname, strerror(errno));
		return EXIT_FAIL;
	}
	return EXIT_OK;
}

/* A descriptor on this process's network namespace, and its inode. */
static int open_netns(struct stat *st)
{
	int fd = open("/proc/self/ns/net", O_RDONLY | O_CLOEXEC);

	if (fd < 0 || fstat(fd, st)) {
		errorf("cannot open /proc/self/ns/net: %s (is /proc mounted?)", strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	return fd;
}

int ipsec_pair_open(struct ipsec_pair *p, int xfrm)
{
	struct nl_msg m;
	struct stat st;
	char why[160];
	int rc, fd;

	memset(p, 0, sizeof(*p));
	p->nsfd = -1;
	end_init(&p->end[0], 0);
	end_init(&p->end[1], 1);
	p->home = open_netns(&st);
	if (p->home < 0)
		return EXIT_FAIL;
	/* the server's namespace first, kept by a descriptor */
	if ((rc = new_netns()))
		return rc;
	if ((p->nsfd = open_netns(&st)) < 0)
		return EXIT_FAIL;
	p->ino[1] = (unsigned long)st.st_ino;
	if ((rc = end_sockets(&p->end[1], xfrm)) || (rc = new_netns()) ||
	    (rc = end_sockets(&p->end[0], xfrm)))
		return rc;
	if ((fd = open_netns(&st)) < 0)
		return EXIT_FAIL;
	p->ino[0] = (unsigned long)st.st_ino;
	close(fd);
	rtnl_veth_msg(&m, p->end[0].ifname, p->end[1].ifname, p->nsfd);
	if (nl_talk(&p->end[0].rt, &m, NULL, NULL, why, sizeof(why))) {
		if (errno == EOPNOTSUPP)
			errorf("skipped: this kernel has no veth (CONFIG_VETH; modprobe veth)");
		else
			errorf("cannot make a veth pair: %s%s%s", strerror(errno), *why ? ": " : "",
			       why);
		return errno == EOPNOTSUPP ? EXIT_SKIP : EXIT_FAIL;
	}
	if ((rc = end_up(&p->end[1])) || (rc = end_up(&p->end[0])))
		return rc;
	return EXIT_OK;
}

/* the server ------------------------------------------------------------------ */

struct server_arg {
	struct ipsec_pair *p;
	const struct ipsec_conf *conf;
	int		ready, wait_ms;		/* a pipe's write end */
};

static int server_child(void *arg)
{
	struct server_arg *s = arg;
	int lfd;

	if (setns(s->p->nsfd, CLONE_NEWNET)) {
		errorf("cannot enter the server's namespace: %s", strerror(errno));
		return EXIT_FAIL;
	}
	lfd = inet_listen(&s->p->ctl, SOCK_STREAM, 16);
	if (lfd < 0) {
		errorf("cannot listen on %s: %s", s->p->ctl.text, strerror(errno));
		return EXIT_FAIL;
	}
	if (write(s->ready, "r", 1) != 1)
		return EXIT_FAIL;
	close(s->ready);
	return net_serve(lfd, 1, s->wait_ms, -1, s->conf);
}

int ipsec_server_start(struct ipsec_pair *p, const struct ipsec_conf *conf, int wait_ms)
{
	struct server_arg s = { p, conf, -1, wait_ms };
	struct pollfd pfd;
	char host[16], err[160], c;
	int fds[2], r;

	snprintf(host, sizeof(host), "%u.%u.%u.%u", p->end[1].addr[0], p->end[1].addr[1],
		 p->end[1].addr[2], p->end[1].addr[3]);
	if (inet_resolve(host, NET_PORT, SOCK_STREAM, &p->ctl, err, sizeof(err))) {
		errorf("%s", err);
		return EXIT_FAIL;
	}
	if (pipe2(fds, O_CLOEXEC)) {
		errorf("pipe: %s", strerror(errno));
		return EXIT_FAIL;
	}
	s.ready = fds[1];
	p->server = proc_fork(server_child, &s);
	close(fds[1]);
	if (p->server < 0) {
		errorf("fork: %s", strerror(errno));
		close(fds[0]);
		return EXIT_FAIL;
	}
	pfd.fd = fds[0];
	pfd.events = POLLIN;
	do
		r = poll(&pfd, 1, wait_ms);
	while (r < 0 && errno == EINTR);
	r = r > 0 && read(fds[0], &c, 1) == 1;
	close(fds[0]);
	if (!r) {	/* the child said why, unless it is still stuck */
		errorf("the server in the other namespace did not start");
		return EXIT_FAIL;
	}
	return EXIT_OK;
}

void ipsec_pair_close(struct ipsec_pair *p)
{
	int i;

	proc_reap(p->server);
	p->server = 0;
	for (i = 0; i < 2; i++) {
		nl_close(&p->end[i].rt);
		nl_close(&p->end[i].xf);
	}
	if (p->nsfd >= 0)
		close(p->nsfd);
	p->nsfd = -1;
}

/* Processes in, and descriptors on, the namespace of inode ino. */
static int holders(unsigned long ino, char *what, size_t len)
{
	char path[64], link[64], want[40];
	struct dirent *d, *f;
	DIR *proc, *fds;
	int n = 0;
	ssize_t k;

	snprintf(want, sizeof(want), "net:[%lu]", ino);
	if (!(proc = opendir("/proc")))
		return 0;
	while ((d = readdir(proc))) {
		if (d->d_name[0] < '1' || d->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s/ns/net", d->d_name);
		k = readlink(path, link, sizeof(link) - 1);
		if (k > 0 && (link[k] = '\0', !strcmp(link, want)) && !n++)
			snprintf(what, len, "process %s is in namespace %s", d->d_name, want);
		snprintf(path, sizeof(path), "/proc/%s/fd", d->d_name);
		if (!(fds = opendir(path)))
			continue;
		while ((f = readdir(fds))) {
			snprintf(path, sizeof(path), "/proc/%s/fd/%s", d->d_name, f->d_name);
			k = readlink(path, link, sizeof(link) - 1);
			if (k > 0 && (link[k] = '\0', !strcmp(link, want)) && !n++)
				snprintf(what, len, "process %s holds namespace %s", d->d_name, want);
		}
		closedir(fds);
	}
	closedir(proc);
	return n;
}

int ipsec_leftovers(struct ipsec_pair *p, char *what, size_t len)
{
	int n = 0, i, k, tries;

	*what = '\0';
	if (p->home < 0)
		return 0;
	if (setns(p->home, CLONE_NEWNET)) {
		errorf("cannot go back to the namespace it started in: %s", strerror(errno));
		return -1;
	}
	close(p->home);
	p->home = -1;
	for (i = 0; i < 2; i++)
		if (if_nametoindex(p->end[i].ifname) && !n++)
			snprintf(what, len, "a link %s where benchbox started", p->end[i].ifname);
	/* the server's own children die with it (SIGKILL), a moment later */
	for (tries = 0; tries < 30; tries++) {
		char first[128] = "";

		k = 0;
		for (i = 0; i < 2; i++)
			if (p->ino[i])
				k += holders(p->ino[i], first, *first ? 1 : sizeof(first));
		if (!k || tries == 29) {
			if (k && !n)
				snprintf(what, len, "%s", first);
			break;
		}
		usleep(100000);
	}
	return n + k;
}

/* Whether the process that installed something is gone. */
static int gone(pid_t pid)
{
	return kill(pid, 0) && errno == ESRCH;
}

/* marks and sweeps -------------------------------------------------------------- */

struct marked {
	int		n;
	int		gone;		/* collect the dead runs' instead */
	struct xfrm_sa	sa[16];
	struct xfrm_policy pol[16];
	int		nsa, npol;
};

static int take_marked(const struct nl_hdr *h, const unsigned char *p, size_t len, void *arg)
{
	struct marked *m = arg;
	struct xfrm_policy pol;
	struct xfrm_sa sa;
	uint32_t reqid;
	pid_t pid;

	if (h->type == XFRM_NEWSA && !xfrm_sa_parse(p, len, &sa))
		reqid = sa.reqid;
	else if (h->type == XFRM_NEWPOLICY && !xfrm_policy_parse(p, len, &pol) && pol.ntmpl)
		reqid = pol.reqid;
	else
		return 0;
	pid = xfrm_reqid_pid(reqid);
	if (!pid)
		return 0;
	if (!m->gone) {
		m->n++;
		return 0;
	}
	if (!gone(pid))
		return 0;
	if (h->type == XFRM_NEWSA && m->nsa < 16)
		m->sa[m->nsa++] = sa;
	else if (h->type == XFRM_NEWPOLICY && m->npol < 16)
		m->pol[m->npol++] = pol;
	return 0;
}

/* Every SA to sa_fn, then every policy to pol_fn: 0, or -1 with errno. */
static int dump_both(struct nl_sock *xf, nl_answer_fn sa_fn, nl_answer_fn pol_fn, void *arg)
{
	struct nl_msg msg;

	xfrm_dump_msg(&msg, XFRM_GETSA);
	if (nl_talk(xf, &msg, sa_fn, arg, NULL, 0))
		return -1;
	xfrm_dump_msg(&msg, XFRM_GETPOLICY);
	return nl_talk(xf, &msg, pol_fn, arg, NULL, 0);
}

int ipsec_marked(struct nl_sock *xf)
{
	static struct marked m;

	memset(&m, 0, sizeof(m));
	return dump_both(xf, take_marked, take_marked, &m) ? -1 : m.n;
}

/* What ipsec_sweep_here() removes, in xf's namespace: how many, or -1. */
static int sweep(struct nl_sock *xf)
{
	static struct marked m;
	struct nl_msg msg;
	int i, n = 0;

	memset(&m, 0, sizeof(m));
	m.gone = 1;
	if (dump_both(xf, take_marked, take_marked, &m))
		return -1;
	for (i = 0; i < m.npol; i++) {		/* policies first, as on the way in: last */
		xfrm_policy_del_msg(&msg, &m.pol[i]);
		n += !nl_talk(xf, &msg, NULL, NULL, NULL, 0);
	}
	for (i = 0; i < m.nsa; i++) {
		xfrm_sa_del_msg(&msg, &m.sa[i]);
		n += !nl_talk(xf, &msg, NULL, NULL, NULL, 0);
	}
	return n;
}

void ipsec_sweep_here(void)
{
	struct nl_sock xf;
	int n;

	if (nl_open(&xf, NL_XFRM))
		return;		/* the install says why */
	n = sweep(&xf);
	if (n > 0)
		warnf("removed %d SAs and policies that a killed benchbox left", n);
	nl_close(&xf);
}

/* counters and listings -------------------------------------------------------- */

static int take_rx(const struct nl_hdr *h, const unsigned char *p, size_t len, void *arg)
{
	struct rtnl_link l;

	if (h->type == RTNL_NEWLINK && !rtnl_link_parse(p, len, &l) && l.has_stats)
		*(uint64_t *)arg = l.rx_packets;
	return 0;
}

int ipsec_rx_packets(struct ipsec_pair *p, int end, uint64_t *n)
{
	struct nl_msg m;

	*n = UINT64_MAX;
	rtnl_get_msg(&m, p->end[end].ifname);
	if (nl_talk(&p->end[end].rt, &m, take_rx, n, NULL, 0) || *n == UINT64_MAX)
		return -1;
	return 0;
}

static void ip_text(int family, const unsigned char *a, char *buf, size_t len)
{
	if (!inet_ntop(family, a, buf, (socklen_t)len))
		snprintf(buf, len, "?");
}

static void owner(uint32_t reqid, int *ours)
{
	pid_t pid = xfrm_reqid_pid(reqid);

	if (!pid)
		return;
	++*ours;
	printf("  (benchbox, pid %d: %s)", (int)pid, gone(pid) ? "gone" : "running");
}

static int list_sa(const struct nl_hdr *h, const unsigned char *p, size_t len, void *arg)
{
	char src[48], dst[48];
	struct xfrm_sa sa;

	if (h->type != XFRM_NEWSA)
		return 0;
	if (xfrm_sa_parse(p, len, &sa))
		return -1;
	ip_text(sa.family, sa.src, src, sizeof(src));
	ip_text(sa.family, sa.dst, dst, sizeof(dst));
	printf("sa      %s -> %s proto %u spi 0x%08x reqid %u %s%s%s%s%s", src, dst, sa.proto,
	       (unsigned)sa.spi, (unsigned)sa.reqid, sa.aead, sa.crypt, *sa.crypt && *sa.auth ? " " : "",
	       sa.auth, *sa.aead || *sa.crypt || *sa.auth ? "" : "(larval)");
	owner(sa.reqid, arg);
	putchar('\n');
	return 0;
}

static int list_policy(const struct nl_hdr *h, const unsigned char *p, size_t len, void *arg)
{
	static const char *const dirs[] = { "in", "out", "fwd" };
	char src[48], dst[48];
	struct xfrm_policy pol;

	if (h->type != XFRM_NEWPOLICY)
		return 0;
	if (xfrm_policy_parse(p, len, &pol))
		return -1;
	ip_text(pol.family, pol.src, src, sizeof(src));
	ip_text(pol.family, pol.dst, dst, sizeof(dst));
	printf("policy  %s/%u -> %s/%u", src, pol.src_len, dst, pol.dst_len);
	if (pol.proto)		/* the selector's protocol and ports, as ip xfrm says them */
		printf(" proto %u", pol.proto);
	if (pol.sport)
		printf(" sport %u", pol.sport);
	if (pol.dport)
		printf(" dport %u", pol.dport);
	printf(" dir %s priority %u", pol.dir < 3 ? dirs[pol.dir] : "?", (unsigned)pol.priority);
	if (pol.ntmpl)
		printf(" tmpl proto %u reqid %u", pol.tmpl_proto, (unsigned)pol.reqid);
	owner(pol.reqid, arg);
	putchar('\n');
	return 0;
}

int ipsec_list(struct nl_sock *xf)
{
	int ours = 0;

	return dump_both(xf, list_sa, list_policy, &ours) ? -1 : ours;
}
