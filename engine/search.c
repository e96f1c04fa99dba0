/*
 * engine/search.c: iterative deepening, principal-variation search and
 * quiescence for one worker (search.h).
 *
 * Invariants: w->stack[ply + 2] is the entry of ply `ply` (two sentinels
 * below the root); w->board_key/hand/in_check[g] describe the position
 * at game ply g, the root being at g = sh->game_len, so the repetition
 * rules see the game and the search path as one line.
 */
#include "search.h"

#include <math.h>
#include <pthread.h>
#include <string.h>

#include "eval.h"
#include "gyoku/impasse.h"
#include "gyoku/mate1.h"
#include "see.h"

/* Late-move reductions by depth and move number, filled once (search_init). */
static int lmr_table[64][64];
static pthread_once_t lmr_once = PTHREAD_ONCE_INIT;

static void lmr_fill(void)
{
	for (int d = 1; d < 64; d++)
		for (int n = 1; n < 64; n++)
			lmr_table[d][n] = (int)(0.75 + log(d) * log(n) / 2.25);
}

static inline int lmr(int depth, int n) { return lmr_table[depth < 63 ? depth : 63][n < 63 ? n : 63]; }

static inline int mate_in(int ply) { return VALUE_MATE - ply; }
static inline int mated_in(int ply) { return -VALUE_MATE + ply; }

/* Mate scores are stored relative to the node, and read back relative to the root. */
static inline int value_to_tt(int v, int ply)
{
	return v >= VALUE_MATE_IN_MAX ? v + ply : v <= -VALUE_MATE_IN_MAX ? v - ply : v;
}
static inline int value_from_tt(int v, int ply)
{
	if (v == VALUE_NONE)
		return VALUE_NONE;
	return v >= VALUE_MATE_IN_MAX ? v - ply : v <= -VALUE_MATE_IN_MAX ? v + ply : v;
}

static inline struct stack *ss_at(struct worker *w, int ply) { return &w->stack[ply + 2]; }

/* The principal variation of `ss` becomes `m` followed by the child's (`next`). */
static inline void update_pv(struct stack *ss, gy_move m, const struct stack *next)
{
	ss->pv[0] = m;
	memcpy(ss->pv + 1, next->pv, sizeof(gy_move) * (size_t)next->pv_len);
	ss->pv_len = next->pv_len + 1;
}

/* Adds this worker's nodes to the shared count; worker 0 also watches the clock and the node limit. */
static void check_limits(struct worker *w)
{
	struct search_shared *sh = w->sh;
	uint64_t total = atomic_fetch_add_explicit(&sh->nodes, w->nodes, memory_order_relaxed) + w->nodes;
	w->nodes = 0;
	if (w->id != 0)
		return;
	const struct search_setup *s = &sh->setup;
	if (s->limits.nodes && total >= s->limits.nodes)
		atomic_store(&sh->stop, true);
	if (s->tm.maximum >= 0 && !atomic_load(&sh->pondering) &&
	    gy__timeman_now() - atomic_load(&sh->start_ms) >= s->tm.maximum)
		atomic_store(&sh->stop, true);
}

static inline void count_node(struct worker *w)
{
	if ((++w->nodes & 1023) == 0)
		check_limits(w);
}

/*
 * The repetition rules at game ply g: VALUE_NONE when the position is
 * new, else its value for the side to move.  A position met before with
 * the same hands is a draw, unless one side checked with every move of
 * the cycle: that side loses.  The same board with more in the mover's
 * hand is won (the opponent went round and gave material), with less lost.
 */
static int repetition(const struct worker *w, int g)
{
	int side = w->pos.side;
	uint64_t key = w->board_key[g];
	int limit = g < 32 ? g : 32;
	for (int i = 4; i <= limit; i += 2) {
		int j = g - i;
		if (w->board_key[j] != key)
			continue;
		gy_hand now = w->hand[g][side], then = w->hand[j][side];
		if (now == then) {
			bool they_check = true, we_check = true;
			for (int k = g; k > j; k -= 2)
				they_check &= w->in_check[k];
			for (int k = g - 1; k > j; k -= 2)
				we_check &= w->in_check[k];
			if (they_check)
				return VALUE_SUPERIOR;
			if (we_check)
				return -VALUE_SUPERIOR;
			return VALUE_DRAW;
		}
		if (gy_hand_dominates(now, then))
			return VALUE_SUPERIOR;
		if (gy_hand_dominates(then, now))
			return -VALUE_SUPERIOR;
	}
	return VALUE_NONE;
}

gy_move gy__search_try_move(const struct gy_pos *p)
{
	int us = p->side;
	gy_sq k = p->king[us];
	gy_sq target = us == GY_BLACK ? gy_make_sq(5, 1) : gy_make_sq(5, 9);
	if (k == GY_SQ_NONE || !gy_bb_test(gy_bbt.king[k], target))
		return GY_MOVE_NONE;
	gy_piece there = p->board[target];
	if (there != GY_NO_PIECE && gy_piece_color(there) == us)
		return GY_MOVE_NONE;
	gy_move m = gy_make_move(k, target, GY_KING, there ? gy_piece_type(there) : 0, false);
	return gy_move_is_legal(p, m) ? m : GY_MOVE_NONE;
}

bool gy__search_entering_win(const struct gy_pos *p, enum gy_impasse_rule rule, const gy_hand extra[GY_COLOR_NB])
{
	if (rule == GY_IMPASSE_NONE)
		return false;
	if (rule == GY_IMPASSE_TRY)
		return gy__search_try_move(p) != GY_MOVE_NONE;
	gy_sq k = p->king[p->side];
	if (k == GY_SQ_NONE || !gy_in_zone(p->side, k))
		return false;
	struct gy_impasse_result r;
	gy_impasse_declare(p, rule, extra, &r);
	return r.verdict == GY_IMPASSE_WIN;
}

/*
 * A cheap filter before the mate-in-one test: a mate in one needs a piece
 * in hand or a piece of ours near the enemy king (within two squares).
 * Mates by a distant slider alone are left to the search.
 */
static bool mate1_possible(const struct gy_pos *p)
{
	int us = p->side;
	gy_sq k = p->king[us ^ 1];
	if (k == GY_SQ_NONE)
		return false;
	if (p->hand[us])
		return true;
	gy_bb near = gy_bbt.king[k], ring = near;
	while (ring)
		near |= gy_bbt.king[gy_bb_pop(&ring)];
	return (near & p->by_color[us]) != 0;
}

/*
 * Correction history: the evaluation misjudges some pawn structures the
 * same way again and again, and the searches below them show by how much.
 * Entries (within +-CORR_LIMIT) hold that error times CORR_GRAIN for the
 * side to move; the search adds them to the static evaluation, the hash
 * keeps the raw one.
 */
enum { CORR_LIMIT = 1024, CORR_GRAIN = 32 };

static inline int16_t *corr_entry(struct worker *w)
{
	const struct gy_pos *p = &w->pos;
	gy_bb b = p->by_type[GY_PAWN] & p->by_color[GY_BLACK], wh = p->by_type[GY_PAWN] & p->by_color[GY_WHITE];
	uint64_t h = (uint64_t)b * 0x9e3779b97f4a7c15ull ^ (uint64_t)(b >> 64) * 0xc2b2ae3d27d4eb4full ^
		     (uint64_t)wh * 0x165667b19e3779f9ull ^ (uint64_t)(wh >> 64) * 0xd6e8feb86659fd93ull;
	return &w->hist->corr[p->side][h >> (64 - 14)];
}

/* An evaluation kept short of the mate scores (and of the hash's TT_EVAL_NONE). */
static inline int eval_bound(int v)
{
	return v >= VALUE_MATE_IN_MAX ? VALUE_MATE_IN_MAX - 1 : v <= -VALUE_MATE_IN_MAX ? -VALUE_MATE_IN_MAX + 1 : v;
}

/* The raw evaluation `raw` corrected by entry `corr`, kept short of the mate scores. */
static inline int corrected_eval(const int16_t *corr, int raw) { return eval_bound(raw + *corr / CORR_GRAIN); }

/*
 * The evaluation's board terms at `ply`: updated from the ply before by
 * the move made there when that ply has them, else summed from scratch.
 */
static void ensure_acc(struct worker *w, int ply)
{
	struct stack *ss = ss_at(w, ply), *prev = ss_at(w, ply - 1);
	if (ss->acc_ok)
		return;
	const struct nnue_net *net = w->sh->setup.nnue;
	if (net) {
		if (ply > 0 && prev->acc_ok)
			gy__nnue_acc_update(net, &ss->nacc, &prev->nacc, &w->pos, prev->move);
		else
			gy__nnue_acc_init(net, &ss->nacc, &w->pos);
	} else if (ply > 0 && prev->acc_ok) {
		gy__eval_acc_update(&ss->acc, &prev->acc, &w->pos, prev->move);
	} else {
		gy__eval_acc_init(&ss->acc, &w->pos);
	}
	ss->acc_ok = true;
}

/* The static evaluation of the position at `ply` (the linear one, or the network's), through its accumulator. */
static int node_eval(struct worker *w, int ply)
{
	ensure_acc(w, ply);
	const struct nnue_net *net = w->sh->setup.nnue;
	if (net)
		return eval_bound(gy__nnue_evaluate_acc(net, &ss_at(w, ply)->nacc, &w->pos, NNUE_SIMD_AUTO));
	return gy__eval_acc_evaluate(&ss_at(w, ply)->acc, &w->pos);
}

/* The static evaluation of the position at `ply` without its accumulator (the search's end). */
static int plain_eval(const struct worker *w)
{
	const struct nnue_net *net = w->sh->setup.nnue;
	return net ? eval_bound(gy__nnue_evaluate(net, &w->pos)) : eval_evaluate(&w->pos);
}

/* Records the position after a move at game ply g + 1. */
static inline void record_path(struct worker *w, int g)
{
	w->board_key[g] = w->pos.board_key;
	w->hand[g][0] = w->pos.hand[0];
	w->hand[g][1] = w->pos.hand[1];
	w->in_check[g] = gy_pos_in_check(&w->pos);
}

static int qsearch(struct worker *w, int alpha, int beta, int ply, int depth)
{
	struct gy_pos *pos = &w->pos;
	struct stack *ss = ss_at(w, ply);
	bool pv_node = beta - alpha > 1;
	count_node(w);
	if (pv_node)
		ss->pv_len = 0;
	if (atomic_load_explicit(&w->sh->stop, memory_order_relaxed))
		return 0;
	bool in_check = gy_pos_in_check(pos);
	if (ply >= MAX_PLY)
		return in_check ? 0 : plain_eval(w);
	if (ply > w->seldepth)
		w->seldepth = ply;

	/* Step 1: the hash. */
	uint64_t key = gy_pos_key(pos);
	struct tt_entry *slot;
	struct tt_hit hit = gy__tt_probe(w->sh->tt, key, &slot);
	int tt_value = hit.found ? value_from_tt(hit.value, ply) : VALUE_NONE;
	if (!pv_node && hit.found && tt_value != VALUE_NONE &&
	    (hit.bound & (tt_value >= beta ? TT_BOUND_LOWER : TT_BOUND_UPPER)))
		return tt_value;

	/* Step 2: stand pat. */
	int best = -VALUE_INF, stand = VALUE_NONE, raw = TT_EVAL_NONE, old_alpha = alpha;
	if (!in_check) {
		raw = hit.found && hit.eval != TT_EVAL_NONE ? hit.eval : node_eval(w, ply);
		stand = corrected_eval(corr_entry(w), raw);
		if (stand >= beta) {
			if (!hit.found)
				gy__tt_store(w->sh->tt, slot, key, value_to_tt(stand, ply), TT_BOUND_LOWER, -1, 0, raw);
			return stand;
		}
		/* A mate in one is worth more than any capture (the hash may know there is none). */
		if (!hit.no_mate1 && mate1_possible(pos)) {
			gy_move mate = gy_mate1(pos);
			if (mate) {
				gy__tt_store(w->sh->tt, slot, key, value_to_tt(mate_in(ply + 1), ply), TT_BOUND_EXACT,
					     0, mate, TT_EVAL_NONE);
				return mate_in(ply + 1);
			}
		}
		if (stand > alpha)
			alpha = stand;
		best = stand;
	}

	/* Step 3: captures (every evasion in check). */
	ensure_acc(w, ply);
	struct picker mp;
	gy__picker_init_qs(&mp, pos, w->hist, hit.move, depth == 0);
	gy_move m, best_move = GY_MOVE_NONE;
	int move_count = 0, g = w->sh->game_len + ply;
	while ((m = gy__picker_next(&mp, false)) != GY_MOVE_NONE) {
		if (!gy_pos_is_legal(pos, m))
			continue;
		move_count++;
		if (!in_check && best > -VALUE_MATE_IN_MAX) {
			int gain = gy__eval_piece_value(gy_move_captured(m)) +
				   (gy_move_is_promotion(m) ? gy__eval_piece_value(gy_move_after(m)) -
								      gy__eval_piece_value(gy_move_moved(m))
							    : 0);
			if (stand + gain + 200 <= alpha) {
				if (stand + gain + 200 > best)
					best = stand + gain + 200;
				continue;
			}
			if (!gy__see_ge(pos, m, 0))
				continue;
		}
		struct gy_undo u;
		ss->move = m;
		gy_pos_do(pos, m, &u);
		ss_at(w, ply + 1)->acc_ok = false;
		record_path(w, g + 1);
		int v = -qsearch(w, -beta, -alpha, ply + 1, depth - 1);
		gy_pos_undo(pos, m, &u);
		if (v > best) {
			best = v;
			if (v > alpha) {
				best_move = m;
				if (pv_node)
					update_pv(ss, m, ss_at(w, ply + 1));
				if (v >= beta)
					break;
				alpha = v;
			}
		}
	}
	if (in_check && move_count == 0)
		return mated_in(ply);
	if (atomic_load_explicit(&w->sh->stop, memory_order_relaxed))
		return 0;
	int bound = best >= beta ? TT_BOUND_LOWER : pv_node && best > old_alpha ? TT_BOUND_EXACT : TT_BOUND_UPPER;
	gy__tt_store(w->sh->tt, slot, key, value_to_tt(best, ply), bound | (in_check ? 0 : TT_NO_MATE1), 0, best_move,
		     raw);
	return best;
}

/* Makes the null move on w->pos (the side passes); `saved` keeps the position. */
static void do_null(struct worker *w, struct gy_pos *saved)
{
	*saved = w->pos;
	struct gy_pos *p = &w->pos;
	p->side ^= 1;
	p->board_key ^= gy_zobrist.side;
	p->checkers = 0;
	p->pinned = gy_pos_blockers(p, p->side) & p->by_color[p->side];
	p->movenum++;
}

/* The history bonus (or malus) of a search to `depth`: linear, capped from depth 10. */
static int stat_bonus(int depth) { return depth > 9 ? 1600 : 180 * depth - 80; }

/* Adds `bonus` to the continuation histories of piece `pc` to `to` after the two moves made before `ply`. */
static void update_cont(struct worker *w, int ply, int pc, int to, int bonus)
{
	for (int k = 1; k <= 2; k++) {
		const struct stack *back = ss_at(w, ply - k);
		if (back->cont)
			history_add(&(*back->cont)[pc][to], bonus, HISTORY_LIMIT);
	}
}

/* Rewards the best move (one that cut off or raised alpha) and punishes the moves tried before it. */
static void update_stats(struct worker *w, int ply, gy_move best, int depth, const gy_move *quiets, int nq,
			 const gy_move *captures, int nc)
{
	struct history *h = w->hist;
	struct stack *ss = ss_at(w, ply);
	int side = w->pos.side;
	int bonus = stat_bonus(depth);
	if (!gy_move_captured(best)) {
		if (ss->killer[0] != best) {
			ss->killer[1] = ss->killer[0];
			ss->killer[0] = best;
		}
		struct stack *prev = ss_at(w, ply - 1);
		if (prev->move)
			h->counter[move_piece(side ^ 1, prev->move)][gy_move_to(prev->move)] = best;
		for (int i = -1; i < nq; i++) {
			gy_move m = i < 0 ? best : quiets[i];
			int b = i < 0 ? bonus : -bonus;
			int pc = move_piece(side, m), to = gy_move_to(m);
			history_add(&h->main[side][move_origin(m)][to], b, HISTORY_LIMIT);
			update_cont(w, ply, pc, to, b);
		}
	} else {
		history_add(&h->capture[move_piece(side, best)][gy_move_to(best)][gy_move_captured(best)], bonus,
			    HISTORY_LIMIT);
	}
	for (int i = 0; i < nc; i++) {
		gy_move m = captures[i];
		history_add(&h->capture[move_piece(side, m)][gy_move_to(m)][gy_move_captured(m)], -bonus,
			    HISTORY_LIMIT);
	}
}

/* The index of `m` among the root moves still to search at this pv index, or -1. */
static int root_index(const struct worker *w, gy_move m)
{
	for (int i = w->pv_index; i < w->nroot; i++)
		if (w->root[i].move == m)
			return i;
	return -1;
}

static int search(struct worker *w, int alpha, int beta, int depth, int ply, bool cutnode)
{
	if (depth <= 0)
		return qsearch(w, alpha, beta, ply, 0);
	struct search_shared *sh = w->sh;
	struct gy_pos *pos = &w->pos;
	struct stack *ss = ss_at(w, ply);
	bool pv_node = beta - alpha > 1, root = ply == 0;
	int g = sh->game_len + ply;
	count_node(w);
	ss->pv_len = 0;
	if (ply > w->seldepth)
		w->seldepth = ply;
	bool in_check = gy_pos_in_check(pos);

	/* Step 1: the game may be over here. */
	if (!root) {
		if (atomic_load_explicit(&sh->stop, memory_order_relaxed))
			return 0;
		if (ply >= MAX_PLY)
			return in_check ? 0 : plain_eval(w);
		int rep = repetition(w, g);
		if (rep != VALUE_NONE)
			return rep;
		if (sh->setup.max_moves && g >= sh->setup.max_moves)
			return VALUE_DRAW;
		alpha = alpha > mated_in(ply) ? alpha : mated_in(ply);
		beta = beta < mate_in(ply + 1) ? beta : mate_in(ply + 1);
		if (alpha >= beta)
			return alpha;
	}

	/* Step 2: the hash (a search that leaves a move out has its own key). */
	gy_move excluded = ss->excluded;
	uint64_t key = gy_pos_key(pos) ^ ((uint64_t)excluded << 32 | excluded);
	struct tt_entry *slot;
	struct tt_hit hit = gy__tt_probe(sh->tt, key, &slot);
	int tt_value = hit.found ? value_from_tt(hit.value, ply) : VALUE_NONE;
	gy_move tt_move = root ? w->root[w->pv_index].move : hit.move;
	if (!pv_node && !excluded && hit.found && hit.depth >= depth && tt_value != VALUE_NONE &&
	    (hit.bound & (tt_value >= beta ? TT_BOUND_LOWER : TT_BOUND_UPPER))) {
		/* A quiet hash move that cuts here is as good a reply as one the search found. */
		if (tt_value >= beta && hit.move && !gy_move_captured(hit.move) && gy_move_is_legal(pos, hit.move))
			update_stats(w, ply, hit.move, depth, NULL, 0, NULL, 0);
		return tt_value;
	}

	/* Step 3: wins found without searching: a declaration or try, a mate in one. */
	if (!root && gy__search_entering_win(pos, sh->setup.entering, sh->setup.entering_extra))
		return mate_in(ply + 1);
	if (!root && !excluded && !in_check && !hit.no_mate1 && mate1_possible(pos)) {
		gy_move mate = gy_mate1(pos);
		if (mate) {
			gy__tt_store(sh->tt, slot, key, value_to_tt(mate_in(ply + 1), ply), TT_BOUND_EXACT, depth, mate,
				     TT_EVAL_NONE);
			return mate_in(ply + 1);
		}
	}

	/* Step 4: the static evaluation, and pruning on it. */
	int eval = VALUE_NONE, raw_eval = TT_EVAL_NONE;
	int16_t *corr = NULL; /* this node's correction entry, out of check */
	bool improving = false;
	ss->in_check = in_check;
	if (in_check) {
		ss->static_eval = VALUE_NONE;
	} else {
		raw_eval = hit.found && hit.eval != TT_EVAL_NONE ? hit.eval : node_eval(w, ply);
		corr = corr_entry(w);
		ss->static_eval = eval = corrected_eval(corr, raw_eval);
		if (tt_value != VALUE_NONE && (hit.bound & (tt_value > eval ? TT_BOUND_LOWER : TT_BOUND_UPPER)))
			eval = tt_value;
		struct stack *before = ss_at(w, ply - 2);
		improving = ply >= 2 && before->static_eval != VALUE_NONE && ss->static_eval > before->static_eval;
	}
	if (!pv_node && !in_check && !excluded) {
		/* Razoring: far below alpha, only captures can help. */
		if (depth <= 2 && eval + 250 * depth < alpha) {
			int v = qsearch(w, alpha - 1, alpha, ply, 0);
			if (v < alpha)
				return v;
		}
		/* Reverse futility: far above beta at low depth. */
		if (depth <= 7 && eval - (140 - 40 * improving) * depth >= beta && eval < VALUE_MATE_IN_MAX)
			return eval;
		/* Null move: even passing keeps us above beta. */
		struct stack *prev = ss_at(w, ply - 1);
		if (depth >= 2 && prev->move && eval >= beta && ss->static_eval >= beta - 20 * depth + 150) {
			int r = 3 + depth / 3 + ((eval - beta) / 200 < 3 ? (eval - beta) / 200 : 3);
			struct gy_pos saved;
			ss->move = GY_MOVE_NONE;
			ss->cont = NULL;
			do_null(w, &saved);
			ss_at(w, ply + 1)->acc_ok = false;
			record_path(w, g + 1);
			int v = -search(w, -beta, -beta + 1, depth - r, ply + 1, !cutnode);
			w->pos = saved;
			if (atomic_load_explicit(&sh->stop, memory_order_relaxed))
				return 0;
			if (v >= beta)
				return v >= VALUE_MATE_IN_MAX ? beta : v;
		}
	}
	/* Internal iterative reduction: no hash move where one was expected. */
	if ((pv_node || cutnode) && depth >= 6 && !tt_move)
		depth--;

	/* Step 5: the moves. */
	ensure_acc(w, ply);
	struct history *h = w->hist;
	struct stack *prev = ss_at(w, ply - 1);
	const cont_table *cont[2] = {prev->cont, ss_at(w, ply - 2)->cont};
	gy_move counter =
		prev->move ? h->counter[move_piece(pos->side ^ 1, prev->move)][gy_move_to(prev->move)] : GY_MOVE_NONE;
	/* The grandchildren start with fresh killers; the children share theirs among siblings. */
	ss_at(w, ply + 2)->killer[0] = ss_at(w, ply + 2)->killer[1] = GY_MOVE_NONE;
	struct picker mp;
	gy__picker_init(&mp, pos, h, cont, tt_move, ss->killer, counter);
	int best_value = -VALUE_INF, move_count = 0, nq = 0, nc = 0, old_alpha = alpha;
	gy_move best_move = GY_MOVE_NONE, m;
	gy_move quiets[64], captures[32];
	bool skip_quiets = false;
	int side = pos->side;
	while ((m = gy__picker_next(&mp, skip_quiets)) != GY_MOVE_NONE) {
		int ri = -1;
		if (m == excluded || (root && (ri = root_index(w, m)) < 0))
			continue;
		if (!gy_pos_is_legal(pos, m))
			continue;
		move_count++;
		bool capture = gy_move_captured(m) != 0;
		bool gives_check = gy__picker_gives_check(&mp, m);
		int to = gy_move_to(m), pc = move_piece(side, m);
		int stat = capture ? 0
				   : h->main[side][move_origin(m)][to] + (cont[0] ? (*cont[0])[pc][to] : 0) +
					     (cont[1] ? (*cont[1])[pc][to] : 0);
		int new_depth = depth - 1;

		/* Step 6: pruning at shallow depth. */
		if (!root && best_value > -VALUE_MATE_IN_MAX) {
			int lmr_depth = new_depth - lmr(depth, move_count);
			if (lmr_depth < 0)
				lmr_depth = 0;
			if (!capture && !gives_check) {
				if (move_count >= (3 + depth * depth) / (2 - improving)) {
					skip_quiets = true;
					continue;
				}
				if (!in_check && lmr_depth <= 7 && ss->static_eval + 120 + 110 * lmr_depth <= alpha)
					continue;
				if (lmr_depth < 3 && stat < -4000 * depth)
					continue;
				if (!gy__see_ge(pos, m, -25 * lmr_depth * lmr_depth))
					continue;
			} else {
				/* Captures: futility (the piece taken and its history do not bring alpha in reach), then SEE. */
				if (capture && !gives_check && !in_check && lmr_depth < 7) {
					int taken = gy_move_captured(m);
					int reach = ss->static_eval + 200 + 180 * lmr_depth +
						    gy__eval_piece_value(taken) + h->capture[pc][to][taken] / 8;
					if (reach <= alpha)
						continue;
				}
				if (depth <= 8 && !gy__see_ge(pos, m, -150 * depth))
					continue;
			}
		}

		/*
		 * Step 7: extensions.  The hash move when every other move fails
		 * well below its value (singular): searched one ply deeper; when
		 * that test finds another move also above beta, the node is cut.
		 * Checks that do not lose material, short of the horizon's end.
		 */
		if (!root && m == tt_move && !excluded && depth >= 8 && tt_value != VALUE_NONE &&
		    tt_value > -VALUE_MATE_IN_MAX && tt_value < VALUE_MATE_IN_MAX && (hit.bound & TT_BOUND_LOWER) &&
		    hit.depth >= depth - 3) {
			int singular_beta = tt_value - 2 * depth;
			ss->excluded = m;
			int v = search(w, singular_beta - 1, singular_beta, (depth - 1) / 2, ply, cutnode);
			ss->excluded = GY_MOVE_NONE;
			if (v < singular_beta)
				new_depth++;
			else if (singular_beta >= beta)
				return singular_beta;
		} else if (gives_check && ply < 2 * w->root_depth && gy__see_ge(pos, m, 0)) {
			new_depth++;
		}

		/* Step 8: make the move and search it, reduced when it is late. */
		struct gy_undo u;
		ss->move = m;
		ss->cont = &h->cont[pc][to];
		gy_pos_do(pos, m, &u);
		ss_at(w, ply + 1)->acc_ok = false;
		record_path(w, g + 1);
		__builtin_prefetch(tt_cluster_of(sh->tt, gy_pos_key(pos)));
		int v;
		if (depth >= 2 && move_count > 1 + root && (!capture || cutnode)) {
			int r = lmr(depth, move_count);
			r -= pv_node;
			r += cutnode ? 2 : 0;
			r -= gives_check;
			r -= stat / 8000;
			r += !improving;
			if (hit.move && gy_move_captured(hit.move))
				r++;
			int d = new_depth - r;
			d = d < 1 ? 1 : d > new_depth + 1 ? new_depth + 1 : d;
			v = -search(w, -(alpha + 1), -alpha, d, ply + 1, true);
			if (v > alpha && d < new_depth) {
				/* The reduced search beat alpha: search deeper when by much, shallower when barely. */
				new_depth += (v > best_value + 20 + new_depth) - (v < best_value + 4);
				if (new_depth > d)
					v = -search(w, -(alpha + 1), -alpha, new_depth, ply + 1, !cutnode);
				/* The continuation histories learn from the full-depth result. */
				int b = v <= alpha ? -stat_bonus(new_depth) : v >= beta ? stat_bonus(new_depth) : 0;
				if (b && !capture && !atomic_load_explicit(&sh->stop, memory_order_relaxed))
					update_cont(w, ply, pc, to, b);
			}
		} else if (!pv_node || move_count > 1) {
			v = -search(w, -(alpha + 1), -alpha, new_depth, ply + 1, !cutnode);
		} else {
			v = alpha + 1; /* the first move of a PV node: full window below */
		}
		if (pv_node && (move_count == 1 || (v > alpha && (root || v < beta))))
			v = -search(w, -beta, -alpha, new_depth, ply + 1, false);
		gy_pos_undo(pos, m, &u);
		if (atomic_load_explicit(&sh->stop, memory_order_relaxed))
			return 0;

		/* Step 9: bookkeeping. */
		if (root) {
			struct root_move *rm = &w->root[ri];
			if (move_count == 1 || v > alpha) {
				struct stack *next = ss_at(w, 1);
				rm->score = v;
				rm->seldepth = w->seldepth;
				rm->pv[0] = m;
				memcpy(rm->pv + 1, next->pv, sizeof(gy_move) * (size_t)next->pv_len);
				rm->pv_len = next->pv_len + 1;
				if (move_count > 1)
					w->best_changes++;
			} else {
				rm->score = -VALUE_INF;
			}
		}
		if (v > best_value) {
			best_value = v;
			if (v > alpha) {
				best_move = m;
				if (pv_node && !root)
					update_pv(ss, m, ss_at(w, ply + 1));
				if (v >= beta)
					break;
				alpha = v;
			}
		}
		if (m != best_move) {
			if (!capture && nq < 64)
				quiets[nq++] = m;
			else if (capture && nc < 32)
				captures[nc++] = m;
		}
	}

	/* Step 10: no move at all loses (mate, or no legal move), then the hash. */
	if (move_count == 0)
		return excluded ? alpha : root ? 0 : mated_in(ply);
	if (best_move) {
		update_stats(w, ply, best_move, depth, quiets, nq, captures, nc);
	} else if (!root && (depth >= 3 || pv_node) && prev->move && !gy_move_captured(prev->move)) {
		/* Every move failed low: the quiet move that led here was a good reply to the moves before it. */
		update_cont(w, ply - 1, move_piece(side ^ 1, prev->move), gy_move_to(prev->move),
			    stat_bonus(depth + 1));
	}
	int bound = best_value >= beta                  ? TT_BOUND_LOWER
		    : pv_node && best_value > old_alpha ? TT_BOUND_EXACT
							: TT_BOUND_UPPER;
	/* The evaluation's error as this search measured it: only a quiet best move, and a bound on the right side. */
	if (!in_check && !excluded && (!best_move || !gy_move_captured(best_move)) &&
	    !(bound == TT_BOUND_LOWER && best_value <= ss->static_eval) &&
	    !(bound == TT_BOUND_UPPER && best_value >= ss->static_eval)) {
		int bonus = (best_value - ss->static_eval) * depth / 8;
		bonus = bonus > CORR_LIMIT / 4 ? CORR_LIMIT / 4 : bonus < -CORR_LIMIT / 4 ? -CORR_LIMIT / 4 : bonus;
		history_add(corr, bonus, CORR_LIMIT);
	}
	if (!excluded && (!root || w->pv_index == 0))
		gy__tt_store(sh->tt, slot, key, value_to_tt(best_value, ply),
			     bound | (root || in_check ? 0 : TT_NO_MATE1), depth, best_move, raw_eval);
	return best_value;
}

void gy__search_root_moves(struct worker *w)
{
	struct gy_movelist list;
	list.n = 0;
	gy_gen(&w->pos, GY_GEN_LEGAL, &list);
	w->nroot = 0;
	for (int pass = 0; pass < 2 && w->nroot == 0; pass++)
		for (int i = 0; i < list.n; i++) {
			/* The futile non-promotions only when nothing else is legal. */
			if (pass == 0 && move_is_futile_nonpromotion(w->pos.side, list.moves[i]))
				continue;
			struct root_move *rm = &w->root[w->nroot++];
			rm->move = list.moves[i];
			rm->score = rm->prev_score = -VALUE_INF;
			rm->seldepth = 0;
			rm->pv_len = 1;
			rm->pv[0] = list.moves[i];
		}
}

void gy__search_clear_history(struct worker *w)
{
	memset(w->hist, 0, sizeof *w->hist);
	for (int i = 0; i < MAX_PLY + 8; i++) {
		w->stack[i].killer[0] = w->stack[i].killer[1] = GY_MOVE_NONE;
		w->stack[i].move = GY_MOVE_NONE;
		w->stack[i].cont = NULL;
		w->stack[i].static_eval = VALUE_NONE;
		w->stack[i].excluded = GY_MOVE_NONE;
	}
}

/* The score as USI reports it: sets *mate (plies, signed) or returns centipawns. */
static int score_to_usi(int score, int *mate)
{
	*mate = 0;
	if (score >= VALUE_MATE_IN_MAX)
		*mate = VALUE_MATE - score;
	else if (score <= -VALUE_MATE_IN_MAX)
		*mate = -(VALUE_MATE + score);
	return score;
}

/* Stable insertion sort of root moves [from, to) by score, best first. */
static void sort_root(struct worker *w, int from, int to)
{
	for (int i = from + 1; i < to; i++) {
		struct root_move tmp = w->root[i];
		int j = i - 1;
		while (j >= from && w->root[j].score < tmp.score) {
			w->root[j + 1] = w->root[j];
			j--;
		}
		w->root[j + 1] = tmp;
	}
}

/* Worker 0's report of every PV line at the end of an iteration (or a window failure). */
static void report(struct worker *w, int depth, enum gy_bound bound_of_current)
{
	struct search_shared *sh = w->sh;
	if (!sh->setup.report || !sh->cb->info)
		return;
	int64_t elapsed = gy__timeman_now() - atomic_load(&sh->start_ms);
	uint64_t nodes = atomic_load(&sh->nodes) + w->nodes;
	int lines = sh->setup.multipv < w->nroot ? sh->setup.multipv : w->nroot;
	for (int i = 0; i < lines; i++) {
		struct root_move *rm = &w->root[i];
		bool updated = rm->score != -VALUE_INF;
		if (depth == 1 && !updated)
			continue;
		struct gy_info info;
		memset(&info, 0, sizeof info);
		info.depth = updated ? depth : depth - 1;
		if (info.depth < 1)
			info.depth = 1;
		info.seldepth = rm->seldepth > info.depth ? rm->seldepth : info.depth;
		info.multipv = i + 1;
		int v = updated ? rm->score : rm->prev_score;
		info.score_cp = score_to_usi(v, &info.mate);
		info.bound = i == w->pv_index ? bound_of_current : GY_BOUND_EXACT;
		info.nodes = nodes;
		info.time_ms = elapsed;
		info.nps = elapsed > 0 ? nodes * 1000 / (uint64_t)elapsed : nodes * 1000;
		info.hashfull = gy__tt_hashfull(sh->tt);
		info.pv = rm->pv;
		info.pv_len = rm->pv_len;
		sh->cb->info(sh->cb->ctx, &info);
	}
}

void gy__search_run(struct worker *w)
{
	pthread_once(&lmr_once, lmr_fill);
	struct search_shared *sh = w->sh;
	const struct search_setup *s = &sh->setup;
	w->completed_depth = 0;
	w->seldepth = 0;
	w->best_changes = 0;
	for (int i = 0; i < MAX_PLY + 8; i++)
		w->stack[i].acc_ok = false; /* a new root position */
	int multipv = s->multipv < w->nroot ? s->multipv : w->nroot;
	double changes_avg = 0;
	gy_move last_best = GY_MOVE_NONE;
	int same_best = 0;
	for (int depth = 1; depth < MAX_PLY; depth++) {
		if (atomic_load(&sh->stop))
			break;
		if (w->id == 0 && s->limits.depth && depth > s->limits.depth)
			break;
		w->root_depth = depth;
		for (int i = 0; i < w->nroot; i++)
			w->root[i].prev_score = w->root[i].score;
		w->best_changes = 0;
		for (w->pv_index = 0; w->pv_index < multipv; w->pv_index++) {
			w->seldepth = 0;
			int prev = w->root[w->pv_index].prev_score;
			int delta = 25, alpha = -VALUE_INF, beta = VALUE_INF;
			if (depth >= 4 && prev > -VALUE_MATE_IN_MAX && prev < VALUE_MATE_IN_MAX) {
				alpha = prev - delta;
				beta = prev + delta;
			}
			for (;;) {
				int v = search(w, alpha, beta, depth, 0, false);
				sort_root(w, w->pv_index, w->nroot);
				if (atomic_load(&sh->stop))
					break;
				enum gy_bound bound = GY_BOUND_EXACT;
				if (v <= alpha) {
					beta = (alpha + beta) / 2;
					alpha = v - delta > -VALUE_INF ? v - delta : -VALUE_INF;
					bound = GY_BOUND_UPPER;
				} else if (v >= beta) {
					beta = v + delta < VALUE_INF ? v + delta : VALUE_INF;
					bound = GY_BOUND_LOWER;
				} else {
					break;
				}
				if (w->id == 0 && gy__timeman_now() - atomic_load(&sh->start_ms) > 3000)
					report(w, depth, bound);
				delta += delta / 2;
			}
			sort_root(w, 0, w->pv_index + 1);
		}
		if (atomic_load(&sh->stop) && depth > 1)
			break;
		w->completed_depth = depth;
		if (w->id != 0)
			continue;
		report(w, depth, GY_BOUND_EXACT);

		/* Step: stop when the depth asked is reached, or the time is well spent. */
		if (s->limits.depth && depth >= s->limits.depth)
			break;
		int best = w->root[0].score;
		if (best >= VALUE_MATE_IN_MAX && VALUE_MATE - best <= depth && !s->limits.infinite &&
		    !atomic_load(&sh->pondering))
			break;
		same_best = w->root[0].move == last_best ? same_best + 1 : 0;
		last_best = w->root[0].move;
		changes_avg = changes_avg / 2 + w->best_changes;
		if (s->tm.maximum >= 0 && !atomic_load(&sh->pondering)) {
			double scale = (1.0 + changes_avg) * (same_best >= 3 ? 0.7 : 1.0);
			int64_t enough = (int64_t)(s->tm.optimum * scale * 0.6);
			if (gy__timeman_now() - atomic_load(&sh->start_ms) >=
			    (enough > s->tm.minimum ? enough : s->tm.minimum))
				break;
		}
		if (w->nroot == 1 && s->tm.maximum >= 0 && depth >= 4)
			break;
	}
	/* Hand this worker's remaining nodes in. */
	atomic_fetch_add(&sh->nodes, w->nodes);
	w->nodes = 0;
}
