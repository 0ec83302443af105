/* registry.c - the applet table, expanded from applets.def
 *
 * SPDX-License-Identifier: MIT
 *
 * A missing applet file is a link error, a duplicate line a duplicate
 * enumerator; order is checked by the unit tests.
 */
#include "applet.h"

#include <string.h>

#define APPLET(n) extern const struct applet applet_##n;
#include "applets.def"
#undef APPLET

enum applet_id {
#define APPLET(n) APPLET_ID_##n,
#include "applets.def"
#undef APPLET
	APPLET_COUNT
};

const struct applet *const applet_table[APPLET_COUNT] = {
#define APPLET(n) [APPLET_ID_##n] = &applet_##n,
#include "applets.def"
#undef APPLET
};

const char *const applet_ids[APPLET_COUNT] = {
#define APPLET(n) #n,
#include "applets.def"
#undef APPLET
};

const size_t applet_count = APPLET_COUNT;

const struct applet *applet_find(const char *name)
{
	size_t i;

	for (i = 0; i < APPLET_COUNT; i++)
		if (!strcmp(applet_table[i]->name, name))
			return applet_table[i];
	return NULL;
}
