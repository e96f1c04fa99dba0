/*
 * server/chat.c: the chat routes (docs/server.md "Chat") and the checks
 * of chat.h.  A message is stored and sent as the plain text the user
 * typed (trimmed); pages show it as text.  A post wakes the game's event
 * streams (hub_chat), which send it only to those who may read its room.
 */
#include <microhttpd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "chat.h"
#include "ratelimit.h"
#include "server.h"
#include "sse.h"

static bool is_space(unsigned char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/* Decodes one UTF-8 character of `s` (`n` bytes left) into `*cp`; its length, or 0 when invalid. */
static size_t utf8_next(const unsigned char *s, size_t n, uint32_t *cp)
{
	static const uint32_t min[4] = {0, 0x80, 0x800, 0x10000};
	size_t len = s[0] < 0x80             ? 1
		     : (s[0] & 0xe0) == 0xc0 ? 2
		     : (s[0] & 0xf0) == 0xe0 ? 3
		     : (s[0] & 0xf8) == 0xf0 ? 4
					     : 0;
	if (!len || len > n)
		return 0;
	uint32_t c = len == 1 ? s[0] : s[0] & (0x7f >> len);
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3f);
	}
	if (c < min[len - 1] || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return len;
}

const char *chat_text_check(const char *text, size_t len, char *out)
{
	const unsigned char *s = (const unsigned char *)text;
	while (len > 0 && is_space(s[0]))
		s++, len--;
	while (len > 0 && is_space(s[len - 1]))
		len--;
	if (len == 0)
		return "the message is empty";
	size_t chars = 0;
	for (size_t i = 0; i < len; chars++) {
		uint32_t cp;
		size_t k = utf8_next(s + i, len - i, &cp);
		if (!k)
			return "the message is not valid UTF-8";
		if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f))
			return "the message holds a control character (a line break, a tab inside, ...)";
		i += k;
	}
	if (chars > CHAT_CHARS_MAX || len >= STORE_CHAT_MAX)
		return "the message is longer than 140 characters";
	memcpy(out, s, len);
	out[len] = '\0';
	return NULL;
}

bool chat_may_read(int64_t black, int64_t white, bool over, int64_t user, enum store_chat_room room)
{
	bool player = user > 0 && (user == black || user == white);
	if (room == STORE_CHAT_PLAYERS)
		return player;
	return user > 0 && (!player || over);
}

int chat_room_by_name(const char *word)
{
	for (int k = 0; k < STORE_CHAT_ROOMS; k++)
		if (word && !strcmp(word, store_chat_room_name(k)))
			return k;
	return -1;
}

json_t *chat_message_json(const struct store_chat *m)
{
	return json_pack("{s:I,s:s,s:s,s:s,s:I}", "id", (json_int_t)m->id, "room", store_chat_room_name(m->room),
			 "user", m->name, "text", m->text, "at_ms", (json_int_t)m->at_ms);
}

/* Game `id`'s row into `g`: false after queuing a 404 or a 503. */
static bool chat_game(struct http_req *r, const char *id, struct store_game *g)
{
	enum store_err e = store_game_get(r->srv->store, id, g, NULL, NULL);
	if (e == STORE_NOT_FOUND || e == STORE_ERR_ARG)
		http_error(r, 404, "no such game");
	else if (e)
		http_error(r, 503, "the database failed: try again");
	return !e;
}

static bool game_over(const struct store_game *g) { return g->status == STORE_ENDED || g->status == STORE_CANCELED; }

/* Whether the signed-in user may read `room` of `g`. */
static bool may_read(struct http_req *r, const struct store_game *g, enum store_chat_room room)
{
	return chat_may_read(g->black_user, g->white_user, game_over(g), r->user.id, room);
}

/* Queues the 403 of a room the signed-in user may not read or post in. */
static int refuse_room(struct http_req *r, enum store_chat_room room)
{
	return room == STORE_CHAT_PLAYERS
		       ? http_error(r, 403, "the players' chat is for the two players only")
		       : http_error(r, 403, "the players read the spectators' chat once the game is over");
}

/* GET /api/games/{id}/chat[?room=players|spectators]: the rooms the caller may read, with their messages. */
int api_game_chat_get(struct http_req *r, const char *id)
{
	if (!http_user(r))
		return http_error(r, 401, "sign in to read the chat");
	const char *word = http_query(r, "room");
	int only = word ? chat_room_by_name(word) : -1;
	if (word && only < 0)
		return http_error(r, 400, "room must be players or spectators");
	struct store_game g;
	if (!chat_game(r, id, &g))
		return MHD_YES;
	if (only >= 0 && !may_read(r, &g, (enum store_chat_room)only))
		return refuse_room(r, (enum store_chat_room)only);
	bool on = true;
	if (store_chat_spectators(r->srv->store, id, -1, &on))
		return http_error(r, 503, "the database failed: try again");
	json_t *rooms = json_array();
	for (int k = 0; k < STORE_CHAT_ROOMS && rooms; k++) {
		enum store_chat_room room = (enum store_chat_room)k;
		if ((only >= 0 && k != only) || !may_read(r, &g, room))
			continue;
		struct store_chat *list = NULL;
		int n = 0;
		if (store_chat_list(r->srv->store, id, room, 0, &list, &n)) {
			json_decref(rooms);
			return http_error(r, 503, "the database failed: try again");
		}
		json_t *msgs = json_array();
		for (int i = 0; i < n && msgs; i++)
			json_array_append_new(msgs, chat_message_json(&list[i]));
		free(list);
		bool can_post = room == STORE_CHAT_PLAYERS || on;
		json_array_append_new(rooms, json_pack("{s:s,s:o,s:b}", "room", store_chat_room_name(room), "messages",
						       msgs ? msgs : json_array(), "can_post", can_post));
	}
	return rooms ? http_json(r, 200, json_pack("{s:o,s:b}", "rooms", rooms, "spectators_on", on))
		     : http_error(r, 503, "out of memory");
}

/* POST /api/games/{id}/chat {"room", "text"}. */
int api_game_chat_post(struct http_req *r, const char *id)
{
	if (!http_user(r))
		return http_error(r, 401, "sign in to chat");
	json_t *body = http_body_object(r);
	if (!body)
		return MHD_YES;
	json_t *room_v = json_object_get(body, "room"), *text_v = json_object_get(body, "text");
	int k = json_is_string(room_v) ? chat_room_by_name(json_string_value(room_v)) : -1;
	struct srv *s = r->srv;
	struct store_game g;
	struct store_chat m = {
		.room = k > 0 ? STORE_CHAT_SPECTATORS : STORE_CHAT_PLAYERS, .user = r->user.id, .at_ms = srv_now_ms()};
	const char *why;
	bool on = true;
	char key[32];
	int klen = snprintf(key, sizeof key, "chat:%lld", (long long)r->user.id);
	int64_t wait;
	int ret;
	if (k < 0) {
		ret = http_error(r, 400, "room must be players or spectators");
	} else if (!json_is_string(text_v)) {
		ret = http_error(r, 400, "text must be the message, as a string");
	} else if (!chat_game(r, id, &g)) {
		ret = MHD_YES;
	} else if (!may_read(r, &g, m.room)) {
		ret = refuse_room(r, m.room);
	} else if (m.room == STORE_CHAT_SPECTATORS && store_chat_spectators(s->store, id, -1, &on)) {
		ret = http_error(r, 503, "the database failed: try again");
	} else if (!on) {
		ret = http_error(r, 403, "the players have turned the spectators' chat off");
	} else if ((why = chat_text_check(json_string_value(text_v), json_string_length(text_v), m.text))) {
		ret = http_error(r, 400, "%s", why);
	} else if ((wait = ratelimit_wait(s->chat_limit, key, (size_t)klen, m.at_ms)) > 0) {
		ret = http_too_many(r, wait, "you are sending messages too fast");
	} else {
		ratelimit_fail(s->chat_limit, key, (size_t)klen, m.at_ms);
		memcpy(m.name, r->user.name, sizeof m.name);
		enum store_err e = store_chat_add(s->store, id, &m, CHAT_KEEP);
		if (e) {
			ret = e == STORE_NOT_FOUND ? http_error(r, 404, "no such game")
						   : http_error(r, 503, "the database failed: try again");
		} else {
			hub_chat(s->hub, id);
			json_t *j = chat_message_json(&m);
			ret = j ? http_json(r, 201, j) : http_error(r, 503, "out of memory");
		}
	}
	json_decref(body);
	return ret;
}

/* POST /api/games/{id}/chat/spectators {"on": true|false}: a player opens or closes the spectators' room. */
int api_game_chat_spectators(struct http_req *r, const char *id)
{
	if (!http_user(r))
		return http_error(r, 401, "sign in first");
	json_t *body = http_body_object(r);
	if (!body)
		return MHD_YES;
	json_t *on_v = json_object_get(body, "on");
	struct store_game g;
	bool on = json_is_true(on_v);
	int ret;
	if (!json_is_boolean(on_v))
		ret = http_error(r, 400, "on must be true or false");
	else if (!chat_game(r, id, &g))
		ret = MHD_YES;
	else if (r->user.id != g.black_user && r->user.id != g.white_user)
		ret = http_error(r, 403, "only the players turn the spectators' chat on or off");
	else if (store_chat_spectators(r->srv->store, id, on, &on))
		ret = http_error(r, 503, "the database failed: try again");
	else {
		hub_chat(r->srv->hub, id);
		ret = http_json(r, 200, json_pack("{s:b}", "spectators_on", on));
	}
	json_decref(body);
	return ret;
}
