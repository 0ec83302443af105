/* version.c - versions and build facts compiled in, and the licence notices
 *
 * SPDX-License-Identifier: MIT
 *
 * buildinfo.h is written by the Makefile (only when its content changes):
 * BB_VERSION, BB_CC, BB_CFLAGS and the pinned dependency versions.
 */
#include "applet.h"
#include "cpu.h"

#include <stdio.h>
#include <string.h>
#include <zlib.h>
#include <mbedtls/version.h>

#include "buildinfo.h"

const char bb_version[] = BB_VERSION;
const char bb_cc[] = BB_CC;
const char bb_cflags[] = BB_CFLAGS;
/* the C library: the pinned musl's version; a toolchain's glibc's as
 * compiled against (musl says none) */
#ifdef __GLIBC__
#define STR_(x) #x
#define STR(x) STR_(x)
const char bb_musl[] = "glibc " STR(__GLIBC__) "." STR(__GLIBC_MINOR__);
#else
const char bb_musl[] = "musl" BB_MUSL_VERSION;
#endif
const char bb_zlib[] = "zlib " ZLIB_VERSION;
const char bb_mbedtls[] = "mbedtls " MBEDTLS_VERSION_STRING;
const long long bb_source_epoch = BB_SOURCE_EPOCH;

void print_version(FILE *f)
{
	fprintf(f, "benchbox %s (%s)\n", bb_version, cpu_arch());
	fprintf(f, "%s (%s)\n", bb_musl, BB_LIBC_FROM);
	fprintf(f, "zlib %s (runtime %s; %s)\n", ZLIB_VERSION, zlibVersion(), BB_ZLIB_FROM);
	fprintf(f, "mbedtls %s (%s)\n", MBEDTLS_VERSION_STRING, BB_MBEDTLS_FROM);
	fprintf(f, "compiler %s\n", bb_cc);
	fprintf(f, "cflags %s\n", bb_cflags);
}

/* licenses.c (generated): the notices, gzip-compressed at build time. */
extern const unsigned char licenses_gz[];
extern const unsigned int licenses_gz_len;

int print_licenses(FILE *f)
{
	unsigned char out[4096];
	z_stream zs;
	int rc;

	memset(&zs, 0, sizeof(zs));
	if (inflateInit2(&zs, 16 + MAX_WBITS) != Z_OK)
		return -1;
	zs.next_in = (unsigned char *)licenses_gz;
	zs.avail_in = licenses_gz_len;
	do {
		zs.next_out = out;
		zs.avail_out = sizeof(out);
		rc = inflate(&zs, Z_NO_FLUSH);
		if (rc != Z_OK && rc != Z_STREAM_END) {
			inflateEnd(&zs);
			return -1;
		}
		fwrite(out, 1, sizeof(out) - zs.avail_out, f);
	} while (rc != Z_STREAM_END);
	inflateEnd(&zs);
	return fflush(f) ? -1 : 0;
}
