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
 * valid KIF, and KIF's "2024/01/02(火) 10:00:00" is written to CSA as is).
 *
 * Reading: CSA keys and, in JKF, a CSA key used as a header key are stored
 * under their canonical key; a header whose canonical key the game already
 * holds from another key (both $TIME_LIMIT and $TIME) keeps its own key, so
 * nothing read is lost.  Other keys are stored as read.
 *
 * Writing KIF and JKF: every header under its canonical key, except one
 * whose canonical key the game also holds, which keeps its own key.
 *
 * Writing CSA: N+ and N- and the $ keys above from their canonical keys
 * (持ち時間 as $TIME when its value has the v3.0 form "S+S+S" of
 * numbers, else as $TIME_LIMIT with its text as is); a "$KEY" read from
 * CSA that the table does not name as is ("$KEY:value"; the CSA readers
 * of other programs skip $ lines they do not know); 手合割 is dropped, as
 * the start position (PI or P1..P9) says it; every other header, which
 * CSA has no line for (the v3.0 specification defines only the keys
 * above), as a comment line "'key：value" before the start position.
 * The CSA reader takes such a line before the side line ("+" or "-"),
 * whose key has no space and does not start with '*', back as a header,
 * unless a header line of the text gives that key (the example of the
 * v3.0 specification has "'戦型：矢倉" above "$OPENING:YAGURA"): then it
 * stays a comment line.  So a record keeps its headers through CSA.
 */
#ifndef LIB_HEADERS_H
#define LIB_HEADERS_H

#include <stdbool.h>

#include "gyoku/game.h"

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
 * The CSA key that header `key` with `value` is written under: the key
 * itself for N+, N- and any "$KEY", the table's key for a canonical key,
 * NULL for 手合割 (dropped) and for a key CSA has no line for (written as
 * a comment line).
 */
const char *gy__header_to_csa(const char *key, const char *value);

/* True when the CSA key `csa_key` exists only from CSA v3.0 on. */
bool gy__header_csa_v3(const char *csa_key);

#endif
