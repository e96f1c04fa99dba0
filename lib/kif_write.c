/*
 * kif_write.c: the KIF and KI2 writers (kif.h).
 *
 * Invariants: all text goes through struct out's buffer (buf.h), which
 * remembers an allocation failure (`nomem`) and ignores later appends, so
 * the writers check for it once at the end.  Variations are written
 * after their line, the deepest branch point first, so that "変化：N手"
 * always branches from the most recent line that has a move N.
 */
#include "gyoku/kif.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "foul.h"
#include "gyoku/handicap.h"
#include "gyoku/notation.h"
#include "headers.h"

struct out {
	struct gy__buf b; /* the text (buf.h) */
	bool ki2;
	const struct gy_game *g;
};

static void put_n(struct out *o, const char *s, size_t n) { gy__buf_put(&o->b, s, n); }

static void put(struct out *o, const char *s) { gy__buf_puts(&o->b, s); }

static void put_int(struct out *o, const char *fmt, long v)
{
	char buf[32];
	int n = snprintf(buf, sizeof buf, fmt, v);
	if (n > 0)
		put_n(o, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

/* Display width of UTF-8 text: ASCII 1, everything else 2. */
static int width(const char *s)
{
	int w = 0;
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c < 0x80)
			w++;
		else if ((c & 0xC0) != 0x80)
			w += 2;
	}
	return w;
}

static void pad(struct out *o, int n)
{
	for (; n > 0; n--)
		put(o, " ");
}

static const char *const fw_digits[10] = {"０", "１", "２", "３", "４", "５", "６", "７", "８", "９"};
static const char *const kanji_digits[10] = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九"};

/* The KIF name of a piece type as it moves ("成銀"); the diagram uses one character ("全"). */
static const char *const move_names[GY_PTYPE_NB] = {"",   "歩", "香",   "桂",   "銀",   "角", "飛", "金",
						    "玉", "と", "成香", "成桂", "成銀", "馬", "龍"};
static const char *const diagram_names[GY_PTYPE_NB] = {"・", "歩", "香", "桂", "銀", "角", "飛", "金",
						       "玉", "と", "杏", "圭", "全", "馬", "龍"};

/* The comment `c`, one "*" line per line ("&" lines as they are). */
static void put_comment_text(struct out *o, const char *c)
{
	while (*c) {
		const char *e = strchr(c, '\n');
		size_t n = e ? (size_t)(e - c) : strlen(c);
		if (*c != '&')
			put(o, "*");
		put_n(o, c, n);
		put(o, "\n");
		c += n;
		if (*c == '\n')
			c++;
	}
}

/* The comment of `node`. */
static void put_comment(struct out *o, int node) { put_comment_text(o, gy_game_comment(o->g, node)); }

/* A hand in diagram form: "飛　角二　歩十八", or "なし". */
static void put_hand(struct out *o, const struct gy_pos *p, int color)
{
	static const int order[] = {GY_ROOK, GY_BISHOP, GY_GOLD, GY_SILVER, GY_KNIGHT, GY_LANCE, GY_PAWN};
	bool any = false;
	for (int i = 0; i < 7; i++) {
		int n = gy_hand_count(p->hand[color], order[i]);
		if (!n)
			continue;
		if (any)
			put(o, "　");
		any = true;
		put(o, move_names[order[i]]);
		if (n >= 10)
			put(o, "十");
		if (n > 1)
			put(o, kanji_digits[n % 10]);
	}
	if (!any)
		put(o, "なし");
	put(o, "\n");
}

/* The start: 手合割 with the preset's name, or a board diagram. */
static void put_start(struct out *o)
{
	const struct gy_pos *p = gy_game_start(o->g);
	const struct gy_handicap *h = gy_handicap_by_pos(p);
	for (int i = 0; i < gy_game_header_count(o->g); i++) {
		const char *k, *v;
		struct gy__header_kif_line line;
		gy_game_header_at(o->g, i, &k, &v);
		if (h && !strcmp(k, "手合割"))
			continue;
		gy__header_kif(o->g, i, &line);
		put(o, line.key);
		put(o, "：");
		put(o, line.value);
		put(o, "\n");
		if (line.byoyomi) {
			put(o, "秒読み：");
			put(o, line.byoyomi);
			put(o, "\n");
		}
	}
	if (h) {
		put(o, "手合割：");
		put(o, h->kif);
		put(o, "\n");
		return;
	}
	put(o, "後手の持駒：");
	put_hand(o, p, GY_WHITE);
	put(o, "  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n");
	for (int rank = 1; rank <= 9; rank++) {
		put(o, "|");
		for (int file = 9; file >= 1; file--) {
			gy_piece pc = gy_pos_piece_on(p, gy_make_sq(file, rank));
			put(o, pc && gy_piece_color(pc) == GY_WHITE ? "v" : " ");
			put(o, diagram_names[gy_piece_type(pc)]);
		}
		put(o, "|");
		put(o, kanji_digits[rank]);
		put(o, "\n");
	}
	put(o, "+---------------------------+\n先手の持駒：");
	put_hand(o, p, GY_BLACK);
	if (p->side == GY_WHITE)
		put(o, "後手番\n");
}

/* The move `m` of `before` in KIF form: "７六歩(77)", "同　銀(22)", "２三歩打", "２二角成(88)". */
static void put_kif_move(struct out *o, const struct gy_pos *before, gy_move m, gy_sq prev_to)
{
	char text[64] = "";
	size_t n = 0;
	gy_sq to = gy_move_to(m);
	const char *piece = move_names[gy_move_moved(m)];
	const char *parts[6] = {0};
	int k = 0;
	if (to == prev_to) {
		parts[k++] = "同";
		if (width(piece) == 2)
			parts[k++] = "　";
	} else {
		parts[k++] = fw_digits[gy_file_of(to)];
		parts[k++] = kanji_digits[gy_rank_of(to)];
	}
	parts[k++] = piece;
	if (gy_move_is_drop(m))
		parts[k++] = "打";
	else if (gy_move_is_promotion(m))
		parts[k++] = "成";
	else if (gy_ptype_can_promote(gy_move_moved(m)) &&
		 (gy_in_zone(before->side, to) || gy_in_zone(before->side, gy_move_from(m))))
		parts[k++] = "不成";
	for (int i = 0; i < k; i++) {
		size_t l = strlen(parts[i]);
		memcpy(text + n, parts[i], l);
		n += l;
	}
	if (!gy_move_is_drop(m)) {
		gy_sq from = gy_move_from(m);
		text[n++] = '(';
		text[n++] = (char)('0' + gy_file_of(from));
		text[n++] = (char)('0' + gy_rank_of(from));
		text[n++] = ')';
	}
	text[n] = '\0';
	put(o, text);
}

/* The ending word of the move column for `v`, `mover` being the side to move. */
static const char *ending_word(struct gy_verdict v, int mover)
{
	bool mover_wins = (v.result == GY_RESULT_BLACK_WINS && mover == GY_BLACK) ||
			  (v.result == GY_RESULT_WHITE_WINS && mover == GY_WHITE);
	switch (v.ending) {
	case GY_END_CHECKMATE:
	case GY_END_NO_MOVES: return "詰み";
	case GY_END_RESIGNATION: return "投了";
	case GY_END_ILLEGAL_MOVE:
	case GY_END_PERPETUAL_CHECK: return mover_wins ? "反則勝ち" : "反則負け";
	case GY_END_SENNICHITE: return "千日手";
	case GY_END_DECLARATION: return v.result == GY_RESULT_DRAW ? "持将棋" : mover_wins ? "入玉勝ち" : "反則負け";
	case GY_END_TRY: return "投了"; /* the side to move has lost; the summary says how */
	case GY_END_TIME_FORFEIT: return "切れ負け";
	case GY_END_MAX_MOVES: return "持将棋";
	default: return "中断";
	}
}

/* The "まで" summary line for `v` after `ply` moves. */
static void put_summary(struct out *o, struct gy_verdict v, int ply)
{
	const char *winner = v.result == GY_RESULT_BLACK_WINS ? "先手" : "後手";
	put_int(o, "まで%ld手で", ply);
	/* The cause KIF's ending words do not tell (kif_read.c reads it back). */
	if (v.ending == GY_END_PERPETUAL_CHECK)
		put(o, "連続王手の千日手により");
	else if (v.ending == GY_END_TRY)
		put(o, "トライにより");
	else if (v.ending == GY_END_MAX_MOVES)
		put(o, "最大手数により");
	switch (v.ending) {
	case GY_END_CHECKMATE:
	case GY_END_NO_MOVES: put(o, "詰み"); break;
	case GY_END_SENNICHITE: put(o, "千日手"); break;
	case GY_END_MAX_MOVES: put(o, "持将棋"); break;
	case GY_END_INTERRUPTION: put(o, "中断"); break;
	default:
		if (v.result == GY_RESULT_DRAW) {
			put(o, "持将棋");
			break;
		}
		if (v.result == GY_RESULT_NONE) {
			put(o, "中断");
			break;
		}
		if (v.ending == GY_END_TIME_FORFEIT)
			put(o, "時間切れにより");
		put(o, winner);
		put(o, v.ending == GY_END_ILLEGAL_MOVE || v.ending == GY_END_PERPETUAL_CHECK ? "の反則勝ち"
		       : v.ending == GY_END_DECLARATION                                      ? "の入玉勝ち"
											     : "の勝ち");
	}
	put(o, "\n");
}

/* The time column "( 0:10/00:01:30)" of a move of `t` ms (none when -1), adding it to `*total`. */
static void put_time(struct out *o, int64_t t, int64_t *total)
{
	if (t < 0)
		return;
	long s = (long)(t / 1000);
	*total += t;
	long ts = (long)(*total / 1000);
	put_int(o, "(%2ld:", s / 60);
	put_int(o, "%02ld/", s % 60);
	put_int(o, "%02ld:", ts / 3600);
	put_int(o, "%02ld:", ts / 60 % 60);
	put_int(o, "%02ld)", ts % 60);
}

/*
 * The ending at `node` (the line's last, whose position is `pos`, after
 * `ply` moves): KIF's ending line with its time (after the foul it keeps,
 * foul.h), the ending's comment, and the summary line; KI2 writes the foul
 * as a move and the summary.
 */
static void put_ending(struct out *o, int node, struct gy_pos *pos, gy_sq prev_to, int ply, int64_t *total)
{
	const struct gy_game *g = o->g;
	struct gy_verdict v = gy_game_node_ending(g, node);
	if (v.ending == GY_END_NONE)
		return;
	gy_move foul = gy_game_ending_foul(g, node);
	int64_t t = gy_game_ending_time(g, node);
	if (foul != GY_MOVE_NONE) {
		ply++;
		if (o->ki2) {
			/* KI2's words, or KIF's origin in brackets where they do not single the foul out. */
			char text[GY_NOTATION_MAX];
			gy_move back = GY_MOVE_NONE;
			gy_notation_write(pos, foul, prev_to, GY_NOTATION_JAPANESE, false, text, sizeof text);
			put(o, pos->side == GY_BLACK ? "▲" : "△");
			if (gy__notation_read_foul(pos, prev_to, text, strlen(text), &back) || back != foul)
				put_kif_move(o, pos, foul, prev_to);
			else
				put(o, text);
		} else {
			put_int(o, "%4ld ", ply);
			size_t at = o->b.len;
			put_kif_move(o, pos, foul, prev_to);
			if (t >= 0)
				pad(o, o->b.nomem ? 0 : 13 - width(o->b.s + at));
			put_time(o, t, &total[pos->side]);
		}
		put(o, "\n");
		t = -1;
	}
	if (!o->ki2) {
		int mover = pos->side ^ (foul != GY_MOVE_NONE);
		put_int(o, "%4ld ", ply + 1);
		size_t at = o->b.len;
		put(o, ending_word(v, mover));
		if (t >= 0)
			pad(o, o->b.nomem ? 0 : 13 - width(o->b.s + at));
		put_time(o, t, &total[mover]);
		put(o, "\n");
		put_comment_text(o, gy_game_ending_comment(g, node));
	}
	put_summary(o, v, ply);
	if (o->ki2)
		put_comment_text(o, gy_game_ending_comment(g, node));
}

/* Writes the line from `first` on (or the main line when `first` is the root's first child and `main`). */
static void put_line(struct out *o, int parent, int first, bool main)
{
	const struct gy_game *g = o->g;
	struct gy_pos pos;
	if (gy_game_position(g, parent, &pos))
		return;
	/* Step 1. The totals of each side's time up to the branch point. */
	int64_t total[GY_COLOR_NB] = {0, 0};
	int start_side = gy_game_start(g)->side;
	for (int n = parent; n > 0; n = gy_game_parent(g, n)) {
		int64_t t = gy_game_time(g, n);
		if (t > 0)
			total[start_side ^ ((gy_game_ply(g, n) - 1) & 1)] += t;
	}
	gy_move pm = gy_game_move(g, parent);
	gy_sq prev_to = pm == GY_MOVE_NONE ? GY_SQ_NONE : gy_move_to(pm);
	int ply = gy_game_ply(g, parent);
	if (!main) {
		put_int(o, "\n変化：%ld手\n", ply + 1);
	}
	/* Step 2. The moves, with their times and comments. */
	int last = parent, on_line = 0;
	for (int n = first; n >= 0; n = gy_game_first_child(g, n)) {
		gy_move m = gy_game_move(g, n);
		ply++;
		if (o->ki2) {
			char text[GY_NOTATION_MAX];
			gy_notation_write(&pos, m, prev_to, GY_NOTATION_JAPANESE, false, text, sizeof text);
			if (on_line)
				pad(o, 12 - on_line);
			put(o, pos.side == GY_BLACK ? "▲" : "△");
			put(o, text);
			on_line = 2 + width(text);
			bool comment = *gy_game_comment(g, n) != '\0';
			if (comment || ply % 6 == 0 || gy_game_first_child(g, n) < 0) {
				put(o, "\n");
				on_line = 0;
			}
			if (comment)
				put_comment(o, n);
		} else {
			put_int(o, "%4ld ", ply);
			size_t at = o->b.len;
			put_kif_move(o, &pos, m, prev_to);
			int64_t t = gy_game_time(g, n);
			bool alt = gy_game_next_sibling(g, n) >= 0;
			if (t >= 0 || alt)
				pad(o, o->b.nomem ? 0 : 13 - width(o->b.s + at));
			put_time(o, t, &total[pos.side]);
			if (alt)
				put(o, "+");
			put(o, "\n");
			put_comment(o, n);
		}
		struct gy_undo u;
		gy_pos_do(&pos, m, &u);
		prev_to = gy_move_to(m);
		last = n;
	}
	/* Step 3. The ending of the line. */
	if (o->ki2 && on_line && gy_game_node_ending(g, last).ending != GY_END_NONE)
		put(o, "\n");
	put_ending(o, last, &pos, prev_to, ply, total);
	/* Step 4. The variations, deepest branch point first. */
	int count = 0;
	for (int n = first; n >= 0; n = gy_game_first_child(g, n))
		count++;
	for (int i = count - 1; i >= (main ? 0 : 1); i--) {
		int n = first;
		for (int k = 0; k < i; k++)
			n = gy_game_first_child(g, n);
		for (int s = gy_game_next_sibling(g, n); s >= 0; s = gy_game_next_sibling(g, s))
			put_line(o, gy_game_parent(g, s), s, false);
	}
}

static enum gy_err write_record(const struct gy_game *g, bool ki2, char **out, size_t *len)
{
	if (!g || !out || !len)
		return GY_ERR_ARG;
	*out = NULL;
	*len = 0;
	struct out o = {.ki2 = ki2, .g = g};
	put_start(&o);
	put_comment(&o, 0);
	if (!ki2)
		put(&o, "手数----指手---------消費時間--\n");
	put_line(&o, 0, gy_game_first_child(g, 0), true);
	if (!o.b.s && !o.b.nomem)
		put(&o, "");
	if (o.b.nomem) {
		free(o.b.s);
		return GY_ERR_NOMEM;
	}
	*out = o.b.s;
	*len = o.b.len;
	return GY_OK;
}

enum gy_err gy_kif_write(const struct gy_game *g, char **out, size_t *len) { return write_record(g, false, out, len); }

enum gy_err gy_ki2_write(const struct gy_game *g, char **out, size_t *len) { return write_record(g, true, out, len); }
