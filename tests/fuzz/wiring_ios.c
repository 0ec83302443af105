/* wiring_ios.c - fuzzes the MMC and USB parsers of wiring
 * (applets/suite/wiring_bus.c): debugfs ios, caps and ext_csd, USB speed
 * and version
 *
 * SPDX-License-Identifier: MIT
 *
 * Invariants: a parse refused leaves its output alone. ios: taken only
 * with a width of 1, 4 or 8, a timing of 0-255, a clock of at most 32
 * bits, a power mode of 0-255 (or -1), the strobe only with timing 10.
 * caps: taken only as "0x", 1-16 hex digits and at most one newline,
 * and then its value is those digits' (checked here by hand). ext_csd
 * (the first two bytes pick the index, 0-1023): never an index past 511;
 * every index of a text taken is taken too; a text of pairs only (no
 * blank, newline or offset) is taken exactly when it is 1024 hex digits,
 * and the byte is the pair at 2 * index. USB speed: taken only from
 * digits with at most one '.' and 1-3 digits after it, positive; version:
 * major * 100 + minor of at most 2 and exactly 2 digits. BOS: -1, 0
 * or 1, 1 only with a SuperSpeed capability in the bytes read.
 */
#include "fuzz.h"
#include "wiring.h"

static int hexv(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
	       c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

static void check_ios(const char *s)
{
	struct wiring_ios v, keep = { 7, 7, 7, 7, 7 };

	v = keep;
	if (wiring_parse_ios(s, &v)) {
		FUZZ_CHECK(!memcmp(&v, &keep, sizeof(v)), "a refused ios wrote");
		return;
	}
	FUZZ_CHECK(v.width == 1 || v.width == 4 || v.width == 8, "width %d", v.width);
	FUZZ_CHECK(v.timing >= 0 && v.timing <= 255, "timing %d", v.timing);
	FUZZ_CHECK(v.clock_hz >= -1 && v.clock_hz <= (int64_t)UINT32_MAX, "clock %lld",
		   (long long)v.clock_hz);
	FUZZ_CHECK(v.power >= -1 && v.power <= 255, "power %d", v.power);
	FUZZ_CHECK(v.strobe == 0 || (v.strobe == 1 && v.timing == 10), "strobe %d at %d", v.strobe,
		   v.timing);
	FUZZ_CHECK(strstr(s, "bus width:") && strstr(s, "timing spec:"), "took '%s'", s);
}

static void check_caps(const char *s)
{
	uint32_t v = 7;
	uint64_t x = 0;
	int n = 0, ok = !wiring_parse_caps(s, &v);
	const char *p = s + 2;

	if (!ok) {
		FUZZ_CHECK(v == 7, "a refused caps wrote %u", v);
		return;
	}
	FUZZ_CHECK(s[0] == '0' && (s[1] == 'x' || s[1] == 'X'), "took '%s'", s);
	for (; hexv(*p) >= 0; p++, n++)
		x = x << 4 | (uint64_t)hexv(*p);
	FUZZ_CHECK(n >= 1 && n <= 16 && (!*p || (*p == '\n' && !p[1])), "took '%s'", s);
	FUZZ_CHECK(x == v, "'%s': %u", s, v);
}

static void check_ext_csd(const uint8_t *data, size_t size)
{
	char *s = fuzz_str(data + 2, size - 2);
	unsigned idx = (unsigned)(data[0] << 8 | data[1]) % 1024, i;
	uint8_t b = 7, c;
	size_t len = strlen(s), k;
	int ok = !wiring_parse_ext_csd(s, idx, &b), plain = 1;

	for (k = 0; k < len; k++)
		plain &= hexv(s[k]) >= 0;
	FUZZ_CHECK(!ok || idx < 512, "took index %u", idx);
	if (!ok)
		FUZZ_CHECK(b == 7, "a refused ext_csd wrote %u", b);
	if (plain && idx < 512) {
		FUZZ_CHECK(ok == (len == 1024), "%zu hex digits: %d", len, ok);
		if (ok)
			FUZZ_CHECK(b == (hexv(s[2 * idx]) << 4 | hexv(s[2 * idx + 1])),
				   "byte %u: %u", idx, b);
	}
	if (ok)
		for (i = 0; i < 512; i += 37)
			FUZZ_CHECK(!wiring_parse_ext_csd(s, i, &c), "index %u taken, %u not", idx,
				   i);
	free(s);
}

static void check_usb(const char *s)
{
	unsigned k = 7, v = 7, d = 0, f = 0;
	const char *p = s;
	int ok = !wiring_parse_usb_speed(s, &k);

	if (ok) {
		for (; *p >= '0' && *p <= '9'; p++)
			d++;
		if (*p == '.')
			for (p++; *p >= '0' && *p <= '9'; p++)
				f++;
		FUZZ_CHECK(d && !*p && (p[-1] != '.') && f <= 3 && k > 0 && k <= 999999999u,
			   "took '%s' as %u", s, k);
	} else {
		FUZZ_CHECK(k == 7, "a refused speed wrote %u", k);
	}
	if (wiring_parse_usb_version(s, &v)) {
		FUZZ_CHECK(v == 7, "a refused version wrote %u", v);
		return;
	}
	p = s + strspn(s, " ");
	d = (unsigned)strspn(p, "0123456789");
	FUZZ_CHECK(d >= 1 && d <= 2 && p[d] == '.' && strlen(p + d + 1) == 2 &&
		   strspn(p + d + 1, "0123456789") == 2, "took version '%s'", s);
	FUZZ_CHECK(v == (unsigned)atoi(p) * 100 + (unsigned)atoi(p + d + 1), "'%s': %u", s, v);
}

/* BOS: an answer of -1, 0 or 1; 1 only when a capability descriptor
 * (0x10) of SuperSpeed (0x03) or SuperSpeedPlus (0x0A) lies in the bytes
 * after the header, within wTotalLength */
static void check_bos(const uint8_t *data, size_t size)
{
	int r = wiring_usb_bos_ss(data, size);
	size_t total, i;

	FUZZ_CHECK(r >= -1 && r <= 1, "bos %d", r);
	if (r == -1)
		return;
	FUZZ_CHECK(size >= 5 && data[0] >= 5 && data[1] == 0x0f, "took a BOS without its header");
	if (r != 1)
		return;
	total = (size_t)data[2] | (size_t)data[3] << 8;
	for (i = data[0]; i + 3 <= size && i + 3 <= total; i++)
		if (data[i + 1] == 0x10 && (data[i + 2] == 0x03 || data[i + 2] == 0x0a))
			return;
	FUZZ_CHECK(0, "SuperSpeed found where no capability says it");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	check_bos(data, size);
	char *s = fuzz_str(data, size);

	check_ios(s);
	check_caps(s);
	check_usb(s);
	free(s);
	if (size >= 2)
		check_ext_csd(data, size);
	return 0;
}
