// tests/browser/records.mjs: two scenarios run.mjs calls with its helpers (t: base, open,
// signup, check, tid, assert, shot, gameJson, waitMyTurn, waitPieces, sq).
//
// correspondence (browser-20.x): the new-game form offers days per move, vacation days and
// automatic vacation (a preset fills them in); the clocks show the time to move and the vacation
// allowance apart (a 3d/v10/auto game shows 3 days to move, not 13); a player on vacation is
// marked for both players and a spectator; back early, the unused days return (gyoku/clock.h).
//
// importing (browser-21.x): a visitor is sent to log in before importing; a signed-in user
// imports a KIF with a comment, a variation, an event and a date; the game page shows the
// comment of the move and the event and date, and the players' names from the record.
import { readFileSync } from 'node:fs';

/** @param {any} t */
export async function correspondence(t) {
	const { base, open, signup, check, tid, assert, shot, gameJson, waitMyTurn, waitPieces, sq } = t;
	const tag = Date.now().toString(36).slice(-5);
	const dora = 'dora_' + tag;
	const eve = 'eve_' + tag;
	const D = await open('corr-A');
	const E = await open('corr-B');
	const W = await open('corr-spectator');
	const pd = D.page;
	const pe = E.page;
	const pw = W.page;
	let id = '';
	const clockText = async (page, what, color) => (await page.textContent(tid(`${what}-${color}`))).trim();

	await check(
		'20.1',
		'the new-game form offers days per move, vacation days and automatic vacation',
		async () => {
			await Promise.all([signup(pd, dora), signup(pe, eve)]);
			await pd.check('input[name=opponent][value=user]');
			await pd.fill('input[name=challenge]', eve);
			assert(
				!(await pd.isVisible('input[name=corr_days]')),
				'the correspondence controls show for a live control',
			);
			await pd.selectOption('select[name=time]', '3d/v7');
			await pd.waitForSelector('input[name=corr_days]', { state: 'visible' });
			assert(
				(await pd.inputValue('input[name=corr_days]')) === '3',
				'the preset did not fill in 3 days per move',
			);
			assert(
				(await pd.inputValue('input[name=corr_vacation]')) === '7',
				'the preset did not fill in 7 vacation days',
			);
			await pd.fill('input[name=corr_vacation]', '10');
			await pd.check('input[name=corr_auto]');
			await pd.selectOption('select[name=color]', 'black');
			await shot(pd, '20-corr-form.png');
			await pd.click(tid('create-game'));
			await pd.waitForURL(/#\/game\/[^/]+$/);
			id = decodeURIComponent(pd.url().replace(/^.*#\/game\//, ''));
			const g = await gameJson(pd, id);
			assert(g.time === '3d/v10/auto', `the game's time control is ${g.time}`);
		},
	);
	const url = () => `${base}/#/game/${encodeURIComponent(id)}`;

	await check(
		'20.2',
		'the clocks show the time to move and the vacation left apart, for players and a spectator',
		async () => {
			await pe.goto(url());
			await pe.click(tid('accept'));
			await pe.waitForSelector(`${tid('player-white')}:has-text("${eve}")`);
			await pw.goto(url());
			for (const page of [pd, pe, pw]) {
				await page.waitForSelector(
					`${tid('clock-vacation-black')}:text-is("vacation: 10 days left (automatic)")`,
				);
				await page.waitForSelector(
					`${tid('clock-vacation-white')}:text-is("vacation: 10 days left (automatic)")`,
				);
				const idle = (await page.textContent(`${tid('clock-white')} .clock-main`)).trim();
				assert(idle === '3d 0h', `White's clock shows ${idle}, not 3 days to move`);
				const running = (await page.textContent(`${tid('clock-black')} .clock-main`)).trim();
				assert(/^(3d 0h|2d 23h)$/.test(running), `Black's clock shows ${running}`);
				assert(
					!(await page.isVisible(tid('on-vacation-white'))),
					'White is marked on vacation',
				);
			}
			await shot(pw, '21-corr-clocks.png');
		},
	);

	await check(
		'20.3',
		'White takes 3 vacation days: both players and the spectator see White on vacation',
		async () => {
			await pe.click(tid('vacation'));
			await pe.fill(`${tid('prompt')} input[name=days]`, '3');
			await pe.click(tid('confirm-yes'));
			for (const page of [pe, pd, pw]) {
				await page.waitForSelector(`${tid('on-vacation-white')}:has-text("on vacation")`);
				await page.waitForSelector(
					`${tid('clock-vacation-white')}:text-is("vacation: 7 days left (automatic)")`,
				);
				assert(
					!(await page.isVisible(tid('on-vacation-black'))),
					'Black is marked on vacation',
				);
			}
			const mark = await clockText(pw, 'on-vacation', 'white');
			assert(/^on vacation, (3d 0h|2d 23h) left$/.test(mark), `the mark reads "${mark}"`);
			await shot(pw, '22-corr-vacation.png');
		},
	);

	await check('20.4', 'White comes back early with a move: the unused days return, the mark goes', async () => {
		await waitMyTurn(pd, 'Black');
		await pd.click(sq('7g'));
		await pd.click(sq('7f'));
		await waitPieces(pe, { '7f': 'P' }, 'White');
		await waitMyTurn(pe, 'White');
		await pe.click(sq('3c'));
		await pe.click(sq('3d'));
		for (const page of [pd, pe, pw]) {
			// Three days taken, one begun: two come back.
			await page.waitForSelector(
				`${tid('clock-vacation-white')}:text-is("vacation: 9 days left (automatic)")`,
			);
			await page.waitForSelector(tid('on-vacation-white'), { state: 'hidden' });
		}
		const g = await gameJson(pw, id);
		assert(g.clocks.white.vacation_days === 9 && g.clocks.white.vacation_ms === 0, 'the JSON disagrees');
	});
	await D.context.close();
	await E.context.close();
	await W.context.close();
}

/** @param {any} t */
export async function importing(t) {
	const { base, open, check, tid, assert, shot } = t;
	const kif = readFileSync(new URL('../server/records/annotated.kifu', import.meta.url), 'utf8');
	const fay = 'fay_' + Date.now().toString(36).slice(-5);
	const V = await open('import');
	const pv = V.page;

	await check(
		'21.1',
		'a visitor is not invited to import: no link, and the page asks to log in first',
		async () => {
			await pv.goto(`${base}/#/`);
			await pv.waitForSelector(tid('goto-signup'));
			assert(
				(await pv.locator('a[href="#/import"]').count()) === 0,
				'the visitor is offered a link to import',
			);
			await pv.goto(`${base}/#/import`);
			await pv.waitForSelector(tid('import-login'));
			assert(
				(await pv.locator('textarea[name=record]').count()) === 0,
				'the visitor is shown the import form',
			);
		},
	);

	let id = '';
	await check(
		'21.2',
		'signed up from there, the user comes back to the form and imports an annotated KIF',
		async () => {
			await pv.click(`${tid('import-login')} a[href*="signup"]`);
			await pv.fill('input[name=name]', fay);
			await pv.fill('input[name=password]', 'correct horse 42');
			await pv.click(tid('signup'));
			await pv.waitForSelector('textarea[name=record]');
			await pv.fill('textarea[name=record]', kif);
			await pv.selectOption('select[name=format]', 'kif');
			await pv.click(tid('import'));
			await pv.waitForURL(/#\/game\/[^/]+$/);
			id = decodeURIComponent(pv.url().replace(/^.*#\/game\//, ''));
			await pv.waitForSelector(`${tid('player-black')}:has-text("羽生善治")`);
			await pv.waitForSelector(`${tid('player-white')}:has-text("藤井聡太")`);
		},
	);

	await check('21.3', "the game page shows the record's event and date and the comment of a move", async () => {
		const headers = await pv.textContent(tid('record-headers'));
		assert(headers.includes('第1回テスト杯'), `the event is not shown: ${headers}`);
		assert(headers.includes('2024/03/15'), `the date is not shown: ${headers}`);
		await pv.click('[data-ply="1"]');
		await pv.waitForSelector(`${tid('move-comment')}:text-is("角道を開ける一手")`);
		await shot(pv, '23-import-comment.png');
		await pv.click('[data-ply="2"]');
		await pv.waitForSelector(tid('move-comment'), { state: 'hidden' });
		await pv.click(tid('first'));
		await pv.waitForSelector(`${tid('move-comment')}:text-is("対局前のコメント")`);
		const kifOut = await pv.evaluate(
			async (g) => (await fetch(`/api/games/${g}/export?format=kif`)).text(),
			id,
		);
		assert(
			kifOut.includes('*角道を開ける一手') && kifOut.includes('変化：3手'),
			'the export lost the comments',
		);
	});
	await V.context.close();
}
