// bench/wasm.mjs [DEPTH]: the figures of bench/wasm.sh, in one run, one engine after another.
// 1. `gyoku-usi bench DEPTH` (the positions of engine/bench.c, one thread) natively and in the three wasm
//    builds run by node (the threaded one too: the bench searches with one thread): nodes, nodes/second
//    and the ratio to native.
// 2. Threads: the same positions searched over USI (`usinewgame`, `position`, `go depth DEPTH`, USI_Hash
//    64), by the native gyoku-usi with Threads 1 and 2 and by the threaded wasm build (its threads in
//    node's worker_threads) with Threads 1 and 2: nodes/second is the nodes over the time of the last
//    info lines, summed over the positions, and the ratio to the native engine with one thread.
// 3. The download size of each build of the engine in the browser (the glue .js, the .wasm, and the
//    threaded build's thread script), raw and gzipped (level 9), and of the page's rules module
//    (gyoku-rules, app/rules_wasm.c) when built.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import {
	MT_VARIANT,
	VARIANTS,
	benchFigures,
	mtMissing,
	nativeEngine,
	wasmBench,
	wasmBuilt,
	wasmEngine,
} from '../tests/wasm/engines.mjs';

const root = new URL('../', import.meta.url).pathname;
const depth = Number(process.argv[2] || 0);
if (!wasmBuilt()) {
	console.log('wasm engine not built (make web with emscripten): no figures');
	process.exit(0);
}
const mtWhyNot = mtMissing();
const variants = mtWhyNot ? VARIANTS : [...VARIANTS, MT_VARIANT];
const row = (name, f, base) =>
	`${name.padEnd(32)} nodes ${String(f.nodes).padStart(10)}  nodes/second ${String(f.nps).padStart(9)}  x${(f.nps / base.nps).toFixed(2)}`;

const native = benchFigures(execFileSync(root + 'bin/gyoku-usi', ['bench', String(depth)], { encoding: 'utf8' }));
const rows = [['native gyoku-usi', native]];
for (const v of variants) rows.push([`wasm ${v}`, await wasmBench(v, depth)]);
console.log(`1. gyoku-usi bench ${depth || '(default depth)'}, one thread, node ${process.version}`);
for (const [name, f] of rows) console.log(row(name, f, native));

if (mtWhyNot) console.log(`2. threads: no figures, ${mtWhyNot}`);
else {
	// The positions of engine/bench.c, read from its source (their one home).
	const positions = [...readFileSync(root + 'engine/bench.c', 'utf8').matchAll(/^\t"([^"]+)",$/gm)].map(
		(m) => m[1],
	);
	const goDepth = depth || 11;
	/** Searches every position with `engine`: the summed nodes, milliseconds and nodes/second. */
	const searchAll = async (engine, threads) => {
		engine.setOption('USI_Hash', 64);
		engine.setOption('Threads', threads);
		await engine.ready();
		let nodes = 0;
		let ms = 0;
		for (const sfen of positions) {
			engine.newGame();
			engine.position(sfen);
			const best = await engine.go({ depth: goDepth });
			const last = best.infos.filter((i) => i.nodes !== undefined && i.time !== undefined).pop();
			nodes += last ? last.nodes : 0;
			ms += last ? last.time : 0;
		}
		engine.terminate();
		return { nodes, ms, nps: Math.round((nodes * 1000) / Math.max(1, ms)) };
	};
	const trows = [];
	for (const threads of [1, 2])
		trows.push([
			`native gyoku-usi, ${threads === 1 ? '1 thread' : `${threads} threads`}`,
			await searchAll(nativeEngine(), threads),
		]);
	for (const threads of [1, 2])
		trows.push([
			`wasm ${MT_VARIANT}, ${threads === 1 ? '1 thread' : `${threads} threads`}`,
			await searchAll(await wasmEngine(MT_VARIANT, threads), threads),
		]);
	console.log(
		`2. go depth ${goDepth} on the ${positions.length} positions of engine/bench.c over USI, USI_Hash 64`,
	);
	for (const [name, f] of trows) console.log(row(name, f, trows[0][1]));
}

const size = (files) => {
	const bufs = files.map((f) => readFileSync(root + 'build/wasm/' + f));
	const raw = bufs.reduce((n, b) => n + b.length, 0);
	const gz = bufs.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
	return `${(raw / 1024).toFixed(0)} KiB raw, ${(gz / 1024).toFixed(0)} KiB gzipped`;
};
console.log('3. download (glue .js + .wasm [+ the thread script], without the ~1 KiB engine-worker.js):');
for (const v of variants)
	console.log(
		`  ${v.padEnd(22)} ${size(v === MT_VARIANT ? [v + '.js', v + '.wasm', v + '.worker.js'] : [v + '.js', v + '.wasm'])}`,
	);
if (existsSync(root + 'build/wasm/gyoku-rules.wasm'))
	console.log(
		`  ${'gyoku-rules'.padEnd(22)} ${size(['gyoku-rules.js', 'gyoku-rules.wasm'])} (the page's rules, app/rules_wasm.c)`,
	);
process.exit(0);
