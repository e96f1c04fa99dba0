/*
 * tests/check.h: the shared reporting of the test programs.
 *
 * Every test program prints one line per case, "PASS id", "FAIL id: why"
 * or "SKIP id: why", and exits non-zero when a case failed; tests/run.sh
 * runs them all and prints the final "N passed, N failed" line.  Case ids
 * are `module-N.M` (style.md rule 13).
 */
#ifndef TESTS_CHECK_H
#define TESTS_CHECK_H

#include <stdarg.h>
#include <stdio.h>

struct check_tally {
	int passed;
	int failed;
};

static inline void check_pass(struct check_tally *t, const char *id)
{
	t->passed++;
	printf("PASS %s\n", id);
}

static inline void check_fail(struct check_tally *t, const char *id, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static inline void check_fail(struct check_tally *t, const char *id, const char *fmt, ...)
{
	va_list ap;
	t->failed++;
	printf("FAIL %s: ", id);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

static inline void check_skip(const char *id, const char *why) { printf("SKIP %s: %s\n", id, why); }

/* Records one case: passes when `ok`, else fails with the message. */
#define CHECK(t, id, ok, ...) ((ok) ? check_pass((t), (id)) : check_fail((t), (id), __VA_ARGS__))

/* The exit status of a test program. */
static inline int check_exit(const struct check_tally *t) { return t->failed ? 1 : 0; }

#endif
