/*
 * lib/tctext.h: library-internal: a time control (clock.h) as the record
 * formats write it in their headers: read from the syntax of any of them,
 * written in the syntax of each (one home for all; headers.h decides which
 * header gets which; tests/t_tctext.c, tests/data/tctext.txt).
 *
 * The syntaxes read (a zero byoyomi or increment is none; blanks around
 * the text are ignored):
 *   GYOKU  gyoku's own text (gy_tc_parse): "1m+20s", "10m+30s*3+5i",
 *          "3d/v14" (a correspondence control, which no record format has
 *          a syntax for: it stays this text everywhere);
 *   CSA2   CSA V2.2 $TIME_LIMIT "hh:mm+ss": the main time in hours and
 *          minutes, the byoyomi in seconds ("00:25+00", "01:00+60");
 *   CSA3   CSA V3.0 $TIME (and $TIME+, $TIME-) "main+byoyomi+increment"
 *          in seconds, with up to three decimals ("900+0+5", "0.5+0+0.1");
 *   KIF    KIF's 持ち時間 as Kifu for Windows and 81Dojo write it: "各"
 *          (for each side) or nothing, then a duration in 時間, 分 and
 *          秒 groups (ASCII or full-width digits; the seconds may have a
 *          fraction), then nothing, or "切れ負け" (sudden death, said), or
 *          "+" and the byoyomi as a duration (81Dojo): "各5時間",
 *          "各５時間", "6時間", "各1時間30分", "15分+30秒", "0分+10秒",
 *          "10分切れ負け".  Kifu for Windows writes the byoyomi in a
 *          header of its own, 秒読み, a duration ("30秒"), which gives the
 *          byoyomi of a 持ち時間 in KIF's syntax that has none.
 * ShogiHome writes CSA2 and CSA3 in KIF's 持ち時間 too, so a KIF value may
 * be in any syntax.  Text no syntax reads (free text: "60分 切れたら1分将棋",
 * "各6時間（チェスクロック使用）") is no time control here.
 *
 * The syntax each format is written in:
 *   CSA    CSA2 when the control fits it (one byoyomi period at most, no
 *          increment, the main time in whole minutes, the byoyomi in whole
 *          seconds), else CSA3 when it fits that (one period at most);
 *          else none (several periods, correspondence);
 *   KIF    Kifu for Windows's form: 持ち時間 "各" and the main time in
 *          時間 分 秒 ("各10分", "各1時間30分"), the byoyomi in seconds in
 *          the 秒読み header ("30秒"), or after a "+" on the same line
 *          (81Dojo's form: "10分+30秒", "0分+30秒") where a header of its
 *          own cannot say it (a per-side header, no main time, a game
 *          that holds a 秒読み header of its own); what the form cannot
 *          say (an increment, several periods, a fraction of a second) as
 *          CSA3 when it fits, as ShogiHome writes it, else as GYOKU.
 */
#ifndef LIB_TCTEXT_H
#define LIB_TCTEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gyoku/clock.h"

/* The longest text a writer here gives, with its NUL. */
enum { GY__TC_TEXT_MAX = 96 };

/* The syntaxes above; GY__TC_NONE when none reads a text. */
enum gy__tc_syntax { GY__TC_NONE, GY__TC_GYOKU, GY__TC_CSA2, GY__TC_CSA3, GY__TC_KIF, GY__TC_SYNTAX_NB };

/*
 * Reads the time control in the `len` bytes at `s` in any syntax above:
 * returns the syntax and sets `*tc` to a valid control (gy_tc_check), or
 * returns GY__TC_NONE with `*tc` cleared when no syntax reads it.
 */
enum gy__tc_syntax gy__tc_read(const char *s, size_t len, struct gy_time_control *tc);

/* Reads KIF's 秒読み header, a duration over zero, into `*ms`; false when it is none. */
bool gy__tc_read_kif_byoyomi(const char *s, size_t len, int64_t *ms);

/* Writes `tc` as CSA2 into `buf` (GY__TC_TEXT_MAX bytes); false, with buf "", when it does not fit. */
bool gy__tc_write_csa2(const struct gy_time_control *tc, char *buf);

/* Writes `tc` as CSA3 into `buf` (GY__TC_TEXT_MAX bytes); false, with buf "", when it does not fit. */
bool gy__tc_write_csa3(const struct gy_time_control *tc, char *buf);

/*
 * Writes the valid live control `tc` in KIF's form into `main` (the
 * 持ち時間, "各" first when `each`) and `byoyomi` (the 秒読み header; ""
 * when there is no byoyomi or `inline_byoyomi` puts it after a "+" in
 * `main`), both GY__TC_TEXT_MAX bytes.  A control the form cannot say is
 * written into `main` as CSA3, else as GYOKU (gy_tc_write); a control
 * without main time has its byoyomi in `main` ("0分+30秒").
 */
void gy__tc_write_kif(const struct gy_time_control *tc, bool each, bool inline_byoyomi, char *main, char *byoyomi);

#endif
