#!/bin/sh
# bench/wasm.sh [DEPTH]: `make bench` for the engine in the browser (docs/server.md "The engine in the
# browser"): the speed of the three wasm builds run by node next to the native gyoku-usi on the same
# positions to the same depth in one run, with one thread and, natively and in the threaded build,
# with two (bench/wasm.mjs), and the download size of each build.  Figures only.
set -eu
cd "$(dirname "$0")/.."
if ! command -v node > /dev/null 2>&1; then
	echo "node not installed: no wasm figures"
	exit 0
fi
exec node bench/wasm.mjs "${1:-0}"
