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
	CPU_BMI2	= 1u << 23,	/* BMI1 and BMI2 (andn, rorx, shrx) */
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

/* The architecture this binary was built for: "x86_64", "aarch64", "armv7",
 * "riscv64". */
const char *cpu_arch(void);
/* CPU model: the CPUID brand string on x86, the MIDR implementer/part
 * decoded on Arm (sysfs, else MRS when the kernel allows it, else
 * /proc/cpuinfo), on RISC-V /proc/cpuinfo's "uarch" ("sifive,u74-mc"),
 * else its mvendorid/marchid/mimpid (cpu_riscv_name); "unknown" if nothing
 * answers. cpu < 0: the current CPU (the first on RISC-V). */
const char *cpu_model(int cpu, char *buf, size_t len);
/* Decode a MIDR value into "ARM Cortex-A53 r0p4"; exposed for tests. */
const char *cpu_midr_name(unsigned long midr, char *buf, size_t len);

/* RISC-V. The parsers and readers below are built on every architecture
 * (a captured board's /proc and /sys replay anywhere, and the host's
 * tests and fuzzer run them); hwprobe and vlenb answer only on riscv64.
 *
 * cpu_isa_parse: an ISA string as /proc/cpuinfo's "isa" line and the
 * devicetree's riscv,isa write it ("rv64imafdcv_zicsr_zba1p0", any case):
 * its extensions into exts (lower case, versions dropped, 'g' as
 * i m a f d zicsr zifencei, each once, space-separated, whole names only
 * when exts is short), and the CPU_* bits they give (v: CPU_RVV, zbc:
 * CPU_ZBC). -1 (exts "") when s does not start rv32, rv64 or rv128.
 * cpu_isa_list: the same from the devicetree's riscv,isa-extensions, n
 * bytes of NUL-separated names. Names of other bytes than [a-z0-9] (any
 * case), that start with a digit or are 64 bytes or more are left out,
 * and so is the rest of the single-letter part after a byte no ISA has.
 * Neither reads past s's NUL or blob[n-1]. */
int cpu_isa_parse(const char *s, char *exts, size_t len);
int cpu_isa_list(const char *blob, size_t n, char *exts, size_t len);

/* The ISA of the first CPU: /proc/cpuinfo's "isa", else riscv,isa of the
 * devicetree's first enabled cpu node (its riscv,isa-extensions, when it
 * has one, for exts). *source is "cpuinfo" or "devicetree". The CPU_*
 * bits of cpu_isa_parse, or -1 when neither has one. */
int cpu_riscv_isa(char *isa, size_t ilen, char *exts, size_t elen, const char **source);
/* Linux's riscv_hwprobe: 0 with the RISCV_HWPROBE_KEY_IMA_EXT_0 bits in
 * *ext0 when the kernel answers, else -1 with errno (ENOSYS before Linux
 * 6.4, and on other architectures). */
int cpu_riscv_hwprobe(unsigned long long *ext0);
/* The vector register length in bits (csrr vlenb), 0 without CPU_RVV. */
unsigned cpu_riscv_vlen(void);
/* A core from mvendorid, marchid and mimpid: "SiFive U7 series mimpid
 * 0x4210427", "T-Head marchid 0x0 mimpid 0x0", or all three in hex for a
 * vendor not known; exposed for tests. */
const char *cpu_riscv_name(unsigned long long mvendorid, unsigned long long marchid,
			   unsigned long long mimpid, char *buf, size_t len);

/* The value of key ("isa", "uarch", "CPU part") in /proc/cpuinfo's block
 * of processor cpu (cpu < 0: the first block), trimmed: its length, or -1
 * when there is none. Whole key only ("hart" is not "hart isa").
 * cpu_info_find: the same in text, /proc/cpuinfo's bytes up to a NUL;
 * lines of CPU_INFO_LINE bytes or more are left out whole; the value is
 * cut to len - 1 bytes. For a fuzzer: reads nothing past the NUL, writes
 * at most len bytes of buf, and a result >= 0 is strlen(buf). */
enum { CPU_INFO_LINE = 4095 };
int cpu_info_field(int cpu, const char *key, char *buf, size_t len);
int cpu_info_find(const char *text, int cpu, const char *key, char *buf, size_t len);
/* The MIDR of processor cpu (cpu < 0: the first) from /proc/cpuinfo's
 * text as Arm kernels write it ("CPU implementer : 0x41", "CPU variant",
 * "CPU part", "CPU revision"; the first and third needed, each value
 * within its field's bits, else the line is not taken): 0, or -1. Built
 * on every architecture, for the tests and the fuzzer. */
int cpu_info_midr(const char *text, int cpu, unsigned long *midr);
/* The same from this system's /proc/cpuinfo (through BENCHBOX_SYSROOT). */
int cpu_info_midr_now(int cpu, unsigned long *midr);
/* A property of the devicetree's first cpu node that is not disabled
 * (/proc/device-tree/cpus/cpu@N, else /sys/firmware/devicetree/base):
 * read_text()'s length, or -1. */
int cpu_dt_prop(const char *prop, char *buf, size_t len);

#endif
