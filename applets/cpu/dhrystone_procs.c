/* dhrystone_procs.c - Dhrystone 2.1's procedures Proc_1..Proc_8 and
 * functions Func_1..Func_3
 *
 * SPDX-License-Identifier: MIT
 *
 * A separate translation unit from the main loop (dhrystone.c), as the
 * original's two files are, and every procedure is noinline: without LTO
 * the compiler cannot fold the calls into the loop, so each run really
 * makes Dhrystone's calls. The original's globals are the fields of
 * struct dhry, passed as g; Proc_7 and Func_3 touch none and take none.
 * Comments give the values every run produces.
 */
#include "dhrystone.h"

#include <string.h>

#define DHRY_PROC __attribute__((noinline))

DHRY_PROC void dhry_proc_1(struct dhry *g, struct dhry_rec *ptr_val_par)
{
	struct dhry_rec *next_record = ptr_val_par->ptr_comp;	/* == next_ptr_glob */

	*ptr_val_par->ptr_comp = *g->ptr_glob;		/* record assignment */
	ptr_val_par->variant.var_1.int_comp = 5;
	next_record->variant.var_1.int_comp = ptr_val_par->variant.var_1.int_comp;
	next_record->ptr_comp = ptr_val_par->ptr_comp;
	dhry_proc_3(g, &next_record->ptr_comp);
	if (next_record->discr == IDENT_1) {		/* always */
		next_record->variant.var_1.int_comp = 6;
		dhry_proc_6(g, ptr_val_par->variant.var_1.enum_comp,
			    &next_record->variant.var_1.enum_comp);
		next_record->ptr_comp = g->ptr_glob->ptr_comp;
		dhry_proc_7(next_record->variant.var_1.int_comp, 10,
			    &next_record->variant.var_1.int_comp);
	} else {
		*ptr_val_par = *ptr_val_par->ptr_comp;
	}
}

/* *int_par_ref: 1 in, 5 out (Ch_1_Glob == 'A', Int_Glob == 5) */
DHRY_PROC void dhry_proc_2(struct dhry *g, int *int_par_ref)
{
	int int_loc = *int_par_ref + 10;
	enum dhry_enum enum_loc = IDENT_2;	/* the original leaves it unset;
						   the loop body always sets it */

	do {
		if (g->ch_1_glob == 'A') {
			int_loc -= 1;
			*int_par_ref = int_loc - g->int_glob;
			enum_loc = IDENT_1;
		}
	} while (enum_loc != IDENT_1);
}

DHRY_PROC void dhry_proc_3(struct dhry *g, struct dhry_rec **ptr_ref_par)
{
	if (g->ptr_glob != NULL)
		*ptr_ref_par = g->ptr_glob->ptr_comp;
	dhry_proc_7(10, g->int_glob, &g->ptr_glob->variant.var_1.int_comp);
}

DHRY_PROC void dhry_proc_4(struct dhry *g)
{
	int bool_loc = g->ch_1_glob == 'A';

	g->bool_glob = bool_loc | g->bool_glob;
	g->ch_2_glob = 'B';
}

DHRY_PROC void dhry_proc_5(struct dhry *g)
{
	g->ch_1_glob = 'A';
	g->bool_glob = 0;
}

DHRY_PROC void dhry_proc_6(struct dhry *g, enum dhry_enum enum_val_par,
			   enum dhry_enum *enum_ref_par)
{
	*enum_ref_par = enum_val_par;
	if (!dhry_func_3(enum_val_par))
		*enum_ref_par = IDENT_4;
	switch (enum_val_par) {
	case IDENT_1:
		*enum_ref_par = IDENT_1;
		break;
	case IDENT_2:
		*enum_ref_par = g->int_glob > 100 ? IDENT_1 : IDENT_4;
		break;
	case IDENT_3:
		*enum_ref_par = IDENT_2;
		break;
	case IDENT_4:
		break;
	case IDENT_5:
		*enum_ref_par = IDENT_3;
		break;
	}
}

DHRY_PROC void dhry_proc_7(int int_1_par_val, int int_2_par_val, int *int_par_ref)
{
	int int_loc = int_1_par_val + 2;

	*int_par_ref = int_2_par_val + int_loc;
}

/* Called with 3 and 7: Arr_1[8] = Arr_1[9] = 7, Arr_1[38] = 8,
 * Arr_2[8][8] = Arr_2[8][9] = 8, Arr_2[8][7] += 1, Arr_2[28][8] = 7. */
DHRY_PROC void dhry_proc_8(struct dhry *g, int arr_1_par_ref[50], int arr_2_par_ref[50][50],
			   int int_1_par_val, int int_2_par_val)
{
	int int_loc = int_1_par_val + 5, int_index;

	arr_1_par_ref[int_loc] = int_2_par_val;
	arr_1_par_ref[int_loc + 1] = arr_1_par_ref[int_loc];
	arr_1_par_ref[int_loc + 30] = int_loc;
	for (int_index = int_loc; int_index <= int_loc + 1; ++int_index)
		arr_2_par_ref[int_loc][int_index] = int_loc;
	arr_2_par_ref[int_loc][int_loc - 1] += 1;
	arr_2_par_ref[int_loc + 20][int_loc] = arr_1_par_ref[int_loc];
	g->int_glob = 5;
}

DHRY_PROC enum dhry_enum dhry_func_1(struct dhry *g, char ch_1_par_val, char ch_2_par_val)
{
	char ch_1_loc = ch_1_par_val, ch_2_loc = ch_1_loc;

	if (ch_2_loc != ch_2_par_val)
		return IDENT_1;
	g->ch_1_glob = ch_1_loc;
	return IDENT_2;
}

/* Called with the 1'ST and 2'ND strings: returns 0 (strcmp is < 0). */
DHRY_PROC int dhry_func_2(struct dhry *g, const char *str_1_par_ref, const char *str_2_par_ref)
{
	int int_loc = 2;
	char ch_loc = 0;	/* the original leaves it unset; the loop sets it */

	while (int_loc <= 2)	/* runs once */
		if (dhry_func_1(g, str_1_par_ref[int_loc], str_2_par_ref[int_loc + 1]) == IDENT_1) {
			ch_loc = 'A';
			int_loc += 1;
		}
	if (ch_loc >= 'W' && ch_loc < 'Z')
		int_loc = 7;
	if (ch_loc == 'R')
		return 1;
	if (strcmp(str_1_par_ref, str_2_par_ref) > 0) {
		int_loc += 7;
		g->int_glob = int_loc;
		return 1;
	}
	return 0;
}

DHRY_PROC int dhry_func_3(enum dhry_enum enum_par_val)
{
	enum dhry_enum enum_loc = enum_par_val;

	return enum_loc == IDENT_3;
}
