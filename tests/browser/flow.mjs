// tests/browser/flow.mjs: the browser cases browser-7.x, run by run.mjs with its helpers: the
// flows around a game (docs/server.md "Games": rematch, the games being played).  Two players
// end a game; the results dialog and the finished game's page offer a rematch, which the
// opponent sees on their page and accepts, and both are taken to the new game (colours
// swapped); "New game" fills in the new-game form with the game's settings; the record link
// and the replay; a rematch against the computer starts at once; a visitor finds the game in
// play on the Watch page and watches it; a takeback asked for and accepted with the game
// page's buttons, and more time given to the opponent.
import { call } from './lib.mjs';

/**
 * The scenario.  `t` holds run.mjs's helpers: check, assert, tid, open (a browser context with
 * its page), signup (a user signed up on a page), base (the server's address).
 */
export async function gameFlows(t) {
	const { check, assert, tid, open, signup, base } = t;
	const stamp = Date.now().toString(36).slice(-5);
	const frank = 'frank_' + stamp;
	const gina = 'gina_' + stamp;
	const F = await open('frank');
	const G = await open('gina');
	const pf = F.page;
	const pg = G.page;
	let id = '';
	let rematch = '';

	await check('7.1', 'the results dialog offers a rematch, a new game, the record and the replay', async () => {
		await signup(pf, frank);
		await signup(pg, gina);
		const made = await call(pf, 'POST', '/api/games', {
			opponent: gina,
			color: 'black',
			time: '5m+10i',
			impasse: 'try',
		});
		assert(made.status === 201, `create: ${made.status} ${JSON.stringify(made.body)}`);
		id = made.body.id;
		assert((await call(pg, 'POST', `/api/games/${id}/accept`)).status === 200, 'accept');
		assert((await call(pf, 'POST', `/api/games/${id}/moves`, { move: '7g7f' })).status === 200, 'move 1');
		assert((await call(pg, 'POST', `/api/games/${id}/moves`, { move: '3c3d' })).status === 200, 'move 2');
		await pf.goto(`${base}/#/game/${id}`);
		await pg.goto(`${base}/#/game/${id}`);
		await pf.waitForSelector(tid('resign'));
		await pg.waitForSelector(tid('resign'));
		await pf.click(tid('resign'));
		await pf.click(tid('confirm-yes'));
		const dialog = tid('result-dialog');
		await pf.waitForSelector(`${dialog} ${tid('rematch')}`);
		await pf.waitForSelector(`${dialog} ${tid('new-game')}`);
		const record = await pf.getAttribute(`${dialog} ${tid('record-link')}`, 'href');
		assert(record === `/api/games/${id}/export?format=kif`, `record link ${record}`);
		// The opponent's page learns of the end by its event stream and shows the same.
		await pg.waitForSelector(`${dialog} ${tid('rematch')}`);
		await pg.click(`${dialog} ${tid('dialog-close')}`);
		// Replay from the dialog: it closes and the board shows the start.
		await pf.click(`${dialog} ${tid('replay')}`);
		await pf.waitForSelector(dialog, { state: 'detached' });
		await pf.waitForSelector('[data-ply="0"].current');
	});

	await check(
		'7.2',
		'a rematch: the opponent sees the offer on the finished page and accepts; both go to the new game',
		async () => {
			await pf.click(`${tid('after-game')} ${tid('rematch')}`);
			await pf.waitForURL((u) => u.hash.startsWith('#/game/') && !u.hash.endsWith(`/${id}`));
			rematch = decodeURIComponent(pf.url().split('#/game/')[1]);
			assert(rematch && rematch !== id, `went to ${pf.url()}`);
			await pf.waitForSelector(tid('cancel')); // a challenge that waits for gina
			await pg.waitForSelector(`${tid('rematch-offer')}:has-text("${frank} offers a rematch")`, {
				timeout: 10000,
			});
			await pg.click(tid('rematch-accept'));
			await pg.waitForURL(new RegExp(`#/game/${rematch}$`));
			await pg.waitForSelector(tid('resign'));
			await pf.waitForSelector(tid('resign'), { timeout: 10000 }); // frank's waiting page starts the game
			const g = await call(pf, 'GET', `/api/games/${rematch}`);
			assert(g.body.status === 'playing', `status ${g.body.status}`);
			assert(g.body.black.name === gina && g.body.white.name === frank, 'colours not swapped');
			assert(g.body.time === '5m+10i' && g.body.rematch_of === id, 'settings not kept');
			// Back on the finished game, the rematch is a link to it.
			await pf.goto(`${base}/#/game/${id}`);
			const link = await pf.getAttribute(tid('rematch-open'), 'href');
			assert(link === `#/game/${rematch}`, `rematch link ${link}`);
		},
	);

	await check(
		'7.3',
		'"New game" opens the new-game form filled in with the settings of the game, its impasse rule too',
		async () => {
			await pf.click(`${tid('after-game')} ${tid('new-game')}`);
			await pf.waitForSelector(tid('create-form'));
			const v = await pf.evaluate(() => ({
				opponent: document.querySelector('input[name=opponent]:checked').value,
				time: document.querySelector('[name=time]').value,
				custom: document.querySelector('[name=time_custom]').value,
				color: document.querySelector('[name=color]').value,
				impasse: document.querySelector('[name=impasse]').value,
			}));
			assert(v.opponent === 'open' && v.color === 'black' && v.impasse === 'try', JSON.stringify(v));
			// The form sends the rule it shows: a game against the computer under the 24-point rule.
			await pf.check('input[name=opponent][value=computer]');
			await pf.selectOption('[name=impasse]', '24');
			await pf.click(tid('create-game'));
			await pf.waitForURL((u) => u.hash.startsWith('#/game/'));
			const made = decodeURIComponent(pf.url().split('#/game/')[1]);
			const g = await call(pf, 'GET', `/api/games/${made}`);
			assert(g.body.impasse.rule === '24', `impasse ${JSON.stringify(g.body.impasse)}`);
			await call(pf, 'POST', `/api/games/${made}/resign`);
			assert(
				v.time === '5m+10i' || (v.time === 'custom' && v.custom === '5m+10i'),
				JSON.stringify(v),
			);
		},
	);

	await check('7.4', 'a visitor finds the game in play on the Watch page and watches it', async () => {
		const V = await open('visitor');
		const pv = V.page;
		await pv.goto(`${base}/#/`);
		await pv.click(tid('nav-watch'));
		const row = `${tid('watch-list')} ${tid('game-row')}[data-game="${rematch}"]`;
		await pv.waitForSelector(row);
		await pv.click(`${row} a`);
		await pv.waitForURL(new RegExp(`#/game/${rematch}$`));
		await pv.waitForSelector(`${tid('player-black')}:has-text("${gina}")`);
		assert((await pv.locator(tid('resign')).count()) === 0, 'a spectator may resign');
		// A player's page counts the spectator (it re-reads the game after a move).
		assert(
			(await call(pg, 'POST', `/api/games/${rematch}/moves`, { move: '2g2f' })).status === 200,
			'move',
		);
		await pg.goto(`${base}/#/game/${rematch}`);
		await pg.waitForSelector(`${tid('watchers')}:has-text("1 watching")`);
		// The list shows the spectators and the most watched first.
		await pv.goto(`${base}/#/watch`);
		await pv.waitForSelector(`${row}:has-text("1 watching")`);
		await V.context.close();
	});

	await check('7.5', 'against the computer the rematch starts at once', async () => {
		const made = await call(pf, 'POST', '/api/games', { opponent: 'computer', level: 1, color: 'white' });
		assert(made.status === 201, `create: ${made.status}`);
		assert((await call(pf, 'POST', `/api/games/${made.body.id}/resign`)).status === 200, 'resign');
		await pf.goto(`${base}/#/game/${made.body.id}`);
		await pf.click(`${tid('after-game')} ${tid('rematch')}`);
		await pf.waitForURL((u) => u.hash.startsWith('#/game/') && !u.hash.endsWith(`/${made.body.id}`));
		await pf.waitForSelector(tid('resign'));
		const next = decodeURIComponent(pf.url().split('#/game/')[1]);
		assert(next !== made.body.id, 'stayed on the ended game');
		const g = await call(pf, 'GET', `/api/games/${next}`);
		assert(g.body.status === 'playing' && g.body.you === 'black', `${g.body.status} ${g.body.you}`);
		await call(pf, 'POST', `/api/games/${next}/resign`);
		await call(pf, 'POST', `/api/games/${rematch}/resign`);
	});
	await check(
		'7.6',
		'a takeback asked for with the button, withdrawn, asked again, seen and accepted by the opponent; more time for the opponent',
		async () => {
			const made = await call(pf, 'POST', '/api/games', {
				opponent: gina,
				color: 'black',
				time: '5m+10i',
			});
			assert(made.status === 201, `create: ${made.status}`);
			const g = made.body.id;
			assert((await call(pg, 'POST', `/api/games/${g}/accept`)).status === 200, 'accept');
			assert(
				(await call(pf, 'POST', `/api/games/${g}/moves`, { move: '7g7f' })).status === 200,
				'move 1',
			);
			assert(
				(await call(pg, 'POST', `/api/games/${g}/moves`, { move: '3c3d' })).status === 200,
				'move 2',
			);
			await pf.goto(`${base}/#/game/${g}`);
			await pg.goto(`${base}/#/game/${g}`);
			await pf.waitForSelector('[data-ply="2"]');
			await pg.waitForSelector('[data-ply="2"]');
			await pf.click(tid('takeback'));
			await pf.waitForSelector(tid('takeback-waiting'));
			await pg.waitForSelector(tid('takeback-asked'));
			// The asker withdraws it: gone from the opponent's page too, and it may be asked again.
			await pf.click(tid('takeback-withdraw'));
			await pf.waitForSelector(`${tid('takeback')}:enabled`);
			await pg.waitForSelector(tid('takeback-asked'), { state: 'detached' });
			await pf.click(tid('takeback'));
			await pf.waitForSelector(tid('takeback-waiting'));
			// The opponent learns of it by the event stream.
			await pg.waitForSelector(tid('takeback-asked'));
			await pg.click(tid('takeback-accept'));
			// Frank asked on his turn: his move and the reply are taken back, on both pages.
			await pg.waitForSelector('[data-ply="1"]', { state: 'detached' });
			await pf.waitForSelector('[data-ply="1"]', { state: 'detached' });
			await pf.waitForSelector(`${tid('takeback')}:disabled`); // nothing of frank's left to take back
			await pg.click(tid('moretime'));
			let after = await call(pf, 'GET', `/api/games/${g}`);
			for (let i = 0; i < 50 && after.body.clocks.black.main_ms !== 315000; i++)
				after = await call(pf, 'GET', `/api/games/${g}`);
			assert(after.body.ply === 0 && after.body.takeback === null, JSON.stringify(after.body.moves));
			assert(after.body.clocks.black.main_ms === 315000, `black ${after.body.clocks.black.main_ms}`);
			await call(pf, 'POST', `/api/games/${g}/abort`);
		},
	);
	await F.context.close();
	await G.context.close();
}
