/*
 * lib/headers.h: library-internal table of the header keys of game records
 * across formats (one table for all; tests/t_headers.c), used by the CSA,
 * KIF and JKF readers and writers.
 *
 * A game holds its headers under one canonical key, the KIF Japanese key,
 * whatever format it was read from.  The table:
 *
 *   canonical (KIF, JKF)  CSA
 *   先手 / 下手           N+          (下手 when the game starts from a handicap preset)
 *   後手 / 上手           N-          (上手 likewise)
 *   棋戦                  $EVENT
 *   場所                  $SITE
 *   開始日時              $START_TIME
 *   終了日時              $END_TIME
 *   持ち時間              $TIME_LIMIT (v2.2) or $TIME (v3.0)
 *   先手持ち時間          $TIME+      (v3.0)
 *   後手持ち時間          $TIME-      (v3.0)
 *   戦型                  $OPENING
 *   最大手数              $MAX_MOVES  (v3.0)
 *   持将棋                $JISHOGI    (v3.0)
 *   備考                  $NOTE       (v3.0)
 *
 * Values are kept as read (dates too: CSA's "2024/01/02 10:00:00" is also
 * valid KIF, and KIF's "2024/01/02(火) 10:00:00" is written to CSA as is;
 * time controls too, which each writer puts in its format's syntax, as
 * below).
 *
 * Reading: CSA keys and, in JKF, a CSA key used as a header key are stored
 * under their canonical key; a header whose canonical key the game already
 * holds from another key (both $TIME_LIMIT and $TIME) keeps its own key, so
 * nothing read is lost.  Other keys are stored as read.
 *
 * Writing KIF and JKF: every header under its canonical key, except one
 * whose canonical key the game also holds, which keeps its own key.
 *
 * Writing CSA: N+ and N- and the $ keys above from their canonical keys;
 * a "$KEY" read from CSA that the table does not name as is
 * ("$KEY:value"; the CSA readers of other programs skip $ lines they do
 * not know); 手合割 is dropped, as the start position (PI or P1..P9) says
 * it; every other header, which CSA has no line for (the v3.0
 * specification defines only the keys above), as a comment line
 * "'key：value" before the start position.  The CSA reader takes such a
 * line before the side line ("+" or "-"), whose key has no space and does
 * not start with '*', back as a header, unless a header line of the text
 * gives that key (the example of the v3.0 specification has "'戦型：矢倉"
 * above "$OPENING:YAGURA"): then it stays a comment line.  So a record
 * keeps its headers through CSA.
 *
 * Time controls in CSA (tctext.h): 持ち時間 is written in CSA's syntax: as is
 * when it is already CSA's ($TIME_LIMIT for "hh:mm+ss", $TIME for
 * "S+S+S"), else read in any syntax and written as $TIME_LIMIT when the
 * control fits v2.2, else as $TIME; a KIF 持ち時間 without byoyomi takes
 * the byoyomi of KIF's 秒読み header into its line, and 秒読み is then
 * dropped.  先手持ち時間 and 後手持ち時間 likewise as $TIME+ and $TIME-
 * (v3.0's syntax only).  Text no syntax reads, and a control CSA cannot say
 * (several byoyomi periods, correspondence), stays a comment line.
 *
 * Time controls in KIF and JKF: a value under 持ち時間, 先手持ち時間 or
 * 後手持ち時間 in KIF's syntax, or text no syntax reads, as is; any other
 * (CSA's, gyoku's) in KIF's form, with a 秒読み line after 持ち時間 for
 * its byoyomi (unless the game holds a 秒読み header of its own: then
 * after a "+"), as Kifu for Windows writes it.  A correspondence control
 * stays gyoku's text.
 */
#ifndef LIB_HEADERS_H
#define LIB_HEADERS_H

#include <stdbool.h>

#include "gyoku/game.h"
#include "tctext.h"

/*
 * The canonical key of the CSA key `key` ("N+", "$EVENT", ...), with
 * 下手/上手 for N+/N- when `handicap`; NULL when the table lacks it.
 * `*index` (when not NULL) gets the row of the table, or -1.
 */
const char *gy__header_from_csa(const char *key, bool handicap, int *index);

/* The canonical key of a header key of any format: itself unless it is a CSA key of the table. */
const char *gy__header_canonical(const char *key);

/*
 * The key KIF and JKF write header `key` of `g` under: its canonical key,
 * or `key` itself when `g` also holds the canonical key.
 */
const char *gy__header_kif_key(const struct gy_game *g, const char *key);

/*
 * How CSA writes one header (gy__header_csa).  `value` may point into
 * `text`: the struct is filled in place and not copied.
 */
struct gy__header_csa_line {
	const char *key;            /* the CSA key ("N+", "$EVENT", "$TIME_LIMIT", ...); NULL: none */
	const char *value;          /* what follows the key: the header's value, or `text` */
	bool dropped;               /* no line at all; else a NULL key is a comment line "'key：value" */
	char text[GY__TC_TEXT_MAX]; /* a time control in CSA's syntax */
};

/*
 * How CSA writes the i-th header of `g` (see above): under the key itself
 * for N+, N- and any "$KEY", under the table's key for a canonical key
 * (a time control in CSA's syntax), dropped for 手合割 and for a 秒読み
 * that the 持ち時間 line holds, else (key NULL) as a comment line.
 */
void gy__header_csa(const struct gy_game *g, int i, struct gy__header_csa_line *out);

/*
 * How KIF and JKF write one header (gy__header_kif).  The pointers may
 * point into the struct: it is filled in place and not copied.
 */
struct gy__header_kif_line {
	const char *key;                    /* gy__header_kif_key */
	const char *value;                  /* the header's value, or `text` */
	const char *byoyomi;                /* a 秒読み header to write after it, or NULL */
	char text[GY__TC_TEXT_MAX];         /* a time control in KIF's form */
	char byoyomi_text[GY__TC_TEXT_MAX]; /* its byoyomi */
};

/* How KIF and JKF write the i-th header of `g` (see above). */
void gy__header_kif(const struct gy_game *g, int i, struct gy__header_kif_line *out);

/* True when the CSA key `csa_key` exists only from CSA v3.0 on. */
bool gy__header_csa_v3(const char *csa_key);

#endif
