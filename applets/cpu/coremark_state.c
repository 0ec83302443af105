/* coremark_state.c - the state-machine workload of the coremark-like benchmark
 *
 * SPDX-License-Identifier: MIT
 *
 * A Moore machine reads one third of the block: comma-separated tokens
 * that look like integers ("-42"), floats ("3.25"), scientific numbers
 * ("1.5e-3") or nothing valid ("4x1", "+."), generated from the seeds.
 * At each comma (and at the end) the state reached is counted as a final
 * state and the machine starts again; every change of state is counted as
 * a transition into the new state. One run scans, corrupts bytes at an
 * interval derived from the seeds (xor with a seed byte), rescans and
 * restores, and folds all counts into a CRC. Bytes are uint8_t so that
 * the result does not depend on the signedness of char.
 */
#include "coremark.h"

static uint32_t lcg(uint32_t *x)
{
	*x = *x * 1103515245u + 12345u;
	return *x >> 16;
}

static size_t put_digits(uint8_t *t, size_t len, uint32_t *x, unsigned max)
{
	unsigned k, nd = 1 + lcg(x) % max;

	for (k = 0; k < nd; k++)
		t[len++] = (uint8_t)('0' + lcg(x) % 10);
	return len;
}

/* One token of kind 0 int, 1 float, 2 scientific, 3 invalid into t (up to
 * 16 bytes); returns its length. */
static size_t make_token(uint8_t *t, uint32_t *x)
{
	static const uint8_t junk[] = "x+-.eE";
	unsigned kind = lcg(x) % 4;
	size_t len = 0;

	if (kind != 3 && lcg(x) % 3 == 0)
		t[len++] = lcg(x) & 1 ? '-' : '+';
	switch (kind) {
	case 0:
		len = put_digits(t, len, x, 4);
		break;
	case 1:
		len = put_digits(t, len, x, 3);
		t[len++] = '.';
		len = put_digits(t, len, x, 3);
		break;
	case 2:
		len = put_digits(t, len, x, 2);
		t[len++] = '.';
		len = put_digits(t, len, x, 2);
		t[len++] = lcg(x) & 1 ? 'e' : 'E';
		if (lcg(x) & 1)
			t[len++] = lcg(x) & 1 ? '-' : '+';
		len = put_digits(t, len, x, 2);
		break;
	default:			/* a digit, junk, maybe digits, junk */
		len = put_digits(t, len, x, 2);
		t[len++] = junk[lcg(x) % 6];
		if (lcg(x) & 1)
			len = put_digits(t, len, x, 2);
		t[len++] = junk[lcg(x) % 6];
		break;
	}
	return len;
}

void cm_state_init(uint8_t *buf, size_t size, const struct cm_seeds *s)
{
	uint32_t x = ((uint32_t)s->s2 << 16) ^ s->s1 ^ 0x53544154u;
	size_t pos = 0, i;
	uint8_t t[16];

	for (;;) {
		size_t len = make_token(t, &x);

		if (pos + len + 1 >= size)	/* room for the token and a comma/NUL */
			break;
		for (i = 0; i < len; i++)
			buf[pos++] = t[i];
		buf[pos++] = ',';
	}
	if (pos)
		pos--;			/* the last comma becomes the end */
	while (pos < size)
		buf[pos++] = 0;
}

static int is_digit(uint8_t ch)
{
	return ch >= '0' && ch <= '9';
}

enum cm_state cm_state_next(enum cm_state st, uint8_t ch)
{
	switch (st) {
	case CM_START:
		if (is_digit(ch))
			return CM_INT;
		if (ch == '+' || ch == '-')
			return CM_SIGN;
		if (ch == '.')
			return CM_DOT;
		return CM_INVALID;
	case CM_SIGN:
		if (is_digit(ch))
			return CM_INT;
		if (ch == '.')
			return CM_DOT;
		return CM_INVALID;
	case CM_INT:
		if (is_digit(ch))
			return CM_INT;
		if (ch == '.')
			return CM_FRAC;
		if (ch == 'e' || ch == 'E')
			return CM_EXP;
		return CM_INVALID;
	case CM_DOT:
		return is_digit(ch) ? CM_FRAC : CM_INVALID;
	case CM_FRAC:
		if (is_digit(ch))
			return CM_FRAC;
		if (ch == 'e' || ch == 'E')
			return CM_EXP;
		return CM_INVALID;
	case CM_EXP:
		if (ch == '+' || ch == '-')
			return CM_EXPSIGN;
		return is_digit(ch) ? CM_SCI : CM_INVALID;
	case CM_EXPSIGN:
	case CM_SCI:
		return is_digit(ch) ? CM_SCI : CM_INVALID;
	default:
		return CM_INVALID;
	}
}

void cm_state_scan(const uint8_t *buf, size_t size, uint32_t final[CM_NSTATES],
		   uint32_t trans[CM_NSTATES])
{
	enum cm_state st = CM_START;
	size_t i;

	for (i = 0; i < size && buf[i]; i++) {
		enum cm_state nx;

		if (buf[i] == ',') {
			final[st]++;
			st = CM_START;
			continue;
		}
		nx = cm_state_next(st, buf[i]);
		if (nx != st)
			trans[nx]++;
		st = nx;
	}
	final[st]++;
}

void cm_state_corruption(const struct cm_seeds *s, unsigned p, size_t *start, size_t *step,
			 uint8_t *mask)
{
	*step = 2 + ((unsigned)(s->s1 ^ s->s2) + 3 * p) % 13;
	*start = p % *step;
	*mask = (uint8_t)(s->s3 | 1);
}

uint16_t cm_state_bench(uint8_t *buf, size_t size, const struct cm_seeds *s, unsigned p,
			uint16_t crc)
{
	uint32_t final[2][CM_NSTATES] = { { 0 } }, trans[2][CM_NSTATES] = { { 0 } };
	size_t start, step, i;
	uint8_t mask;
	int k;

	cm_state_corruption(s, p, &start, &step, &mask);
	cm_state_scan(buf, size, final[0], trans[0]);
	for (i = start; i < size; i += step)
		buf[i] ^= mask;
	cm_state_scan(buf, size, final[1], trans[1]);
	for (i = start; i < size; i += step)
		buf[i] ^= mask;
	for (k = 0; k < 2; k++)
		for (i = 0; i < CM_NSTATES; i++) {
			crc = cm_crc16((uint16_t)final[k][i], crc);
			crc = cm_crc16((uint16_t)trans[k][i], crc);
		}
	return crc;
}
