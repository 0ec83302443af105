/* boardid.c - fuzzes boardid_match() (src/boardid.c), the reader of the
 * devicetree's compatible list and model for run --board auto
 *
 * SPDX-License-Identifier: MIT
 *
 * Input: byte 0 is the model's length k; the next k bytes (as many as
 * there are) the model, the rest the compatible blob. Both are copied to
 * buffers of exactly their size, so ASan catches a read past either end.
 * Invariants: the board is NULL or one of the embedded boards; why is one
 * NUL-terminated line of printable ASCII within the size given, whatever
 * that size (0, 1, 23, 600), and says what was found ("devicetree
 * compatible \"..." for a board, "... matches no known board" or "...
 * is empty" for none); the board depends neither on the size of why nor
 * on the model, nor on empty strings added before or after the list.
 */
#include "fuzz.h"
#include "boardid.h"
#include "refdata.h"

static int is_board(const struct ref_board *b)
{
	size_t i;

	for (i = 0; ref_board_at(i); i++)
		if (ref_board_at(i) == b)
			return 1;
	return 0;
}

static void check_why(const char *why, size_t wlen, const struct ref_board *b)
{
	const char *nul = memchr(why, '\0', wlen), *p;
	size_t n;

	FUZZ_CHECK(nul != NULL, "why not terminated within %zu bytes", wlen);
	for (p = why; p < nul; p++)
		FUZZ_CHECK(*p >= 0x20 && *p < 0x7f, "byte 0x%02x in why", (unsigned char)*p);
	if (wlen < 600)
		return;		/* whole only with room enough */
	n = (size_t)(nul - why);
	if (b) {
		FUZZ_CHECK(!strncmp(why, "devicetree compatible \"", 23), "why '%s'", why);
		return;
	}
	FUZZ_CHECK(!strcmp(why, "devicetree compatible is empty") ||
		   (n > 23 && !strcmp(nul - 23, " matches no known board")), "why '%s'", why);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const size_t sizes[] = { 1, 23, 600 };
	const struct ref_board *b, *again;
	char why[600], *model, *blob, *padded;
	size_t k, blen, i;

	if (!size)
		return 0;
	k = data[0] < size - 1 ? data[0] : size - 1;
	blen = size - 1 - k;
	model = malloc(k ? k : 1);
	blob = malloc(blen ? blen : 1);
	padded = malloc(blen + 2);
	if (!model || !blob || !padded)
		abort();
	memcpy(model, data + 1, k);
	memcpy(blob, data + 1 + k, blen);

	b = boardid_match(blob, blen, model, k, why, sizeof(why));
	FUZZ_CHECK(!b || is_board(b), "not a board");
	check_why(why, sizeof(why), b);
	for (i = 0; i < ARRAY_LEN(sizes); i++) {
		memset(why, 'Z', sizeof(why));
		again = boardid_match(blob, blen, model, k, why, sizes[i]);
		FUZZ_CHECK(again == b, "another board with why of %zu bytes", sizes[i]);
		check_why(why, sizes[i], b);
		FUZZ_CHECK(sizes[i] == sizeof(why) || why[sizes[i]] == 'Z',
			   "why written past %zu bytes", sizes[i]);
	}
	FUZZ_CHECK(boardid_match(blob, blen, NULL, 0, why, 0) == b, "another board without a model");
	padded[0] = '\0';
	memcpy(padded + 1, blob, blen);
	padded[blen + 1] = '\0';
	FUZZ_CHECK(boardid_match(padded, blen + 2, model, k, why, sizeof(why)) == b,
		   "another board with empty strings around the list");
	free(padded);
	free(blob);
	free(model);
	return 0;
}
