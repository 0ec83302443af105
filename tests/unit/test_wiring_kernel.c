/* test_wiring_kernel.c - the parsers of wiring's kernel checks
 * (applets/suite/wiring_kernel.c): /proc/crypto, driver kinds, /dev/kmsg */
#include "minitest.h"
#include "wiring.h"

#include <stdio.h>
#include <string.h>

/* /proc/crypto as the kernel writes it: "key : value", padded to 13 */
static const char crypto_text[] =
	"name         : cbc(aes)\n"
	"driver       : cbc-aes-ce\n"
	"module       : aes_ce_blk\n"
	"priority     : 300\n"
	"refcnt       : 1\n"
	"selftest     : passed\n"
	"internal     : no\n"
	"type         : skcipher\n"
	"async        : no\n"
	"\n"
	"name         : cbc(aes)\n"
	"driver       : __cbc-aes-ce\n"
	"module       : aes_ce_blk\n"
	"priority     : 900\n"
	"selftest     : passed\n"
	"internal     : yes\n"
	"\n"
	"name         : cbc(aes)\n"
	"driver       : cbc-aes-untested\n"
	"priority     : 800\n"
	"selftest     : unknown\n"
	"\n\n"
	"name         : cbc(aes)\n"
	"driver       : cbc-aes-sa2ul\n"
	"priority     : 300\n"
	"\n"
	"name         : cbc(aes)x\n"
	"driver       : cbc-aes-other\n"
	"priority     : 1000\n";

TEST(wiring_crypto_next)
{
	struct wiring_crypto e;
	const char *p = crypto_text;
	int n = 0;

	memset(&e, 0x55, sizeof(e));
	p = wiring_crypto_next(p, &e);
	CHECK(p != NULL);
	CHECK_STR(e.name, "cbc(aes)");
	CHECK_STR(e.driver, "cbc-aes-ce");
	CHECK_STR(e.module, "aes_ce_blk");
	CHECK_STR(e.type, "skcipher");
	CHECK_EQ_INT((int)e.priority, 300);
	CHECK_EQ_INT(e.usable, 1);
	p = wiring_crypto_next(p, &e);
	CHECK_STR(e.driver, "__cbc-aes-ce");
	CHECK_EQ_INT(e.usable, 0);		/* internal */
	p = wiring_crypto_next(p, &e);
	CHECK_EQ_INT(e.usable, 0);		/* its self-test not passed */
	p = wiring_crypto_next(p, &e);		/* two blank lines before it */
	CHECK_STR(e.driver, "cbc-aes-sa2ul");
	CHECK_STR(e.module, "");
	CHECK_EQ_INT(e.usable, 1);		/* no selftest line: usable */
	p = wiring_crypto_next(p, &e);		/* the last, without a newline */
	CHECK_STR(e.driver, "cbc-aes-other");
	CHECK(p != NULL && *p == '\0');
	memset(&e, 0x55, sizeof(e));
	CHECK(wiring_crypto_next(p, &e) == NULL);
	CHECK_EQ_INT((unsigned char)e.name[0], 0x55);	/* untouched */
	for (p = crypto_text; (p = wiring_crypto_next(p, &e)); n++)
		;
	CHECK_EQ_INT(n, 5);
	CHECK(wiring_crypto_next("", &e) == NULL);
	CHECK(wiring_crypto_next("\n \n\t\n", &e) == NULL);
	/* a priority that is no number, negative or too big; no driver */
	wiring_crypto_next("name : aes\ndriver : a\npriority : 3x\n", &e);
	CHECK_EQ_INT((int)e.priority, -1);
	CHECK_EQ_INT(e.usable, 0);
	wiring_crypto_next("name : aes\ndriver : a\npriority : -5\n", &e);
	CHECK_EQ_INT(e.usable, 0);
	wiring_crypto_next("name : aes\ndriver : a\npriority : 00000000000000000000001\n", &e);
	CHECK_EQ_INT(e.usable, 0);
	wiring_crypto_next("name : aes\npriority : 100\n", &e);
	CHECK_EQ_INT(e.usable, 0);
	wiring_crypto_next("name\t: aes \r\ndriver:aes-x\npriority : 100\n", &e);
	CHECK_STR(e.name, "aes");		/* blanks, a tab, a CR around values */
	CHECK_STR(e.driver, "aes-x");
	CHECK_EQ_INT(e.usable, 1);
	wiring_crypto_next("named : aes\ndriver : a\npriority : 100\n", &e);
	CHECK_STR(e.name, "");			/* another key */
}

TEST(wiring_crypto_pick)
{
	struct wiring_crypto e;
	char big[600], want[128];

	CHECK_EQ_INT(wiring_crypto_pick(crypto_text, "cbc(aes)", &e), 0);
	CHECK_STR(e.driver, "cbc-aes-ce");	/* the first of two at 300 */
	CHECK_EQ_INT((int)e.priority, 300);
	CHECK_EQ_INT(wiring_crypto_pick(crypto_text, "cbc(aes)x", &e), 0);
	CHECK_STR(e.driver, "cbc-aes-other");
	memset(&e, 0x55, sizeof(e));
	CHECK_EQ_INT(wiring_crypto_pick(crypto_text, "cbc", &e), -1);	/* whole names only */
	CHECK_EQ_INT(wiring_crypto_pick(crypto_text, "gcm(aes)", &e), -1);
	CHECK_EQ_INT((unsigned char)e.driver[0], 0x55);
	CHECK_EQ_INT(wiring_crypto_pick("", "aes", &e), -1);
	/* a name too long for the field is no name (not a cut one) */
	memset(big, 'a', sizeof(big));
	memcpy(big, "name : ", 7);
	snprintf(big + 300, sizeof(big) - 300, "\ndriver : d\npriority : 1\n");
	memset(want, 'a', sizeof(want) - 1);
	want[sizeof(want) - 1] = '\0';
	CHECK_EQ_INT(wiring_crypto_pick(big, want, &e), -1);
	big[7 + sizeof(want) - 1] = '\n';		/* 127 bytes: a whole name */
	snprintf(big + 7 + sizeof(want), sizeof(big) - 7 - sizeof(want),
		 "driver : d\npriority : 1\n");
	CHECK_EQ_INT(wiring_crypto_pick(big, want, &e), 0);
}

TEST(wiring_crypto_kind)
{
	/* in words, as wiring and ipsec's notes say it: a template's instance
	 * is its weakest part */
	CHECK_STR(wiring_crypto_kind_words("authenc(hmac(sha1-ce),cbc-aes-ce)"), "CPU instructions");
	CHECK_STR(wiring_crypto_kind_words("authenc(hmac(sha1-ce),cbc(des3_ede-generic))"),
		  "portable C");
	CHECK_STR(wiring_crypto_kind_words("cbc-aes-sa2ul"), "hardware engine");
	CHECK_STR(wiring_crypto_kind("cbc-aes-ce"), "cpu");
	CHECK_STR(wiring_crypto_kind("aes-ce"), "cpu");
	CHECK_STR(wiring_crypto_kind("gcm-aes-ce"), "cpu");
	CHECK_STR(wiring_crypto_kind("cbc-aes-neonbs"), "cpu");
	CHECK_STR(wiring_crypto_kind("sha256-arm64-neon"), "cpu");
	CHECK_STR(wiring_crypto_kind("cbc-aes-aesni"), "cpu");
	CHECK_STR(wiring_crypto_kind("generic-gcm-aesni"), "cpu");	/* not "generic" */
	CHECK_STR(wiring_crypto_kind("generic-gcm-vaes-avx2"), "cpu");
	CHECK_STR(wiring_crypto_kind("sha256-ni"), "cpu");
	CHECK_STR(wiring_crypto_kind("sha256-avx2"), "cpu");
	CHECK_STR(wiring_crypto_kind("sha256-ssse3"), "cpu");
	CHECK_STR(wiring_crypto_kind("cbc-aes-riscv64-zvkned"), "cpu");
	CHECK_STR(wiring_crypto_kind("cbc(aes-ce)"), "cpu");
	CHECK_STR(wiring_crypto_kind("cbc-aes-sa2ul"), "hw");
	CHECK_STR(wiring_crypto_kind("safexcel-cbc-aes"), "hw");
	CHECK_STR(wiring_crypto_kind("cbc-aes-caam"), "hw");
	CHECK_STR(wiring_crypto_kind("cbc-aes-omap"), "hw");
	CHECK_STR(wiring_crypto_kind("cbc-aes-sun8i-ce"), "hw");	/* Allwinner's engine */
	CHECK_STR(wiring_crypto_kind("aes-generic"), "c");
	CHECK_STR(wiring_crypto_kind("sha256-generic"), "c");
	CHECK_STR(wiring_crypto_kind("aes-arm64"), "c");
	CHECK_STR(wiring_crypto_kind("aes-arm"), "c");
	CHECK_STR(wiring_crypto_kind("sha256-asm"), "c");
	CHECK_STR(wiring_crypto_kind("sha256-arm64"), "c");
	CHECK_STR(wiring_crypto_kind("cbc(ecb(aes-fixed-time))"), "c");
	CHECK_STR(wiring_crypto_kind("cbc(aes-generic)"), "c");
	CHECK_STR(wiring_crypto_kind("sha256-lib"), "lib");
	/* a template's instance is its weakest part */
	CHECK_STR(wiring_crypto_kind("gcm_base(ctr(aes-ce),ghash-generic)"), "c");
	CHECK_STR(wiring_crypto_kind("gcm_base(ctr(aes-aesni),ghash-clmulni)"), "cpu");
	CHECK_STR(wiring_crypto_kind("gcm_base(ctr-aes-caam,ghash-ce)"), "cpu");
	CHECK_STR(wiring_crypto_kind(""), "hw");
	CHECK_STR(wiring_crypto_kind("cbc()"), "hw");
}

TEST(wiring_kmsg_record)
{
	static const char rec[] = "6,339,5140900,-;NET: Registered protocol family 10";
	static const char caller[] = "11,12,3456,-,caller=T1;usb 1-1: error -71";
	unsigned level = 99;
	size_t msg = 99;

	CHECK_EQ_INT(wiring_kmsg_record(rec, strlen(rec), &level, &msg), 0);
	CHECK_EQ_INT((int)level, 6);
	CHECK_STR(rec + msg, "NET: Registered protocol family 10");
	CHECK_EQ_INT(wiring_kmsg_record(caller, strlen(caller), &level, &msg), 0);
	CHECK_EQ_INT((int)level, 3);			/* facility 1, level 3 */
	CHECK_STR(caller + msg, "usb 1-1: error -71");
	CHECK_EQ_INT(wiring_kmsg_record("0,0,0,c;", 8, &level, &msg), 0);
	CHECK_EQ_INT((int)level, 0);
	CHECK_EQ_INT((int)msg, 8);			/* an empty message */
	level = 99;
	msg = 99;
	CHECK_EQ_INT(wiring_kmsg_record(" SUBSYSTEM=usb", 14, &level, &msg), -1);
	CHECK_EQ_INT(wiring_kmsg_record("6,1,2;no flags", 14, &level, &msg), -1);
	CHECK_EQ_INT(wiring_kmsg_record("6,1,2,;empty flags", 18, &level, &msg), -1);
	CHECK_EQ_INT(wiring_kmsg_record("6,1,2,-", 7, &level, &msg), -1);	/* no ';' */
	CHECK_EQ_INT(wiring_kmsg_record("6,1,2,-\n;x", 10, &level, &msg), -1);
	CHECK_EQ_INT(wiring_kmsg_record("6,,2,-;x", 8, &level, &msg), -1);
	CHECK_EQ_INT(wiring_kmsg_record("-6,1,2,-;x", 10, &level, &msg), -1);
	CHECK_EQ_INT(wiring_kmsg_record("4294967296,1,2,-;x", 18, &level, &msg), -1);
	CHECK_EQ_INT(wiring_kmsg_record("3,18446744073709551616,2,-;x", 28, &level, &msg), -1);
	CHECK_EQ_INT(wiring_kmsg_record(rec, 5, &level, &msg), -1);	/* cut: only len read */
	CHECK_EQ_INT(wiring_kmsg_record("", 0, &level, &msg), -1);
	CHECK_EQ_INT((int)level, 99);
	CHECK_EQ_INT((int)msg, 99);
	CHECK_EQ_INT(wiring_kmsg_record("4294967295,18446744073709551615,1,-;x", 37, &level, &msg),
		     0);
	CHECK_EQ_INT((int)level, 7);
}
