#!/usr/bin/env bash
# bench/mate.sh: the mate solver (docs/mate.md) over the tsume problem set:
# per problem the answer, the time, nodes and nodes/second, then the
# totals.  With MICROCOSMOS_SECONDS=N (default 0: skipped) it also tries
# the 1525-ply Microcosmos for N seconds with MICROCOSMOS_MB megabytes
# (its SFEN leaves the defender's hand unsaid: --defender-holds-rest).
# Run from the repository root after `make`: bench/mate.sh
set -u
cd "$(dirname "$0")/.."
gyoku=${GYOKU:-bin/gyoku}
mb=${MATE_MB:-256}
total_ms=0 total_nodes=0 n=0 bad=0
printf '%-12s %-10s %-10s %10s %12s %12s\n' id expected answer ms nodes nodes/s
file=../shared/research-data/tsume_microcosmos_1525.txt
# The problems: the test set, then (when the research data is present) the
# positions 31, 51 and 71 plies before the end of Microcosmos' published solution.
problems() {
	cat tests/data/tsume/*.txt
	[ -f "$file" ] || return 0
	local sfen moves total k
	sfen=$(sed -n '1s/.*SFEN: //p' "$file")
	moves=$(sed -n 3p "$file")
	total=$(wc -w <<< "$moves")
	for k in 31 51 71; do
		printf 'position sfen %s moves %s\n' "$sfen" "$(cut -d' ' -f1-$((total - k)) <<< "$moves")" \
			> /tmp/gyoku_mate_tail.$$
		printf 'micro-%s\t%s\tmate %s\n' "$k" "$("$gyoku" convert /tmp/gyoku_mate_tail.$$ --from usi --to sfen)" "$k"
	done
	rm -f /tmp/gyoku_mate_tail.$$
}
while IFS=$'\t' read -r id sfen want tags; do
	case $id in '' | '#'*) continue ;; esac
	rules=()
	case ,${tags:-}, in *,tsume-rules,*) rules=(--tsume-rules) ;; esac
	out=$("$gyoku" solve "$sfen" --memory "$mb" "${rules[@]}" 2> /tmp/gyoku_mate_bench.$$)
	err=$(cat /tmp/gyoku_mate_bench.$$)
	got=$(head -1 <<< "$out")
	ms=$(sed -n 's/.*time \([0-9]*\) ms.*/\1/p' <<< "$err")
	nodes=$(sed -n 's/^nodes \([0-9]*\) .*/\1/p' <<< "$err")
	nps=$(sed -n 's/.* nps \([0-9]*\).*/\1/p' <<< "$err")
	[ "$got" = "$want" ] || bad=$((bad + 1))
	printf '%-12s %-10s %-10s %10s %12s %12s\n' "$id" "$want" "$got" "$ms" "$nodes" "$nps"
	total_ms=$((total_ms + ms)) total_nodes=$((total_nodes + nodes)) n=$((n + 1))
done < <(problems)
rm -f /tmp/gyoku_mate_bench.$$
echo "problems: $n, wrong: $bad, time: $total_ms ms, nodes: $total_nodes," \
	"nodes/second: $((total_ms > 0 ? total_nodes * 1000 / total_ms : 0))"
secs=${MICROCOSMOS_SECONDS:-0}
if [ "$secs" -gt 0 ] && [ -f "$file" ]; then
	echo "Microcosmos (1525 plies), ${secs} s, ${MICROCOSMOS_MB:-2048} MB:"
	/usr/bin/time -f 'max RSS %M KB' "$gyoku" solve "$file" --time "$secs" --memory "${MICROCOSMOS_MB:-2048}" \
		--no-shorten --defender-holds-rest | head -1
fi
