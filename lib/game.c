/*
 * lib/game.c: the game record (a tree of moves with times and comments,
 * headers, the ending) and the referee.
 *
 * Invariants: nodes[0] is the root (the start position, no move); every
 * other node was added by gy_game_add with a move legal in its parent's
 * position, so replaying the path from the root never fails.  Each node
 * keeps the key and check state of its position, so the referee judges
 * repetitions without replaying.  Children of a node form a list
 * (first_child, next_sibling) in the order added.  `last_pos` is the
 * position at node `last` (the node added last, or the root), so adding
 * moves one after another along a line costs one move each, not a
 * replay from the root.
 */
#include "gyoku/game.h"

#include <stdlib.h>
#include <string.h>

#include "gyoku/movegen.h"
#include "gyoku/repetition.h"
#include "gyoku/usi.h"

enum { HEADER_MAX = 4096, COMMENT_MAX = 65536 };

struct node {
	gy_move move;
	int parent, first_child, next_sibling, ply;
	int64_t time_ms;
	char *comment;
	uint64_t key;  /* of the position at this node */
	bool in_check; /* its side to move is in check */
	/* The ending at this node, with what the record says beside it. */
	struct gy_verdict end;
	int64_t end_time_ms;
	char *end_comment;
	gy_move foul;
};

struct header {
	char *key, *value;
};

struct gy_game {
	struct gy_pos start;
	struct node *nodes;
	int n, cap;
	struct header *headers;
	int nh, caph;
	int last;
	struct gy_pos last_pos;
};

const char *gy_ending_name(enum gy_ending e)
{
	static const char *const names[GY_END_NB] = {"none",         "checkmate",    "no legal move",   "resignation",
						     "illegal move", "sennichite",   "perpetual check", "declaration",
						     "try",          "time forfeit", "move limit",      "interruption"};
	return (unsigned)e < GY_END_NB ? names[e] : "unknown";
}

/* Grows `*items` (of `size` bytes each) to hold at least `need`. */
static bool grow(void **items, int *cap, int need, size_t size)
{
	if (need <= *cap)
		return true;
	int ncap = *cap ? *cap * 2 : 16;
	while (ncap < need)
		ncap *= 2;
	void *p = realloc(*items, (size_t)ncap * size);
	if (!p)
		return false;
	*items = p;
	*cap = ncap;
	return true;
}

/* A copy of at most `max` bytes of `s`, or NULL (too long or out of memory: *err says which). */
static char *copy_bounded(const char *s, size_t max, enum gy_err *err)
{
	size_t len = strnlen(s, max + 1);
	if (len > max) {
		*err = GY_ERR_TOO_LONG;
		return NULL;
	}
	char *c = malloc(len + 1);
	if (!c) {
		*err = GY_ERR_NOMEM;
		return NULL;
	}
	memcpy(c, s, len);
	c[len] = '\0';
	return c;
}

static bool valid(const struct gy_game *g, int node) { return node >= 0 && node < g->n; }

/* A node for the move `m` from `parent`, at ply `ply`, whose position is `pos`. */
static struct node new_node(gy_move m, int parent, int ply, const struct gy_pos *pos)
{
	return (struct node){.move = m,
			     .parent = parent,
			     .first_child = -1,
			     .next_sibling = -1,
			     .ply = ply,
			     .time_ms = -1,
			     .key = gy_pos_key(pos),
			     .in_check = gy_pos_in_check(pos),
			     .end_time_ms = -1};
}

/* Frees what node `i` holds. */
static void free_node(struct gy_game *g, int i)
{
	free(g->nodes[i].comment);
	free(g->nodes[i].end_comment);
}

enum gy_err gy_game_create(struct gy_game **out, const struct gy_pos *start)
{
	struct gy_game *g = calloc(1, sizeof *g);
	*out = NULL;
	if (!g || !grow((void **)&g->nodes, &g->cap, 1, sizeof *g->nodes))
		goto fail;
	g->start = *start;
	g->n = 1;
	g->nodes[0] = new_node(GY_MOVE_NONE, -1, 0, start);
	g->last = 0;
	g->last_pos = *start;
	*out = g;
	return GY_OK;
fail:
	free(g);
	return GY_ERR_NOMEM;
}

void gy_game_destroy(struct gy_game *g)
{
	if (!g)
		return;
	for (int i = 0; i < g->n; i++)
		free_node(g, i);
	for (int i = 0; i < g->nh; i++) {
		free(g->headers[i].key);
		free(g->headers[i].value);
	}
	free(g->nodes);
	free(g->headers);
	free(g);
}

const struct gy_pos *gy_game_start(const struct gy_game *g) { return &g->start; }

enum gy_err gy_game_set_header(struct gy_game *g, const char *key, const char *value)
{
	enum gy_err err = GY_OK;
	char *v = copy_bounded(value, HEADER_MAX, &err), *k = NULL;
	if (!v)
		return err;
	for (int i = 0; i < g->nh; i++) {
		if (!strcmp(g->headers[i].key, key)) {
			free(g->headers[i].value);
			g->headers[i].value = v;
			return GY_OK;
		}
	}
	k = copy_bounded(key, HEADER_MAX, &err);
	if (!k)
		goto fail;
	if (!grow((void **)&g->headers, &g->caph, g->nh + 1, sizeof *g->headers)) {
		err = GY_ERR_NOMEM;
		goto fail;
	}
	g->headers[g->nh++] = (struct header){k, v};
	return GY_OK;
fail:
	free(k);
	free(v);
	return err;
}

const char *gy_game_header(const struct gy_game *g, const char *key)
{
	for (int i = 0; i < g->nh; i++)
		if (!strcmp(g->headers[i].key, key))
			return g->headers[i].value;
	return NULL;
}

int gy_game_header_count(const struct gy_game *g) { return g->nh; }

void gy_game_header_at(const struct gy_game *g, int i, const char **key, const char **value)
{
	*key = i >= 0 && i < g->nh ? g->headers[i].key : NULL;
	*value = i >= 0 && i < g->nh ? g->headers[i].value : NULL;
}

enum gy_err gy_game_position(const struct gy_game *g, int node, struct gy_pos *pos)
{
	if (!valid(g, node))
		return GY_ERR_ARG;
	if (node == g->last) {
		*pos = g->last_pos;
		return GY_OK;
	}
	/* Collect the path back to the root, then replay it forward. */
	int ply = g->nodes[node].ply;
	int *path = malloc(((size_t)ply + 1) * sizeof *path);
	if (!path)
		return GY_ERR_NOMEM;
	for (int i = ply, k = node; i > 0; i--, k = g->nodes[k].parent)
		path[i - 1] = k;
	*pos = g->start;
	for (int i = 0; i < ply; i++) {
		struct gy_undo u;
		gy_pos_do(pos, g->nodes[path[i]].move, &u);
	}
	free(path);
	return GY_OK;
}

enum gy_err gy_game_add(struct gy_game *g, int node, gy_move m, int *child)
{
	if (!valid(g, node))
		return GY_ERR_ARG;
	int last = -1;
	for (int c = g->nodes[node].first_child; c >= 0; last = c, c = g->nodes[c].next_sibling) {
		if (g->nodes[c].move == m) {
			*child = c;
			return GY_OK;
		}
	}
	struct gy_pos pos;
	enum gy_err err = GY_OK;
	if (node == g->last)
		pos = g->last_pos;
	else
		err = gy_game_position(g, node, &pos);
	if (err)
		return err;
	err = gy_move_check(&pos, m);
	if (err)
		return err;
	if (!grow((void **)&g->nodes, &g->cap, g->n + 1, sizeof *g->nodes))
		return GY_ERR_NOMEM;
	struct gy_undo u;
	gy_pos_do(&pos, m, &u);
	int id = g->n++;
	g->nodes[id] = new_node(m, node, g->nodes[node].ply + 1, &pos);
	if (last < 0)
		g->nodes[node].first_child = id;
	else
		g->nodes[last].next_sibling = id;
	g->last = id;
	g->last_pos = pos;
	*child = id;
	return GY_OK;
}

enum gy_err gy_game_delete(struct gy_game *g, int node)
{
	if (!valid(g, node) || node == 0)
		return GY_ERR_ARG;
	bool *gone = calloc((size_t)g->n, sizeof *gone);
	int *renumber = malloc((size_t)g->n * sizeof *renumber);
	if (!gone || !renumber) {
		free(gone);
		free(renumber);
		return GY_ERR_NOMEM;
	}
	/* Step 1. Unlink the node from its parent's children. */
	int *link = &g->nodes[g->nodes[node].parent].first_child;
	while (*link != node)
		link = &g->nodes[*link].next_sibling;
	*link = g->nodes[node].next_sibling;
	/* Step 2. Mark its subtree: a node comes after its parent, so one pass in order finds it. */
	gone[node] = true;
	for (int i = node + 1; i < g->n; i++)
		gone[i] = gone[g->nodes[i].parent];
	/* Step 3. Number the nodes left in order, and move them down. */
	int k = 0;
	for (int i = 0; i < g->n; i++)
		renumber[i] = gone[i] ? -1 : k++;
	for (int i = 0; i < g->n; i++) {
		if (gone[i]) {
			free_node(g, i);
			continue;
		}
		struct node *d = &g->nodes[renumber[i]];
		*d = g->nodes[i];
		d->parent = d->parent >= 0 ? renumber[d->parent] : -1;
		d->first_child = d->first_child >= 0 ? renumber[d->first_child] : -1;
		d->next_sibling = d->next_sibling >= 0 ? renumber[d->next_sibling] : -1;
	}
	g->n = k;
	g->last = 0;
	g->last_pos = g->start;
	free(gone);
	free(renumber);
	return GY_OK;
}

enum gy_err gy_game_promote(struct gy_game *g, int node)
{
	if (!valid(g, node) || node == 0)
		return GY_ERR_ARG;
	int *link = &g->nodes[g->nodes[node].parent].first_child;
	while (*link != node)
		link = &g->nodes[*link].next_sibling;
	*link = g->nodes[node].next_sibling;
	g->nodes[node].next_sibling = g->nodes[g->nodes[node].parent].first_child;
	g->nodes[g->nodes[node].parent].first_child = node;
	return GY_OK;
}

int gy_game_node_count(const struct gy_game *g) { return g->n; }

int gy_game_parent(const struct gy_game *g, int node) { return valid(g, node) ? g->nodes[node].parent : -1; }
int gy_game_first_child(const struct gy_game *g, int node) { return valid(g, node) ? g->nodes[node].first_child : -1; }
int gy_game_next_sibling(const struct gy_game *g, int node)
{
	return valid(g, node) ? g->nodes[node].next_sibling : -1;
}

int gy_game_main_end(const struct gy_game *g)
{
	int node = 0;
	while (g->nodes[node].first_child >= 0)
		node = g->nodes[node].first_child;
	return node;
}

gy_move gy_game_move(const struct gy_game *g, int node) { return valid(g, node) ? g->nodes[node].move : 0; }
int gy_game_ply(const struct gy_game *g, int node) { return valid(g, node) ? g->nodes[node].ply : -1; }

void gy_game_set_time(struct gy_game *g, int node, int64_t ms)
{
	if (valid(g, node))
		g->nodes[node].time_ms = ms;
}

int64_t gy_game_time(const struct gy_game *g, int node) { return valid(g, node) ? g->nodes[node].time_ms : -1; }

const char *gy_game_comment(const struct gy_game *g, int node)
{
	return valid(g, node) && g->nodes[node].comment ? g->nodes[node].comment : "";
}

enum gy_err gy_game_set_comment(struct gy_game *g, int node, const char *text)
{
	enum gy_err err = GY_OK;
	if (!valid(g, node))
		return GY_ERR_ARG;
	char *c = copy_bounded(text, COMMENT_MAX, &err);
	if (!c)
		return err;
	free(g->nodes[node].comment);
	g->nodes[node].comment = c;
	return GY_OK;
}

/* The winner's result for `color`. */
static enum gy_result wins(int color) { return color == GY_BLACK ? GY_RESULT_BLACK_WINS : GY_RESULT_WHITE_WINS; }

/* Sennichite or perpetual check on the path from the root to `node`. */
static struct gy_verdict judge_repetition(const struct gy_game *g, int node)
{
	struct gy_verdict none = {GY_END_NONE, GY_RESULT_NONE};
	int n = g->nodes[node].ply + 1;
	uint64_t *keys = malloc((size_t)n * sizeof *keys);
	bool *checks = malloc((size_t)n * sizeof *checks);
	if (!keys || !checks)
		goto done;
	for (int i = n - 1, k = node; i >= 0; i--, k = g->nodes[k].parent) {
		keys[i] = g->nodes[k].key;
		checks[i] = g->nodes[k].in_check;
	}
	struct gy_rep rep = gy_repetition(keys, checks, n, g->start.side);
	if (rep.verdict == GY_REP_DRAW)
		none = (struct gy_verdict){GY_END_SENNICHITE, GY_RESULT_DRAW};
	else if (rep.verdict == GY_REP_PERPETUAL)
		none = (struct gy_verdict){GY_END_PERPETUAL_CHECK, wins(rep.loser ^ 1)};
done:
	free(keys);
	free(checks);
	return none;
}

struct gy_rules gy_rules_default(void)
{
	return (struct gy_rules){.strict = false, .impasse = GY_IMPASSE_CSA27, .handicap_bonus = true, .max_moves = 0};
}

struct gy_verdict gy_game_judge(const struct gy_game *g, int node, const struct gy_rules *rules)
{
	struct gy_verdict v = {GY_END_NONE, GY_RESULT_NONE};
	struct gy_pos pos;
	if (gy_game_position(g, node, &pos))
		return v;
	int mover = pos.side ^ 1;
	gy_move m = g->nodes[node].move;
	/* Step 1. The try: the mover's king on the opponent king's start square wins at once. */
	if (rules && rules->impasse == GY_IMPASSE_TRY && m && !gy_move_is_drop(m) && gy_move_moved(m) == GY_KING &&
	    gy_move_to(m) == (mover == GY_BLACK ? gy_make_sq(5, 1) : gy_make_sq(5, 9)))
		return (struct gy_verdict){GY_END_TRY, wins(mover)};
	/* Step 2. No legal move: mate, or (not in check) a loss all the same. */
	if (!gy_has_legal_move(&pos))
		return (struct gy_verdict){gy_pos_in_check(&pos) ? GY_END_CHECKMATE : GY_END_NO_MOVES, wins(mover)};
	/* Step 3. Repetition. */
	v = judge_repetition(g, node);
	if (v.ending != GY_END_NONE)
		return v;
	/* Step 4. The move limit. */
	if (rules && rules->max_moves > 0 && g->nodes[node].ply >= rules->max_moves)
		return (struct gy_verdict){GY_END_MAX_MOVES, GY_RESULT_DRAW};
	return v;
}

/* Clears the ending at `node`, with its time, comment and foul. */
static void clear_ending(struct gy_game *g, int node)
{
	struct node *d = &g->nodes[node];
	d->end = (struct gy_verdict){GY_END_NONE, GY_RESULT_NONE};
	d->end_time_ms = -1;
	free(d->end_comment);
	d->end_comment = NULL;
	d->foul = GY_MOVE_NONE;
}

/* True when `node` is on the main line. */
static bool on_main_line(const struct gy_game *g, int node)
{
	for (int p = g->nodes[node].parent; p >= 0; node = p, p = g->nodes[p].parent)
		if (g->nodes[p].first_child != node)
			return false;
	return true;
}

void gy_game_set_ending(struct gy_game *g, int node, struct gy_verdict v)
{
	if (node < 0 || (valid(g, node) && on_main_line(g, node)))
		for (int n = 0; n >= 0; n = g->nodes[n].first_child)
			if (g->nodes[n].end.ending != GY_END_NONE)
				clear_ending(g, n);
	if (!valid(g, node))
		return;
	clear_ending(g, node);
	if (v.ending == GY_END_CHECKMATE && !g->nodes[node].in_check)
		v.ending = GY_END_NO_MOVES;
	if (v.ending != GY_END_NONE)
		g->nodes[node].end = v;
}

struct gy_verdict gy_game_ending(const struct gy_game *g, int *node)
{
	for (int n = 0; n >= 0; n = g->nodes[n].first_child)
		if (g->nodes[n].end.ending != GY_END_NONE) {
			if (node)
				*node = n;
			return g->nodes[n].end;
		}
	if (node)
		*node = -1;
	return (struct gy_verdict){GY_END_NONE, GY_RESULT_NONE};
}

struct gy_verdict gy_game_node_ending(const struct gy_game *g, int node)
{
	return valid(g, node) ? g->nodes[node].end : (struct gy_verdict){GY_END_NONE, GY_RESULT_NONE};
}

/* True when `node` holds an ending. */
static bool has_ending(const struct gy_game *g, int node)
{
	return valid(g, node) && g->nodes[node].end.ending != GY_END_NONE;
}

void gy_game_set_ending_time(struct gy_game *g, int node, int64_t ms)
{
	if (has_ending(g, node))
		g->nodes[node].end_time_ms = ms;
}

int64_t gy_game_ending_time(const struct gy_game *g, int node)
{
	return has_ending(g, node) ? g->nodes[node].end_time_ms : -1;
}

const char *gy_game_ending_comment(const struct gy_game *g, int node)
{
	return has_ending(g, node) && g->nodes[node].end_comment ? g->nodes[node].end_comment : "";
}

enum gy_err gy_game_set_ending_comment(struct gy_game *g, int node, const char *text)
{
	enum gy_err err = GY_OK;
	if (!has_ending(g, node))
		return GY_ERR_ARG;
	char *c = copy_bounded(text, COMMENT_MAX, &err);
	if (!c)
		return err;
	free(g->nodes[node].end_comment);
	g->nodes[node].end_comment = c;
	return GY_OK;
}

void gy_game_set_ending_foul(struct gy_game *g, int node, gy_move foul)
{
	if (has_ending(g, node) && g->nodes[node].end.ending == GY_END_ILLEGAL_MOVE)
		g->nodes[node].foul = foul;
}

gy_move gy_game_ending_foul(const struct gy_game *g, int node)
{
	return has_ending(g, node) ? g->nodes[node].foul : GY_MOVE_NONE;
}
