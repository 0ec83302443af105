/* test_wiring.c - the wiring checks' parsers (applets/suite/wiring.c) */
#include "minitest.h"
#include "wiring.h"

#include <string.h>

/* ethtool link-mode masks: the kernel's bit numbers (linux/ethtool.h) */
TEST(wiring_mask_speed)
{
	uint32_t m[4] = { 0 };

	CHECK_EQ_INT(wiring_mask_speed(m, 4), 0);
	m[0] = 1u << 6 | 1u << 13;		/* Autoneg, Pause: no speed */
	CHECK_EQ_INT(wiring_mask_speed(m, 1), 0);
	m[0] |= 1u << 1 | 1u << 3 | 1u << 5;	/* 10, 100, 1000baseT_Full */
	CHECK_EQ_INT(wiring_mask_speed(m, 1), 1000);
	m[1] = 1u << (47 - 32);			/* 2500baseT_Full */
	CHECK_EQ_INT(wiring_mask_speed(m, 1), 1000);	/* one word: bit 47 not read */
	CHECK_EQ_INT(wiring_mask_speed(m, 2), 2500);
	m[2] = 1u << (88 - 64);			/* a 400000 mode */
	CHECK_EQ_INT(wiring_mask_speed(m, 3), 400000);
	memset(m, 0, sizeof(m));
	m[2] = 1u << (92 - 64);			/* 10baseT1S_Full, the last known */
	CHECK_EQ_INT(wiring_mask_speed(m, 3), 10);
	m[2] = 1u << (93 - 64) | 1u << 31;	/* past the known bits */
	m[3] = ~0u;
	CHECK_EQ_INT(wiring_mask_speed(m, 4), 0);
}

TEST(wiring_parse_gts)
{
	double g = -1;

	CHECK_EQ_INT(wiring_parse_gts("8.0 GT/s PCIe", &g), 0);
	CHECK_NEAR(g, 8.0, 1e-9);
	CHECK_EQ_INT(wiring_parse_gts("2.5 GT/s", &g), 0);
	CHECK_NEAR(g, 2.5, 1e-9);
	g = -1;
	CHECK_EQ_INT(wiring_parse_gts("Unknown", &g), -1);
	CHECK_EQ_INT(wiring_parse_gts("0 GT/s", &g), -1);
	CHECK_EQ_INT(wiring_parse_gts("8.0 GT/sx", &g), -1);
	CHECK_EQ_INT(wiring_parse_gts("1234567 GT/s", &g), -1);
	CHECK_EQ_INT(wiring_parse_gts("8..0 GT/s", &g), -1);
	CHECK_NEAR(g, -1, 0);
}

TEST(wiring_parse_dt_cells)
{
	static const unsigned char two[] = {	/* <0 0x80000000  0 0x80000000> */
		0, 0, 0, 0, 0x80, 0, 0, 0, 0, 0, 0, 0, 0x80, 0, 0, 0,
	};
	static const unsigned char big[] = {	/* two banks of 0xffffffff_ffffffff */
		0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	};
	uint64_t sum = 7;

	CHECK_EQ_INT(wiring_parse_dt_cells(two, sizeof(two), 2, 2, &sum), 0);
	CHECK_EQ_U64(sum, 0x80000000ull);
	CHECK_EQ_INT(wiring_parse_dt_cells(two, sizeof(two), 1, 1, &sum), 0);
	CHECK_EQ_U64(sum, 0x100000000ull);	/* two <addr size> pairs of 2 GiB each */
	sum = 7;
	CHECK_EQ_INT(wiring_parse_dt_cells(two, 12, 2, 2, &sum), -1);
	CHECK_EQ_INT(wiring_parse_dt_cells(two, sizeof(two), 3, 1, &sum), -1);
	CHECK_EQ_INT(wiring_parse_dt_cells(two, 0, 1, 1, &sum), -1);
	CHECK_EQ_INT(wiring_parse_dt_cells(big, sizeof(big), 1, 2, &sum), -1);	/* overflow */
	CHECK_EQ_U64(sum, 7);
}
