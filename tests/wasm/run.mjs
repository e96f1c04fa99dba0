// tests/wasm/run.mjs: the engine in WebAssembly (make web, with emscripten), both builds (without and
// with SIMD), against the native bin/gyoku-usi on the cases of tests/data/wasm.txt (ids wasm-1.x: the
// same bestmove and node count at a fixed depth or node count; wasm-2.x: the same mate), and wasm-3.1:
// `gyoku-usi bench 6` searches as many nodes in each build as natively; wasm-4.1: game review's curve
// and marks answered by each build (`review` lines) are those of libgyoku's table, tests/data/review.txt
// (tests/wasm/review-cases.mjs).  Prints PASS/FAIL/SKIP lines; SKIP all when the wasm build is absent.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { reviewCases } from './review-cases.mjs';
import { VARIANTS, benchFigures, limitsOf, nativeEngine, wasmBench, wasmBuilt, wasmEngine } from './engines.mjs';

const root = new URL('../../', import.meta.url).pathname;
const cases = readFileSync(root + 'tests/data/wasm.txt', 'utf8')
	.split('\n')
	.filter((l) => l.trim() && !l.startsWith('#'))
	.map((l) => {
		const [id, pos, go, want] = l.split('\t');
		return { id, sfen: pos === 'startpos' ? null : pos, go, want };
	});

if (!wasmBuilt()) {
	for (const id of [...cases.map((c) => c.id), 'wasm-3.1', 'wasm-4.1'])
		console.log(`SKIP ${id}: the wasm engine is not built (make web with emscripten)`);
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

const BENCH_DEPTH = 6;
let failed = 0;
const native = nativeEngine();
native.setOption('USI_Hash', 16);
await native.ready();
const nativeAnswers = new Map();
for (const variant of VARIANTS) {
	const tag = variant.endsWith('simd') ? ' (simd)' : '';
	const wasm = await wasmEngine(variant);
	wasm.setOption('USI_Hash', 16);
	await wasm.ready();
	for (const c of cases) {
		try {
			const w = await search(wasm, c);
			if (!nativeAnswers.has(c.id)) nativeAnswers.set(c.id, await search(native, c));
			const n = nativeAnswers.get(c.id);
			const mateWant = c.want ? Number(c.want.split(' ')[1]) : 0;
			if (w.answer !== n.answer) {
				failed++;
				console.log(
					`FAIL ${c.id}${tag}: wasm answered '${w.answer}', native '${n.answer}' (${c.go})`,
				);
			} else if (mateWant && w.plies !== mateWant) {
				failed++;
				console.log(`FAIL ${c.id}${tag}: '${w.answer}' is not a mate in ${mateWant}`);
			} else {
				console.log(`PASS ${c.id}${tag}`);
			}
		} catch (err) {
			failed++;
			console.log(`FAIL ${c.id}${tag}: ${err}`);
		}
	}
	const wrong = [];
	const review = reviewCases();
	for (const c of review) {
		// An engine without the review lines answers none: it is ended after 10 s.
		const timer = setTimeout(() => wasm.terminate(), 10000);
		const { lines } = await wasm.ask(c.line, (l) => l.startsWith('review '));
		clearTimeout(timer);
		const why = c.check(lines.at(-1) ?? 'no answer');
		if (why) wrong.push(`${c.id}: ${why}`);
	}
	if (!wrong.length && review.length > 30) console.log(`PASS wasm-4.1${tag}`);
	else {
		failed++;
		console.log(`FAIL wasm-4.1${tag}: ${review.length} lines, wrong: ${wrong.join('; ')}`);
	}
	const want = benchFigures(
		execFileSync(root + 'bin/gyoku-usi', ['bench', String(BENCH_DEPTH)], { encoding: 'utf8' }),
	);
	const got = await wasmBench(variant, BENCH_DEPTH);
	if (got.nodes === want.nodes) console.log(`PASS wasm-3.1${tag}`);
	else {
		failed++;
		console.log(
			`FAIL wasm-3.1${tag}: bench ${BENCH_DEPTH} searched ${got.nodes} nodes in wasm, ${want.nodes} natively`,
		);
	}
}
native.terminate();
process.exit(failed ? 1 : 0);
