// tests/browser/wasm.mjs: the engine in the browser (docs/server.md "The engine in the browser"),
// browser-60.x: gyoku serve sends the wasm as application/wasm; in Chromium the engine's worker
// (web/dist/engine/engine-worker.js) answers `go depth 8` from the start position with the bestmove
// and node count of the native engine (tests/data/wasm.txt, wasm-1.1).  The threaded engine: the page is
// cross-origin isolated (gyoku serve's headers, 60.3), so the worker loads gyoku-engine-mt (60.4), which
// with Threads 1 answers as the native engine (60.5), searches with Threads 2 (60.6), and hears `stop`
// during `go infinite`, answering its bestmove, and `isready` after it (60.7; a search that never ends by
// itself: the bestmove can only come from the stop).  Without the headers (60.8) the worker falls back to
// one thread and answers as the native engine.  SKIP when the wasm build is absent.  run.mjs calls
// wasm() with its helpers.
import { existsSync } from 'node:fs';

const ROOT = new URL('../../', import.meta.url).pathname;

/**
 * Runs USI `steps` in a fresh engine worker of `page`: { send: LINE } posts a line, { wait: REGEX } waits
 * for a line matching it after the one the last wait matched (failing after `ms`).  Answers every line
 * seen, and when each wait was met, in milliseconds since the start.
 */
function usi(page, steps, ms = 30000) {
	return page.evaluate(
		async ({ steps, ms }) => {
			const w = new Worker('/engine/engine-worker.js');
			/** @type {string[]} */
			const seen = [];
			/** @type {number[]} */
			const met = [];
			const t0 = performance.now();
			/** @type {(() => void) | null} */
			let waiter = null;
			let pos = 0;
			w.onmessage = (e) => {
				seen.push(String(e.data));
				if (waiter) waiter();
			};
			const wait = (/** @type {string} */ re) =>
				new Promise((resolve, reject) => {
					const rx = new RegExp(re);
					const timer = setTimeout(
						() =>
							reject(
								new Error(
									`no /${re}/ in ${ms} ms: ${seen.slice(-4).join(' | ')}`,
								),
							),
						ms,
					);
					const look = () => {
						for (; pos < seen.length; pos++)
							if (rx.test(seen[pos])) {
								pos++;
								waiter = null;
								clearTimeout(timer);
								met.push(performance.now() - t0);
								resolve(undefined);
								return;
							}
					};
					waiter = look;
					look();
				});
			try {
				for (const s of steps) {
					if (s.send) w.postMessage(s.send);
					else await wait(s.wait);
				}
			} finally {
				w.terminate();
			}
			return { seen, met };
		},
		{ steps, ms },
	);
}

const START = [
	{ send: 'usi' },
	{ send: 'setoption name USI_Hash value 16' },
	{ wait: '^usiok$' },
	{ send: 'isready' },
	{ wait: '^readyok$' },
	{ send: 'position startpos' },
];

export async function wasm({ base, open, check, assert }) {
	if (!existsSync(ROOT + 'web/dist/engine/engine-worker.js')) {
		for (const n of [1, 2, 3, 4, 5, 6, 7, 8])
			console.log(`SKIP browser-60.${n}: the engine is not built (make web with emscripten)`);
		return;
	}
	const P = await open('wasm');
	const page = P.page;
	await page.goto(base + '/');
	await check('60.1', 'the server sends the engine as application/wasm', async () => {
		const type = await page.evaluate(async () => {
			const r = await fetch('/engine/gyoku-engine.wasm');
			return r.headers.get('content-type');
		});
		assert(type === 'application/wasm', `content-type ${type}`);
	});
	await check('60.2', 'the engine in a worker: go depth 8 from the start position as native', async () => {
		const lines = await page.evaluate(
			() =>
				new Promise((resolve, reject) => {
					const w = new Worker('/engine/engine-worker.js');
					const seen = [];
					const timer = setTimeout(
						() => reject(new Error('no bestmove: ' + seen.join(' | '))),
						60000,
					);
					w.onmessage = (e) => {
						seen.push(e.data);
						if (String(e.data).startsWith('bestmove')) {
							clearTimeout(timer);
							w.terminate();
							resolve(seen);
						}
					};
					for (const l of [
						'usi',
						'setoption name USI_Hash value 16',
						'isready',
						'position startpos',
						'go depth 8',
					])
						w.postMessage(l);
				}),
		);
		const last = lines.filter((l) => l.startsWith('info depth')).pop() || '';
		const best = lines.at(-1);
		assert(best.startsWith('bestmove 7g7f'), `answered ${best}`);
		assert(/ nodes 7005 /.test(last), `last info: ${last}`);
	});
	await check('60.3', 'the page is cross-origin isolated (shared memory for the threaded engine)', async () => {
		const got = await page.evaluate(() => [globalThis.crossOriginIsolated, typeof SharedArrayBuffer]);
		assert(
			got[0] === true && got[1] === 'function',
			`crossOriginIsolated ${got[0]}, SharedArrayBuffer ${got[1]}`,
		);
	});
	await check('60.4', 'the worker loads the threaded engine, gyoku-engine-mt', async () => {
		const { seen } = await usi(page, [{ send: 'usi' }, { wait: '^usiok$' }]);
		const said = seen.find((l) => l.startsWith('info string engine ')) || '(nothing)';
		assert(/^info string engine gyoku-engine-mt\.js threads \d+$/.test(said), `the worker said ${said}`);
	});
	await check('60.5', 'threaded, Threads 1: go depth 8 from the start position as native', async () => {
		const { seen } = await usi(page, [
			...START,
			{ send: 'setoption name Threads value 1' },
			{ send: 'go depth 8' },
			{ wait: '^bestmove' },
		]);
		const last = seen.filter((l) => l.startsWith('info depth')).pop() || '';
		assert(seen.at(-1).startsWith('bestmove 7g7f'), `answered ${seen.at(-1)}`);
		assert(/ nodes 7005 /.test(last), `last info: ${last}`);
	});
	await check('60.6', 'threaded, Threads 2: go depth 10 completes', async () => {
		const { seen } = await usi(page, [
			...START,
			{ send: 'setoption name Threads value 2' },
			{ send: 'go depth 10' },
			{ wait: '^bestmove' },
		]);
		const last = seen.filter((l) => l.startsWith('info depth')).pop() || '';
		assert(/^bestmove [1-9][a-i][1-9][a-i]/.test(seen.at(-1)), `answered ${seen.at(-1)}`);
		assert(last.startsWith('info depth 10 '), `last info: ${last}`);
	});
	await check('60.7', 'threaded: stop during go infinite answers the bestmove, then isready', async () => {
		const { seen, met } = await usi(
			page,
			[
				...START,
				{ send: 'setoption name Threads value 2' },
				{ send: 'go infinite' },
				{ wait: '^info depth ([5-9]|\\d\\d) ' },
				{ send: 'stop' },
				{ wait: '^bestmove' },
				{ send: 'isready' },
				{ wait: '^readyok$' },
			],
			10000,
		);
		const best = seen.find((l) => l.startsWith('bestmove')) || '';
		assert(/^bestmove [1-9][a-i][1-9][a-i]/.test(best), `answered ${best}`);
		// met: usiok, readyok, the depth-5 info, the bestmove, readyok.
		console.log(`  browser-60.7: the bestmove came ${Math.round(met[3] - met[2])} ms after stop was sent`);
	});
	await P.context.close();

	// The fallback: the same page served without the isolation headers (stripped on its way to the browser).
	const Q = await open('wasm-fallback');
	await Q.page.route(
		(url) => url.pathname === '/',
		async (route) => {
			const response = await route.fetch();
			const headers = { ...response.headers() };
			delete headers['cross-origin-opener-policy'];
			delete headers['cross-origin-embedder-policy'];
			await route.fulfill({ response, headers });
		},
	);
	await Q.page.goto(base + '/');
	await check('60.8', 'not cross-origin isolated: the worker falls back to one thread, as native', async () => {
		const isolated = await Q.page.evaluate(() => globalThis.crossOriginIsolated);
		assert(isolated === false, `crossOriginIsolated ${isolated} without the headers`);
		const { seen } = await usi(Q.page, [...START, { send: 'go depth 8' }, { wait: '^bestmove' }]);
		const said = seen.find((l) => l.startsWith('info string engine ')) || '(nothing)';
		assert(/^info string engine gyoku-engine(-simd)?\.js threads 1$/.test(said), `the worker said ${said}`);
		const last = seen.filter((l) => l.startsWith('info depth')).pop() || '';
		assert(seen.at(-1).startsWith('bestmove 7g7f') && / nodes 7005 /.test(last), `${seen.at(-1)}, ${last}`);
	});
	await Q.context.close();
}
