#!/usr/bin/env bash
# bench/mate_threads.sh: `gyoku solve --threads N` against one thread, in
# the same run (docs/mate.md "Threads").  Per problem and per solver run:
# the answer, the wall time, the CPU time (user + system) and the nodes,
# each run its own process; the runs of one problem follow one another,
# so that a change in the machine's load touches them alike.
#
# The problems: the Microcosmos tails TAILS plies before the end of its
# published solution (31 51 71 101 unless set; made as bench/mate.sh
# makes them, from ../shared/research-data, skipped when it is absent),
# then the problems of bench/mate_peer.txt whose id matches PEER (the
# medium classics that solve in seconds unless set; PEER= none).
# THREADS: the thread counts (1 2 unless set); BASE=BIN adds BIN (another
# build, one thread) first, e.g. the code before a change, to compare
# nodes/second at one thread.  ARGS: more options for every run (e.g.
# --no-shorten for the first proof alone); TIME: the limit per run in
# seconds (60); MATE_MB: --memory (256).
# Run from the repository root after `make`: bench/mate_threads.sh
set -u
cd "$(dirname "$0")/.." || exit 1
gyoku=${GYOKU:-bin/gyoku}
base=${BASE:-}
tails=${TAILS:-31 51 71 101}
peer=${PEER-zukou-002|zukou-005|zukou-016|musou-010}
threads=${THREADS:-1 2}
limit=${TIME:-60}
mb=${MATE_MB:-256}
read -r -a extra <<< "${ARGS:-}"
# shellcheck source=bench/micro_tails.sh
. bench/micro_tails.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

problems() {
	# shellcheck disable=SC2086 # TAILS is a list of numbers
	micro_tails "$gyoku" $tails | while IFS=$'\t' read -r k sfen; do
		printf 'micro-%s\t%s\tmate %s\n' "$k" "$sfen" "$k"
	done
	[ -n "$peer" ] && grep -v '^#' bench/mate_peer.txt | grep -E "^($peer)"$'\t' | cut -f1-3
}

# run NAME BIN THREADS SFEN: one line of figures
run() {
	local name=$1 bin=$2 t=$3 sfen=$4 topt=()
	[ "$t" -gt 1 ] && topt=(--threads "$t")
	/usr/bin/time -f '%e %U %S' -o "$tmp/time" "$bin" solve "$sfen" --time "$limit" --memory "$mb" "${topt[@]}" \
		"${extra[@]}" > "$tmp/out" 2> "$tmp/err"
	local ans wall user sys nodes
	ans=$(head -1 "$tmp/out")
	read -r wall user sys < <(tail -1 "$tmp/time")
	nodes=$(sed -n 's/^nodes \([0-9]*\) .*/\1/p' "$tmp/err")
	printf '%-10s %-8s %-22s %8s %8s %12s %10s\n' "" "$name" "$ans" "$wall" \
		"$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')" "$nodes" \
		"$(awk -v n="${nodes:-0}" -v u="$user" -v s="$sys" 'BEGIN { printf "%d", (u + s > 0 ? n / (u + s) : 0) }')"
}

printf '%-10s %-8s %-22s %8s %8s %12s %10s\n' problem solver answer wall_s cpu_s nodes nodes/cpu_s
while IFS=$'\t' read -r id sfen want; do
	printf '%-10s (%s)\n' "$id" "$want"
	[ -n "$base" ] && run base "$base" 1 "$sfen"
	for t in $threads; do
		run "t$t" "$gyoku" "$t" "$sfen"
	done
done < <(problems)
