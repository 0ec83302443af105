/* boardid.h - which of the embedded boards this machine is, from its devicetree
 *
 * SPDX-License-Identifier: MIT
 *
 * The devicetree's root "compatible" property is a list of NUL-terminated
 * strings, most specific first: the board ("ti,am625-sk"), then its SoC
 * ("ti,am625"). The first string that names a board of the guides exactly
 * picks that board; else the first that names a SoC picks that SoC's guide
 * board (said so in why); else nothing. The table of strings is in
 * boardid.c, with the kernel device trees they come from.
 */
#ifndef BENCHBOX_BOARDID_H
#define BENCHBOX_BOARDID_H

#include <stddef.h>

struct ref_board;

/* The most bytes of compatible (and of model) that boardid_detect reads. */
#define BOARDID_MAX 4096

/* The board that the compatible blob (len bytes, any bytes: NUL-separated
 * strings, the last one's NUL optional) names, or NULL. model (mlen bytes,
 * up to its first NUL; NULL = none) only goes into why. why (wlen bytes,
 * always NUL-terminated when wlen > 0) gets a one-line reason either way,
 * printable ASCII only, each string quoted and cut at 64 characters:
 *   devicetree compatible "ti,am625-sk", model "Texas Instruments AM625 SK"
 *   devicetree compatible "ti,j721e-sk": SoC ti,j721e, not a board the
 *     guides name: judged as j721e
 *   devicetree compatible "raspberrypi,4-model-b", "brcm,bcm2711" matches
 *     no known board
 * Reads nothing but its arguments, allocates nothing, prints nothing. */
const struct ref_board *boardid_match(const char *blob, size_t len, const char *model,
				      size_t mlen, char *why, size_t wlen);

/* boardid_match() on /proc/device-tree/compatible and model (else
 * /sys/firmware/devicetree/base/...), read through sysroot_path(), at most
 * BOARDID_MAX bytes each (a longer compatible keeps its whole strings);
 * "no devicetree (not a devicetree board)" in why when there is none. */
const struct ref_board *boardid_detect(char *why, size_t wlen);

#endif
