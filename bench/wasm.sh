#!/bin/sh
# bench/wasm.sh [DEPTH]: `make bench` for the engine in the browser (docs/server.md "The engine in the
# browser"): the speed of the wasm engine run by node next to the native gyoku-usi on the same
# positions to the same depth in one run (bench/wasm.mjs), and its download size.  Figures only.
set -eu
cd "$(dirname "$0")/.."
if ! command -v node > /dev/null 2>&1; then
	echo "node not installed: no wasm figures"
	exit 0
fi
exec node bench/wasm.mjs "${1:-0}"
