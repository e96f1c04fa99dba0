// tests/wasm/run.mjs: the engine in WebAssembly (make web, with emscripten) against the native
// bin/gyoku-usi on the cases of tests/data/wasm.txt (ids wasm-1.x: the same bestmove and node count at
// a fixed depth or node count; wasm-2.x: the same mate).  Prints PASS/FAIL/SKIP lines; SKIP all when
// the wasm build is absent.
import { readFileSync } from 'node:fs';
import { limitsOf, nativeEngine, wasmBuilt, wasmEngine } from './engines.mjs';

const root = new URL('../../', import.meta.url).pathname;
const cases = readFileSync(root + 'tests/data/wasm.txt', 'utf8')
	.split('\n')
	.filter((l) => l.trim() && !l.startsWith('#'))
	.map((l) => {
		const [id, pos, go, want] = l.split('\t');
		return { id, sfen: pos === 'startpos' ? null : pos, go, want };
	});

if (!wasmBuilt()) {
	for (const c of cases) console.log(`SKIP ${c.id}: the wasm engine is not built (make web with emscripten)`);
	process.exit(0);
}

/** Runs one case on `engine`: the last info's nodes and the bestmove, or the checkmate answer. */
async function search(engine, c) {
	engine.newGame();
	engine.position(c.sfen);
	if (c.go.startsWith('go mate')) {
		const m = await engine.mate();
		return {
			answer: m.kind === 'mate' ? `checkmate ${m.pv.join(' ')}` : `checkmate ${m.kind}`,
			plies: m.pv.length,
		};
	}
	const best = await engine.go(limitsOf(c.go));
	const last = best.infos.filter((i) => i.nodes !== undefined).pop();
	return { answer: `bestmove ${best.move} nodes ${last ? last.nodes : '?'}` };
}

const wasm = await wasmEngine();
const native = nativeEngine();
for (const e of [wasm, native]) {
	e.setOption('USI_Hash', 16);
	e.setOption('Threads', 1);
	await e.ready();
}
let failed = 0;
for (const c of cases) {
	try {
		const w = await search(wasm, c);
		const n = await search(native, c);
		const mateWant = c.want ? Number(c.want.split(' ')[1]) : 0;
		if (w.answer !== n.answer) {
			failed++;
			console.log(`FAIL ${c.id}: wasm answered '${w.answer}', native '${n.answer}' (${c.go})`);
		} else if (mateWant && w.plies !== mateWant) {
			failed++;
			console.log(`FAIL ${c.id}: '${w.answer}' is not a mate in ${mateWant}`);
		} else {
			console.log(`PASS ${c.id}`);
		}
	} catch (err) {
		failed++;
		console.log(`FAIL ${c.id}: ${err}`);
	}
}
native.terminate();
process.exit(failed ? 1 : 0);
