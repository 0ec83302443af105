/* test_cpu.c - MIDR decoding, feature masks and names, architecture
 *
 * SPDX-License-Identifier: MIT
 */
#include "minitest.h"
#include "cpu.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

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
