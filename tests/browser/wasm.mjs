// tests/browser/wasm.mjs: the engine in the browser (docs/server.md "The engine in the browser"),
// browser-60.x: gyoku serve sends the wasm as application/wasm; in Chromium the engine's worker
// (web/dist/engine/engine-worker.js) answers `go depth 8` from the start position with the bestmove
// and node count of the native engine (tests/data/wasm.txt, wasm-1.1).  SKIP when the wasm build is
// absent.  run.mjs calls wasm() with its helpers.
import { existsSync } from 'node:fs';

const ROOT = new URL('../../', import.meta.url).pathname;

export async function wasm({ base, open, check, assert }) {
	if (!existsSync(ROOT + 'web/dist/engine/engine-worker.js')) {
		console.log('SKIP browser-60.1: the engine is not built (make web with emscripten)');
		console.log('SKIP browser-60.2: the engine is not built (make web with emscripten)');
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
	await P.context.close();
}
