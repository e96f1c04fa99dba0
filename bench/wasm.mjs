// bench/wasm.mjs [DEPTH]: the figures of bench/wasm.sh.  `gyoku-usi bench DEPTH` (the positions of
// engine/bench.c, one thread) natively and in both wasm builds run by node, in one run, one after
// another: nodes, nodes/second and the ratio to native; then the download size of the engine in the
// browser (web/dist/engine: the worker, the glue and the wasm), raw and gzipped (level 9).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { VARIANTS, benchFigures, wasmBench, wasmBuilt } from '../tests/wasm/engines.mjs';

const root = new URL('../', import.meta.url).pathname;
const depth = Number(process.argv[2] || 0);
if (!wasmBuilt()) {
	console.log('wasm engine not built (make web with emscripten): no figures');
	process.exit(0);
}
const native = benchFigures(execFileSync(root + 'bin/gyoku-usi', ['bench', String(depth)], { encoding: 'utf8' }));
const rows = [['native gyoku-usi', native]];
for (const v of VARIANTS) rows.push([`wasm ${v}`, await wasmBench(v, depth)]);
console.log(`search: gyoku-usi bench ${depth || '(default depth)'}, one thread, node ${process.version}`);
for (const [name, f] of rows) {
	const ratio = (f.nps / native.nps).toFixed(2);
	console.log(
		`${name.padEnd(24)} nodes ${String(f.nodes).padStart(10)}  nodes/second ${String(f.nps).padStart(9)}  x${ratio}`,
	);
}
const size = (files) => {
	const bufs = files.map((f) => readFileSync(root + 'build/wasm/' + f));
	const raw = bufs.reduce((n, b) => n + b.length, 0);
	const gz = bufs.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
	return `${(raw / 1024).toFixed(0)} KiB raw, ${(gz / 1024).toFixed(0)} KiB gzipped`;
};
console.log('download (glue .js + .wasm, without the ~0.5 KiB worker):');
for (const v of VARIANTS) console.log(`  ${v.padEnd(22)} ${size([v + '.js', v + '.wasm'])}`);
