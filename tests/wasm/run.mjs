// tests/wasm/run.mjs: the engine in WebAssembly (make web, with emscripten), the three builds (without
// SIMD, with SIMD, and threaded, "(mt)", run here with Threads 1), against the native bin/gyoku-usi on
// the cases of tests/data/wasm.txt (ids wasm-1.x: the same bestmove and node count at a fixed depth or
// node count; wasm-2.x: the same mate), and wasm-3.1: `gyoku-usi bench 6` searches as many nodes in each
// build as natively.  wasm-4.x, the threaded build with its threads in node's worker_threads: a search
// with Threads 2 answers a legal move (4.1); `isready` during `go infinite` answers readyok at once and
// `stop` then answers the search's bestmove, the engine going on after it (4.2, 4.3; the search's
// limits would never end it: the answers can only come from the commands).  Prints PASS/FAIL/SKIP
// lines; SKIP all when the wasm build is absent, wasm-4.x and the (mt) cases, with the reason, when the
// threaded build is absent or node cannot run it.  wasm-5.1: game review's curve and marks answered by
// each build (`review` lines) are those of libgyoku's table, tests/data/review.txt
// (tests/wasm/review-cases.mjs).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { reviewCases } from './review-cases.mjs';
import {
	MT_VARIANT,
	VARIANTS,
	benchFigures,
	limitsOf,
	mtMissing,
	nativeEngine,
	wasmBench,
	wasmBuilt,
	wasmEngine,
} from './engines.mjs';

const root = new URL('../../', import.meta.url).pathname;
const cases = readFileSync(root + 'tests/data/wasm.txt', 'utf8')
	.split('\n')
	.filter((l) => l.trim() && !l.startsWith('#'))
	.map((l) => {
		const [id, pos, go, want] = l.split('\t');
		return { id, sfen: pos === 'startpos' ? null : pos, go, want };
	});

if (!wasmBuilt()) {
	for (const id of [...cases.map((c) => c.id), 'wasm-3.1', 'wasm-4.1', 'wasm-5.1'])
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
// The wasm builds embed no network: the native engine with the same, linear, evaluation.
native.setOption('EvalType', 'linear');
await native.ready();
const nativeAnswers = new Map();
const mtWhyNot = mtMissing();
for (const variant of [...VARIANTS, MT_VARIANT]) {
	const tag = variant.endsWith('simd') ? ' (simd)' : variant === MT_VARIANT ? ' (mt)' : '';
	if (variant === MT_VARIANT && mtWhyNot) {
		for (const id of [...cases.map((c) => c.id), 'wasm-3.1', 'wasm-5.1'])
			console.log(`SKIP ${id}${tag}: ${mtWhyNot}`);
		continue;
	}
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
	if (!wrong.length && review.length > 30) console.log(`PASS wasm-5.1${tag}`);
	else {
		failed++;
		console.log(`FAIL wasm-5.1${tag}: ${review.length} lines, wrong: ${wrong.join('; ')}`);
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
	wasm.terminate();
}

/** Runs `name`: PASS, or FAIL with the error; a test that hangs fails after `ms` (never a speed check). */
async function check(id, name, ms, fn) {
	let timer;
	try {
		await Promise.race([
			fn(),
			new Promise((_, reject) => {
				timer = setTimeout(() => reject(new Error(`no answer in ${ms / 1000} s`)), ms);
			}),
		]);
		console.log(`PASS ${id}`);
	} catch (err) {
		failed++;
		console.log(`FAIL ${id}: ${name}: ${err.message || err}`);
	} finally {
		clearTimeout(timer);
	}
}

if (mtWhyNot) {
	for (const id of ['wasm-4.1', 'wasm-4.2', 'wasm-4.3']) console.log(`SKIP ${id}: ${mtWhyNot}`);
} else {
	const mt = await wasmEngine(MT_VARIANT, 2);
	mt.setOption('USI_Hash', 16);
	await mt.ready();
	// The 30 moves of the start position: pawns, lances, silvers, golds, king, rook (the bishop is shut in).
	const legal = new Set([
		...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((f) => `${f}g${f}f`),
		...'1i1h 9i9h 3i3h 3i4h 7i6h 7i7h 4i3h 4i4h 4i5h 6i5h 6i6h 6i7h 5i4h 5i5h 5i6h'.split(' '),
		...'2h1h 2h3h 2h4h 2h5h 2h6h 2h7h'.split(' '),
	]);
	await check('wasm-4.1', 'Threads 2, go depth 9 from the start position', 60000, async () => {
		mt.newGame();
		mt.position(null);
		const best = await mt.go({ depth: 9 });
		if (!legal.has(best.move)) throw new Error(`bestmove ${best.move} is not a legal move`);
		const last = best.infos.filter((i) => i.depth !== undefined).pop();
		if (!last || last.depth !== 9)
			throw new Error(`the last info is not of depth 9: ${JSON.stringify(last)}`);
	});
	let run = null;
	await check('wasm-4.2', 'isready during go infinite answers readyok before the bestmove', 60000, async () => {
		mt.newGame();
		mt.position(null);
		const seen = [];
		const searching = mt.go({ infinite: true }, (info) => {
			if (seen.length === 0 && (info.depth ?? 0) >= 4) {
				seen.push('depth');
				mt.worker.postMessage('isready');
			}
		});
		const prev = mt.worker.onmessage;
		await new Promise((resolve) => {
			mt.worker.onmessage = (e) => {
				prev(e);
				if (e.data === 'readyok') {
					seen.push('readyok');
					resolve();
				}
			};
		});
		mt.worker.onmessage = prev;
		mt.stop();
		run = await searching;
		if (seen.join(' ') !== 'depth readyok') throw new Error(`seen ${seen.join(' ')}`);
	});
	await check(
		'wasm-4.3',
		'stop during go infinite answers the bestmove and the engine goes on',
		60000,
		async () => {
			if (!run) throw new Error('no search to look at (wasm-4.2 failed)');
			const last = run.infos.filter((i) => i.pv && i.pv.length).pop();
			if (!legal.has(run.move)) throw new Error(`bestmove ${run.move} is not a legal move`);
			if (!last || last.pv[0] !== run.move)
				throw new Error(`bestmove ${run.move}, the last PV ${last?.pv}`);
			if (mt.worker === null) throw new Error('the worker was ended: stop went unanswered');
			mt.position(null);
			const next = await mt.go({ depth: 3 });
			if (!legal.has(next.move)) throw new Error(`then go depth 3 answered ${next.move}`);
		},
	);
	mt.terminate();
}
native.terminate();
process.exit(failed ? 1 : 0);
