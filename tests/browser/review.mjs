// tests/browser/review.mjs: game review in the browser (docs/server.md "Game review"), browser-62.x.
// run.mjs calls review() with its helpers.  The record is tests/data/analyse/blunder.kifu, whose
// third move ▲７八銀 hangs the bishop: at depth 4 (the panel's "fast") the mark is certain.
//   62.1 the engine's worker in Chromium answers the curve and the marks of libgyoku's table
//        (tests/data/review.txt, as tests/t_review.c checks them in C; tests/wasm/review-cases.mjs)
//   62.2 an imported record is reviewed with one click: the progress bar, then the blunder marked
//        with the better move
//   62.3 the graph is drawn, one point per position, and a click on the blunder's point shows it
//   62.4 the importer saves the review; a reload shows it at once, without searching again
//   62.5 the KIF export with the review has ShogiHome's 【大悪手】 and #評価値= comments
// SKIP all when the wasm build is absent.
import { existsSync, readFileSync } from 'node:fs';
import { reviewCases } from '../wasm/review-cases.mjs';

const ROOT = new URL('../../', import.meta.url).pathname;
const IDS = ['62.1', '62.2', '62.3', '62.4', '62.5'];

/** @param {any} t */
export async function review({ base, open, check, tid, assert, shot }) {
	if (!existsSync(ROOT + 'web/dist/engine/engine-worker.js')) {
		for (const id of IDS)
			console.log(`SKIP browser-${id}: the engine is not built (make web with emscripten)`);
		return;
	}
	const kif = readFileSync(ROOT + 'tests/data/analyse/blunder.kifu', 'utf8');
	const name = 'rev_' + Date.now().toString(36).slice(-5);
	const P = await open('review');
	const page = P.page;

	await check('62.1', "the worker answers libgyoku's curve and marks on the C test's table", async () => {
		await page.goto(`${base}/#/`);
		const cases = reviewCases();
		const answers = await page.evaluate(
			(lines) =>
				new Promise((resolve, reject) => {
					const w = new Worker('/engine/engine-worker.js');
					const out = [];
					const timer = setTimeout(
						() => reject(new Error(`${out.length} answers`)),
						30000,
					);
					w.onmessage = (e) => {
						if (!String(e.data).startsWith('review ')) return;
						out.push(String(e.data));
						if (out.length === lines.length) {
							clearTimeout(timer);
							w.terminate();
							resolve(out);
						}
					};
					for (const l of lines) w.postMessage(l);
				}),
			cases.map((c) => c.line),
		);
		const wrong = cases
			.map((c, i) => {
				const why = c.check(answers[i]);
				return why ? `${c.id}: ${why}` : null;
			})
			.filter(Boolean);
		assert(cases.length > 30 && wrong.length === 0, `${cases.length} cases, wrong: ${wrong.join('; ')}`);
	});

	let id = '';
	await check(
		'62.2',
		'an imported record is reviewed with one click: the blunder is marked with the better move',
		async () => {
			await page.goto(`${base}/#/signup`);
			await page.fill('input[name=name]', name);
			await page.fill('input[name=password]', 'correct horse 42');
			await page.click(tid('signup'));
			await page.waitForURL((u) => !u.hash.startsWith('#/signup'));
			await page.goto(`${base}/#/import`);
			await page.fill('textarea[name=record]', kif);
			await page.click(tid('import'));
			await page.waitForURL(/#\/game\/[^/]+$/);
			id = decodeURIComponent(page.url().replace(/^.*#\/game\//, ''));
			await page.waitForSelector(tid('review-panel'));
			assert(
				(await page.inputValue(tid('review-strength'))) === 'fast',
				'fast is not the default strength',
			);
			await page.click(tid('review-run'));
			const blunder = `${tid('review-move')}[data-ply="3"][data-mark="blunder"]`;
			await page.waitForSelector(blunder, { timeout: 60000 });
			const text = await page.textContent(blunder);
			assert(
				/７八銀/.test(text) && /\?\?/.test(text) && /２二角成/.test(text),
				`the blunder reads "${text}"`,
			);
			const marks = await page.$$eval(tid('review-move'), (els) =>
				els.map((e) => e.getAttribute('data-mark')),
			);
			assert(marks.length === 6, `${marks.length} moves marked`);
			const summary = await page.textContent(tid('review-summary'));
			assert(/gyoku/.test(summary), `the summary does not name the engine: ${summary}`);
			assert(await page.isHidden(tid('review-progress')), 'the progress bar stays');
		},
	);

	await check('62.3', "the graph is drawn and a click on the blunder's point shows it", async () => {
		const points = await page.getAttribute(`${tid('review-graph')} polyline`, 'points');
		assert(points && points.trim().split(/\s+/).length === 7, `the line has points "${points}"`);
		await page.locator(tid('review-moves')).scrollIntoViewIfNeeded();
		await shot(page, '62-review.png');
		await page.click(`${tid('review-point')}[data-ply="3"]`);
		await page.waitForSelector(`${tid('moves')} .current[data-ply="3"]`);
		await page.waitForSelector(`${tid('review-move')}.current[data-ply="3"]`);
	});

	await check('62.4', 'the importer saves the review; a reload shows it at once', async () => {
		await page.click(tid('review-save'));
		await page.waitForSelector(tid('review-export'));
		await page.reload();
		await page.waitForSelector(`${tid('review-move')}[data-ply="3"][data-mark="blunder"]`);
		assert(await page.isVisible(tid('review-export')), 'no export link for the saved review');
		assert((await page.$(tid('review-save'))) === null, 'the saved review is offered for saving again');
		const game = await page.evaluate(async (g) => (await fetch(`/api/games/${g}`)).json(), id);
		assert(
			game.review === true && game.may_review === true,
			`review ${game.review}, may_review ${game.may_review}`,
		);
	});

	await check('62.5', 'the KIF export with the review has the 【大悪手】 and #評価値= comments', async () => {
		const href = await page.getAttribute(tid('review-export'), 'href');
		const text = await page.evaluate(async (u) => (await fetch(u)).text(), href);
		assert(text.includes('*【大悪手】最善手 ▲２二角成'), `no blunder comment in ${text.slice(0, 400)}`);
		assert(
			/\*#評価値=-?\d+/.test(text) && text.includes('*#エンジン=gyoku'),
			'no #評価値= or #エンジン= comment',
		);
		assert(text.includes('*銀を上がった'), "the record's own comment is lost");
	});
	await P.context.close();
}
