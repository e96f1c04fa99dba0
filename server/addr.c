/*
 * server/addr.c: address sets, address texts and forwarding headers
 * (addr.h).  Addresses are compared as 16 bytes: IPv4 as IPv4 mapped into
 * IPv6 (::ffff:a.b.c.d), so "127.0.0.1" matches a peer of an IPv6 socket
 * that accepted an IPv4 client, and a prefix of an IPv4 network counts 96
 * more bits.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "addr.h"
#include "server.h"

struct net {
	uint8_t a[16];
	int bits;
};

struct addrset {
	int n;
	struct net nets[];
};

/* `text` (IPv4 or IPv6, no prefix) as 16 bytes; false when it is neither. */
static bool parse16(const char *text, uint8_t out[16])
{
	struct in_addr v4;
	if (inet_pton(AF_INET, text, &v4) == 1) {
		memset(out, 0, 10);
		out[10] = out[11] = 0xff;
		memcpy(out + 12, &v4, 4);
		return true;
	}
	struct in6_addr v6;
	if (inet_pton(AF_INET6, text, &v6) == 1) {
		memcpy(out, &v6, 16);
		return true;
	}
	return false;
}

static bool is_mapped(const uint8_t a[16])
{
	static const uint8_t prefix[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
	return !memcmp(a, prefix, 12);
}

/* The 16 bytes of `sa`; false for another family. */
static bool sock16(const struct sockaddr *sa, uint8_t out[16])
{
	if (!sa)
		return false;
	if (sa->sa_family == AF_INET) {
		memset(out, 0, 10);
		out[10] = out[11] = 0xff;
		memcpy(out + 12, &((const struct sockaddr_in *)(const void *)sa)->sin_addr, 4);
		return true;
	}
	if (sa->sa_family == AF_INET6) {
		memcpy(out, &((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr, 16);
		return true;
	}
	return false;
}

static void text16(const uint8_t a[16], char *buf, size_t size)
{
	if (!size)
		return;
	buf[0] = '\0';
	if (is_mapped(a))
		inet_ntop(AF_INET, a + 12, buf, (socklen_t)size);
	else
		inet_ntop(AF_INET6, a, buf, (socklen_t)size);
}

static bool net_has(const struct net *n, const uint8_t a[16])
{
	int full = n->bits / 8, rest = n->bits % 8;
	if (memcmp(n->a, a, (size_t)full))
		return false;
	if (!rest)
		return true;
	uint8_t mask = (uint8_t)(0xff << (8 - rest));
	return (n->a[full] & mask) == (a[full] & mask);
}

static bool set_has16(const struct addrset *set, const uint8_t a[16])
{
	for (int i = 0; set && i < set->n; i++)
		if (net_has(&set->nets[i], a))
			return true;
	return false;
}

struct addrset *addrset_parse(const char *list, char *err, size_t err_size)
{
	int cap = 1;
	for (const char *p = list; *p; p++)
		cap += *p == ',';
	struct addrset *set = calloc(1, sizeof *set + sizeof(struct net) * (size_t)cap);
	if (!set) {
		snprintf(err, err_size, "out of memory");
		return NULL;
	}
	const char *p = list;
	while (*p) {
		size_t len = strcspn(p, ","), skip = strspn(p, " \t");
		char item[80];
		const char *start = p + (skip < len ? skip : len);
		size_t n = len - (size_t)(start - p);
		while (n && (start[n - 1] == ' ' || start[n - 1] == '\t'))
			n--;
		p += len + (p[len] == ',');
		if (!n)
			continue;
		if (n >= sizeof item) {
			snprintf(err, err_size, "'%.*s...' is not an address", 20, start);
			addrset_free(set);
			return NULL;
		}
		memcpy(item, start, n);
		item[n] = '\0';
		struct net *net = &set->nets[set->n];
		char *slash = strchr(item, '/');
		long bits = -1;
		if (slash) {
			char *end;
			*slash = '\0';
			bits = strtol(slash + 1, &end, 10);
			if (end == slash + 1 || *end)
				bits = -2;
		}
		if (!parse16(item, net->a) || bits < -1 || bits > (is_mapped(net->a) ? 32 : 128)) {
			if (slash)
				*slash = '/';
			snprintf(err, err_size, "'%s' is not an address or a network (address/bits)", item);
			addrset_free(set);
			return NULL;
		}
		net->bits = bits < 0 ? 128 : (int)bits + (is_mapped(net->a) ? 96 : 0);
		set->n++;
	}
	return set;
}

void addrset_free(struct addrset *set) { free(set); }

bool addrset_has(const struct addrset *set, const struct sockaddr *sa)
{
	uint8_t a[16];
	return sock16(sa, a) && set_has16(set, a);
}

void addr_text(const struct sockaddr *sa, char *buf, size_t size)
{
	uint8_t a[16];
	if (!sock16(sa, a)) {
		if (size)
			buf[0] = '\0';
		return;
	}
	text16(a, buf, size);
}

bool addr_forwarded(const char *value, const struct addrset *proxies, char *buf, size_t size)
{
	if (size)
		buf[0] = '\0';
	if (!value)
		return false;
	/* From the right: the entries our proxies added come last; the first other one is the client. */
	size_t end = strlen(value);
	uint8_t leftmost[16];
	bool any = false;
	while (end > 0) {
		size_t start = end;
		while (start > 0 && value[start - 1] != ',')
			start--;
		size_t a = start, b = end;
		while (a < b && (value[a] == ' ' || value[a] == '\t'))
			a++;
		while (b > a && (value[b - 1] == ' ' || value[b - 1] == '\t'))
			b--;
		char item[80];
		uint8_t addr[16];
		if (b - a < sizeof item) {
			memcpy(item, value + a, b - a);
			item[b - a] = '\0';
			if (parse16(item, addr)) {
				if (!set_has16(proxies, addr)) {
					text16(addr, buf, size);
					return true;
				}
				memcpy(leftmost, addr, 16);
				any = true;
			} else {
				return false; /* not an address where our proxies' nearest one should be */
			}
		} else {
			return false;
		}
		end = start > 0 ? start - 1 : 0;
	}
	if (any) /* every entry is one of our proxies: the leftmost is the nearest to the client */
		text16(leftmost, buf, size);
	return any;
}

bool addr_is_proxy(const struct srv *s, const struct sockaddr *sa)
{
	return s->opts->trust_proxy && s->proxies && addrset_has(s->proxies, sa);
}
