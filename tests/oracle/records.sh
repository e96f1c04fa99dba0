#!/usr/bin/env bash
# tests/oracle/records.sh: compares gyoku's reading of every record under
# ../shared/research-data/records/ with two independent libraries pinned in
# tests/oracle/package.json: tsshogi (tests/oracle/records.mjs) and, where
# tsshogi cannot read a file, json-kifu-format (tests/oracle/records_jkf.mjs).
#
# For each file (sorted, numbered records-1.N) it checks, all computed here:
#   - the main-line length: moves after "moves" in `gyoku convert F --to usi`
#     against the oracle's count of real main-line moves;
#   - the final position: `gyoku convert F --to sfen` against the oracle's SFEN of
#     the position after the last main-line move (board, side and hands; the
#     move number too when both agree on it, else reported apart as a note);
#   - the ending: the "special" of the last moves[] element of
#     `gyoku convert F --to jkf`, normalised to records.mjs's words.
# The oracle is tsshogi; for a file tsshogi cannot read (7mai.ki2u: "Invalid
# move: △８二銀"), json-kifu-format, named in the line.  records-2.N does the
# same checks against json-kifu-format for every file it reads, as a
# cross-check of the first oracle.
# Prints PASS records-1.N, FAIL records-1.N: FILE: what differs (gyoku X,
# tsshogi Y), or SKIP records-1.N: FILE: reason when no oracle can read the
# file (records-2.N likewise); one SKIP records-1.0 line when the records,
# node or the oracles are absent.  GYOKU names the gyoku program (default
# bin/gyoku, built when missing).
# Run from the repository root; exits 1 when any case fails.
set -u
cd "$(dirname "$0")/../.." || exit 1
dir=../shared/research-data/records
oracle=tests/oracle
gyoku=${GYOKU:-bin/gyoku}

if [ ! -d "$dir" ]; then
	echo "SKIP records-1.0: $dir is absent"
	exit 0
fi
if ! command -v node >/dev/null 2>&1; then
	echo "SKIP records-1.0: node is not installed"
	exit 0
fi
for lib in tsshogi json-kifu-format; do
	if [ ! -f "$oracle/node_modules/$lib/package.json" ]; then
		echo "SKIP records-1.0: $lib is not installed (npm ci --prefix $oracle)"
		exit 0
	fi
done
if [ "$gyoku" = bin/gyoku ] && [ ! -x bin/gyoku ]; then
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
# json-kifu-format's, likewise.
if ! node "$oracle/records_jkf.mjs" "${files[@]}" > "$tmp/jkf" 2> "$tmp/jkf.err"; then
	echo "FAIL records-1.0: records_jkf.mjs failed: $(head -3 "$tmp/jkf.err" | tr '\n' ' ')"
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

# known FILE ORACLE: the reason `FILE` is listed in records_known.tsv for the
# oracle ORACLE (its third column, tsshogi when empty), or nothing.
known() {
	awk -F '\t' -v b="$(basename "$1")" -v o="$2" \
		'$1 == b && ($3 == "" ? "tsshogi" : $3) == o { print $2; exit }' "$oracle/records_known.tsv"
}

# fail ID FILE MESSAGE [ORACLE]: a FAIL line, or a SKIP with the reason when
# the file is a known difference with ORACLE (default tsshogi).
fail() {
	local why
	why=$(known "$2" "${4:-tsshogi}")
	if [ -n "$why" ]; then
		echo "SKIP $1: $2: known difference: $why ($3)"
	else
		echo "FAIL $1: $2: $3"
		fails=$((fails + 1))
	fi
}

# gyoku_view FILE: sets g_moves, g_end and the SFEN fields gb gs gh gn from
# gyoku's reading of FILE; false with g_err set when gyoku cannot read it.
gyoku_view() {
	local usi sfen jkf
	if ! usi=$("$gyoku" convert "$1" --to usi 2> "$tmp/err"); then
		g_err="gyoku refuses it ($(head -1 "$tmp/err"))"
		return 1
	fi
	if ! sfen=$("$gyoku" convert "$1" --to sfen 2> "$tmp/err") ||
		! jkf=$("$gyoku" convert "$1" --to jkf 2> "$tmp/err"); then
		g_err="gyoku cannot convert it to sfen/jkf ($(head -1 "$tmp/err"))"
		return 1
	fi
	sfen=${sfen%%$'\n'*}
	sfen=${sfen#sfen }
	if [[ $usi == *" moves"* ]]; then
		g_moves=$(wc -w <<< "${usi#* moves}")
	else
		g_moves=0
	fi
	read -r gb gs gh gn <<< "$sfen"
	g_end=$(jkf_ending "$gs" <<< "$jkf") || g_end="(unreadable JKF)"
}

# compare ID FILE ORACLE LINE: one case, gyoku's view of FILE against the
# line of the oracle named ORACLE (FILE moves ending sfen, or FILE ERROR why).
compare() {
	local id=$1 f=$2 who=$3 line=$4 o_moves o_end o_sfen tb tsd th tn diffs msg note
	IFS=$'\t' read -r _ o_moves o_end o_sfen <<< "$line"
	if ! gyoku_view "$f"; then
		fail "$id" "$f" "$g_err but $who reads it"
		return
	fi
	read -r tb tsd th tn <<< "$o_sfen"
	diffs=()
	[ "$g_moves" = "$o_moves" ] || diffs+=("main-line moves (gyoku $g_moves, $who $o_moves)")
	[ "$g_end" = "$o_end" ] || diffs+=("ending (gyoku $g_end, $who $o_end)")
	[ "$gb $gs $gh" = "$tb $tsd $th" ] || diffs+=("final position (gyoku $gb $gs $gh, $who $tb $tsd $th)")
	if [ "${#diffs[@]}" -eq 0 ]; then
		note=""
		[ "$who" = tsshogi ] || note=" ($who)"
		[ "$gn" = "$tn" ] || note="$note (move number differs: gyoku $gn, $who $tn)"
		echo "PASS $id$note"
	else
		msg=$(printf '%s; ' "${diffs[@]}")
		fail "$id" "$f" "${msg%; }" "$who"
	fi
}

# oracle_line TABLE FILE: the line of FILE in the oracle's output TABLE.
oracle_line() {
	awk -F '\t' -v f="$2" '$1 == f { print; exit }' "$1"
}

fails=0
n=0
for f in "${files[@]}"; do
	n=$((n + 1))
	id="records-1.$n"
	ts=$(oracle_line "$tmp/ts" "$f")
	jk=$(oracle_line "$tmp/jkf" "$f")
	if [ -z "$ts" ] || [ -z "$jk" ]; then
		fail "$id" "$f" "no line from records.mjs or records_jkf.mjs"
		continue
	fi
	if [ "$(cut -f2 <<< "$ts")" != ERROR ]; then
		compare "$id" "$f" tsshogi "$ts"
	elif [ "$(cut -f2 <<< "$jk")" != ERROR ]; then
		compare "$id" "$f" json-kifu-format "$jk"
	else
		echo "SKIP $id: $f: no oracle reads it: tsshogi: $(cut -f3 <<< "$ts"); json-kifu-format: $(cut -f3 <<< "$jk")"
	fi
done

# The cross-check: every file against json-kifu-format as well.
n=0
for f in "${files[@]}"; do
	n=$((n + 1))
	id="records-2.$n"
	jk=$(oracle_line "$tmp/jkf" "$f")
	if [ "$(cut -f2 <<< "$jk")" = ERROR ]; then
		echo "SKIP $id: $f: json-kifu-format cannot read it: $(cut -f3 <<< "$jk")"
		continue
	fi
	compare "$id" "$f" json-kifu-format "$jk"
done
[ "$fails" -eq 0 ]
