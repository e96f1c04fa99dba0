#!/usr/bin/env bash
# bench/mate_first.sh: the first proof alone (`gyoku solve SFEN --no-shorten
# --memory 256 --nodes NODES`) of the problems docs/mate.md measures the
# search by, for one build or two in the same run (docs/mate.md "Measured",
# the first proof): per problem the nodes of each build (exact with one
# thread, so the machine's load does not touch them), then the sums per
# group.  The problems: the Microcosmos tails TAILS plies before the end of
# its published solution (the 23 of docs/mate.md unless set; made as
# bench/mate.sh makes them, from ../shared/research-data, skipped when it is
# absent), the classics of bench/mate_peer.txt whose id matches PEER (the
# medium ones and 将棋図巧 1 unless set), and the test set
# (tests/data/tsume/constructed.txt, one sum).  BASE=BIN adds BIN (e.g. the
# code before a change) as the first column; NODES: the node limit per
# problem (12000000; a problem stopped there counts the limit).
# Run from the repository root after `make`: BASE=build/gyoku-base bench/mate_first.sh
set -u
cd "$(dirname "$0")/.." || exit 2
gyoku=${GYOKU:-bin/gyoku}
bins=()
[ -n "${BASE:-}" ] && bins+=("$BASE")
bins+=("$gyoku")
tails=${TAILS:-21 31 33 41 43 51 53 61 63 71 73 81 83 91 93 101 103 111 113 121 131 151 201}
peer=${PEER-^(zukou-00[1-59]|zukou-01[0146]|musou-00[239]|musou-010)$}
nodes=${NODES:-12000000}
# shellcheck source=bench/micro_tails.sh
. bench/micro_tails.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# id <TAB> group <TAB> SFEN <TAB> extra option
problems() {
	# shellcheck disable=SC2086 # TAILS is a list of numbers
	micro_tails "$gyoku" $tails | while IFS=$'\t' read -r k sfen; do
		printf 'tail-%s\ttails\t%s\t\n' "$k" "$sfen"
	done
	if [ -n "$peer" ]; then
		grep -v '^#' bench/mate_peer.txt | while IFS=$'\t' read -r id sfen _; do
			[[ $id =~ $peer ]] && printf '%s\tclassics\t%s\t\n' "$id" "$sfen"
		done
	fi
	grep -v '^#' tests/data/tsume/constructed.txt | while IFS=$'\t' read -r id sfen _ tags; do
		[ -n "$id" ] || continue
		case ,${tags:-}, in *,tsume-rules,*) printf '%s\ttest set\t%s\t--tsume-rules\n' "$id" "$sfen" ;;
		*) printf '%s\ttest set\t%s\t\n' "$id" "$sfen" ;;
		esac
	done
}

problems > "$tmp/problems"
printf '%-12s' problem
for b in "${bins[@]}"; do printf ' %14s' "$(basename "$b")"; done
echo
declare -A sum
groups=()
while IFS=$'\t' read -r id group sfen opt; do
	[[ " ${groups[*]} " == *" $group "* ]] || groups+=("$group")
	line=$(printf '%-12s' "$id")
	opts=()
	[ -n "$opt" ] && opts=("$opt")
	i=0
	for b in "${bins[@]}"; do
		n=$("$b" solve "$sfen" --no-shorten --memory 256 --nodes "$nodes" "${opts[@]}" 2>&1 > /dev/null |
			sed -n 's/^nodes \([0-9]*\) .*/\1/p')
		sum[$group,$i]=$((${sum[$group,$i]:-0} + ${n:-0}))
		line+=$(printf ' %14s' "${n:-?}")
		i=$((i + 1))
	done
	[ "$group" = "test set" ] || echo "$line"
done < "$tmp/problems"
for g in "${groups[@]}"; do
	printf '%-12s' "sum $g"
	for i in "${!bins[@]}"; do printf ' %14s' "${sum[$g,$i]}"; done
	echo
done
