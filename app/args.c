/*
 * app/args.c: checked numbers, --help and whole files for the commands
 * (args.h).
 */
#include "args.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

bool args_is_help(const char *arg) { return !strcmp(arg, "--help") || !strcmp(arg, "-h"); }

/* True when `text` starts as a decimal number may: a digit, or a minus sign and a digit when `sign` allows it. */
static bool starts_number(const char *text, bool sign)
{
	if (sign && *text == '-')
		text++;
	return isdigit((unsigned char)*text);
}

bool args_i64(const char *who, const char *opt, const char *text, int64_t lo, int64_t hi, int64_t *out)
{
	char *end = NULL;
	errno = 0;
	long long v = starts_number(text, true) ? strtoll(text, &end, 10) : 0;
	if (!end || *end || errno || v < lo || v > hi) {
		fprintf(stderr, "%s: %s: '%s' is not a whole number from %" PRId64 " to %" PRId64 "\n", who, opt, text,
			lo, hi);
		return false;
	}
	*out = v;
	return true;
}

bool args_int(const char *who, const char *opt, const char *text, int lo, int hi, int *out)
{
	int64_t v;
	if (!args_i64(who, opt, text, lo, hi, &v))
		return false;
	*out = (int)v;
	return true;
}

bool args_u64(const char *who, const char *opt, const char *text, uint64_t *out)
{
	char *end = NULL;
	errno = 0;
	unsigned long long v = starts_number(text, false) ? strtoull(text, &end, 10) : 0;
	if (!end || *end || errno) {
		fprintf(stderr, "%s: %s: '%s' is not a whole number from 0 to %" PRIu64 "\n", who, opt, text,
			UINT64_MAX);
		return false;
	}
	*out = v;
	return true;
}

bool args_double(const char *who, const char *opt, const char *text, double lo, double hi, double *out)
{
	char *end = NULL;
	errno = 0;
	/* A digit or a point first: no spaces, no "inf", "nan" or hexadecimal "0x". */
	bool looks = starts_number(text, true) || (text[0] == '.' && isdigit((unsigned char)text[1])) ||
		     (text[0] == '-' && text[1] == '.' && isdigit((unsigned char)text[2]));
	bool hex = strchr(text, 'x') || strchr(text, 'X');
	double v = looks && !hex ? strtod(text, &end) : 0;
	if (!end || *end || errno || !isfinite(v) || v < lo || v > hi) {
		fprintf(stderr, "%s: %s: '%s' is not a number from %.15g to %.15g\n", who, opt, text, lo, hi);
		return false;
	}
	*out = v;
	return true;
}

/* The name of `path` in messages. */
static const char *shown(const char *path) { return strcmp(path, "-") ? path : "standard input"; }

/* Writes "PATH: REASON" into `why`, the reason for errno `err` in lower case. */
static void say_errno(char *why, size_t why_size, const char *path, int err)
{
	if (err == ENOENT) {
		snprintf(why, why_size, "%s: no such file", shown(path));
		return;
	}
	if (err == EISDIR) {
		snprintf(why, why_size, "%s: is a directory", shown(path));
		return;
	}
	int n = snprintf(why, why_size, "%s: %s", shown(path), strerror(err));
	size_t at = strlen(shown(path)) + 2;
	if (n > 0 && at < why_size && (size_t)n > at)
		why[at] = (char)tolower((unsigned char)why[at]);
}

FILE *args_open_file(const char *path, char *why, size_t why_size)
{
	if (!strcmp(path, "-"))
		return stdin;
	FILE *f = fopen(path, "rb");
	if (!f) {
		say_errno(why, why_size, path, errno);
		return NULL;
	}
	struct stat st;
	if (fstat(fileno(f), &st) == 0 && (S_ISDIR(st.st_mode) || (S_ISREG(st.st_mode) && st.st_size == 0))) {
		if (S_ISDIR(st.st_mode))
			say_errno(why, why_size, path, EISDIR);
		else
			snprintf(why, why_size, "%s: the file is empty", path);
		fclose(f);
		return NULL;
	}
	return f;
}

int args_read_file(const char *path, char **text, size_t *len, char *why, size_t why_size)
{
	*text = NULL;
	*len = 0;
	FILE *f = args_open_file(path, why, why_size);
	if (!f)
		return 1;
	size_t cap = 1 << 16, n = 0;
	char *buf = malloc(cap + 1);
	int err = 0;
	while (buf) {
		n += fread(buf + n, 1, cap - n, f);
		if (n < cap) {
			err = ferror(f) ? errno : 0;
			break;
		}
		if (cap > ARGS_FILE_MAX)
			break;
		char *bigger = realloc(buf, 2 * cap + 1);
		if (!bigger) {
			free(buf);
			buf = NULL;
			break;
		}
		buf = bigger;
		cap *= 2;
	}
	if (f != stdin)
		fclose(f);
	if (!buf)
		snprintf(why, why_size, "%s: out of memory", shown(path));
	else if (err)
		say_errno(why, why_size, path, err);
	else if (n > ARGS_FILE_MAX)
		snprintf(why, why_size, "%s: larger than %zu MiB", shown(path), ARGS_FILE_MAX >> 20);
	else if (n == 0)
		snprintf(why, why_size, strcmp(path, "-") ? "%s: the file is empty" : "%s: the input is empty",
			 shown(path));
	else {
		buf[n] = '\0';
		*text = buf;
		*len = n;
		return 0;
	}
	free(buf);
	return 1;
}
