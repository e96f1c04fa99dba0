/*
 * dev/packed.c: the training record (dev/packed.h, docs/nnue.md "Data"):
 * a position in 256 bits, a move in 16, a record in 40 bytes.
 *
 * The position's bits, first bit = bit 0 of byte 0 (least significant
 * first):
 *   1 bit    side to move (0 Black, 1 White)
 *   7 bits   Black's king square, 7 bits White's (0..80)
 *   then each square 0..80 but the kings' in order, a board code:
 *            0 empty; 10 pawn; 1100 lance; 1101 knight; 1110 silver;
 *            11110 gold; 111110 bishop; 111111 rook; then for all but
 *            the gold a promoted bit, then the colour bit (1 White)
 *   then the hands: every piece of the 40-piece set not on the board, in
 *            hand type order (pawn, lance, knight, silver, gold, bishop,
 *            rook), Black's before White's of each type, as the board
 *            code without its leading 1 (0 pawn, 100 lance, ..., 11111
 *            rook) and the colour bit
 *   then zero bits to the end.
 * A position with every piece on the board takes exactly 256 bits
 * (15 + 41 empty squares + 200 for the 38 pieces); a piece in hand takes
 * 1 to 3 bits fewer than on the board.  So only positions with the whole
 * set (every game from the even start) are packed: the hands' length is
 * known from what the board lacks.
 *
 * The decoder takes only the bytes the encoder writes: it re-encodes the
 * position and compares, and checks that the position is one (no piece
 * that cannot move, no two pawns on a file, the side not to move not in
 * check).
 */
#include <string.h>

#include "gyoku/movegen.h"
#include "packed.h"

/* The board code of each hand type (1..7): bits in the order written, and their number. */
static const uint8_t code_bits[GY_HAND_NB] = {0, 0x1, 0x3, 0xB, 0x7, 0x1F, 0x3F, 0xF};
static const uint8_t code_len[GY_HAND_NB] = {0, 2, 4, 4, 4, 6, 6, 5};
/* How many of each hand type a set has. */
static const int set_count[GY_HAND_NB] = {0, 18, 4, 4, 4, 2, 2, 4};

struct bits {
	uint8_t *b;
	int n; /* bits written or read */
};

static int put(struct bits *w, unsigned v, int len)
{
	for (int i = 0; i < len; i++, w->n++) {
		if (w->n >= PACKED_POS_BYTES * 8)
			return -1;
		if (v >> i & 1)
			w->b[w->n >> 3] |= (uint8_t)(1u << (w->n & 7));
	}
	return 0;
}

/* The next bit, or -1 past the end. */
static int get(struct bits *r)
{
	if (r->n >= PACKED_POS_BYTES * 8)
		return -1;
	int bit = r->b[r->n >> 3] >> (r->n & 7) & 1;
	r->n++;
	return bit;
}

static int get_n(struct bits *r, int len)
{
	int v = 0;
	for (int i = 0; i < len; i++) {
		int bit = get(r);
		if (bit < 0)
			return -1;
		v |= bit << i;
	}
	return v;
}

/* Reads a board code (with `lead`: the leading 1 included) and returns its hand type, 0 for empty, -1 past the end. */
static int get_type(struct bits *r, bool lead)
{
	unsigned v = lead ? 0 : 1;
	for (int len = lead ? 1 : 2; len <= 6; len++) {
		int bit = get(r);
		if (bit < 0)
			return -1;
		v |= (unsigned)bit << (len - 1);
		if (len == 1 && !bit)
			return 0;
		for (int pt = GY_PAWN; pt < GY_HAND_NB; pt++)
			if (code_len[pt] == len && code_bits[pt] == v)
				return pt;
	}
	return -1;
}

int packed_pos_encode(const struct gy_pos *p, uint8_t out[PACKED_POS_BYTES])
{
	memset(out, 0, PACKED_POS_BYTES);
	if (p->king[GY_BLACK] >= GY_SQ_NB || p->king[GY_WHITE] >= GY_SQ_NB)
		return -1;
	struct bits w = {out, 0};
	int left[GY_HAND_NB];
	memcpy(left, set_count, sizeof left);
	put(&w, (unsigned)p->side, 1);
	put(&w, (unsigned)p->king[GY_BLACK], 7);
	put(&w, (unsigned)p->king[GY_WHITE], 7);
	for (gy_sq sq = 0; sq < GY_SQ_NB; sq++) {
		gy_piece pc = p->board[sq];
		int pt = gy_piece_type(pc);
		if (pt == GY_KING)
			continue;
		if (!pc) {
			if (put(&w, 0, 1))
				return -1;
			continue;
		}
		int base = gy_ptype_demote(pt);
		if (--left[base] < 0 || put(&w, code_bits[base], code_len[base]) ||
		    (base != GY_GOLD && put(&w, pt != base, 1)) || put(&w, (unsigned)gy_piece_color(pc), 1))
			return -1;
	}
	for (int pt = GY_PAWN; pt < GY_HAND_NB; pt++)
		for (int c = GY_BLACK; c < GY_COLOR_NB; c++)
			for (int k = gy_hand_count(p->hand[c], pt); k > 0; k--)
				if (--left[pt] < 0 || put(&w, code_bits[pt] >> 1, code_len[pt] - 1) ||
				    put(&w, (unsigned)c, 1))
					return -1;
	for (int pt = GY_PAWN; pt < GY_HAND_NB; pt++)
		if (left[pt])
			return -1; /* not the whole set */
	return 0;
}

/* True when `p` (kings and board set, derived state updated) is a position: no dead piece, no nifu, no check on the side not to move. */
static bool sane(const struct gy_pos *p)
{
	for (int c = GY_BLACK; c < GY_COLOR_NB; c++) {
		for (int file = 1; file <= GY_FILE_NB; file++) {
			int pawns = 0;
			for (int rank = 1; rank <= GY_RANK_NB; rank++) {
				gy_piece pc = p->board[gy_make_sq(file, rank)];
				if (!pc || gy_piece_color(pc) != c)
					continue;
				int pt = gy_piece_type(pc), rel = gy_relative_rank(c, gy_make_sq(file, rank));
				if ((pt == GY_PAWN || pt == GY_LANCE) && rel == 1)
					return false;
				if (pt == GY_KNIGHT && rel <= 2)
					return false;
				pawns += pt == GY_PAWN;
			}
			if (pawns > 1)
				return false;
		}
	}
	return !gy_pos_attacked(p, p->king[!p->side], p->side);
}

int packed_pos_decode(const uint8_t in[PACKED_POS_BYTES], int ply, struct gy_pos *p)
{
	struct bits r = {(uint8_t *)in, 0};
	int left[GY_HAND_NB];
	memcpy(left, set_count, sizeof left);
	gy_pos_clear(p);
	int side = get_n(&r, 1), bk = get_n(&r, 7), wk = get_n(&r, 7);
	if (bk >= GY_SQ_NB || wk >= GY_SQ_NB || bk == wk)
		return -1;
	p->side = side;
	gy_pos_put(p, gy_make_piece(GY_BLACK, GY_KING), bk);
	gy_pos_put(p, gy_make_piece(GY_WHITE, GY_KING), wk);
	for (gy_sq sq = 0; sq < GY_SQ_NB; sq++) {
		if (sq == bk || sq == wk)
			continue;
		int base = get_type(&r, true);
		if (base <= 0) {
			if (base < 0)
				return -1;
			continue;
		}
		int promoted = base == GY_GOLD ? 0 : get(&r), color = get(&r);
		if (promoted < 0 || color < 0 || --left[base] < 0)
			return -1;
		gy_pos_put(p, gy_make_piece(color, promoted ? base + GY_PROMOTED : base), sq);
	}
	int hand[GY_COLOR_NB][GY_HAND_NB] = {{0}};
	for (int pt = GY_PAWN; pt < GY_HAND_NB; pt++)
		for (; left[pt] > 0; left[pt]--) {
			int t = get_type(&r, false), color = get(&r);
			if (t <= 0 || color < 0)
				return -1;
			hand[color][t]++;
		}
	for (int c = GY_BLACK; c < GY_COLOR_NB; c++)
		for (int pt = GY_PAWN; pt < GY_HAND_NB; pt++)
			if (hand[c][pt] > set_count[pt])
				return -1;
			else
				gy_pos_set_hand(p, c, pt, hand[c][pt]);
	p->movenum = ply > 0 ? ply : 1;
	gy_pos_update(p);
	if (!sane(p))
		return -1;
	/* Every bit: the canonical encoding (hand order, zero padding) and nothing else. */
	uint8_t again[PACKED_POS_BYTES];
	if (packed_pos_encode(p, again) || memcmp(again, in, PACKED_POS_BYTES))
		return -1;
	return 0;
}

uint16_t packed_move16(gy_move m)
{
	if (m == GY_MOVE_NONE)
		return 0;
	unsigned from = gy_move_is_drop(m) ? GY_SQ_NB + (unsigned)gy_move_drop_type(m) : (unsigned)gy_move_from(m);
	return (uint16_t)((unsigned)gy_move_to(m) | from << 7 | (gy_move_is_promotion(m) ? 1u << 14 : 0));
}

gy_move packed_move_from16(const struct gy_pos *p, uint16_t m16)
{
	if (!m16)
		return GY_MOVE_NONE;
	struct gy_movelist list;
	list.n = 0;
	gy_gen(p, GY_GEN_LEGAL, &list);
	for (int i = 0; i < list.n; i++)
		if (packed_move16(list.moves[i]) == m16)
			return list.moves[i];
	return GY_MOVE_NONE;
}

static void put16(uint8_t *b, uint16_t v)
{
	b[0] = (uint8_t)(v & 0xff);
	b[1] = (uint8_t)(v >> 8);
}

static uint16_t get16(const uint8_t *b) { return (uint16_t)(b[0] | b[1] << 8); }

void packed_record_write(const struct packed_record *r, uint8_t out[PACKED_RECORD_BYTES])
{
	memcpy(out, r->pos, PACKED_POS_BYTES);
	put16(out + 32, (uint16_t)r->score);
	put16(out + 34, r->move);
	put16(out + 36, r->ply);
	out[38] = (uint8_t)r->result;
	out[39] = r->flags;
}

void packed_record_read(const uint8_t in[PACKED_RECORD_BYTES], struct packed_record *r)
{
	memcpy(r->pos, in, PACKED_POS_BYTES);
	uint16_t s = get16(in + 32);
	r->score = (int16_t)(s >= 0x8000 ? (int)s - 0x10000 : (int)s);
	r->move = get16(in + 34);
	r->ply = get16(in + 36);
	r->result = (int8_t)(in[38] >= 0x80 ? (int)in[38] - 0x100 : (int)in[38]);
	r->flags = in[39];
}

int packed_chunk_path(const char *dir, long k, char *buf, size_t size)
{
	return snprintf(buf, size, "%s/chunk-%06ld.bin", dir, k);
}

long packed_read_records(FILE *f, struct packed_record *r, long n)
{
	long got = 0;
	for (; got < n; got++) {
		uint8_t b[PACKED_RECORD_BYTES];
		size_t k = fread(b, 1, sizeof b, f);
		if (k == 0 && !ferror(f))
			break;
		if (k != sizeof b)
			return -1;
		packed_record_read(b, &r[got]);
	}
	return got;
}

int packed_write_records(FILE *f, const struct packed_record *r, long n)
{
	for (long i = 0; i < n; i++) {
		uint8_t b[PACKED_RECORD_BYTES];
		packed_record_write(&r[i], b);
		if (fwrite(b, 1, sizeof b, f) != sizeof b)
			return -1;
	}
	return 0;
}
