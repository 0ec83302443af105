/* zlib_crc.c - CRC-32 with the ARMv8 CRC32 instructions (aarch64, AArch32)
 *
 * SPDX-License-Identifier: MIT
 *
 * CRC32B/H/W/X compute zlib's CRC-32 (polynomial 0x04C11DB7, bit-reflected;
 * the CRC32C* forms are the Castagnoli polynomial and are not used). They
 * update the register without the preset and final inversion, so the
 * kernel inverts around them. One dependent stream: the bytes up to an
 * 8-byte boundary one at a time, then 8 bytes per CRC32X (AArch64) or two
 * CRC32W (AArch32), unrolled four times, then the tail. Built with
 * -march=armv8-a+crc (Makefile); run only when cpu_features() reports
 * CPU_CRC32 (HWCAP_CRC32 / HWCAP2_CRC32).
 */
#if defined(__aarch64__) || defined(__arm__)
#include "zlib_kernels.h"

#ifndef __ARM_FEATURE_CRC32
#error "zlib_crc.c needs -march=armv8-a+crc (see the Makefile's CRC_CFLAGS)"
#endif
#include <arm_acle.h>
#include <string.h>

uint32_t crc32_armv8(uint32_t crc, const unsigned char *buf, size_t len);

/* 8 bytes into the register, little-endian (the byte order CRC-32 reads). */
static inline uint32_t crc8(uint32_t c, const unsigned char *p)
{
#if defined(__aarch64__)
	uint64_t v;

	memcpy(&v, p, 8);
	return __crc32d(c, v);
#else
	uint32_t lo, hi;

	memcpy(&lo, p, 4);
	memcpy(&hi, p + 4, 4);
	return __crc32w(__crc32w(c, lo), hi);
#endif
}

uint32_t crc32_armv8(uint32_t crc, const unsigned char *buf, size_t len)
{
	uint32_t c = ~crc;

	for (; len && ((uintptr_t)buf & 7); len--)
		c = __crc32b(c, *buf++);
	for (; len >= 32; len -= 32, buf += 32) {
		c = crc8(c, buf);
		c = crc8(c, buf + 8);
		c = crc8(c, buf + 16);
		c = crc8(c, buf + 24);
	}
	for (; len >= 8; len -= 8, buf += 8)
		c = crc8(c, buf);
	while (len--)
		c = __crc32b(c, *buf++);
	return ~c;
}
#endif
