/* dhrystone_loop.c - Dhrystone 2.1's main program: its strings, the
 * initialisation of the globals and the main loop that is timed
 *
 * SPDX-License-Identifier: MIT
 *
 * The timed code of the dhrystone applet (dhrystone.c: the checks, the
 * output and the run) is this file and dhrystone_procs.c, both built for
 * speed. Where the linker put them, which any change elsewhere moved,
 * moved the result by 7% on an EPYC (a shift of 32 bytes), so their
 * place is pinned: this file's functions start on 64-byte boundaries (the
 * Makefile), the procedures' file comes right after it in the link (the
 * sources in name order), right after dhry_init, which is last here for
 * that: the procedures then start 48 bytes past a 64-byte boundary, as in
 * the layout that measured fastest (with dhry_run last they started at 16:
 * 0.93x; with every procedure 64-byte aligned: 0.83x). The strings strcpy
 * copies every run start on 64-byte boundaries. The procedures stay in
 * their own file, as the original's dhry_2.c, so that they are called,
 * not inlined.
 */
#include "dhrystone.h"

#include <stdint.h>
#include <string.h>

const char dhry_some_string[DHRY_STR] __attribute__((aligned(64))) = "DHRYSTONE PROGRAM, SOME STRING";
const char dhry_1st_string[DHRY_STR] __attribute__((aligned(64))) = "DHRYSTONE PROGRAM, 1'ST STRING";
const char dhry_2nd_string[DHRY_STR] __attribute__((aligned(64))) = "DHRYSTONE PROGRAM, 2'ND STRING";
const char dhry_3rd_string[DHRY_STR] __attribute__((aligned(64))) = "DHRYSTONE PROGRAM, 3'RD STRING";


/* Dhrystone's main loop, runs times. The comments give each run's values. */
void dhry_loop(struct dhry *g, int runs)
{
	int int_1_loc = 0, int_2_loc = 0, int_3_loc = 0, run_index;
	enum dhry_enum enum_loc = IDENT_1;
	char ch_index, str_1_loc[DHRY_STR], str_2_loc[DHRY_STR];

	strcpy(str_1_loc, dhry_1st_string);
	str_2_loc[0] = '\0';
	for (run_index = 1; run_index <= runs; ++run_index) {
		dhry_proc_5(g);
		dhry_proc_4(g);				/* Ch_1 'A', Ch_2 'B', Bool true */
		int_1_loc = 2;
		int_2_loc = 3;
		strcpy(str_2_loc, dhry_2nd_string);
		enum_loc = IDENT_2;
		g->bool_glob = !dhry_func_2(g, str_1_loc, str_2_loc);	/* true */
		while (int_1_loc < int_2_loc) {		/* once */
			int_3_loc = 5 * int_1_loc - int_2_loc;		/* 7 */
			dhry_proc_7(int_1_loc, int_2_loc, &int_3_loc);	/* 7 */
			int_1_loc += 1;
		}
		dhry_proc_8(g, g->arr_1_glob, g->arr_2_glob, int_1_loc, int_3_loc);
		dhry_proc_1(g, g->ptr_glob);
		for (ch_index = 'A'; ch_index <= g->ch_2_glob; ++ch_index) {	/* twice */
			if (enum_loc == dhry_func_1(g, ch_index, 'C')) {	/* never */
				dhry_proc_6(g, IDENT_1, &enum_loc);
				strcpy(str_2_loc, dhry_3rd_string);
				int_2_loc = run_index;
				g->int_glob = run_index;
			}
		}
		int_2_loc = int_2_loc * int_1_loc;			/* 9 */
		int_1_loc = int_2_loc / int_3_loc;			/* 1 */
		int_2_loc = 7 * (int_2_loc - int_3_loc) - int_1_loc;	/* 13 */
		dhry_proc_2(g, &int_1_loc);				/* 5 */
	}
	g->last.int_1 = int_1_loc;
	g->last.int_2 = int_2_loc;
	g->last.int_3 = int_3_loc;
	g->last.enum_loc = enum_loc;
	memcpy(g->last.str_1, str_1_loc, DHRY_STR);
	memcpy(g->last.str_2, str_2_loc, DHRY_STR);
	if (runs > 0) {
		g->since += (uint64_t)runs;
		g->total += (uint64_t)runs;
	}
}

void dhry_run(struct dhry *g, uint64_t runs)
{
	while (runs) {
		int n = runs > DHRY_MAX_BATCH ? DHRY_MAX_BATCH : (int)runs;

		/* Arr_2_Glob[8][7] counts runs in an int: check it and start it
		 * again at 10 long before it could overflow (once per 2^30 runs) */
		if (g->since + (uint64_t)n > DHRY_REBASE_AT) {
			if ((int64_t)g->arr_2_glob[8][7] != (int64_t)g->since + 10)
				g->lost = 1;
			g->arr_2_glob[8][7] = 10;
			g->since = 0;
		}
		dhry_loop(g, n);
		runs -= (uint64_t)n;
	}
}

/* Last in this file: the procedures follow it (see the top). */
void dhry_init(struct dhry *g)
{
	g->next_ptr_glob = &g->recs[1];
	g->ptr_glob = &g->recs[0];
	g->ptr_glob->ptr_comp = g->next_ptr_glob;
	g->ptr_glob->discr = IDENT_1;
	g->ptr_glob->variant.var_1.enum_comp = IDENT_3;
	g->ptr_glob->variant.var_1.int_comp = 40;
	strcpy(g->ptr_glob->variant.var_1.str_comp, dhry_some_string);
	g->arr_2_glob[8][7] = 10;
	g->since = 0;
}
