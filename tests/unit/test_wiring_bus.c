/* test_wiring_bus.c - the MMC and USB parsers of wiring (applets/suite/wiring_bus.c) */
#include "minitest.h"
#include "wiring.h"

#include <stdio.h>
#include <string.h>

/* mmc_ios_show()'s lines as Linux 6.1 writes them */
static const char ios_hs400[] =
	"clock:\t\t200000000 Hz\n"
	"actual clock:\t187500000 Hz\n"
	"vdd:\t\t21 (3.3 ~ 3.4 V)\n"
	"bus mode:\t2 (push-pull)\n"
	"chip select:\t0 (don't care)\n"
	"power mode:\t2 (on)\n"
	"bus width:\t3 (8 bits)\n"
	"timing spec:\t10 (mmc HS400 enhanced strobe)\n"
	"signal voltage:\t1 (1.80 V)\n"
	"driver type:\t0 (driver type B)\n";

TEST(wiring_parse_ios)
{
	struct wiring_ios v, keep = { 7, 7, 7, 7, 7 };
	char buf[600];

	CHECK_EQ_INT(wiring_parse_ios(ios_hs400, &v), 0);
	CHECK_EQ_INT(v.clock_hz, 187500000);	/* the actual clock wins */
	CHECK_EQ_INT(v.power, 2);
	CHECK_EQ_INT(v.width, 8);
	CHECK_EQ_INT(v.timing, 10);
	CHECK_EQ_INT(v.strobe, 1);
	/* an old kernel's: no actual clock, no power mode, no newline at the end */
	CHECK_EQ_INT(wiring_parse_ios("clock:\t\t50000000 Hz\nbus width:\t2 (4 bits)\n"
				      "timing spec:\t2 (sd high-speed)", &v), 0);
	CHECK_EQ_INT(v.clock_hz, 50000000);
	CHECK_EQ_INT(v.power, -1);
	CHECK_EQ_INT(v.width, 4);
	CHECK_EQ_INT(v.timing, 2);
	CHECK_EQ_INT(v.strobe, 0);
	CHECK_EQ_INT(wiring_parse_ios("bus width:\t0 (1 bits)\ntiming spec:\t0 (legacy)\n", &v), 0);
	CHECK_EQ_INT(v.width, 1);
	CHECK_EQ_INT(v.clock_hz, -1);
	/* the name of 10 decides the strobe, never the number alone */
	CHECK_EQ_INT(wiring_parse_ios("bus width:\t3 (8 bits)\ntiming spec:\t10 (mmc HS400)", &v),
		     0);
	CHECK_EQ_INT(v.strobe, 0);
	CHECK_EQ_INT(wiring_parse_ios("bus width:\t3 (8 bits)\ntiming spec:\t9 (mmc HS400 enhanced "
				      "strobe)", &v), 0);
	CHECK_EQ_INT(v.strobe, 0);

	v = keep;
	CHECK_EQ_INT(wiring_parse_ios("", &v), -1);
	CHECK_EQ_INT(wiring_parse_ios("timing spec:\t10 (mmc HS400)\n", &v), -1); /* no width */
	CHECK_EQ_INT(wiring_parse_ios("bus width:\t3 (8 bits)\n", &v), -1); /* no timing */
	CHECK_EQ_INT(wiring_parse_ios("bus width:\t3 (4 bits)\ntiming spec:\t1 (x)", &v), -1);
	CHECK_EQ_INT(wiring_parse_ios("bus width:\t1 (2 bits)\ntiming spec:\t1 (x)", &v), -1);
	CHECK_EQ_INT(wiring_parse_ios("bus width:\t9 (512 bits)\ntiming spec:\t1 (x)", &v), -1);
	CHECK_EQ_INT(wiring_parse_ios("bus width:\t3 (8 bits)x\ntiming spec:\t1 (x)", &v), -1);
	CHECK_EQ_INT(wiring_parse_ios("bus width:\t3 (8 bits)\ntiming spec:\t256 (x)", &v), -1);
	CHECK_EQ_INT(wiring_parse_ios("bus width:\t3 (8 bits)\ntiming spec:\t1 x", &v), -1);
	CHECK_EQ_INT(wiring_parse_ios("bus width:\t3 (8 bits)\ntiming spec:\t1 (x)\n"
				      "clock:\t\t4294967296 Hz\n", &v), -1);	/* 2^32 */
	CHECK_EQ_INT(wiring_parse_ios("bus width:\t3 (8 bits)\ntiming spec:\t1 (x)\n"
				      "clock:\t\t52 MHz\n", &v), -1);
	CHECK_EQ_INT(wiring_parse_ios("bus width:\t3 (8 bits)\ntiming spec:\t1 (x)\n"
				      "power mode:\t(on)\n", &v), -1);
	CHECK_EQ_INT(wiring_parse_ios("bus width:\t3 (8 bits)\ntiming spec:\t-1 (x)", &v), -1);
	CHECK(!memcmp(&v, &keep, sizeof(v)));
	/* a cut file: its last line not whole */
	snprintf(buf, sizeof(buf), "%.*s", (int)(strstr(ios_hs400, "(8 bits)") - ios_hs400 + 3),
		 ios_hs400);
	CHECK_EQ_INT(wiring_parse_ios(buf, &v), -1);
	/* unknown lines are skipped, known ones may come in any order */
	CHECK_EQ_INT(wiring_parse_ios("junk\n\n:::\ntiming spec:\t8 (mmc DDR52)\nnew key:\t1\n"
				      "bus width:\t2 (4 bits)\n", &v), 0);
	CHECK_EQ_INT(v.timing, 8);
	CHECK_EQ_INT(v.width, 4);
}

TEST(wiring_parse_caps)
{
	uint32_t v = 7;

	CHECK_EQ_INT(wiring_parse_caps("0xc0000943", &v), 0);
	CHECK_EQ_U64(v, 0xc0000943u);
	CHECK_EQ_INT(wiring_parse_caps("0x00108020\n", &v), 0);
	CHECK_EQ_U64(v, 0x108020u);
	CHECK_EQ_INT(wiring_parse_caps("0X0", &v), 0);
	CHECK_EQ_U64(v, 0);
	CHECK_EQ_INT(wiring_parse_caps("0x00000000ffffffff", &v), 0);	/* %08llx of a u32 */
	CHECK_EQ_U64(v, 0xffffffffu);
	v = 7;
	CHECK_EQ_INT(wiring_parse_caps("0x100000000", &v), -1);
	CHECK_EQ_INT(wiring_parse_caps("0x000000000000000001", &v), -1);	/* 18 digits */
	CHECK_EQ_INT(wiring_parse_caps("0x", &v), -1);
	CHECK_EQ_INT(wiring_parse_caps("943", &v), -1);
	CHECK_EQ_INT(wiring_parse_caps(" 0x943", &v), -1);
	CHECK_EQ_INT(wiring_parse_caps("0x943 ", &v), -1);
	CHECK_EQ_INT(wiring_parse_caps("0x943\n\n", &v), -1);
	CHECK_EQ_INT(wiring_parse_caps("0xZZ", &v), -1);
	CHECK_EQ_INT(wiring_parse_caps("", &v), -1);
	CHECK_EQ_U64(v, 7);
}

/* An EXT_CSD of zeros with byte at = val, as 1024 hex digits */
static void ext_csd(char *buf, unsigned at, unsigned val)
{
	unsigned i;

	for (i = 0; i < 512; i++)
		sprintf(buf + 2 * i, "%02x", i == at ? val : 0);
}

TEST(wiring_parse_ext_csd)
{
	static char buf[4096], lines[4096];
	uint8_t b = 7;
	unsigned i, n = 0;

	ext_csd(buf, 196, 0x57);
	CHECK_EQ_INT(wiring_parse_ext_csd(buf, 196, &b), 0);
	CHECK_EQ_INT(b, 0x57);
	CHECK_EQ_INT(wiring_parse_ext_csd(buf, 0, &b), 0);
	CHECK_EQ_INT(b, 0);
	CHECK_EQ_INT(wiring_parse_ext_csd(buf, 511, &b), 0);
	strcat(buf, "\n");
	CHECK_EQ_INT(wiring_parse_ext_csd(buf, 196, &b), 0);
	CHECK_EQ_INT(b, 0x57);
	ext_csd(buf, 511, 0xAB);		/* upper-case digits too */
	buf[1022] = 'A';
	buf[1023] = 'b';
	CHECK_EQ_INT(wiring_parse_ext_csd(buf, 511, &b), 0);
	CHECK_EQ_INT(b, 0xab);
	/* "OFF: xx xx ..." lines, 8 bytes each */
	for (i = 0; i < 512; i++) {
		if (i % 8 == 0)
			n += (unsigned)sprintf(lines + n, "%3u:", i);
		n += (unsigned)sprintf(lines + n, " %02x%s", i == 196 ? 0x57 : 0,
				       i % 8 == 7 ? "\n" : "");
	}
	CHECK_EQ_INT(wiring_parse_ext_csd(lines, 196, &b), 0);
	CHECK_EQ_INT(b, 0x57);

	b = 7;
	ext_csd(buf, 196, 0x57);
	CHECK_EQ_INT(wiring_parse_ext_csd(buf, 512, &b), -1);
	buf[1022] = 0;				/* 511 bytes */
	CHECK_EQ_INT(wiring_parse_ext_csd(buf, 196, &b), -1);
	ext_csd(buf, 196, 0x57);
	strcat(buf, "00");			/* 513 bytes */
	CHECK_EQ_INT(wiring_parse_ext_csd(buf, 196, &b), -1);
	ext_csd(buf, 196, 0x57);
	buf[1023] = 0;				/* half a byte */
	CHECK_EQ_INT(wiring_parse_ext_csd(buf, 196, &b), -1);
	ext_csd(buf, 196, 0x57);
	buf[100] = 'g';
	CHECK_EQ_INT(wiring_parse_ext_csd(buf, 196, &b), -1);
	ext_csd(buf, 196, 0x57);
	buf[101] = ' ';				/* a blank inside a pair */
	CHECK_EQ_INT(wiring_parse_ext_csd(buf, 196, &b), -1);
	memcpy(strstr(lines, "  8:"), "  9:", 4);	/* an offset that lies */
	CHECK_EQ_INT(wiring_parse_ext_csd(lines, 196, &b), -1);
	CHECK_EQ_INT(wiring_parse_ext_csd("", 0, &b), -1);
	CHECK_EQ_INT(b, 7);
}

TEST(wiring_parse_usb)
{
	unsigned k = 7, v = 7;

	CHECK_EQ_INT(wiring_parse_usb_speed("1.5", &k), 0);
	CHECK_EQ_INT(k, 1500);
	CHECK_EQ_INT(wiring_parse_usb_speed("12", &k), 0);
	CHECK_EQ_INT(k, 12000);
	CHECK_EQ_INT(wiring_parse_usb_speed("480", &k), 0);
	CHECK_EQ_INT(k, 480000);
	CHECK_EQ_INT(wiring_parse_usb_speed("20000", &k), 0);
	CHECK_EQ_INT(k, 20000000);
	CHECK_EQ_INT(wiring_parse_usb_speed("999999.999", &k), 0);
	CHECK_EQ_INT(k, 999999999);
	k = 7;
	CHECK_EQ_INT(wiring_parse_usb_speed("unknown", &k), -1);
	CHECK_EQ_INT(wiring_parse_usb_speed("53.3-480", &k), -1);	/* wireless USB */
	CHECK_EQ_INT(wiring_parse_usb_speed("0", &k), -1);
	CHECK_EQ_INT(wiring_parse_usb_speed("0.0", &k), -1);
	CHECK_EQ_INT(wiring_parse_usb_speed("1000000", &k), -1);
	CHECK_EQ_INT(wiring_parse_usb_speed("1.", &k), -1);
	CHECK_EQ_INT(wiring_parse_usb_speed(".5", &k), -1);
	CHECK_EQ_INT(wiring_parse_usb_speed("1.5000", &k), -1);
	CHECK_EQ_INT(wiring_parse_usb_speed("480 ", &k), -1);
	CHECK_EQ_INT(wiring_parse_usb_speed("-480", &k), -1);
	CHECK_EQ_INT(wiring_parse_usb_speed("", &k), -1);
	CHECK_EQ_INT(k, 7);

	CHECK_EQ_INT(wiring_parse_usb_version(" 2.00", &v), 0);
	CHECK_EQ_INT(v, 200);
	CHECK_EQ_INT(wiring_parse_usb_version(" 3.20", &v), 0);
	CHECK_EQ_INT(v, 320);
	CHECK_EQ_INT(wiring_parse_usb_version("1.10", &v), 0);
	CHECK_EQ_INT(v, 110);
	CHECK_EQ_INT(wiring_parse_usb_version("10.01", &v), 0);
	CHECK_EQ_INT(v, 1001);
	v = 7;
	CHECK_EQ_INT(wiring_parse_usb_version(" 3.2", &v), -1);
	CHECK_EQ_INT(wiring_parse_usb_version(" 3.200", &v), -1);
	CHECK_EQ_INT(wiring_parse_usb_version("100.00", &v), -1);
	CHECK_EQ_INT(wiring_parse_usb_version(" a.00", &v), -1);	/* bcd, never hex */
	CHECK_EQ_INT(wiring_parse_usb_version(" 3.2x", &v), -1);
	CHECK_EQ_INT(wiring_parse_usb_version(".20", &v), -1);
	CHECK_EQ_INT(wiring_parse_usb_version("", &v), -1);
	CHECK_EQ_INT(v, 7);
}

/* BOS: the header, then device capabilities (USB 3.2 9.6.2) */
TEST(wiring_usb_bos_ss)
{
	/* a USB 3 stick's: USB 2.0 extension (0x02), SuperSpeed (0x03) */
	static const unsigned char ss[] = { 5, 0x0f, 22, 0, 2, 7, 0x10, 0x02, 0x06, 0, 0, 0,
					    10, 0x10, 0x03, 0, 0x0e, 0, 1, 0x0a, 0xff, 0x07 };
	/* a USB 2.01 device's: the USB 2.0 extension alone (LPM) */
	static const unsigned char lpm[] = { 5, 0x0f, 12, 0, 1, 7, 0x10, 0x02, 0x06, 0, 0, 0 };
	static const unsigned char ssp[] = { 5, 0x0f, 8, 0, 1, 3, 0x10, 0x0a };
	unsigned char bad[sizeof(ss)];

	CHECK_EQ_INT(wiring_usb_bos_ss(ss, sizeof(ss)), 1);
	CHECK_EQ_INT(wiring_usb_bos_ss(lpm, sizeof(lpm)), 0);
	CHECK_EQ_INT(wiring_usb_bos_ss(ssp, sizeof(ssp)), 1);
	CHECK_EQ_INT(wiring_usb_bos_ss(ss, 12), 0);		/* cut before SuperSpeed */
	CHECK_EQ_INT(wiring_usb_bos_ss(ss, 4), -1);
	memcpy(bad, ss, sizeof(ss));
	bad[2] = 12;						/* wTotalLength says less */
	CHECK_EQ_INT(wiring_usb_bos_ss(bad, sizeof(bad)), 0);
	bad[2] = 22;
	bad[12] = 2;						/* a capability of 2 bytes */
	CHECK_EQ_INT(wiring_usb_bos_ss(bad, sizeof(bad)), -1);
	bad[12] = 40;						/* one past the end */
	CHECK_EQ_INT(wiring_usb_bos_ss(bad, sizeof(bad)), -1);
	bad[1] = 0x02;						/* a configuration, no BOS */
	CHECK_EQ_INT(wiring_usb_bos_ss(bad, sizeof(bad)), -1);
}
