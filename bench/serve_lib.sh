# bench/serve_lib.sh: what bench/server.sh and bench/streams.sh share (sourced, not run): a
# temporary folder, `gyoku serve` started and stopped around a load generator, the PASS/FAIL lines
# of SERVER_CHECK=1, and the loop over the stores (SQLite in the temporary folder, PostgreSQL from
# tests/server/pg.sh).  The sourcing script sets `check` (1: PASS/FAIL lines) and `stores`.
tmp=$(mktemp -d)
pg_dir=
server_pid=
serve_cleanup() {
	[ -n "$server_pid" ] && kill -KILL "$server_pid" 2> /dev/null
	[ -n "$pg_dir" ] && tests/server/pg.sh stop "$pg_dir"
	rm -rf "$tmp"
}
trap serve_cleanup EXIT

# result CASE STORE MESSAGE: the PASS/FAIL line of a store (SERVER_CHECK=1 only); an empty MESSAGE passes.
result() {
	[ "$check" = 1 ] || return 0
	if [ -z "$3" ]; then echo "PASS $1 ($2)"; else echo "FAIL $1: $2: $3"; fi
}

# serve_start WHO CASE STORE DB [OPTION...]: starts `gyoku serve` on DB with the options, sets
# `port` and `server_pid`; false (with the message and the FAIL line) when it did not start.
serve_start() {
	local who=$1 case=$2 store=$3 db=$4
	shift 4
	rm -f "$tmp/port"
	bin/gyoku serve --port 0 --port-file "$tmp/port" --db "$db" --web web/dist "$@" \
		> "$tmp/server.out" 2> "$tmp/server.err" &
	server_pid=$!
	for _ in $(seq 100); do
		[ -s "$tmp/port" ] || ! kill -0 "$server_pid" 2> /dev/null && break
		sleep 0.1
	done
	port=$(cat "$tmp/port" 2> /dev/null)
	if [ -z "$port" ]; then
		echo "$who ($store): the server did not start: $(tail -3 "$tmp/server.err" | tr '\n' ' ')"
		result "$case" "$store" "the server did not start"
		kill -KILL "$server_pid" 2> /dev/null
		server_pid=
		return 1
	fi
	echo "  machine    $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) before the run"
}

# serve_stop: SIGTERM, up to 10 s for a clean stop (else SIGKILL, and `stop_why` says so), then the
# first lines of the server's standard error.
serve_stop() {
	stop_why=
	kill -TERM "$server_pid"
	for _ in $(seq 100); do
		kill -0 "$server_pid" 2> /dev/null || break
		sleep 0.1
	done
	if kill -0 "$server_pid" 2> /dev/null; then
		echo "  stop       the server was still running 10 s after SIGTERM: killed"
		stop_why="no clean stop on SIGTERM"
		kill -KILL "$server_pid"
	fi
	wait "$server_pid" 2> /dev/null
	server_pid=
	if [ -s "$tmp/server.err" ]; then
		echo "  server log $(wc -l < "$tmp/server.err") lines on stderr, the first:"
		head -5 "$tmp/server.err" | sed 's/^/    /'
	fi
}

# each_store WHO CASE_SQLITE CASE_PG: runs `bench CASE STORE DB` (the sourcing script's) for each of
# $stores; PostgreSQL is a throw-away server of its own, skipped (SKIP line) when it cannot start.
each_store() {
	local who=$1 url
	for store in $stores; do
		case $store in
		sqlite)
			bench "$2" sqlite "$tmp/gyoku.db"
			;;
		postgresql | pg)
			pg_dir=$(mktemp -d) # its own: the cluster's user must reach it
			if ! url=$(tests/server/pg.sh start "$pg_dir" 2> "$tmp/pg.err"); then
				echo "$who (postgresql): skipped: $(tail -1 "$tmp/pg.err")"
				[ "$check" = 1 ] && echo "SKIP $3: $(tail -1 "$tmp/pg.err")"
				continue
			fi
			bench "$3" postgresql "$url"
			tests/server/pg.sh stop "$pg_dir"
			pg_dir=
			;;
		*) echo "$who: unknown store $store (sqlite, postgresql)" >&2 ;;
		esac
	done
}
