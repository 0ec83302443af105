# Pinned third-party sources: Debian 12 (bookworm) source packages.
# Plain KEY=value lines: read by the Makefile (include) and by the shell
# scripts beside this file (.), so each fact is written once.
MUSL_DEB=musl=1.2.3-1
MUSL_VERSION=1.2.3
MUSL_ORIG=musl_1.2.3.orig.tar.gz
MUSL_SHA256=7d5b0b6062521e4627e099e4c9dc8248d32a30285e959b7eecaa780cf8cfd4a4
ZLIB_DEB=zlib=1:1.2.13.dfsg-1
ZLIB_VERSION=1.2.13
ZLIB_ORIG=zlib_1.2.13.dfsg.orig.tar.bz2
ZLIB_SHA256=71feb7947e3c00ef125f83b79a4e529bde31171e5babe48b391f06758d1ab0a1
MBEDTLS_DEB=mbedtls=2.28.3-1
MBEDTLS_VERSION=2.28.3
MBEDTLS_ORIG=mbedtls_2.28.3.orig.tar.gz
MBEDTLS_SHA256=3b4953aa55a681e084d31892d9904cc5328d6b4958ea57b90ae4b4f94ae69a8d
