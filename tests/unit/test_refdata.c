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

#include <math.h>
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
