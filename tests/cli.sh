#!/usr/bin/env bash
# tests/cli.sh [FILE]: command-line cases as data (style.md rule 13): runs
# each row of tests/data/cli.txt (or FILE) and prints a PASS/FAIL/SKIP line
# for it.  A row is
#
#   ID | COMMAND | STATUS | EXPECT | EXPECT ...
#
# fields separated by " | " (so a command holds no " | ": give its input
# with in:).  COMMAND is shell text run by bash with bin/ first on PATH
# ($GYOKU_BIN instead: GYOKU_BIN=bin/debug runs the sanitizer build), standard
# input empty, from the repository root; $T is a scratch folder that holds
# an empty file $T/empty.kif and a folder $T/dir.  It must exit with STATUS.  Each EXPECT is
#   out:TEXT  err:TEXT  any:TEXT   TEXT occurs in stdout, stderr, either
#   out~ERE   err~ERE             a line of stdout, stderr matches the regex
#   out=TEXT  err=TEXT            the stream is exactly the line TEXT (err=: empty)
#   in:TEXT                       standard input is TEXT, "\n" a line end
# In COMMAND and EXPECT, $T is the scratch folder and $VERSION is GY_VERSION
# of include/gyoku/version.h.  A row starting "xfail " is expected to fail
# (a fix due in code another change owns; the comment above it says which):
# it prints SKIP while it fails and FAIL once it passes, so that the mark goes.
# A line that is not a row is itself a failing case, cli-line-N.
set -u
cd "$(dirname "$0")/.."
file=${1:-tests/data/cli.txt}
bindir=$(cd "${GYOKU_BIN:-bin}" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gyoku-cli.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
version=$(sed -n 's/^#define GY_VERSION "\(.*\)"$/\1/p' include/gyoku/version.h)
mkdir -p "$tmp/run/dir"
: > "$tmp/run/empty.kif"

# subst TEXT: TEXT with $T and $VERSION replaced.
subst() {
	local s=${1//\$T/$tmp/run}
	printf '%s' "${s//\$VERSION/$version}"
}

# check ID STATUS WANT EXPECT...: compares the run in $tmp/out, $tmp/err with the row; prints nothing or why not.
check() {
	local status=$1 want=$2 e kind text streams
	shift 2
	[ "$status" = "$want" ] || { echo "exit status $status, not $want"; return; }
	for e in "$@"; do
		kind=${e:0:4} text=$(subst "${e:4}")
		case ${kind:0:3} in
		out) streams=("$tmp/out") ;;
		err) streams=("$tmp/err") ;;
		any) streams=("$tmp/out" "$tmp/err") ;;
		in:) continue ;;
		*) echo "unknown expectation '$e'"; return ;;
		esac
		case ${kind:3:1} in
		:) cat "${streams[@]}" | grep -qF -- "$text" || { echo "no '$text' in $kind"; return; } ;;
		'~') cat "${streams[@]}" | grep -qE -- "$text" || { echo "no line matching '$text' in $kind"; return; } ;;
		=) [ "$(cat "${streams[@]}")" = "$text" ] || { echo "$kind is not '$text'"; return; } ;;
		*) echo "unknown expectation '$e'"; return ;;
		esac
	done
}

lineno=0
while IFS= read -r line || [ -n "$line" ]; do
	lineno=$((lineno + 1))
	case $line in '' | '#'*) continue ;; esac
	xfail=
	[ "${line#xfail }" != "$line" ] && xfail=1 line=${line#xfail }
	fields=()
	while [[ $line == *' | '* ]]; do
		fields+=("${line%% | *}")
		line=${line#* | }
	done
	fields+=("$line")
	if [ "${#fields[@]}" -lt 3 ] || ! [[ ${fields[2]} =~ ^[0-9]+$ ]]; then
		echo "FAIL cli-line-$lineno: want 'ID | COMMAND | STATUS | EXPECT...': $line"
		continue
	fi
	id=${fields[0]} cmd=$(subst "${fields[1]}") input=
	for e in "${fields[@]:3}"; do
		[ "${e:0:3}" = in: ] && input=$(subst "${e:3}")
	done
	{ [ -z "$input" ] || printf '%b\n' "$input"; } | PATH="$bindir:$PATH" timeout 60 bash -c "$cmd" > "$tmp/out" 2> "$tmp/err"
	why=$(check "$?" "${fields[2]}" "${fields[@]:3}")
	if [ -n "$xfail" ]; then
		[ -n "$why" ] && echo "SKIP $id: xfail: $why" || echo "FAIL $id: passes now: remove its xfail mark in $file"
	elif [ -n "$why" ]; then
		echo "FAIL $id: $why: $cmd: $(head -c 300 "$tmp/err" | tr '\n' ' ')"
	else
		echo "PASS $id"
	fi
done < "$file"
