/*
 * tests/recordcmp.h: comparing two game records (game.h), shared by the
 * record tests (t_csa, t_kif, t_jkf, t_roundtrip) for their round trips
 * (include/gyoku/record.h: each record written as KIF, KI2, CSA and JKF
 * reads back equal: moves, times, comments, branches, ending).
 *
 * recordcmp() compares, in this order: the headers (when asked), the
 * start position (as SFEN), the tree node by node in depth-first order
 * (the move, the time used, the comment, the ending there with its
 * time, comment and foul, then the children in their order, so the order
 * of variations counts), and the ending of the main line (kind, result
 * and ply).  The first game is the original: a format
 * that cannot hold something is compared only on what it holds, through
 * the options.  The first difference goes to `why` with its ply.
 */
#ifndef TESTS_RECORDCMP_H
#define TESTS_RECORDCMP_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "gyoku/game.h"
#include "gyoku/usi.h"

/* How times are compared. */
enum recordcmp_times {
	RECORDCMP_TIME_MS,     /* equal to the millisecond (CSA v3, JKF) */
	RECORDCMP_TIME_SECOND, /* the original cut to whole seconds (KIF) */
	RECORDCMP_TIME_NONE    /* not compared: the format holds none (KI2) */
};

/* How headers are compared. */
enum recordcmp_headers {
	RECORDCMP_HEADERS_NONE,  /* not compared */
	RECORDCMP_HEADERS_KEPT,  /* each header of the original that `header_kept` accepts is in the copy, equal */
	RECORDCMP_HEADERS_EXACT, /* the same number of headers, each equal */
};

/* What to compare; a zeroed struct compares the whole tree, times to the ms, no headers. */
struct recordcmp_opts {
	bool main_only; /* the main line only: variations are neither compared nor counted (CSA) */
	enum recordcmp_times times;
	enum recordcmp_headers headers;
	bool (*header_kept)(const char *key); /* for RECORDCMP_HEADERS_KEPT; NULL accepts every key */
};

/* Writes the difference into `why` (cut to `size`); always false. */
static inline bool recordcmp_differ(char *why, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static inline bool recordcmp_differ(char *why, size_t size, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why, size, fmt, ap);
	va_end(ap);
	return false;
}

/* The time of `node` as the options compare it. */
static inline int64_t recordcmp_time(const struct gy_game *g, int node, const struct recordcmp_opts *o)
{
	int64_t t = gy_game_time(g, node);
	return o->times == RECORDCMP_TIME_SECOND && t > 0 ? t / 1000 * 1000 : t;
}

/* The USI text of the move leading to `node` ("root" for node 0). */
static inline const char *recordcmp_move_name(const struct gy_game *g, int node, char *buf)
{
	if (node <= 0)
		return "root";
	gy_usi_write_move(gy_game_move(g, node), buf);
	return buf;
}

/* The USI text of the foul kept at `node` ("none" without one). */
static inline const char *recordcmp_foul_name(const struct gy_game *g, int node, char *buf)
{
	gy_move m = gy_game_ending_foul(g, node);
	if (m == GY_MOVE_NONE)
		return "none";
	gy_usi_write_move(m, buf);
	return buf;
}

/* Compares the headers; false with the first difference in `why`. */
static inline bool recordcmp_headers(const struct gy_game *a, const struct gy_game *b, const struct recordcmp_opts *o,
				     char *why, size_t size)
{
	if (o->headers == RECORDCMP_HEADERS_NONE)
		return true;
	if (o->headers == RECORDCMP_HEADERS_EXACT && gy_game_header_count(a) != gy_game_header_count(b)) {
		return recordcmp_differ(why, size, "header counts %d vs %d", gy_game_header_count(a),
					gy_game_header_count(b));
	}
	for (int i = 0; i < gy_game_header_count(a); i++) {
		const char *k, *v, *w;
		gy_game_header_at(a, i, &k, &v);
		if (o->headers == RECORDCMP_HEADERS_KEPT && o->header_kept && !o->header_kept(k))
			continue;
		w = gy_game_header(b, k);
		if (!w || strcmp(v, w)) {
			return recordcmp_differ(why, size, "header %s: [%.200s] vs [%.200s]", k, v, w ? w : "(none)");
		}
	}
	return true;
}

/* Compares node `x` of `a` with node `y` of `b`: move, time, comment; false with the difference in `why`. */
static inline bool recordcmp_node(const struct gy_game *a, int x, const struct gy_game *b, int y,
				  const struct recordcmp_opts *o, char *why, size_t size)
{
	char ma[GY_USI_MOVE_MAX], mb[GY_USI_MOVE_MAX];
	int ply = gy_game_ply(a, x);
	if (gy_game_move(a, x) != gy_game_move(b, y)) {
		return recordcmp_differ(why, size, "ply %d: move %s vs %s", ply, recordcmp_move_name(a, x, ma),
					recordcmp_move_name(b, y, mb));
	}
	if (o->times != RECORDCMP_TIME_NONE && recordcmp_time(a, x, o) != recordcmp_time(b, y, o)) {
		return recordcmp_differ(why, size, "ply %d (%s): time %lld vs %lld ms", ply,
					recordcmp_move_name(a, x, ma), (long long)gy_game_time(a, x),
					(long long)gy_game_time(b, y));
	}
	if (strcmp(gy_game_comment(a, x), gy_game_comment(b, y))) {
		return recordcmp_differ(why, size, "ply %d (%s): comment [%.300s] vs [%.300s]", ply,
					recordcmp_move_name(a, x, ma), gy_game_comment(a, x), gy_game_comment(b, y));
	}
	/* The ending at the node, with what the record says beside it (game.h). */
	struct gy_verdict va = gy_game_node_ending(a, x), vb = gy_game_node_ending(b, y);
	int64_t ta = gy_game_ending_time(a, x), tb = gy_game_ending_time(b, y);
	if (o->times == RECORDCMP_TIME_SECOND && ta > 0)
		ta = ta / 1000 * 1000;
	if (va.ending != vb.ending || va.result != vb.result) {
		return recordcmp_differ(why, size, "ply %d (%s): ending %s (result %d) vs %s (result %d)", ply,
					recordcmp_move_name(a, x, ma), gy_ending_name(va.ending), (int)va.result,
					gy_ending_name(vb.ending), (int)vb.result);
	}
	if (gy_game_ending_foul(a, x) != gy_game_ending_foul(b, y)) {
		return recordcmp_differ(why, size, "ply %d (%s): foul %s vs %s", ply, recordcmp_move_name(a, x, ma),
					recordcmp_foul_name(a, x, ma), recordcmp_foul_name(b, y, mb));
	}
	if (o->times != RECORDCMP_TIME_NONE && ta != tb) {
		return recordcmp_differ(why, size, "ply %d (%s): ending time %lld vs %lld ms", ply,
					recordcmp_move_name(a, x, ma), (long long)gy_game_ending_time(a, x),
					(long long)tb);
	}
	if (strcmp(gy_game_ending_comment(a, x), gy_game_ending_comment(b, y))) {
		return recordcmp_differ(why, size, "ply %d (%s): ending comment [%.300s] vs [%.300s]", ply,
					recordcmp_move_name(a, x, ma), gy_game_ending_comment(a, x),
					gy_game_ending_comment(b, y));
	}
	return true;
}

/* Compares the subtrees at `x` of `a` and `y` of `b`, children in order; false with the difference in `why`. */
static inline bool recordcmp_tree(const struct gy_game *a, int x, const struct gy_game *b, int y,
				  const struct recordcmp_opts *o, char *why, size_t size)
{
	char m[GY_USI_MOVE_MAX];
	if (!recordcmp_node(a, x, b, y, o, why, size))
		return false;
	int c = gy_game_first_child(a, x), d = gy_game_first_child(b, y), k = 0;
	for (; c >= 0 && d >= 0; k++) {
		if (!recordcmp_tree(a, c, b, d, o, why, size))
			return false;
		if (o->main_only) {
			c = d = -1;
			break;
		}
		c = gy_game_next_sibling(a, c);
		d = gy_game_next_sibling(b, d);
	}
	if (c >= 0 || d >= 0) {
		return recordcmp_differ(why, size, "after ply %d (%s): %s has more moves (%d in common)",
					gy_game_ply(a, x), recordcmp_move_name(a, x, m),
					c >= 0 ? "the original" : "the copy", k);
	}
	return true;
}

/*
 * Compares the record `b` with the original `a` by the options `o` (NULL:
 * all defaults); true when equal, else false with the first difference
 * (and its ply) in `why` of `size` bytes.
 */
static inline bool recordcmp(const struct gy_game *a, const struct gy_game *b, const struct recordcmp_opts *o,
			     char *why, size_t size)
{
	static const struct recordcmp_opts all = {false, RECORDCMP_TIME_MS, RECORDCMP_HEADERS_NONE, NULL};
	char sa[GY_SFEN_MAX], sb[GY_SFEN_MAX];
	if (!o)
		o = &all;
	if (!recordcmp_headers(a, b, o, why, size))
		return false;
	gy_sfen_write(gy_game_start(a), sa, sizeof sa);
	gy_sfen_write(gy_game_start(b), sb, sizeof sb);
	if (strcmp(sa, sb)) {
		return recordcmp_differ(why, size, "start %s vs %s", sa, sb);
	}
	if (!recordcmp_tree(a, 0, b, 0, o, why, size))
		return false;
	int ea = -1, eb = -1;
	struct gy_verdict va = gy_game_ending(a, &ea), vb = gy_game_ending(b, &eb);
	if (va.ending != vb.ending || va.result != vb.result ||
	    (va.ending != GY_END_NONE && gy_game_ply(a, ea) != gy_game_ply(b, eb))) {
		return recordcmp_differ(why, size, "ending %s (result %d) at ply %d vs %s (result %d) at ply %d",
					gy_ending_name(va.ending), (int)va.result, va.ending ? gy_game_ply(a, ea) : -1,
					gy_ending_name(vb.ending), (int)vb.result, vb.ending ? gy_game_ply(b, eb) : -1);
	}
	return true;
}

#endif
