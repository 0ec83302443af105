/* test_cpu.c - MIDR decoding, feature masks and names, architecture
 *
 * SPDX-License-Identifier: MIT
 */
#include "minitest.h"
#include "cpu.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

TEST(cpu_midr_names)
{
	char buf[64];

	CHECK_STR(cpu_midr_name(0x410fd034, buf, sizeof(buf)), "ARM Cortex-A53 r0p4");
	CHECK_STR(cpu_midr_name(0x412fd083, buf, sizeof(buf)), "ARM Cortex-A72 r2p3");
	CHECK_STR(cpu_midr_name(0x411fd0c1, buf, sizeof(buf)), "ARM Neoverse-N1 r1p1");
	CHECK_STR(cpu_midr_name(0x517f8010, buf, sizeof(buf)),
		  "Qualcomm Kryo 2xx Silver r7p0");
	/* known implementer, unknown part */
	CHECK_STR(cpu_midr_name(0x412fabc3, buf, sizeof(buf)), "ARM part 0xabc r2p3");
	CHECK_STR(cpu_midr_name(0x4e0f0040, buf, sizeof(buf)), "NVIDIA part 0x004 r0p0");
	/* the part number alone does not identify a core */
	CHECK_STR(cpu_midr_name(0x510fd030, buf, sizeof(buf)), "Qualcomm part 0xd03 r0p0");
	/* unknown implementer */
	CHECK_STR(cpu_midr_name(0x991fd035, buf, sizeof(buf)),
		  "implementer 0x99 part 0xd03 r1p5");
	CHECK_STR(cpu_midr_name(0, buf, sizeof(buf)), "implementer 0x00 part 0x000 r0p0");
	/* bits above 31 (a 64-bit MIDR_EL1 read) are ignored */
	CHECK_STR(cpu_midr_name(0x410fd034 | (sizeof(long) > 4 ? ~0x0ffffffffUL : 0),
				buf, sizeof(buf)), "ARM Cortex-A53 r0p4");
	CHECK_STR(cpu_midr_name(0x410fd034, buf, 8), "ARM Cor");	/* truncated */
}

TEST(cpu_parse_mask_numbers)
{
	unsigned m = 1;

	CHECK(cpu_parse_mask("0xffffffff", &m) == 0 && m == 0xffffffffu);
	CHECK(cpu_parse_mask("0", &m) == 0 && m == 0);
	CHECK(cpu_parse_mask("5", &m) == 0 && m == 5);
	CHECK(cpu_parse_mask("0x100", &m) == 0 && m == 0x100);
	m = 7;
	CHECK_EQ_INT(cpu_parse_mask("-1", &m), -1);
	CHECK_EQ_INT(cpu_parse_mask("0x100000000", &m), -1);
	CHECK_EQ_INT(cpu_parse_mask("bogus", &m), -1);
	CHECK_EQ_INT(cpu_parse_mask("0xzz", &m), -1);
	CHECK_EQ_INT(cpu_parse_mask("12abc", &m), -1);
	CHECK_EQ_INT(cpu_parse_mask("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", &m), -1);
	CHECK_EQ_INT(m, 7);
}

/* Every name this architecture knows, one at a time and all together. */
TEST(cpu_parse_mask_names)
{
	char all[512], one[64], word[64], *p;
	unsigned m = 0, each, seen = 0;
	size_t n;

	cpu_feature_names(~0u, all, sizeof(all));
	REQUIRE(all[0] != '\0');
	CHECK_EQ_INT(cpu_parse_mask(all, &m), 0);
	for (p = all; *p; p += n + (p[n] == ' ')) {
		n = strcspn(p, " ");
		REQUIRE(n > 0 && n < sizeof(word));
		memcpy(word, p, n);
		word[n] = '\0';
		each = 0;
		if (!CHECK_EQ_INT(cpu_parse_mask(word, &each), 0))
			continue;
		CHECK(each != 0);
		CHECK_EQ_U64(each & ~m, 0);	/* part of the whole */
		CHECK_STR(cpu_feature_names(each, one, sizeof(one)), word);
		seen |= each;
	}
	CHECK_EQ_U64(seen, m);
	/* separators: ',' and ' ', repeated or trailing */
	p = strchr(all, ' ');
	if (p) {
		char list[600];
		unsigned a = 0, b = 0;

		snprintf(list, sizeof(list), "%.*s, ,%s,", (int)(p - all), all, p + 1);
		CHECK_EQ_INT(cpu_parse_mask(list, &a), 0);
		CHECK_EQ_INT(cpu_parse_mask(all, &b), 0);
		CHECK_EQ_U64(a, b);
	}
	snprintf(word, sizeof(word), "%.*s,bogus", (int)strcspn(all, " "), all);
	CHECK_EQ_INT(cpu_parse_mask(word, &m), -1);	/* one bad name spoils all */
#if defined(__x86_64__)
	CHECK(cpu_parse_mask("avx2,aes", &m) == 0 && m == (CPU_AVX2 | CPU_AES));
	CHECK_EQ_INT(cpu_parse_mask("asimd", &m), -1);	/* another arch's name */
#elif defined(__riscv)
	CHECK(cpu_parse_mask("v,zbc", &m) == 0 && m == (CPU_RVV | CPU_ZBC));
	CHECK_EQ_INT(cpu_parse_mask("asimd", &m), -1);
#else
	CHECK(cpu_parse_mask("asimd,aes", &m) == 0 && m == (CPU_ASIMD | CPU_AES));
	CHECK_EQ_INT(cpu_parse_mask("avx2", &m), -1);
#endif
}

TEST(cpu_detected_names)
{
	unsigned raw = cpu_features_raw(), m = 0xdead;
	char names[512];

	cpu_feature_names(raw, names, sizeof(names));
	CHECK_EQ_INT(cpu_parse_mask(names, &m), 0);
	CHECK_EQ_U64(m, raw);		/* every detected bit has a name */
	CHECK_EQ_U64(cpu_features() & ~raw, 0);	/* the mask only removes */
	CHECK_STR(cpu_feature_names(0, names, sizeof(names)), "");
#if defined(__x86_64__)
	CHECK(cpu_has(raw, CPU_SSE2));	/* baseline x86-64 */
#elif defined(__aarch64__)
	CHECK(cpu_has(raw, CPU_ASIMD));	/* baseline ARMv8-A Linux */
#endif
}

TEST(cpu_arch_model)
{
	const char *a = cpu_arch();
	char buf[128];

	CHECK(!strcmp(a, "x86_64") || !strcmp(a, "aarch64") || !strcmp(a, "armv7") ||
	      !strcmp(a, "riscv64"));
#if defined(__x86_64__)
	CHECK_STR(a, "x86_64");
#elif defined(__aarch64__)
	CHECK_STR(a, "aarch64");
#elif defined(__arm__)
	CHECK_STR(a, "armv7");
#elif defined(__riscv)
	CHECK_STR(a, "riscv64");
#endif
	cpu_model(-1, buf, sizeof(buf));
	CHECK(buf[0] != '\0');
	CHECK(buf[strlen(buf) - 1] != ' ' && buf[0] != ' ');
	CHECK(cpu_has(CPU_AES | CPU_SHA2, CPU_AES));
	CHECK(!cpu_has(CPU_AES, CPU_AES | CPU_SHA2));
	CHECK(cpu_has(0, 0));
}

/* ISA strings as Linux's /proc/cpuinfo and the devicetree write them */
TEST(cpu_isa_strings)
{
	char e[256];

	CHECK_EQ_INT(cpu_isa_parse("rv64imafdc_zicntr_zicsr_zifencei_zihpm_zba_zbb", e, sizeof(e)), 0);
	CHECK_STR(e, "i m a f d c zicntr zicsr zifencei zihpm zba zbb");
	CHECK_EQ_INT(cpu_isa_parse("rv64imafdcv_zicsr_zbc", e, sizeof(e)), CPU_RVV | CPU_ZBC);
	CHECK_STR(e, "i m a f d c v zicsr zbc");
	/* any case; g; versions as older kernels and riscv,isa print them */
	CHECK_EQ_INT(cpu_isa_parse("RV64GCV_Zba1p0_ZBC1p0", e, sizeof(e)), CPU_RVV | CPU_ZBC);
	CHECK_STR(e, "i m a f d zicsr zifencei c v zba zbc");
	CHECK_EQ_INT(cpu_isa_parse("rv64i2p1m2p0a2p1f2p2d2p2c2p0v1p0_zicsr2p0_zve32x1p0_zvl128b1p0",
				   e, sizeof(e)), CPU_RVV);
	CHECK_STR(e, "i m a f d c v zicsr zve32x zvl128b");
	/* 'p' after a letter is the P extension, after digits a version */
	CHECK_EQ_INT(cpu_isa_parse("rv32imap_zba2", e, sizeof(e)), 0);
	CHECK_STR(e, "i m a p zba");
	/* a multi-letter name straight after the letters; repeats; empty parts */
	CHECK_EQ_INT(cpu_isa_parse("rv64imazbc_xtheadvector", e, sizeof(e)), CPU_ZBC);
	CHECK_STR(e, "i m a zbc xtheadvector");
	CHECK_EQ_INT(cpu_isa_parse("rv64i__zbc_zbc__ZBC_", e, sizeof(e)), CPU_ZBC);
	CHECK_STR(e, "i zbc");
	CHECK_EQ_INT(cpu_isa_parse("rv128ie", e, sizeof(e)), 0);
	CHECK_STR(e, "i e");
	CHECK_EQ_INT(cpu_isa_parse("rv64", e, sizeof(e)), 0);
	CHECK_STR(e, "");
	/* names alike are not the name: zbcx, zbkc, vv */
	CHECK_EQ_INT(cpu_isa_parse("rv64i_zbcx_zbkc_zvbc", e, sizeof(e)), 0);
	CHECK_STR(e, "i zbcx zbkc zvbc");
	/* cut to whole names */
	CHECK_EQ_INT(cpu_isa_parse("rv64imafdcv_zicsr_zbc", e, 12), CPU_RVV | CPU_ZBC);
	CHECK_STR(e, "i m a f d c");
	CHECK_EQ_INT(cpu_isa_parse("rv64imafdcv_zicsr_zbc", e, 1), CPU_RVV | CPU_ZBC);
	CHECK_STR(e, "");
	CHECK_EQ_INT(cpu_isa_parse("rv64v", NULL, 0), CPU_RVV);
}

TEST(cpu_isa_hostile)
{
	char e[64], big[6000];

	memset(e, 'Z', sizeof(e));
	CHECK_EQ_INT(cpu_isa_parse("", e, sizeof(e)), -1);
	CHECK_STR(e, "");
	CHECK_EQ_INT(cpu_isa_parse("rv", e, sizeof(e)), -1);
	CHECK_EQ_INT(cpu_isa_parse("rv6", e, sizeof(e)), -1);
	CHECK_EQ_INT(cpu_isa_parse("x86_64", e, sizeof(e)), -1);
	CHECK_EQ_INT(cpu_isa_parse(" rv64i", e, sizeof(e)), -1);
	CHECK_EQ_INT(cpu_isa_parse("rv65i", e, sizeof(e)), -1);
	/* bytes no ISA has: that part is left out, the rest kept */
	CHECK_EQ_INT(cpu_isa_parse("rv64im\377\001a_zb!c_zbc_z\tba_zicsr\n", e, sizeof(e)), CPU_ZBC);
	CHECK_STR(e, "i m zbc");
	CHECK_EQ_INT(cpu_isa_parse("rv64i_1p0_9zbc_-_", e, sizeof(e)), 0);
	CHECK_STR(e, "i");
	/* a version alone strips to nothing; digits in the letters are versions */
	CHECK_EQ_INT(cpu_isa_parse("rv64i99999999999999999999999p9m", e, sizeof(e)), 0);
	CHECK_STR(e, "i m");
	/* long input: many names, one long name */
	memset(big, 0, sizeof(big));
	strcpy(big, "rv64i");
	while (strlen(big) < sizeof(big) - 8)
		strcat(big, "_zbc");
	CHECK_EQ_INT(cpu_isa_parse(big, e, sizeof(e)), CPU_ZBC);
	CHECK_STR(e, "i zbc");
	memset(big + 5, 'z', sizeof(big) - 6);
	big[5] = '_';
	CHECK_EQ_INT(cpu_isa_parse(big, e, sizeof(e)), 0);
	CHECK_STR(e, "i");		/* the long name does not fit */
}

/* riscv,isa-extensions: NUL-separated names */
TEST(cpu_isa_lists)
{
	static const char jh7110[] = "i\0m\0a\0f\0d\0c\0zba\0zbb\0zicntr\0zicsr\0zifencei\0zihpm";
	char e[128];

	CHECK_EQ_INT(cpu_isa_list(jh7110, sizeof(jh7110), e, sizeof(e)), 0);
	CHECK_STR(e, "i m a f d c zba zbb zicntr zicsr zifencei zihpm");
	CHECK_EQ_INT(cpu_isa_list(jh7110, sizeof(jh7110) - 1, e, sizeof(e)), 0);	/* no last NUL */
	CHECK_STR(e, "i m a f d c zba zbb zicntr zicsr zifencei zihpm");
	CHECK_EQ_INT(cpu_isa_list("V\0\0Zbc\0zbc\0z b\0\0", 17, e, sizeof(e)), CPU_RVV | CPU_ZBC);
	CHECK_STR(e, "v zbc");
	CHECK_EQ_INT(cpu_isa_list("zbc", 2, e, sizeof(e)), 0);	/* only n bytes: "zb" */
	CHECK_STR(e, "zb");
	CHECK_EQ_INT(cpu_isa_list("", 0, e, sizeof(e)), 0);
	CHECK_STR(e, "");
	CHECK_EQ_INT(cpu_isa_list("\0\0\0", 3, e, sizeof(e)), 0);
	CHECK_STR(e, "");
	CHECK_EQ_INT(cpu_isa_list("g", 1, e, sizeof(e)), 0);
	CHECK_STR(e, "i m a f d zicsr zifencei");
}

/* mvendorid values from Linux's arch/riscv/include/asm/vendorid_list.h */
TEST(cpu_riscv_names)
{
	char buf[96];

	CHECK_STR(cpu_riscv_name(0x489, 0x8000000000000007ull, 0x4210427, buf, sizeof(buf)),
		  "SiFive U7 series mimpid 0x4210427");
	CHECK_STR(cpu_riscv_name(0x489, 0x8000000000000001ull, 0, buf, sizeof(buf)),
		  "SiFive marchid 0x8000000000000001 mimpid 0x0");
	CHECK_STR(cpu_riscv_name(0x5b7, 0, 0, buf, sizeof(buf)), "T-Head marchid 0x0 mimpid 0x0");
	CHECK_STR(cpu_riscv_name(0x31e, 0x8000000000008a45ull, 0x500, buf, sizeof(buf)),
		  "Andes marchid 0x8000000000008a45 mimpid 0x500");
	CHECK_STR(cpu_riscv_name(0x29, 1, 2, buf, sizeof(buf)), "Microchip marchid 0x1 mimpid 0x2");
	CHECK_STR(cpu_riscv_name(0x127, 1, 2, buf, sizeof(buf)), "MIPS marchid 0x1 mimpid 0x2");
	CHECK_STR(cpu_riscv_name(0x710, 0x8000000058000001ull, 0x1000000049772200ull, buf,
				 sizeof(buf)),
		  "mvendorid 0x710 marchid 0x8000000058000001 mimpid 0x1000000049772200");
	CHECK_STR(cpu_riscv_name(0, 0, 0, buf, sizeof(buf)), "mvendorid 0x0 marchid 0x0 mimpid 0x0");
	CHECK_STR(cpu_riscv_name(0x489, 0x8000000000000007ull, 0x4210427, buf, 10), "SiFive U7");
}

/* /proc/cpuinfo's fields, through BENCHBOX_SYSROOT */
TEST(cpu_info_fields)
{
	static const int longs[] = { 127, 255, 511, 1023, 2047, 4095, 8191 };
	char dir[] = "/tmp/bbcpuinfo.XXXXXX", path[64], v[64], *old;
	FILE *f;
	int i, k;

	REQUIRE(mkdtemp(dir) != NULL);
	snprintf(path, sizeof(path), "%s/proc", dir);
	REQUIRE(mkdir(path, 0700) == 0);
	snprintf(path, sizeof(path), "%s/proc/cpuinfo", dir);
	REQUIRE((f = fopen(path, "w")) != NULL);
	fputs("processor\t: 0\n", f);
	for (i = 0; i < (int)ARRAY_LEN(longs); i++) {	/* lines longer than a buffer */
		for (k = 0; k < longs[i]; k++)
			fputc('x', f);
		fputs("uarch : wrong\n", f);
	}
	fputs("hart\t\t: 1\nhart isa\t: rv64imac\nisa\t\t: rv64imafdc\n"
	      "uarch\t\t: sifive,u74-mc\n\n", f);
	fputs("processor\t: 1\nhart\t\t: 2\nisa : rv64gcv \n"
	      "mimpid\t: 0x4210427\nuarch\t\t:\n", f);
	REQUIRE(fclose(f) == 0);
	old = getenv("BENCHBOX_SYSROOT") ? xstrdup(getenv("BENCHBOX_SYSROOT")) : NULL;
	setenv("BENCHBOX_SYSROOT", dir, 1);
	CHECK_EQ_INT(cpu_info_field(-1, "hart", v, sizeof(v)), 1);
	CHECK_STR(v, "1");			/* "hart isa" is another key */
	CHECK_EQ_INT(cpu_info_field(0, "hart isa", v, sizeof(v)), 8);
	CHECK_STR(v, "rv64imac");
	CHECK_EQ_INT(cpu_info_field(0, "uarch", v, sizeof(v)), 13);
	CHECK_STR(v, "sifive,u74-mc");	/* not the tail of the long line */
	CHECK_EQ_INT(cpu_info_field(1, "isa", v, sizeof(v)), 7);
	CHECK_STR(v, "rv64gcv");
	CHECK_EQ_INT(cpu_info_field(1, "uarch", v, sizeof(v)), 0);
	CHECK_EQ_INT(cpu_info_field(1, "mvendorid", v, sizeof(v)), -1);
	CHECK_EQ_INT(cpu_info_field(2, "isa", v, sizeof(v)), -1);
	CHECK_EQ_INT(cpu_info_field(0, "isa", v, 5), 4);	/* cut */
	CHECK_STR(v, "rv64");
	CHECK_EQ_INT(cpu_info_field(0, "", v, sizeof(v)), -1);
	if (old) {
		setenv("BENCHBOX_SYSROOT", old, 1);
		free(old);
	} else {
		unsetenv("BENCHBOX_SYSROOT");
	}
	unlink(path);
	snprintf(path, sizeof(path), "%s/proc", dir);
	rmdir(path);
	rmdir(dir);
}

/* /proc/cpuinfo as an arm64 kernel writes it (a big.LITTLE pair), and the
 * MIDR read from it when neither sysfs nor MRS gives one */
TEST(cpu_info_text)
{
	static const char arm64[] =
		"processor\t: 0\nBogoMIPS\t: 200.00\nFeatures\t: fp asimd aes\n"
		"CPU implementer\t: 0x41\nCPU architecture: 8\nCPU variant\t: 0x0\n"
		"CPU part\t: 0xd03\nCPU revision\t: 4\n\n"
		"processor\t: 1\nBogoMIPS\t: 200.00\nCPU implementer\t: 0x41\n"
		"CPU architecture: 8\nCPU variant\t: 0x2\nCPU part\t: 0xd08\nCPU revision\t: 0\n";
	char buf[64];
	unsigned long midr = 0;

	CHECK_EQ_INT(cpu_info_find(arm64, -1, "CPU part", buf, sizeof(buf)), 5);
	CHECK_STR(buf, "0xd03");
	CHECK_EQ_INT(cpu_info_find(arm64, 1, "CPU part", buf, sizeof(buf)), 5);
	CHECK_STR(buf, "0xd08");
	CHECK_EQ_INT(cpu_info_find(arm64, 1, "Features", buf, sizeof(buf)), -1);
	CHECK_EQ_INT(cpu_info_find(arm64, 2, "CPU part", buf, sizeof(buf)), -1);
	CHECK_EQ_INT(cpu_info_find(arm64, -1, "CPU", buf, sizeof(buf)), -1);	/* whole key */
	CHECK_EQ_INT(cpu_info_find(arm64, -1, "Features", buf, 6), 5);		/* cut */
	CHECK_STR(buf, "fp as");
	CHECK_EQ_INT(cpu_info_midr(arm64, -1, &midr), 0);
	CHECK_EQ_U64(midr, 0x4100d034);	/* MIDR[19:16] (0xf) is not in cpuinfo */
	CHECK_EQ_INT(cpu_info_midr(arm64, 1, &midr), 0);
	CHECK_EQ_U64(midr, 0x4120d080);
	CHECK_EQ_INT(cpu_info_midr(arm64, 3, &midr), -1);
	/* a value over its field's bits is not taken */
	CHECK_EQ_INT(cpu_info_midr("CPU implementer : 0x141\nCPU part : 0xd03\n", -1, &midr), -1);
}
