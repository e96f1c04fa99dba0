// tests/browser/input.mjs: the game page without a pointer, and premoves (browser-43.x).  A
// player plays the computer by the keyboard only (the board's squares are one tab stop, the
// arrows move the focus as seen, Enter selects and moves; arrows on the board do not replay),
// then by typing moves in Japanese and Hodges (refusals shown under the box); the aria-live
// region announces the computer's reply and the hidden description matches the position
// (announce.js, keyboard.js, typedmove.js); a premove made on the computer's turn is played as
// its reply arrives.  Then on a phone, by touch, a premove made while
// the opponent (a person playing through the API, so that the reply comes when the test says)
// is to move is played as the reply arrives, and one that the reply made illegal is dropped;
// Escape and a right-click cancel one (premove.js).  run.mjs calls input() with its helpers.
import { apiUser, signIn, newGame, playMoves, post, waitPly } from './lib.mjs';
import { describePosition } from '../../web/src/announce.js';
import { parseSfen } from '../../web/src/sfen.js';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

export async function input({ base, open, check, tid, sq, shot, gameJson, waitMyTurn, waitPieces, centre, assert }) {
	const me = await apiUser(base, 'keys');
	const { id } = await post(me, '/api/games', { opponent: 'computer', level: 1, color: 'black' });
	const A = await open('keyboard');
	await signIn(A.context, base, me);
	const pa = A.page;
	const focused = () =>
		pa.evaluate(() => document.activeElement && document.activeElement.getAttribute('data-square'));
	const press = async (...keys) => {
		for (const k of keys) await pa.keyboard.press(k);
	};
	/** Waits until the live region says `text`. */
	const announced = async (text) => {
		await pa
			.waitForFunction(
				([sel, t]) => (document.querySelector(sel) || {}).textContent === t,
				[tid('announce'), text],
				{ timeout: 8000 },
			)
			.catch(async () => {
				const got = await pa.textContent(tid('announce'));
				throw new Error(`the live region says "${got}", not "${text}"`);
			});
	};
	/** The computer's reply to ply `ply`: waits for it and for its announcement. */
	const reply = async (ply) => {
		await waitPly(me, id, ply + 1, 15000);
		const g = await gameJson(pa, id);
		await announced(`White: ${g.notation.hodges[ply]}`);
		return g;
	};

	await check(
		'43.1',
		'the board is one tab stop; arrows move the focus as seen and do not replay; Enter selects and moves (7g7f)',
		async () => {
			await pa.goto(`${base}/#/game/${encodeURIComponent(id)}`);
			await waitMyTurn(pa, 'the keyboard player');
			const stops = await pa.locator('[data-square][tabindex="0"]').count();
			assert(stops === 1, `${stops} squares are tab stops, not 1`);
			const label = await pa.getAttribute(sq('7g'), 'aria-label');
			assert(label === '7g, Black pawn', `7g is labelled "${label}"`);
			assert(
				(await pa.getAttribute(sq('5e'), 'aria-label')) === '5e, empty',
				'5e is not "5e, empty"',
			);
			await pa.locator('[data-square][tabindex="0"]').focus();
			const from = await focused();
			assert(from === '5e', `the tab stop is ${from}, not 5e`);
			await press('ArrowDown', 'ArrowDown', 'ArrowLeft', 'ArrowLeft');
			assert((await focused()) === '7g', `the arrows led to ${await focused()}, not 7g`);
			assert(await pa.locator(tid('back-to-game')).isHidden(), 'the arrows replayed the game');
			await press('Enter');
			await pa.waitForSelector(`${sq('7g')} .mark.selected`);
			assert(
				(await pa.getAttribute(sq('7f'), 'aria-label')) === '7f, empty, can move here',
				'7f is not offered',
			);
			await press('ArrowUp', 'Enter');
			await waitPieces(pa, { '7g': '', '7f': 'P' }, 'after Enter on 7f:');
			assert((await focused()) === '7f', 'the focus left the board');
			await reply(1);
		},
	);

	await check(
		'43.2',
		'moves typed in Japanese and in Hodges are played; refusals are shown; the reply is announced',
		async () => {
			const box = pa.locator(tid('move-entry'));
			await box.fill('5五飛');
			await box.press('Enter');
			const err = pa.locator(tid('move-entry-error'));
			await err.waitFor();
			assert(
				(await err.textContent()).includes('no legal move'),
				`the error says "${await err.textContent()}"`,
			);
			await box.fill('5八金');
			await box.press('Enter');
			await pa.waitForFunction(
				(sel) => /several legal moves/.test(document.querySelector(sel).textContent),
				tid('move-entry-error'),
			);
			let g = await gameJson(pa, id);
			const ply = g.ply;
			await box.fill('2六歩');
			await box.press('Enter');
			await waitPieces(pa, { '2g': '', '2f': 'P' }, 'after ２六歩 typed:');
			assert(await err.isHidden(), 'the error stays after a move');
			// The board can show the move from the game's stream before the POST's answer empties the box.
			await pa
				.waitForFunction((sel) => document.querySelector(sel).value === '', tid('move-entry'), {
					timeout: 5000,
				})
				.catch(() => assert(false, 'the box is not emptied'));
			await reply(ply + 1);
			await box.fill('P-1f');
			await box.press('Enter');
			await waitPieces(pa, { '1g': '', '1f': 'P' }, 'after P-1f typed:');
			g = await reply(ply + 3);
			assert(
				g.moves[ply] === '2g2f' && g.moves[ply + 2] === '1g1f',
				`the moves are ${g.moves.join(' ')}`,
			);
		},
	);

	await check('43.3', 'the hidden description of the position matches the position', async () => {
		const g = await gameJson(pa, id);
		const want = describePosition(parseSfen(g.sfen), g.check);
		const got = await pa.textContent(tid('position-description'));
		assert(got === want, `the description is "${got}", not "${want}"`);
		assert(got.startsWith('Black to move.'), got);
		await pa.locator(tid('describe')).click();
		await announced(want);
		await shot(pa, '43-keyboard.png');
	});

	await check(
		'43.4',
		'by keys into the promotion zone: the choice takes the focus and Enter promotes; a piece in hand dropped by keys',
		async () => {
			const other = await apiUser(base, 'keyfoe');
			const kid = await newGame(me, other);
			await playMoves(kid, me, other, ['7g7f', '3c3d']);
			await pa.goto(`${base}/#/game/${encodeURIComponent(kid)}`);
			await waitMyTurn(pa, 'the keyboard player');
			await pa.locator(sq('8h')).focus();
			await press('Enter');
			await pa.waitForSelector(`${sq('8h')} .mark.selected`);
			for (let i = 0; i < 6; i++) await press('ArrowRight', 'ArrowUp');
			assert((await focused()) === '2b', `the arrows led to ${await focused()}, not 2b`);
			assert(
				await pa.locator(tid('back-to-game')).isHidden(),
				'the arrows on the board replayed the game',
			);
			await press('Enter');
			await pa.locator('[data-promote="yes"]').waitFor();
			const on = await pa.evaluate(
				() => document.activeElement && document.activeElement.getAttribute('data-promote'),
			);
			assert(on === 'yes', `the promotion choice has not the focus (${on})`);
			await shot(pa, '43-keyboard-promotion.png');
			await press('Enter');
			await waitPieces(pa, { '8h': '', '2b': '+B' }, 'after Enter on the horse:');
			assert((await focused()) === '2b', 'the focus did not come back to 2b');
			await waitPly(me, kid, 3);
			await playMoves(kid, me, other, ['3a2b'], 3);
			await waitMyTurn(pa, 'the keyboard player');
			const hand = pa.locator('[data-hand="black"][tabindex="0"]');
			assert(
				(await hand.getAttribute('aria-label')) === "Black's bishop in hand, 1",
				'the hand piece is not labelled',
			);
			await hand.focus();
			await press('Enter');
			const at = await focused();
			assert(at === '2b', `Enter on the hand piece took the focus to ${at}, not the board's 2b`);
			await press(
				'ArrowLeft',
				'ArrowLeft',
				'ArrowLeft',
				'ArrowDown',
				'ArrowDown',
				'ArrowDown',
				'Enter',
			);
			await waitPieces(pa, { '5e': 'B' }, 'after the drop by keys:');
			const g = await waitPly(me, kid, 5);
			assert(g.moves[4] === 'B*5e', `the drop sent was ${g.moves[4]}`);
		},
	);

	await check(
		'43.7',
		'against the computer (level 10, 0+1s: half a second a move), a premove made on its turn is played as its reply arrives',
		async () => {
			const { id: cid } = await post(me, '/api/games', {
				opponent: 'computer',
				level: 10,
				color: 'black',
				time: '0+1s',
			});
			await pa.goto(`${base}/#/game/${encodeURIComponent(cid)}`);
			await waitMyTurn(pa, 'the player of the computer');
			// Notes any premove mark drawn, however briefly.
			await pa.evaluate(() => {
				window.__sawPremove = false;
				new MutationObserver(() => {
					if (document.querySelector('.mark.premove')) window.__sawPremove = true;
				}).observe(document.body, { subtree: true, childList: true });
			});
			await pa.click(sq('7g'));
			await pa.click(sq('7f'));
			await pa.click(sq('2g'));
			await pa.click(sq('2f'));
			const g = await waitPly(me, cid, 3, 15000);
			assert(g.moves[0] === '7g7f' && g.moves[2] === '2g2f', `the moves are ${g.moves.join(' ')}`);
			assert(
				await pa.evaluate(() => window.__sawPremove),
				'2g2f was not a premove (the computer answered first)',
			);
			await post(me, `/api/games/${encodeURIComponent(cid)}/resign`).catch(() => {});
		},
		{ soft: true },
	);
	await A.context.close();

	// ------------------------------------------------ premoves on a phone, by touch
	const black = await apiUser(base, 'premover');
	const white = await apiUser(base, 'replier');
	const pid = await newGame(black, white);
	const P = await open('premove-phone', PHONE);
	await signIn(P.context, base, black);
	const pp = P.page;
	const sent = [];
	pp.on('request', (r) => {
		if (r.method() === 'POST' && /\/moves$/.test(r.url())) sent.push(JSON.parse(r.postData()).move);
	});
	const tap = async (s) => {
		const c = await centre(pp, sq(s));
		await pp.touchscreen.tap(c.x, c.y);
	};
	const premoveMarks = () =>
		pp.evaluate(() =>
			[...document.querySelectorAll('.mark.premove')]
				.map((m) => m.closest('[data-square]').getAttribute('data-square'))
				.sort()
				.join(' '),
		);

	await check(
		'43.5',
		"on a phone, a premove tapped during the opponent's turn is marked and played as the reply arrives",
		async () => {
			await playMoves(pid, black, white, ['7g7f']);
			await pp.goto(`${base}/#/game/${encodeURIComponent(pid)}`);
			await waitPieces(pp, { '7f': 'P' }, 'the phone:');
			await tap('2g');
			await pp.waitForSelector(`${sq('2g')} .mark.selected`);
			await tap('2f');
			await pp.waitForFunction(() => document.querySelectorAll('.mark.premove').length === 2);
			assert((await premoveMarks()) === '2f 2g', `the premove marks ${await premoveMarks()}`);
			assert(sent.length === 0, `a premove was sent at once: ${sent.join(' ')}`);
			await shot(pp, '43-phone-premove.png');
			await playMoves(pid, black, white, ['3c3d'], 1);
			const g = await waitPly(black, pid, 3);
			assert(g.moves[2] === '2g2f', `the premove was not played: ${g.moves.join(' ')}`);
			await waitPieces(pp, { '2g': '', '2f': 'P' }, 'after the premove:');
			assert((await premoveMarks()) === '', 'the premove mark stays');
		},
	);

	await check(
		'43.6',
		'Escape and a right-click cancel a premove; one the reply made illegal is dropped silently',
		async () => {
			await tap('8h');
			await tap('7g');
			await pp.waitForFunction(() => document.querySelectorAll('.mark.premove').length === 2);
			await pp.keyboard.press('Escape');
			await pp.waitForFunction(() => document.querySelectorAll('.mark.premove').length === 0);
			await tap('8h');
			await tap('7g');
			await pp.waitForFunction(() => document.querySelectorAll('.mark.premove').length === 2);
			await pp.click(sq('5e'), { button: 'right' });
			await pp.waitForFunction(() => document.querySelectorAll('.mark.premove').length === 0);
			await tap('8h');
			await tap('7g');
			await pp.waitForFunction(() => document.querySelectorAll('.mark.premove').length === 2);
			sent.length = 0;
			// White takes the bishop: the premove 8h7g is no longer a move.
			await playMoves(pid, black, white, ['2b8h+'], 3);
			await waitPieces(pp, { '8h': '+b' }, 'after the capture:');
			await waitMyTurn(pp, 'the phone');
			await pp.waitForTimeout(400);
			assert(sent.length === 0, `the dropped premove was sent: ${sent.join(' ')}`);
			assert((await premoveMarks()) === '', 'the dropped premove is still marked');
			const toast = await pp.locator(tid('toast')).count();
			assert(toast === 0, 'a notice was shown for the dropped premove');
		},
	);
	await P.context.close();
}
