/* speed_afalg.c - the "kernel" engine of speed: the Linux kernel's crypto
 * API through AF_ALG sockets
 *
 * SPDX-License-Identifier: MIT
 *
 * This is the path that reaches an SoC's crypto accelerator: the kernel
 * picks the highest-priority driver for "cbc(aes)" and the like (an
 * accelerator's, an ARMv8-CE or AES-NI glue driver, or generic C; see
 * /proc/crypto). Each run() is one request: a sendmsg() with the operation,
 * the IV and the data, then a read() of the result, so small blocks
 * measure mostly the system calls and the driver's set-up cost, as openssl
 * speed with the afalg engine does. Requests are cut at 64 KiB.
 *
 * The IV / counter is kept here and sent with every request (the kernel is
 * not relied on to carry it over): CBC continues from the last ciphertext
 * block, CTR adds the number of blocks done, so consecutive calls continue
 * the stream as speed.h asks; CTR lengths must be whole blocks here.
 * setup() fails (errno kept) when AF_ALG, the algorithm or the key is
 * refused: no AF_ALG in the kernel or the sandbox, or CONFIG_CRYPTO_USER_API_*
 * not built; speed then skips the row and says why. The records of a row
 * that ran name the driver the kernel picked (speed_afalg_driver(): the
 * highest-priority usable entry of /proc/crypto for that name); an
 * initramfs gets the modules with mkinitramfs --module.
 */
#include "speed.h"
#include "speed_local.h"

#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#ifdef __linux__
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>
#endif

enum afalg_mode { AF_HASH, AF_ECB, AF_CBC, AF_CTR };
enum { CHUNK = 65536 };

struct afalg {
	int		tfm, op;	/* the algorithm socket and the request socket */
	int		ready;		/* both open: cleanup closes them */
	int		decrypt;
	enum afalg_mode	mode;
	unsigned	block;		/* cipher block, or the digest length */
	uint8_t		iv[16];
};

#ifdef __linux__

/* <linux/if_alg.h>, which musl does not ship (kernel ABI). */
struct afalg_sockaddr {
	uint16_t	family;
	uint8_t		type[14];
	uint32_t	feat, mask;
	uint8_t		name[64];
};
enum { ALG_KEY = 1, ALG_IV = 2, ALG_OP = 3, ALG_DECRYPT = 0, ALG_ENCRYPT = 1 };

static int afalg_open(struct afalg *c, const char *type, const char *name,
		      const uint8_t *key, size_t keylen)
{
	struct afalg_sockaddr sa;
	int err;

	c->tfm = c->op = -1;
	memset(&sa, 0, sizeof(sa));
	sa.family = AF_ALG;
	strncpy((char *)sa.type, type, sizeof(sa.type) - 1);
	strncpy((char *)sa.name, name, sizeof(sa.name) - 1);
	if ((c->tfm = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0)) < 0)
		return -1;
	if (bind(c->tfm, (struct sockaddr *)&sa, sizeof(sa)) ||
	    (key && setsockopt(c->tfm, SOL_ALG, ALG_KEY, key, (socklen_t)keylen)) ||
	    (c->op = accept(c->tfm, NULL, NULL)) < 0) {
		err = errno;
		close(c->tfm);
		c->tfm = -1;
		errno = err;
		return -1;
	}
	c->ready = 1;
	return 0;
}

static int skcipher_setup(void *p, const char *name, enum afalg_mode mode, unsigned block,
			  const char *alg, const uint8_t *key, size_t keylen, int decrypt)
{
	struct afalg *c = p;
	const uint8_t *iv;
	size_t ivlen = 0;

	c->mode = mode;
	c->block = block;
	c->decrypt = decrypt && mode != AF_CTR;
	if ((iv = speed_iv(alg, &ivlen)) && ivlen <= sizeof(c->iv))
		memcpy(c->iv, iv, ivlen);
	return afalg_open(c, "skcipher", name, key, keylen);
}

/* The IV after a request: CBC chains on the last ciphertext block (last,
 * saved before the request: out may be in), CTR adds the blocks done. */
static void next_iv(struct afalg *c, const uint8_t *last, const uint8_t *out, size_t len)
{
	uint64_t add = len / 16;
	int i;

	if (c->mode == AF_CBC) {
		memcpy(c->iv, c->decrypt ? last : out + len - c->block, c->block);
	} else if (c->mode == AF_CTR) {
		for (i = 15; i >= 0 && add; i--) {
			uint64_t v = c->iv[i] + (add & 0xff);

			c->iv[i] = (uint8_t)v;
			add = (add >> 8) + (v >> 8);
		}
	}
}

static int skcipher_run(void *p, const uint8_t *in, uint8_t *out, size_t n)
{
	struct afalg *c = p;
	union {
		char		buf[CMSG_SPACE(sizeof(uint32_t)) + CMSG_SPACE(4 + 16)];
		struct cmsghdr	align;
	} cm;

	if (n % c->block)
		return -1;
	while (n) {
		size_t len = n > CHUNK ? CHUNK : n, got = 0;
		struct iovec iov = { (void *)in, len };
		struct msghdr msg;
		struct cmsghdr *h;
		uint32_t v;
		uint8_t last[16] = { 0 };

		memset(&cm, 0, sizeof(cm));
		memset(&msg, 0, sizeof(msg));
		msg.msg_iov = &iov;
		msg.msg_iovlen = 1;
		msg.msg_control = cm.buf;
		msg.msg_controllen = sizeof(cm.buf);	/* CMSG_NXTHDR checks it; cut below */
		h = CMSG_FIRSTHDR(&msg);
		h->cmsg_level = SOL_ALG;
		h->cmsg_type = ALG_OP;
		h->cmsg_len = CMSG_LEN(sizeof(uint32_t));
		v = c->decrypt ? ALG_DECRYPT : ALG_ENCRYPT;
		memcpy(CMSG_DATA(h), &v, sizeof(v));
		if (c->mode == AF_ECB) {
			msg.msg_controllen = CMSG_SPACE(sizeof(uint32_t));
		} else {	/* struct af_alg_iv: u32 ivlen, then the IV */
			h = CMSG_NXTHDR(&msg, h);
			h->cmsg_level = SOL_ALG;
			h->cmsg_type = ALG_IV;
			h->cmsg_len = CMSG_LEN(4 + 16);
			v = c->mode == AF_CBC ? c->block : 16;
			memcpy(CMSG_DATA(h), &v, sizeof(v));
			memcpy(CMSG_DATA(h) + 4, c->iv, v);
			h->cmsg_len = CMSG_LEN(4 + v);
			msg.msg_controllen = CMSG_SPACE(sizeof(uint32_t)) + CMSG_SPACE(4 + v);
		}
		if (c->mode == AF_CBC && c->decrypt)
			memcpy(last, in + len - c->block, c->block);
		if (sendmsg(c->op, &msg, 0) != (ssize_t)len)
			return -1;
		while (got < len) {
			ssize_t r = read(c->op, out + got, len - got);

			if (r <= 0)
				return -1;
			got += (size_t)r;
		}
		next_iv(c, last, out, len);
		in += len;
		out += len;
		n -= len;
	}
	return 0;
}

static int hash_setup(void *p, const char *name, unsigned dlen)
{
	struct afalg *c = p;

	c->mode = AF_HASH;
	c->block = dlen;
	return afalg_open(c, "hash", name, NULL, 0);
}

static int hash_run(void *p, const uint8_t *in, uint8_t *out, size_t n)
{
	struct afalg *c = p;
	size_t got = 0;

	do {	/* all but the last piece with MSG_MORE; n == 0 still finalises */
		size_t len = n > CHUNK ? CHUNK : n;

		if (send(c->op, in, len, n > len ? MSG_MORE : 0) != (ssize_t)len)
			return -1;
		in += len;
		n -= len;
	} while (n);
	while (got < c->block) {
		ssize_t r = read(c->op, out + got, c->block - got);

		if (r <= 0)
			return -1;
		got += (size_t)r;
	}
	return 0;
}

static void afalg_cleanup(void *p)
{
	struct afalg *c = p;

	if (!c->ready)
		return;
	close(c->op);
	close(c->tfm);
	c->ready = 0;
}

#else	/* !__linux__: no AF_ALG; every setup fails and the rows are skipped */

static int skcipher_setup(void *p, const char *name, enum afalg_mode mode, unsigned block,
			  const char *alg, const uint8_t *key, size_t keylen, int decrypt)
{
	errno = ENOSYS;
	return -1;
}

static int skcipher_run(void *p, const uint8_t *in, uint8_t *out, size_t n)
{
	return -1;
}

static int hash_setup(void *p, const char *name, unsigned dlen)
{
	errno = ENOSYS;
	return -1;
}

static int hash_run(void *p, const uint8_t *in, uint8_t *out, size_t n)
{
	return -1;
}

static void afalg_cleanup(void *p)
{
}

#endif

static int cbc_aes(void *p, const uint8_t *key, size_t keylen, int decrypt)
{
	return skcipher_setup(p, "cbc(aes)", AF_CBC, 16, "aes-128-cbc", key, keylen, decrypt);
}

static int ecb_aes(void *p, const uint8_t *key, size_t keylen, int decrypt)
{
	return skcipher_setup(p, "ecb(aes)", AF_ECB, 16, "aes-128-ecb", key, keylen, decrypt);
}

static int ctr_aes(void *p, const uint8_t *key, size_t keylen, int decrypt)
{
	return skcipher_setup(p, "ctr(aes)", AF_CTR, 16, "aes-128-ctr", key, keylen, decrypt);
}

static int cbc_des3(void *p, const uint8_t *key, size_t keylen, int decrypt)
{
	return skcipher_setup(p, "cbc(des3_ede)", AF_CBC, 8, "des-ede3-cbc", key, keylen,
			      decrypt);
}

static int md5(void *p, const uint8_t *key, size_t keylen, int decrypt)
{
	return hash_setup(p, "md5", 16);
}

static int sha1(void *p, const uint8_t *key, size_t keylen, int decrypt)
{
	return hash_setup(p, "sha1", 20);
}

static int sha256(void *p, const uint8_t *key, size_t keylen, int decrypt)
{
	return hash_setup(p, "sha256", 32);
}

static int sha512(void *p, const uint8_t *key, size_t keylen, int decrypt)
{
	return hash_setup(p, "sha512", 64);
}

/* ---- the driver: /proc/crypto ---- */

/* The kernel's name for each row's algorithm. */
static const struct {
	const char	*alg, *kname;
} knames[] = {
	{ "aes-128-cbc", "cbc(aes)" }, { "aes-192-cbc", "cbc(aes)" }, { "aes-256-cbc", "cbc(aes)" },
	{ "aes-128-ecb", "ecb(aes)" }, { "aes-192-ecb", "ecb(aes)" }, { "aes-256-ecb", "ecb(aes)" },
	{ "aes-128-ctr", "ctr(aes)" }, { "des-ede3-cbc", "cbc(des3_ede)" },
	{ "md5", "md5" }, { "sha1", "sha1" }, { "sha256", "sha256" }, { "sha512", "sha512" },
};

/* The value of "key : value" when line (len bytes) is that key's line, as
 * start and length; 0 when it is another line. */
static int field(const char *line, size_t len, const char *key, const char **v, size_t *vlen)
{
	size_t k = strlen(key), i;

	if (len < k || memcmp(line, key, k))
		return 0;
	for (i = k; i < len && line[i] == ' '; i++)
		;
	if (i == len || line[i] != ':')
		return 0;
	for (i++; i < len && line[i] == ' '; i++)
		;
	*v = line + i;
	*vlen = len - i;
	return 1;
}

const char *speed_afalg_driver_in(const char *text, const char *alg, char *buf, size_t len)
{
	const char *kname = NULL, *p = text, *v, *drv = NULL, *best = NULL;
	size_t i, n, vlen, dlen = 0, blen = 0;
	long prio = 0, best_prio = 0;
	int named = 0, usable = 1;

	for (i = 0; i < ARRAY_LEN(knames); i++)
		if (!strcmp(knames[i].alg, alg))
			kname = knames[i].kname;
	if (!kname || !len)
		return NULL;
	for (;;) {	/* one line a turn; a blank line or the end closes an entry */
		const char *e = strchr(p, '\n');

		n = e ? (size_t)(e - p) : strlen(p);
		if (!n) {
			if (named && usable && drv && (!best || prio > best_prio)) {
				best = drv;
				blen = dlen;
				best_prio = prio;
			}
			named = 0;
			usable = 1;
			drv = NULL;
			prio = 0;
		} else if (field(p, n, "name", &v, &vlen)) {
			named = vlen == strlen(kname) && !memcmp(v, kname, vlen);
		} else if (field(p, n, "driver", &v, &vlen)) {
			drv = v;
			dlen = vlen;
		} else if (field(p, n, "priority", &v, &vlen)) {
			prio = strtol(v, NULL, 10);
		} else if (field(p, n, "selftest", &v, &vlen)) {
			usable &= vlen == 6 && !memcmp(v, "passed", 6);
		} else if (field(p, n, "internal", &v, &vlen)) {
			usable &= !(vlen == 3 && !memcmp(v, "yes", 3));
		}
		if (!e) {
			if (!n)
				break;
			p += n;		/* the end: close the last entry */
		} else {
			p = e + 1;
		}
	}
	if (!best)
		return NULL;
	if (blen >= len)
		blen = len - 1;
	memcpy(buf, best, blen);
	buf[blen] = '\0';
	return buf;
}

const char *speed_afalg_driver(const char *alg, char *buf, size_t len)
{
	char *text = read_sysfile("/proc/crypto", 1 << 20, NULL);
	const char *d = text ? speed_afalg_driver_in(text, alg, buf, len) : NULL;

	free(text);
	return d;
}

#define AF(alg, setup, run) { { 0, "kernel", "the kernel's crypto API (AF_ALG)", 0, 0, 0 }, \
			     alg, sizeof(struct afalg), setup, run, afalg_cleanup }
#define SK(alg, setup) AF(alg, setup, skcipher_run)
#define HASH(alg) AF(#alg, alg, hash_run)
const struct speed_impl speed_kernel[] = {
	SK("aes-128-cbc", cbc_aes),
	SK("aes-192-cbc", cbc_aes),
	SK("aes-256-cbc", cbc_aes),
	SK("aes-128-ecb", ecb_aes),
	SK("aes-192-ecb", ecb_aes),
	SK("aes-256-ecb", ecb_aes),
	SK("aes-128-ctr", ctr_aes),
	SK("des-ede3-cbc", cbc_des3),
	HASH(md5),
	HASH(sha1),
	HASH(sha256),
	HASH(sha512),
	{ { 0 } }
};
#undef SK
#undef HASH
#undef AF
