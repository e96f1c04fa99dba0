// tests/browser/start-accounts.mjs: the browser cases browser-6.x, run by run.mjs with its
// helpers: the start of a game and accounts (docs/server.md "Games", "Time", "Accounts").  A
// player aborts before their first move with the game page's button, and the result dialog
// closes when the page changes; the navigation's rating follows a rated game's end; the lobby
// shows a seek's creator's rating and colour, and "No clock" for a game without one; a
// visitor's page load asks nothing that fails; the lockout message says its wait once; the
// password change form on the user's own page; a seek lives while its creator's page is open.
// Each case stands on its own (soft).
import { call } from './lib.mjs';

/**
 * The scenario.  `t` holds run.mjs's helpers: check, assert, tid, open (a browser context with
 * its page), signup (a user signed up on a page), base (the server's address), sleep.
 */
export async function startAndAccounts(t) {
	const { check, assert, tid, open, signup, base, sleep } = t;
	const stamp = Date.now().toString(36).slice(-5);
	const carol = 'carol_' + stamp;
	const dave = 'dave_' + stamp;
	const C = await open('carol');
	const D = await open('dave');
	const pc = C.page;
	const pd = D.page;
	let id = '';
	// A seek whose creator waits on its page (case 6.9, checked after the others, 22 s on).
	const erin = 'erin_' + stamp;
	const E = await open('erin');
	let seek = '';
	let seekMade = 0;
	await check(
		'6.0',
		'a seek made and its page open (for browser-6.9)',
		async () => {
			await signup(E.page, erin);
			const r = await call(E.page, 'POST', '/api/games', { opponent: 'open', color: 'black' });
			assert(r.status === 201, `seek: ${r.status}`);
			seek = r.body.id;
			seekMade = Date.now();
			await E.page.goto(`${base}/#/game/${seek}`);
			await E.page.waitForSelector(tid('cancel'));
		},
		{ soft: true },
	);

	await check(
		'6.1',
		'a player aborts before their first move with the Abort button',
		async () => {
			await signup(pc, carol);
			await signup(pd, dave);
			const made = await call(pc, 'POST', '/api/games', {
				opponent: dave,
				color: 'black',
				time: '10m',
				rated: true,
			});
			assert(made.status === 201, `create: ${made.status} ${JSON.stringify(made.body)}`);
			id = made.body.id;
			const acc = await call(pd, 'POST', `/api/games/${id}/accept`);
			assert(acc.status === 200, `accept: ${acc.status}`);
			await pc.goto(`${base}/#/game/${id}`);
			await pc.waitForSelector(tid('abort'));
			await pc.click(tid('abort'));
			await pc.waitForSelector(
				`${tid('result-dialog')} ${tid('result-text')}:text-is("Game aborted")`,
			);
			const g = (await call(pc, 'GET', `/api/games/${id}`)).body;
			assert(
				g.status === 'canceled' && g.ending === 'aborted',
				`the game is ${g.status} ${g.ending}`,
			);
			assert(g.ratings === null, 'an aborted game has rating changes');
			assert(
				(await pc.locator(tid('abort')).count()) === 0,
				'the Abort button stays after the abort',
			);
		},
		{ soft: true },
	);

	await check(
		'6.3',
		"after a player's first move the Abort button is gone; the other player still has it",
		async () => {
			const made = await call(pc, 'POST', '/api/games', { opponent: dave, color: 'black' });
			const gid = made.body.id;
			await call(pd, 'POST', `/api/games/${gid}/accept`);
			const moved = await call(pc, 'POST', `/api/games/${gid}/moves`, { move: '7g7f' });
			assert(moved.status === 200, `move: ${moved.status}`);
			await pd.goto(`${base}/#/game/${gid}`);
			await pd.waitForSelector(tid('abort'));
			await pc.goto(`${base}/#/game/${gid}`);
			await pc.waitForSelector(tid('resign'));
			assert((await pc.locator(tid('abort')).count()) === 0, 'Abort is offered after the first move');
			await call(pc, 'POST', `/api/games/${gid}/resign`);
		},
		{ soft: true },
	);

	await check(
		'6.8',
		"when a rated game ends the top bar shows the player's new rating",
		async () => {
			const made = await call(pc, 'POST', '/api/games', {
				opponent: dave,
				color: 'black',
				rated: true,
			});
			const gid = made.body.id;
			await call(pd, 'POST', `/api/games/${gid}/accept`);
			await pd.goto(`${base}/#/game/${gid}`);
			await pd.waitForSelector(tid('resign'));
			// The top bar's user link reads "NAME RATING".
			const before = (await pd.textContent(tid('nav-user'))).trim();
			assert(before.endsWith(' 1500'), `the bar shows ${before}`);
			await call(pc, 'POST', `/api/games/${gid}/resign`);
			await pd.waitForSelector(tid('result-dialog'));
			await pd.waitForFunction(
				(sel) => {
					const e = document.querySelector(sel);
					return e && Number(e.textContent.trim().split(' ').pop()) > 1500;
				},
				tid('nav-user'),
				{ timeout: 8000 },
			);
		},
		{ soft: true },
	);

	await check(
		'6.2',
		'the result dialog closes when the page changes',
		async () => {
			await pd.waitForSelector(tid('result-dialog'));
			await pd.evaluate(() => {
				location.hash = '#/';
			});
			await pd.waitForSelector(tid('create-game'));
			await pd.waitForSelector(tid('result-dialog'), { state: 'detached' });
		},
		{ soft: true },
	);

	await check(
		'6.4',
		"the lobby shows a seek's creator's rating and colour, and No clock for none",
		async () => {
			const r1 = await call(pc, 'POST', '/api/games', {
				opponent: 'open',
				color: 'random',
				time: '5m',
			});
			const r2 = await call(pc, 'POST', '/api/games', { opponent: 'open', color: 'white' });
			assert(r1.status === 201 && r2.status === 201, `seeks: ${r1.status} ${r2.status}`);
			// The lobby is open already (6.2): a reload reads the seeks now, not at its next refresh.
			await pd.goto(`${base}/#/`);
			await pd.reload();
			const row1 = `${tid('seeks')} [data-game="${r1.body.id}"]`;
			const row2 = `${tid('seeks')} [data-game="${r2.body.id}"]`;
			await pd.waitForSelector(row1);
			await pd.waitForSelector(row2);
			const t1 = await pd.textContent(row1);
			const t2 = await pd.textContent(row2);
			assert(new RegExp(`${carol} \\(\\d+\\)`).test(t1), `no rating in "${t1}"`);
			assert(
				/random colour/.test(await pd.textContent(`${row1} ${tid('seek-color')}`)),
				`no colour in "${t1}"`,
			);
			assert(
				/plays ☖ White/.test(await pd.textContent(`${row2} ${tid('seek-color')}`)),
				`colour: "${t2}"`,
			);
			assert(/No clock/.test(t2) && !/\bnone\b/.test(t2), `the untimed seek shows "${t2}"`);
		},
		{ soft: true },
	);

	await check(
		'6.5',
		"a visitor's page load asks nothing that fails (no 401 for /api/me)",
		async () => {
			const V = await open('visitor');
			const bad = [];
			V.page.on('response', (r) => {
				if (r.status() >= 400) bad.push(`${r.status()} ${r.url()}`);
			});
			await V.page.goto(`${base}/#/`);
			await V.page.waitForSelector(tid('goto-signup'));
			await V.page.waitForSelector(`${tid('seeks')} ${tid('game-row')}`);
			await sleep(300);
			await V.context.close();
			assert(bad.length === 0, `failed requests: ${bad.join(', ')}`);
		},
		{ soft: true },
	);

	await check(
		'6.6',
		'the lockout message says when to try again once',
		async () => {
			const L = await open('locked-out');
			const pl = L.page;
			await pl.goto(`${base}/#/login`);
			const ghost = 'ghost_' + stamp;
			let text = '';
			for (let i = 0; i < 6; i++) {
				await pl.fill('input[name=name]', ghost);
				await pl.fill('input[name=password]', `wrong password ${i}`);
				await Promise.all([
					pl.waitForResponse((r) => r.url().endsWith('/api/login')),
					pl.click(tid('login')),
				]);
				await sleep(100);
				text = (await pl.textContent(tid('form-error'))).trim();
			}
			await L.context.close();
			assert(
				/^too many failed logins for this name from your address: try again in \d+ s$/.test(
					text,
				),
				`the lockout says "${text}"`,
			);
		},
		{ soft: true },
	);

	await check(
		'6.7',
		"the password change form on the user's own page",
		async () => {
			await pc.goto(`${base}/#/user/${carol}`);
			await pc.waitForSelector(tid('password-form'));
			await pd.goto(`${base}/#/user/${carol}`);
			await pd.waitForSelector(tid('user-rating'));
			assert(
				(await pd.locator(tid('password-form')).count()) === 0,
				"another user's page has the form",
			);
			await pc.fill(tid('password-current'), 'wrong horse 41');
			await pc.fill(tid('password-new'), 'battery staple 43');
			await pc.fill(tid('password-again'), 'battery staple 43');
			await pc.click(tid('password-submit'));
			await pc.waitForSelector(`${tid('password-message')}:has-text("current password is wrong")`);
			await pc.fill(tid('password-current'), 'correct horse 42');
			await pc.fill(tid('password-new'), 'battery staple 43');
			await pc.fill(tid('password-again'), 'battery staple 43');
			await pc.click(tid('password-submit'));
			await pc.waitForSelector(`${tid('password-message')}:has-text("Password changed")`);
			const N = await open('new-password');
			await N.page.goto(`${base}/#/login`);
			const login = (pw) =>
				N.page.evaluate(
					async ([n, p]) =>
						(
							await fetch('/api/login', {
								method: 'POST',
								headers: { 'Content-Type': 'application/json' },
								body: JSON.stringify({ name: n, password: p }),
							})
						).status,
					[carol, pw],
				);
			const old = await login('correct horse 42');
			const now = await login('battery staple 43');
			await N.context.close();
			assert(old === 401 && now === 200, `old password: ${old}, new: ${now}`);
			await pc.reload();
			await pc.waitForSelector(`${tid('nav-user')}:has-text("${carol}")`);
		},
		{ soft: true },
	);

	await check(
		'6.9',
		"a seek lives while its creator's page is open: 22 s on it is listed and accepted",
		async () => {
			await sleep(Math.max(0, seekMade + 22000 - Date.now()));
			await pd.goto(`${base}/#/`);
			await pd.reload();
			await pd.waitForSelector(`${tid('seeks')} [data-game="${seek}"]`);
			const acc = await call(pd, 'POST', `/api/games/${seek}/accept`);
			assert(acc.status === 200, `accept: ${acc.status} ${JSON.stringify(acc.body)}`);
		},
		{ soft: true },
	);

	await C.context.close();
	await D.context.close();
	await E.context.close();
}
