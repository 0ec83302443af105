/* cpu.h - CPU features (HWCAP on Arm and RISC-V, CPUID on x86) and identification
 *
 * SPDX-License-Identifier: MIT
 *
 * Bits are shared across architectures where the capability is the same:
 * CPU_AES is AESE/AESD on Arm and AES-NI on x86, CPU_PMULL is PMULL or
 * PCLMULQDQ, CPU_SHA1/CPU_SHA2 are the Arm SHA instructions or SHA-NI.
 * BENCHBOX_CPU_MASK in the environment (a number such as 0xffffffff, or
 * names such as "avx2,aes") turns features off, so tests can force the
 * portable paths.
 */
#ifndef BENCHBOX_CPU_H
#define BENCHBOX_CPU_H

#include <stddef.h>

enum cpu_feature {
	CPU_ASIMD	= 1u << 0,	/* AArch64 Advanced SIMD / ARMv7 NEON */
	CPU_AES		= 1u << 1,
	CPU_PMULL	= 1u << 2,
	CPU_SHA1	= 1u << 3,
	CPU_SHA2	= 1u << 4,
	CPU_SHA512	= 1u << 5,
	CPU_CRC32	= 1u << 6,	/* Arm CRC32 / x86 SSE4.2 crc32 */
	CPU_ATOMICS	= 1u << 7,	/* AArch64 LSE */
	CPU_SVE		= 1u << 8,
	CPU_VFPV4	= 1u << 9,	/* ARMv7 VFPv4 (fused multiply-add) */
	CPU_IDIV	= 1u << 10,	/* ARMv7 hardware integer divide */
	CPU_CPUID	= 1u << 11,	/* AArch64: EL0 may read MIDR_EL1 */
	CPU_RVV		= 1u << 12,	/* RISC-V vector extension 1.0 (AT_HWCAP 'v') */
	CPU_ZBC		= 1u << 13,	/* RISC-V carry-less multiply (clmul, clmulh) */
	CPU_SSE2	= 1u << 16,
	CPU_SSSE3	= 1u << 17,
	CPU_SSE41	= 1u << 18,
	CPU_AVX		= 1u << 19,	/* CPU and OS (XSAVE of YMM) */
	CPU_AVX2	= 1u << 20,
	CPU_AVX512F	= 1u << 21,
	CPU_ERMS	= 1u << 22,	/* enhanced rep movsb */
};

/* Detected features less BENCHBOX_CPU_MASK; computed once. */
unsigned cpu_features(void);
/* Detected features without the mask. */
unsigned cpu_features_raw(void);
/* Parse a mask: number or feature names separated by ',' or ' '. -1 on garbage. */
int cpu_parse_mask(const char *s, unsigned *out);
/* Space-separated names of the set bits, e.g. "asimd aes sha2". */
const char *cpu_feature_names(unsigned f, char *buf, size_t len);
static inline int cpu_has(unsigned have, unsigned need) { return (have & need) == need; }

/* The architecture this binary was built for: "x86_64", "aarch64", "armv7". */
const char *cpu_arch(void);
/* CPU model: the CPUID brand string on x86, the MIDR implementer/part
 * decoded on Arm (sysfs, else MRS when the kernel allows it, else
 * /proc/cpuinfo); "unknown" if nothing answers. cpu < 0: the current CPU. */
const char *cpu_model(int cpu, char *buf, size_t len);
/* Decode a MIDR value into "ARM Cortex-A53 r0p4"; exposed for tests. */
const char *cpu_midr_name(unsigned long midr, char *buf, size_t len);

#endif
