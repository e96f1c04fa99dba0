/*
 * gyoku/textenc.h: the text encodings of Japanese record files (KIF, KI2,
 * CSA) and their conversion to and from UTF-8, with iconv.
 *
 * Shift_JIS is handled as CP932 (Microsoft's superset, what Kifu for
 * Windows writes).  Record files name their encoding in several ways: a
 * UTF-8 byte order mark, a first line "#KIF version=2.0 encoding=UTF-8",
 * or the file extension (.kif/.ki2 Shift_JIS, .kifu/.ki2u UTF-8).
 * All functions are thread-safe.
 */
#ifndef GYOKU_TEXTENC_H
#define GYOKU_TEXTENC_H

#include <stddef.h>

#include "err.h"

/* A text encoding; GY_TEXT_AUTO asks for detection. */
enum gy_text_enc { GY_TEXT_AUTO, GY_TEXT_UTF8, GY_TEXT_CP932, GY_TEXT_EUCJP, GY_TEXT_ENC_NB };

/* The name of `e` ("auto", "UTF-8", "Shift_JIS", "EUC-JP"); static. */
const char *gy_text_enc_name(enum gy_text_enc e);

/*
 * The encoding named by `name` (`len` bytes, any letter case): UTF-8 or
 * UTF8; Shift_JIS, Shift-JIS, SJIS, CP932 or Windows-31J (all CP932);
 * EUC-JP, EUCJP or EUC_JP.  GY_TEXT_AUTO for any other name.
 */
enum gy_text_enc gy_text_enc_by_name(const char *name, size_t len);

/*
 * The encoding the extension of the file name `name` (`len` bytes) implies:
 * GY_TEXT_CP932 for .kif and .ki2, GY_TEXT_UTF8 for .kifu and .ki2u (any
 * letter case), GY_TEXT_AUTO for any other name.
 */
enum gy_text_enc gy_text_enc_for_name(const char *name, size_t len);

/*
 * The encoding the `len` bytes at `in` declare on a first line starting
 * with "#KIF" ("#KIF version=2.0 encoding=UTF-8"; the names of
 * gy_text_enc_by_name), or GY_TEXT_AUTO when they declare none or one
 * not known.  A text that does not decode in the encoding it declares is
 * an error (gy_record_read), not a text to guess about.
 */
enum gy_text_enc gy_text_declared(const char *in, size_t len);

/*
 * The encoding of the `len` bytes at `in`, decided in this order: a UTF-8
 * byte order mark; an "encoding=NAME" on a first line starting with "#KIF"
 * (UTF-8, Shift_JIS, SJIS, CP932, EUC-JP, any case); text that is valid
 * UTF-8; text whose high bytes are all EUC-JP's (0xA1-0xFE, 0x8E, 0x8F)
 * and that converts from EUC-JP; `hint` when it is not GY_TEXT_AUTO;
 * otherwise CP932.  Never returns GY_TEXT_AUTO.
 */
enum gy_text_enc gy_text_detect(const char *in, size_t len, enum gy_text_enc hint);

/*
 * Converts the `len` bytes at `in` to UTF-8, without a byte order mark,
 * into a new NUL-terminated buffer `*out` of `*outlen` bytes (the NUL not
 * counted) that the caller frees with free().  `enc` is the encoding, or
 * GY_TEXT_AUTO to detect it with gy_text_detect (no hint); `used` (when not
 * NULL) gets the encoding used.  Errors: GY_ERR_TEXT_ENCODING (a byte
 * sequence invalid in that encoding; `*out` is then NULL), GY_ERR_NOMEM,
 * GY_ERR_ARG.
 */
enum gy_err gy_text_to_utf8(const char *in, size_t len, enum gy_text_enc enc, char **out, size_t *outlen,
			    enum gy_text_enc *used) __attribute__((warn_unused_result));

/*
 * As gy_text_to_utf8, and on GY_ERR_TEXT_ENCODING also sets `*bad` (when
 * not NULL) to the offset in `in` of the first byte that does not decode
 * (0 when the encoding cannot be used at all), for readers that report
 * the line and column of a bad byte.
 */
enum gy_err gy_text_to_utf8_at(const char *in, size_t len, enum gy_text_enc enc, char **out, size_t *outlen,
			       enum gy_text_enc *used, size_t *bad) __attribute__((warn_unused_result));

/*
 * Converts the UTF-8 text `in` of `len` bytes to `enc` (GY_TEXT_UTF8,
 * GY_TEXT_CP932 or GY_TEXT_EUCJP) into a new NUL-terminated buffer `*out`
 * of `*outlen` bytes, freed by the caller with free().  Errors:
 * GY_ERR_TEXT_ENCODING (invalid UTF-8, or a character `enc` lacks),
 * GY_ERR_ARG (GY_TEXT_AUTO or an unknown `enc`), GY_ERR_NOMEM.
 */
enum gy_err gy_text_from_utf8(const char *in, size_t len, enum gy_text_enc enc, char **out, size_t *outlen)
	__attribute__((warn_unused_result));

#endif
