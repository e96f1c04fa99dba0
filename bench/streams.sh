#!/usr/bin/env bash
# bench/streams.sh: `make bench`, many event streams on live games
# (docs/server.md "Under load: figures").  Starts `gyoku serve` on a free
# loopback port, first on SQLite (a file in a temporary folder), then on
# PostgreSQL (a throw-away server from tests/server/pg.sh), and runs
# bin/tools/stream_load (bench/stream_load.c, a separate process, one
# thread, epoll) against it: GAMES live games, each moving every MOVE_MS
# (with jitter; 0: as fast as the server answers), watched by STREAMS event
# streams opened at OPEN_RATE per second from many loopback addresses
# (PER_ADDR each, under the server's per-address caps) and held for
# SECONDS; a game ends at MAX_PLIES (200; the side to move resigns) and its
# players start another, its watchers following.  Prints the streams held, moves/second, the delivery time of a
# move to every watcher (p50/p90/p99/max), lost events, the server's memory,
# threads and CPU and the load generator's CPU, next to the goals.  Figures
# only: nothing here fails on timing.  With SERVER_CHECK=1 (tests/run.sh,
# small numbers) it prints a PASS or FAIL line per store, server-load-2.1
# (sqlite) and 2.2 (postgresql): no error, no lost event, a clean stop.
# Builds nothing: run it after `make bin/gyoku bin/tools/stream_load`.
set -u
cd "$(dirname "$0")/.."
streams=${STREAMS:-10000}
games=${GAMES:-100}
# SECONDS from the environment (bash keeps its own SECONDS, the seconds since it started).
seconds=$(printenv SECONDS || echo 60)
move_ms=${MOVE_MS:-1000}
open_rate=${OPEN_RATE:-500}
per_addr=${PER_ADDR:-30}
max_plies=${MAX_PLIES:-200}
stores=${SERVER_STORES:-sqlite postgresql}
check=${SERVER_CHECK:-0}
load=bin/tools/stream_load

for f in bin/gyoku "$load"; do
	if [ ! -x "$f" ]; then
		echo "stream bench: $f is missing (make bin/gyoku bin/tools/stream_load)" >&2
		exit 1
	fi
done
. bench/serve_lib.sh
# The server and the load generator each hold a file descriptor per stream: the soft limit up to the hard one.
ulimit -n "$(ulimit -Hn)" 2> /dev/null
need=$((streams + games + 200))
if [ "$(ulimit -n)" != unlimited ] && [ "$(ulimit -n)" -lt "$need" ]; then
	echo "stream load: the open files limit is $(ulimit -n) (hard $(ulimit -Hn)), below the $need that $streams streams need: raise it (ulimit -Hn, /etc/security/limits.conf) or set STREAMS lower"
fi

[ "$check" = 1 ] || printf 'stream load: %s streams on %s games, a move every %s ms per game, %s s each (change with STREAMS=N GAMES=M SECONDS=S MOVE_MS=T OPEN_RATE=R PER_ADDR=K MAX_PLIES=P SERVER_STORES="sqlite postgresql")\n' \
	"$streams" "$games" "$move_ms" "$seconds"

# bench CASE STORE DB: starts the server on DB, runs the load, stops the server.
bench() {
	local case=$1 store=$2 db=$3 status why= summary
	# The players, 2 x GAMES users, sign up and start their games from 127.0.0.1: the address's write
	# limit is raised (docs/server.md "Rate limits"); each user keeps the default.
	serve_start "stream load" "$case" "$store" "$db" --addr-writes-per-min 1000000 || return
	"$load" --port "$port" --server-pid "$server_pid" --games "$games" --streams "$streams" --seconds "$seconds" \
		--move-ms "$move_ms" --open-rate "$open_rate" --per-addr "$per_addr" --max-plies "$max_plies" --label "$store" 2> "$tmp/load.err" |
		tee "$tmp/load.out"
	status=${PIPESTATUS[0]}
	if [ -s "$tmp/load.err" ]; then
		echo "  messages   $(wc -l < "$tmp/load.err") lines on stderr, the first:"
		head -5 "$tmp/load.err" | sed 's/^/    /'
	fi
	summary=$(grep '^stream_load: ' "$tmp/load.out")
	# field NAME: a field of the summary line.
	field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<< "$summary"; }
	[ "$check" = 1 ] || [ -z "$summary" ] || printf '  goal       %s streams held (held %s at the least), p99 < 250 ms (%s ms), server < 300 MiB (%s MiB at the most)\n' \
		"$streams" "$(field held_min)" "$(field p99_ms)" "$(field rss_max_mib)"
	[ "$status" -eq 0 ] || why="stream_load exited with status $status (errors above)"
	serve_stop
	[ -z "$stop_why" ] || why="${why:+$why; }$stop_why"
	result "$case" "$store" "$why"
}

each_store "stream load" server-load-2.1 server-load-2.2
exit 0
