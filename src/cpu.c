/* cpu.c - CPU features and identification
 *
 * SPDX-License-Identifier: MIT
 */
#include "cpu.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/auxv.h>
#endif
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

static const struct {
	unsigned	bit;
	const char	*name;
} names[] = {
#if defined(__x86_64__) || defined(__i386__)
	{ CPU_SSE2, "sse2" }, { CPU_SSSE3, "ssse3" }, { CPU_SSE41, "sse4.1" },
	{ CPU_CRC32, "sse4.2" }, { CPU_AVX, "avx" }, { CPU_AVX2, "avx2" },
	{ CPU_AVX512F, "avx512f" }, { CPU_AES, "aes" }, { CPU_PMULL, "pclmul" },
	{ CPU_SHA1 | CPU_SHA2, "sha" }, { CPU_ERMS, "erms" },
#elif defined(__riscv)
	{ CPU_RVV, "v" }, { CPU_ZBC, "zbc" },
#else
	{ CPU_ASIMD, "asimd" }, { CPU_AES, "aes" }, { CPU_PMULL, "pmull" },
	{ CPU_SHA1, "sha1" }, { CPU_SHA2, "sha2" }, { CPU_SHA512, "sha512" },
	{ CPU_CRC32, "crc32" }, { CPU_ATOMICS, "atomics" }, { CPU_SVE, "sve" },
	{ CPU_VFPV4, "vfpv4" }, { CPU_IDIV, "idiv" }, { CPU_CPUID, "cpuid" },
#endif
};

const char *cpu_arch(void)
{
#if defined(__x86_64__)
	return "x86_64";
#elif defined(__aarch64__)
	return "aarch64";
#elif defined(__arm__)
	return "armv7";
#elif defined(__riscv) && __riscv_xlen == 64
	return "riscv64";
#else
	return "unknown";
#endif
}

#if defined(__x86_64__) || defined(__i386__)
static unsigned detect(void)
{
	unsigned a, b, c, d, f = 0, max = __get_cpuid_max(0, NULL);

	if (max < 1 || !__get_cpuid(1, &a, &b, &c, &d))
		return 0;
	if (d & (1u << 26)) f |= CPU_SSE2;
	if (c & (1u << 9))  f |= CPU_SSSE3;
	if (c & (1u << 19)) f |= CPU_SSE41;
	if (c & (1u << 20)) f |= CPU_CRC32;
	if (c & (1u << 25)) f |= CPU_AES;
	if (c & (1u << 1))  f |= CPU_PMULL;
	if ((c & (1u << 27)) && (c & (1u << 28))) {	/* OSXSAVE and AVX */
		unsigned lo, hi;

		__asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
		if ((lo & 6) == 6)			/* the OS saves XMM and YMM */
			f |= CPU_AVX;
		if (max >= 7 && __get_cpuid_count(7, 0, &a, &b, &c, &d)) {
			if ((f & CPU_AVX) && (b & (1u << 5)))
				f |= CPU_AVX2;
			if ((f & CPU_AVX) && (b & (1u << 16)) && (lo & 0xe0) == 0xe0)
				f |= CPU_AVX512F;
		}
	}
	if (max >= 7 && __get_cpuid_count(7, 0, &a, &b, &c, &d)) {
		if (b & (1u << 29)) f |= CPU_SHA1 | CPU_SHA2;
		if (b & (1u << 9))  f |= CPU_ERMS;
	}
	return f;
}
#elif defined(__aarch64__) && defined(__linux__)
static unsigned detect(void)
{
	unsigned long hw = getauxval(AT_HWCAP);
	unsigned f = 0;

	/* bit numbers from the kernel's arch/arm64 uapi hwcap.h */
	if (hw & (1ul << 1))  f |= CPU_ASIMD;
	if (hw & (1ul << 3))  f |= CPU_AES;
	if (hw & (1ul << 4))  f |= CPU_PMULL;
	if (hw & (1ul << 5))  f |= CPU_SHA1;
	if (hw & (1ul << 6))  f |= CPU_SHA2;
	if (hw & (1ul << 7))  f |= CPU_CRC32;
	if (hw & (1ul << 8))  f |= CPU_ATOMICS;
	if (hw & (1ul << 11)) f |= CPU_CPUID;
	if (hw & (1ul << 21)) f |= CPU_SHA512;
	if (hw & (1ul << 22)) f |= CPU_SVE;
	return f;
}
#elif defined(__arm__) && defined(__linux__)
static unsigned detect(void)
{
	unsigned long hw = getauxval(AT_HWCAP), hw2 = getauxval(AT_HWCAP2);
	unsigned f = 0;

	/* bit numbers from the kernel's arch/arm uapi hwcap.h */
	if (hw & (1ul << 12)) f |= CPU_ASIMD;	/* HWCAP_NEON */
	if (hw & (1ul << 16)) f |= CPU_VFPV4;
	if (hw & (1ul << 18)) f |= CPU_IDIV;	/* HWCAP_IDIVT (Thumb; we are Thumb-2) */
	if (hw2 & (1ul << 0)) f |= CPU_AES;
	if (hw2 & (1ul << 1)) f |= CPU_PMULL;
	if (hw2 & (1ul << 2)) f |= CPU_SHA1;
	if (hw2 & (1ul << 3)) f |= CPU_SHA2;
	if (hw2 & (1ul << 4)) f |= CPU_CRC32;
	return f;
}
#elif defined(__riscv) && defined(__linux__)
static unsigned detect(void)
{
	unsigned long hw = getauxval(AT_HWCAP);
	unsigned f = 0;

	/* one bit per single-letter extension, 'a' = bit 0; the kernel sets
	 * 'v' only where it saves and restores the vector state */
	if (hw & (1ul << ('v' - 'a'))) f |= CPU_RVV;
	return f;
}
#else
static unsigned detect(void)
{
	return 0;
}
#endif

unsigned cpu_features_raw(void)
{
	return detect();
}

int cpu_parse_mask(const char *s, unsigned *out)
{
	char word[32];
	unsigned m = 0;
	uint64_t v;
	size_t i, n;

	if (!parse_uint_hex(s, &v)) {
		if (v > 0xffffffffull)
			return -1;
		*out = (unsigned)v;
		return 0;
	}
	while (*s) {
		s += strspn(s, ", ");
		n = strcspn(s, ", ");
		if (!n)
			break;
		if (n >= sizeof(word))
			return -1;
		memcpy(word, s, n);
		word[n] = '\0';
		for (i = 0; i < ARRAY_LEN(names); i++)
			if (!strcmp(word, names[i].name))
				break;
		if (i == ARRAY_LEN(names))
			return -1;
		m |= names[i].bit;
		s += n;
	}
	*out = m;
	return 0;
}

unsigned cpu_features(void)
{
	static int done;		/* computed once: the answer cannot change */
	static unsigned f;

	if (!done) {
		const char *env = getenv("BENCHBOX_CPU_MASK");
		unsigned mask = 0;

		f = detect();
		if (env && *env && cpu_parse_mask(env, &mask))
			warnf("BENCHBOX_CPU_MASK='%s' is neither a number nor feature names; ignored", env);
		f &= ~mask;
		done = 1;
	}
	return f;
}

const char *cpu_feature_names(unsigned f, char *buf, size_t len)
{
	size_t i, n = 0;

	buf[0] = '\0';
	for (i = 0; i < ARRAY_LEN(names); i++)
		if ((f & names[i].bit) == names[i].bit && n < len)
			n += (size_t)snprintf(buf + n, len - n, "%s%s", n ? " " : "", names[i].name);
	return buf;
}

/* MIDR implementer/part pairs of the cores a bring-up engineer meets. */
static const struct {
	unsigned	impl, part;
	const char	*name;
} parts[] = {
	{ 0x41, 0xc07, "Cortex-A7" },	{ 0x41, 0xc08, "Cortex-A8" },
	{ 0x41, 0xc09, "Cortex-A9" },	{ 0x41, 0xc0d, "Cortex-A12" },
	{ 0x41, 0xc0e, "Cortex-A17" },	{ 0x41, 0xc0f, "Cortex-A15" },
	{ 0x41, 0xd01, "Cortex-A32" },	{ 0x41, 0xd03, "Cortex-A53" },
	{ 0x41, 0xd04, "Cortex-A35" },	{ 0x41, 0xd05, "Cortex-A55" },
	{ 0x41, 0xd06, "Cortex-A65" },	{ 0x41, 0xd07, "Cortex-A57" },
	{ 0x41, 0xd08, "Cortex-A72" },	{ 0x41, 0xd09, "Cortex-A73" },
	{ 0x41, 0xd0a, "Cortex-A75" },	{ 0x41, 0xd0b, "Cortex-A76" },
	{ 0x41, 0xd0c, "Neoverse-N1" },	{ 0x41, 0xd0d, "Cortex-A77" },
	{ 0x41, 0xd0e, "Cortex-A76AE" },{ 0x41, 0xd40, "Neoverse-V1" },
	{ 0x41, 0xd41, "Cortex-A78" },	{ 0x41, 0xd42, "Cortex-A78AE" },
	{ 0x41, 0xd44, "Cortex-X1" },	{ 0x41, 0xd46, "Cortex-A510" },
	{ 0x41, 0xd47, "Cortex-A710" },	{ 0x41, 0xd48, "Cortex-X2" },
	{ 0x41, 0xd49, "Neoverse-N2" },	{ 0x41, 0xd4a, "Neoverse-E1" },
	{ 0x41, 0xd4b, "Cortex-A78C" },	{ 0x41, 0xd4d, "Cortex-A715" },
	{ 0x41, 0xd4e, "Cortex-X3" },	{ 0x41, 0xd4f, "Neoverse-V2" },
	{ 0x41, 0xd80, "Cortex-A520" },	{ 0x41, 0xd81, "Cortex-A720" },
	{ 0x41, 0xd82, "Cortex-X4" },	{ 0x41, 0xd87, "Cortex-A725" },
	{ 0x41, 0xd8e, "Neoverse-N3" },
	{ 0x51, 0x800, "Kryo 2xx Gold" },{ 0x51, 0x801, "Kryo 2xx Silver" },
	{ 0x51, 0x802, "Kryo 3xx Gold" },{ 0x51, 0x803, "Kryo 3xx Silver" },
	{ 0x61, 0x022, "Apple M1 Icestorm" }, { 0x61, 0x023, "Apple M1 Firestorm" },
	{ 0xc0, 0xac3, "Ampere-1" },
};

static const char *implementer(unsigned impl)
{
	switch (impl) {
	case 0x41: return "ARM";
	case 0x42: return "Broadcom";
	case 0x43: return "Cavium";
	case 0x46: return "Fujitsu";
	case 0x48: return "HiSilicon";
	case 0x4e: return "NVIDIA";
	case 0x51: return "Qualcomm";
	case 0x53: return "Samsung";
	case 0x56: return "Marvell";
	case 0x61: return "Apple";
	case 0x69: return "Intel";
	case 0x6d: return "Microsoft";
	case 0xc0: return "Ampere";
	default:   return NULL;
	}
}

const char *cpu_midr_name(unsigned long midr, char *buf, size_t len)
{
	unsigned impl = (unsigned)(midr >> 24) & 0xff, part = (unsigned)(midr >> 4) & 0xfff;
	unsigned var = (unsigned)(midr >> 20) & 0xf, rev = (unsigned)midr & 0xf;
	const char *in = implementer(impl), *pn = NULL;
	size_t i;

	for (i = 0; i < ARRAY_LEN(parts); i++)
		if (parts[i].impl == impl && parts[i].part == part)
			pn = parts[i].name;
	if (pn)
		snprintf(buf, len, "%s %s r%up%u", in ? in : "?", pn, var, rev);
	else if (in)
		snprintf(buf, len, "%s part 0x%03x r%up%u", in, part, var, rev);
	else
		snprintf(buf, len, "implementer 0x%02x part 0x%03x r%up%u", impl, part, var, rev);
	return buf;
}

#if defined(__aarch64__) || defined(__arm__)
/* "CPU implementer : 0x41" ... "CPU part : 0xd03" for processor `cpu`. */
static int midr_from_cpuinfo(int cpu, unsigned long *midr)
{
	char real[4096];
	FILE *f = fopen(sysroot_path("/proc/cpuinfo", real, sizeof(real)), "re");
	char line[256];
	long cur = -1, impl = -1, part = -1, var = 0, rev = 0;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':');
		long v;

		if (!colon)
			continue;
		v = strtol(colon + 1, NULL, 0);
		if (!strncmp(line, "processor", 9))
			cur = v;
		else if (cur == cpu || (cpu < 0 && cur <= 0)) {
			if (!strncmp(line, "CPU implementer", 15)) impl = v;
			else if (!strncmp(line, "CPU variant", 11)) var = v;
			else if (!strncmp(line, "CPU part", 8)) part = v;
			else if (!strncmp(line, "CPU revision", 12)) rev = v;
		}
	}
	fclose(f);
	if (impl < 0 || part < 0)
		return -1;
	*midr = ((unsigned long)impl << 24) | ((unsigned long)var << 20) |
		((unsigned long)part << 4) | (unsigned long)rev;
	return 0;
}
#endif

const char *cpu_model(int cpu, char *buf, size_t len)
{
#if defined(__x86_64__) || defined(__i386__)
	unsigned r[12];
	char *p;

	(void)cpu;
	if ((unsigned)__get_cpuid_max(0x80000000, NULL) >= 0x80000004 &&
	    __get_cpuid(0x80000002, &r[0], &r[1], &r[2], &r[3]) &&
	    __get_cpuid(0x80000003, &r[4], &r[5], &r[6], &r[7]) &&
	    __get_cpuid(0x80000004, &r[8], &r[9], &r[10], &r[11])) {
		char brand[49];

		memcpy(brand, r, 48);
		brand[48] = '\0';
		for (p = brand; *p == ' '; p++)
			;
		snprintf(buf, len, "%s", p);
		for (p = buf + strlen(buf); p > buf && p[-1] == ' '; p--)
			p[-1] = '\0';
		if (*buf)
			return buf;
	}
#elif defined(__aarch64__) || defined(__arm__)
	char path[96], text[64];
	unsigned long midr;

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/regs/identification/midr_el1",
		 cpu < 0 ? 0 : cpu);
	if (read_text(path, text, sizeof(text)) > 0) {
		midr = strtoul(text, NULL, 16);
		return cpu_midr_name(midr, buf, len);
	}
#if defined(__aarch64__)
	if (cpu_features_raw() & CPU_CPUID) {	/* the kernel emulates the MRS; it reads
						   the current CPU's MIDR, so with no sysfs
						   a big.LITTLE shows one model */
		__asm__ volatile("mrs %0, midr_el1" : "=r"(midr));
		return cpu_midr_name(midr, buf, len);
	}
#endif
	if (midr_from_cpuinfo(cpu, &midr) == 0)
		return cpu_midr_name(midr, buf, len);
#else
	(void)cpu;
#endif
	snprintf(buf, len, "unknown");
	return buf;
}
