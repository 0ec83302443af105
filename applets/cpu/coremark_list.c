/* coremark_list.c - the linked-list workload and one iteration of the
 * coremark-like benchmark
 *
 * SPDX-License-Identifier: MIT
 *
 * The list lives in the first third of the block: nodes (next pointer,
 * record pointer) and (data16, idx) records. Its order is by idx; the
 * nodes are laid out so that one link in four goes to the next node in
 * memory and three jump. One list run (called twice per iteration, with
 * finder +1 and -1):
 *   - seed3 & 0xff finds by idx (a third of the keys miss); a found node
 *     moves to the front (a most-recently-used cache), and after every find
 *     the list is reversed;
 *   - a merge sort by the lazily evaluated data: a record's data names a
 *     workload (bit 11: matrix, else state machine) and its parameter (bits
 *     8-10); the comparator runs that workload on first use and caches 7
 *     bits of its CRC in bits 0-6 with bit 7 as the "cached" flag;
 *   - remove the second item and change its parameter (so its cache is
 *     stale), CRC the data from a found position to the end, undo the
 *     removal, and clear that position's cache too;
 *   - a merge sort by idx restores the order; the CRC of every record and
 *     of the hit and miss counts is the result.
 * Two workload runs per list run after the first (which evaluates every
 * item), so the matrix and state work stay a fixed share of an iteration.
 */
#include "coremark.h"

unsigned cm_list_slot(unsigned j, unsigned n)
{
	static const unsigned in_group[4] = { 0, 1, 3, 2 };
	unsigned groups = n / 4, g = j / 4;

	if (g >= groups)		/* the tail that makes no whole group */
		return j;
	/* 5 is coprime with the group count unless it divides it */
	if (groups % 5)
		g = (g * 5 + 1) % groups;
	return g * 4 + in_group[j % 4];
}

void cm_core_init(struct cm_core *c, uint8_t *block, const struct cm_seeds *s)
{
	uint32_t x = ((uint32_t)s->s1 << 16) ^ ((uint32_t)s->s2 << 1) ^ 0x4c495354u;
	struct cm_node *prev = NULL;
	unsigned j;

	c->seeds = *s;
	c->block = block;
	c->n = CM_LIST_ITEMS;
	c->nodes = (struct cm_node *)block;
	c->recs = (struct cm_rec *)(c->nodes + c->n);
	for (j = 0; j < c->n; j++) {
		struct cm_node *nd = &c->nodes[cm_list_slot(j, c->n)];

		x = x * 1103515245u + 12345u;
		nd->info = &c->recs[cm_list_slot(j, c->n)];
		nd->info->idx = (uint16_t)j;
		nd->info->data = (uint16_t)((x >> 8) & 0xff00);	/* nothing cached */
		nd->next = NULL;
		if (prev)
			prev->next = nd;
		else
			c->head = nd;
		prev = nd;
	}
	cm_matrix_init(&c->mat, block + CM_BLOCK, CM_BLOCK, s);
	c->state = block + 2 * CM_BLOCK;
	c->state_size = CM_BLOCK;
	cm_state_init(c->state, c->state_size, s);
	c->acc_matrix = c->acc_state = 0;
	c->crclist = c->crcmatrix = c->crcstate = c->crcfinal = 0;
	c->done = 0;
	c->evals[0] = c->evals[1] = 0;
}

/* Bottom-up merge sort of a singly linked list: runs of k items are merged
 * pairwise, k doubling until one merge covers the list. Stable. */
struct cm_node *cm_list_sort(struct cm_node *list, cm_cmp_fn *cmp, struct cm_core *c)
{
	unsigned k;

	if (!list)
		return NULL;
	for (k = 1;; k *= 2) {
		struct cm_node *p = list, *tail = NULL;
		unsigned merges = 0;

		list = NULL;
		while (p) {
			struct cm_node *q = p;
			unsigned np = 0, nq = k;

			merges++;
			while (np < k && q) {
				np++;
				q = q->next;
			}
			while (np || (nq && q)) {
				struct cm_node *e;

				if (!np) {
					e = q;
					q = q->next;
					nq--;
				} else if (!nq || !q || cmp(p->info, q->info, c) <= 0) {
					e = p;
					p = p->next;
					np--;
				} else {
					e = q;
					q = q->next;
					nq--;
				}
				if (tail)
					tail->next = e;
				else
					list = e;
				tail = e;
			}
			p = q;
		}
		tail->next = NULL;
		if (merges <= 1)
			return list;
	}
}

struct cm_node *cm_list_reverse(struct cm_node *list)
{
	struct cm_node *done = NULL;

	while (list) {
		struct cm_node *next = list->next;

		list->next = done;
		done = list;
		list = next;
	}
	return done;
}

int cm_cmp_idx(struct cm_rec *a, struct cm_rec *b, struct cm_core *c)
{
	(void)c;
	return (int)a->idx - (int)b->idx;
}

unsigned cm_eval(struct cm_rec *r, struct cm_core *c)
{
	unsigned p = (r->data >> 8) & 7, res;
	uint16_t crc;

	if (r->data & 0x80)
		return r->data & 0x7f;
	if (r->data & 0x0800) {
		int16_t val = (int16_t)((r->data & 0xff00) ^ c->seeds.s2 ^ (p + 1));

		crc = cm_matrix_bench(&c->mat, val, 0);
		c->acc_matrix = cm_crc16(crc, c->acc_matrix);
		c->evals[1]++;
	} else {
		crc = cm_state_bench(c->state, c->state_size, &c->seeds, p, 0);
		c->acc_state = cm_crc16(crc, c->acc_state);
		c->evals[0]++;
	}
	res = (crc ^ (crc >> 8)) & 0x7f;
	r->data = (uint16_t)((r->data & 0xff00) | 0x80 | res);
	return res;
}

/* Keyed on data16 with the evaluated value in front of the "what" byte. */
int cm_cmp_data(struct cm_rec *a, struct cm_rec *b, struct cm_core *c)
{
	int ka = (int)(cm_eval(a, c) << 8 | a->data >> 8);
	int kb = (int)(cm_eval(b, c) << 8 | b->data >> 8);

	return ka - kb;
}

uint16_t cm_list_bench(struct cm_core *c, int finder)
{
	unsigned n = c->n, keys = n + n / 2, finds = c->seeds.s3 & CM_FINDS_MAX, i;
	unsigned hits = 0, misses = 0;
	struct cm_node *head = c->head, *nd, *prev, *victim;
	uint16_t crc = 0;

	for (i = 0; i < finds; i++) {
		unsigned key = finder > 0 ? (i * 7 + 3) % keys : keys - 1 - (i * 5) % keys;

		for (prev = NULL, nd = head; nd && nd->info->idx != key; nd = nd->next)
			prev = nd;
		if (nd) {
			hits++;
			if (prev) {		/* move to the front */
				prev->next = nd->next;
				nd->next = head;
				head = nd;
			}
		} else {
			misses++;
		}
		head = cm_list_reverse(head);
	}
	head = cm_list_sort(head, cm_cmp_data, c);

	victim = head->next;		/* remove the second item */
	if (victim) {
		head->next = victim->next;
		victim->info->data = (uint16_t)((victim->info->data & 0xff00) + 0x0100);
	}
	for (nd = head; nd && nd->info->idx != (hits + misses / 2) % n; nd = nd->next)
		;
	if (nd)
		nd->info->data &= 0xff00;	/* its cache goes stale too */
	for (; nd; nd = nd->next)
		crc = cm_crc16(nd->info->data, crc);
	if (victim) {			/* undo the removal */
		victim->next = head->next;
		head->next = victim;
	}

	head = cm_list_sort(head, cm_cmp_idx, c);
	for (nd = head; nd; nd = nd->next) {
		crc = cm_crc16(nd->info->data, crc);
		crc = cm_crc16(nd->info->idx, crc);
	}
	crc = cm_crc16((uint16_t)hits, crc);
	crc = cm_crc16((uint16_t)misses, crc);
	c->head = head;
	return crc;
}

void cm_iterate(struct cm_core *c, uint64_t iters)
{
	while (iters--) {
		uint16_t r1 = cm_list_bench(c, 1), r2 = cm_list_bench(c, -1);

		c->crcfinal = cm_crc16(r2, cm_crc16(r1, c->crcfinal));
		if (c->done++ == 0) {
			c->crclist = cm_crc16(r2, cm_crc16(r1, 0));
			c->crcmatrix = c->acc_matrix;
			c->crcstate = c->acc_state;
		}
	}
}
