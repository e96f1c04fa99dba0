#!/usr/bin/env bash
# tests/run.sh [quick|full]: runs the test suites, several at a time, prints
# each suite's count and every failure in a fixed order, and ends with the
# line "N passed, N failed" (plus skipped).  Full output: build/test.log,
# and each suite's own in build/test-logs/NAME.log.
#   quick  (make check) the release unit tests, the command-line cases, the
#          search signature, the match, tune, train and play scripts, the broken
#          puzzles, the layers and the source checks: about a minute on two
#          cores.
#   full   (make test, what CI runs; the default) all of quick, and the
#          shipped puzzle set checked, the sanitizer build's tests, the
#          fuzzers for FUZZ_SECONDS each (5), the independent
#          implementations, PostgreSQL, the web server, the browser board
#          and the engine in WebAssembly.
# TEST_JOBS (default: the number of cores plus one) suites run at once,
# the longest first by the times of the last run (build/test-times.txt, or
# tests/suite-times.txt in a fresh build/).
# Suites that share a resource run one after another in one lane (the
# PostgreSQL server).  Run from the repository root after the binaries are
# built (make check, make test).
set -u
cd "$(dirname "$0")/.."
tier=${1:-full}
case $tier in
quick | full) ;;
*)
	echo "usage: tests/run.sh [quick|full]" >&2
	exit 2
	;;
esac
mkdir -p build
log=build/test.log
logs=build/test-logs
times=build/test-times.txt
rm -rf "$logs" && mkdir -p "$logs"
jobs_max=${TEST_JOBS:-$(($(nproc) + 1))}

# one NAME COMMAND...: a command that is one case, passing when it exits 0.
one() {
	local name=$1
	shift
	if out=$("$@" 2>&1); then echo "PASS $name"; else printf 'FAIL %s: %s\n' "$name" "$(tail -3 <<< "$out" | tr '\n' ' ')"; fi
}

# The gyoku command line (perft output, tsume positions, refusals; convert; shell).
cli() {
	local out
	out=$(bin/gyoku perft startpos 3 | tail -2)
	case $out in "Nodes searched: 25470"$'\n'"Nodes/second: "[0-9]*) echo "PASS cli-1.1" ;; *) echo "FAIL cli-1.1: $out" ;; esac
	out=$(bin/gyoku perft startpos 2 --divide)
	[ "$(grep -c '^[1-9][a-i][1-9][a-i]+\?: 30$' <<< "$out")" = 30 ] && echo "PASS cli-1.2" || echo "FAIL cli-1.2: --divide lines"
	out=$(bin/gyoku perft '4k4/9/9/9/9/9/9/9/9 b R 1' 1 | head -1)
	[ "$out" = "Nodes searched: 80" ] && echo "PASS cli-1.3" || echo "FAIL cli-1.3: tsume position: $out"
	# A one-king SFEN holds only its pieces (docs/rules.md "Notation systems"; White given the rest: 37,098).
	out=$(bin/gyoku perft '4k4/9/9/9/9/9/9/9/9 b 16P 1' 2 | head -1)
	[ "$out" = "Nodes searched: 355" ] && echo "PASS cli-1.6" || echo "FAIL cli-1.6: $out"
	if out=$(bin/gyoku perft 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 x' 1 2>&1); then
		echo "FAIL cli-1.4: an illegal position was accepted"
	else
		grep -q 'unexpected text after the SFEN at column 65' <<< "$out" && echo "PASS cli-1.4" || echo "FAIL cli-1.4: $out"
	fi
	out=$(printf 'position startpos moves 7g7f 3c3d\nmoves\n8h2b+\nP*5e\nquit\n' | bin/gyoku shell)
	grep -q '^39 moves$' <<< "$out" && grep -q 'P\*5e: the piece to drop is not in hand' <<< "$out" && echo "PASS cli-1.5" || echo "FAIL cli-1.5: $out"
	# gyoku convert (include/gyoku/record.h): one game through every format ends in the same position.
	local want got fmt
	want=$(bin/gyoku convert tests/data/kif/even.kifu --to usi)
	for fmt in csa kif kifu ki2 ki2u jkf usi; do
		got=$(bin/gyoku convert tests/data/kif/even.kifu --to "$fmt" | bin/gyoku convert - --from "$fmt" --to usi)
		[ "$got" = "$want" ] && echo "PASS cli-2.$fmt" || echo "FAIL cli-2.$fmt: '$got' instead of '$want'"
	done
	got=$(bin/gyoku convert tests/data/kif/even.kifu --to hodges | head -2 | tr '\n' ' ')
	[ "$got" = "1. P-7f 2. P-3d " ] && echo "PASS cli-3.1" || echo "FAIL cli-3.1: $got"
	if got=$(bin/gyoku convert tests/data/kif/illegal.kifu --to usi 2>&1); then
		echo "FAIL cli-3.2: an illegal record was accepted"
	else
		grep -q '(ply 3; the moves before it are kept)' <<< "$got" && grep -q '^position startpos moves [^ ]* [^ ]*$' <<< "$got" \
			&& echo "PASS cli-3.2" || echo "FAIL cli-3.2: $got"
	fi
}

# gyoku solve (docs/mate.md "`gyoku solve`"): a SFEN, KIF and CSA problems, nomate, timeout, the tsume rules.
mate_cli() {
	local out f i=2
	out=$(bin/gyoku solve '4B2bk/9/9/5N3/6GN1/9/9/9/K8 b P 1' 2> /dev/null)
	[ "$out" = "mate 5"$'\n'"☗３三角不成 ☖１二玉 ☗１三歩 ☖２三玉 ☗２四金"$'\n'"5a3c 1a1b P*1c 1b2c 3e2d" ] \
		&& echo "PASS mate-cli-1.1" || echo "FAIL mate-cli-1.1: $out"
	for f in tests/data/tsume/uchifuzume.kif tests/data/tsume/uchifuzume.csa; do
		out=$(bin/gyoku solve "$f" 2> /dev/null | head -1)
		[ "$out" = "mate 5" ] && echo "PASS mate-cli-1.$i" || echo "FAIL mate-cli-1.$i: $f: $out"
		i=$((i + 1))
	done
	out=$(bin/gyoku solve '8k/9/5B1G1/9/9/9/9/9/9 b P 1' 2> /dev/null)
	[ "$out" = "nomate" ] && echo "PASS mate-cli-2.1" || echo "FAIL mate-cli-2.1: $out"
	out=$(bin/gyoku solve '9/9/9/9/9/9/9/9/k8 b 2R2B 1' --defender-holds-rest --time 0.2 2> /dev/null)
	[ "$out" = "timeout" ] && echo "PASS mate-cli-2.2" || echo "FAIL mate-cli-2.2: $out"
	out=$(bin/gyoku solve '8k/6S2/7G1/9/R8/9/9/9/9 b - 1' --defender-holds-rest --tsume-rules 2> /dev/null | head -1)
	[ "$out" = "mate 1" ] && echo "PASS mate-cli-3.1" || echo "FAIL mate-cli-3.1: $out"
	# A line the limits cut short is never a "mate N" answer (docs/mate.md "Complete or not"), and a
	# refinement the limits stop still leaves the complete line of the last proof, held as it was
	# found (docs/mate.md "Shortest mate and the line", 3).  4.1: the 25-ply problem under the tsume
	# rules, stopped by the node limit with a 1 MB table: the first proof's 25-ply line, not proven
	# shortest (before: "mate <= 25 (line incomplete)", exit 3; before that "mate 1" and one move,
	# exit 0); 4.2: the same with room in the table; 4.3: without the tsume rules, a complete mate
	# of at least 15 plies, the shortest (before: "mate <= N (line incomplete)", exit 3).
	local p25='5+B1R1/5pP1k/6+b1p/9/4+p1p2/7N1/7+R1/9/9 b S3N4g3s4l13p 1' st err=build/mate-cli-4.err
	mkdir -p build
	out=$(bin/gyoku solve "$p25" --tsume-rules --nodes 150000 --memory 1 2> "$err")
	st=$?
	[ "$(head -1 <<< "$out")" = "mate 25" ] && [ "$(sed -n 3p <<< "$out" | wc -w)" = 25 ] && [ $st = 0 ] \
		&& grep -q 'not proven shortest' "$err" \
		&& echo "PASS mate-cli-4.1" || echo "FAIL mate-cli-4.1: exit $st: $out"
	out=$(bin/gyoku solve "$p25" --tsume-rules --nodes 150000 --memory 16 2> /dev/null)
	st=$?
	[ "$(head -1 <<< "$out")" = "mate 25" ] && [ "$(sed -n 3p <<< "$out" | wc -w)" = 25 ] && [ $st = 0 ] \
		&& echo "PASS mate-cli-4.2" || echo "FAIL mate-cli-4.2: exit $st: $out"
	out=$(bin/gyoku solve '9/9/9/9/4k4/9/9/9/K8 b RBGS 1' --nodes 300000 --memory 1 2> /dev/null)
	st=$?
	[[ "$(head -1 <<< "$out")" =~ ^"mate "([0-9]+)$ ]] && [ "${BASH_REMATCH[1]}" -ge 15 ] \
		&& [ "$(sed -n 3p <<< "$out" | wc -w)" = "${BASH_REMATCH[1]}" ] && [ $st = 0 ] \
		&& echo "PASS mate-cli-4.3" || echo "FAIL mate-cli-4.3: exit $st: $out"
	rm -f "$err"
	# The exit status tells the answer (docs/mate.md "`gyoku solve`"): 0 mate, 1 no mate,
	# 2 usage or input error, 3 timeout (before: 0 for every answer, 1 for a bad position).
	local want_st=(0 1 3 2 2 2) args a
	i=1
	for args in "4B2bk/9/9/5N3/6GN1/9/9/9/K8 b P 1" "8k/9/5B1G1/9/9/9/9/9/9 b P 1" \
		"9/9/9/9/9/9/9/9/k8 b 2R2B4g4s4n4l18p 1|--time|0.2" "9/9/9/9/9/9/9/9/9 b - 1" \
		"8k/9/9/9/9/9/9/9/9 b G 1|--sideways" "tests/data/no-such-file.kif"; do
		IFS='|' read -r -a a <<< "$args"
		bin/gyoku solve "${a[@]}" > /dev/null 2>&1
		st=$?
		[ $st = "${want_st[$((i - 1))]}" ] && echo "PASS mate-cli-5.$i" \
			|| echo "FAIL mate-cli-5.$i: gyoku solve ${a[*]} exited $st, not ${want_st[$((i - 1))]}"
		i=$((i + 1))
	done
	# A SFEN means what it says (docs/mate.md "`gyoku solve`"); the defender holds the rest only when asked.
	# Without the option White holds nothing, so R9e-1e mates at once; with it White
	# interposes (tsume-5.1, 7 plies).  Before, both gave 7.
	out=$(bin/gyoku solve '8k/6S2/7G1/9/R8/9/9/9/9 b - 1' 2> /dev/null | head -1)
	[ "$out" = "mate 1" ] && echo "PASS mate-cli-6.1" || echo "FAIL mate-cli-6.1: $out"
	out=$(bin/gyoku solve '8k/6S2/7G1/9/R8/9/9/9/9 b - 1' --defender-holds-rest 2> /dev/null | head -1)
	[ "$out" = "mate 7" ] && echo "PASS mate-cli-6.2" || echo "FAIL mate-cli-6.2: $out"
	# 6.3: the same problem as a Shift_JIS KIF whose White hand is 残りの駒全部 (before: refused).
	out=$(bin/gyoku solve tests/data/kif/rest_sjis.kif 2> /dev/null | head -1)
	[ "$out" = "mate 7" ] && echo "PASS mate-cli-6.3" || echo "FAIL mate-cli-6.3: $out"
	# 6.4-6.5: a problem file is read as the record it is (record.h): EUC-JP KIF (before: an encoding
	# error, the extension taken for Shift_JIS), and a KIF whose first line has a '/' (before: read as a SFEN).
	out=$(bin/gyoku solve tests/data/kif/rest_eucjp.kif 2>&1 | head -1)
	[ "$out" = "mate 7" ] && echo "PASS mate-cli-6.4" || echo "FAIL mate-cli-6.4: $out"
	mkdir -p build/mate-cli
	{ printf '# a problem from a collection 1/2\n'; cat tests/data/kif/rest.kifu; } > build/mate-cli/slash.kifu
	out=$(bin/gyoku solve build/mate-cli/slash.kifu 2>&1 | head -1)
	[ "$out" = "mate 7" ] && echo "PASS mate-cli-6.5" || echo "FAIL mate-cli-6.5: $out"
	# gyoku solve --check (docs/mate.md "`gyoku solve --check`"; the cases of tests/data/tsume/check.tsv in
	# t_mate): the summary line first and the exit status: 0 sound, 1 unsound or no mate, 2 usage, 3 unknown.
	# 7.1: a sound mate in 5 (a KIF); 7.2: 余詰 at ply 3; 7.3: only on the last move (tolerated); 7.4: 駒余り;
	# 7.5: no mate; 7.6: the limits; 7.7: a KIF whose defender holds the rest, R9a mating as R1e does.
	local checks=("tests/data/tsume/uchifuzume.kif" "7b1/8k/6+B2/5N3/6GNG/9/9/9/K8 b - 1"
		"7b1/8k/6B2/5N3/6GNG/9/9/9/K8 b P 1" "7b1/8k/6+B2/5N3/6GN1/9/9/9/K8 b P 1"
		"8k/9/9/9/9/9/9/9/K8 b R 1" "4B2bk/9/9/5N3/6GN1/9/9/9/K8 b P 1|--nodes|1" "tests/data/kif/rest_sjis.kif")
	local want=("sound|0" "unsound: 2 alternative mates|1" "sound|0" "unsound: 1 piece left in hand|1"
		"unsound: no mate|1" "unknown (limits)|3" "unsound: 2 alternative mates|1")
	for i in 1 2 3 4 5 6 7; do
		IFS='|' read -r -a a <<< "${checks[$((i - 1))]}"
		out=$(bin/gyoku solve "${a[@]}" --check 2> /dev/null)
		st=$?
		[ "$(head -1 <<< "$out")|$st" = "${want[$((i - 1))]}" ] && echo "PASS mate-cli-7.$i" \
			|| echo "FAIL mate-cli-7.$i: ${a[*]}: exit $st: $out"
	done
	out=$(bin/gyoku solve "7b1/8k/6+B2/5N3/6GNG/9/9/9/K8 b - 1" --check 2> /dev/null)
	grep -q '^ply 3: alternative mate (余詰): ☗１四金 (1e1d) mates in 3 plies, 3 left$' <<< "$out" \
		&& grep -q '^2e1c+ 1b1c 1e2d 1c1b 2d2c$' <<< "$out" && echo "PASS mate-cli-7.8" || echo "FAIL mate-cli-7.8: $out"
	out=$(bin/gyoku solve "7b1/8k/6B2/5N3/6GNG/9/9/9/K8 b P 1" --check 2> /dev/null)
	grep -q '^ply 3: alternative mate on the last move (最終手余詰, tolerated): ☗２四金左 (3e2d) mates in 1 ply, 1 left$' \
		<<< "$out" && echo "PASS mate-cli-7.9" || echo "FAIL mate-cli-7.9: $out"
	out=$(bin/gyoku solve "7b1/8k/6+B2/5N3/6GN1/9/9/9/K8 b P 1" --check 2> /dev/null)
	grep -q '^pieces left in hand (駒余り): 歩1$' <<< "$out" && echo "PASS mate-cli-7.10" || echo "FAIL mate-cli-7.10: $out"
	out=$(bin/gyoku solve "4p3k/9/6G2/9/R8/9/9/9/9 b S3p 1" --check 2> /dev/null)
	grep -q '^ply 4: futile interposition (無駄合), not counted: ☖１三歩 (P\*1c)$' <<< "$out" \
		&& echo "PASS mate-cli-7.11" || echo "FAIL mate-cli-7.11: $out"
	bin/gyoku solve "8k/9/8P/9/9/9/9/9/K8 b G 1" --check --sideways > /dev/null 2>&1
	st=$?
	[ $st = 2 ] && echo "PASS mate-cli-7.12" || echo "FAIL mate-cli-7.12: exit $st for a bad option"
	# --threads N (docs/mate.md "Threads"): 8.1 the KIF problem of 6.x with two threads, the same length and
	# a whole line; 8.2 the check of a composition with two threads; 8.3 a count out of range is a usage error.
	out=$(bin/gyoku solve tests/data/kif/rest.kifu --threads 2 2> /dev/null)
	st=$?
	[ "$(head -1 <<< "$out")" = "mate 7" ] && [ "$(sed -n 3p <<< "$out" | wc -w)" = 7 ] && [ $st = 0 ] \
		&& echo "PASS mate-cli-8.1" || echo "FAIL mate-cli-8.1: exit $st: $out"
	out=$(bin/gyoku solve "7b1/8k/6+B2/5N3/6GNG/9/9/9/K8 b - 1" --check --threads 2 2> /dev/null | head -1)
	[ "$out" = "unsound: 2 alternative mates" ] && echo "PASS mate-cli-8.2" || echo "FAIL mate-cli-8.2: $out"
	bin/gyoku solve "8k/9/8P/9/9/9/9/9/K8 b G 1" --threads 0 > /dev/null 2>&1
	st=$?
	[ $st = 2 ] && echo "PASS mate-cli-8.3" || echo "FAIL mate-cli-8.3: exit $st for --threads 0"
}

# The search signature (docs/style.md rule 12; docs/engine.md "Measuring"): `gyoku-usi bench`
# must print the node count in tests/data/bench_signature.txt, and the same count when run again.
bench_signature() {
	local want got again
	want=$(tr -d ' \n' < tests/data/bench_signature.txt)
	got=$(bin/gyoku-usi bench | sed -n 's/^Nodes searched: //p')
	if [ "$got" = "$want" ]; then
		echo "PASS bench-1.1"
	else
		echo "FAIL bench-1.1: gyoku-usi bench searched $got nodes, tests/data/bench_signature.txt says $want (search changed: update the file and end the commit message with 'Bench: $got')"
	fi
	again=$(bin/gyoku-usi bench | sed -n 's/^Nodes searched: //p')
	[ "$again" = "$got" ] && echo "PASS bench-1.2" || echo "FAIL bench-1.2: a second run searched $again nodes, the first $got"
}

# Full legal-move sets against shogiops on positions from random play (docs/core.md "How it is checked").
oracle() {
	if ! command -v node > /dev/null || [ ! -d tests/oracle/node_modules ]; then
		echo "SKIP oracle-1.1: node or tests/oracle/node_modules missing (scripts/deps.sh installs them)"
		return
	fi
	one oracle-1.1 bash -c 'set -o pipefail; bin/tools/randpos 20261121 100000 | node tests/oracle/legal.mjs'
}

# The browser board's own logic (web/test/, node --test): SFEN and moves, promotion choice, clocks.
web_unit() {
	local rc
	node --test --test-reporter=tap web/test/ > build/web-unit.tap 2>&1
	rc=$?
	sed -n 's/^ok [0-9]* - \(.*\)/PASS web: \1/p; s/^not ok [0-9]* - \(.*\)/FAIL web: \1/p' build/web-unit.tap
	return $rc
}

# libFuzzer on every parser for FUZZ_SECONDS each (longer runs: make fuzz).
fuzz() {
	local i=0 f
	for f in bin/fuzz/*; do
		[ -x "$f" ] || continue
		i=$((i + 1))
		mkdir -p "build/corpus/$(basename "$f")"
		# Seeds: the shared seeds and the record test files (only the first folder is written to).
		one "fuzz-1.$i" "$f" -max_total_time="${FUZZ_SECONDS:-5}" -seed=1 "build/corpus/$(basename "$f")" \
			tests/fuzz/seeds tests/data/csa tests/data/kif tests/data/jkf tests/data/movelist
	done
}

style() {
	one style-1.1 scripts/checksrc.sh
	if command -v clang-format > /dev/null; then
		one style-1.2 bash -c 'git ls-files "*.c" "*.h" | xargs clang-format --dry-run -Werror'
	else
		echo "SKIP style-1.2: clang-format not installed"
	fi
	if [ -x web/node_modules/.bin/prettier ]; then
		one style-1.3 bash -c 'git ls-files "*.js" "*.mjs" | xargs web/node_modules/.bin/prettier --check --log-level warn'
	else
		echo "SKIP style-1.3: web/node_modules missing (scripts/deps.sh installs prettier)"
	fi
}

# The suites, in the order they are reported: name, lane (suites of one lane run one after
# another, in this order; "-": a lane of its own), and the command as shell words.
names=() lanes=() cmds=()
# suite [-l LANE] NAME COMMAND...: adds a suite; its output must have PASS/FAIL/SKIP lines.
suite() {
	local lane=-
	[ "$1" = -l ] && lane=$2 && shift 2
	names+=("$1") lanes+=("$lane")
	shift
	cmds+=("$(printf '%q ' "$@")")
}

for t in bin/tests/t_*; do
	suite "$(basename "$t")" "$t"
done
if [ "$tier" = full ]; then
	for t in bin/debug/tests/t_*; do
		case $(basename "$t") in
		t_perft) suite "debug/t_perft" "$t" --max-nodes 1000000 ;;
		t_kinds) suite "debug/t_kinds" "$t" 3000 ;;
		t_mate) suite "debug/t_mate" "$t" --quick ;;
		*) suite "debug/$(basename "$t")" "$t" ;;
		esac
	done
fi
suite cli cli
# What every command says on its command line: --help, --version, numbers, files (tests/data/cli.txt).
suite cli-args tests/cli.sh
[ "$tier" = full ] && suite debug/cli-args env GYOKU_BIN=bin/debug tests/cli.sh
# gyoku analyse: game review at fixed nodes or depth (tests/data/analyse.txt).
suite cli-analyse tests/cli.sh tests/data/analyse.txt
[ "$tier" = full ] && suite debug/cli-analyse env GYOKU_BIN=bin/debug tests/cli.sh tests/data/analyse.txt
suite mate-cli mate_cli
suite bench bench_signature
suite docs tests/docs.sh
# gyoku match against fake engines and fairy-stockfish (docs/engine.md "Measuring"), release and sanitizer builds.
suite match tests/match.sh
[ "$tier" = full ] && suite debug/match env GYOKU=bin/debug/gyoku tests/match.sh
# gyoku selfplay and gyoku tune, the evaluation's tuning tools (docs/tuning.md), release and sanitizer builds.
suite tune tests/tune.sh
[ "$tier" = full ] && suite debug/tune env GYOKU=bin/debug/gyoku tests/tune.sh
# gyoku selfplay --packed and --pack-text, the network's training data (docs/nnue.md "Data"), release and sanitizer builds.
suite packed tests/packed.sh
[ "$tier" = full ] && suite debug/packed env GYOKU=bin/debug/gyoku tests/packed.sh
# gyoku train, the NNUE trainer (docs/nnue.md "Training"), release and sanitizer builds.
suite train tests/train.sh
[ "$tier" = full ] && suite debug/train env GYOKU=bin/debug/gyoku tests/train.sh
# gyoku puzzles, the tsume puzzle set (docs/puzzles.md): broken puzzles rejected; in the full tier also the
# shipped set checked by the solver and partly made again (about a minute of one core).
if [ "$tier" = full ]; then
	suite puzzles tests/puzzles.sh
	suite debug/puzzles env GYOKU=bin/debug/gyoku tests/puzzles.sh --broken
else
	suite puzzles tests/puzzles.sh --broken
fi
# gyoku play, the terminal game (docs/play.md): scripted sessions and a pseudo-terminal, release and sanitizer builds.
suite play tests/play.sh
[ "$tier" = full ] && suite debug/play env GYOKU=bin/debug/gyoku tests/play.sh

pg_dir=
if [ "$tier" = full ]; then
	suite oracle oracle
	# Every research record against tsshogi: main-line length, ending, final position (include/gyoku/record.h).
	suite records tests/oracle/records.sh
	# The storage layer and the web server on PostgreSQL (docs/server.md "Storage"), against one throw-away server
	# from tests/server/pg.sh, one suite after another in the lane "pg" (they share its database).
	pg_dir=$(mktemp -d)
	trap 'tests/server/pg.sh stop "$pg_dir"' EXIT
	if pg_url=$(tests/server/pg.sh start "$pg_dir" 2> build/pg.log); then
		suite -l pg t_store-pg env GYOKU_TEST_PG="$pg_url" bin/tests/t_store
		suite -l pg debug/t_store-pg env GYOKU_TEST_PG="$pg_url" bin/debug/tests/t_store
	else
		pg_url=
		suite t_store-pg echo "SKIP store-pg: $(tail -1 build/pg.log)"
	fi
	# The web server (docs/server.md, tests/server/): the API transcripts (tests/server/api/*.txt) on SQLite
	# with the release and sanitizer builds and on PostgreSQL, hostile input and the limits (both builds), kill -9
	# and restart on each store, two instances on one PostgreSQL database.  Each server listens on a
	# port of its own (port 0).
	if command -v node > /dev/null; then
		suite server-api node tests/server/api.mjs
		suite debug/server-api node tests/server/api.mjs --bin bin/debug/gyoku --scale 3
		suite server-hostile node tests/server/hostile.mjs
		suite debug/server-hostile node tests/server/hostile.mjs --bin bin/debug/gyoku --scale 3
		suite server-limits node tests/server/limits.mjs
		suite debug/server-limits node tests/server/limits.mjs --bin bin/debug/gyoku --scale 3
		suite server-kill9 node tests/server/kill9.mjs
		suite soak-sqlite env SOAK_STORE=sqlite SOAK_SECONDS=30 SOAK_KILL_S=12 node tests/soak/soak.mjs
		suite server-flood node tests/server/flood.mjs
		suite debug/server-flood node tests/server/flood.mjs --bin bin/debug/gyoku --scale 3
		suite server-puzzles node tests/server/puzzles.mjs
		suite debug/server-puzzles node tests/server/puzzles.mjs --bin bin/debug/gyoku
		if [ -n "$pg_url" ]; then
			suite -l pg server-api-pg node tests/server/api.mjs --db "$pg_url"
			suite -l pg server-kill9-pg node tests/server/kill9.mjs --db "$pg_url"
			suite -l pg server-2inst-pg node tests/server/twoinst.mjs --db "$pg_url"
			# Two instances behind haproxy (docs/deploy.md; SKIP without haproxy).
			suite -l pg server-proxy-pg node tests/server/proxy.mjs --db "$pg_url"
			# A short soak (tests/soak/README.md; `make soak` is the hour): games, spectators and one kill -9.
			suite -l pg soak-pg env SOAK_SECONDS=45 SOAK_KILL_S=25 node tests/soak/soak.mjs --db "$pg_url"
		else
			suite server-pg echo "SKIP server-pg: no PostgreSQL ($(tail -1 build/pg.log))"
		fi
	else
		suite server echo "SKIP server-1.1: node is not installed"
	fi
	suite web web_unit
	# The engine in WebAssembly against the native engine (tests/wasm/run.mjs; SKIP without emscripten's build).
	suite wasm node tests/wasm/run.mjs
	# The board in headless Chromium against its own gyoku serve (docs/server.md): two players, a spectator, a phone.
	suite browser node tests/browser/run.mjs
	# The web server under load (bench/server.sh, bench/server_load.c): a tiny run on SQLite and on a
	# PostgreSQL server of its own that passes when no request failed, no event was lost and the server
	# stopped on SIGTERM.
	suite server-load env SERVER_GAMES=2 SERVER_SPECTATORS=4 SERVER_SECONDS=2 SERVER_CHECK=1 bench/server.sh
	# Event streams on live games from one epoll client (bench/streams.sh, bench/stream_load.c): 200 streams on 4
	# games for 3 s, on SQLite and on PostgreSQL; passes when no stream failed or broke and no event was lost.
	suite server-load-streams env STREAMS=200 GAMES=4 SECONDS=3 MOVE_MS=100 SERVER_CHECK=1 bench/streams.sh
	suite fuzz fuzz
fi
# The layers enforced by the build (docs/design.md "Layers"): breaches tried on make and checksrc.
suite layers tests/layers.sh
suite style style

# run_suite I: runs suite I into $logs/NAME.log, then writes its exit status and seconds to NAME.rc
# (the command in a subshell of its own, so that its variables are not this function's).
run_suite() {
	local f=$logs/${names[$1]//\//-} start=$SECONDS
	(eval "${cmds[$1]}") > "$f.log" 2>&1 < /dev/null
	echo "$? $((SECONDS - start))" > "$f.rc"
}

# Step 1: the lanes, each a list of suite numbers, started the longest first by the last run's times
# (a fresh build/ takes them from tests/suite-times.txt).
[ -s "$times" ] || grep -v '^#' tests/suite-times.txt > "$times" 2> /dev/null
declare -A lane_of lane_time
lane_ids=()
for i in "${!names[@]}"; do
	l=${lanes[$i]}
	[ "$l" = - ] && l=$i
	[ -n "${lane_of[$l]:-}" ] || lane_ids+=("$l")
	lane_of[$l]="${lane_of[$l]:-} $i"
	last=$(awk -v n="${names[$i]}" '$1 == n { print $2 }' "$times")
	lane_time[$l]=$((${lane_time[$l]:-0} + ${last:-0}))
done
order=$(for l in "${lane_ids[@]}"; do echo "${lane_time[$l]} $l"; done | sort -s -k1,1nr | cut -d' ' -f2)

# Step 2: start the lanes, at most $jobs_max at once, and report the suites in their order as they end.
passed=0 failed=0 skipped=0 next=0
: > "$log"
trap 'kill $(jobs -p) 2> /dev/null; [ -n "$pg_dir" ] && tests/server/pg.sh stop "$pg_dir"; exit 130' INT TERM
# report: prints the finished suites from $next on, in order, until one has not finished.
report() {
	local name f rc secs out p fl s
	while [ "$next" -lt "${#names[@]}" ]; do
		name=${names[$next]} f=$logs/${names[$next]//\//-}
		[ -s "$f.rc" ] || return
		read -r rc secs < "$f.rc"
		out=$(cat "$f.log")
		p=$(grep -c '^PASS ' <<< "$out")
		fl=$(grep -c '^FAIL ' <<< "$out")
		s=$(grep -c '^SKIP ' <<< "$out")
		if [ "$rc" -ne 0 ] && [ "$fl" -eq 0 ]; then
			fl=1
			out="$out
FAIL $name: exited with status $rc"
		fi
		printf '== %s (%d s)\n%s\n' "$name" "$secs" "$out" >> "$log"
		passed=$((passed + p)) failed=$((failed + fl)) skipped=$((skipped + s))
		printf '%-28s %4d passed, %d failed, %d skipped  (%d s)\n' "$name" "$p" "$fl" "$s" "$secs"
		grep -E '^(FAIL|SKIP) ' <<< "$out" | head -20
		next=$((next + 1))
	done
}
for l in $order; do
	while [ "$(jobs -pr | wc -l)" -ge "$jobs_max" ]; do
		report
		sleep 0.2
	done
	(for i in ${lane_of[$l]}; do run_suite "$i"; done) &
done
while [ "$next" -lt "${#names[@]}" ]; do
	report
	[ "$next" -lt "${#names[@]}" ] || break
	if [ -z "$(jobs -pr)" ] && [ ! -s "$logs/${names[$next]//\//-}.rc" ]; then
		# Every lane has ended, so this suite never will: a lane was killed.
		echo "FAIL ${names[$next]}: no result (its lane was killed)" >> "$logs/${names[$next]//\//-}.log"
		echo "1 0" > "$logs/${names[$next]//\//-}.rc"
	fi
	sleep 0.2
done
wait
[ -n "$pg_dir" ] && tests/server/pg.sh stop "$pg_dir"
trap - EXIT INT TERM

# The times of this run, for the order of the next (suites of the other tier keep theirs).
for i in "${!names[@]}"; do
	read -r _ secs < "$logs/${names[$i]//\//-}.rc"
	echo "${names[$i]} $secs"
done | awk 'NR == FNR { t[$1] = $2; next } !($1 in t) { print } END { for (n in t) print n, t[n] }' - "$times" \
	2> /dev/null | sort > "$times.new" && mv "$times.new" "$times"

echo "(full output in $log, each suite's in $logs/)"
if [ "$skipped" -gt 0 ]; then
	echo "$passed passed, $failed failed, $skipped skipped"
else
	echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
