/* coremark_matrix.c - the matrix workload of the coremark-like benchmark
 *
 * SPDX-License-Identifier: MIT
 *
 * N x N int16 inputs A and B and int32 results C in one third of the
 * block (N = 9 for 666 bytes: the largest N with 8 N^2 < size). One run
 * multiplies A by a constant, by a vector (a row of B chosen by the
 * constant) and by B; after each product two bit fields of every result
 * are extracted and accumulated, and the sum is folded into a CRC. Inputs
 * lie in [-256, 255], so no product or sum can overflow int32.
 */
#include "coremark.h"

unsigned cm_matrix_dim(size_t size)
{
	unsigned n = 1;

	while (8 * (size_t)(n + 1) * (n + 1) < size)
		n++;
	return n;
}

/* A 32-bit LCG seeded from seed1 and seed2: the values exist only at run
 * time, so the compiler cannot fold the products. */
static uint32_t lcg(uint32_t *x)
{
	*x = *x * 1103515245u + 12345u;
	return *x >> 16;
}

void cm_matrix_init(struct cm_mat *m, void *mem, size_t size, const struct cm_seeds *s)
{
	uintptr_t p = ((uintptr_t)mem + 3) & ~(uintptr_t)3;
	uint32_t x = ((uint32_t)s->s1 << 16) ^ s->s2 ^ 0x4d415452u;
	unsigned n, i;

	size -= p - (uintptr_t)mem;
	n = cm_matrix_dim(size);
	m->n = n;
	m->c = (int32_t *)p;
	m->a = (int16_t *)(m->c + n * n);
	m->b = m->a + n * n;
	for (i = 0; i < n * n; i++) {
		m->a[i] = (int16_t)((int)(lcg(&x) & 0x1ff) - 256);
		m->b[i] = (int16_t)((int)(lcg(&x) & 0x1ff) - 256);
	}
}

void cm_mat_mul_const(unsigned n, int32_t *c, const int16_t *a, int16_t val)
{
	unsigned i;

	for (i = 0; i < n * n; i++)
		c[i] = (int32_t)a[i] * val;
}

void cm_mat_mul_vect(unsigned n, int32_t *c, const int16_t *a, const int16_t *v)
{
	unsigned i, j;

	for (i = 0; i < n; i++) {
		int32_t sum = 0;

		for (j = 0; j < n; j++)
			sum += (int32_t)a[i * n + j] * v[j];
		c[i] = sum;
	}
}

void cm_mat_mul_mat(unsigned n, int32_t *c, const int16_t *a, const int16_t *b)
{
	unsigned i, j, k;

	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++) {
			int32_t sum = 0;

			for (k = 0; k < n; k++)
				sum += (int32_t)a[i * n + k] * b[k * n + j];
			c[i * n + j] = sum;
		}
}

/* Bits 2-5 and 5-11 of each result: the wide field is added, and a low
 * field above 9 flips a pattern into the sum (a data-dependent branch). */
uint16_t cm_mat_fields(const int32_t *c, unsigned len)
{
	uint16_t acc = 0;
	unsigned i;

	for (i = 0; i < len; i++) {
		uint32_t u = (uint32_t)c[i];

		acc = (uint16_t)(acc + ((u >> 5) & 0x7f));
		if (((u >> 2) & 0xf) > 9)
			acc ^= 0x55;
	}
	return acc;
}

uint16_t cm_matrix_bench(struct cm_mat *m, int16_t val, uint16_t crc)
{
	unsigned n = m->n;

	cm_mat_mul_const(n, m->c, m->a, val);
	crc = cm_crc16(cm_mat_fields(m->c, n * n), crc);
	cm_mat_mul_vect(n, m->c, m->a, m->b + ((uint16_t)val % n) * n);
	crc = cm_crc16(cm_mat_fields(m->c, n), crc);
	cm_mat_mul_mat(n, m->c, m->a, m->b);
	return cm_crc16(cm_mat_fields(m->c, n * n), crc);
}
