#!/usr/bin/env bash
# tests/server/pg.sh: a throw-away PostgreSQL server for the storage tests
# (docs/server.md "Storage"), from Debian's `postgresql` package.
#
#   tests/server/pg.sh start DIR   creates DIR (it must not exist or be empty),
#                                  runs initdb in DIR/data with trust auth, starts
#                                  postgres on 127.0.0.1 at a free port with its
#                                  socket in DIR/sock and its log in DIR/log,
#                                  creates the database `gyoku` and prints its URL:
#                                  postgresql://gyoku@127.0.0.1:PORT/gyoku?sslmode=disable
#   tests/server/pg.sh stop DIR    stops that server and removes DIR (safe to call
#                                  when start failed half-way or DIR is gone).
#
# Trap-friendly use:
#   dir=$(mktemp -d); trap 'tests/server/pg.sh stop "$dir"' EXIT
#   url=$(tests/server/pg.sh start "$dir") || echo "SKIP ..."
#
# The binaries come from $(pg_config --bindir) or /usr/lib/postgresql/*/bin
# (the newest).  As root, initdb and postgres run as the `postgres` user
# (runuser), so DIR's parents must be searchable by it (mktemp -d under /tmp
# is); otherwise they run as the current user.  The cluster Debian may have
# started on 5432 is never used.  On failure, start prints why on stderr,
# leaves nothing running and exits 1.
set -u

die() {
	echo "pg.sh: $*" >&2
	exit 1
}

# The directory holding initdb, pg_ctl and postgres.
find_bindir() {
	local d
	for d in "$(pg_config --bindir 2> /dev/null)" $(printf "%s\n" /usr/lib/postgresql/*/bin | sort -rV); do
		if [ -n "$d" ] && [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] && [ -x "$d/postgres" ]; then
			echo "$d"
			return 0
		fi
	done
	return 1
}

# as_owner CMD...: runs CMD as the user owning the cluster, from / (the caller's
# directory may be closed to that user; every path given is absolute).
as_owner() {
	if [ "$(id -u)" -eq 0 ]; then
		(cd / && runuser -u postgres -- "$@")
	else
		(cd / && "$@")
	fi
}

# port_free PORT: true when nothing accepts connections on 127.0.0.1:PORT.
port_free() { ! (exec 3<> "/dev/tcp/127.0.0.1/$1") 2> /dev/null; }

start() {
	local dir=$1 bin port
	bin=$(find_bindir) || die "no PostgreSQL server binaries (install Debian's postgresql)"
	mkdir -p "$dir" || die "cannot create $dir"
	[ -z "$(ls -A "$dir")" ] || die "$dir is not empty"
	dir=$(cd "$dir" && pwd)
	mkdir -p "$dir/data" "$dir/sock" || die "cannot create $dir/data"
	if [ "$(id -u)" -eq 0 ]; then
		id postgres > /dev/null 2>&1 || die "running as root and there is no postgres user"
		chown -R postgres: "$dir" || die "cannot give $dir to postgres"
	fi
	chmod 700 "$dir/data"
	as_owner "$bin/initdb" -D "$dir/data" -U gyoku -A trust -E UTF8 --locale=C > "$dir/initdb.log" 2>&1 ||
		die "initdb failed: $(tail -3 "$dir/initdb.log" | tr '\n' ' ')"
	for _ in 1 2 3 4 5 6 7 8 9 10; do
		port=$((20000 + (RANDOM * 32768 + RANDOM) % 40000))
		port_free "$port" || continue
		# fsync off: a test cluster that is thrown away needs no durability.
		if as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -t 60 \
			-o "-p $port -h 127.0.0.1 -k '$dir/sock' -c fsync=off -c max_connections=200" start > /dev/null 2>&1; then
			if as_owner "$bin/psql" -X -q -h 127.0.0.1 -p "$port" -U gyoku -d postgres \
				-c 'CREATE DATABASE gyoku' > "$dir/createdb.log" 2>&1; then
				echo "postgresql://gyoku@127.0.0.1:$port/gyoku?sslmode=disable"
				return 0
			fi
			stop_server "$dir" "$bin"
			die "cannot create the database: $(tail -3 "$dir/createdb.log" | tr '\n' ' ')"
		fi
		# Another process may have taken the port between the check and the start.
		grep -q 'could not bind\|Address already in use' "$dir/log" 2> /dev/null ||
			die "postgres did not start: $(tail -3 "$dir/log" 2> /dev/null | tr '\n' ' ')"
	done
	die "no free port found"
}

stop_server() {
	local dir=$1 bin=$2
	if [ -f "$dir/data/postmaster.pid" ]; then
		as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w -t 30 stop > /dev/null 2>&1
	fi
}

stop() {
	local dir=$1 bin
	[ -d "$dir" ] || return 0
	dir=$(cd "$dir" && pwd)
	bin=$(find_bindir) && stop_server "$dir" "$bin"
	rm -rf "$dir"
}

case ${1:-} in
start) [ $# -eq 2 ] || die "usage: $0 start DIR"; start "$2" ;;
stop) [ $# -eq 2 ] || die "usage: $0 stop DIR"; stop "$2" ;;
*) die "usage: $0 start DIR | $0 stop DIR" ;;
esac
