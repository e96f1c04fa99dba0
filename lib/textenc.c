/*
 * textenc.c: detection of the encoding of record files and conversion
 * between UTF-8, CP932 (Shift_JIS) and EUC-JP with iconv.
 *
 * Invariants: every buffer returned is malloc'd, NUL-terminated, and
 * owned by the caller; iconv descriptors never outlive a call.
 */
#include "gyoku/textenc.h"

#include <errno.h>
#include <iconv.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static const char *const iconv_names[GY_TEXT_ENC_NB] = {NULL, "UTF-8", "CP932", "EUC-JP"};

const char *gy_text_enc_name(enum gy_text_enc e)
{
	static const char *const names[GY_TEXT_ENC_NB] = {"auto", "UTF-8", "Shift_JIS", "EUC-JP"};
	return (unsigned)e < GY_TEXT_ENC_NB ? names[e] : "?";
}

static char lower(char c) { return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c; }

/* True when the `len` bytes at `s` end with the lower-case ASCII `suffix`, ignoring case. */
static bool ends_with(const char *s, size_t len, const char *suffix)
{
	size_t n = strlen(suffix);
	if (len < n)
		return false;
	for (size_t i = 0; i < n; i++)
		if (lower(s[len - n + i]) != suffix[i])
			return false;
	return true;
}

enum gy_text_enc gy_text_enc_for_name(const char *name, size_t len)
{
	if (ends_with(name, len, ".kif") || ends_with(name, len, ".ki2"))
		return GY_TEXT_CP932;
	if (ends_with(name, len, ".kifu") || ends_with(name, len, ".ki2u"))
		return GY_TEXT_UTF8;
	return GY_TEXT_AUTO;
}

/* True when the `len` bytes at `s` are well-formed UTF-8; else `*bad` (when not NULL) is where they are not. */
static bool valid_utf8_at(const unsigned char *s, size_t len, size_t *bad)
{
	size_t i = 0;
	while (i < len) {
		unsigned c = s[i];
		size_t n;
		unsigned min;
		if (c < 0x80) {
			i++;
			continue;
		} else if ((c & 0xE0) == 0xC0) {
			n = 1, min = 0x80, c &= 0x1F;
		} else if ((c & 0xF0) == 0xE0) {
			n = 2, min = 0x800, c &= 0x0F;
		} else if ((c & 0xF8) == 0xF0) {
			n = 3, min = 0x10000, c &= 0x07;
		} else {
			goto invalid;
		}
		if (len - i <= n)
			goto invalid;
		for (size_t k = 1; k <= n; k++) {
			if ((s[i + k] & 0xC0) != 0x80)
				goto invalid;
			c = c << 6 | (s[i + k] & 0x3F);
		}
		if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
			goto invalid;
		i += n + 1;
	}
	return true;
invalid:
	if (bad)
		*bad = i;
	return false;
}

static bool valid_utf8(const unsigned char *s, size_t len) { return valid_utf8_at(s, len, NULL); }

enum gy_text_enc gy_text_enc_by_name(const char *name, size_t len)
{
	static const struct {
		const char *name;
		enum gy_text_enc enc;
	} names[] = {
		{"utf-8", GY_TEXT_UTF8},        {"utf8", GY_TEXT_UTF8},    {"shift_jis", GY_TEXT_CP932},
		{"shift-jis", GY_TEXT_CP932},   {"sjis", GY_TEXT_CP932},   {"cp932", GY_TEXT_CP932},
		{"windows-31j", GY_TEXT_CP932}, {"euc-jp", GY_TEXT_EUCJP}, {"eucjp", GY_TEXT_EUCJP},
		{"euc_jp", GY_TEXT_EUCJP},
	};
	for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
		size_t i = 0;
		while (i < len && names[k].name[i] && lower(name[i]) == names[k].name[i])
			i++;
		if (i == len && !names[k].name[i])
			return names[k].enc;
	}
	return GY_TEXT_AUTO;
}

/* The encoding named by "encoding=" on a first line starting with "#KIF", or GY_TEXT_AUTO. */
enum gy_text_enc gy_text_declared(const char *s, size_t len)
{
	if (!s)
		return GY_TEXT_AUTO;
	if (len < 4 || memcmp(s, "#KIF", 4) != 0)
		return GY_TEXT_AUTO;
	size_t end = 0;
	while (end < len && s[end] != '\n' && s[end] != '\r')
		end++;
	static const char key[] = "encoding=";
	for (size_t i = 0; i + sizeof key - 1 <= end; i++) {
		if (memcmp(s + i, key, sizeof key - 1) != 0)
			continue;
		size_t a = i + sizeof key - 1, b = a;
		char name[16];
		while (b < end && s[b] != ' ' && s[b] != '\t' && b - a < sizeof name - 1) {
			name[b - a] = s[b];
			b++;
		}
		return gy_text_enc_by_name(name, b - a);
	}
	return GY_TEXT_AUTO;
}

/*
 * Converts with iconv from `from` to `to`; GY_ERR_TEXT_ENCODING on invalid
 * or unmappable input, with `*bad` (when not NULL) the offset of the first
 * byte not converted.
 */
static enum gy_err convert(const char *in, size_t len, const char *from, const char *to, char **out, size_t *outlen,
			   size_t *bad)
{
	*out = NULL;
	*outlen = 0;
	if (bad)
		*bad = 0;
	iconv_t cd = iconv_open(to, from);
	if (cd == (iconv_t)-1)
		return GY_ERR_TEXT_ENCODING;
	size_t cap = len * 2 + 16;
	char *buf = malloc(cap);
	enum gy_err err = GY_OK;
	if (!buf) {
		err = GY_ERR_NOMEM;
		goto fail;
	}
	char *src = (char *)in, *dst = buf;
	size_t left = len, room = cap - 1;
	while (left > 0) {
		size_t r = iconv(cd, &src, &left, &dst, &room);
		if (r != (size_t)-1)
			break;
		if (errno != E2BIG) {
			if (bad)
				*bad = (size_t)(src - in);
			err = GY_ERR_TEXT_ENCODING;
			goto fail;
		}
		size_t used = (size_t)(dst - buf);
		char *nb = realloc(buf, cap * 2);
		if (!nb) {
			err = GY_ERR_NOMEM;
			goto fail;
		}
		buf = nb;
		cap *= 2;
		dst = buf + used;
		room = cap - 1 - used;
	}
	if (iconv(cd, NULL, NULL, &dst, &room) == (size_t)-1) {
		if (bad)
			*bad = (size_t)(src - in);
		err = GY_ERR_TEXT_ENCODING;
		goto fail;
	}
	*dst = '\0';
	*outlen = (size_t)(dst - buf);
	*out = buf;
	iconv_close(cd);
	return GY_OK;
fail:
	free(buf);
	iconv_close(cd);
	return err;
}

/* True when every high byte of `s` may belong to EUC-JP and the text converts from it. */
static bool looks_eucjp(const char *s, size_t len)
{
	bool high = false;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x80) {
			high = true;
			if (c < 0xA1 && c != 0x8E && c != 0x8F)
				return false;
		}
	}
	if (!high)
		return false;
	/* Convert through a small buffer, the output dropped: a guess allocates nothing, so it cannot fail for memory. */
	iconv_t cd = iconv_open("UTF-8", "EUC-JP");
	if (cd == (iconv_t)-1)
		return false;
	char *src = (char *)s, chunk[1024];
	size_t left = len;
	bool ok = true;
	while (ok && left > 0) {
		char *dst = chunk;
		size_t room = sizeof chunk;
		ok = iconv(cd, &src, &left, &dst, &room) != (size_t)-1 || errno == E2BIG;
	}
	iconv_close(cd);
	return ok;
}

enum gy_text_enc gy_text_detect(const char *in, size_t len, enum gy_text_enc hint)
{
	if (len >= 3 && memcmp(in, "\xEF\xBB\xBF", 3) == 0)
		return GY_TEXT_UTF8;
	enum gy_text_enc d = gy_text_declared(in, len);
	if (d != GY_TEXT_AUTO)
		return d;
	if (valid_utf8((const unsigned char *)in, len))
		return GY_TEXT_UTF8;
	if (looks_eucjp(in, len))
		return GY_TEXT_EUCJP;
	return hint > GY_TEXT_AUTO && hint < GY_TEXT_ENC_NB ? hint : GY_TEXT_CP932;
}

enum gy_err gy_text_to_utf8(const char *in, size_t len, enum gy_text_enc enc, char **out, size_t *outlen,
			    enum gy_text_enc *used)
{
	return gy_text_to_utf8_at(in, len, enc, out, outlen, used, NULL);
}

enum gy_err gy_text_to_utf8_at(const char *in, size_t len, enum gy_text_enc enc, char **out, size_t *outlen,
			       enum gy_text_enc *used, size_t *bad)
{
	if (bad)
		*bad = 0;
	if (!out || !outlen || (unsigned)enc >= GY_TEXT_ENC_NB || (!in && len))
		return GY_ERR_ARG;
	*out = NULL;
	*outlen = 0;
	if (enc == GY_TEXT_AUTO)
		enc = gy_text_detect(in, len, GY_TEXT_AUTO);
	if (used)
		*used = enc;
	if (enc == GY_TEXT_UTF8) {
		size_t skip = len >= 3 && memcmp(in, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0, at;
		in += skip, len -= skip;
		if (!valid_utf8_at((const unsigned char *)in, len, &at)) {
			if (bad)
				*bad = skip + at;
			return GY_ERR_TEXT_ENCODING;
		}
		char *buf = malloc(len + 1);
		if (!buf)
			return GY_ERR_NOMEM;
		if (len)
			memcpy(buf, in, len);
		buf[len] = '\0';
		*out = buf;
		*outlen = len;
		return GY_OK;
	}
	return convert(in, len, iconv_names[enc], "UTF-8", out, outlen, bad);
}

enum gy_err gy_text_from_utf8(const char *in, size_t len, enum gy_text_enc enc, char **out, size_t *outlen)
{
	if (!out || !outlen || enc <= GY_TEXT_AUTO || enc >= GY_TEXT_ENC_NB || (!in && len))
		return GY_ERR_ARG;
	*out = NULL;
	*outlen = 0;
	if (!valid_utf8((const unsigned char *)in, len))
		return GY_ERR_TEXT_ENCODING;
	if (enc == GY_TEXT_UTF8)
		return gy_text_to_utf8(in, len, GY_TEXT_UTF8, out, outlen, NULL);
	return convert(in, len, "UTF-8", iconv_names[enc], out, outlen, NULL);
}
