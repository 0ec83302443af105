/* lmnet.c - client/server plumbing of lat_tcp, lat_udp, lat_connect, bw_tcp
 *
 * SPDX-License-Identifier: MIT
 *
 * Servers as lmbench's: -s binds the applet's fixed port on every address
 * (or --bind), forks a daemon (setsid, /dev/null, chdir /) and returns 0;
 * the socket listens before the fork, so a client started next cannot
 * race it. A TCP server takes every connection at once and waits for its
 * opening (--timeout at most) beside the others, so a silent connection
 * holds up nobody. An opening that came is read in a child of its own
 * when the protocol has sessions (greet() then the session, reaped by the
 * server, which counts them), else here with one read that cannot wait.
 * At most --sessions connections are open at once; past that the next is
 * reset (sessions) or left in the backlog (none). An exit request ends the
 * server: a session child says so through a pipe and confirms the request
 * (closes its connection) only once the server has closed its listening
 * socket, so -S returns with the port free. A datagram server answers
 * each datagram in turn. The daemon exits after --lifetime (lmbench's
 * alarm(60 * 60)); --foreground serves in this process. A client run
 * without HOST binds a free port on 127.0.0.1 itself and forks a server
 * child on it (so parallel runs never collide); that child, and its
 * session children, die with their parent and are reaped on every path.
 */
#define _GNU_SOURCE		/* ppoll */
#include "applet.h"
#include "lmnet.h"
#include "proc.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum {
	BACKLOG		= 1024,	/* lat_connect's bursts of connections queue here */
	CONNECT_WAIT_MS	= 1000,	/* a server that is still starting */
	INUSE_WAIT_MS	= 1000,	/* a port a server told to exit is still closing */
	FD_SCAN_MAX	= 4096,	/* the daemon closes inherited fds below this */
};

int lmnet_readn(int fd, void *buf, size_t n)
{
	errno = 0;
	if (!proc_readn(fd, buf, n))
		return 0;
	return errno ? errno : ECONNRESET;
}

int lmnet_writen(int fd, const void *buf, size_t n)
{
	errno = 0;
	if (!proc_writen(fd, buf, n))
		return 0;
	return errno ? errno : EPIPE;
}

void lmnet_timeout(int fd, int ms)
{
	struct timeval tv = { ms / 1000, (ms % 1000) * 1000 };

	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
}

static int is_loopback(const struct inet_addr *a)
{
	static const unsigned char v4mapped[12] = { [10] = 0xff, [11] = 0xff };

	if (a->ss.ss_family == AF_INET) {
		const struct sockaddr_in *s = (const void *)&a->ss;

		return (ntohl(s->sin_addr.s_addr) >> 24) == 127;
	}
	if (a->ss.ss_family == AF_INET6) {
		const struct sockaddr_in6 *s = (const void *)&a->ss;
		const unsigned char *b = s->sin6_addr.s6_addr;

		return !memcmp(&s->sin6_addr, &in6addr_loopback, sizeof(s->sin6_addr)) ||
		       (!memcmp(b, v4mapped, sizeof(v4mapped)) && b[12] == 127);
	}
	return 0;
}

void lmnet_fail(const struct lmnet *n, const char *what, int err)
{
	const char *who = n->addr.text;

	switch (err) {
	case 0:
	case ECONNRESET:
	case EPIPE:
		errorf("%s: the server at %s closed the connection", what, who);
		break;
	case ECONNREFUSED:
		errorf("%s: no %s server at %s (start one with '%s -s')", what,
		       n->proto->name, who, n->proto->name);
		break;
	case EAGAIN:
	case ETIMEDOUT:
	case EINPROGRESS:	/* a connect() that SO_SNDTIMEO cut short */
		errorf("%s port %d: no answer in %g s%s%s%s", n->addr.host, inet_port(&n->addr),
		       n->timeout_ms / 1000.0, strcmp(what, "connect") ? " (" : "",
		       strcmp(what, "connect") ? what : "", strcmp(what, "connect") ? ")" : "");
		break;
	case EADDRNOTAVAIL:
		errorf("%s: no free local port for a connection to %s: earlier "
		       "connections are still in TIME_WAIT; wait a minute, or use "
		       "fewer --reps or a shorter --min-time", what, who);
		break;
	default:
		errorf("%s: %s: %s", what, who, strerror(err));
	}
}

int lmnet_dial(const struct lmnet *n, int socktype, int bufsize)
{
	int fd = inet_dial(&n->addr, socktype, bufsize, CONNECT_WAIT_MS, n->timeout_ms);

	if (fd >= 0)
		inet_timeouts(fd, n->timeout_ms);
	return fd;
}

int lmnet_measure(struct run_ctx *ctx, const struct lmnet *n, team_setup_fn *setup,
		  team_work_fn *work, void *arg, struct bench_stats *st)
{
	int rc;
	struct team *t = team_start(n->parallel, ctx->cpus, ctx->cpus_given ? ctx->ncpus : 0,
				    setup, work, arg, &rc);

	if (!t)
		return rc;
	rc = bench_measure(&ctx->bench, team_body, t, st) ? EXIT_FAIL : EXIT_OK;
	team_stop(t);
	return rc;
}

int lmnet_quit_stream(const struct inet_addr *a, const void *req, size_t len, int timeout_ms)
{
	int fd = inet_dial(a, SOCK_STREAM, 0, CONNECT_WAIT_MS, timeout_ms), err = 0;
	ssize_t k;
	char c;

	if (fd < 0)
		return errno;
	inet_timeouts(fd, timeout_ms);
	if (len)
		err = lmnet_writen(fd, req, len);
	if (!err)
		shutdown(fd, SHUT_WR);
	/* the server closes when it has taken the request; a reset is a
	 * server that turned the connection away (busy), the request not taken */
	while (!err && ((k = read(fd, &c, 1)) > 0 || (k < 0 && errno == EINTR)))
		;
	if (!err && k < 0)
		err = errno;
	close(fd);
	return err;
}

void lmnet_result(const struct run_ctx *ctx, const struct lmnet *n, struct result *r,
		  const char *test, const char *own, const char *prefix, int guide,
		  struct lmnet_text *t)
{
	char par[24] = "";

	if (n->parallel > 1)
		snprintf(par, sizeof(par), "%sP=%u", *own ? "," : "", n->parallel);
	snprintf(t->params, sizeof(t->params), "%s%s%s%s%s", own, par,
		 n->host && (*own || *par) ? "," : "", n->host ? "host=" : "",
		 n->host ? n->host : "");
	snprintf(t->label, sizeof(t->label), "%s %s", prefix, n->host ? n->host : "localhost");
	r->test = test;
	r->params = t->params;
	r->group = t->label;
	if (!r->unit) {
		r->unit = UNIT_US;
		r->better = -1;
	}
	r->metric = guide && n->parallel == 1 && n->loopback ? n->proto->name : NULL;
	if (ctx->quick)
		r->flags |= RESULT_SHORT;
}

int lmnet_report(struct run_ctx *ctx, struct result *r, const char *wrong)
{
	if (wrong) {
		r->flags |= RESULT_FAILED;
		r->note = wrong;
	}
	emit_result(ctx, r);
	if (!wrong)
		return EXIT_OK;
	errorf("self-check failed: %s", wrong);
	return EXIT_WRONG;
}

/* A listening (or bound datagram) socket and how to serve it. */
struct server {
	const struct lmnet_proto	*p;
	int				fd;
	int				idle_ms;	/* --timeout */
	uint64_t			deadline_ns;	/* --lifetime; 0: none */
	int				owned;	/* sessions die with the server */
	unsigned			max;	/* --sessions: connections at once */
};

/* ms until the lifetime is over: -1 none, 0 over */
static int lifetime_left_ms(const struct server *s)
{
	uint64_t now;

	if (!s->deadline_ns)
		return -1;
	now = bench_clock_ns();
	if (now >= s->deadline_ns)
		return 0;
	return (s->deadline_ns - now) / 1000000 > INT32_MAX ? INT32_MAX
		: (int)((s->deadline_ns - now) / 1000000) + 1;
}

/* accept() failures that pass: a connection gone before it was taken,
 * or a shortage that a moment may cure */
static int accept_passing(int err)
{
	struct timespec pause = { 0, 10 * 1000 * 1000 };

	if (err == EAGAIN || err == EWOULDBLOCK || err == EPROTO || err == EPERM)
		return 1;
	if (err == EMFILE || err == ENFILE || err == ENOBUFS || err == ENOMEM) {
		nanosleep(&pause, NULL);
		return 1;
	}
	return 0;
}

/* A stream server's connections: pfd[0] the listening socket, pfd[1] the
 * read end of the exit pipe (a session that took an exit request writes a
 * byte into it), pfd[2...] connections whose opening has not come yet,
 * each until its deadline. A session holds ack[0]; the server closes
 * ack[1] once its port is closed, so an exit request is confirmed only
 * then. Connections waiting and sessions running together are at most
 * s->max. */
struct conns {
	struct pollfd	*pfd;
	uint64_t	*until;		/* deadline of pfd[2 + i] */
	unsigned	npend, live;	/* waiting; session processes */
	int		quit[2], ack[2];
};

static void sigchld_wake(int sig)
{
	(void)sig;	/* interrupts ppoll(): a session ended */
}

/* Turn a connection away at once: a reset, which the client sees as a
 * refusal (never as an exit request taken). */
static void turn_away(int fd)
{
	struct linger l = { 1, 0 };

	setsockopt(fd, SOL_SOCKET, SO_LINGER, &l, sizeof(l));
	close(fd);
}

static void drop_pending(struct conns *c, unsigned i)
{
	c->npend--;
	c->pfd[2 + i] = c->pfd[2 + c->npend];
	c->until[i] = c->until[c->npend];
}

/* In a new process: read the opening of pending connection i and serve
 * it; never returns. */
static void session_main(const struct server *s, struct conns *c, unsigned i, pid_t parent)
{
	int fd = c->pfd[2 + i].fd;
	struct pollfd ack = { c->ack[0], POLLIN, 0 };
	enum lmnet_end end;
	long arg = 0;
	sigset_t set;
	unsigned j;

	if (s->owned && proc_die_with_parent(parent, SIGKILL))
		_exit(0);
	signal(SIGCHLD, SIG_DFL);
	sigemptyset(&set);
	sigaddset(&set, SIGCHLD);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	for (j = 0; j < 2 + c->npend; j++)	/* the listener, the pipe, the others */
		if (j != 2 + i)
			close(c->pfd[j].fd);
	close(c->ack[1]);
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	inet_timeouts(fd, s->idle_ms);
	end = s->p->greet(fd, &arg);
	if (end == LMNET_EXIT) {
		/* confirmed (closed) once the server has closed its port */
		if (write(c->quit[1], "q", 1) == 1)
			while (poll(&ack, 1, s->idle_ms) < 0 && errno == EINTR)
				;
		close(fd);
	} else if (end == LMNET_SERVE && s->p->session) {
		s->p->session(fd, arg);
	} else {
		close(fd);
	}
	_exit(0);
}

/* The opening of pending connection i has come: serve it in a process of
 * its own, or (a protocol without sessions) read it here: one read of a
 * readable socket, which cannot wait. LMNET_EXIT for an exit request. */
static enum lmnet_end take(const struct server *s, struct conns *c, unsigned i)
{
	int fd = c->pfd[2 + i].fd;
	enum lmnet_end end = LMNET_DONE;
	pid_t parent = getpid(), pid;
	long arg = 0;

	if (!s->p->session) {
		end = s->p->greet(fd, &arg);
		close(fd);
	} else if ((pid = fork()) == 0) {
		session_main(s, c, i, parent);
	} else {
		c->live += pid > 0;	/* no process: the client sees the close */
		close(fd);
	}
	drop_pending(c, i);
	return end;
}

/* Take the connections waiting on the listener: each waits for its
 * opening, or is turned away when s->max are open (a protocol with
 * sessions; without, the listener is left alone then: the next wait in its
 * backlog). *end is LMNET_EXIT for an exit request read here. 0, or -1 +
 * errno. */
static int take_new(const struct server *s, struct conns *c, enum lmnet_end *end)
{
	while (c->npend + c->live < s->max || s->p->session) {
		int fd = inet_accept(s->fd);
		struct pollfd now = { fd, POLLIN, 0 };

		if (fd < 0)
			return errno == EAGAIN || errno == EWOULDBLOCK ? 0
			       : accept_passing(errno) ? 0 : -1;
		if (c->npend + c->live >= s->max) {
			turn_away(fd);
			continue;
		}
		fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
		c->pfd[2 + c->npend] = (struct pollfd){ fd, POLLIN, 0 };
		c->until[c->npend++] = bench_clock_ns() + (uint64_t)s->idle_ms * 1000000;
		/* read here: an opening that is there already (lat_connect's
		 * close) is taken at once */
		if (!s->p->session && poll(&now, 1, 0) > 0 &&
		    (*end = take(s, c, c->npend - 1)) == LMNET_EXIT)
			return 0;
	}
	return 0;
}

/* Sessions that ended; waiting connections past their deadline (closed);
 * the ms to the next deadline (-1 none). */
static int tidy(const struct server *s, struct conns *c)
{
	uint64_t now = bench_clock_ns(), next = 0;
	int left = lifetime_left_ms(s);
	unsigned i;

	while (c->live && waitpid(-1, NULL, WNOHANG) > 0)
		c->live--;
	for (i = c->npend; i-- > 0;) {
		if (c->until[i] <= now) {
			close(c->pfd[2 + i].fd);
			drop_pending(c, i);
		} else if (!next || c->until[i] < next) {
			next = c->until[i];
		}
	}
	if (next && (left < 0 || (next - now) / 1000000 + 1 < (uint64_t)left))
		left = (int)((next - now) / 1000000) + 1;
	return left;
}

/* Serve a stream socket until an exit request (0), the lifetime's end (0)
 * or a failure of the socket (-1 + errno). */
static int serve_stream(const struct server *s)
{
	struct conns c = { 0 };
	struct sigaction sa, oldsa;
	sigset_t block, wait_mask;
	int rc = 0, e = 0, i;

	c.pfd = xcalloc(2 + (size_t)s->max, sizeof(*c.pfd));
	c.until = xcalloc(s->max, sizeof(*c.until));
	if (pipe(c.quit) || pipe(c.ack)) {
		free(c.pfd);
		free(c.until);
		return -1;
	}
	fcntl(c.quit[0], F_SETFL, O_NONBLOCK);
	c.pfd[0] = (struct pollfd){ s->fd, POLLIN, 0 };
	c.pfd[1] = (struct pollfd){ c.quit[0], POLLIN, 0 };
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = sigchld_wake;
	sa.sa_flags = SA_NOCLDSTOP;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGCHLD, &sa, &oldsa);
	sigemptyset(&block);
	sigaddset(&block, SIGCHLD);
	sigprocmask(SIG_BLOCK, &block, &wait_mask);
	sigdelset(&wait_mask, SIGCHLD);
	for (;;) {
		int left = tidy(s, &c), k;
		struct timespec ts = { left / 1000, (left % 1000) * 1000000L };
		enum lmnet_end end = LMNET_DONE;
		unsigned j;

		if (lifetime_left_ms(s) == 0)
			break;
		/* without sessions, a full house leaves the next in the backlog */
		c.pfd[0].events = s->p->session || c.npend + c.live < s->max ? POLLIN : 0;
		k = ppoll(c.pfd, 2 + c.npend, left >= 0 ? &ts : NULL, &wait_mask);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0) {
			rc = -1;
			e = errno;
			break;
		}
		if (c.pfd[1].revents)
			break;		/* a session took an exit request */
		for (j = c.npend; j-- > 0;)
			if (c.pfd[2 + j].revents && take(s, &c, j) == LMNET_EXIT)
				goto out;
		if (c.pfd[0].revents && take_new(s, &c, &end)) {
			rc = -1;
			e = errno;
			break;
		}
		if (end == LMNET_EXIT)
			break;
	}
out:
	/* the port is free before the exit request is confirmed */
	close(s->fd);
	for (i = 0; i < (int)c.npend; i++)
		close(c.pfd[2 + i].fd);
	close(c.ack[1]);
	close(c.ack[0]);
	close(c.quit[0]);
	close(c.quit[1]);
	sigprocmask(SIG_UNBLOCK, &block, NULL);
	sigaction(SIGCHLD, &oldsa, NULL);
	free(c.pfd);
	free(c.until);
	errno = e;
	return rc;
}

/* Serve until an exit request (0), the lifetime's end (0) or a failure of
 * the socket (-1 + errno). s->fd is closed on return. */
static int serve(const struct server *s)
{
	unsigned char *buf;
	int rc = 0, e;

	signal(SIGPIPE, SIG_IGN);	/* a client that goes away ends its session */
	fcntl(s->fd, F_SETFL, fcntl(s->fd, F_GETFL) | O_NONBLOCK);
	if (s->p->socktype == SOCK_STREAM)
		return serve_stream(s);
	buf = xmalloc(LMNET_DGRAM_MAX + 1);
	inet_pktinfo(s->fd);
	for (;;) {
		int k = inet_wait(s->fd, lifetime_left_ms(s));

		if (k <= 0) {
			rc = k;
			break;
		}
		if (s->p->datagram(s->fd, buf) == LMNET_EXIT)
			break;
	}
	e = errno;
	close(s->fd);
	free(buf);
	errno = e;
	return rc;
}

/* Resolve host (or the loopback address) and the port the options ask
 * for; 0, or an exit status with the reason said. */
static int resolve(struct run_ctx *ctx, const struct lmnet_proto *p, const char *host,
		   int def_port, struct inet_addr *a)
{
	int port = optk_given(ctx, PORT) ? (int)optk_int(ctx, PORT) : def_port;
	char err[256];

	if (inet_resolve(host, port, p->socktype, a, err, sizeof(err))) {
		errorf("%s", err);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

static int timeout_ms(const struct run_ctx *ctx)
{
	return (int)(optk_double(ctx, TIMEOUT) * 1000 + 0.5);
}

/* The server's socket: --bind's address or every address, on -p or the
 * applet's port; a port in use is asked for again for a moment (a server
 * that was just told to exit may still be closing it). fd, or -1 with the
 * reason said. */
static int server_socket(struct run_ctx *ctx, const struct lmnet_proto *p,
			 struct inet_addr *a)
{
	struct timespec pause = { 0, 20 * 1000 * 1000 };
	const char *bind = optk_str(ctx, BIND);
	int port = optk_given(ctx, PORT) ? (int)optk_int(ctx, PORT) : p->port, fd, tries = 0;

	if (bind && resolve(ctx, p, bind, port, a))
		return -2;
	for (;;) {
		fd = bind ? inet_listen(a, p->socktype, BACKLOG)
			  : inet_listen_any(a, port, p->socktype, BACKLOG);
		if (fd >= 0 || errno != EADDRINUSE || ++tries * 20 >= INUSE_WAIT_MS)
			break;
		nanosleep(&pause, NULL);
	}
	if (fd < 0 && errno == EADDRINUSE)
		errorf("cannot listen on %s: %s (a %s server there already? '%s -S HOST' "
		       "stops it)", a->text, strerror(errno), p->name, p->name);
	else if (fd < 0)
		errorf("cannot listen on %s: %s", a->text, strerror(errno));
	return fd;
}

/* In the child: a daemon's session, directory and standard files, and no
 * other file of the caller's (a pipe it waits on the end of; the ready
 * pipe of serve_main among them). */
static void detach(int keep)
{
	int fd = open("/dev/null", O_RDWR), max = (int)sysconf(_SC_OPEN_MAX), i;

	setsid();
	if (chdir("/"))
		errno = 0;	/* never; a server that stays where it was still serves */
	for (i = 0; i < 3; i++) {	/* no /dev/null (a bare initramfs): none */
		if (fd >= 0)
			dup2(fd, i);
		else
			close(i);
	}
	if (max < 0 || max > FD_SCAN_MAX)
		max = FD_SCAN_MAX;
	for (fd = 3; fd < max; fd++)
		if (fd != keep)
			close(fd);
}

static int serve_main(struct run_ctx *ctx, const struct lmnet_proto *p, int foreground)
{
	struct inet_addr a;
	struct server s = { p, -1, timeout_ms(ctx), 0, foreground, LMNET_SESSIONS };
	double life = optk_given(ctx, LIFETIME) ? optk_double(ctx, LIFETIME)
			: foreground ? 0 : LMNET_LIFETIME_S;
	pid_t pid = -1;
	int rc, ready[2];
	char c;

	if (optk_has(ctx, SESSIONS))
		s.max = (unsigned)optk_int(ctx, SESSIONS);
	s.fd = server_socket(ctx, p, &a);
	if (s.fd < 0)
		return s.fd == -2 ? EXIT_USAGE : EXIT_FAIL;
	if (s.fd < 3 && (rc = fcntl(s.fd, F_DUPFD_CLOEXEC, 3)) >= 0) {
		close(s.fd);	/* stdio was closed: keep it clear of detach() */
		s.fd = rc;
	}
	if (life > 0)
		s.deadline_ns = bench_clock_ns() + (uint64_t)(life * 1e9);
	if (foreground) {
		fprintf(stderr, "%s: listening on %s\n", p->name, a.text);
		fflush(stderr);
		rc = serve(&s);
		if (rc)
			errorf("serving on %s: %s", a.text, strerror(errno));
		return rc ? EXIT_FAIL : EXIT_OK;
	}
	/* -p 0: the port the kernel chose is said, or nobody could reach the
	 * server; a line nobody can read is no server started */
	if (optk_given(ctx, PORT) && optk_int(ctx, PORT) == 0 &&
	    (fprintf(stderr, "%s: listening on %s\n", p->name, a.text) < 0 || fflush(stderr))) {
		close(s.fd);
		return EXIT_FAIL;
	}
	/* the child closes its end of `ready` once detached: the caller gets
	 * its terminal and pipes back before -s returns */
	fflush(NULL);
	if (pipe(ready) || (pid = fork()) < 0) {
		errorf("fork: %s", strerror(errno));
		close(s.fd);
		return EXIT_FAIL;
	}
	if (pid > 0) {
		close(s.fd);
		close(ready[1]);
		while (read(ready[0], &c, 1) < 0 && errno == EINTR)
			;
		close(ready[0]);
		return EXIT_OK;
	}
	detach(s.fd);
	_exit(serve(&s) ? 1 : 0);
}

static int ask_exit(struct run_ctx *ctx, const struct lmnet_proto *p)
{
	struct lmnet n = { .proto = p, .timeout_ms = timeout_ms(ctx) };
	int rc = resolve(ctx, p, optk_str(ctx, SHUTDOWN), p->port, &n.addr), err;

	if (rc)
		return rc;
	err = p->quit(&n.addr, n.timeout_ms);
	if ((err == ECONNRESET || err == EPIPE) && p->socktype == SOCK_STREAM) {
		errorf("exit request: the server at %s turned it away (busy: it serves "
		       "--sessions connections at once; a signal stops it)", n.addr.text);
		return EXIT_FAIL;
	}
	if (err) {
		lmnet_fail(&n, "exit request", err);
		return EXIT_FAIL;
	}
	return EXIT_OK;
}

static int serve_child(void *arg)
{
	return serve(arg) ? 1 : 0;
}

/* The local server: listen on 127.0.0.1 here, serve in a child. */
static int fork_server(struct run_ctx *ctx, struct lmnet *n)
{
	struct server s = { n->proto, -1, n->timeout_ms, 0, 1, LMNET_SESSIONS };
	int rc = resolve(ctx, n->proto, INET_LOOPBACK, 0, &n->addr);

	if (rc)
		return rc;
	if (s.max <= n->parallel)	/* every -P client, and its first check */
		s.max = n->parallel + 1;
	s.fd = inet_listen(&n->addr, n->proto->socktype, BACKLOG);
	if (s.fd < 0) {
		errorf("cannot listen on %s: %s", n->addr.text, strerror(errno));
		return EXIT_FAIL;
	}
	n->child = proc_fork(serve_child, &s);
	if (n->child < 0)
		errorf("fork: %s", strerror(errno));
	close(s.fd);
	return n->child < 0 ? EXIT_FAIL : EXIT_OK;
}

/* Options that only make sense in another mode; 0 or EXIT_USAGE. */
static int check_mode(struct run_ctx *ctx, int server, int quit)
{
	static const unsigned char server_only[] = { OPTK_BIND, OPTK_LIFETIME, OPTK_SESSIONS };
	const char *name = ctx->applet->name;
	size_t i;

	if (server && quit) {
		errorf("-s and -S do not go together (try '%s --help')", name);
		return EXIT_USAGE;
	}
	for (i = 0; !server && i < ARRAY_LEN(server_only); i++)
		if (ctx->key[server_only[i]] >= 0 && ctx->vals[ctx->key[server_only[i]]].set) {
			errorf("--%s goes with -s (try '%s --help')",
			       ctx->applet->opts[ctx->key[server_only[i]]].name, name);
			return EXIT_USAGE;
		}
	if (ctx->argc > ((server || quit) ? 0 : 1)) {
		errorf("unexpected argument '%s' (try '%s --help')",
		       ctx->argv[(server || quit) ? 0 : 1], name);
		return EXIT_USAGE;
	}
	if (!server && optk_given(ctx, PORT) && optk_int(ctx, PORT) == 0 &&
	    (quit || ctx->argc)) {
		errorf("-p 0: a client needs the server's port");
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

int lmnet_main(struct run_ctx *ctx, const struct lmnet_proto *p,
	       int (*client)(struct run_ctx *ctx, const struct lmnet *n))
{
	struct lmnet n = { .proto = p, .timeout_ms = timeout_ms(ctx), .parallel = 1 };
	int fg = (int)optk_int(ctx, FOREGROUND);
	int server = (int)optk_int(ctx, SERVER) || fg, quit = optk_str(ctx, SHUTDOWN) != NULL;
	int rc = check_mode(ctx, server, quit);
	void (*oldpipe)(int);

	if (rc)
		return rc;
	if (server)
		return serve_main(ctx, p, fg);
	if (quit)
		return ask_exit(ctx, p);
	if (optk_has(ctx, PARALLEL))
		n.parallel = (unsigned)optk_int(ctx, PARALLEL);
	lmbench_enough(ctx);
	if (optk_given(ctx, TRIES))
		ctx->bench.samples = (unsigned)optk_int(ctx, TRIES);
	if (optk_has(ctx, WARMUP_US) && optk_given(ctx, WARMUP_US) && !p->own_warmup)
		ctx->bench.warmup = 1 + (unsigned)(optk_int(ctx, WARMUP_US) / 1e6 /
						   ctx->bench.min_sample_s);
	if (ctx->argc) {
		n.host = ctx->argv[0];
		rc = resolve(ctx, p, n.host, p->port, &n.addr);
	} else {
		rc = fork_server(ctx, &n);
	}
	if (rc)
		return rc;
	n.loopback = is_loopback(&n.addr);
	oldpipe = signal(SIGPIPE, SIG_IGN);	/* a dead server is an error, not our death */
	rc = client(ctx, &n);
	proc_reap(n.child);
	signal(SIGPIPE, oldpipe);
	return rc;
}
