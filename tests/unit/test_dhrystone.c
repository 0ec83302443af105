/* test_dhrystone.c - Dhrystone 2.1's final values and the check on them
 *
 * SPDX-License-Identifier: MIT
 */
#include "minitest.h"
#include "dhrystone.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static struct dhry *fresh(void)
{
	struct dhry *g = xcalloc(1, sizeof(*g));

	dhry_init(g);
	return g;
}

/* The published table, field by field, after a few runs. */
TEST(dhrystone_final_values)
{
	struct dhry *g = fresh();
	char why[128];

	dhry_run(g, 1000);
	CHECK_EQ_INT(g->int_glob, 5);
	CHECK_EQ_INT(g->bool_glob, 1);
	CHECK_EQ_INT(g->ch_1_glob, 'A');
	CHECK_EQ_INT(g->ch_2_glob, 'B');
	CHECK_EQ_INT(g->arr_1_glob[8], 7);
	CHECK_EQ_INT(g->arr_2_glob[8][7], 1000 + 10);
	CHECK_EQ_INT(g->ptr_glob->discr, 0);
	CHECK_EQ_INT(g->ptr_glob->variant.var_1.enum_comp, 2);
	CHECK_EQ_INT(g->ptr_glob->variant.var_1.int_comp, 17);
	CHECK_STR(g->ptr_glob->variant.var_1.str_comp, "DHRYSTONE PROGRAM, SOME STRING");
	CHECK_EQ_INT(g->next_ptr_glob->discr, 0);
	CHECK_EQ_INT(g->next_ptr_glob->variant.var_1.enum_comp, 1);
	CHECK_EQ_INT(g->next_ptr_glob->variant.var_1.int_comp, 18);
	CHECK_STR(g->next_ptr_glob->variant.var_1.str_comp, "DHRYSTONE PROGRAM, SOME STRING");
	CHECK(g->ptr_glob->ptr_comp == g->next_ptr_glob->ptr_comp);
	CHECK_EQ_INT(g->last.int_1, 5);
	CHECK_EQ_INT(g->last.int_2, 13);
	CHECK_EQ_INT(g->last.int_3, 7);
	CHECK_EQ_INT(g->last.enum_loc, 1);
	CHECK_STR(g->last.str_1, "DHRYSTONE PROGRAM, 1'ST STRING");
	CHECK_STR(g->last.str_2, "DHRYSTONE PROGRAM, 2'ND STRING");
	CHECK_EQ_U64(g->total, 1000);
	CHECK_EQ_INT(dhry_check(g, why, sizeof(why)), 0);
	CHECK_STR(why, "");
	dhry_run(g, 1);			/* one more run: still right, count follows */
	CHECK_EQ_INT(g->arr_2_glob[8][7], 1011);
	CHECK_EQ_INT(dhry_check(g, why, sizeof(why)), 0);
	free(g);
}

/* Each corrupted value is caught and named; restoring it passes again. */
TEST(dhrystone_check_catches)
{
	struct dhry *g = fresh();
	char why[128];

	dhry_run(g, 3);
	REQUIRE(dhry_check(g, why, sizeof(why)) == 0);

	g->int_glob = 4;
	CHECK_EQ_INT(dhry_check(g, why, sizeof(why)), -1);
	CHECK_STR(why, "Int_Glob is 4, should be 5");
	g->int_glob = 5;

	g->arr_2_glob[8][7]++;		/* one run too many */
	CHECK_EQ_INT(dhry_check(g, why, sizeof(why)), -1);
	CHECK_STR(why, "Arr_2_Glob[8][7] is 14, should be 13 (Number_Of_Runs + 10)");
	g->arr_2_glob[8][7]--;

	g->next_ptr_glob->variant.var_1.int_comp = 17;
	CHECK_EQ_INT(dhry_check(g, why, sizeof(why)), -1);
	CHECK_STR(why, "Next_Ptr_Glob->Int_Comp is 17, should be 18");
	g->next_ptr_glob->variant.var_1.int_comp = 18;

	g->ptr_glob->variant.var_1.str_comp[5] = 'X';
	CHECK_EQ_INT(dhry_check(g, why, sizeof(why)), -1);
	CHECK(strstr(why, "Ptr_Glob->Str_Comp is DHRYSXONE") == why);
	g->ptr_glob->variant.var_1.str_comp[5] = 'T';

	g->ch_1_glob = 'B';
	CHECK_EQ_INT(dhry_check(g, why, sizeof(why)), -1);
	CHECK_STR(why, "Ch_1_Glob is B, should be A");
	g->ch_1_glob = 'A';

	g->last.int_2 = 12;
	CHECK_EQ_INT(dhry_check(g, why, sizeof(why)), -1);
	CHECK_STR(why, "Int_2_Loc is 12, should be 13");
	g->last.int_2 = 13;

	g->last.str_2[30] = 'x';	/* no terminator: caught, not overrun */
	CHECK_EQ_INT(dhry_check(g, why, sizeof(why)), -1);
	g->last.str_2[30] = '\0';

	g->ptr_glob->ptr_comp = g->ptr_glob;
	CHECK_EQ_INT(dhry_check(g, why, sizeof(why)), -1);
	CHECK(strstr(why, "Ptr_Glob->Ptr_Comp is ") == why);
	g->ptr_glob->ptr_comp = g->next_ptr_glob;

	CHECK_EQ_INT(dhry_check(g, why, sizeof(why)), 0);
	free(g);
}

TEST(dhrystone_check_needs_a_run)
{
	struct dhry *g = fresh();
	char why[128];

	CHECK_EQ_INT(dhry_check(g, why, sizeof(why)), -1);	/* locals never set */
	dhry_run(g, 0);
	CHECK_EQ_INT(dhry_check(g, why, sizeof(why)), -1);
	dhry_run(g, 1);
	CHECK_EQ_INT(dhry_check(g, why, sizeof(why)), 0);
	CHECK_EQ_INT(g->arr_2_glob[8][7], 11);
	free(g);
}

/* Arr_2_Glob[8][7] is an int: it is checked and reset to 10 once per
 * DHRY_REBASE_AT runs, and a count found wrong then is never forgotten. */
TEST(dhrystone_rebase)
{
	struct dhry *g = fresh();
	char why[128];

	dhry_run(g, 5);
	g->since = DHRY_REBASE_AT - 2;	/* pretend ~2^30 runs went by */
	g->total = DHRY_REBASE_AT - 2;
	g->arr_2_glob[8][7] = (int)g->since + 10;
	REQUIRE(dhry_check(g, why, sizeof(why)) == 0);
	dhry_run(g, 7);			/* would pass 2^30: reset first */
	CHECK_EQ_U64(g->since, 7);
	CHECK_EQ_INT(g->arr_2_glob[8][7], 17);
	CHECK_EQ_INT(g->lost, 0);
	CHECK_EQ_INT(dhry_check(g, why, sizeof(why)), 0);

	g->since = DHRY_REBASE_AT - 2;
	g->arr_2_glob[8][7] = 12345;	/* wrong when the reset looks at it */
	dhry_run(g, 7);
	CHECK_EQ_INT(g->lost, 1);
	CHECK_EQ_INT(g->arr_2_glob[8][7], 17);
	CHECK_EQ_INT(dhry_check(g, why, sizeof(why)), -1);
	CHECK_STR(why, "Arr_2_Glob[8][7] lost count of the runs");
	free(g);
}
