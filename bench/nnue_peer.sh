#!/usr/bin/env bash
# bench/nnue_peer.sh [MOVETIME_MS [ROUNDS]]: the search speed (nodes/second)
# of gyoku-usi with the linear evaluation and with a network (NNUE), next
# to YaneuraOu's NNUE editions, on the same positions in the same run.
#
# The positions are engine/bench.c's.  Every engine searches each one for
# MOVETIME_MS (default 3000) with one thread, a 64 MB hash and no network
# delay, from a new game; ROUNDS times (default 2).  All engines run at
# once, idle but for the one searching, which takes its turn position by
# position, the order rotated each time, so that the machine's load falls
# on all alike.  Nodes/second is nodes / time of the last `info` line of
# each search, summed over the rounds.  Figures only: nothing here passes
# or fails (the machines are shared and noisy).
#
# YaneuraOu (measured, never committed or shipped): built from its source
# in build/peers/yaneuraou/ once, then reused.  The source is a checkout of
# github.com/yaneurao/YaneuraOu, named by YANEURAOU_SRC (its root, holding
# source/Makefile); nothing is downloaded.  Without a build and without
# the source its rows are skipped with a message.  Editions, each with a
# network of random weights in its format (bin/tools/yo_nnue_net; the
# speed depends on the shape, not on the values):
#   yo-halfkp256    YANEURAOU_ENGINE_NNUE, the standard halfkp_256x2-32-32
#   yo-halfkahm128  halfkahm1_128x2-32-32, the shape nearest gyoku's:
#                   HalfKA with the king's side mirrored, 128x2-32-32
#   yo-material     YANEURAOU_ENGINE_MATERIAL (material only), a reference
#                   for the search alone; built only with PEER_MATERIAL=1
# built with its Makefile's `normal` target (LTO), TARGET_CPU=AVX2
# (-O3 -mavx2 -mbmi2), clang++ with lld when present, else g++.
#
# gyoku-nnue: gyoku-usi with `setoption name EvalType value nnue` and
# EvalFile the network GYOKU_NET (a path from the repository root) or, when
# unset, one of random weights from bin/tools/nnue_random; skipped
# with a message while gyoku-usi has no EvalType option.
set -eu
cd "$(dirname "$0")/.."
root=$PWD
ms=${1:-3000}
rounds=${2:-2}
peers=build/peers
mkdir -p "$peers/nets"
exec 3>&1 # for the messages of functions whose output is captured

[ -x bin/gyoku-usi ] || {
	echo "bin/gyoku-usi missing: make bin/gyoku-usi bin/tools/yo_nnue_net"
	exit 1
}

# build_yo TAG EDITION [MAKE ARGS]: the YaneuraOu binary of EDITION in $peers/yaneuraou/TAG/,
# built when missing and YANEURAOU_SRC is set; prints its path, or nothing.
build_yo()
{
	local tag=$1 edition=$2 dir=$peers/yaneuraou/$1
	shift 2
	local bin=$dir/source/YaneuraOu-by-gcc
	if [ -x "$bin" ]; then
		echo "$bin"
		return
	fi
	local src=${YANEURAOU_SRC:-}
	if [ -z "$src" ] || [ ! -f "$src/source/Makefile" ]; then
		echo "$tag: not built in $dir and YANEURAOU_SRC (a YaneuraOu checkout) not set: skipped" >&3
		return
	fi
	local cxx=g++
	if command -v clang++ > /dev/null && command -v ld.lld > /dev/null; then cxx=clang++; fi
	echo "$tag: building $edition from $src with $cxx in $dir (minutes; log: $dir/build.log)" >&3
	rm -rf "$dir" && mkdir -p "$dir" && cp -R "$src/source" "$dir/source"
	if ! (cd "$dir/source" && make -j"$(nproc)" normal YANEURAOU_EDITION="$edition" TARGET_CPU=AVX2 \
		COMPILER="$cxx" PYTHON=python3 "$@") > "$dir/build.log" 2>&1 || [ ! -x "$bin" ]; then
		echo "$tag: build failed (see $dir/build.log): skipped" >&3
		return
	fi
	echo "$bin"
}

# The engines: names, commands and their options (one setoption per line).
names=() cmds=() opts=()
common='USI_Hash 64
Threads 1
NetworkDelay 0'
gyoku_options=$(printf 'usi\nquit\n' | bin/gyoku-usi 2> /dev/null)
if grep -q '^option name EvalType ' <<< "$gyoku_options"; then
	names+=(gyoku-linear) cmds+=(bin/gyoku-usi) opts+=("$common
EvalType linear")
	if [ -n "${GYOKU_NET:-}" ]; then
		# A trained network (its tree is a real one's); relative to the repository root.
		names+=(gyoku-nnue) cmds+=(bin/gyoku-usi) opts+=("$common
EvalFile $root/$GYOKU_NET
EvalType nnue")
	elif [ -x bin/tools/nnue_random ]; then
		net=$peers/nets/gyoku-random.nnue
		[ -s "$net" ] || bin/tools/nnue_random 1 "$net"
		names+=(gyoku-nnue) cmds+=(bin/gyoku-usi) opts+=("$common
EvalFile $root/$net
EvalType nnue")
	else
		echo "gyoku-nnue: bin/tools/nnue_random missing (make bin/tools/nnue_random): skipped"
	fi
else
	names+=(gyoku-linear) cmds+=(bin/gyoku-usi) opts+=("$common")
	echo "gyoku-nnue: gyoku-usi has no EvalType option yet: skipped"
fi

yo_common="$common
NetworkDelay2 0
BookFile no_book"
# add_yo TAG EDITION SHAPE: a YaneuraOu edition with a random network of SHAPE (none: material).
add_yo()
{
	local bin
	bin=$(build_yo "$1" "$2")
	[ -n "$bin" ] || return 0
	local o=$yo_common
	if [ -n "$3" ]; then
		[ -x bin/tools/yo_nnue_net ] || {
			echo "$1: bin/tools/yo_nnue_net missing (make bin/tools/yo_nnue_net): skipped"
			return 0
		}
		local evaldir=$root/$peers/yaneuraou/$1/eval
		mkdir -p "$evaldir"
		[ -s "$evaldir/nn.bin" ] || bin/tools/yo_nnue_net "$3" 1 "$evaldir/nn.bin"
		o="$o
EvalDir $evaldir"
	fi
	names+=("$1") cmds+=("$bin") opts+=("$o")
}
add_yo yo-halfkp256 YANEURAOU_ENGINE_NNUE halfkp_256x2-32-32
add_yo yo-halfkahm128 YANEURAOU_ENGINE_NNUE_halfkahm1_128x2-32-32 halfkahm1_128x2-32-32
if [ "${PEER_MATERIAL:-0}" = 1 ] || [ -x "$peers/yaneuraou/yo-material/source/YaneuraOu-by-gcc" ]; then
	add_yo yo-material YANEURAOU_ENGINE_MATERIAL ""
fi

if [ ${#names[@]} -lt 2 ]; then
	echo "nnue_peer: gyoku-linear alone, nothing to compare it with: skipped"
	exit 0
fi

mapfile -t sfens < <(sed -n 's/^	"\(.*\)",$/\1/p' engine/bench.c)
n=${#names[@]} np=${#sfens[@]}
tmp=$(mktemp -d)
pids=()
cleanup()
{
	for p in "${pids[@]}"; do kill "$p" 2> /dev/null || true; done
	rm -rf "$tmp"
}
trap cleanup EXIT

# Start every engine on FIFOs and wait for readyok; an engine that reports an error loading is dropped.
win=() rout=()
for ((e = 0; e < n; e++)); do
	mkfifo "$tmp/$e.in" "$tmp/$e.out"
	"${cmds[e]}" < "$tmp/$e.in" > "$tmp/$e.out" 2> "$tmp/$e.err" &
	pids+=($!)
	# Opened for reading and writing, which does not wait for the other end: an engine
	# that dies at once leaves reads to time out rather than hang.
	exec {w}<> "$tmp/$e.in" {r}<> "$tmp/$e.out"
	win+=("$w") rout+=("$r")
	{
		echo usi
		while IFS= read -r o; do
			[ -n "$o" ] && echo "setoption name ${o%% *} value ${o#* }"
		done <<< "${opts[e]}"
		echo isready
	} >&"$w"
	log=
	while IFS= read -r -t 120 line <&"$r"; do
		log+="$line"$'\n'
		[ "$line" = readyok ] && break
	done
	bad=$(grep -E '^info string|No such option' <<< "$log" | grep -iE 'error|mismatch|fail|No such option' || true)
	if [ "$line" != readyok ] || [ -n "$bad" ]; then
		echo "${names[e]}: not ready, or an error while loading; dropped${bad:+:}"
		[ -z "$bad" ] || while IFS= read -r b; do echo "  $b"; done <<< "$bad"
		names[e]=
	fi
done

# search E SFEN: one search; prints "nodes ms".
search()
{
	local w=${win[$1]} r=${rout[$1]} last='' line
	printf 'usinewgame\nposition sfen %s\ngo movetime %s\n' "$2" "$ms" >&"$w"
	while IFS= read -r -t $((ms / 1000 + 60)) line <&"$r"; do
		case $line in
		"info "*" nodes "*" time "*) last=$line ;;
		bestmove*) break ;;
		esac
	done
	local nodes time
	nodes=$(sed -n 's/.* nodes \([0-9]*\).*/\1/p' <<< "$last")
	time=$(sed -n 's/.* time \([0-9]*\).*/\1/p' <<< "$last")
	echo "${nodes:-0} ${time:-0}"
}

declare -A nodes=() msec=()
load0=$(cut -d' ' -f1-3 /proc/loadavg 2> /dev/null || echo '?')
for ((round = 0; round < rounds; round++)); do
	for ((p = 0; p < np; p++)); do
		for ((k = 0; k < n; k++)); do
			e=$(((k + p + round) % n))
			[ -n "${names[e]}" ] || continue
			read -r nn tt < <(search "$e" "${sfens[p]}")
			if [ "$nn" = 0 ]; then
				echo "${names[e]}: no nodes on position $((p + 1)) (round $((round + 1)))"
			fi
			nodes[$e,$p]=$((${nodes[$e,$p]:-0} + nn))
			msec[$e,$p]=$((${msec[$e,$p]:-0} + tt))
		done
	done
done
for ((e = 0; e < n; e++)); do
	if [ -n "${names[e]}" ]; then echo quit >&"${win[e]}"; fi
done
wait "${pids[@]}" 2> /dev/null || true
pids=()

cols=()
for ((e = 0; e < n; e++)); do if [ -n "${names[e]}" ]; then cols+=("$e"); fi; done
printf 'nodes/second, %s positions of engine/bench.c, movetime %s ms, %s rounds, one thread, hash 64 MB\n' "$np" "$ms" "$rounds"
printf '(gyoku %s, %s, %s CPUs, load average before and after: %s, %s)\n' \
	"$(git rev-parse --short HEAD 2> /dev/null || echo '?')" "$(date -u +%Y-%m-%d)" "$(nproc)" "$load0" \
	"$(cut -d' ' -f1-3 /proc/loadavg 2> /dev/null || echo '?')"
printf '%-4s' pos
for e in "${cols[@]}"; do printf ' %15s' "${names[e]}"; done
echo
declare -A tn=() tm=()
for ((p = 0; p < np; p++)); do
	printf '%-4s' "$((p + 1))"
	for e in "${cols[@]}"; do
		a=${nodes[$e,$p]:-0} b=${msec[$e,$p]:-0}
		printf ' %15s' "$((b > 0 ? a * 1000 / b : 0))"
		tn[$e]=$((${tn[$e]:-0} + a)) tm[$e]=$((${tm[$e]:-0} + b))
	done
	echo
done
printf '%-4s' all
declare -A nps=()
for e in "${cols[@]}"; do
	nps[${names[e]}]=$((${tm[$e]} > 0 ? ${tn[$e]} * 1000 / ${tm[$e]} : 0))
	printf ' %15s' "${nps[${names[e]}]}"
done
echo
# ratio A B: A's nodes/second over B's, when both ran.
ratio()
{
	local a=${nps[$1]:-0} b=${nps[$2]:-0}
	[ "$a" -gt 0 ] && [ "$b" -gt 0 ] && awk -v a="$a" -v b="$b" -v x="$1" -v y="$2" \
		'BEGIN { printf "nodes/second ratio %s / %s: %.2fx\n", x, y, a / b }'
	return 0
}
ratio gyoku-nnue gyoku-linear
ratio gyoku-nnue yo-halfkp256
ratio gyoku-nnue yo-halfkahm128
ratio gyoku-linear yo-material
ratio gyoku-linear yo-halfkp256
ratio yo-halfkp256 yo-material
ratio yo-halfkahm128 yo-material
