/*
 * tests/t_server_units.c: the server's pure parts (docs/server.md): Glicko-2
 * against the worked example of Glickman's paper, the login rate limiter,
 * the write limits' token buckets (docs/server.md "Rate limits"),
 * password hashing, token digests, and the clock's storage text.
 */
#include <math.h>
#include <string.h>

#include <arpa/inet.h>
#include <netinet/in.h>

#include "addr.h"
#include "auth.h"
#include "chat.h"
#include "check.h"
#include "games.h"
#include "glicko.h"
#include "gyoku/gyoku.h"
#include "ratelimit.h"

/* Glickman, "Example of the Glicko-2 system" (2013): 1500/200/0.06 against three opponents. */
static void glicko_cases(struct check_tally *t)
{
	struct glicko p = {1500, 200, 0.06};
	struct glicko_game games[3] = {{1400, 30, 1}, {1550, 100, 0}, {1700, 300, 0}};
	struct glicko q = glicko_update(p, games, 3, 0.5);
	CHECK(t, "server-glicko-1.1", fabs(q.rating - 1464.06) < 0.05, "rating %.3f, want 1464.06", q.rating);
	CHECK(t, "server-glicko-1.2", fabs(q.rd - 151.52) < 0.05, "RD %.3f, want 151.52", q.rd);
	CHECK(t, "server-glicko-1.3", fabs(q.vol - 0.05999) < 0.00001, "volatility %.6f, want 0.05999", q.vol);
	struct glicko idle = glicko_update(p, NULL, 0, 0.5);
	CHECK(t, "server-glicko-1.4", idle.rating == 1500 && idle.rd > 200 && idle.rd < 201,
	      "a period without games: RD %.3f should grow a little", idle.rd);
	struct glicko a = glicko_new(), b = glicko_new();
	struct glicko_game win = {b.rating, b.rd, 1}, loss = {a.rating, a.rd, 0};
	struct glicko a2 = glicko_update(a, &win, 1, 0.5), b2 = glicko_update(b, &loss, 1, 0.5);
	CHECK(t, "server-glicko-1.5", a2.rating > 1600 && fabs((a2.rating - 1500) + (b2.rating - 1500)) < 1e-6,
	      "two new players: %.1f and %.1f should move apart symmetrically", a2.rating, b2.rating);
}

static void ratelimit_cases(struct check_tally *t)
{
	struct ratelimit *rl = ratelimit_create(3, 1000);
	int64_t now = 1000000;
	for (int i = 0; i < 3; i++)
		ratelimit_fail(rl, "bob", 3, now + i);
	CHECK(t, "server-ratelimit-1.1", ratelimit_wait(rl, "bob", 3, now + 10) == 990, "wait %lld, want 990",
	      (long long)ratelimit_wait(rl, "bob", 3, now + 10));
	CHECK(t, "server-ratelimit-1.2", ratelimit_wait(rl, "alice", 5, now + 10) == 0, "another key is not limited");
	CHECK(t, "server-ratelimit-1.3", ratelimit_wait(rl, "bob", 3, now + 1000) == 0, "the window has passed");
	ratelimit_fail(rl, "bob", 3, now + 2000);
	ratelimit_fail(rl, "bob", 3, now + 2001);
	CHECK(t, "server-ratelimit-1.4", ratelimit_wait(rl, "bob", 3, now + 2002) == 0, "2 failures in a new window");
	ratelimit_fail(rl, "bob", 3, now + 2003);
	ratelimit_clear(rl, "bob", 3);
	CHECK(t, "server-ratelimit-1.5", ratelimit_wait(rl, "bob", 3, now + 2004) == 0, "cleared after a success");
	/* Many keys: the table never refuses, and every key keeps counting at least its own failures. */
	char key[16];
	bool all = true;
	for (int i = 0; i < 20000; i++) {
		int n = snprintf(key, sizeof key, "k%d", i);
		for (int j = 0; j < 3; j++)
			ratelimit_fail(rl, key, (size_t)n, now + 5000);
		all &= ratelimit_wait(rl, key, (size_t)n, now + 5000) > 0;
	}
	CHECK(t, "server-ratelimit-1.6", all, "a key just limited is not limited");
	ratelimit_destroy(rl);
}

/* The token buckets of the write limits (docs/server.md "Rate limits"). */
static void bucket_cases(struct check_tally *t)
{
	struct ratebucket *b = ratebucket_create(60, 60);
	int64_t now = 1000000;
	bool ok = true;
	for (int i = 0; i < 60; i++)
		ok &= ratebucket_take(b, "u1", 2, 1, now) == 0;
	int64_t wait = ratebucket_take(b, "u1", 2, 1, now);
	CHECK(t, "server-ratelimit-2.1", ok && wait == 1000, "a burst of 60 then a wait of 1000 ms, got %s and %lld",
	      ok ? "the burst" : "no burst", (long long)wait);
	CHECK(t, "server-ratelimit-2.2", ratebucket_take(b, "u2", 2, 1, now) == 0, "another key is not limited");
	wait = ratebucket_take(b, "u1", 2, 1, now + 999);
	CHECK(t, "server-ratelimit-2.3", wait == 1 && ratebucket_take(b, "u1", 2, 1, now + 1000) == 0,
	      "a token back after 1 s (wait %lld at 999 ms)", (long long)wait);
	ok = true;
	for (int i = 0; i < 6; i++)
		ok &= ratebucket_take(b, "u3", 2, 10, now) == 0;
	wait = ratebucket_take(b, "u3", 2, 10, now);
	CHECK(t, "server-ratelimit-2.4", ok && wait == 10000, "6 writes costing 10, then a wait of 10 s: %lld",
	      (long long)wait);
	ratebucket_refund(b, "u3", 2, 10);
	CHECK(t, "server-ratelimit-2.5", ratebucket_take(b, "u3", 2, 10, now) == 0, "a refund gives the tokens back");
	CHECK(t, "server-ratelimit-2.6",
	      ratebucket_take(b, "u4", 2, 1000, now) == 0 && ratebucket_take(b, "u4", 2, 1, now) > 0,
	      "a cost above the burst takes the burst");
	/* Many keys: the table keeps its size, a spent key stays spent, each new key starts full. */
	char key[16];
	ok = true;
	for (int i = 0; i < 100000; i++) {
		int n = snprintf(key, sizeof key, "k%d", i);
		ok &= ratebucket_take(b, key, (size_t)n, 1, now) == 0;
	}
	CHECK(t, "server-ratelimit-2.7", ok && ratebucket_take(b, "u1", 2, 1, now) > 0,
	      "100000 new keys must each start full, and not free a spent key");
	ratebucket_destroy(b);
	static const char *const addrs[][2] = {
		{"127.0.0.1", "127.0.0.1"},
		{"2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"},
		{"2001:db8:1:2::9", "2001:db8:1:2::/64"},
		{"::ffff:192.0.2.7", "::ffff:192.0.2.7"},
		{"", ""},
	};
	for (size_t i = 0; i < sizeof addrs / sizeof addrs[0]; i++) {
		char k[80];
		ratelimit_addr_key(addrs[i][0], k, sizeof k);
		CHECK(t, "server-ratelimit-2.8", !strcmp(k, addrs[i][1]), "the key of %s is %s, want %s", addrs[i][0],
		      k, addrs[i][1]);
	}
}

static void auth_cases(struct check_tally *t)
{
	char hash[AUTH_HASH_MAX], digest[AUTH_HEX_MAX], tok1[AUTH_HEX_MAX], tok2[AUTH_HEX_MAX];
	CHECK(t, "server-auth-1.1",
	      auth_hash_password("correct horse", 13, hash) && !strncmp(hash, "$argon2id$v=19$", 15), "hash %s", hash);
	CHECK(t, "server-auth-1.2", auth_verify_password(hash, "correct horse", 13), "the right password is refused");
	CHECK(t, "server-auth-1.3", !auth_verify_password(hash, "correct horsf", 13), "a wrong password is accepted");
	CHECK(t, "server-auth-1.4", !auth_verify_password("$argon2i$v=19$m=8,t=1,p=1$c2FsdHNhbHQ$aGFzaA", "x", 1),
	      "only argon2id hashes are accepted");
	auth_digest("abc", 3, digest);
	CHECK(t, "server-auth-1.5", !strcmp(digest, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
	      "SHA-256(abc) = %s", digest);
	CHECK(t, "server-auth-1.6",
	      auth_random_token(tok1) && auth_random_token(tok2) && strlen(tok1) == 64 && strcmp(tok1, tok2),
	      "tokens %s %s", tok1, tok2);
	CHECK(t, "server-auth-1.7", auth_equal("abc", "abc") && !auth_equal("abc", "abd") && !auth_equal("abc", "ab"),
	      "auth_equal");
}

static void clock_cases(struct check_tally *t)
{
	struct gy_time_control tc;
	struct gy_clock c, d;
	char text[STORE_CLOCK_MAX];
	bool ok = !gy_tc_parse(&tc, "3d/v14/auto", 11, NULL) && !gy_clock_start(&c, &tc, GY_WHITE, 1700000000000) &&
		  !gy_clock_vacation(&c, GY_BLACK, 2, 1700000001000);
	game_clock_encode(&c, text);
	ok = ok && game_clock_decode(text, &tc, &d) && !memcmp(&c, &d, sizeof c);
	CHECK(t, "server-clock-1.1", ok, "a correspondence clock with a vacation does not survive its text: %s", text);
	ok = !gy_tc_parse(&tc, "10m+30s*3+5i", 12, NULL) && !gy_clock_start(&c, &tc, GY_BLACK, 5) &&
	     !gy_clock_move(&c, 605000, NULL) && !gy_clock_move(&c, 700000, NULL);
	game_clock_encode(&c, text);
	ok = ok && game_clock_decode(text, &tc, &d) && !memcmp(&c, &d, sizeof c);
	CHECK(t, "server-clock-1.2", ok, "a live clock in byoyomi does not survive its text: %s", text);
	CHECK(t, "server-clock-1.3",
	      !game_clock_decode("1:1,2,3", &tc, &d) &&
		      !game_clock_decode("2:0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0", &tc, &d) &&
		      !game_clock_decode("1:0,0,0,0,0,0,0,0,0,0,0,0,0,0,7,0", &tc, &d),
	      "malformed clock texts are refused");
}

/* The checks of a chat message's text (chat_text_check) and who reads which room (chat_may_read). */
static void chat_cases(struct check_tally *t)
{
	static const struct {
		const char *id, *in;
		size_t len;       /* 0: strlen */
		const char *want; /* the text kept, or NULL when refused */
	} texts[] = {
		{"server-chat-1.1", "  hello  ", 0, "hello"},
		{"server-chat-1.2", "\t\r\n", 0, NULL},
		{"server-chat-1.3", "<b>x</b> & \"y\"", 0, "<b>x</b> & \"y\""},
		{"server-chat-1.4", "a\nb", 0, NULL},
		{"server-chat-1.5", "a\x7f", 0, NULL},
		{"server-chat-1.6", "a\xc2\x85", 0, NULL},         /* U+0085, a C1 control */
		{"server-chat-1.7", "a\0b", 3, NULL},              /* a NUL inside */
		{"server-chat-1.8", "\xc0\xaf", 0, NULL},          /* overlong '/' */
		{"server-chat-1.9", "\xed\xa0\x80", 0, NULL},      /* a surrogate */
		{"server-chat-1.10", "\xf4\x90\x80\x80", 0, NULL}, /* above U+10FFFF */
		{"server-chat-1.11", "\xe5\xb0\x86\xe6", 0, NULL}, /* cut short */
		{"server-chat-1.12", "\xe5\xb0\x86\xe6\xa3\x8b", 0, "将棋"},
		{"server-chat-1.13", "\xf0\x9f\x8e\x89 ok", 0, "\xf0\x9f\x8e\x89 ok"},
	};
	char out[STORE_CHAT_MAX];
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		size_t len = texts[i].len ? texts[i].len : strlen(texts[i].in);
		const char *why = chat_text_check(texts[i].in, len, out);
		bool good = texts[i].want ? !why && !strcmp(out, texts[i].want) : why != NULL;
		CHECK(t, texts[i].id, good, "got %s", why ? why : out);
	}
	char big[4 * 141 + 1] = "";
	for (int i = 0; i < 140; i++)
		strcat(big, "将");
	CHECK(t, "server-chat-1.14", !chat_text_check(big, strlen(big), out), "140 characters of 3 bytes pass");
	strcat(big, "将");
	CHECK(t, "server-chat-1.15", chat_text_check(big, strlen(big), out) != NULL, "141 characters are refused");
	/* Players 1 and 2; 3 a spectator, 0 a visitor. */
	CHECK(t, "server-chat-2.1", chat_may_read(1, 2, false, 2, STORE_CHAT_PLAYERS),
	      "a player reads the players' room");
	CHECK(t, "server-chat-2.2",
	      !chat_may_read(1, 2, false, 3, STORE_CHAT_PLAYERS) && !chat_may_read(1, 2, true, 3, STORE_CHAT_PLAYERS),
	      "a spectator never reads the players' room");
	CHECK(t, "server-chat-2.3",
	      !chat_may_read(1, 2, false, 1, STORE_CHAT_SPECTATORS) &&
		      chat_may_read(1, 2, true, 1, STORE_CHAT_SPECTATORS),
	      "a player reads the spectators' room once the game is over");
	CHECK(t, "server-chat-2.4",
	      chat_may_read(1, 2, false, 3, STORE_CHAT_SPECTATORS) &&
		      !chat_may_read(1, 2, false, 0, STORE_CHAT_SPECTATORS) &&
		      !chat_may_read(1, 0, false, 0, STORE_CHAT_PLAYERS),
	      "a spectator reads the spectators' room, a visitor no room (not even a side without a user)");
}

/* Address sets, texts and forwarding headers (addr.h): --trust-proxy reads only what our proxies added. */
static void addr_cases(struct check_tally *t)
{
	char err[128], buf[ADDR_TEXT_MAX];
	struct addrset *set = addrset_parse("127.0.0.1, ::1,10.0.0.0/8 ,fd00::/8", err, sizeof err);
	CHECK(t, "server-addr-1.1", set != NULL, "a list of addresses and networks parses: %s", err);
	struct sockaddr_in a4 = {.sin_family = AF_INET};
	struct sockaddr_in6 a6 = {.sin6_family = AF_INET6};
	const struct {
		const char *addr;
		bool in;
	} members[] = {{"127.0.0.1", true}, {"127.0.0.2", false}, {"10.1.2.3", true},
		       {"11.0.0.1", false}, {"::1", true},        {"::ffff:127.0.0.1", true},
		       {"fd12::5", true},   {"fe80::1", false},   {"::ffff:10.9.9.9", true}};
	for (size_t i = 0; set && i < sizeof members / sizeof members[0]; i++) {
		const struct sockaddr *sa;
		if (inet_pton(AF_INET, members[i].addr, &a4.sin_addr) == 1)
			sa = (const struct sockaddr *)&a4;
		else if (inet_pton(AF_INET6, members[i].addr, &a6.sin6_addr) == 1)
			sa = (const struct sockaddr *)&a6;
		else
			continue;
		CHECK(t, "server-addr-1.2", addrset_has(set, sa) == members[i].in, "%s %s in the set", members[i].addr,
		      members[i].in ? "should be" : "should not be");
		addr_text(sa, buf, sizeof buf);
		const char *want = !strncmp(members[i].addr, "::ffff:", 7) ? members[i].addr + 7 : members[i].addr;
		CHECK(t, "server-addr-1.3", !strcmp(buf, want), "the text of %s is %s, want %s", members[i].addr, buf,
		      want);
	}
	const char *bad[] = {"127.0.0.1,example.org", "10.0.0.0/33", "::1/129", "1.2.3.4/", "1.2.3.4/x"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct addrset *b = addrset_parse(bad[i], err, sizeof err);
		CHECK(t, "server-addr-1.4", !b && strstr(err, "not an address"), "'%s' refused: %s", bad[i],
		      b ? "accepted" : err);
		addrset_free(b);
	}
	/* The forwarding header: the rightmost entry not ours; what the client put left of it is ignored. */
	const struct {
		const char *value, *want;
	} fwd[] = {{"203.0.113.7", "203.0.113.7"},
		   {"1.1.1.1, 203.0.113.7", "203.0.113.7"},
		   {"1.1.1.1, 203.0.113.7, 10.0.0.2", "203.0.113.7"},
		   {" 2001:db8::7 ", "2001:db8::7"},
		   {"10.0.0.3, 10.0.0.2", "10.0.0.3"},
		   {"", NULL},
		   {"unknown", NULL},
		   {"203.0.113.7, garbage, 10.0.0.2", NULL},
		   {"::ffff:198.51.100.1", "198.51.100.1"}};
	for (size_t i = 0; set && i < sizeof fwd / sizeof fwd[0]; i++) {
		bool ok = addr_forwarded(fwd[i].value, set, buf, sizeof buf);
		CHECK(t, "server-addr-1.5", fwd[i].want ? ok && !strcmp(buf, fwd[i].want) : !ok && !buf[0],
		      "'%s' gives '%s', want '%s'", fwd[i].value, buf, fwd[i].want ? fwd[i].want : "(none)");
	}
	addrset_free(set);
}

int main(void)
{
	struct check_tally t = {0, 0};
	gy_init();
	glicko_cases(&t);
	ratelimit_cases(&t);
	bucket_cases(&t);
	auth_cases(&t);
	clock_cases(&t);
	chat_cases(&t);
	addr_cases(&t);
	return check_exit(&t);
}
