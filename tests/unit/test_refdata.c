/* test_refdata.c - the embedded reference data: boards, lookups, aliases,
 * missing rows, iteration and the data's own invariants
 *
 * SPDX-License-Identifier: MIT
 *
 * The values checked here are the guides' (data/reference.csv); the CLI
 * tests compare the whole embedded table with that file.
 */
#include "minitest.h"
#include "refdata.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

TEST(refdata_boards)
{
	const struct ref_board *b;

	REQUIRE(ref_load() == 0);
	CHECK_EQ_INT(ref_board_count(), 9);
	b = ref_board("j721e-idk-gw");
	REQUIRE(b != NULL);
	CHECK_STR(b->alias, "j721e");
	CHECK_STR(b->name, "J721e EVM");
	CHECK(strstr(b->desc, "DDR data rate 4266 MT/S") != NULL);
	CHECK(ref_board("j721e") == b);
	CHECK(ref_board("J721E") == b);
	CHECK(ref_board("J721E-IDK-GW") == b);
	CHECK(ref_board_at(0) == b);
	CHECK(ref_board_at(9) == NULL);
	CHECK_STR(ref_board("am62x-lp")->id, "am62xx_lp_sk-fs");
	CHECK_STR(ref_board("am62x-sip")->id, "am62xxsip_sk-fs");
	CHECK(ref_board("am62") == NULL);
	CHECK(ref_board("") == NULL);
	CHECK(ref_board(NULL) == NULL);
}

TEST(refdata_find)
{
	const struct ref_row *r = ref_find("j721e-idk-gw", "lat_ctx-2-128k", NULL);

	REQUIRE(r != NULL);
	CHECK_STR(r->source, "j7-linux-11.02");
	CHECK_STR(r->table, "lmbench");
	CHECK_STR(r->board->id, "j721e-idk-gw");
	CHECK_STR(r->param, "");
	CHECK_STR(r->unit, "us");
	CHECK_NEAR(r->mean, 5.26, 1e-9);
	CHECK_NEAR(r->min, 4.98, 1e-9);
	CHECK_NEAR(r->max, 5.58, 1e-9);
	CHECK_STR(r->text[0], "5.26");
	CHECK(r->confidence == REF_HIGH);
	CHECK_STR(r->note, "");
	/* the alias and the empty size find the same row */
	CHECK(ref_find("j721e", "lat_ctx-2-128k", NULL) == r);
	CHECK(ref_find("j721e", "lat_ctx-2-128k", "") == r);
}

TEST(refdata_sizes)
{
	const struct ref_row *r = ref_find("j721e", "aes-128-cbc", "16384");

	REQUIRE(r != NULL);
	CHECK_STR(r->table, "openssl");
	CHECK_STR(r->unit, "kB/s");
	CHECK_NEAR(r->mean, 184707.07, 1e-6);
	CHECK(r->confidence == REF_LOW);
	CHECK(strstr(r->note, "offload") != NULL);
	/* no size: the first row, in the guide's order */
	r = ref_find("j721e", "aes-128-cbc", NULL);
	REQUIRE(r != NULL);
	CHECK_STR(r->param, "1024");
	r = ref_find("j784s4", "coremark-pro", "8-core");
	REQUIRE(r != NULL);
	CHECK_NEAR(r->mean, 14093.90, 1e-6);
	CHECK_STR(ref_find("j784s4", "coremark-pro", NULL)->param, "");
}

TEST(refdata_single_value_and_low)
{
	const struct ref_row *r = ref_find("am62x", "dhrystone_per_mhz", NULL);

	REQUIRE(r != NULL);
	CHECK_NEAR(r->mean, 2.90, 1e-9);
	CHECK(isnan(r->min) && isnan(r->max));
	CHECK_STR(r->text[1], "");
	CHECK(r->confidence == REF_LOW);
	CHECK_STR(r->note, "quantised by a coarse timer");
	r = ref_find("j7200", "bw_mem-bzero-1mb", NULL);
	REQUIRE(r != NULL);
	CHECK(r->confidence == REF_LOW);
	CHECK(strstr(r->note, "mix two different tests") != NULL);
}

TEST(refdata_newer_guide_first)
{
	const struct ref_row *r = ref_find("j7200", "lat_ctx-2-128k", NULL), *old;

	REQUIRE(r != NULL);
	CHECK_STR(r->source, "j7-linux-11.02");
	old = r;
	while ((old = ref_next(r->board, old)) && strcmp(old->metric, "lat_ctx-2-128k"))
		;
	REQUIRE(old != NULL);
	CHECK_STR(old->source, "j7200-linux-old");
	CHECK_NEAR(old->mean, 4.44, 1e-9);
}

TEST(refdata_missing)
{
	CHECK(ref_find("j721e", "no_such_metric", NULL) == NULL);
	CHECK(ref_find("j721e", "aes-128-cbc", "12345") == NULL);
	CHECK(ref_find("j721e", "lat_ctx-2-128k", "16384") == NULL);
	CHECK(ref_find("no_such_board", "lat_ctx-2-128k", NULL) == NULL);
	CHECK(ref_find(NULL, "lat_ctx-2-128k", NULL) == NULL);
	CHECK(ref_find("j721e", NULL, NULL) == NULL);
	/* a metric one board has and another lacks */
	CHECK(ref_find("j784s4", "coremark-pro", "8-core") != NULL);
	CHECK(ref_find("j721e", "coremark-pro", "8-core") == NULL);
}

/* Every row: a known board, a key, a unit, min <= mean <= max, and each
 * board's row count is what iterating its rows gives. */
TEST(refdata_rows_consistent)
{
	const struct ref_board *b;
	const struct ref_row *r = NULL;
	size_t i, total = 0, per = 0;

	while ((r = ref_next(NULL, r))) {
		total++;
		CHECK(r->board != NULL && *r->metric && *r->unit && *r->source && *r->table);
		CHECK(isnan(r->min) == isnan(r->max));
		if (!isnan(r->min) && !CHECK(r->min <= r->mean && r->mean <= r->max))
			break;
		CHECK(r->confidence == REF_HIGH || *r->note);
	}
	CHECK(total > 4000);
	for (i = 0; (b = ref_board_at(i)); i++) {
		size_t n = 0;

		for (r = ref_next(b, NULL); r; r = ref_next(b, r))
			n++;
		CHECK(b->rows > 0);
		CHECK_EQ_INT(n, b->rows);
		per += n;
	}
	CHECK_EQ_INT(per, total);
}

TEST(refdata_better)
{
	CHECK_EQ_INT(ref_better("us"), -1);
	CHECK_EQ_INT(ref_better("ns"), -1);
	CHECK_EQ_INT(ref_better("s"), -1);
	CHECK_EQ_INT(ref_better("%"), -1);
	CHECK_EQ_INT(ref_better("MB/s"), 1);
	CHECK_EQ_INT(ref_better("DMIPS/MHz"), 1);
}

/* ref_unpack on packed rows made here: the layout of tools/refpack.sh */
#define PACKED_COLS "source,table,board,metric,param,unit,confidence,note,mean,min,max"
#define PACKED_HEADER PACKED_COLS "\n"

static struct ref_board unpack_boards[2] = {
	{ .id = "b1", .alias = "a1" }, { .id = "b2", .alias = "a2" },
};

/* Unpack len bytes of packed (copied: it is split in place) against the
 * two boards; the reason, or NULL with row i's texts in text[]. */
static const char *unpack(const char *packed, size_t len, size_t i, char text[3][32])
{
	struct ref_table t = { unpack_boards, 2, NULL, 0 };
	char *copy = malloc(len ? len : 1);
	const char *why;
	int k;

	memcpy(copy, packed, len);
	why = ref_unpack(&t, copy, len);
	for (k = 0; !why && text && k < 3; k++)
		snprintf(text[k], 32, "%s", t.rows[i].text[k]);
	free(t.rows);
	free(copy);
	return why;
}

/* The text of a row whose numbers are these bytes (3 forms, integers). */
static const char *one_row(const char *bin, size_t nbin, char text[3][32])
{
	static const char cols[] = PACKED_HEADER "1\ns\nt\nb1\nm\n\nus\nhigh\n\n";
	char buf[128];

	memcpy(buf, cols, sizeof(cols) - 1);
	memcpy(buf + sizeof(cols) - 1, bin, nbin);
	return unpack(buf, sizeof(cols) - 1 + nbin, 0, text);
}
#define ONE_ROW(bin, text) one_row(bin, sizeof(bin) - 1, text)
#define UNPACK(lit) unpack(lit, sizeof(lit) - 1, 0, NULL)

static const char two_rows[] = PACKED_HEADER "2\n"
	"s1\ns2\n" "t\nt\n" "b1\nb2\n" "m1\nm2\n" "\n4k\n" "us\nMB/s\n" "high\nlow\n" "\nwhy\n"
	"\x02\x03" "\xfe\xff" "\x00\xff"	/* forms: means, mins, maxes */
	"\xac\x02" "\xdd\x02" "\x06"		/* 1.50, 1.50 - 1.75, 3 */
	"\x0a";					/* 0.005 */

TEST(refdata_unpack)
{
	struct ref_table tab = { unpack_boards, 2, NULL, 0 };
	char blob[sizeof(two_rows)], text[3][32];
	const struct ref_row *r;

	unpack_boards[0].rows = unpack_boards[1].rows = 0;
	memcpy(blob, two_rows, sizeof(blob));
	REQUIRE(ref_unpack(&tab, blob, sizeof(blob) - 1) == NULL);
	CHECK_EQ_INT(tab.nrows, 2);
	r = &tab.rows[0];
	CHECK_STR(r->source, "s1");
	CHECK(r->board == &unpack_boards[0]);
	CHECK_STR(r->metric, "m1");
	CHECK_STR(r->param, "");
	CHECK_STR(r->text[0], "1.50");
	CHECK_STR(r->text[1], "-0.25");
	CHECK_STR(r->text[2], "3");
	CHECK(r->mean == 1.5 && r->min == -0.25 && r->max == 3);
	CHECK(r->confidence == REF_HIGH);
	r = &tab.rows[1];
	CHECK_STR(r->param, "4k");
	CHECK_STR(r->unit, "MB/s");
	CHECK_STR(r->text[0], "0.005");
	CHECK_STR(r->text[1], "");
	CHECK(isnan(r->min) && isnan(r->max));
	CHECK(r->confidence == REF_LOW);
	CHECK_STR(r->note, "why");
	CHECK_EQ_INT(unpack_boards[0].rows, 1);
	CHECK_EQ_INT(unpack_boards[1].rows, 1);
	free(tab.rows);

	/* the integers' extremes: 64 bits, 19 places, a difference to zero */
	REQUIRE(ONE_ROW("\x13\xfe\x00" "\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01"
			"\xfe\xff\xff\xff\xff\xff\xff\xff\xff\x01" "\x00", text) == NULL);
	CHECK_STR(text[0], "-0.9223372036854775808");
	CHECK_STR(text[1], "-0.0000000000000000001");
	CHECK_STR(text[2], "0");
	REQUIRE(ONE_ROW("\x00\xff\xff" "\xfe\xff\xff\xff\xff\xff\xff\xff\xff\x01", text) == NULL);
	CHECK_STR(text[0], "9223372036854775807");
	REQUIRE(ONE_ROW("\x02\xff\xff" "\x00", text) == NULL);
	CHECK_STR(text[0], "0.00");
}

/* Every damage gives a reason, never a read or write out of bounds (the
 * sanitizer build runs this too). */
TEST(refdata_unpack_damaged)
{
	static const char *const bad_text[] = {
		"",
		"source,table\n0\n",
		PACKED_COLS ",extra\n0\n",
		PACKED_COLS "\n0",
		PACKED_HEADER,
		PACKED_HEADER "\n",
		PACKED_HEADER "x\n",
		PACKED_HEADER "-1\n",
		PACKED_HEADER "99999999999999999999999\n",
		PACKED_HEADER "1\ns\nt\nb1\nm\n\nus\nhigh\n",
	};
	size_t i, n;

	for (i = 0; i < ARRAY_LEN(bad_text); i++)
		CHECK(unpack(bad_text[i], strlen(bad_text[i]), 0, NULL) != NULL);
	CHECK(UNPACK(PACKED_HEADER "0\n") == NULL);
	/* every prefix of a sound blob is short somewhere, one byte more too */
	for (n = 0; n < sizeof(two_rows) - 1; n++)
		if (!CHECK(unpack(two_rows, n, 0, NULL) != NULL))
			break;
	CHECK_STR(unpack(two_rows, sizeof(two_rows), 0, NULL), "bytes after the last number");
	/* a NUL in a text column */
	CHECK(UNPACK(PACKED_HEADER "1\ns\nt\nb1\nm\0x\n\nus\nhigh\n\n\x00\xff\xff\x02") != NULL);
	/* forms: too many places, a difference for the mean or from no mean */
	CHECK(ONE_ROW("\x14\xff\xff" "\x02", NULL) != NULL);
	CHECK(ONE_ROW("\xfe\xff\xff" "\x02", NULL) != NULL);
	CHECK(ONE_ROW("\xff\xfe\xff" "\x02", NULL) != NULL);
	CHECK(ONE_ROW("\x00\x80\xff" "\x02\x02", NULL) != NULL);
	/* integers: cut short, beyond 64 bits, a difference past INT64_MAX */
	CHECK(ONE_ROW("\x00\xff\xff" "\x80", NULL) != NULL);
	CHECK(ONE_ROW("\x00\xff\xff" "\xff\xff\xff\xff\xff\xff\xff\xff\xff\x03", NULL) != NULL);
	CHECK(ONE_ROW("\x00\xff\xff" "\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x01", NULL) != NULL);
	CHECK(ONE_ROW("\x00\xfe\xff" "\xfe\xff\xff\xff\xff\xff\xff\xff\xff\x01" "\x02",
		      NULL) != NULL);
	/* the rows: no mean, an unknown board, a confidence of neither kind */
	CHECK_STR(ONE_ROW("\xff\xff\xff", NULL), "a row has no mean");
	CHECK_STR(UNPACK(PACKED_HEADER "1\ns\nt\nb3\nm\n\nus\nhigh\n\n\x00\xff\xff\x02"),
		  "a row names an unknown board");
	CHECK_STR(UNPACK(PACKED_HEADER "1\ns\nt\nb1\nm\n\nus\nhi\n\n\x00\xff\xff\x02"),
		  "a row's confidence is neither high nor low");
}
