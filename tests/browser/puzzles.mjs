// tests/browser/puzzles.mjs: tsume puzzles (#/puzzles, web/src/pages/puzzles.js, browser-63.x):
// signed out, a 1手詰 solved by a drop (the visitor's puzzle rating moves up and is kept in
// localStorage), a wrong move refused with its reason (not a check) and taken back (the rating
// moves down once); signed in, a 3手詰 solved through the defender's reply and a promotion
// choice (the rating kept by the server moves up); the daily puzzle page with its day, the
// solution shown, the next puzzle; the page on a phone 320 px wide.  The puzzles are data/puzzles/tsume.txt's (ids as in
// tests/server/api/44-puzzles.txt).  run.mjs calls puzzles() with its helpers.
import { apiUser, signIn } from './lib.mjs';

const ONE = '26hgjbl6x9'; // 1手詰, Black: L*9e
const THREE = 'tgk93afc82'; // 3手詰, White: L*8e 8f9g 8e8g+

/** The scenario; `t` holds run.mjs's helpers. */
export async function puzzles(t) {
	const { check, assert, tid, open, base, sq, shot, WAIT_MS } = t;
	const V = await open('puzzles-visitor');
	const page = V.page;
	const verdict = async (p, want) => {
		try {
			await p.waitForSelector(`${tid('puzzle-status')}[data-verdict="${want}"]`, {
				timeout: WAIT_MS,
			});
		} catch {
			const got = await p.getAttribute(tid('puzzle-status'), 'data-verdict');
			const text = await p.textContent(tid('puzzle-status'));
			throw new Error(`the verdict is ${got} ("${text}"), not ${want}`);
		}
	};
	const ratingShown = async (p) => {
		const text = await p.textContent(tid('puzzle-player-rating'));
		const m = /(\d+)/.exec(text || '');
		assert(m, `no rating in "${text}"`);
		return Number(m[1]);
	};
	const pieceOn = (p, s) => p.getAttribute(sq(s), 'data-piece');

	await check(
		'63.1',
		'signed out: the nav links to the puzzles; a 1手詰 solved by a drop moves the rating up',
		async () => {
			await page.goto(`${base}/#/`);
			await page.click(tid('nav-puzzles'));
			await page.waitForSelector(`${tid('puzzle-status')}[data-verdict="play"]`);
			await page.goto(`${base}/#/puzzles/${ONE}`);
			await page.waitForFunction(() => location.hash.endsWith('26hgjbl6x9'));
			await verdict(page, 'play');
			assert((await ratingShown(page)) === 1500, 'a new visitor is not at 1500');
			await page.click('[data-hand="black"][data-piece="L"]');
			await page.click(sq('9e'));
			await verdict(page, 'solved');
			const change = await page.textContent(tid('puzzle-rating-change'));
			assert(/^\+\d+/.test(change || ''), `the change is "${change}", not up`);
			assert((await ratingShown(page)) > 1500, 'the rating did not move up');
			assert((await pieceOn(page, '9e')) === 'L', 'the lance is not on 9e');
			const kept = await page.evaluate(() =>
				JSON.parse(localStorage.getItem('gyoku.puzzles.rating') || 'null'),
			);
			assert(
				kept && kept.rating > 1500 && kept.attempts === 1,
				`localStorage keeps ${JSON.stringify(kept)}`,
			);
			await shot(page, 'puzzle-solved.png');
		},
	);

	await check(
		'63.2',
		'signed out: a wrong move (not a check) is refused with its reason and taken back; the rating moves down',
		async () => {
			const before = await page.evaluate(
				() => JSON.parse(localStorage.getItem('gyoku.puzzles.rating')).rating,
			);
			await page.goto(`${base}/#/puzzles/${THREE}`);
			await verdict(page, 'play');
			await page.click(sq('1d'));
			await page.click(sq('1e'));
			await verdict(page, 'not-check');
			const text = await page.textContent(tid('puzzle-status'));
			assert(/not a check/i.test(text || ''), `the reason is "${text}"`);
			await shot(page, 'puzzle-wrong.png');
			const change = await page.textContent(tid('puzzle-rating-change'));
			assert(/^−\d+/.test(change || ''), `the change is "${change}", not down`);
			await page.waitForFunction(
				(s) => document.querySelector(s)?.getAttribute('data-piece') === 'p',
				sq('1d'),
			);
			assert((await pieceOn(page, '1e')) === null, 'the wrong move was not taken back');
			const after = await page.evaluate(
				() => JSON.parse(localStorage.getItem('gyoku.puzzles.rating')).rating,
			);
			assert(after < before, `the kept rating went from ${before} to ${after}`);
			await page.reload();
			await verdict(page, 'play');
			assert(
				(await ratingShown(page)) === Math.round(after),
				'the rating is not kept after a reload',
			);
		},
	);

	await V.context.close();
	const me = await apiUser(base, 'pz_a');
	const S = await open('puzzles-signed-in');
	await signIn(S.context, base, me);
	const sp = S.page;

	await check(
		'63.3',
		'signed in: a 3手詰 solved through the reply and the promotion choice; the server keeps the new rating',
		async () => {
			await sp.goto(`${base}/#/puzzles/${THREE}`);
			await verdict(sp, 'play');
			assert((await ratingShown(sp)) === 1500, 'a new player is not at 1500');
			await sp.click('[data-hand="white"][data-piece="l"]');
			await sp.click(sq('8e'));
			await sp.waitForFunction(
				(s) => document.querySelector(s)?.getAttribute('data-piece') === 'K',
				sq('9g'),
			);
			await verdict(sp, 'right');
			await sp.click(sq('8e'));
			await sp.click(sq('8g'));
			await sp.click('[data-promote="yes"]');
			await verdict(sp, 'solved');
			assert((await pieceOn(sp, '8g')) === '+l', 'no promoted lance on 8g');
			const change = await sp.textContent(tid('puzzle-rating-change'));
			assert(/^\+\d+/.test(change || ''), `the change is "${change}", not up`);
			const r = await me.client.request('GET', `/api/puzzles/${THREE}`);
			assert(
				r.json.player.rating > 1500 && r.json.attempt && r.json.attempt.solved,
				`the server has ${r.text}`,
			);
			await shot(sp, 'puzzle-signed-in.png');
		},
	);

	await check(
		'63.4',
		'the daily puzzle: its day; the solution shown is played; the next puzzle is another',
		async () => {
			await sp.goto(`${base}/#/puzzles/daily`);
			await verdict(sp, 'play');
			const title = await sp.textContent(tid('puzzle-title'));
			assert(/\d{4}-\d{2}-\d{2}/.test(title || ''), `the title is "${title}"`);
			const api = await me.client.request('GET', '/api/puzzles/daily');
			const first = await sp.evaluate(() => location.hash);
			await sp.click(tid('puzzle-solution'));
			await verdict(sp, 'solution');
			const line = api.json.length;
			const text = await sp.textContent(tid('puzzle-status'));
			assert((text || '').split(' ').length >= line, `the solution "${text}" is not ${line} moves`);
			await shot(sp, 'puzzle-daily.png');
			await sp.click(tid('puzzle-next'));
			await sp.waitForFunction(
				(h) => location.hash !== h && /#\/puzzles\/[0-9a-z]+$/.test(location.hash),
				first,
			);
			await verdict(sp, 'play');
			const id = await sp.evaluate(() => location.hash.split('/').pop());
			assert(id !== api.json.id && id !== 'daily', `the next puzzle is ${id}`);
		},
	);
	await S.context.close();

	await check('63.5', 'a phone 320 px wide, signed in: the puzzles page does not scroll sideways', async () => {
		const P = await open('puzzles-phone', {
			viewport: { width: 320, height: 640 },
			isMobile: true,
			hasTouch: true,
		});
		await signIn(P.context, base, me);
		await P.page.goto(`${base}/#/puzzles/${THREE}`);
		await verdict(P.page, 'play');
		const w = await P.page.evaluate(() => document.documentElement.scrollWidth);
		await shot(P.page, 'puzzle-320.png');
		await P.context.close();
		assert(w <= 320, `the page is ${w} px wide`);
	});
}
