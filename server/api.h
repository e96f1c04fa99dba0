/*
 * server/api.h: the handlers of the JSON API (docs/server.md, "API
 * contract"), called by the router of http.c.  `arg` is the path's
 * variable segment (a game id or a user name), NULL when the route has
 * none.  Each returns the value of the http_* call that queued its
 * response.
 */
#ifndef SERVER_API_H
#define SERVER_API_H

#include "http.h"

/* Accounts (api_auth.c). */
int api_signup(struct http_req *r, const char *arg);
int api_login(struct http_req *r, const char *arg);
int api_logout(struct http_req *r, const char *arg);
int api_password(struct http_req *r, const char *arg);
int api_me(struct http_req *r, const char *arg);
int api_user(struct http_req *r, const char *arg);
int api_health(struct http_req *r, const char *arg);

/* Games (api_games.c). */
int api_game_create(struct http_req *r, const char *arg);
int api_game_list(struct http_req *r, const char *arg);
int api_game_get(struct http_req *r, const char *arg);
int api_game_accept(struct http_req *r, const char *arg);
int api_game_cancel(struct http_req *r, const char *arg);
int api_game_decline(struct http_req *r, const char *arg);
int api_game_move(struct http_req *r, const char *arg);
int api_game_resign(struct http_req *r, const char *arg);
int api_game_abort(struct http_req *r, const char *arg);
int api_game_rematch(struct http_req *r, const char *arg);
int api_game_takeback(struct http_req *r, const char *arg);
int api_game_more_time(struct http_req *r, const char *arg);
int api_game_declare(struct http_req *r, const char *arg);
int api_game_vacation(struct http_req *r, const char *arg);
int api_game_export(struct http_req *r, const char *arg);
int api_import(struct http_req *r, const char *arg);

/* The chat of a game (chat.c). */
int api_game_chat_get(struct http_req *r, const char *arg);
int api_game_chat_post(struct http_req *r, const char *arg);
int api_game_chat_spectators(struct http_req *r, const char *arg);

/* A game's saved review (api_review.c). */
int api_game_review_put(struct http_req *r, const char *arg);
int api_game_review_get(struct http_req *r, const char *arg);
int api_game_review_delete(struct http_req *r, const char *arg);
/*
 * Writes the saved review of game `id` into the comments of `rec`, its
 * record (as read back, mutable) whose main line has `ply` moves, as
 * `gyoku analyse -o` writes them (gy_review_annotate).  0, or 404 when
 * the game has no review, 500 when the review does not fit the record,
 * 503 when the store fails.
 */
struct gy_game;
int api_review_annotate(struct srv *s, const char *id, struct gy_game *rec, int ply);
/* Tsume puzzles (puzzles.c). */
int api_puzzle_themes(struct http_req *r, const char *arg);
int api_puzzle_next(struct http_req *r, const char *arg);
int api_puzzle_daily(struct http_req *r, const char *arg);
int api_puzzle_get(struct http_req *r, const char *arg);
int api_puzzle_move(struct http_req *r, const char *arg);
int api_puzzle_solution(struct http_req *r, const char *arg);

/* The event stream of a game (sse.c). */
int api_game_events(struct http_req *r, const char *arg);

#endif
