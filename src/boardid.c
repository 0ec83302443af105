/* boardid.c - which of the embedded boards this machine is, from its devicetree
 *
 * SPDX-License-Identifier: MIT
 *
 * The strings below are facts from the Linux kernel's device trees
 * (arch/arm64/boot/dts/ti/), each the first (board) or a later (SoC)
 * entry of the root node's compatible list:
 *   k3-j721e-common-proc-board.dts  "ti,j721e-evm", "ti,j721e"
 *   k3-j7200-common-proc-board.dts  "ti,j7200-evm", "ti,j7200"
 *   k3-j721s2-common-proc-board.dts "ti,j721s2-evm", "ti,j721s2"
 *   k3-j784s4-evm.dts               "ti,j784s4-evm", "ti,j784s4"
 *   k3-j742s2-evm.dts               "ti,j742s2-evm", "ti,j742s2"
 *   k3-j722s-evm.dts                "ti,j722s-evm", "ti,j722s"
 *   k3-am625-sk.dts                 "ti,am625-sk", "ti,am625"
 *   k3-am62-lp-sk.dts               "ti,am62-lp-sk", "ti,am625"
 *   k3-am6254atl-sk.dts             "ti,am6254atl-sk", "ti,am6254atl", "ti,am625"
 *   k3-am6254xxl-sk.dts (TI's SDK kernel) "ti,am6254xxl-sk", "ti,am6254xxl"
 * The J721E guide's board is the EVM (common processor board) with the
 * IDK-GW expansion, which has no compatible of its own: ti,j721e-evm. The
 * J721E SK (k3-j721e-sk.dts, "ti,j721e-sk"), the AM68/AM69 SKs, the
 * Beagle boards and the like are other boards on a guide board's SoC:
 * judged as that SoC's guide board by the SoC string, and said so.
 */
#include "boardid.h"
#include "refdata.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct boardid_map {
	const char	*compat;
	const char	*alias;		/* the board's alias in refdata */
};

static const struct boardid_map boardid_boards[] = {
	{ "ti,j721e-evm",	"j721e" },
	{ "ti,j7200-evm",	"j7200" },
	{ "ti,j721s2-evm",	"j721s2" },
	{ "ti,j784s4-evm",	"j784s4" },
	{ "ti,j742s2-evm",	"j742s2" },
	{ "ti,j722s-evm",	"j722s" },
	{ "ti,am625-sk",	"am62x" },
	{ "ti,am62-lp-sk",	"am62x-lp" },
	{ "ti,am6254atl-sk",	"am62x-sip" },
	{ "ti,am6254xxl-sk",	"am62x-sip" },
};

/* A SoC's guide board: the one board of the guides built on it. */
static const struct boardid_map boardid_socs[] = {
	{ "ti,j721e",		"j721e" },
	{ "ti,j7200",		"j7200" },
	{ "ti,j721s2",		"j721s2" },
	{ "ti,j784s4",		"j784s4" },
	{ "ti,j742s2",		"j742s2" },
	{ "ti,j722s",		"j722s" },
	{ "ti,am6254atl",	"am62x-sip" },	/* the SiP, before its ti,am625 */
	{ "ti,am6254xxl",	"am62x-sip" },
	{ "ti,am625",		"am62x" },
};

#define BOARDID_SHOW	64	/* characters of one string shown in why */
#define BOARDID_LIST	4	/* strings listed when none matches */

/* Appends to why without overflowing it. */
struct boardid_out {
	char	*buf;
	size_t	len, used;
};

static void out_str(struct boardid_out *o, const char *s, size_t n)
{
	size_t room;

	if (!o->len || o->used >= o->len - 1)
		return;
	room = o->len - 1 - o->used;
	if (n > room)
		n = room;
	memcpy(o->buf + o->used, s, n);
	o->used += n;
	o->buf[o->used] = '\0';
}

static void out_cstr(struct boardid_out *o, const char *s)
{
	out_str(o, s, strlen(s));
}

/* A string from the devicetree, quoted: printable ASCII but '"' and '\'
 * kept, any other byte '?', cut at BOARDID_SHOW characters ("..."). */
static void out_quoted(struct boardid_out *o, const char *s, size_t n)
{
	size_t i;
	char c;

	out_cstr(o, "\"");
	for (i = 0; i < n && i < BOARDID_SHOW; i++) {
		c = s[i];
		if ((unsigned char)c < 0x20 || (unsigned char)c > 0x7e || c == '"' || c == '\\')
			c = '?';
		out_str(o, &c, 1);
	}
	if (n > BOARDID_SHOW)
		out_cstr(o, "...");
	out_cstr(o, "\"");
}

/* The next non-empty string of blob at or after *pos: its start and
 * length (up to a NUL or the end), *pos moved past it; NULL at the end. */
static const char *next_str(const char *blob, size_t len, size_t *pos, size_t *n)
{
	const char *s, *nul;

	while (*pos < len && blob[*pos] == '\0')
		(*pos)++;
	if (*pos >= len)
		return NULL;
	s = blob + *pos;
	nul = memchr(s, '\0', len - *pos);
	*n = nul ? (size_t)(nul - s) : len - *pos;
	*pos += *n;
	return s;
}

static const struct boardid_map *find(const struct boardid_map *map, size_t count,
				      const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < count; i++)
		if (strlen(map[i].compat) == n && !memcmp(map[i].compat, s, n))
			return &map[i];
	return NULL;
}

/* The entry of map that names the first string it can, in blob's order. */
static const struct boardid_map *scan(const struct boardid_map *map, size_t count,
				      const char *blob, size_t len)
{
	const struct boardid_map *m;
	const char *s;
	size_t pos = 0, n;

	while ((s = next_str(blob, len, &pos, &n)))
		if ((m = find(map, count, s, n)))
			return m;
	return NULL;
}

static void out_model(struct boardid_out *o, const char *model, size_t mlen)
{
	const char *nul;

	if (!model)
		return;
	if ((nul = memchr(model, '\0', mlen)))
		mlen = (size_t)(nul - model);
	if (!mlen)
		return;
	out_cstr(o, ", model ");
	out_quoted(o, model, mlen);
}

const struct ref_board *boardid_match(const char *blob, size_t len, const char *model,
				      size_t mlen, char *why, size_t wlen)
{
	struct boardid_out o = { why, wlen, 0 };
	const struct boardid_map *m;
	const struct ref_board *b;
	const char *s;
	size_t pos = 0, n, i;

	if (wlen)
		why[0] = '\0';
	if (!blob || !(s = next_str(blob, len, &pos, &n))) {
		out_cstr(&o, "devicetree compatible is empty");
		return NULL;
	}
	out_cstr(&o, "devicetree compatible ");
	if ((m = scan(boardid_boards, ARRAY_LEN(boardid_boards), blob, len))) {
		out_quoted(&o, m->compat, strlen(m->compat));
		out_model(&o, model, mlen);
		return ref_board(m->alias);
	}
	if ((m = scan(boardid_socs, ARRAY_LEN(boardid_socs), blob, len))) {
		out_quoted(&o, s, n);
		out_model(&o, model, mlen);
		b = ref_board(m->alias);
		out_cstr(&o, ": SoC ");
		out_cstr(&o, m->compat);
		out_cstr(&o, ", not a board the guides name: judged as ");
		out_cstr(&o, m->alias);
		return b;
	}
	for (i = 0, pos = 0; (s = next_str(blob, len, &pos, &n)); i++) {
		if (i)
			out_cstr(&o, ", ");
		if (i == BOARDID_LIST) {
			out_cstr(&o, "...");
			break;
		}
		out_quoted(&o, s, n);
	}
	out_cstr(&o, " matches no known board");
	return NULL;
}

/* Up to max bytes of a devicetree property into buf (max + 1 bytes): the
 * length; -1 with errno (ENOENT when neither path has it); -2 when it is
 * over max bytes (buf holds the first max); -3 when it is not a regular
 * file (a FIFO or a device in a captured sysroot is not waited on). */
static ssize_t read_prop(const char *name, char *buf, size_t max)
{
	static const char *const dirs[] = {
		"/proc/device-tree/", "/sys/firmware/devicetree/base/",
	};
	char path[128];
	size_t got = 0, i;
	ssize_t k = 0;
	int fd = -1, err;

	for (i = 0; i < ARRAY_LEN(dirs) && fd < 0; i++) {
		snprintf(path, sizeof(path), "%s%s", dirs[i], name);
		fd = sysfile_open(path);
		if (fd < 0 && (errno == EBB_NOTREG || errno == EISDIR))
			return -3;
		if (fd < 0 && errno != ENOENT && errno != ENOTDIR)
			return -1;
	}
	if (fd < 0) {
		errno = ENOENT;
		return -1;
	}
	for (;;) {
		k = read(fd, buf + got, max + 1 - got);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			break;
		got += (size_t)k;
		if (got > max)
			break;
	}
	err = errno;
	close(fd);
	if (k < 0) {
		errno = err;
		return -1;
	}
	return got > max ? -2 : (ssize_t)got;
}

const struct ref_board *boardid_detect(char *why, size_t wlen)
{
	char compat[BOARDID_MAX + 1], model[BOARDID_MAX + 1];
	const char *nul;
	ssize_t n, m;
	size_t len, mlen;

	n = read_prop("compatible", compat, BOARDID_MAX);
	if (n == -1 && errno == ENOENT) {
		snprintf(why, wlen, "no devicetree: not a devicetree board");
		return NULL;
	}
	if (n == -1 || n == -3) {
		snprintf(why, wlen, "devicetree compatible: %s",
			 n == -3 ? "not a regular file" : strerror(errno));
		return NULL;
	}
	len = (size_t)n;
	if (n == -2) {
		/* over the limit: only the strings that end inside it */
		len = 0;
		for (nul = compat; (nul = memchr(nul, '\0', BOARDID_MAX - (size_t)(nul - compat)));
		     nul++)
			len = (size_t)(nul - compat) + 1;
	}
	m = read_prop("model", model, BOARDID_MAX);
	mlen = m == -2 ? BOARDID_MAX : m < 0 ? 0 : (size_t)m;
	return boardid_match(compat, len, mlen ? model : NULL, mlen, why, wlen);
}
