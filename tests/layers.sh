#!/usr/bin/env bash
# tests/layers.sh: the layers of docs/design.md ("Layers"), enforced by the
# build.  Prints PASS/FAIL lines layers-N.M.  Run from the repository
# root after `make` (1.x and 3.x read the release archives' symbols).
#   1.x  make, with the Makefile's own rules, builds a probe file in each
#        layer that includes one private header of every layer: the
#        headers of the layers it may see compile, every other one fails
#        as not found;
#   2.x  scripts/checksrc.sh, in a throw-away repository, refuses an
#        include path with "../" in it, an included .c file and two private
#        headers of one name, and passes the same files without them;
#   3.x  the breaches the layers closed stay closed: the library archives
#        export gy_ names only (gy__ for their internals), and no struct is
#        defined in the private headers of two layers.
set -u
cd "$(dirname "$0")/.."
tmp=build/layers-test
rm -rf "$tmp" && mkdir -p "$tmp"

# check ID WHY CONDITION-COMMAND...: PASS when the command succeeds, else FAIL with WHY.
check() {
	local id=$1 why=$2
	shift 2
	if "$@"; then echo "PASS $id"; else echo "FAIL $id: $why"; fi
}

# Step 1: the probes.  Each layer and a private header of each (of the tests: their own).
layers=(lib mate engine server app dev tests)
declare -A header=([lib]=scan.h [mate]=dfpn.h [engine]=movepick.h [server]=store.h [app]=args.h [dev]=usiproc.h
	[tests]=check.h)
# What each layer may see besides include/ (the Makefile's LAYER_INC_*; a test sees more only when named there).
declare -A sees=([lib]="lib" [mate]="mate" [engine]="engine" [server]="server" [app]="app" [dev]="dev app engine"
	[tests]="tests")
# The tree of probes: the Makefile and include/ linked, each layer a folder of links to its headers
# beside the probes, so that each probe is built by the rule and with the flags of its layer.
tree=$tmp/tree
mkdir -p "$tree"
ln -s "$PWD/Makefile" "$tree/Makefile"
ln -s "$PWD/include" "$tree/include"
targets=()
for l in "${layers[@]}"; do
	mkdir -p "$tree/$l"
	ln -s "$PWD/$l"/*.h "$tree/$l/"
	for m in "${layers[@]}"; do
		printf '#include "%s"\n' "${header[$m]}" > "$tree/$l/probe_$m.c"
		targets+=("build/release/$l/probe_$m.o")
	done
done
make -C "$tree" -k -j2 --no-print-directory "${targets[@]}" > "$tmp/make.log" 2>&1
make_status=$?
i=0
for l in "${layers[@]}"; do
	i=$((i + 1))
	bad=
	for m in "${layers[@]}"; do
		o=$tree/build/release/$l/probe_$m.o
		if [[ " ${sees[$l]} " == *" $m "* ]]; then
			[ -f "$o" ] || bad="$bad; $m/${header[$m]} did not compile"
		elif [ -f "$o" ]; then
			bad="$bad; $m/${header[$m]} compiled"
		elif ! grep -qE "$l/probe_$m\\.c:1:10: (fatal )?error: .*${header[$m]//./\\.}.*(No such file|not found)" "$tmp/make.log"; then
			bad="$bad; $m/${header[$m]} failed, but not as a missing header"
		fi
	done
	check "layers-1.$i" "$l/ sees ${sees[$l]} (and include/)$bad (see $tmp/make.log)" [ -z "$bad" ]
done
check layers-1.8 "make exited $make_status on a tree with layer breaches" [ "$make_status" -ne 0 ]

# Step 2: checksrc in a repository of its own: a clean tree, then one breach at a time.
repo=$tmp/repo
mkdir -p "$repo/scripts" "$repo/engine" "$repo/mate" "$repo/tests"
cp scripts/checksrc.sh "$repo/scripts/"
git -C "$repo" init -q
printf '#include "gyoku/position.h"\n#include "tt.h"\n' > "$repo/engine/search.c"
printf '#include "check.h"\n' > "$repo/tests/t_x.c"
printf 'struct tt;\n' > "$repo/engine/tt.h"
out=$("$repo/scripts/checksrc.sh" 2>&1)
check layers-2.1 "a clean tree: $out" [ "$out" = "checksrc: ok" ]
# probe ID FILE TEXT EXPECTED: checksrc fails with a line matching EXPECTED once FILE holds TEXT.
probe() {
	local id=$1 file=$2 text=$3 want=$4 out
	printf '%s\n' "$text" > "$repo/$file"
	if out=$("$repo/scripts/checksrc.sh" 2>&1); then
		echo "FAIL $id: checksrc passed $file: $text"
	else
		check "$id" "checksrc said: $out" grep -q -- "$want" <<< "$out"
	fi
	rm -f "$repo/$file"
}
probe layers-2.2 engine/see.c '#include "../lib/scan.h"' '^engine/see.c:1: include path with "../"'
probe layers-2.3 engine/see.c '#  include <gyoku/../../lib/scan.h>' '^engine/see.c:1: include path with "../"'
probe layers-2.4 tests/t_y.c '#include "dev/match_stats.c"' '^tests/t_y.c:1: a .c file included'
probe layers-2.5 mate/tt.h 'struct tt;' '^tt.h: engine/tt.h mate/tt.h: private headers with one name'

# Step 3: what the layers closed.
i=0
for a in libgyoku libgyoku_mate libgyoku_engine; do
	i=$((i + 1))
	if [ ! -f "build/release/$a.a" ]; then
		echo "FAIL layers-3.$i: build/release/$a.a is missing (make first)"
		continue
	fi
	names=$(nm -g --defined-only "build/release/$a.a" | awk 'NF == 3 && $3 !~ /^gy_/ { print $3 }' | tr '\n' ' ')
	check "layers-3.$i" "$a.a exports names without the gy_ prefix: $names" [ -z "$names" ]
done
twice=$(for l in lib mate engine server app dev; do
	sed -n 's/^struct \([a-z_0-9]*\) {.*/\1/p' "$l"/*.h | sort -u | sed "s|\$| $l|"
done | sort | awk '{ n[$1]++; l[$1] = l[$1] " " $2 } END { for (s in n) if (n[s] > 1) print "struct " s ":" l[s] }')
check layers-3.4 "structs defined in two layers: $twice" [ -z "$twice" ]
