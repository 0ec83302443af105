/* text.h - long constant texts compiled in compressed: the help texts
 *
 * SPDX-License-Identifier: MIT
 *
 * An applet's help (its usage and exit-status paragraphs) and the other
 * long texts printed whole are written once, at file scope:
 *
 *	TEXT(bw_mem_usage, "usage: bw_mem ...\n" "...");
 *	... .usage = TEXT_PTR(bw_mem_usage), ...
 *	... fputs(TEXT_STR(report_style), f); ...
 *
 * A plain build (the sanitizer build) makes each one a static array, and
 * TEXT_PTR and TEXT_STR give it. A product build (-DBB_PACKED_TEXT, set by
 * the Makefile) puts "NAME\0TEXT\0" in the section .bbtext instead, which
 * nothing references, so the link's --gc-sections drops it; the Makefile
 * concatenates every object's .bbtext, gzips it into texts_gz.c, and the
 * texts are read back by their NAME (the key) with text_get(). TEXT_PTR is
 * then NULL: the readers go through text_get() (applet_summary_text(),
 * applet_usage_text() and applet_exits_text() for an applet's, keys
 * APPLET_summary, APPLET_usage, APPLET_exits).
 * A key is the variable's name, so it must be unique across the program.
 */
#ifndef BENCHBOX_TEXT_H
#define BENCHBOX_TEXT_H

#include <stddef.h>

#ifdef BB_PACKED_TEXT
#define TEXT_PACKED 1
#define TEXT(name, literal) \
	static const char name[] __attribute__((section(".bbtext"), used)) = #name "\0" literal
#define TEXT_PTR(name) NULL
#define TEXT_STR(name) text_str(#name)
#else
#define TEXT_PACKED 0
#define TEXT(name, literal) static const char name[] = literal
#define TEXT_PTR(name) (name)
#define TEXT_STR(name) (name)
#endif

/* The packed text of this key; NULL when there is none (a plain build's
 * blob is empty). The first call inflates the blob; a damaged one says so
 * once on stderr and then holds no text. */
const char *text_get(const char *key);
/* text_get(), or "" when the key has none. */
const char *text_str(const char *key);

/* The parts, for the tests: a gzip stream inflated whole into a buffer of
 * its size plus a NUL (*size: the size); NULL if damaged or over 16 MiB. */
char *text_inflate(const unsigned char *gz, size_t len, size_t *size);
/* 0 if blob (len bytes) is a sequence of "KEY\0TEXT\0" entries, NUL
 * padding between them, every KEY a C identifier; -1 if not. */
int text_check(const char *blob, size_t len);
/* The text of key in a blob that text_check() passed; NULL if none. */
const char *text_find(const char *blob, size_t len, const char *key);

#endif
