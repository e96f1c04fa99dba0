// tests/browser/more.mjs: the game page's sounds (web/src/sound.js, browser-8.x).  The page's
// AudioContext is replaced by a stub (page.addInitScript) that records the start frequency of
// each sound played, which TONES maps back to its name: a player's page hears a move, a
// capture, check and the game's end as they come by the event stream, nothing while the
// sounds are muted with the game page's toggle, and the countdown of its own byoyomi; then
// the user's page shows their wins, losses and draws and the rating graph, and filters their
// finished games.  run.mjs
// calls sounds() with its helpers.
import { apiUser, signIn, newGame, playMoves, post } from './lib.mjs';
import { TONES } from '../../web/src/sound.js';

/** Replaces the page's Web Audio with a recorder of the sounds' start frequencies (window.__tones). */
function stubAudio() {
	window.__tones = [];
	class Param {
		constructor() {
			this.value = 0;
		}
		setValueAtTime(v) {
			this.value = v;
			return this;
		}
		exponentialRampToValueAtTime() {
			return this;
		}
		linearRampToValueAtTime() {
			return this;
		}
	}
	class Node {
		connect() {}
		disconnect() {}
	}
	window.AudioContext = class {
		constructor() {
			this.currentTime = 0;
			this.state = 'running';
			this.destination = new Node();
		}
		resume() {
			return Promise.resolve();
		}
		createOscillator() {
			const o = new Node();
			o.type = 'sine';
			o.frequency = new Param();
			o.start = () => window.__tones.push(o.frequency.value);
			o.stop = () => {};
			return o;
		}
		createGain() {
			const g = new Node();
			g.gain = new Param();
			return g;
		}
	};
}

/** The names of the sounds the page played so far. */
async function played(page) {
	const tones = await page.evaluate(() => window.__tones);
	return tones.map((f) => Object.keys(TONES).find((k) => TONES[k].from === f) || String(f));
}

/** The scenario; `t` holds run.mjs's helpers. */
export async function sounds(t) {
	const { check, assert, tid, open, base } = t;
	const black = await apiUser(base, 'snd_b');
	const white = await apiUser(base, 'snd_w');
	const P = await open('sounds');
	const page = P.page;
	await P.context.addInitScript(stubAudio);
	await signIn(P.context, base, black);
	let id = '';
	let timed = '';
	let rated = '';
	let n = 0;
	/** Plays a move through the API and waits for the page's next sound (or, silent, for the move). */
	const step = async (who, move, want) => {
		await playMoves(id, black, white, [move], n);
		n++;
		if (want === null) {
			await page.waitForSelector(`[data-ply="${n}"]`);
			await new Promise((r) => setTimeout(r, 1000));
		}
		const count = want === null ? 0 : 1;
		const before = t.before;
		await page.waitForFunction((k) => window.__tones.length >= k, before + count);
		const got = (await played(page)).slice(before);
		t.before = before + got.length;
		assert(
			JSON.stringify(got) === JSON.stringify(want === null ? [] : [want]),
			`${who} ${move}: ${JSON.stringify(got)}, not ${want}`,
		);
	};
	t.before = 0;

	await check('8.1', 'a player hears a move, a capture and check, each as it comes', async () => {
		id = await newGame(black, white, '10m+30s');
		await page.goto(`${base}/#/game/${id}`);
		await page.waitForSelector(tid('resign'));
		const on = await page.getAttribute(tid('sound'), 'aria-pressed');
		assert(on === 'false', `the sounds are on by default (aria-pressed ${on})`);
		await step('black', '7g7f', 'move');
		await step('white', '3c3d', 'move');
		await step('black', '8h2b+', 'capture');
		await step('white', '3a2b', 'capture');
		await step('black', 'B*3c', 'check');
	});

	await check('8.2', 'nothing while muted; the end once the sounds are on again', async () => {
		await page.click(tid('sound'));
		assert((await page.getAttribute(tid('sound'), 'aria-pressed')) === 'true', 'muted');
		await step('white', '4a4b', null);
		await page.click(tid('sound'));
		await post(white, `/api/games/${encodeURIComponent(id)}/resign`);
		await page.waitForFunction((k) => window.__tones.length > k, t.before);
		const got = (await played(page)).slice(t.before);
		assert(JSON.stringify(got) === '["end"]', `resignation: ${JSON.stringify(got)}`);
		t.before += got.length;
	});

	await check('8.3', "the countdown ticks each second of the player's own byoyomi", async () => {
		const g = await newGame(black, white, '0+5s');
		timed = g;
		// The clocks run from the first moves on: Black's runs after White's answer.
		await playMoves(g, black, white, ['7g7f', '3c3d']);
		await page.goto(`${base}/#/game/${g}`);
		await page.waitForSelector(tid('resign'));
		const from = await page.evaluate(() => window.__tones.length);
		await page.waitForFunction((k) => window.__tones.length >= k + 3, from, { timeout: 6000 });
		const got = (await played(page)).slice(from);
		assert(got.length >= 3 && got.every((s) => s === 'tick'), `ticks: ${JSON.stringify(got)}`);
		await post(black, `/api/games/${encodeURIComponent(g)}/resign`);
	});

	await check('8.4', "a user's page: wins, losses and draws, all and rated, and the rating graph", async () => {
		const { id: r } = await post(black, '/api/games', {
			opponent: white.name,
			color: 'black',
			time: '10m+30s',
			rated: true,
		});
		await post(white, `/api/games/${encodeURIComponent(r)}/accept`);
		await playMoves(r, black, white, ['7g7f', '3c3d']);
		await post(white, `/api/games/${encodeURIComponent(r)}/resign`);
		rated = r;
		await page.goto(`${base}/#/user/${black.name}`);
		await page.waitForSelector(tid('user-results'));
		const rows = await page.$$eval(`${tid('user-results')} tr`, (trs) =>
			trs.slice(1).map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent).join(' ')),
		);
		// 8.2 won (White resigned), 8.3 lost (Black resigned), both casual; the rated game won.
		assert(JSON.stringify(rows) === '["2 1 0","1 0 0"]', `results ${JSON.stringify(rows)}`);
		const points = await page.getAttribute(`${tid('rating-graph')} polyline`, 'points');
		assert(points && points.split(' ').length === 2, `graph points "${points}"`);
	});

	await check('8.5', "a user's page: the finished games filtered by rated, result and opponent", async () => {
		/** Waits until the finished games listed are `want` (ids, newest first). */
		const listed = async (want, what) => {
			const sel = `${tid('user-ended')} ${tid('game-row')}`;
			await page
				.waitForFunction(
					([s, w]) =>
						JSON.stringify(
							[...document.querySelectorAll(s)].map((e) =>
								e.getAttribute('data-game'),
							),
						) === w,
					[sel, JSON.stringify(want)],
				)
				.catch(() => {});
			const got = await page.$$eval(sel, (es) => es.map((e) => e.getAttribute('data-game')));
			assert(JSON.stringify(got) === JSON.stringify(want), `${what}: ${JSON.stringify(got)}`);
		};
		await listed([rated, timed, id], 'all');
		await page.selectOption('select[name=filter_rated]', 'true');
		await listed([rated], 'rated');
		await page.selectOption('select[name=filter_rated]', '');
		await page.selectOption('select[name=filter_result]', 'lost');
		await listed([timed], 'lost');
		await page.selectOption('select[name=filter_result]', 'won');
		await page.fill('input[name=filter_opponent]', white.name);
		await page.press('input[name=filter_opponent]', 'Enter');
		await listed([rated, id], 'won against white');
		await page.fill('input[name=filter_opponent]', black.name);
		await page.press('input[name=filter_opponent]', 'Enter');
		await listed([], 'won against oneself');
	});
	await P.context.close();
}
