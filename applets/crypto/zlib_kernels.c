/* zlib_kernels.c - the checksum kernel table of the zlib applet and its
 * portable C rows
 *
 * SPDX-License-Identifier: MIT
 *
 * One row per kernel, grouped by checksum; entry 0 of each is zlib's own
 * crc32_z()/adler32_z() (the reference tests/unit compares every row with),
 * then the portable C row, then the tuned rows of this architecture, in
 * order of expected speed (--kernel=best takes the last usable one):
 *   zlib_crc.c     ARMv8 CRC32B/W/X instructions (aarch64 and AArch32)
 *   zlib_ce.c      ARMv8 PMULL carry-less multiply folding (aarch64, AArch32)
 *   zlib_pclmul.c  x86_64 PCLMULQDQ folding
 *   zlib_zbc.c     riscv64 Zbc clmul/clmulh folding (64-bit scalar halves)
 *   zlib_neon.c    Adler-32 with NEON (aarch64, ARMv7)
 * A row runs only when cpu_features() has all of its `needs` bits. Note
 * that x86's SSE4.2 crc32 instruction computes CRC-32C (Castagnoli), not
 * zlib's CRC-32, so it has no row here.
 *
 * CRC-32 is written from its definition: the message M (first byte's
 * least significant bit first, as the highest power) times x^32, modulo
 * P = x^32 + x^26 + x^23 + x^22 + x^16 + x^12 + x^11 + x^10 + x^8 + x^7 +
 * x^5 + x^4 + x^2 + x + 1 (0x104C11DB7; 0xEDB88320 bit-reflected), with
 * the register preset to and finally XORed with all ones. The C row is
 * slicing-by-8: eight 256-entry tables, table k giving the register after
 * a byte followed by k zero bytes, so eight bytes take eight lookups.
 *
 * The folding kernels keep 8 (zlib_ce.c) or 4 (zlib_pclmul.c, zlib_zbc.c)
 * x 128 bits of message in vector registers (zlib_zbc.c: in pairs of
 * integer registers). A 128-bit lane F = H x^64 + L moved d bits further
 * is F x^d = H x^(d+64) + L x^d, and modulo P each half can be
 * replaced by its product with a 32-bit constant (x^(d+64) mod P and
 * x^d mod P), so folding is two carry-less 64 x 32-bit multiplies and an XOR
 * with the next block. In the reflected domain a 64-bit operand's bit i is
 * x^(63-i); placing a constant C so that its bit j is x^(32-j)
 * (reflect32(C) << 1) makes the product's bit k equal x^(95-k), i.e. the
 * product read as a 128-bit lane is x^32 H C, so the constants are
 * x^(d+64-32) and x^(d-32) mod P: x^1056, x^992 for d = 1024 (eight lanes
 * apart), x^544, x^480 for d = 512 (four lanes apart) and x^160, x^96 for
 * d = 128. (Each is x^e mod P by e shift-and-reduce steps from 1,
 * bit-reflected over 32 bits, shifted left once; tests/unit recomputes every
 * constant that way and checks that folding a random lane with each pair
 * gives the CRC of that lane followed by d bits of zeros.)
 * The final 128 bits F become F x^32 mod P in three steps: H x^96 mod P
 * (constant x^96 again, the product now lands in x^95..x^0) XOR L x^32
 * (L moved to the product's position) leaves 96 bits G; its top 32 bits
 * times x^64 mod P XOR its low 64 leaves a 64-bit Q; then Barrett: with
 * mu = floor(x^64 / P), the quotient is floor(floor(Q / x^32) mu / x^32)
 * and the CRC is the low 32 bits of Q XOR quotient * P. mu and P are 33-bit
 * polynomials, stored reflected over 33 bits.
 *
 * Adler-32 (RFC 1950): a = 1 + the sum of the bytes, b = the sum of the
 * successive values of a, both modulo 65521, result b << 16 | a. The C
 * row defers the modulo: it adds up to NMAX = 5552 bytes in 32-bit sums
 * (the most for which 255 n (n + 1) / 2 + (n + 1) (65521 - 1) < 2^32)
 * before reducing.
 */
#include "zlib_kernels.h"
#include "cpu.h"

#include <pthread.h>
#include <zlib.h>

const char *const zk_op_names[ZK_NOPS] = { "crc32", "adler32" };
const uint32_t zk_op_init[ZK_NOPS] = { 0, 1 };

const uint64_t zk_crc32_fold_k[ZK_K_NCONST] = {
	[ZK_K_FOLD1024_LO] = 0x1e88ef372,	/* reflect32(x^1056 mod P) << 1 */
	[ZK_K_FOLD1024_HI] = 0x14a7fe880,	/* reflect32(x^992 mod P) << 1 */
	[ZK_K_FOLD512_LO] = 0x154442bd4,	/* reflect32(x^544 mod P) << 1 */
	[ZK_K_FOLD512_HI] = 0x1c6e41596,	/* reflect32(x^480 mod P) << 1 */
	[ZK_K_FOLD128_LO] = 0x1751997d0,	/* reflect32(x^160 mod P) << 1 */
	[ZK_K_FOLD128_HI] = 0x0ccaa009e,	/* reflect32(x^96 mod P) << 1 */
	[ZK_K_RED64]      = 0x163cd6124,	/* reflect32(x^64 mod P) << 1 */
	[ZK_K_MU]         = 0x1f7011641,	/* reflect33(floor(x^64 / P)) */
	[ZK_K_POLY]       = 0x1db710641,	/* reflect33(P) */
};

/* Filled by zk_init() from the polynomial rather than compiled in (8 KB
 * less in the binary, a few microseconds once); tests/unit checks entries
 * against their published values. */
uint32_t zk_crc32_table[8][256];

static void crc32_table_fill(void)
{
	uint32_t (*t)[256] = zk_crc32_table, c;
	unsigned n, k, i;

	for (n = 0; n < 256; n++) {
		for (c = n, i = 0; i < 8; i++)
			c = c >> 1 ^ (c & 1 ? 0xEDB88320u : 0);
		t[0][n] = c;
	}
	for (k = 1; k < 8; k++)		/* one zero byte more than table k-1 */
		for (n = 0; n < 256; n++)
			t[k][n] = t[k - 1][n] >> 8 ^ t[0][t[k - 1][n] & 0xff];
}

void zk_init(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;

	pthread_once(&once, crc32_table_fill);
}

static inline uint32_t le32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

uint32_t zk_crc32_slice8(uint32_t crc, const unsigned char *buf, size_t len)
{
	const uint32_t (*t)[256] = zk_crc32_table;
	uint32_t c = ~crc;

	for (; len && ((uintptr_t)buf & 7); len--)	/* head: to 8-byte alignment */
		c = t[0][(c ^ *buf++) & 0xff] ^ c >> 8;
	for (; len >= 8; len -= 8, buf += 8) {
		uint32_t lo = c ^ le32(buf), hi = le32(buf + 4);

		c = t[7][lo & 0xff] ^ t[6][lo >> 8 & 0xff] ^ t[5][lo >> 16 & 0xff] ^
		    t[4][lo >> 24] ^ t[3][hi & 0xff] ^ t[2][hi >> 8 & 0xff] ^
		    t[1][hi >> 16 & 0xff] ^ t[0][hi >> 24];
	}
	while (len--)
		c = t[0][(c ^ *buf++) & 0xff] ^ c >> 8;
	return ~c;
}

uint32_t zk_adler32_c(uint32_t adler, const unsigned char *buf, size_t len)
{
	uint32_t a = adler & 0xffff, b = adler >> 16;

	while (len) {
		size_t n = len < ZK_ADLER_NMAX ? len : ZK_ADLER_NMAX;

		len -= n;
		for (; n >= 8; n -= 8, buf += 8) {
			a += buf[0]; b += a;
			a += buf[1]; b += a;
			a += buf[2]; b += a;
			a += buf[3]; b += a;
			a += buf[4]; b += a;
			a += buf[5]; b += a;
			a += buf[6]; b += a;
			a += buf[7]; b += a;
		}
		for (; n; n--) {
			a += *buf++;
			b += a;
		}
		a %= ZK_ADLER_BASE;
		b %= ZK_ADLER_BASE;
	}
	return b << 16 | a;
}

static uint32_t zk_crc32_zlib(uint32_t crc, const unsigned char *buf, size_t len)
{
	return (uint32_t)crc32_z(crc, buf, len);
}

static uint32_t zk_adler32_zlib(uint32_t adler, const unsigned char *buf, size_t len)
{
	return (uint32_t)adler32_z(adler, buf, len);
}

/* The arch kernels, defined in the sibling files named above. */
#if defined(__aarch64__) || defined(__arm__)
zk_fn crc32_armv8, crc32_pmull, adler32_neon;
#elif defined(__x86_64__)
zk_fn crc32_pclmul;
#elif defined(__riscv) && __riscv_xlen == 64
zk_fn crc32_zbc;
#endif

const struct zk_kernel zk_kernels[] = {
	{ { ZK_CRC32, "zlib", "zlib " ZLIB_VERSION " crc32_z()", 0, 1, 1 }, zk_crc32_zlib },
	{ { ZK_CRC32, "c", "portable C, slicing-by-8 tables", 0, 1, 1 }, zk_crc32_slice8 },
#if defined(__aarch64__)
	{ { ZK_CRC32, "armv8", "ARMv8 CRC32X, 8 bytes per instruction",
	    CPU_CRC32, 1, 1 }, crc32_armv8 },
	{ { ZK_CRC32, "pmull", "PMULL folding, 8x128 bits, Barrett reduction",
	    CPU_ASIMD | CPU_PMULL, 1, 1 }, crc32_pmull },
#elif defined(__arm__)
	{ { ZK_CRC32, "armv8", "ARMv8 AArch32 CRC32W, 4 bytes per instruction",
	    CPU_CRC32, 1, 1 }, crc32_armv8 },
	{ { ZK_CRC32, "pmull", "VMULL.P64 folding, 8x128 bits, Barrett reduction",
	    CPU_ASIMD | CPU_PMULL, 1, 1 }, crc32_pmull },
#elif defined(__x86_64__)
	{ { ZK_CRC32, "pclmul", "PCLMULQDQ folding, 4x128 bits, Barrett reduction",
	    CPU_PMULL | CPU_SSSE3 | CPU_SSE41, 1, 1 }, crc32_pclmul },
#elif defined(__riscv) && __riscv_xlen == 64
	{ { ZK_CRC32, "zbc", "Zbc clmul/clmulh folding, 4x128 bits, Barrett reduction",
	    CPU_ZBC, 1, 1 }, crc32_zbc },
#endif

	{ { ZK_ADLER32, "zlib", "zlib " ZLIB_VERSION " adler32_z()", 0, 1, 1 }, zk_adler32_zlib },
	{ { ZK_ADLER32, "c", "portable C, modulo deferred over 5552 bytes", 0, 1, 1 },
	  zk_adler32_c },
#if defined(__aarch64__) || defined(__arm__)
	{ { ZK_ADLER32, "neon", "NEON, 32 bytes per step, weighted column sums",
	    CPU_ASIMD, 1, 1 }, adler32_neon },
#endif
};

const size_t zk_kernels_len = sizeof(zk_kernels) / sizeof(zk_kernels[0]);
