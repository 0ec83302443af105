/* mbedtls_config.h - benchbox's mbedtls 2.28 configuration
 *
 * Installed as include/mbedtls/config.h of each per-target copy, so the
 * library and benchbox cannot disagree about it. Crypto only: no TLS, no
 * X.509, no networking, no filesystem, no timing, no entropy collector
 * (benchbox seeds its DRBG itself with getrandom() or fixed seeds, so it
 * works as /init before /dev exists). Everything the speed applet reports
 * is enabled: AES (ECB/CBC/CTR/GCM/CCM), 3DES, ChaCha20-Poly1305, MD5,
 * SHA-1/256/512, RSA and ECDSA P-256.
 */
#ifndef BENCHBOX_MBEDTLS_CONFIG_H
#define BENCHBOX_MBEDTLS_CONFIG_H

/* system support */
#define MBEDTLS_HAVE_ASM
#define MBEDTLS_NO_PLATFORM_ENTROPY

/* cipher modes and padding */
#define MBEDTLS_CIPHER_MODE_CBC
#define MBEDTLS_CIPHER_MODE_CTR
#define MBEDTLS_CIPHER_PADDING_PKCS7
#define MBEDTLS_PKCS1_V15
#define MBEDTLS_PKCS1_V21
#define MBEDTLS_GENPRIME
#define MBEDTLS_ECP_DP_SECP256R1_ENABLED
#define MBEDTLS_ECP_NIST_OPTIM

/* modules */
#define MBEDTLS_AES_C
#if defined(__x86_64__) || defined(__amd64__)
#define MBEDTLS_AESNI_C		/* runtime CPUID check inside mbedtls */
#endif
#define MBEDTLS_ASN1_PARSE_C
#define MBEDTLS_ASN1_WRITE_C
#define MBEDTLS_BIGNUM_C
#define MBEDTLS_CCM_C
#define MBEDTLS_CHACHA20_C
#define MBEDTLS_CHACHAPOLY_C
#define MBEDTLS_CIPHER_C
#define MBEDTLS_CTR_DRBG_C
#define MBEDTLS_DES_C
#define MBEDTLS_ECDSA_C
#define MBEDTLS_ECP_C
#define MBEDTLS_GCM_C
#define MBEDTLS_HMAC_DRBG_C
#define MBEDTLS_MD_C
#define MBEDTLS_MD5_C
#define MBEDTLS_OID_C
#define MBEDTLS_POLY1305_C
#define MBEDTLS_RSA_C
#define MBEDTLS_SHA1_C
#define MBEDTLS_SHA256_C
#define MBEDTLS_SHA512_C

/* self-tests: the library's own known-answer tests, run by benchbox's tests */
#define MBEDTLS_SELF_TEST

#include "mbedtls/check_config.h"

#endif /* BENCHBOX_MBEDTLS_CONFIG_H */
