#!/usr/bin/env bash
# bench/mate.sh: the mate solver (docs/mate.md) over the tsume problem set:
# per problem the answer, the time, nodes and nodes/second, then the
# totals.  With MICROCOSMOS_SECONDS=N (default 0: skipped) it also tries
# the 1525-ply Microcosmos for N seconds with MICROCOSMOS_MB megabytes
# (its SFEN leaves the defender's hand unsaid: --defender-holds-rest).
# Run from the repository root after `make`: bench/mate.sh
set -u
cd "$(dirname "$0")/.." || exit 1
gyoku=${GYOKU:-bin/gyoku}
mb=${MATE_MB:-256}
total_ms=0 total_nodes=0 n=0 bad=0
printf '%-12s %-10s %-10s %10s %12s %12s\n' id expected answer ms nodes nodes/s
# shellcheck source=bench/micro_tails.sh
. bench/micro_tails.sh
# The problems: the test set, then (when the research data is present) the
# positions 31, 51 and 71 plies before the end of Microcosmos' published solution.
problems() {
	cat tests/data/tsume/*.txt
	micro_tails "$gyoku" 31 51 71 | while IFS=$'\t' read -r k sfen; do
		printf 'micro-%s\t%s\tmate %s\n' "$k" "$sfen" "$k"
	done
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
if [ "$secs" -gt 0 ] && [ -f "$micro_file" ]; then
	echo "Microcosmos (1525 plies), ${secs} s, ${MICROCOSMOS_MB:-2048} MB:"
	/usr/bin/time -f 'max RSS %M KB' "$gyoku" solve "$micro_file" --time "$secs" --memory "${MICROCOSMOS_MB:-2048}" \
		--no-shorten --defender-holds-rest | head -1
fi
