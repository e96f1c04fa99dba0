#!/usr/bin/env bash
# tests/oracle/records.sh: compares gyoku's reading of every record under
# ../shared/research-data/records/ with tsshogi's (tests/oracle/records.mjs,
# an independent library pinned in tests/oracle/package.json).
#
# For each file (sorted, numbered records-1.N) it checks, all computed here:
#   - the main-line length: moves after "moves" in `gyoku convert F --to usi`
#     against tsshogi's count of real main-line moves;
#   - the final position: `gyoku convert F --to sfen` against tsshogi's SFEN of
#     the position after the last main-line move (board, side and hands; the
#     move number too when both agree on it, else reported apart as a note);
#   - the ending: the "special" of the last moves[] element of
#     `gyoku convert F --to jkf`, normalised to records.mjs's words.
# Prints PASS records-1.N, FAIL records-1.N: FILE: what differs (gyoku X,
# tsshogi Y), or SKIP records-1.N: FILE: reason when tsshogi cannot read the
# file; one SKIP records-1.0 line when the records, node or tsshogi are absent.
# Run from the repository root; exits 1 when any case fails.
set -u
cd "$(dirname "$0")/../.."
dir=../shared/research-data/records
oracle=tests/oracle

if [ ! -d "$dir" ]; then
	echo "SKIP records-1.0: $dir is absent"
	exit 0
fi
if ! command -v node >/dev/null 2>&1; then
	echo "SKIP records-1.0: node is not installed"
	exit 0
fi
if [ ! -f "$oracle/node_modules/tsshogi/package.json" ]; then
	echo "SKIP records-1.0: tsshogi is not installed (npm ci --prefix $oracle)"
	exit 0
fi
if [ ! -x bin/gyoku ]; then
	make -s bin/gyoku >&2 || { echo "FAIL records-1.0: cannot build bin/gyoku"; exit 1; }
fi

mapfile -t files < <(find "$dir" -type f \( -iname '*.kif' -o -iname '*.kifu' -o -iname '*.ki2' \
	-o -iname '*.ki2u' -o -iname '*.csa' -o -iname '*.jkf' \) | LC_ALL=C sort)
if [ "${#files[@]}" -eq 0 ]; then
	echo "SKIP records-1.0: no record under $dir"
	exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# tsshogi's view of every file, in one run.
if ! node "$oracle/records.mjs" "${files[@]}" > "$tmp/ts" 2> "$tmp/ts.err"; then
	echo "FAIL records-1.0: records.mjs failed: $(head -3 "$tmp/ts.err" | tr '\n' ' ')"
	exit 1
fi

# jkf_ending SIDE: reads gyoku's JKF on stdin, prints the normalised ending of
# the main line (SIDE, b or w, is the side to move at the end, for
# +/-ILLEGAL_ACTION, which name the offender rather than the side to move).
jkf_ending() {
	node -e '
const side = process.argv[1];
let s = "";
process.stdin.on("data", (d) => (s += d)).on("end", () => {
  const moves = JSON.parse(s).moves || [];
  const last = moves.length ? moves[moves.length - 1] : null;
  const sp = last && last.special;
  if (!sp) return console.log("none");
  const map = { TORYO: "resign", CHUDAN: "interrupt", SENNICHITE: "sennichite", TIME_UP: "timeup",
    ILLEGAL_MOVE: "illegal-loss", JISHOGI: "jishogi", KACHI: "declaration", HIKIWAKE: "draw",
    MAX_MOVES: "max-moves", TSUMI: "mate", FUZUMI: "nomate" };
  if (sp === "+ILLEGAL_ACTION") return console.log(side === "b" ? "illegal-loss" : "illegal-win");
  if (sp === "-ILLEGAL_ACTION") return console.log(side === "w" ? "illegal-loss" : "illegal-win");
  console.log(map[sp] || "other:" + sp);
});' "$1"
}

# known FILE: the reason `FILE` is listed in records_known.tsv, or nothing.
known() {
	awk -F '\t' -v b="$(basename "$1")" '$1 == b { print $2; exit }' "$oracle/records_known.tsv"
}

# fail ID FILE MESSAGE: a FAIL line, or a SKIP with the reason when the file is a known difference.
fail() {
	local why
	why=$(known "$2")
	if [ -n "$why" ]; then
		echo "SKIP $1: $2: known difference: $why ($3)"
	else
		echo "FAIL $1: $2: $3"
		fails=$((fails + 1))
	fi
}

fails=0
n=0
for f in "${files[@]}"; do
	n=$((n + 1))
	id="records-1.$n"
	line=$(awk -F '\t' -v f="$f" '$1 == f { print; exit }' "$tmp/ts")
	IFS=$'\t' read -r _ ts_moves ts_end ts_sfen <<< "$line"
	if [ -z "$line" ]; then
		fail "$id" "$f" "no line from records.mjs"
		continue
	fi
	if [ "$ts_moves" = ERROR ]; then
		echo "SKIP $id: $f: tsshogi cannot read it: $ts_end"
		continue
	fi
	if ! usi=$(bin/gyoku convert "$f" --to usi 2> "$tmp/err"); then
		fail "$id" "$f" "gyoku refuses it but tsshogi reads it ($(head -1 "$tmp/err"))"
		continue
	fi
	if ! sfen=$(bin/gyoku convert "$f" --to sfen 2> "$tmp/err") ||
		! jkf=$(bin/gyoku convert "$f" --to jkf 2> "$tmp/err"); then
		fail "$id" "$f" "gyoku cannot convert it to sfen/jkf ($(head -1 "$tmp/err"))"
		continue
	fi
	sfen=${sfen%%$'\n'*}
	sfen=${sfen#sfen }
	if [[ $usi == *" moves"* ]]; then
		g_moves=$(wc -w <<< "${usi#* moves}")
	else
		g_moves=0
	fi
	read -r gb gs gh gn <<< "$sfen"
	read -r tb tsd th tn <<< "$ts_sfen"
	g_end=$(jkf_ending "$gs" <<< "$jkf") || g_end="(unreadable JKF)"
	diffs=()
	[ "$g_moves" = "$ts_moves" ] || diffs+=("main-line moves (gyoku $g_moves, tsshogi $ts_moves)")
	[ "$g_end" = "$ts_end" ] || diffs+=("ending (gyoku $g_end, tsshogi $ts_end)")
	[ "$gb $gs $gh" = "$tb $tsd $th" ] || diffs+=("final position (gyoku $gb $gs $gh, tsshogi $tb $tsd $th)")
	if [ "${#diffs[@]}" -eq 0 ]; then
		note=""
		[ "$gn" = "$tn" ] || note=" (move number differs: gyoku $gn, tsshogi $tn)"
		echo "PASS $id$note"
	else
		msg=$(printf '%s; ' "${diffs[@]}")
		fail "$id" "$f" "${msg%; }"
	fi
done
[ "$fails" -eq 0 ]
