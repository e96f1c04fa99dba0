// tests/browser/i18n.mjs: the Japanese interface (web/src/i18n.js, lang/ja.js; browser-40.x).
// A browser whose language is Japanese gets it without choosing; the choice at the foot of
// every page (nav-lang) switches the page at once and is remembered after a reload; in
// Japanese, the lobby, a game against the computer in progress, its resignation and results
// dialog, the finished game, the user's page, import, watch, login and sign-up show no English
// word (user names, "gyoku", the record formats and notation aside), on a desktop and on a
// phone (390x844, touch); the server's errors (a wrong password, a challenge to nobody, a
// record that does not parse) are shown in Japanese.  run.mjs calls languages() with its
// helpers.
import { apiUser, signIn, post, newGame } from './lib.mjs';

/** A KIF record with headers and a comment (the imported game's page shows them). */
const KIF = [
	'開始日時：2024/01/02 10:00:00',
	'棋戦：練習対局',
	'手合割：平手',
	'先手：甲',
	'後手：乙',
	'手数----指手---------消費時間--',
	'   1 ７六歩(77)   ( 0:01/00:00:01)',
	'*初手のコメント',
	'   2 ３四歩(33)   ( 0:01/00:00:01)',
	'   3 投了',
	'',
].join('\n');

/** Words that may stay in Latin letters on a Japanese page. */
// Key names (Enter, Esc) are written as the keyboard labels them, in Japanese as well.
const ALLOWED = new Set(['gyoku', 'OK', 'English', 'KIF', 'KI', 'CSA', 'JKF', 'SFEN', 'USI', 'JSON', 'Enter', 'Esc']);

/**
 * The visible texts of the page: text nodes of shown elements (a textarea's content, the
 * user's, aside) and the title, aria-label and placeholder of shown elements.
 */
function visibleTexts() {
	const shown = (/** @type {Element} */ el) =>
		typeof el.checkVisibility === 'function' ? el.checkVisibility({ visibilityProperty: true }) : true;
	const out = [];
	const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	for (let n = walker.nextNode(); n; n = walker.nextNode()) {
		const text = (n.textContent || '').trim();
		const el = n.parentElement;
		if (!text || !el || el.closest('script, style, textarea, option') || !shown(el)) continue;
		out.push(text);
	}
	for (const el of document.body.querySelectorAll('[title], [aria-label], [placeholder], select')) {
		if (!shown(el)) continue;
		if (el instanceof HTMLSelectElement) {
			for (const o of el.options) out.push(o.text.trim());
			continue;
		}
		for (const a of ['title', 'aria-label', 'placeholder']) {
			const v = el.getAttribute(a);
			if (v) out.push(v);
		}
	}
	return out;
}

/** The names of the users the server's lists show (their letters may be English words). */
function namesShown() {
	return Promise.all(
		['status=playing&limit=200', 'status=waiting'].map(async (q) => {
			const r = await fetch(`/api/games?${q}`);
			const { games } = await r.json();
			return games.flatMap((g) => [
				g.creator,
				g.challenged,
				g.black && g.black.name,
				g.white && g.white.name,
			]);
		}),
	).then((lists) => lists.flat().filter(Boolean));
}

/** The texts of `page` that hold an English word; `names` are user names (allowed). */
async function englishLeft(page, names) {
	const allowed = new Set(ALLOWED);
	for (const n of [...names, ...(await page.evaluate(namesShown))])
		for (const w of String(n).match(/[A-Za-z]+/g) || []) allowed.add(w);
	const texts = await page.evaluate(visibleTexts);
	return [...new Set(texts.filter((s) => (s.match(/[A-Za-z]{2,}/g) || []).some((w) => !allowed.has(w))))];
}

/** Waits until no list of the page is still loading. */
function loaded(page) {
	return page.waitForFunction(() => !document.body.textContent.includes('読み込み中'));
}

/** The scenario; `t` holds run.mjs's helpers. */
export async function languages(t) {
	const { check, assert, tid, open, base, shot } = t;
	const user = await apiUser(base, 'ja');
	const names = [user.name];
	/** A visitor whose browser is Japanese (one context for 40.1, the visitor's pages and the errors). */
	let visitor = null;
	const japaneseVisitor = async () => (visitor ??= await open('ja-visitor', { locale: 'ja-JP' }));

	await check(
		'40.1',
		'a browser whose language is Japanese gets the Japanese interface without choosing',
		async () => {
			const V = await japaneseVisitor();
			await V.page.goto(`${base}/#/`);
			await V.page.waitForSelector(`${tid('nav-play')}:has-text("対局")`);
			await V.page.waitForSelector('h2:has-text("将棋を指す")');
			assert(
				(await V.page.evaluate(() => document.documentElement.lang)) === 'ja',
				'<html lang> is not ja',
			);
			assert((await V.page.inputValue(tid('nav-lang'))) === 'ja', 'the foot does not say 日本語');
		},
	);

	await check('40.2', 'the choice at the foot switches the whole page at once and is remembered', async () => {
		const E = await open('lang-switch');
		const page = E.page;
		await page.goto(`${base}/#/`);
		await page.waitForSelector('h2:has-text("Play shogi")');
		assert(
			(await page.textContent(tid('nav-play'))).startsWith('Play'),
			'an English browser is not in English',
		);
		await page.selectOption(tid('nav-lang'), 'ja');
		await page.waitForSelector('h2:has-text("将棋を指す")');
		await page.waitForSelector(`${tid('goto-signup')}:has-text("新規登録")`);
		assert((await page.textContent(tid('nav-play'))).startsWith('対局'), 'the top bar stayed English');
		await page.reload();
		await page.waitForSelector('h2:has-text("将棋を指す")');
		assert((await page.inputValue(tid('nav-lang'))) === 'ja', 'the choice was forgotten');
		await page.selectOption(tid('nav-lang'), 'en');
		await page.waitForSelector('h2:has-text("Play shogi")');
		await E.context.close();
	});

	/** Walks `steps` ([label, fn]) on a page and gathers the English left on each. */
	const walk = async (page, steps) => {
		const found = [];
		for (const [label, fn] of steps) {
			await fn();
			const left = await englishLeft(page, names);
			if (left.length) found.push(`${label}: ${left.map((s) => JSON.stringify(s)).join(', ')}`);
		}
		return found;
	};
	/** A new game of the user against the computer, its first move played: its id. */
	const computerGame = async () => {
		const { id } = await post(user, '/api/games', {
			opponent: 'computer',
			level: 1,
			color: 'black',
			time: '10m+30s',
		});
		await post(user, `/api/games/${encodeURIComponent(id)}/moves`, { move: '7g7f', ply: 0 });
		return id;
	};

	await check(
		'40.3',
		'in Japanese no page shows an English word (desktop)',
		async () => {
			const J = await open('ja-walk', { locale: 'ja-JP' });
			const page = J.page;
			await signIn(J.context, base, user);
			const id = await computerGame();
			const other = await apiUser(base, 'jb');
			names.push(other.name);
			const corr = await newGame(user, other, '3d/v7');
			const { id: imported } = await post(user, '/api/import', { record: KIF });
			const found = await walk(page, [
				[
					'correspondence game',
					async () => {
						await page.goto(`${base}/#/game/${encodeURIComponent(corr)}`);
						await page.waitForSelector(tid('clock-vacation-black'));
						await page.waitForSelector(tid('resign'));
						await shot(page, '40-ja-correspondence.png');
					},
				],
				[
					'imported record',
					async () => {
						await page.goto(`${base}/#/game/${encodeURIComponent(imported)}`);
						await page.waitForSelector(tid('record-headers'));
						await page.click('[data-ply="1"]');
						await page.waitForSelector(
							`${tid('move-comment')}:has-text("初手のコメント")`,
						);
					},
				],
				[
					'lobby',
					async () => {
						await page.goto(`${base}/#/`);
						await page.waitForSelector(tid('create-game'));
						await loaded(page);
					},
				],
				[
					'game in progress',
					async () => {
						await page.goto(`${base}/#/game/${encodeURIComponent(id)}`);
						await page.waitForSelector(tid('resign'));
						await page.waitForSelector('[data-ply="2"]');
						await shot(page, '40-ja-game.png');
					},
				],
				[
					'resign dialog',
					async () => {
						await page.click(tid('resign'));
						await page.waitForSelector(tid('confirm'));
					},
				],
				[
					'result dialog',
					async () => {
						await page.click(tid('confirm-yes'));
						await page.waitForSelector(tid('result-dialog'));
						const text = await page.textContent(tid('result-text'));
						assert(
							text === '☖ 後手の勝ち（投了）',
							`the result line says "${text}"`,
						);
						await shot(page, '40-ja-result.png');
					},
				],
				[
					'finished game',
					async () => {
						await page.click(tid('dialog-close'));
						await page.waitForSelector(tid('after-game'));
					},
				],
				[
					'user page',
					async () => {
						await page.goto(`${base}/#/user/${encodeURIComponent(user.name)}`);
						await page.waitForSelector(`${tid('user-ended')} ${tid('game-row')}`);
					},
				],
				[
					'import',
					async () => {
						await page.goto(`${base}/#/import`);
						await page.waitForSelector(tid('import'));
					},
				],
				[
					'watch',
					async () => {
						await page.goto(`${base}/#/watch`);
						await page.waitForSelector(tid('watch-list'));
						await loaded(page);
					},
				],
			]);
			const V = await japaneseVisitor();
			const vp = V.page;
			found.push(
				...(await walk(vp, [
					['visitor lobby', async () => (await vp.goto(`${base}/#/`), await loaded(vp))],
					[
						'login',
						async () => (
							await vp.goto(`${base}/#/login`),
							await vp.waitForSelector(tid('login-form'))
						),
					],
					[
						'signup',
						async () => (
							await vp.goto(`${base}/#/signup`),
							await vp.waitForSelector(tid('signup-form'))
						),
					],
					[
						'visitor import',
						async () => (
							await vp.goto(`${base}/#/import`),
							await vp.waitForSelector(tid('import-login'))
						),
					],
				])),
			);
			await J.context.close();
			assert(found.length === 0, `English left: ${found.join(' | ')}`);
		},
		{ soft: true },
	);

	await check(
		'40.4',
		'in Japanese no page shows an English word (phone, 390x844 with touch)',
		async () => {
			const P = await open('ja-phone', {
				locale: 'ja-JP',
				viewport: { width: 390, height: 844 },
				isMobile: true,
				hasTouch: true,
			});
			const page = P.page;
			await signIn(P.context, base, user);
			const id = await computerGame();
			const found = await walk(page, [
				[
					'phone lobby',
					async () => {
						await page.goto(`${base}/#/`);
						await page.waitForSelector(tid('create-game'));
						await loaded(page);
						await shot(page, '40-ja-phone-lobby.png');
					},
				],
				[
					'phone game',
					async () => {
						await page.goto(`${base}/#/game/${encodeURIComponent(id)}`);
						await page.waitForSelector('[data-ply="2"]');
						await shot(page, '40-ja-phone-game.png');
					},
				],
			]);
			await post(user, `/api/games/${encodeURIComponent(id)}/resign`);
			await P.context.close();
			assert(found.length === 0, `English left: ${found.join(' | ')}`);
		},
		{ soft: true },
	);

	await check(
		'40.5',
		"the server's errors are shown in Japanese (a wrong password, a refused request)",
		async () => {
			const V = await japaneseVisitor();
			const page = V.page;
			await page.goto(`${base}/#/login`);
			await page.fill('input[name=name]', user.name);
			await page.fill('input[name=password]', 'not the password');
			await page.click(tid('login'));
			await page.waitForSelector(`${tid('form-error')}:not(:empty)`);
			const wrong = await page.textContent(tid('form-error'));
			assert(wrong === 'ユーザー名またはパスワードが違います', `the login error says "${wrong}"`);
			await signIn(V.context, base, user);
			await page.goto(`${base}/#/?challenge=nobody_zz`);
			await page.reload();
			await page.waitForSelector(tid('create-game'));
			await page.click(tid('create-game'));
			await page.waitForSelector(`${tid('form-error')}:not(:empty)`);
			const nobody = await page.textContent(tid('form-error'));
			assert(
				nobody === 'nobody_zz という名前のユーザーはいません',
				`the lobby's error says "${nobody}"`,
			);
			await page.goto(`${base}/#/import`);
			await page.fill('textarea[name=record]', 'not a record at all');
			await page.selectOption('select[name=format]', 'kif');
			await page.click(tid('import'));
			await page.waitForSelector(`${tid('form-error')}:not(:empty)`);
			const bad = await page.textContent(tid('form-error'));
			assert(
				/[一-龯]/.test(bad) && !/[A-Za-z]{3,}/.test(bad.replace(/KIF/g, '')),
				`the import error says "${bad}"`,
			);
			await V.context.close();
		},
	);
}
