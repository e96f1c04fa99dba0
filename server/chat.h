/*
 * server/chat.h: a game's chat (docs/server.md "Chat"): two rooms, the
 * players' (its two players only) and the spectators' (anyone else signed
 * in; its players too once the game is over), messages checked here as
 * plain text, and the JSON of a message.  The routes are in api.h.
 */
#ifndef SERVER_CHAT_H
#define SERVER_CHAT_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "store.h"

enum {
	CHAT_CHARS_MAX = 140, /* a message's characters (code points), once trimmed */
	CHAT_KEEP = 200,      /* the messages kept per game and room: older ones go */
	CHAT_BURST = 5,       /* a user's messages within CHAT_WINDOW_MS, all games together */
	CHAT_WINDOW_MS = 10000
};

/*
 * Checks a message's text (`len` bytes, which may hold a NUL): white space
 * (space, tab, CR, LF) at either end is trimmed, and what remains must be
 * valid UTF-8 (no overlong forms, surrogates or code points above
 * U+10FFFF), hold no control character (U+0000..U+001F, U+007F..U+009F)
 * and have 1..CHAT_CHARS_MAX characters.  Writes it to `out` (at least
 * STORE_CHAT_MAX bytes) and returns NULL, or returns why it is refused.
 */
const char *chat_text_check(const char *text, size_t len, char *out);

/*
 * Whether user `user` (0: a visitor) may read, and post in, room `room`
 * of a game played by users `black` and `white`, over (ended or canceled)
 * or not.  The players' room: its players.  The spectators' room: anyone
 * signed in who does not play it, and its players once it is over.
 */
bool chat_may_read(int64_t black, int64_t white, bool over, int64_t user, enum store_chat_room room);

/* The room named `word` ("players", "spectators"), or -1. */
int chat_room_by_name(const char *word);

/* A message as the API sends it: {"id", "room", "user", "text", "at_ms"}; NULL when out of memory. */
json_t *chat_message_json(const struct store_chat *m);

#endif
