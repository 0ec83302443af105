/* test_boardid.c - the devicetree matcher: every board's real compatible
 * list, SoC fallbacks, hostile blobs (empty, no NUL, 10 KiB, any byte),
 * unknown boards and the reason given each time
 *
 * SPDX-License-Identifier: MIT
 *
 * The compatible lists are those of the kernel device trees boardid.c
 * cites; the file reading (boardid_detect) is tested by board_auto.test.
 */
#include "minitest.h"
#include "boardid.h"
#include "refdata.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

/* a string literal with its \0 separators, without the literal's own NUL */
#define BLOB(s)	(s), (sizeof(s) - 1)

static const char *alias_of(const struct ref_board *b)
{
	return b ? b->alias : "(none)";
}

TEST(boardid_every_board)
{
	static const struct {
		const char *blob;
		size_t len;
		const char *model, *alias;
	} c[] = {
		{ BLOB("ti,j721e-evm\0ti,j721e\0"), "Texas Instruments J721e EVM", "j721e" },
		{ BLOB("ti,j7200-evm\0ti,j7200\0"), "Texas Instruments J7200 EVM", "j7200" },
		{ BLOB("ti,j721s2-evm\0ti,j721s2\0"), "Texas Instruments J721S2 EVM", "j721s2" },
		{ BLOB("ti,j784s4-evm\0ti,j784s4\0"), "Texas Instruments J784S4 EVM", "j784s4" },
		{ BLOB("ti,j742s2-evm\0ti,j742s2\0"), "Texas Instruments J742S2 EVM", "j742s2" },
		{ BLOB("ti,j722s-evm\0ti,j722s\0"), "Texas Instruments J722S EVM", "j722s" },
		{ BLOB("ti,am625-sk\0ti,am625\0"), "Texas Instruments AM625 SK", "am62x" },
		{ BLOB("ti,am62-lp-sk\0ti,am625\0"), "Texas Instruments AM62x LP SK", "am62x-lp" },
		{ BLOB("ti,am6254atl-sk\0ti,am6254atl\0ti,am625\0"),
		  "Texas Instruments AM6254atl SK", "am62x-sip" },
		{ BLOB("ti,am6254xxl-sk\0ti,am6254xxl\0"), "Texas Instruments AM6254xxl SK",
		  "am62x-sip" },
	};
	char why[256], want[256];
	size_t i;

	REQUIRE(ref_load() == 0);
	for (i = 0; i < ARRAY_LEN(c); i++) {
		const struct ref_board *b = boardid_match(c[i].blob, c[i].len, c[i].model,
							  strlen(c[i].model), why, sizeof(why));

		CHECK_STR(alias_of(b), c[i].alias);
		snprintf(want, sizeof(want), "devicetree compatible \"%s\", model \"%s\"",
			 c[i].blob, c[i].model);
		CHECK_STR(why, want);
	}
}

TEST(boardid_soc_fallback)
{
	static const struct {
		const char *blob;
		size_t len;
		const char *alias, *soc;
	} c[] = {
		/* boards with a guide board's SoC that no guide names */
		{ BLOB("ti,j721e-sk\0ti,j721e\0"), "j721e", "ti,j721e" },
		{ BLOB("beagle,j721e-beagleboneai64\0ti,j721e\0"), "j721e", "ti,j721e" },
		{ BLOB("ti,am68-sk\0ti,j721s2\0"), "j721s2", "ti,j721s2" },
		{ BLOB("ti,am69-sk\0ti,j784s4\0"), "j784s4", "ti,j784s4" },
		{ BLOB("beagle,am67a-beagley-ai\0ti,j722s\0"), "j722s", "ti,j722s" },
		{ BLOB("beagle,am625-beagleplay\0ti,am625\0"), "am62x", "ti,am625" },
		/* the SiP's own SoC string comes before ti,am625 and wins */
		{ BLOB("vendor,sip-board\0ti,am6254atl\0ti,am625\0"), "am62x-sip", "ti,am6254atl" },
		{ BLOB("vendor,sip-board\0ti,am6254xxl\0"), "am62x-sip", "ti,am6254xxl" },
		{ BLOB("ti,j7200\0"), "j7200", "ti,j7200" },
		{ BLOB("x\0ti,j742s2"), "j742s2", "ti,j742s2" },
	};
	char why[256], want[256];
	size_t i;

	for (i = 0; i < ARRAY_LEN(c); i++) {
		const struct ref_board *b = boardid_match(c[i].blob, c[i].len, NULL, 0,
							  why, sizeof(why));

		CHECK_STR(alias_of(b), c[i].alias);
		snprintf(want, sizeof(want), "devicetree compatible \"%s\": SoC %s, not a board "
			 "the guides name: judged as %s", c[i].blob, c[i].soc, c[i].alias);
		CHECK_STR(why, want);
	}
	CHECK_STR(alias_of(boardid_match(BLOB("ti,j721e-sk\0ti,j721e\0"), "Texas Instruments "
					 "J721E SK", 26, why, sizeof(why))), "j721e");
	CHECK_STR(why, "devicetree compatible \"ti,j721e-sk\", model \"Texas Instruments J721E SK\": "
		  "SoC ti,j721e, not a board the guides name: judged as j721e");
	/* a board string anywhere beats a SoC string before it */
	CHECK_STR(alias_of(boardid_match(BLOB("ti,am625\0ti,j7200-evm\0"), NULL, 0,
					 why, sizeof(why))), "j7200");
	CHECK_STR(why, "devicetree compatible \"ti,j7200-evm\"");
}

TEST(boardid_unknown)
{
	char why[256];

	CHECK(boardid_match(BLOB("raspberrypi,4-model-b\0brcm,bcm2711\0"),
			    "Raspberry Pi 4 Model B Rev 1.4", 30, why, sizeof(why)) == NULL);
	CHECK_STR(why, "devicetree compatible \"raspberrypi,4-model-b\", \"brcm,bcm2711\" "
		  "matches no known board");
	/* exact strings only: no prefix, no longer string, no other case, no newline */
	CHECK(boardid_match(BLOB("ti,am625-sk2\0"), NULL, 0, why, sizeof(why)) == NULL);
	CHECK(boardid_match(BLOB("ti,am625-s\0ti,am62\0"), NULL, 0, why, sizeof(why)) == NULL);
	CHECK(boardid_match(BLOB("TI,AM625-SK\0TI,AM625\0"), NULL, 0, why, sizeof(why)) == NULL);
	CHECK(boardid_match(BLOB("ti,am625-sk\n"), NULL, 0, why, sizeof(why)) == NULL);
	CHECK(boardid_match(BLOB(" ti,am625\0"), NULL, 0, why, sizeof(why)) == NULL);
	/* TI's other SoCs are no guide's */
	CHECK(boardid_match(BLOB("ti,am62a7-sk\0ti,am62a7\0"), NULL, 0, why, sizeof(why)) == NULL);
	CHECK(boardid_match(BLOB("ti,am642-evm\0ti,am642\0"), NULL, 0, why, sizeof(why)) == NULL);
	/* more than four strings: the first four, then ... */
	CHECK(boardid_match(BLOB("a\0b\0c\0d\0e\0f\0"), NULL, 0, why, sizeof(why)) == NULL);
	CHECK_STR(why, "devicetree compatible \"a\", \"b\", \"c\", \"d\", ... matches no known board");
}

TEST(boardid_empty_and_no_nul)
{
	char why[256];

	CHECK(boardid_match("", 0, NULL, 0, why, sizeof(why)) == NULL);
	CHECK_STR(why, "devicetree compatible is empty");
	CHECK(boardid_match(BLOB("\0\0\0"), "AM625 SK", 8, why, sizeof(why)) == NULL);
	CHECK_STR(why, "devicetree compatible is empty");
	CHECK(boardid_match(NULL, 0, NULL, 0, why, sizeof(why)) == NULL);
	CHECK_STR(why, "devicetree compatible is empty");
	/* the last string's NUL is optional; empty strings between are skipped */
	CHECK_STR(alias_of(boardid_match(BLOB("ti,am625-sk"), NULL, 0, why, sizeof(why))), "am62x");
	CHECK_STR(why, "devicetree compatible \"ti,am625-sk\"");
	CHECK_STR(alias_of(boardid_match(BLOB("\0\0ti,am62-lp-sk\0\0"), NULL, 0, why, sizeof(why))),
		  "am62x-lp");
	CHECK_STR(why, "devicetree compatible \"ti,am62-lp-sk\"");
	/* the length is the bound, not a NUL: a string cut short is another string */
	CHECK(boardid_match("ti,am625-sk", 8, NULL, 0, why, sizeof(why)) != NULL);
	CHECK_STR(why, "devicetree compatible \"ti,am625\": SoC ti,am625, not a board the guides "
		  "name: judged as am62x");
	CHECK(boardid_match("ti,am625-sk", 7, NULL, 0, why, sizeof(why)) == NULL);
	/* model: up to its first NUL, an empty one is left out */
	CHECK(boardid_match(BLOB("ti,j722s-evm\0"), BLOB("J722S\0junk"), why, sizeof(why)) != NULL);
	CHECK_STR(why, "devicetree compatible \"ti,j722s-evm\", model \"J722S\"");
	CHECK(boardid_match(BLOB("ti,j722s-evm\0"), BLOB("\0J722S"), why, sizeof(why)) != NULL);
	CHECK_STR(why, "devicetree compatible \"ti,j722s-evm\"");
}

TEST(boardid_big_blob)
{
	static char blob[10240];
	char why[512], want[160];
	size_t i;

	/* 10 KiB without a NUL: one string, shown cut at 64 characters */
	memset(blob, 'a', sizeof(blob));
	CHECK(boardid_match(blob, sizeof(blob), blob, sizeof(blob), why, sizeof(why)) == NULL);
	snprintf(want, sizeof(want), "devicetree compatible \"%.64s...\" matches no known board", blob);
	CHECK_STR(why, want);
	/* 10 KiB of short strings, a board's at the very end: found */
	for (i = 0; i + 2 <= sizeof(blob); i += 2)
		memcpy(blob + i, "x", 2);
	memcpy(blob + sizeof(blob) - 14, "\0ti,j7200-evm", 14);
	CHECK_STR(alias_of(boardid_match(blob, sizeof(blob), NULL, 0, why, sizeof(why))), "j7200");
	CHECK_STR(why, "devicetree compatible \"ti,j7200-evm\"");
}

TEST(boardid_garbage)
{
	unsigned char blob[512], model[300];
	char why[300];
	size_t i, w;

	for (i = 0; i < sizeof(blob); i++)
		blob[i] = (unsigned char)(i * 7 + 3);
	for (i = 0; i < sizeof(model); i++)
		model[i] = (unsigned char)(255 - i % 256);
	memset(why, 'Z', sizeof(why));
	CHECK(boardid_match((const char *)blob, sizeof(blob), (const char *)model, sizeof(model),
			    why, 200) == NULL);
	/* one NUL-terminated line of printable ASCII within the size given */
	REQUIRE(memchr(why, '\0', 200) != NULL);
	for (i = 0; why[i]; i++)
		CHECK(why[i] >= 0x20 && why[i] < 0x7f);
	CHECK(why[200] == 'Z');
	CHECK(!strncmp(why, "devicetree compatible \"", 23));
	/* a quote or backslash in a string cannot end the quoting */
	CHECK_STR(alias_of(boardid_match(BLOB("a\"b\\c\0ti,j722s\0"), "m\"\n", 3, why,
					 sizeof(why))), "j722s");
	CHECK_STR(why, "devicetree compatible \"a?b?c\", model \"m??\": SoC ti,j722s, not a board "
		  "the guides name: judged as j722s");
	/* any size of why, even none, is respected */
	for (w = 0; w < 40; w++) {
		memset(why, 'Z', sizeof(why));
		CHECK(boardid_match(BLOB("ti,am625-sk\0"), "AM625", 5, why, w) != NULL);
		CHECK(why[w] == 'Z');
		if (w)
			CHECK(strlen(why) < w);
	}
}
