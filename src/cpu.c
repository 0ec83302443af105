/* cpu.c - CPU features and identification
 *
 * SPDX-License-Identifier: MIT
 */
#include "cpu.h"
#include "sys.h"
#include "util.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/auxv.h>
#endif
#if defined(__riscv) && defined(__linux__)
#include <sys/syscall.h>
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
	{ CPU_SHA1 | CPU_SHA2, "sha" }, { CPU_ERMS, "erms" }, { CPU_BMI2, "bmi2" },
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
		if ((b & (1u << 3)) && (b & (1u << 8))) f |= CPU_BMI2;
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
	unsigned long long ext0;
	char isa[1024], exts[1024];
	const char *source;
	unsigned f = 0;
	int bits;

	/* one bit per single-letter extension, 'a' = bit 0; the kernel sets
	 * 'v' only where it saves and restores the vector state */
	if (hw & (1ul << ('v' - 'a'))) f |= CPU_RVV;
	/* Zbc needs no kernel state: hwprobe's RISCV_HWPROBE_EXT_ZBC (bit 7 of
	 * RISCV_HWPROBE_KEY_IMA_EXT_0), else the ISA string, which is also what
	 * Linux 6.4 to 6.6 need: their hwprobe answers without a Zbc bit */
	if (cpu_riscv_hwprobe(&ext0) == 0 && (ext0 & (1ull << 7)))
		f |= CPU_ZBC;
	else if ((bits = cpu_riscv_isa(isa, sizeof(isa), exts, sizeof(exts), &source)) > 0)
		f |= (unsigned)bits & CPU_ZBC;
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

/* RISC-V extension names. One name (n bytes of s, any case, perhaps with
 * a version "1p0" or "2") goes into the list when, lower-cased and without
 * the version, it is [a-z][a-z0-9]* and under ISA_NAME bytes; the list
 * holds whole names only, and takes none after the first that does not
 * fit. bits gets what the name gives, whether it fits or not. */
enum { ISA_NAME = 64 };

struct isa_out {
	char	*buf;
	size_t	len, used;
	int	full, bits;
};

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static char lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

static int isa_has(const struct isa_out *o, const char *name, size_t n)
{
	const char *p = o->buf;
	size_t k;

	if (!o->used)
		return 0;
	for (;;) {
		k = strcspn(p, " ");
		if (k == n && !memcmp(p, name, n))
			return 1;
		if (!p[k])
			return 0;
		p += k + 1;
	}
}

static void isa_add(struct isa_out *o, const char *s, size_t n)
{
	static const char *const g[] = { "i", "m", "a", "f", "d", "zicsr", "zifencei" };
	char name[ISA_NAME];
	size_t i, k = n;

	while (k && is_digit(s[k - 1]))		/* a version: "2", "1p0" */
		k--;
	if (k < n && k >= 2 && lower(s[k - 1]) == 'p' && is_digit(s[k - 2]))
		for (k--; k && is_digit(s[k - 1]); k--)
			;
	if (!k || k >= ISA_NAME)
		return;
	for (i = 0; i < k; i++) {
		name[i] = lower(s[i]);
		if (!(name[i] >= 'a' && name[i] <= 'z') && !(i && is_digit(name[i])))
			return;
	}
	name[k] = '\0';
	if (!strcmp(name, "g")) {			/* IMAFD_Zicsr_Zifencei */
		for (i = 0; i < ARRAY_LEN(g); i++)
			isa_add(o, g[i], strlen(g[i]));
		return;
	}
	if (!strcmp(name, "v"))
		o->bits |= CPU_RVV;
	else if (!strcmp(name, "zbc"))
		o->bits |= CPU_ZBC;
	if (o->full || isa_has(o, name, k))
		return;
	if (o->used + (o->used != 0) + k + 1 > o->len) {
		o->full = 1;
		return;
	}
	if (o->used)
		o->buf[o->used++] = ' ';
	memcpy(o->buf + o->used, name, k + 1);
	o->used += k;
}

int cpu_isa_parse(const char *s, char *exts, size_t len)
{
	struct isa_out o = { exts, len, 0, 0, 0 };
	const char *p;
	size_t n, d;
	char c;

	if (len)
		exts[0] = '\0';
	if (lower(s[0]) != 'r' || lower(s[1]) != 'v')
		return -1;
	if (!strncmp(s + 2, "32", 2) || !strncmp(s + 2, "64", 2))
		p = s + 4;
	else if (!strncmp(s + 2, "128", 3))
		p = s + 5;
	else
		return -1;
	/* the single letters, each perhaps with a version ("i2p1"), up to an
	 * '_' or the first multi-letter name (z..., s..., x...); 'p' after
	 * digits is a version's, after a letter the P extension */
	while ((c = lower(*p)) && c != '_' && c != 'z' && c != 's' && c != 'x') {
		if (c >= 'a' && c <= 'z') {
			isa_add(&o, p++, 1);
			d = strspn(p, "0123456789");
			p += d;
			if (d && lower(*p) == 'p' && is_digit(p[1]))
				p += 1 + strspn(p + 1, "0123456789");
		} else if (is_digit(c)) {
			p++;
		} else {				/* no ISA has this byte */
			p += strcspn(p, "_");
			break;
		}
	}
	/* multi-letter names, separated by '_' */
	while (*p) {
		n = strcspn(p, "_");
		if (n)
			isa_add(&o, p, n);
		p += n + (p[n] == '_');
	}
	return o.bits;
}

int cpu_isa_list(const char *blob, size_t n, char *exts, size_t len)
{
	struct isa_out o = { exts, len, 0, 0, 0 };
	size_t pos = 0, k;

	if (len)
		exts[0] = '\0';
	while (pos < n) {
		const char *nul = memchr(blob + pos, '\0', n - pos);

		k = nul ? (size_t)(nul - (blob + pos)) : n - pos;
		if (k)
			isa_add(&o, blob + pos, k);
		pos += k + 1;
	}
	return o.bits;
}

int cpu_info_find(const char *text, int cpu, const char *key, char *buf, size_t len)
{
	const char *p = text, *eol, *colon, *end, *v, *ve;
	size_t klen = strlen(key);
	int blocks = 0, got = -1;
	long cur = -1;
	int64_t num;
	char word[32];

	if (!klen || !len)
		return -1;
	for (; *p; p = *eol ? eol + 1 : eol) {
		eol = p + strcspn(p, "\n");
		/* a line this long is no line of the kernel's: left out whole */
		if (eol - p >= CPU_INFO_LINE || !(colon = memchr(p, ':', (size_t)(eol - p))))
			continue;
		for (end = colon; end > p && (end[-1] == ' ' || end[-1] == '\t'); end--)
			;
		for (v = colon + 1; v < eol && (*v == ' ' || *v == '\t'); v++)
			;
		for (ve = eol; ve > v && strchr(" \t\r", ve[-1]); ve--)
			;
		if (end - p == 9 && !memcmp(p, "processor", 9)) {
			blocks++;
			snprintf(word, sizeof(word), "%.*s", (int)(ve - v), v);
			cur = ve - v >= (int)sizeof(word) || parse_int(word, &num) || num < 0 ||
			      num > SYS_MAX_CPUS ? -2 : (long)num;
			if (cpu < 0 && blocks > 1)
				break;
			continue;
		}
		if ((size_t)(end - p) != klen || memcmp(p, key, klen))
			continue;
		if (cpu < 0 || cur == cpu) {
			snprintf(buf, len, "%.*s", (int)(ve - v), v);
			got = (int)strlen(buf);
			break;
		}
	}
	return got;
}

int cpu_info_field(int cpu, const char *key, char *buf, size_t len)
{
	char *text = read_sysfile("/proc/cpuinfo", SYS_FILE_MAX, NULL);
	int got;

	if (!text)
		return -1;
	got = cpu_info_find(text, cpu, key, buf, len);
	free(text);
	return got;
}

int cpu_info_midr(const char *text, int cpu, unsigned long *midr)
{
	static const struct {
		const char	*key;
		unsigned	max, shift;
		int		need;
	} f[] = {
		{ "CPU implementer", 0xff, 24, 1 }, { "CPU variant", 0xf, 20, 0 },
		{ "CPU part", 0xfff, 4, 1 },	    { "CPU revision", 0xf, 0, 0 },
	};
	unsigned long m = 0;
	char v[32];
	uint64_t n;
	size_t i;

	for (i = 0; i < ARRAY_LEN(f); i++) {
		int k = cpu_info_find(text, cpu, f[i].key, v, sizeof(v));

		/* a value that fills v may have been cut short: no field's */
		if (k <= 0 || k >= (int)sizeof(v) - 1 || parse_uint_hex(v, &n) || n > f[i].max) {
			if (f[i].need)
				return -1;
			continue;
		}
		m |= (unsigned long)n << f[i].shift;
	}
	*midr = m;
	return 0;
}

int cpu_info_midr_now(int cpu, unsigned long *midr)
{
	char *text = read_sysfile("/proc/cpuinfo", SYS_FILE_MAX, NULL);
	int rc;

	if (!text)
		return -1;
	rc = cpu_info_midr(text, cpu, midr);
	free(text);
	return rc;
}

/* The devicetree's first cpu node that is not disabled: its path ("/proc/
 * device-tree/cpus/cpu@1"); -1 when there is none. */
static int dt_cpu_node(char *path, size_t len)
{
	static const char *const dirs[] = {
		"/proc/device-tree/cpus", "/sys/firmware/devicetree/base/cpus",
	};
	char nodes[64][64], file[192], status[32];
	size_t d;
	int n, i;

	for (d = 0; d < ARRAY_LEN(dirs); d++) {
		n = sys_dir_list(dirs[d], "cpu@", nodes, 64);
		for (i = 0; i < n; i++) {
			snprintf(file, sizeof(file), "%s/%s/status", dirs[d], nodes[i]);
			if (read_text(file, status, sizeof(status)) >= 0 &&
			    strcmp(status, "okay") && strcmp(status, "ok"))
				continue;
			snprintf(path, len, "%s/%s", dirs[d], nodes[i]);
			return 0;
		}
	}
	return -1;
}

int cpu_dt_prop(const char *prop, char *buf, size_t len)
{
	char node[128], path[256];

	if (dt_cpu_node(node, sizeof(node)))
		return -1;
	snprintf(path, sizeof(path), "%s/%s", node, prop);
	return read_text(path, buf, len);
}

int cpu_riscv_isa(char *isa, size_t ilen, char *exts, size_t elen, const char **source)
{
	char node[128], path[256], *list;
	size_t n;
	int bits;

	if (elen)
		exts[0] = '\0';
	if (cpu_info_field(-1, "isa", isa, ilen) > 0) {
		*source = "cpuinfo";
		return cpu_isa_parse(isa, exts, elen);
	}
	if (dt_cpu_node(node, sizeof(node)))
		return -1;
	*source = "devicetree";
	snprintf(path, sizeof(path), "%s/riscv,isa", node);
	if (read_text(path, isa, ilen) <= 0) {
		snprintf(path, sizeof(path), "%s/riscv,isa-base", node);
		if (read_text(path, isa, ilen) <= 0 && ilen)
			isa[0] = '\0';
	}
	snprintf(path, sizeof(path), "%s/riscv,isa-extensions", node);
	if ((list = read_sysfile(path, 4096, &n))) {
		bits = cpu_isa_list(list, n, exts, elen);
		free(list);
		return bits;
	}
	return ilen && isa[0] ? cpu_isa_parse(isa, exts, elen) : -1;
}

int cpu_riscv_hwprobe(unsigned long long *ext0)
{
#if defined(__riscv) && defined(__linux__)
	/* Linux's arch/riscv/include/uapi/asm/hwprobe.h: struct riscv_hwprobe,
	 * RISCV_HWPROBE_KEY_IMA_EXT_0 = 4; __NR_riscv_hwprobe = 258 (musl
	 * 1.2.3 predates it). A key the kernel does not know comes back -1. */
	struct {
		int64_t		key;
		uint64_t	value;
	} pair = { 4, 0 };

	if (syscall(258, &pair, (size_t)1, (size_t)0, (void *)0, 0u))
		return -1;
	if (pair.key != 4) {
		errno = EINVAL;
		return -1;
	}
	*ext0 = pair.value;
	return 0;
#else
	(void)ext0;
	errno = ENOSYS;
	return -1;
#endif
}

unsigned cpu_riscv_vlen(void)
{
#if defined(__riscv)
	unsigned long vlenb;

	if (!(cpu_features_raw() & CPU_RVV))
		return 0;
	__asm__ volatile("csrr %0, 0xc22" : "=r"(vlenb));	/* vlenb: VLEN / 8 */
	return (unsigned)vlenb * 8;
#else
	return 0;
#endif
}

/* mvendorid: the JEDEC bank and id of Linux's
 * arch/riscv/include/asm/vendorid_list.h */
static const char *riscv_vendor(unsigned long long id)
{
	switch (id) {
	case 0x029: return "Microchip";
	case 0x127: return "MIPS";
	case 0x31e: return "Andes";
	case 0x489: return "SiFive";
	case 0x5b7: return "T-Head";
	default:    return NULL;
	}
}

const char *cpu_riscv_name(unsigned long long mvendorid, unsigned long long marchid,
			   unsigned long long mimpid, char *buf, size_t len)
{
	const char *v = riscv_vendor(mvendorid);

	/* SiFive's marchid 0x8000000000000007: the U7 series (U74, as in the
	 * JH7110 and FU740), per SiFive's U74 core complex manual; Linux's
	 * SiFive errata (arch/riscv/errata/sifive/errata.c) check this value */
	if (mvendorid == 0x489 && marchid == 0x8000000000000007ull)
		snprintf(buf, len, "SiFive U7 series mimpid 0x%llx", mimpid);
	else if (v)
		snprintf(buf, len, "%s marchid 0x%llx mimpid 0x%llx", v, marchid, mimpid);
	else
		snprintf(buf, len, "mvendorid 0x%llx marchid 0x%llx mimpid 0x%llx", mvendorid,
			 marchid, mimpid);
	return buf;
}

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
	if (cpu_info_midr_now(cpu, &midr) == 0)
		return cpu_midr_name(midr, buf, len);
#elif defined(__riscv)
	static const char *const keys[] = { "mvendorid", "marchid", "mimpid" };
	uint64_t id[3];
	char text[64];
	size_t i;

	if (cpu_info_field(cpu, "uarch", buf, len) > 0)
		return buf;
	for (i = 0; i < ARRAY_LEN(keys); i++)
		if (cpu_info_field(cpu, keys[i], text, sizeof(text)) <= 0 ||
		    parse_uint_hex(text, &id[i]))
			break;
	if (i == ARRAY_LEN(keys))
		return cpu_riscv_name(id[0], id[1], id[2], buf, len);
#else
	(void)cpu;
#endif
	snprintf(buf, len, "unknown");
	return buf;
}
