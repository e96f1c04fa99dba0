// tests/browser/rules.mjs: the rules in WebAssembly (web/src/rules.js over dist/engine/gyoku-rules.{js,wasm},
// app/rules_wasm.c), browser-64.x: the module is fetched once however many times the analysis board
// opens, and its moves are written by it (64.1); when it cannot be loaded, the analysis board says
// so (64.2).  SKIP when the module is not built (no emscripten).  run.mjs calls rules() with its helpers.
import { existsSync } from 'node:fs';

const ROOT = new URL('../../', import.meta.url).pathname;

export async function rules({ base, open, check, tid, assert }) {
	if (!existsSync(ROOT + 'web/dist/engine/gyoku-rules.wasm')) {
		for (const c of ['64.1', '64.2'])
			console.log(`SKIP browser-${c}: the rules module is not built (make web with emscripten)`);
		return;
	}
	const P = await open('rules');
	const page = P.page;
	await check('64.1', 'the rules module is fetched once; the moves are written by it', async () => {
		let fetched = 0;
		page.on('response', (r) => {
			if (r.url().endsWith('/engine/gyoku-rules.wasm')) {
				fetched++;
				assert(
					r.headers()['content-type'] === 'application/wasm',
					`type ${r.headers()['content-type']}`,
				);
			}
		});
		await page.goto(`${base}/#/analysis?moves=7g7f_3c3d_8h2b%2B_3a2b`);
		await page.waitForSelector('.tree-move.current[data-move="3a2b"]');
		const text = await page.textContent('.tree-move[data-move="3a2b"]');
		assert(text.includes('☖同　銀'), `3a2b written ${text}`);
		await page.evaluate(() => (location.hash = '#/'));
		await page.evaluate(() => (location.hash = '#/analysis?moves=7g7f'));
		await page.waitForSelector('.tree-move.current[data-move="7g7f"]');
		assert(fetched === 1, `fetched ${fetched} times`);
	});
	await check('64.2', 'a rules module that cannot be loaded is said so on the analysis board', async () => {
		const C = await open('rules-blocked');
		await C.page.route('**/engine/gyoku-rules.js', (r) => r.abort());
		await C.page.goto(`${base}/#/analysis`);
		await C.page.waitForFunction(() =>
			document
				.querySelector('[data-testid="analysis-error"]')
				?.textContent.includes('rules of the board could not be loaded'),
		);
		await C.context.close();
	});
	await P.context.close();
}
