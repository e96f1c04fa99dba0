#!/usr/bin/env bash
# bench/mate_peer.sh: gyoku's mate solver (`gyoku solve`) next to
# KomoringHeights (KH), the strongest open df-pn tsume solver, on the same
# public problems in the same run (docs/mate.md "Against KomoringHeights").
#
# The problems: bench/mate_peer.txt (engine-generated positions and the
# classics of 将棋図巧 and 将棋無双, their sources in its header), then,
# when ../shared/research-data holds Microcosmos, the positions K plies
# before the end of its published solution (made here at run time, as
# bench/mate.sh makes them; nothing of that file enters the repository).
# Classes by the expected length: short (up to 15 plies), medium (17 to
# 49), long (51 and more); the time limit per problem, in seconds, is
# PEER_SHORT_S, PEER_MEDIUM_S, PEER_LONG_S (10, 10, 60 unless set; QUICK=1:
# 2, 3, 5).  PEER_ONLY=REGEX runs the problems whose id matches; PEER_SET=FILE
# reads another set in the same format.
#
# gyoku: `bin/gyoku solve SFEN --time S --memory MB` (MATE_MB, 256 unless
# set, gyoku's default), one process per problem, its wall time (the
# table's set-up included).  KH: its USI engine, one process for the run,
# USI_Hash MB (the same), Threads 1, PostSearchLevel MinLength (its
# default: the proven shortest line), `isready` (which clears its table)
# before each problem, then `go mate MS`; the time from `go mate` to its
# `checkmate` answer.  Every line either prints is replayed by
# bin/tools/mate_line (bench/mate_line.c): complete when every move is
# legal, every attacker move checks and the defender is mated at the end.
#
# Per problem: the expected length, then per solver the answer (mate N,
# nomate, timeout, or "mate<=N" for a proof whose line the limits cut
# short), the verdict and the time.  Verdicts: exact (a complete line of
# the expected length), long or short (a complete line of another length,
# not claimed shortest: gyoku's "not proven shortest", or KH's answer when
# the limit stopped its search: a mate, but its defender need not play the
# longest defence), cut (no complete line: gyoku's "line incomplete"),
# time (no answer in the limit), WRONG (a nomate, a line that does not
# mate, or a length claimed shortest that is not the expected one).  Then per class: problems, exact, WRONG (must be 0),
# complete lines, and the median of gyoku's time over KH's on the
# problems both solved exactly where either took over 0.1 s and neither
# ran into the limit (a search stopped by the limit can still print a
# line of the right length, one it found but had not proven shortest).
#
# KomoringHeights (measured, never linked, copied into the repository or
# shipped): built from its source in build/peers/komoring/ once, then
# reused.  KOMORING_SRC names a checkout of github.com/komori-n/KomoringHeights
# (its root, holding source/Makefile); nothing is downloaded.  Its source/
# is copied to build/peers/komoring/source and built with its Makefile's
# `normal` target, YANEURAOU_EDITION=USER_ENGINE (KH is YaneuraOu's user
# engine), TARGET_CPU=AVX2, clang++ when present, else g++:
#   cd build/peers/komoring/source && make -j2 normal YANEURAOU_EDITION=USER_ENGINE \
#     TARGET_CPU=AVX2 COMPILER=clang++
# giving build/peers/komoring/source/KomoringHeights-by-gcc.  KOMORING_BIN
# names another binary.  Without a binary and without the source, KH's
# columns are skipped with a message and gyoku runs alone.
set -u
cd "$(dirname "$0")/.." || exit 1
gyoku=${GYOKU:-bin/gyoku}
tool=bin/tools/mate_line
mb=${MATE_MB:-256}
if [ "${QUICK:-0}" = 1 ]; then
	lim_short=${PEER_SHORT_S:-2} lim_medium=${PEER_MEDIUM_S:-3} lim_long=${PEER_LONG_S:-5}
else
	lim_short=${PEER_SHORT_S:-10} lim_medium=${PEER_MEDIUM_S:-10} lim_long=${PEER_LONG_S:-60}
fi
only=${PEER_ONLY:-}
set_file=${PEER_SET:-bench/mate_peer.txt}
# shellcheck source=bench/micro_tails.sh
. bench/micro_tails.sh
peers=build/peers

for f in "$gyoku" "$tool"; do
	[ -x "$f" ] || {
		echo "mate_peer: $f missing: make bin/gyoku bin/tools/mate_line"
		exit 1
	}
done

# build_kh: the KH binary, built when missing and KOMORING_SRC is set; prints its path, or nothing.
build_kh()
{
	if [ -n "${KOMORING_BIN:-}" ]; then
		if [ -x "$KOMORING_BIN" ]; then echo "$KOMORING_BIN"; else echo "KH: KOMORING_BIN $KOMORING_BIN is no program: skipped" >&2; fi
		return
	fi
	local dir=$peers/komoring
	local bin=$dir/source/KomoringHeights-by-gcc
	if [ -x "$bin" ]; then
		echo "$bin"
		return
	fi
	local src=${KOMORING_SRC:-}
	if [ -z "$src" ] || [ ! -f "$src/source/Makefile" ]; then
		echo "KH: not built in $dir and KOMORING_SRC (a KomoringHeights checkout) not set: skipped" >&2
		return
	fi
	local cxx=g++
	if command -v clang++ > /dev/null; then cxx=clang++; fi
	echo "KH: building from $src with $cxx in $dir (minutes; log: $dir/build.log)" >&2
	rm -rf "$dir/source" "$dir/obj" && mkdir -p "$dir" && cp -R "$src/source" "$dir/source"
	if ! (cd "$dir/source" && make -j2 normal YANEURAOU_EDITION=USER_ENGINE TARGET_CPU=AVX2 COMPILER="$cxx") \
		> "$dir/build.log" 2>&1 || [ ! -x "$bin" ]; then
		echo "KH: build failed (see $dir/build.log): skipped" >&2
		return
	fi
	echo "$bin"
}

# problems: "id<TAB>SFEN<TAB>mate N" lines, the set's then Microcosmos' tails.
problems()
{
	grep -v '^#' "$set_file" | grep -v '^[[:space:]]*$' | cut -f1-3
	micro_tails "$gyoku" 15 31 49 71 101 151 201 301 | while IFS=$'\t' read -r k sfen; do
		printf 'micro-%s\t%s\tmate %s\n' "$k" "$sfen" "$k"
	done
}

kh=$(build_kh)
tmp=$(mktemp -d)
khpid=
cleanup()
{
	[ -z "$khpid" ] || kill "$khpid" 2> /dev/null || true
	rm -rf "$tmp"
}
trap cleanup EXIT

# Start KH on FIFOs (opened for reading and writing: an engine that dies leaves reads to time out).
if [ -n "$kh" ]; then
	mkfifo "$tmp/in" "$tmp/out"
	(cd "$(dirname "$kh")" && exec "./$(basename "$kh")") < "$tmp/in" > "$tmp/out" 2> "$tmp/err" &
	khpid=$!
	exec {khw}<> "$tmp/in" {khr}<> "$tmp/out"
	printf 'usi\nsetoption name USI_Hash value %s\nsetoption name Threads value 1\nsetoption name PostSearchLevel value MinLength\nsetoption name PvInterval value 0\nisready\n' "$mb" >&"$khw"
	ok=
	while IFS= read -r -t 120 line <&"$khr"; do
		case $line in readyok) ok=1 && break ;; esac
	done
	if [ -z "$ok" ]; then
		echo "KH: not ready: skipped"
		kh=
	fi
fi

# now_ms: the wall clock in milliseconds.
now_ms() { local t=${EPOCHREALTIME/./}; echo $((t / 1000)); }

# verdict EXPECTED ANSWER LINE_CHECK CLAIMS_SHORTEST: exact, long, short, cut, time or WRONG.
verdict()
{
	local want=$1 ans=$2 chk=$3 claims=$4
	case $ans in
	timeout) echo time ;;
	nomate) echo WRONG ;;
	"mate<="*) echo cut ;;
	mate*)
		local n=${ans#mate }
		case $chk in
		"complete $n") ;;
		*) echo WRONG && return ;;
		esac
		if [ "$n" -eq "$want" ]; then
			echo exact
		elif [ "$claims" = 1 ]; then
			echo WRONG
		elif [ "$n" -lt "$want" ]; then
			echo short
		else
			echo long
		fi
		;;
	*) echo WRONG ;;
	esac
}

# check_line SFEN MOVES: mate_line's verdict on the line.
check_line() { printf '%s\t%s\n' "$1" "$2" | "$tool" check; }

# run_gyoku SFEN SECONDS: sets g_ans g_chk g_claim g_ms.
run_gyoku()
{
	local t0 out err
	t0=$(now_ms)
	out=$("$gyoku" solve "$1" --time "$2" --memory "$mb" 2> "$tmp/gerr")
	g_ms=$(($(now_ms) - t0))
	err=$(cat "$tmp/gerr")
	local first
	first=$(head -1 <<< "$out")
	g_chk='' g_claim=0
	case $first in
	"mate <= "*) g_ans="mate<=$(sed -n 's/^mate <= \([0-9]*\).*/\1/p' <<< "$first")" ;;
	"mate "*)
		g_ans=$first
		g_chk=$(check_line "$1" "$(sed -n 3p <<< "$out")")
		grep -q 'not proven shortest' <<< "$err" || g_claim=1
		;;
	nomate | timeout) g_ans=$first ;;
	*) g_ans="error:${first:-$(head -1 <<< "$err")}" ;;
	esac
}

# run_kh SFEN SECONDS: sets k_ans k_chk k_ms.
run_kh()
{
	local line t0 res=''
	printf 'isready\n' >&"$khw"
	while IFS= read -r -t 120 line <&"$khr"; do [ "$line" = readyok ] && break; done
	printf 'position sfen %s\n' "$1" >&"$khw"
	t0=$(now_ms)
	printf 'go mate %s\n' "$(($2 * 1000))" >&"$khw"
	while IFS= read -r -t $(($2 + 60)) line <&"$khr"; do
		case $line in "checkmate"*)
			res=$line
			break
			;;
		esac
	done
	k_ms=$(($(now_ms) - t0))
	if [ -z "$res" ]; then # no answer: stopped, its late answer read and dropped
		printf 'stop\n' >&"$khw"
		while IFS= read -r -t 30 line <&"$khr"; do case $line in "checkmate"*) break ;; esac; done
	fi
	k_chk=''
	case $res in
	"checkmate timeout" | '') k_ans=timeout ;;
	"checkmate nomate") k_ans=nomate ;;
	*)
		local moves=${res#checkmate }
		k_ans="mate $(wc -w <<< "$moves")"
		k_chk=$(check_line "$1" "$moves")
		;;
	esac
}

# class N: short, medium or long.
class() { if [ "$1" -le 15 ]; then echo short; elif [ "$1" -le 49 ]; then echo medium; else echo long; fi; }

printf 'gyoku %s next to KomoringHeights, %s, %s MB each, one thread; limits %s/%s/%s s (short/medium/long)\n' \
	"$(git rev-parse --short HEAD 2> /dev/null || echo '?')" "$(date -u +%Y-%m-%d)" "$mb" "$lim_short" "$lim_medium" "$lim_long"
printf '(%s CPUs, load average before: %s)\n' "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg 2> /dev/null || echo '?')"
[ -n "$kh" ] || echo "KH: absent, gyoku alone"
printf '%-11s %-6s %4s | %-10s %-6s %8s | %-10s %-6s %8s\n' id class want gyoku verdict ms KH verdict ms
rows=$tmp/rows
: > "$rows"
while IFS=$'\t' read -r id sfen want; do
	[ -z "$only" ] || [[ $id =~ $only ]] || continue
	n=${want#mate }
	c=$(class "$n")
	case $c in short) lim=$lim_short ;; medium) lim=$lim_medium ;; *) lim=$lim_long ;; esac
	run_gyoku "$sfen" "$lim"
	gv=$(verdict "$n" "$g_ans" "$g_chk" "$g_claim")
	if [ -n "$kh" ]; then
		run_kh "$sfen" "$lim"
		# KH's line is proven shortest (PostSearchLevel MinLength) when it answers before the limit.
		kv=$(verdict "$n" "$k_ans" "$k_chk" $((k_ms < lim * 950 ? 1 : 0)))
	else
		k_ans=- kv=- k_ms=0
	fi
	printf '%-11s %-6s %4s | %-10s %-6s %8s | %-10s %-6s %8s\n' "$id" "$c" "$n" "$g_ans" "$gv" "$g_ms" "$k_ans" "$kv" "$k_ms"
	printf '%s %s %s %s %s %s %s\n' "$id" "$c" "$gv" "$g_ms" "$kv" "$k_ms" "$((lim * 1000))" >> "$rows"
done < <(problems)

[ -z "$kh" ] || printf 'quit\n' >&"$khw"
echo
echo "Totals (exact: a complete line of the expected length; WRONG must be 0; ratio: the median of"
echo "gyoku's time / KH's on the problems both solved exactly where either took over 0.1 s and"
echo "neither ran into the limit, a search the limit stopped giving a line it had but not proven shortest):"
awk -v kh="${kh:+1}" '
function median(a, n,    i, j, t) {
	for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
{
	c = $2; n[c]++; n["all"]++
	if ($3 == "exact") { ge[c]++; ge["all"]++ }
	if ($3 == "WRONG") { gw[c]++; gw["all"]++ }
	if ($3 == "exact" || $3 == "long" || $3 == "short") { gc[c]++; gc["all"]++ }
	if ($5 == "exact") { ke[c]++; ke["all"]++ }
	if ($5 == "WRONG") { kw[c]++; kw["all"]++ }
	if ($5 == "exact" || $5 == "long" || $5 == "short") { kc[c]++; kc["all"]++ }
	if ($3 == "exact" && $5 == "exact" && ($4 > 100 || $6 > 100) && $6 > 0 && $4 < 0.95 * $7 && $6 < 0.95 * $7) {
		r[c, ++nr[c]] = $4 / $6; r["all", ++nr["all"]] = $4 / $6
	}
}
END {
	printf "%-7s %8s | %-24s | %-24s | %s\n", "class", "problems", "gyoku exact/WRONG/complete", "KH exact/WRONG/complete", "time ratio gyoku/KH (problems)"
	split("short medium long all", cs, " ")
	for (i = 1; i <= 4; i++) {
		c = cs[i]
		if (!n[c]) continue
		ratio = "-"
		if (nr[c]) { delete a; for (j = 1; j <= nr[c]; j++) a[j] = r[c, j]; ratio = sprintf("%.2f (%d)", median(a, nr[c]), nr[c]) }
		printf "%-7s %8d | %8d %7d %8d | %8d %7d %8d | %s\n", c, n[c], ge[c], gw[c], gc[c], \
			kh ? ke[c] : 0, kh ? kw[c] : 0, kh ? kc[c] : 0, kh ? ratio : "-"
	}
}' "$rows"
