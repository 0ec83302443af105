/* lmnet.c - client/server plumbing of lat_tcp, lat_udp, lat_connect, bw_tcp
 *
 * SPDX-License-Identifier: MIT
 *
 * lmbench runs its network benchmarks against a server started by hand
 * (-s, a daemon on a fixed port) and stopped with -S. Here the server runs
 * in the foreground and says when it listens; it binds only the address it
 * is given (127.0.0.1 by default), serves one client session and exits, or
 * with --stay serves sessions until an exit request (-S) or a signal. A
 * client run without HOST binds a free port on 127.0.0.1 itself, forks a
 * server child on that socket (so the port is known and listening before
 * the child runs, and parallel runs never collide) and measures against
 * it; the child dies with its parent and is reaped on every path. Each
 * protocol (in its applet) decides how a session ends and what an exit
 * request looks like; see struct lmnet_proto.
 */
#include "applet.h"
#include "lat_pipe.h"
#include "lmnet.h"
#include "util.h"

#include <errno.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

enum {
	BACKLOG		= 1024,	/* lat_connect's bursts of connections queue here */
	CONNECT_WAIT_MS	= 1000,	/* a server that is still starting */
};

int lmnet_readn(int fd, void *buf, size_t n)
{
	errno = 0;
	if (!ipc_readn(fd, buf, n))
		return 0;
	return errno ? errno : ECONNRESET;
}

int lmnet_writen(int fd, const void *buf, size_t n)
{
	errno = 0;
	if (!ipc_writen(fd, buf, n))
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
	case EBUSY:
		errorf("%s: the server at %s did not take it (busy with a client? try "
		       "again when that run is over)", what, who);
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

int lmnet_connect(const struct lmnet *n, int socktype, int bufsize)
{
	int fd = inet_dial(&n->addr, socktype, bufsize, CONNECT_WAIT_MS, n->timeout_ms);

	if (fd < 0) {
		lmnet_fail(n, "connect", errno);
		return -1;
	}
	inet_timeouts(fd, n->timeout_ms);
	return fd;
}

static int quit_once(const struct inet_addr *a, const void *req, size_t len, int ack,
		     int timeout_ms)
{
	int fd = inet_dial(a, SOCK_STREAM, 0, CONNECT_WAIT_MS, timeout_ms), err;
	ssize_t k = 0;
	char c = 0;

	if (fd < 0)
		return errno;
	inet_timeouts(fd, timeout_ms);
	err = lmnet_writen(fd, req, len);
	if (!err && ack) {
		err = lmnet_readn(fd, &c, 1);
		if (err == ECONNRESET || (!err && c != ack))
			err = EBUSY;
	}
	/* the server closes when it has taken the request */
	while (!err && ((k = read(fd, &c, 1)) > 0 || (k < 0 && errno == EINTR)))
		;
	if (!err && k < 0 && errno != ECONNRESET)
		err = errno;
	close(fd);
	return err;
}

/* A server that is still closing the previous session may take the request
 * for a late connection of it and drop it (EBUSY): ask again for a while. */
int lmnet_quit_stream(const struct inet_addr *a, const void *req, size_t len, int ack,
		      int timeout_ms)
{
	struct timespec pause = { 0, 50 * 1000 * 1000 };
	int err, tries = 0;

	while ((err = quit_once(a, req, len, ack, timeout_ms)) == EBUSY && ++tries < 40)
		nanosleep(&pause, NULL);
	return err;
}

void lmnet_result(const struct run_ctx *ctx, const struct lmnet *n, struct result *r,
		  const char *test, const char *own, const char *prefix, int guide,
		  struct lmnet_text *t)
{
	snprintf(t->params, sizeof(t->params), "%s%s%s%s", own, n->host && *own ? "," : "",
		 n->host ? "host=" : "", n->host ? n->host : "");
	snprintf(t->label, sizeof(t->label), "%s %s", prefix, n->host ? n->host : "localhost");
	r->test = test;
	r->params = t->params;
	r->group = t->label;
	if (!r->unit) {
		r->unit = UNIT_US;
		r->better = -1;
	}
	r->metric = guide && n->loopback ? n->proto->name : NULL;
	if (ctx->quick)
		r->flags |= REPORT_SHORT;
}

int lmnet_report(struct run_ctx *ctx, struct result *r, const char *wrong)
{
	if (wrong) {
		r->flags |= REPORT_FAILED;
		r->note = wrong;
	}
	report(ctx, r);
	if (!wrong)
		return EXIT_OK;
	errorf("self-check failed: %s", wrong);
	return EXIT_WRONG;
}

/* The local server child: sessions until the parent kills us. */
struct child_arg {
	const struct lmnet_proto	*p;
	int				fd;
	int				idle_ms;
};

static int serve_child(void *arg)
{
	const struct child_arg *c = arg;

	while (c->p->serve(c->fd, c->idle_ms) == LMNET_DONE)
		;
	return 0;
}

/* Resolve host (or the loopback address) and the port the options ask
 * for; 0, or an exit status with the reason said. */
static int resolve(struct run_ctx *ctx, const struct lmnet_proto *p, const char *host,
		   int def_port, struct inet_addr *a)
{
	int port = opt_given(ctx, "port") ? (int)opt_int(ctx, "port") : def_port;
	char err[256];

	if (inet_resolve(host, port, p->socktype, a, err, sizeof(err))) {
		errorf("%s", err);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

static int timeout_ms(const struct run_ctx *ctx)
{
	return (int)(opt_double(ctx, "timeout") * 1000 + 0.5);
}

/* Wait for a client: --timeout when given, else forever. 1 one is there,
 * 0 none came, -1 a failure (errno). */
static int await_client(struct run_ctx *ctx, int fd)
{
	return inet_wait(fd, opt_given(ctx, "timeout") ? timeout_ms(ctx) : -1);
}

static int serve_foreground(struct run_ctx *ctx, const struct lmnet_proto *p)
{
	struct inet_addr a;
	enum lmnet_end end = LMNET_EXIT;
	int fd, k, served = 0, rc = resolve(ctx, p, opt_str(ctx, "bind"), p->port, &a);

	if (rc)
		return rc;
	fd = inet_listen(&a, p->socktype, BACKLOG);
	if (fd < 0) {
		errorf("cannot listen on %s: %s", a.text, strerror(errno));
		return EXIT_FAIL;
	}
	signal(SIGPIPE, SIG_IGN);	/* a client that goes away ends its session */
	fprintf(stderr, "%s: listening on %s\n", p->name, a.text);
	fflush(stderr);
	while ((k = await_client(ctx, fd)) > 0) {
		end = p->serve(fd, timeout_ms(ctx));
		served++;
		if (end != LMNET_DONE || !opt_int(ctx, "stay"))
			break;
	}
	if (k < 0)
		end = LMNET_ERROR;
	if (end == LMNET_ERROR)
		errorf("serving on %s: %s", a.text, strerror(errno));
	if (k == 0 && !served) {
		errorf("no client came to %s port %d in %g s", a.host, inet_port(&a),
		       timeout_ms(ctx) / 1000.0);
		rc = EXIT_FAIL;
	}
	close(fd);
	return end == LMNET_ERROR ? EXIT_FAIL : rc;
}

static int ask_exit(struct run_ctx *ctx, const struct lmnet_proto *p)
{
	struct lmnet n = { .proto = p, .timeout_ms = timeout_ms(ctx) };
	int rc = resolve(ctx, p, opt_str(ctx, "shutdown"), p->port, &n.addr), err;

	if (rc)
		return rc;
	err = p->quit(&n.addr, n.timeout_ms);
	if (err) {
		lmnet_fail(&n, "exit request", err);
		return EXIT_FAIL;
	}
	return EXIT_OK;
}

/* The local server: listen on 127.0.0.1 here, serve in a child. */
static int fork_server(struct run_ctx *ctx, struct lmnet *n)
{
	struct child_arg c = { n->proto, -1, n->timeout_ms };
	int rc = resolve(ctx, n->proto, INET_LOOPBACK, 0, &n->addr);

	if (rc)
		return rc;
	c.fd = inet_listen(&n->addr, n->proto->socktype, BACKLOG);
	if (c.fd < 0) {
		errorf("cannot listen on %s: %s", n->addr.text, strerror(errno));
		return EXIT_FAIL;
	}
	n->child = ipc_fork(serve_child, &c);
	if (n->child < 0)
		errorf("fork: %s", strerror(errno));
	close(c.fd);
	return n->child < 0 ? EXIT_FAIL : EXIT_OK;
}

/* Options that only make sense in another mode; 0 or EXIT_USAGE. */
static int check_mode(struct run_ctx *ctx, int server, int quit)
{
	const char *name = ctx->applet->name;

	if (server && quit) {
		errorf("-s and -S do not go together (try '%s --help')", name);
		return EXIT_USAGE;
	}
	if (!server && (opt_given(ctx, "bind") || opt_given(ctx, "stay"))) {
		errorf("--bind and --stay go with -s (try '%s --help')", name);
		return EXIT_USAGE;
	}
	if (ctx->argc > ((server || quit) ? 0 : 1)) {
		errorf("unexpected argument '%s' (try '%s --help')",
		       ctx->argv[(server || quit) ? 0 : 1], name);
		return EXIT_USAGE;
	}
	if (!server && opt_given(ctx, "port") && opt_int(ctx, "port") == 0 &&
	    (quit || ctx->argc)) {
		errorf("-p 0: a client needs the server's port");
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

int lmnet_main(struct run_ctx *ctx, const struct lmnet_proto *p,
	       int (*client)(struct run_ctx *ctx, const struct lmnet *n))
{
	struct lmnet n = { .proto = p, .timeout_ms = timeout_ms(ctx) };
	int server = (int)opt_int(ctx, "server"), quit = opt_str(ctx, "shutdown") != NULL;
	int rc = check_mode(ctx, server, quit);
	void (*oldpipe)(int);

	if (rc)
		return rc;
	if (server)
		return serve_foreground(ctx, p);
	if (quit)
		return ask_exit(ctx, p);
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
	ipc_reap(n.child);
	signal(SIGPIPE, oldpipe);
	return rc;
}
