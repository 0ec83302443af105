/* lmnet.h - the client/server plumbing shared by lat_tcp, lat_udp,
 * lat_connect and bw_tcp (in lmnet.c)
 *
 * SPDX-License-Identifier: MIT
 *
 * Each of the four is one applet with three faces, as lmbench's are:
 *   NAME [options] [HOST]    the client; without HOST a server child is
 *                            forked on 127.0.0.1, port 0, and measured
 *   NAME -s [--bind ADDR]    a server in the foreground: one line on
 *        [-p PORT] [--stay]  stderr once listening, one client session
 *                            (or, with --stay, sessions until -S/a signal)
 *   NAME -S HOST [-p PORT]   ask a --stay server to exit
 * --timeout=SEC (default 5) is how long any of them waits for its peer:
 * a client for its connection and for each answer, then it names the host
 * in one line and exits 1; a server for a client that has gone quiet in a
 * session (the session is over), and, only when given, for a client to
 * come at all (exit 1 if none came, 0 after --stay served some).
 * An applet describes its protocol in a struct lmnet_proto and hands its
 * run() to lmnet_main(); the client part gets a struct lmnet.
 */
#ifndef BENCHBOX_LMNET_H
#define BENCHBOX_LMNET_H

#include <stddef.h>
#include <sys/types.h>

#include "inet.h"

struct run_ctx;
struct result;

/* lmbench's fixed ports (no portmapper): TCP, and UDP's -31238 in 16 bits */
enum lmnet_port {
	LMNET_PORT_TCP_XACT	= 31234,
	LMNET_PORT_TCP_DATA	= 31236,
	LMNET_PORT_TCP_CONNECT	= 31237,
	LMNET_PORT_UDP_XACT	= 34298,
};

/* How one server session ended. */
enum lmnet_end {
	LMNET_DONE,		/* the client finished (or went away) */
	LMNET_EXIT,		/* an exit request (-S) came */
	LMNET_ERROR,		/* the listening socket failed (errno) */
};

struct lmnet_proto {
	const char	*name;		/* the applet, for the "listening on" line */
	int		socktype;	/* SOCK_STREAM or SOCK_DGRAM */
	int		port;		/* lmbench's port, for -s, -S and HOST */
	/* Serve one session on the bound (listening) socket fd; a client
	 * silent for idle_ms in the session is gone (the session is over).
	 * Runs in the foreground server and in the forked local server child. */
	enum lmnet_end	(*serve)(int fd, int idle_ms);
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
};

/* The options every lmnet applet declares after its own (one declaration,
 * four tables); -p is each applet's own, its help names the port. */
#define LMNET_SERVER_OPTS \
	{ "server", 's', OPT_BOOL, NULL, 0, 0, NULL, \
	  "serve in the foreground (one session; see --stay)" }, \
	{ "bind", 0, OPT_STR, INET_LOOPBACK, 0, 0, NULL, "with -s: the address to listen on" }, \
	{ "stay", 0, OPT_BOOL, NULL, 0, 0, NULL, "with -s: serve sessions until -S or a signal" }, \
	{ "shutdown", 'S', OPT_STR, NULL, 0, 0, NULL, "ask the --stay server on HOST to exit" }, \
	INET_TIMEOUT_OPT

/* The whole run(): checks the command line, then serves (-s), asks a
 * server to exit (-S), or sets up the server (forking the local one) and
 * calls client() with SIGPIPE ignored; the child is killed and reaped on
 * every path. Returns an enum exit_status. */
int lmnet_main(struct run_ctx *ctx, const struct lmnet_proto *p,
	       int (*client)(struct run_ctx *ctx, const struct lmnet *n));

/* A client socket connected to the server (retried for 1 s while it is
 * refused; n->timeout_ms at most), with receive and send timeouts of
 * n->timeout_ms; bufsize > 0 first asks for SO_RCVBUF/SO_SNDBUF of that
 * size (inet_bufsize). -1 with the reason said on stderr. */
int lmnet_connect(const struct lmnet *n, int socktype, int bufsize);

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
 * then ",host=HOST" when one was given), the classic label "PREFIX HOST"
 * (HOST "localhost" for a local run), the unit (us, lower is better, when
 * r->unit is not set yet), the short flag, and metric (the applet's name)
 * when guide != 0 and the server is on a loopback address. */
void lmnet_result(const struct run_ctx *ctx, const struct lmnet *n, struct result *r,
		  const char *test, const char *own, const char *prefix, int guide,
		  struct lmnet_text *t);

/* report() the record; when wrong is not NULL the self-check failed:
 * the record is flagged with that note, the reason said on stderr, and
 * EXIT_WRONG returned (else EXIT_OK). */
int lmnet_report(struct run_ctx *ctx, struct result *r, const char *wrong);

/* The exit request of a TCP protocol: connect, send req, wait (timeout_ms
 * at most for each step) until the server closes. When ack is not 0 the server must send
 * that byte first (else EBUSY: it closed without taking the request).
 * 0, or an errno value. */
int lmnet_quit_stream(const struct inet_addr *a, const void *req, size_t len, int ack,
		      int timeout_ms);

/* Read and write exactly n bytes; 0, or an errno value (ECONNRESET for
 * an early end of the stream). */
int lmnet_readn(int fd, void *buf, size_t n);
int lmnet_writen(int fd, const void *buf, size_t n);

/* The --timeout paragraph of the four lmbench network applets' usage. */
#define LMNET_TIMEOUT_HELP \
	"--timeout SEC (default 5) bounds every wait for the other side: the\n" \
	"client gives up on a connection or an answer that has not come in SEC\n" \
	"seconds, says \"HOST port PORT: no answer in SEC s\" and exits 1; a\n" \
	"server ends a session whose client has been silent that long, and,\n" \
	"only when --timeout is given, waits no longer for a client to come\n" \
	"(exit 1 if none came; 0 once --stay has served one).\n"

#endif
