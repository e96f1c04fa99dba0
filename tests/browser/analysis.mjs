// tests/browser/analysis.mjs: the analysis board (#/analysis, web/src/pages/analysis.js),
// browser-61.x: opened from a finished game's page, the game's main line in the move tree; a
// move played off the main line makes a variation (the main line stays), made the main line and
// deleted; the engine in the browser (WebAssembly) shows an evaluation with its depth and the
// best move's arrow on the board (its squares those of the first line's first move); MultiPV 3
// shows three lines and three arrows; "Mate search" on a mate-in-3 position answers mate in 3
// with its line; an imported record's side line (from its KIF export) and comments; the board
// editor's "Analyse"; on a phone (390x844, touch) a tapped move makes
// a variation, nothing is wider than the screen and, in Japanese, no English word is left; an
// engine that cannot be loaded is said so; 61.10: a finished game's board has its review panel, and a
// reviewed move clicked shows on the board.
// The engine's cases SKIP when the wasm build is absent, all of them when the rules module is.  run.mjs calls analysis() with its helpers.
import { existsSync, readFileSync } from 'node:fs';
import { apiUser, newGame, playMoves, post } from './lib.mjs';

const ROOT = new URL('../../', import.meta.url).pathname;
const MATE3 = '3sks3/9/4+P4/9/9/9/9/9/8K b 2G 1';

/** The USI moves of the move list's main line (its items outside any variation), in order. */
function mainLine(page) {
	return page.evaluate(() =>
		[...document.querySelectorAll('.tree-line.main > .tree-move')].map((e) => e.getAttribute('data-move')),
	);
}

/** Words of letters in the visible texts of the page (the allowed ones aside). */
function englishWords(page, allowed) {
	return page.evaluate((ok) => {
		const shown = (el) => (el.checkVisibility ? el.checkVisibility({ visibilityProperty: true }) : true);
		const texts = [];
		const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
		for (let n = walker.nextNode(); n; n = walker.nextNode()) {
			const el = n.parentElement;
			if (el && !el.closest('script, style, option') && shown(el)) texts.push(n.textContent || '');
		}
		for (const el of document.body.querySelectorAll('[title], [aria-label]'))
			if (shown(el)) texts.push(el.getAttribute('title') || '', el.getAttribute('aria-label') || '');
		return texts.filter((s) => (s.match(/[A-Za-z]{2,}/g) || []).some((w) => !ok.includes(w)));
	}, allowed);
}

export async function analysis({ base, open, check, tid, assert, sq, shot, WAIT_MS }) {
	// The board's rules are libgyoku's in WebAssembly (web/src/rules.js): without them no move is played.
	if (!existsSync(ROOT + 'web/dist/engine/gyoku-rules.wasm')) {
		for (const c of ['61.1', '61.2', '61.3', '61.4', '61.5', '61.6', '61.7', '61.8', '61.9', '61.10'])
			console.log(`SKIP browser-${c}: the rules module is not built (make web with emscripten)`);
		return;
	}
	const engineBuilt = existsSync(ROOT + 'web/dist/engine/engine-worker.js');
	const black = await apiUser(base, 'anb');
	const white = await apiUser(base, 'anw');
	const id = await newGame(black, white);
	const line = ['7g7f', '3c3d', '2g2f', '8c8d'];
	await playMoves(id, black, white, line);
	await post(white, `/api/games/${encodeURIComponent(id)}/resign`);

	const P = await open('analysis');
	const page = P.page;
	await check('61.1', "the finished game's page opens the analysis board with its moves", async () => {
		await page.goto(`${base}/#/game/${id}`);
		await page.click(tid('open-analysis'));
		await page.waitForSelector(tid('analysis'));
		await page.waitForFunction(
			() => document.querySelectorAll('.tree-line.main > .tree-move').length === 4,
		);
		assert((await mainLine(page)).join() === line.join(), `main line ${await mainLine(page)}`);
		assert(page.url().endsWith(`#/analysis/${id}`), `at ${page.url()}`);
		// The game opens at its start; End goes to the line's end, ← one move back.
		await page.keyboard.press('End');
		await page.waitForSelector(`.tree-move.current[data-move="8c8d"]`);
		await page.keyboard.press('ArrowLeft');
		await page.waitForSelector(`.tree-move.current[data-move="2g2f"]`);
		await page.keyboard.press('ArrowLeft');
		await page.waitForSelector(`.tree-move.current[data-move="3c3d"]`);
	});

	await check('61.2', 'a move off the main line makes a variation; promoted, then deleted', async () => {
		// At 3c3d (Black to move) play 6g6f instead of the main line's 2g2f.
		await page.click(sq('6g'));
		await page.click(sq('6f'));
		await page.waitForSelector('.tree-line.variation .tree-move.current[data-move="6g6f"]');
		assert((await mainLine(page)).join() === line.join(), `main line changed: ${await mainLine(page)}`);
		assert(
			(await page.inputValue(tid('analysis-sfen'))).includes('/2PP5/'),
			'the SFEN is not the position shown',
		);
		await page.click(tid('analysis-promote'));
		await page.waitForFunction(
			() =>
				[...document.querySelectorAll('.tree-line.main > .tree-move')]
					.map((e) => e.getAttribute('data-move'))
					.join() === '7g7f,3c3d,6g6f',
		);
		await page.click(tid('analysis-delete'));
		await page.waitForFunction(
			() =>
				[...document.querySelectorAll('.tree-line.main > .tree-move')]
					.map((e) => e.getAttribute('data-move'))
					.join() === '7g7f,3c3d,2g2f,8c8d',
		);
		await page.waitForSelector('.tree-move.current[data-move="3c3d"]');
		assert((await page.locator('.tree-line.variation').count()) === 0, 'the variation is still listed');
		await shot(page, '61-analysis-variation.png');
	});

	if (!engineBuilt) {
		for (const c of ['61.3', '61.4', '61.5', '61.8', '61.10'])
			console.log(`SKIP browser-${c}: the engine is not built (make web with emscripten)`);
	} else {
		await check(
			'61.3',
			'the engine: an evaluation with its depth, and the best move as an arrow',
			async () => {
				await page.click(tid('engine-toggle'));
				await page.waitForFunction(
					() =>
						Number(
							document
								.querySelector('[data-testid="engine-stats"]')
								?.getAttribute('data-depth'),
						) >= 5,
					null,
					{
						timeout: 30000,
					},
				);
				const ev = (await page.textContent(tid('engine-eval'))).trim();
				assert(/^[+-]\d+\.\d\d$|Mate/.test(ev), `evaluation "${ev}"`);
				const stats = await page.textContent(tid('engine-stats'));
				assert(/Depth \d+/.test(stats), `stats "${stats}"`);
				const arrow = await page.evaluate(() => {
					const first = document.querySelector(
						'[data-testid="engine-line"][data-multipv="1"]',
					);
					const a = document.querySelector('.arrow.best');
					if (!first || !a) return null;
					const l = a.querySelector('line');
					const at = (x, y) => {
						const p = new DOMPoint(x, y).matrixTransform(l.getScreenCTM());
						const hit = [...document.querySelectorAll('[data-square]')].find(
							(g) => {
								const r = g.getBoundingClientRect();
								return (
									p.x >= r.left &&
									p.x <= r.right &&
									p.y >= r.top &&
									p.y <= r.bottom
								);
							},
						);
						return hit ? hit.getAttribute('data-square') : null;
					};
					return {
						pv: first.getAttribute('data-pv').split(' ')[0],
						move: a.getAttribute('data-move'),
						from: a.getAttribute('data-from'),
						to: a.getAttribute('data-to'),
						drawnFrom: l ? at(l.x1.baseVal.value, l.y1.baseVal.value) : null,
						drawnTo: l ? at(l.x2.baseVal.value, l.y2.baseVal.value) : null,
					};
				});
				assert(arrow, 'no best line or no arrow');
				assert(
					arrow.move === arrow.pv,
					`the arrow is ${arrow.move}, the best line starts ${arrow.pv}`,
				);
				assert(
					arrow.from + arrow.to === arrow.pv.slice(0, 4),
					`arrow squares ${arrow.from} ${arrow.to}`,
				);
				assert(
					arrow.drawnFrom === arrow.from && arrow.drawnTo === arrow.to,
					`drawn from ${arrow.drawnFrom} to ${arrow.drawnTo}`,
				);
				// A new position stops the search and starts another: after 7g7f, White's moves.
				await page.keyboard.press('ArrowLeft');
				await page.waitForFunction(
					() => {
						const a = document.querySelector('.arrow.best');
						const from = a && a.getAttribute('data-from');
						const p =
							from &&
							document
								.querySelector(`[data-square="${from}"]`)
								?.getAttribute('data-piece');
						return (
							Boolean(p) &&
							p === p.toLowerCase() &&
							Boolean(
								document.querySelector(
									'.tree-move.current[data-move="7g7f"]',
								),
							)
						);
					},
					null,
					{ timeout: 30000 },
				);
			},
		);

		await check('61.4', 'MultiPV 3: three lines and three arrows', async () => {
			await page.selectOption(tid('engine-multipv'), '3');
			await page.waitForFunction(
				() =>
					document.querySelectorAll('[data-testid="engine-line"]').length === 3 &&
					document.querySelectorAll('.arrow').length === 3,
				null,
				{ timeout: 30000 },
			);
			const pvs = await page.$$eval('[data-testid="engine-line"]', (els) =>
				els.map(
					(e) =>
						e.getAttribute('data-multipv') +
						':' +
						e.getAttribute('data-pv').split(' ')[0],
				),
			);
			assert(new Set(pvs.map((p) => p.split(':')[1])).size === 3, `lines ${pvs}`);
			assert(pvs.map((p) => p.split(':')[0]).join() === '1,2,3', `lines ${pvs}`);
			await shot(page, '61-analysis-engine.png');
			await page.selectOption(tid('engine-multipv'), '1');
		});

		await check('61.5', '"Mate search" on a mate in 3 answers mate in 3 with its line', async () => {
			await page.goto(`${base}/#/analysis?sfen=${encodeURIComponent(MATE3.replace(/ /g, '_'))}`);
			await page.waitForSelector(`${sq('5c')}[data-piece="+P"]`);
			await page.click(tid('mate-search'));
			await page.waitForSelector(`${tid('mate-result')}[data-kind="mate"]`, { timeout: 20000 });
			const text = await page.textContent(tid('mate-result'));
			assert(text.includes('Mate in 3'), `mate result "${text}"`);
			const pv = (await page.getAttribute(tid('mate-line'), 'data-pv')).split(' ');
			assert(pv.length === 3, `mate line ${pv}`);
			await shot(page, '61-analysis-mate.png');
			await page.click(tid('engine-toggle')); // off again: the phone's case runs without it
		});
	}

	await check('61.6', "an imported record's side line and its comment are in the tree", async () => {
		const kif = readFileSync(new URL('../server/records/annotated.kifu', import.meta.url), 'utf8');
		const { id: rec } = await post(black, '/api/import', { record: kif, format: 'kif' });
		await page.goto(`${base}/#/analysis/${rec}`);
		await page.waitForSelector('.tree-line.variation .tree-move[data-move="6g6f"]');
		assert((await mainLine(page)).join() === line.join(), `main line ${await mainLine(page)}`);
		await page.click('.tree-line.variation .tree-move[data-move="6g6f"]');
		await page.waitForFunction(
			() =>
				document.querySelector('[data-testid="analysis-comment"]')?.textContent ===
				'変化のコメント',
		);
		await page.click('.tree-line.main .tree-move[data-move="7g7f"]');
		await page.waitForFunction(
			() =>
				document.querySelector('[data-testid="analysis-comment"]')?.textContent ===
				'角道を開ける一手',
		);
	});

	await check('61.7', "the board editor's Analyse opens its position", async () => {
		await page.goto(`${base}/#/editor?sfen=${encodeURIComponent(MATE3.replace(/ /g, '_'))}`);
		await page.click(tid('editor-analyse'));
		await page.waitForSelector(tid('analysis'));
		await page.waitForFunction(
			(s) => document.querySelector('[data-testid="analysis-sfen"]')?.value === s,
			MATE3,
		);
		// "Play from this position": the new-game form with the position (a visitor logs in first).
		const href = await page.getAttribute(tid('analysis-play'), 'href');
		const next = new URLSearchParams(href.split('?')[1]).get('next') || '';
		const play = new URLSearchParams(next.split('?')[1]);
		assert(play.get('sfen') === MATE3 && play.get('opponent') === 'computer', `play link ${href}`);
	});
	if (engineBuilt)
		await check(
			'61.10',
			"a finished game's analysis board has its review: a reviewed move shows on the board",
			async () => {
				await page.goto(`${base}/#/analysis/${id}`);
				await page.waitForSelector(tid('review-run'));
				await page.click(tid('review-run'));
				const second = `${tid('review-move')}[data-ply="2"]`;
				await page.waitForSelector(second, { timeout: 60000 });
				await page.click(`${second} button`);
				await page.waitForSelector('.tree-move.current[data-move="3c3d"]');
			},
		);
	if (engineBuilt)
		await check(
			'61.8',
			'an engine that cannot be loaded is said so, and the board still works',
			async () => {
				await page.route('**/engine/engine-worker.js', (r) => r.abort());
				await page.goto(`${base}/#/analysis`);
				await page.click(tid('engine-toggle'));
				await page.waitForFunction(() =>
					document
						.querySelector('[data-testid="engine-stats"]')
						?.textContent.includes('could not be loaded'),
				);
				await page.click(sq('7g'));
				await page.click(sq('7f'));
				await page.waitForSelector('.tree-move.current[data-move="7g7f"]');
				await page.click(tid('engine-toggle'));
			},
		);
	await P.context.close();

	await check(
		'61.9',
		'on a phone in Japanese: a tapped move makes a variation, nothing too wide, no English',
		async () => {
			const M = await open('analysis-phone', {
				viewport: { width: 390, height: 844 },
				hasTouch: true,
				isMobile: true,
				locale: 'ja-JP',
			});
			const p = M.page;
			await p.goto(`${base}/#/analysis?moves=7g7f_3c3d`);
			await p.waitForSelector('.tree-move.current[data-move="3c3d"]');
			await p.tap(sq('2g'));
			await p.tap(sq('2f'));
			await p.waitForSelector('.tree-move.current[data-move="2g2f"]');
			await p.keyboard.press('ArrowLeft');
			await p.tap(sq('6g'));
			await p.tap(sq('6f'));
			await p.waitForSelector('.tree-line.variation .tree-move.current[data-move="6g6f"]');
			const width = await p.evaluate(() => document.documentElement.scrollWidth);
			assert(width <= 390, `the page is ${width} px wide`);
			const left = await englishWords(p, ['gyoku', 'SFEN', 'Enter', 'Esc']);
			assert(left.length === 0, `English left: ${left.join(' | ')}`);
			await shot(p, '61-analysis-phone.png');
			await p.screenshot({ path: `${ROOT}build/browser/61-analysis-phone-full.png`, fullPage: true });
			await M.context.close();
		},
	);
	void WAIT_MS;
}
