/* opt.c - declarative options
 *
 * SPDX-License-Identifier: MIT
 */
#include "opt.h"
#include "text.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

size_t opt_count(const struct opt_spec *tab)
{
	size_t n = 0;

	while (tab && tab[n].name)
		n++;
	return n;
}

int opt_index(const struct opt_spec *tab, const char *name)
{
	size_t i;

	for (i = 0; tab && tab[i].name; i++)
		if (!strcmp(tab[i].name, name))
			return (int)i;
	return -1;
}

static int choice_index(const char *choices, const char *text)
{
	size_t len = strlen(text);
	const char *p = choices;
	int i = 0;

	while (p && *p) {
		const char *bar = strchr(p, '|');
		size_t n = bar ? (size_t)(bar - p) : strlen(p);

		if (n == len && !strncmp(p, text, n))
			return i;
		i++;
		p = bar ? bar + 1 : NULL;
	}
	return -1;
}

static int out_of_range(const struct opt_spec *s, double v)
{
	return (s->min != 0 || s->max != 0) && (v < s->min || v > s->max);
}

int opt_parse_value(const struct opt_spec *s, const char *text,
		    struct opt_val *v, char *err, size_t errlen)
{
	int64_t i;
	uint64_t u;
	double d;

	v->s = text;
	switch (s->type) {
	case OPT_BOOL:
		v->i = 1;
		break;
	case OPT_INT:
		if (parse_int(text, &i)) {
			snprintf(err, errlen, "--%s: '%s' is not an integer", s->name, text);
			return -1;
		}
		if (out_of_range(s, (double)i)) {
			snprintf(err, errlen, "--%s: %s is out of range %.15g..%.15g",
				 s->name, text, s->min, s->max);
			return -1;
		}
		v->i = i;
		v->d = (double)i;
		break;
	case OPT_SIZE:
		if (parse_size(text, &u)) {
			snprintf(err, errlen, "--%s: '%s' is not a size (e.g. 4096, 64k, 16M, 1G)",
				 s->name, text);
			return -1;
		}
		if (out_of_range(s, (double)u)) {
			char lo[32], hi[32];

			snprintf(err, errlen, "--%s: %s is out of range %s..%s", s->name, text,
				 format_size((uint64_t)s->min, lo, sizeof(lo)),
				 format_size((uint64_t)s->max, hi, sizeof(hi)));
			return -1;
		}
		v->u = u;
		v->d = (double)u;
		break;
	case OPT_DOUBLE:
		if (parse_double(text, &d)) {
			snprintf(err, errlen, "--%s: '%s' is not a number", s->name, text);
			return -1;
		}
		if (out_of_range(s, d)) {
			snprintf(err, errlen, "--%s: %s is out of range %.15g..%.15g",
				 s->name, text, s->min, s->max);
			return -1;
		}
		v->d = d;
		break;
	case OPT_CHOICE:
		if ((i = choice_index(s->choices, text)) < 0) {
			snprintf(err, errlen, "--%s: '%s' is not one of %s", s->name, text, s->choices);
			return -1;
		}
		v->i = i;
		break;
	case OPT_STR:
		break;
	case OPT_END:
		return -1;
	}
	v->has = 1;
	return 0;
}

/* Find an option by long name (len chars of name) or by letter. */
static int find(int ntab, const struct opt_spec *const *tabs, const char *name, size_t len,
		char letter, int *t, int *k)
{
	for (*t = 0; *t < ntab; (*t)++)
		for (*k = 0; tabs[*t] && tabs[*t][*k].name; (*k)++) {
			const struct opt_spec *s = &tabs[*t][*k];

			if (letter ? s->letter == letter
				   : strlen(s->name) == len && !strncmp(s->name, name, len))
				return 0;
		}
	return -1;
}

/* An OPT_DASH1 option called exactly name. */
static int find_dash1(int ntab, const struct opt_spec *const *tabs, const char *name,
		      int *t, int *k)
{
	for (*t = 0; *t < ntab; (*t)++)
		for (*k = 0; tabs[*t] && tabs[*t][*k].name; (*k)++)
			if ((tabs[*t][*k].flags & OPT_DASH1) && !strcmp(tabs[*t][*k].name, name))
				return 0;
	return -1;
}

int opt_words(int ntab, const struct opt_spec *const *tabs, int argc, char **argv, int i)
{
	const char *a = argv[i], *eq;
	int t, k, inline_value;

	if (a[0] != '-' || !a[1])
		return 0;
	if (a[1] == '-') {
		eq = strchr(a + 2, '=');
		if (find(ntab, tabs, a + 2, eq ? (size_t)(eq - a - 2) : strlen(a + 2), 0, &t, &k))
			return 0;
		inline_value = eq != NULL;
	} else {
		if (find(ntab, tabs, NULL, 0, a[1], &t, &k))
			return 0;
		inline_value = a[2] != '\0';
	}
	if (tabs[t][k].type == OPT_BOOL || inline_value)
		return 1;
	return i + 1 < argc ? 2 : 0;
}

/* "unknown option '--nme' (did you mean '--name'?)" */
static void unknown_long(int ntab, const struct opt_spec *const *tabs, const char *a,
			 const char *eq, char *err, size_t errlen)
{
	char word[64], hint[96], cand[72];
	struct near n = { word };
	int len = (int)(eq ? eq - a : (long)strlen(a)), t, k;

	snprintf(word, sizeof(word), "%.*s", len - 2, a + 2);
	for (t = 0; t < ntab; t++)
		for (k = 0; tabs[t] && tabs[t][k].name; k++)
			near_see(&n, tabs[t][k].name);
	hint[0] = '\0';
	if (near_best(&n)) {
		snprintf(cand, sizeof(cand), "--%s", near_best(&n));
		snprintf(hint, sizeof(hint), " (did you mean '%s'?)", cand);
	}
	snprintf(err, errlen, "unknown option '%.*s'%s", len, a, hint);
}

int opt_parse(int ntab, const struct opt_spec *const *tabs, struct opt_val *const *vals,
	      int argc, char **argv, char **pos, char *err, size_t errlen)
{
	int npos = 0, i, t, k;

	for (t = 0; t < ntab; t++)
		for (k = 0; tabs[t] && tabs[t][k].name; k++) {
			const struct opt_spec *s = &tabs[t][k];

			memset(&vals[t][k], 0, sizeof(vals[t][k]));
			if (s->type != OPT_BOOL && s->def && *s->def &&
			    opt_parse_value(s, s->def, &vals[t][k], err, errlen))
				return -1;	/* a bad default is a bug the registry test finds */
		}

	for (i = 0; i < argc; i++) {
		const char *a = argv[i], *val = NULL, *eq;
		char shown[64];

		if (!strcmp(a, "--")) {
			while (++i < argc)
				pos[npos++] = argv[i];
			break;
		}
		if (a[0] != '-' || a[1] == '\0') {
			pos[npos++] = argv[i];
			continue;
		}
		if (a[1] == '-') {
			eq = strchr(a + 2, '=');
			if (find(ntab, tabs, a + 2, eq ? (size_t)(eq - a - 2) : strlen(a + 2), 0, &t, &k)) {
				unknown_long(ntab, tabs, a, eq, err, errlen);
				return -1;
			}
			if (eq)
				val = eq + 1;
		} else if (a[2] && find_dash1(ntab, tabs, a + 1, &t, &k) == 0) {
			/* -name: an openssl-style long option with one dash */
		} else {
			if (find(ntab, tabs, NULL, 0, a[1], &t, &k)) {
				snprintf(err, errlen, "unknown option '-%c'", a[1]);
				return -1;
			}
			if (a[2])
				val = a + 2;
		}
		{
			const struct opt_spec *s = &tabs[t][k];
			struct opt_val *v = &vals[t][k];

			snprintf(shown, sizeof(shown), "--%s", s->name);
			if (v->set && !(s->flags & OPT_REPEAT)) {
				snprintf(err, errlen, "option %s given twice", shown);
				return -1;
			}
			if (s->type == OPT_BOOL) {
				if (val) {
					snprintf(err, errlen, "option %s takes no value", shown);
					return -1;
				}
				v->i = 1;
				v->has = 1;
				v->s = "1";
			} else {
				if (!val) {
					if (i + 1 >= argc) {
						snprintf(err, errlen, "option %s needs a value", shown);
						return -1;
					}
					val = argv[++i];
				}
				if (opt_parse_value(s, val, v, err, errlen))
					return -1;
				if (s->flags & OPT_REPEAT) {	/* no more values than words */
					if (!v->list)
						v->list = xcalloc((size_t)argc, sizeof(*v->list));
					v->list[v->count++] = val;
				}
			}
			v->set = 1;
		}
	}
	return npos;
}

static const char *metavar(const struct opt_spec *s)
{
	if (s->metavar)		/* an OPT_CHOICE's choices */
		return s->metavar;
	switch (s->type) {
	case OPT_INT:	 return "N";
	case OPT_SIZE:	 return "SIZE";
	case OPT_DOUBLE: return "X";
	case OPT_STR:	 return "STR";
	default:	 return NULL;
	}
}

/* text from column col on, words carried to a new line indented to col
 * where one would pass column width (a single longer word stays whole) */
static void wrap(FILE *f, const char *text, int col, int width)
{
	int at = col;

	while (*text) {
		const char *w = text;
		int n, sp;

		while (*text == ' ')
			text++;
		sp = (int)(text - w);
		n = (int)strcspn(text, " ");
		if (!n)
			break;
		if (at > col && at + sp + n > width) {
			fprintf(f, "\n%*s", col, "");
			at = col;
			sp = 0;
		} else if (at == col) {
			sp = 0;
		}
		fprintf(f, "%*s%.*s", sp, "", n, text);
		at += sp + n;
		text += n;
	}
}

const char *opt_help(const struct opt_spec *tab, size_t i, char *buf, size_t len)
{
	const char *p = tab[i].help;
	size_t n, k;

	if (!p || !tab[i].name) {	/* packed: line i of the text the end row names */
		n = opt_count(tab);
		p = tab[n].help ? text_str(tab[n].help) : "";
		for (k = 0; k < i && *p; k++)
			p += strcspn(p, "\n") + (p[strcspn(p, "\n")] == '\n');
	}
	n = strcspn(p, "\n");
	snprintf(buf, len, "%.*s", (int)n, p);
	return buf;
}

void opt_usage(FILE *f, const struct opt_spec *tab)
{
	size_t i;

	for (i = 0; tab && tab[i].name; i++) {
		const struct opt_spec *s = &tab[i];
		const char *mv = metavar(s);
		char left[80], text[512], help[400];
		int n;

		if (s->flags & OPT_DASH1)
			n = snprintf(left, sizeof(left), "  -%s, --%s", s->name, s->name);
		else if (s->letter)
			n = snprintf(left, sizeof(left), "  -%c, --%s", s->letter, s->name);
		else
			n = snprintf(left, sizeof(left), "      --%s", s->name);
		if (mv && n > 0 && (size_t)n < sizeof(left))
			snprintf(left + n, sizeof(left) - (size_t)n, "=%s", mv);
		if (strlen(left) > 26)
			fprintf(f, "%s\n%28s", left, "");
		else
			fprintf(f, "%-28s", left);
		opt_help(tab, i, help, sizeof(help));
		if (s->def && *s->def && s->type != OPT_BOOL)
			snprintf(text, sizeof(text), "%s [%s]", help, s->def);
		else
			snprintf(text, sizeof(text), "%s", help);
		wrap(f, text, 28, 79);
		fputc('\n', f);
	}
}
