/* dhrystone.h - Dhrystone 2.1's record types, one copy's state, the
 * procedures and the final-value check, shared by dhrystone.c,
 * dhrystone_procs.c and tests/unit
 *
 * SPDX-License-Identifier: MIT
 *
 * The original keeps its state in file-scope globals; here one struct dhry
 * holds them for one copy and is passed to every procedure that touches
 * them, so -P N copies never share a byte. The operations and their order
 * are Dhrystone 2.1's.
 */
#ifndef BENCHBOX_DHRYSTONE_H
#define BENCHBOX_DHRYSTONE_H

#include <stddef.h>
#include <stdint.h>

enum dhry_enum { IDENT_1, IDENT_2, IDENT_3, IDENT_4, IDENT_5 };

enum { DHRY_STR = 31 };		/* Str_30: 30 characters and the terminator */

/* A record: a link, a discriminant and a variant part. Only variant 1 is
 * ever used, as in the original. */
struct dhry_rec {
	struct dhry_rec	*ptr_comp;
	enum dhry_enum	discr;
	union {
		struct {
			enum dhry_enum	enum_comp;
			int		int_comp;
			char		str_comp[DHRY_STR];
		} var_1;
		struct {
			enum dhry_enum	e_comp_2;
			char		str_2_comp[DHRY_STR];
		} var_2;
		struct {
			char		ch_1_comp, ch_2_comp;
		} var_3;
	} variant;
};

/* main()'s locals as they stand after the last run (for the check). */
struct dhry_locals {
	int		int_1, int_2, int_3;
	enum dhry_enum	enum_loc;
	char		str_1[DHRY_STR], str_2[DHRY_STR];
};

/* One copy: the original's globals, then harness bookkeeping. */
struct dhry {
	struct dhry_rec	*ptr_glob, *next_ptr_glob;
	int		int_glob;
	int		bool_glob;
	char		ch_1_glob, ch_2_glob;
	int		arr_1_glob[50];
	int		arr_2_glob[50][50];

	struct dhry_rec	recs[2];	/* the two records Ptr_Glob points to */
	struct dhry_locals last;	/* written at the end of every dhry_loop() */
	uint64_t	since;		/* runs since arr_2_glob[8][7] was set to 10 */
	uint64_t	total;		/* runs in all */
	int		lost;		/* a rebase found arr_2_glob[8][7] wrong */
};

/* The strings, as published. */
extern const char dhry_some_string[], dhry_1st_string[], dhry_2nd_string[],
	dhry_3rd_string[];

/* dhrystone_procs.c: Proc_1..Proc_8, Func_1..Func_3 (all noinline) */
void		dhry_proc_1(struct dhry *g, struct dhry_rec *ptr_val_par);
void		dhry_proc_2(struct dhry *g, int *int_par_ref);
void		dhry_proc_3(struct dhry *g, struct dhry_rec **ptr_ref_par);
void		dhry_proc_4(struct dhry *g);
void		dhry_proc_5(struct dhry *g);
void		dhry_proc_6(struct dhry *g, enum dhry_enum enum_val_par,
			    enum dhry_enum *enum_ref_par);
void		dhry_proc_7(int int_1_par_val, int int_2_par_val, int *int_par_ref);
void		dhry_proc_8(struct dhry *g, int arr_1_par_ref[50],
			    int arr_2_par_ref[50][50], int int_1_par_val, int int_2_par_val);
enum dhry_enum	dhry_func_1(struct dhry *g, char ch_1_par_val, char ch_2_par_val);
int		dhry_func_2(struct dhry *g, const char *str_1_par_ref,
			    const char *str_2_par_ref);
int		dhry_func_3(enum dhry_enum enum_par_val);

/* dhrystone.c */
/* What main() does before its loop: link and fill the records, set
 * Arr_2_Glob[8][7] = 10. Everything else starts at zero. */
void dhry_init(struct dhry *g);
/* `runs` passes of Dhrystone's main loop (runs <= DHRY_MAX_BATCH); updates
 * since/total and g->last. */
void dhry_loop(struct dhry *g, int runs);
/* Any number of runs: batches of at most DHRY_MAX_BATCH, resetting
 * Arr_2_Glob[8][7] to 10 (after checking it) before the int could overflow. */
void dhry_run(struct dhry *g, uint64_t runs);
enum { DHRY_MAX_BATCH = 1 << 28, DHRY_REBASE_AT = 1 << 30 };

/* The published final values. 0 when all hold; else -1 with the first
 * wrong one described in why ("Int_Glob is 4, should be 5"). */
int dhry_check(const struct dhry *g, char *why, size_t len);

#endif
