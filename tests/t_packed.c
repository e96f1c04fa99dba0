/*
 * tests/t_packed.c: the training record (dev/packed.h, docs/nnue.md
 * "Data"): the position's prefix code, the 16-bit move, the 40-byte record.
 *
 * Data, tests/data/packed.txt (or the file given as argument), one case a
 * line:
 *   id <TAB> SFEN <TAB> HEX        the SFEN packs to these 32 bytes (64 hex
 *                                  digits) and they unpack to the SFEN
 *   id <TAB> bad <TAB> HEX         the 32 bytes are no position (-1)
 *   id <TAB> nopack <TAB> SFEN     the position does not pack (-1): not the
 *                                  whole set of 40 pieces
 * then, by program (nnue-2.1 to nnue-2.6): positions of random games and
 * random setups (full hands, promoted pieces) round trip; random and
 * bit-flipped bytes either fail or are exactly an encoding; every legal
 * move of random positions round trips through 16 bits; records are
 * byte-exact both ways.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "datafile.h"
#include "gyoku/gyoku.h"
#include "packed.h"
#include "randplay.h"

static int hexval(char c) { return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1; }

static bool parse_hex(const char *s, uint8_t out[PACKED_POS_BYTES])
{
	if (strlen(s) != 2 * PACKED_POS_BYTES)
		return false;
	for (int i = 0; i < PACKED_POS_BYTES; i++) {
		int hi = hexval(s[2 * i]), lo = hexval(s[2 * i + 1]);
		if (hi < 0 || lo < 0)
			return false;
		out[i] = (uint8_t)(hi << 4 | lo);
	}
	return true;
}

static void to_hex(const uint8_t *b, int n, char *out)
{
	for (int i = 0; i < n; i++)
		sprintf(out + 2 * i, "%02x", b[i]);
}

/* True when a and b are the same position (board, hands, side; the move number too). */
static bool same_pos(const struct gy_pos *a, const struct gy_pos *b)
{
	char sa[GY_SFEN_MAX], sb[GY_SFEN_MAX];
	gy_sfen_write(a, sa, sizeof sa);
	gy_sfen_write(b, sb, sizeof sb);
	return !strcmp(sa, sb) && gy_pos_key(a) == gy_pos_key(b) && a->checkers == b->checkers &&
	       a->pinned == b->pinned && gy_pos_is_ok(b);
}

static void run_sfen(struct check_tally *t, char **f)
{
	struct gy_pos p, q;
	uint8_t want[PACKED_POS_BYTES], got[PACKED_POS_BYTES];
	char hex[2 * PACKED_POS_BYTES + 1];
	if (gy_sfen_parse(&p, f[1], strlen(f[1]), GY_SFEN_STRICT, NULL) != GY_OK || !parse_hex(f[2], want)) {
		check_fail(t, f[0], "malformed SFEN or hex");
		return;
	}
	if (packed_pos_encode(&p, got)) {
		check_fail(t, f[0], "does not pack");
		return;
	}
	to_hex(got, PACKED_POS_BYTES, hex);
	if (memcmp(got, want, sizeof got)) {
		check_fail(t, f[0], "packs to %s", hex);
		return;
	}
	CHECK(t, f[0], packed_pos_decode(want, p.movenum, &q) == 0 && same_pos(&p, &q), "does not unpack to the SFEN");
}

static void run_bad(struct check_tally *t, char **f)
{
	struct gy_pos q;
	uint8_t b[PACKED_POS_BYTES];
	if (!parse_hex(f[2], b)) {
		check_fail(t, f[0], "malformed hex");
		return;
	}
	CHECK(t, f[0], packed_pos_decode(b, 1, &q) == -1, "bad bytes accepted");
}

static void run_nopack(struct check_tally *t, char **f)
{
	struct gy_pos p;
	uint8_t b[PACKED_POS_BYTES];
	if (gy_sfen_parse(&p, f[2], strlen(f[2]), GY_SFEN_PROBLEM, NULL) != GY_OK) {
		check_fail(t, f[0], "malformed SFEN");
		return;
	}
	CHECK(t, f[0], packed_pos_encode(&p, b) == -1, "packed a position without the whole set");
}

/* Packs and unpacks `p`; false (with the reason in `why`) when that is not `p` again. */
static bool round_trip(const struct gy_pos *p, char *why, size_t size)
{
	uint8_t b[PACKED_POS_BYTES];
	struct gy_pos q;
	char s[GY_SFEN_MAX];
	gy_sfen_write(p, s, sizeof s);
	if (packed_pos_encode(p, b)) {
		snprintf(why, size, "%s: does not pack", s);
		return false;
	}
	if (packed_pos_decode(b, p->movenum, &q) || !same_pos(p, &q)) {
		snprintf(why, size, "%s: does not unpack to itself", s);
		return false;
	}
	return true;
}

static uint64_t next(uint64_t *s)
{
	uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

/*
 * A random setup of the whole set: kings anywhere, each other piece on a
 * random empty square (promoted by chance where it may be; no dead piece,
 * no nifu) or, with probability `hand_pct` %, in a random hand; the side
 * not to move not in check.  Returns false when the draw failed that.
 */
static bool random_setup(uint64_t *rng, int hand_pct, struct gy_pos *p)
{
	static const int set[GY_HAND_NB] = {0, 18, 4, 4, 4, 2, 2, 4};
	gy_pos_clear(p);
	p->side = (int)(next(rng) & 1);
	gy_sq bk = (gy_sq)(next(rng) % GY_SQ_NB), wk;
	do
		wk = (gy_sq)(next(rng) % GY_SQ_NB);
	while (wk == bk);
	gy_pos_put(p, gy_make_piece(GY_BLACK, GY_KING), bk);
	gy_pos_put(p, gy_make_piece(GY_WHITE, GY_KING), wk);
	int hand[GY_COLOR_NB][GY_HAND_NB] = {{0}};
	for (int pt = GY_PAWN; pt < GY_HAND_NB; pt++)
		for (int k = 0; k < set[pt]; k++) {
			int c = (int)(next(rng) & 1);
			if ((int)(next(rng) % 100) < hand_pct) {
				hand[c][pt]++;
				continue;
			}
			for (int tries = 0;; tries++) {
				if (tries == 200) {
					hand[c][pt]++;
					break;
				}
				gy_sq sq = (gy_sq)(next(rng) % GY_SQ_NB);
				if (p->board[sq])
					continue;
				int type = pt != GY_GOLD && next(rng) % 3 == 0 ? pt + GY_PROMOTED : pt,
				    rel = gy_relative_rank(c, sq);
				if (((type == GY_PAWN || type == GY_LANCE) && rel == 1) ||
				    (type == GY_KNIGHT && rel <= 2))
					continue;
				if (type == GY_PAWN) {
					bool nifu = false;
					for (int r = 1; r <= GY_RANK_NB; r++)
						nifu |= p->board[gy_make_sq(gy_file_of(sq), r)] ==
							gy_make_piece(c, GY_PAWN);
					if (nifu)
						continue;
				}
				gy_pos_put(p, gy_make_piece(c, type), sq);
				break;
			}
		}
	for (int c = GY_BLACK; c < GY_COLOR_NB; c++)
		for (int pt = GY_PAWN; pt < GY_HAND_NB; pt++)
			gy_pos_set_hand(p, c, pt, hand[c][pt]);
	p->movenum = 1 + (int)(next(rng) % 500);
	gy_pos_update(p);
	return !gy_pos_attacked(p, p->king[!p->side], p->side);
}

/* nnue-2.1: every position of random games (captures, promotions, drops, checks) round trips. */
static void case_games(struct check_tally *t)
{
	struct randplay r;
	char why[400] = "";
	long n = 0;
	bool ok = true;
	randplay_start(&r, 21, 300);
	for (; n < 30000 && ok; n++) {
		ok = round_trip(&r.pos, why, sizeof why);
		randplay_step(&r);
	}
	CHECK(t, "nnue-2.1", ok, "position %ld: %s", n, why);
}

/* nnue-2.2: random setups: all on the board, all in hand, and between; promoted pieces. */
static void case_setups(struct check_tally *t)
{
	uint64_t rng = 22;
	char why[400] = "";
	int done = 0, all_hand = 0, all_board = 0;
	bool ok = true;
	for (int i = 0; i < 30000 && ok; i++) {
		struct gy_pos p;
		int pct = i % 3 == 0 ? 0 : i % 3 == 1 ? 100 : (int)(next(&rng) % 100);
		if (!random_setup(&rng, pct, &p))
			continue;
		ok = round_trip(&p, why, sizeof why);
		done++;
		all_hand += pct == 100;
		all_board += pct == 0;
	}
	CHECK(t, "nnue-2.2", ok && done > 10000 && all_hand > 1000 && all_board > 1000, "%s (%d setups)", why, done);
}

/*
 * nnue-2.3: bytes that are no encoding are refused: random bytes, and each
 * single bit flipped in encodings of random positions, either fail or
 * unpack to a position that packs to exactly those bytes (never a crash).
 */
static void case_bad_bytes(struct check_tally *t)
{
	uint64_t rng = 23;
	struct randplay r;
	long refused = 0, other = 0;
	bool ok = true;
	for (int i = 0; i < 200000 && ok; i++) {
		uint8_t b[PACKED_POS_BYTES], again[PACKED_POS_BYTES];
		for (int k = 0; k < PACKED_POS_BYTES; k++)
			b[k] = (uint8_t)next(&rng);
		struct gy_pos q;
		if (packed_pos_decode(b, 1, &q))
			refused++;
		else
			ok = !packed_pos_encode(&q, again) && !memcmp(again, b, sizeof b);
	}
	randplay_start(&r, 23, 300);
	for (int i = 0; i < 2000 && ok; i++) {
		uint8_t b[PACKED_POS_BYTES], again[PACKED_POS_BYTES];
		if (packed_pos_encode(&r.pos, b)) {
			ok = false;
			break;
		}
		for (int bit = 0; bit < PACKED_POS_BYTES * 8 && ok; bit++) {
			struct gy_pos q;
			b[bit >> 3] ^= (uint8_t)(1u << (bit & 7));
			if (packed_pos_decode(b, 1, &q))
				refused++;
			else {
				other++;
				ok = !packed_pos_encode(&q, again) && !memcmp(again, b, sizeof b);
			}
			b[bit >> 3] ^= (uint8_t)(1u << (bit & 7));
		}
		randplay_step(&r);
	}
	CHECK(t, "nnue-2.3", ok && refused > 100000, "bytes unpacked to a position that packs otherwise (%ld refused)",
	      refused);
}

/* nnue-2.4: every legal move of random positions round trips through 16 bits; codes of no legal move give none. */
static void case_moves(struct check_tally *t)
{
	struct randplay r;
	randplay_start(&r, 24, 300);
	bool ok = packed_move16(GY_MOVE_NONE) == 0;
	char why[200] = "packed_move16(GY_MOVE_NONE) is not 0";
	long moves = 0;
	for (int n = 0; n < 5000 && ok; n++) {
		struct gy_movelist list;
		list.n = 0;
		gy_gen(&r.pos, GY_GEN_LEGAL, &list);
		uint8_t seen[1 << 15] = {0};
		for (int i = 0; i < list.n && ok; i++, moves++) {
			uint16_t c = packed_move16(list.moves[i]);
			char usi[GY_USI_MOVE_MAX];
			gy_usi_write_move(list.moves[i], usi);
			if (c >= 1u << 15 || seen[c] || packed_move_from16(&r.pos, c) != list.moves[i]) {
				snprintf(why, sizeof why, "position %d, move %s (code %u)", n, usi, c);
				ok = false;
			}
			if (c < 1u << 15)
				seen[c] = 1;
		}
		/* Codes no legal move has. */
		for (unsigned c = 0; c < 1u << 15 && ok; c += 97)
			if (!seen[c] && packed_move_from16(&r.pos, (uint16_t)c) != GY_MOVE_NONE) {
				snprintf(why, sizeof why, "position %d: code %u gave a move", n, c);
				ok = false;
			}
		if (ok && packed_move_from16(&r.pos, 0xffff) != GY_MOVE_NONE) {
			snprintf(why, sizeof why, "code 0xffff gave a move");
			ok = false;
		}
		randplay_step(&r);
	}
	CHECK(t, "nnue-2.4", ok && moves > 100000, "%s (%ld moves)", why, moves);
}

/* nnue-2.5: a record's 40 bytes are the layout of packed.h, little-endian, whatever the host. */
static void case_record(struct check_tally *t)
{
	struct packed_record r, back;
	memset(&r, 0, sizeof r);
	for (int i = 0; i < PACKED_POS_BYTES; i++)
		r.pos[i] = (uint8_t)(i * 7 + 1);
	r.score = -1234;
	r.move = 0x4321;
	r.ply = 513;
	r.result = -1;
	r.flags = PACKED_IN_CHECK | PACKED_PROMOTION;
	uint8_t b[PACKED_RECORD_BYTES];
	packed_record_write(&r, b);
	char hex[2 * PACKED_RECORD_BYTES + 1];
	to_hex(b + PACKED_POS_BYTES, PACKED_RECORD_BYTES - PACKED_POS_BYTES, hex);
	packed_record_read(b, &back);
	bool ok = !memcmp(b, r.pos, PACKED_POS_BYTES) && !strcmp(hex, "2efb21430102ff05") &&
		  !memcmp(back.pos, r.pos, PACKED_POS_BYTES) && back.score == r.score && back.move == r.move &&
		  back.ply == r.ply && back.result == r.result && back.flags == r.flags;
	/* Extremes: the mate scores, a win. */
	r.score = -PACKED_MATE;
	r.result = 1;
	packed_record_write(&r, b);
	packed_record_read(b, &back);
	ok = ok && back.score == -PACKED_MATE && back.result == 1 && b[32] == 0x00 && b[33] == 0x83;
	CHECK(t, "nnue-2.5", ok, "record bytes %s", hex);
}

int main(int argc, char **argv)
{
	struct check_tally t = {0, 0};
	struct datafile d;
	struct datafile_ids ids = {.n = 0};
	const char *path = argc > 1 ? argv[1] : "tests/data/packed.txt";
	gy_init();
	if (!datafile_open(&d, path)) {
		check_fail(&t, "nnue-2.0", "cannot open %s", path);
		return check_exit(&t);
	}
	while (datafile_next(&d)) {
		char *f[DATAFILE_MAX_FIELDS] = {0};
		char lid[32];
		snprintf(lid, sizeof lid, "packed-line-%d", d.lineno);
		int nf = datafile_split(d.line, f);
		bool ok = nf == 3 && datafile_id_ok(f[0]);
		if (ok && !datafile_id_new(&ids, f[0])) {
			check_fail(&t, lid, "case %s given twice", f[0]);
			continue;
		}
		if (ok && !strcmp(f[1], "bad"))
			run_bad(&t, f);
		else if (ok && !strcmp(f[1], "nopack"))
			run_nopack(&t, f);
		else if (ok)
			run_sfen(&t, f);
		else
			check_fail(&t, lid, "malformed line (want id<TAB>SFEN|bad|nopack<TAB>HEX|SFEN)");
	}
	datafile_close(&d);
	datafile_ids_free(&ids);
	case_games(&t);
	case_setups(&t);
	case_bad_bytes(&t);
	case_moves(&t);
	case_record(&t);
	return check_exit(&t);
}
