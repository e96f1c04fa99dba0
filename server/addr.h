/*
 * server/addr.h: a client's address (docs/server.md "Concurrency and
 * limits"): the socket's peer, or behind a reverse proxy the address the
 * proxy names in the header the operator trusts (--trust-proxy), read only
 * on connections from the proxies' addresses (--proxy-addr).  Every
 * per-address limit (logins, writes, connections, streams) keys on it.
 */
#ifndef SERVER_ADDR_H
#define SERVER_ADDR_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/socket.h>

struct srv;

/* A set of addresses and networks ("127.0.0.1,::1,10.0.0.0/8,fd00::/8"). */
struct addrset;

enum { ADDR_TEXT_MAX = 64 };

/*
 * Parses a comma-separated list of addresses, each with an optional
 * "/bits" prefix length; NULL with the reason in `err` when an entry is
 * not an IPv4 or IPv6 address (or out of memory).
 */
struct addrset *addrset_parse(const char *list, char *err, size_t err_size);

/* Frees `set`; NULL is allowed. */
void addrset_free(struct addrset *set);

/* True when `sa` (IPv4, IPv6, or IPv4 mapped into IPv6) is in `set`; false for NULL or other families. */
bool addrset_has(const struct addrset *set, const struct sockaddr *sa);

/*
 * The text of `sa` ("192.0.2.1", "2001:db8::1"; an IPv4 address mapped
 * into IPv6 written as IPv4), "" for another family or NULL.
 */
void addr_text(const struct sockaddr *sa, char *buf, size_t size);

/*
 * The client's address in a forwarding header's value ("203.0.113.7,
 * 10.0.0.2"): the rightmost entry that is not one of the proxies of
 * `proxies` (those entries were added by our own proxies; the ones left of
 * the client's are the client's to forge), written as addr_text writes it.
 * False, leaving `buf` "", when no entry is an address.
 */
bool addr_forwarded(const char *value, const struct addrset *proxies, char *buf, size_t size);

/* True when `s` trusts a proxy header (--trust-proxy) and `sa` is one of its proxies (--proxy-addr). */
bool addr_is_proxy(const struct srv *s, const struct sockaddr *sa);

#endif
