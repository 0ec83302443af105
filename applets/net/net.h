/* net.h - the net applet's wire protocol, data loops and CPU meter, shared by
 * net.c (the applet and its client), net_server.c and net_io.c
 *
 * SPDX-License-Identifier: MIT
 *
 * The control connection carries fixed-size frames: an 8-byte header
 * (magic "BBNT", protocol version, frame type; big-endian) and NET_WORDS
 * 64-bit big-endian words whose meaning depends on the type. Doubles
 * travel as their IEEE-754 bit patterns.
 *
 *   client -> server  HELLO   test, msg, duration ns, rate bit/s, interval ns,
 *                             the receiver's SO_RCVBUF; ESP: algorithm + 1
 *                             (0: none), HMAC, the client's inbound SPI
 *   server -> client  READY   data port, the sender's msg size, UDP token,
 *                             the server's inbound SPI (ESP)
 *   client -> server  DONE    datagrams and bytes sent (udp_stream only)
 *   server -> client  RESULT  the server's struct net_side
 *   server -> client  ERROR   an enum net_err code; for NET_ERR_IPSEC the
 *                             errno of the server's install (0: the two
 *                             ends were given different --ipsec or --auth),
 *                             the server's algorithm + 1, and from the 4th
 *                             word the kernel's words (text, NUL-ended)
 *
 * With ESP each end installs its own half (ipsec.h) before the data
 * connection: the policies select that connection alone, the control
 * connection stays in the clear. Version 2 added ESP.
 */
#ifndef BENCHBOX_NET_H
#define BENCHBOX_NET_H

#include "inet.h"
#include "ipsec.h"

#include <stddef.h>
#include <stdint.h>

enum {
	NET_MAGIC	= 0x42424e54,	/* "BBNT" */
	NET_VERSION	= 2,
	NET_WORDS	= 12,
	NET_FRAME	= 8 + 8 * NET_WORDS,	/* bytes on the wire */
	NET_PORT	= 12865,	/* netperf's control port */
	NET_UDP_HDR	= 12,		/* token (4) + sequence number (8) */
	NET_UDP_MAX	= 65507,	/* largest IPv4 UDP payload */
	NET_MSG_MAX	= 1 << 24,
	NET_RCVBUF_MAX	= 1 << 30,
	NET_RECV_BUF	= 128 << 10,	/* a TCP receiver's read size (at least) */
	NET_TAIL_MS	= 2000,		/* a UDP receiver's wait for late datagrams */
	NET_QUIET_MS	= 250,		/* no datagram for so long: the rest is lost */
};

enum net_type { NET_HELLO = 1, NET_READY, NET_DONE, NET_RESULT, NET_ERROR };

enum net_test { NET_TCP_STREAM, NET_TCP_MAERTS, NET_UDP_STREAM, NET_NTESTS };

enum net_err {
	NET_ERR_VERSION = 1,	/* another protocol version */
	NET_ERR_REQUEST,	/* a HELLO out of range */
	NET_ERR_SOCKET,		/* the data socket could not be opened */
	NET_ERR_NODATA,		/* no data connection or DONE arrived in time */
	NET_ERR_TRANSFER,	/* the data transfer failed */
	NET_ERR_IPSEC,		/* ESP: asked differently, or not installed */
};

extern const char *const net_test_name[NET_NTESTS];
const char *net_err_text(uint64_t code);

struct net_frame {
	uint32_t	magic;
	uint16_t	version;
	uint16_t	type;
	uint64_t	w[NET_WORDS];
};

/* Send one frame of our version; 0, or -1 with errno set. */
int	net_frame_send(int fd, enum net_type type, const uint64_t *w);
/* Receive one frame, waiting at most wait_ms for it. 0, or -1 with errno
 * set (0 when the peer closed the connection, EAGAIN on timeout). The
 * caller checks magic, version and type. */
int	net_frame_recv(int fd, struct net_frame *f, int wait_ms);
/* Text in frame words: s (cut to 8 n - 1 bytes) into w[0..n), and back
 * into out[len] (bytes outside printable ASCII as '?'). */
void	net_text_put(const char *s, uint64_t *w, int n);
void	net_text_get(const uint64_t *w, int n, char *out, size_t len);
uint64_t net_dbits(double v);
double	net_dval(uint64_t bits);

/* What one side measured of one transfer. */
struct net_side {
	uint64_t	bytes;		/* payload bytes sent or received */
	uint64_t	dgrams;		/* UDP datagrams sent or received */
	uint64_t	ns;		/* the window the rate is taken over */
	double		bps;		/* headline rate, bits/s */
	double		lo, mid, hi;	/* min/median/max of the interval rates */
	unsigned	nsamples;	/* intervals (0: the run was shorter than one) */
	double		cpu;		/* % busy over all CPUs; NaN = unknown */
	uint64_t	errors;		/* UDP sends the stack refused (ENOBUFS) */
};

void	net_side_put(const struct net_side *s, uint64_t *w);
void	net_side_get(struct net_side *s, const uint64_t *w);

/* One direction of data: who sends what, for how long, how fast. */
struct net_flow {
	int		fd;
	int		udp;
	char		*buf;		/* msg bytes; UDP: the header goes in front */
	size_t		msg;
	uint64_t	ns;		/* sending time */
	uint64_t	rate;		/* bits/s; 0 = as fast as the socket takes */
	uint64_t	interval;	/* receiver's sampling interval, ns */
	uint64_t	rcvbuf;		/* receiver's SO_RCVBUF; 0 = the system's */
	uint32_t	token;		/* UDP: marks our datagrams */
	int		wait_ms;	/* --timeout: patience for the peer's next step */
};

/* Send for f->ns, paced to f->rate by a sleep-until-deadline schedule. */
int	net_send(const struct net_flow *f, struct net_side *out);
/* Receive a TCP stream until EOF; the window starts now. */
int	net_recv_tcp(const struct net_flow *f, struct net_side *out);
/* Receive datagrams until the DONE frame arrives on cfd and all of them
 * are in (or the socket stays quiet); *sent gets the sender's count, *cpu the CPU times when
 * DONE came. The window runs from now (READY has just gone out) to the
 * last datagram, so a receiver that starts late cannot shorten it. */
struct net_cpu;
int	net_recv_udp(const struct net_flow *f, int cfd, struct net_side *out, uint64_t *sent,
		     struct net_cpu *cpu);

/* Socket options, ignoring failures. */
void	net_timeouts(int fd, int ms);
/* The sender's default msg size: SO_SNDBUF of a fresh socket (netperf's
 * rule), bounded to 1..NET_MSG_MAX. */
size_t	net_default_msg(int fd);

/* Whole-system CPU time from /proc/stat's first line. */
struct net_cpu {
	uint64_t	busy, total;
	int		ok;
};
void	net_cpu_read(struct net_cpu *c);
double	net_cpu_util(const struct net_cpu *a, const struct net_cpu *b);	/* % or NaN */

uint64_t net_now_ns(void);

/* One test as a client (net_client.c): the server at ctl, the test, the
 * flow (msg, ns, rate, interval, rcvbuf, wait_ms); local and remote are
 * what each side measured. EXIT_OK, or EXIT_FAIL with the reason said. */
struct net_client {
	enum net_test	test;
	struct inet_addr ctl;		/* the server's control address */
	struct net_flow	flow;
	struct net_side	local, remote;
	const struct ipsec_conf *ipsec;	/* ESP for the data connection, or NULL */
	struct nl_sock	*xf;		/* NETLINK_XFRM here; NULL: one of its own */
	/* where ESP could not be installed: the errno (EPROTONOSUPPORT: no
	 * ESP; ENOSYS, ENOENT: no such transform), the kernel's words, whether
	 * it was the server's kernel, and whether this end has no NETLINK_XFRM
	 * at all; not said: the caller says it */
	int		esp_errno, esp_server, esp_noxfrm;
	char		esp_why[160];
	/* what this end's SAs transformed during the test, out and in;
	 * esp_counted 0 when they could not be read back */
	struct esp_count esp_out, esp_in;
	int		esp_counted;
	struct nl_sock	own_xf;
	struct ipsec_half half;
};
/* EXIT_OK, EXIT_FAIL (said), or EXIT_SKIP where ESP cannot be installed at
 * one end (esp_errno, esp_why, esp_server: the caller says it). */
int	net_client_test(struct net_client *c);
/* The self-checks of a test that ran: the receiver counted every byte
 * sent (TCP) and no more datagrams than were sent (UDP); through ESP,
 * every byte this end sent (for tcp_maerts received) went through its
 * SA, as the kernel counted. 0, or -1 with the reason in why. */
int	net_client_check(const struct net_client *c, char *why, size_t len);
/* Through ESP, the packets the data's direction carried (its SA's count
 * on this end: out for a stream this end sent, in for tcp_maerts) per
 * second of the sender's window, in thousands (the guides' Packets/Sec);
 * NaN without ESP, without the counts, or without a window. */
double	net_client_esp_kpps(const struct net_client *c);

/* net_server.c: serve one control connection accepted on lfd, waiting
 * wait_ms for each step of the client; --stay forks a child per
 * connection. come_ms >= 0 (-s --timeout) is how long to wait for a client
 * to come (exit 1 if none came, 0 after --stay served some). ipsec: what
 * this server was given with --ipsec (NULL: none), which a client's ESP
 * must match. 0 when the test ran, else 1. */
int	net_serve_one(int lfd, int wait_ms, const struct ipsec_conf *ipsec);
int	net_serve(int lfd, int stay, int wait_ms, int come_ms, const struct ipsec_conf *ipsec);

#endif
