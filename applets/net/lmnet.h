/* lmnet.h - the client/server plumbing shared by lat_tcp, lat_udp,
 * lat_connect and bw_tcp (in lmnet.c)
 *
 * SPDX-License-Identifier: MIT
 *
 * Each of the four is one applet with four faces, as lmbench's are:
 *   NAME [options] HOST      the client, against a server on HOST
 *   NAME [options]           the client; a server child is forked on
 *                            127.0.0.1 (a free port) and measured
 *   NAME -s [--bind ADDR]    a server in the background (lmbench's -s):
 *        [-p PORT]           returns 0 once it listens, on every address
 *                            unless --bind; --foreground keeps it here
 *   NAME -S HOST [-p PORT]   ask the server on HOST to exit
 * A server serves any number of clients, one after another or at once,
 * until an exit request (-S), a signal, or its --lifetime is over.
 * --timeout=SEC (default 5) is how long any of them waits for its peer:
 * a client for its connection and for each answer (then it names the host
 * in one line and exits 1), a server for a client gone quiet (its session
 * is over). An applet describes its protocol in a struct lmnet_proto and
 * hands its run() to lmnet_main(); the client part gets a struct lmnet.
 */
#ifndef BENCHBOX_LMNET_H
#define BENCHBOX_LMNET_H

#include <stddef.h>
#include <sys/types.h>

#include "inet.h"
#include "lmbench.h"
#include "team.h"

struct run_ctx;
struct result;
struct bench_stats;

/* lmbench's fixed ports (no portmapper): TCP, and UDP's -31238 in 16 bits */
enum lmnet_port {
	LMNET_PORT_TCP_XACT	= 31234,
	LMNET_PORT_TCP_DATA	= 31236,
	LMNET_PORT_TCP_CONNECT	= 31237,
	LMNET_PORT_UDP_XACT	= 34298,
};

/* A server's connections at once, by default: a number here, a word in
 * the option's default and help */
#define LMNET_SESSIONS_N	64
#define LMNET_WORD_(x)		#x
#define LMNET_WORD(x)		LMNET_WORD_(x)

enum {
	LMNET_DGRAM_MAX		= 65507,	/* the most an IPv4 datagram carries */
	LMNET_LIFETIME_S	= 3600,		/* lmbench's servers: alarm(60 * 60) */
	LMNET_SESSIONS		= LMNET_SESSIONS_N,
};

/* What a server does with a new connection or a datagram. */
enum lmnet_end {
	LMNET_DONE,		/* nothing more (dropped, or answered) */
	LMNET_SERVE,		/* a session: serve it in a process of its own */
	LMNET_EXIT,		/* an exit request (-S): the server stops */
};

struct lmnet_proto {
	const char	*name;		/* the applet, for messages */
	int		socktype;	/* SOCK_STREAM or SOCK_DGRAM */
	int		port;		/* lmbench's port, for -s, -S and HOST */
	int		own_warmup;	/* -W is the client's to apply (bw_tcp) */
	/* SOCK_STREAM: read the opening of a new connection fd, once some of
	 * it has come: LMNET_SERVE with *arg set, LMNET_DONE (close it) or
	 * LMNET_EXIT. With a session: in the session's own process, fd
	 * blocking with receive and send timeouts of --timeout (it may wait
	 * for the rest). Without: in the server, fd non-blocking (one read). */
	enum lmnet_end	(*greet)(int fd, long *arg);
	/* SOCK_STREAM: serve the session greet() opened until the client
	 * closes or goes quiet; runs in a child of the server. */
	void		(*session)(int fd, long arg);
	/* SOCK_DGRAM: take one datagram waiting on fd (none: LMNET_DONE) into
	 * buf (LMNET_DGRAM_MAX + 1 bytes) and answer it: LMNET_DONE or EXIT. */
	enum lmnet_end	(*datagram)(int fd, unsigned char *buf);
	/* Send the exit request to the server at a, waiting timeout_ms for
	 * each step; 0, or an errno value. */
	int		(*quit)(const struct inet_addr *a, int timeout_ms);
};

/* The client's view of its server. */
struct lmnet {
	const struct lmnet_proto *proto;
	const char	*host;		/* HOST as typed; NULL for a local run */
	struct inet_addr addr;		/* where the server is */
	int		loopback;	/* addr is a loopback address */
	pid_t		child;		/* the local server child, or 0 */
	int		timeout_ms;	/* --timeout: patience with the server */
	unsigned	parallel;	/* -P: clients at once, 1 without */
};

/* lmbench's -P (not lat_connect's) as the other lmbench applets declare
 * it (lmbench.h's -W and -N are taken as they are; bw_tcp declares its own
 * -W: its default is lmbench's 7.5 s). */
#define LMNET_PARALLEL_OPT(O) \
	LMBENCH_OPT_P(O, 1024, "clients at once (threads, a connection each)")

/* -p, each lmnet applet's own: help_ names its protocol and default port. */
#define LMNET_PORT_OPT(O, help_) \
	O(PORT, "port", OPT_INT, help_, .letter = 'p', .max = 65535, .metavar = "PORT", \
	  .key = OPTK_PORT)

/* The TCP servers' limit (lat_tcp, bw_tcp, lat_connect). */
#define LMNET_SESSIONS_OPT(O) \
	O(SESSIONS, "sessions", OPT_INT, "server: most connections open at once", \
	  .def = LMNET_WORD(LMNET_SESSIONS_N), .min = 1, .max = 4096, .flags = OPT_SERVER, \
	  .key = OPTK_SESSIONS)

/* The server and -S options every lmnet applet declares after its own (one
 * declaration, four tables); -p is LMNET_PORT_OPT, with each applet's own
 * help. */
#define LMNET_SERVER_OPTS(O) \
	O(SERVER, "server", OPT_BOOL, "start a server in the background", .letter = 's', \
	  .flags = OPT_SERVER, .key = OPTK_SERVER) \
	O(FOREGROUND, "foreground", OPT_BOOL, "serve here instead (until -S, a signal)", \
	  .flags = OPT_SERVER, .key = OPTK_FOREGROUND) \
	O(BIND, "bind", OPT_STR, "server: on ADDR only [every address]", .flags = OPT_SERVER, \
	  .metavar = "ADDR", .key = OPTK_BIND) \
	O(LIFETIME, "lifetime", OPT_DOUBLE, "server: exit after this long [3600; --foreground 0]", \
	  .min = 0, .max = 1e9, .flags = OPT_SERVER, .metavar = "SECONDS", .key = OPTK_LIFETIME) \
	O(SHUTDOWN, "shutdown", OPT_STR, "ask the server on HOST to exit", .letter = 'S', \
	  .flags = OPT_SERVER, .metavar = "HOST", .key = OPTK_SHUTDOWN) \
	O(TIMEOUT, "timeout", OPT_DOUBLE, "how long to wait for the other side", .def = "5", \
	  .min = 0.01, .max = 86400, .metavar = "SECONDS", .key = OPTK_TIMEOUT)

/* The whole run(): checks the command line, then starts a server (-s,
 * --foreground), asks a server to exit (-S), or sets up the server
 * (forking the local one) and calls client() with SIGPIPE ignored; the
 * child is killed and reaped on every path. -N and -W (when declared) are
 * applied to ctx->bench (-W not with own_warmup), -P to n->parallel.
 * Returns an enum exit_status. */
int lmnet_main(struct run_ctx *ctx, const struct lmnet_proto *p,
	       int (*client)(struct run_ctx *ctx, const struct lmnet *n));

/* A client socket connected to the server (retried for 1 s while it is
 * refused; n->timeout_ms at most), with receive and send timeouts of
 * n->timeout_ms; bufsize > 0 first asks for SO_RCVBUF/SO_SNDBUF of that
 * size (inet_bufsize). -1 with errno set; nothing said. */
int lmnet_dial(const struct lmnet *n, int socktype, int bufsize);

/* Run n->parallel workers (team.h: setup once each, then work together)
 * under the harness: an exit status; *st filled when EXIT_OK. Unpinned
 * unless --cpu was given. */
int lmnet_measure(struct run_ctx *ctx, const struct lmnet *n, team_setup_fn *setup,
		  team_work_fn *work, void *arg, struct bench_stats *st);

/* Set a receive timeout on fd (SO_RCVTIMEO). */
void lmnet_timeout(int fd, int ms);

/* Say on stderr why talking to the server failed: err is an errno value,
 * 0 for "it closed the connection"; a timeout (EAGAIN, ETIMEDOUT,
 * EINPROGRESS) is "HOST port PORT: no answer in T s (what)", without
 * "(what)" for what == "connect". */
void lmnet_fail(const struct lmnet *n, const char *what, int err);

/* The text a record points to. */
struct lmnet_text {
	char	params[160];
	char	label[160];
};

/* The record fields every lmnet client fills alike: test, params (own,
 * ",P=N" with -P, ",host=HOST" when one was given), the classic label
 * "PREFIX HOST" (HOST "localhost" for a local run), the unit (us, lower is
 * better, when r->unit is not set yet), the short flag, and metric (the
 * applet's name) when guide != 0, -P is 1 and the server is on a loopback
 * address. */
void lmnet_result(const struct run_ctx *ctx, const struct lmnet *n, struct result *r,
		  const char *test, const char *own, const char *prefix, int guide,
		  struct lmnet_text *t);

/* emit_result() the record; when wrong is not NULL the self-check failed:
 * the record is flagged with that note, the reason said on stderr, and
 * EXIT_WRONG returned (else EXIT_OK). */
int lmnet_report(struct run_ctx *ctx, struct result *r, const char *wrong);

/* The exit request of a TCP protocol: connect, send req (len may be 0),
 * shut down the sending side and wait (timeout_ms at most for each step)
 * until the server closes. 0, or an errno value. */
int lmnet_quit_stream(const struct inet_addr *a, const void *req, size_t len,
		      int timeout_ms);

/* Read and write exactly n bytes; 0, or an errno value (ECONNRESET for
 * an early end of the stream). */
int lmnet_readn(int fd, void *buf, size_t n);
int lmnet_writen(int fd, const void *buf, size_t n);

/* The server paragraph of the four lmbench network applets' usage, and
 * their exit statuses. */
#define LMNET_SERVER_HELP(name) \
	"\n" \
	"-s starts a server in the background and returns once it listens, on\n" \
	"every address unless --bind ADDR (with -p 0 on a free port, said on\n" \
	"stderr); it serves until '" name " -S HOST', a signal or --lifetime.\n" \
	"--foreground serves here instead. --timeout bounds every wait for the\n" \
	"other side, the client's and the server's.\n"
#define LMNET_EXITS \
	"Exit status: 0 ok (-s: the server listens; -S: it has closed), 1 failure\n" \
	"(a port in use, no answer within --timeout, -S with no server there),\n" \
	"2 usage error, 3 wrong answer, 77 skipped.\n"

#endif
