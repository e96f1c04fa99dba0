// tests/browser/touch.mjs: the board on touch screens and small windows (web/README.md
// "Files": style.css's desktop, tablet and phone layouts; input.js and promotion.js).  A tap
// on a square in the promotion zone must leave the choice on the board for a new tap, so that
// the unpromoted piece can be taken by touch (browser-11.x); the player's own clock and hand
// fit a 1024x768 window, the board is large on a phone held sideways, and nothing scrolls
// sideways at 320 px (browser-13.x).  run.mjs calls touch() with its helpers.
import { apiUser, signIn, newGame, playMoves, post, waitPly } from './lib.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

export async function touch({ base, open, check, tid, sq, shot, waitMyTurn, waitPieces, centre }) {
	// A name of wide letters, 20 of them (the most): the lists and the top bar must still fit 320 px.
	const black = await apiUser(base, 'WWWWWWWWWW');
	const white = await apiUser(base, 'tapped');
	const id = await newGame(black, white);
	await playMoves(id, black, white, ['7g7f', '3c3d']);
	const gamePath = `${base}/#/game/${encodeURIComponent(id)}`;
	/** A real tap (touchstart, touchend and the click the browser makes of them) on a square. */
	const tap = async (page, s) => {
		const c = await centre(page, sq(s));
		await page.touchscreen.tap(c.x, c.y);
	};
	const P = await open('touch-phone', PHONE);
	await signIn(P.context, base, black);
	const pp = P.page;
	/** The moves Black's page sent. */
	const sent = [];
	pp.on('request', (r) => {
		if (r.method() === 'POST' && /\/moves$/.test(r.url())) sent.push(JSON.parse(r.postData()).move);
	});

	await check(
		'11.1',
		'on a phone, tap-tap into the promotion zone shows the choice and waits; a tap on the unpromoted piece plays 8h2b',
		async () => {
			await pp.goto(gamePath);
			await waitMyTurn(pp, 'the phone');
			await tap(pp, '8h');
			await pp.waitForSelector(`${sq('8h')} .mark.selected`);
			await tap(pp, '2b');
			await pp.locator('[data-promote="no"]').waitFor();
			await pp.waitForTimeout(300);
			if (sent.length || (await pp.locator('[data-promote="yes"]').count()) !== 1)
				throw new Error(
					`the tap that chose 2b also chose: sent ${sent.join(' ') || 'nothing'}`,
				);
			await shot(pp, '14-phone-promotion-choice.png');
			const c = await centre(pp, '[data-promote="no"]');
			await pp.touchscreen.tap(c.x, c.y);
			await waitPieces(pp, { '8h': '', '2b': 'B' }, 'after the tap on the unpromoted bishop:');
			if (sent.join(' ') !== '8h2b') throw new Error(`the phone sent ${sent.join(' ')}`);
		},
		{ soft: true },
	);
	await check(
		'11.2',
		'on a phone, a tap on the promoted piece of the choice promotes (2b3c+)',
		async () => {
			await waitPly(white, id, 3);
			await playMoves(id, black, white, ['9c9d'], 3);
			await waitMyTurn(pp, 'the phone');
			sent.length = 0;
			await tap(pp, '2b');
			await pp.waitForSelector(`${sq('2b')} .mark.selected`);
			await tap(pp, '3c');
			const yes = pp.locator('[data-promote="yes"]');
			await yes.waitFor();
			await pp.waitForTimeout(300);
			if (sent.length) throw new Error(`the tap that chose 3c also chose: sent ${sent.join(' ')}`);
			const c = await centre(pp, '[data-promote="yes"]');
			await pp.touchscreen.tap(c.x, c.y);
			await waitPieces(pp, { '2b': '', '3c': '+B' }, 'after the tap on the horse:');
			if (sent.join(' ') !== '2b3c+') throw new Error(`the phone sent ${sent.join(' ')}`);
		},
		{ soft: true },
	);
	await P.context.close();

	/** Opens the game as Black in a window of `options`. */
	const view = async (label, options) => {
		const v = await open(label, options);
		await signIn(v.context, base, black);
		await v.page.goto(gamePath);
		await v.page.waitForSelector(`${tid('player-black')}:has-text("${black.name}")`);
		await v.page.waitForSelector('[data-hand-of="black"]');
		return v;
	};
	const inside = (b, w, h) => b && b.x >= 0 && b.y >= 0 && b.x + b.width <= w + 0.5 && b.y + b.height <= h + 0.5;
	const show = (b) =>
		b ? `${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.width)}x${Math.round(b.height)}` : 'absent';

	await check(
		'13.1',
		"at 1024x768 the player's own clock and hand are inside the window, with the board",
		async () => {
			const v = await view('desktop-1024', { viewport: { width: 1024, height: 768 } });
			const p = v.page;
			await shot(p, '15-game-1024x768.png');
			const clock = await p.locator(tid('clock-black')).boundingBox();
			const hand = await p.locator('[data-hand-of="black"]').boundingBox();
			const board = await p.locator('svg.board').boundingBox();
			await v.context.close();
			if (!inside(clock, 1024, 768)) throw new Error(`the own clock is at ${show(clock)}`);
			if (!inside(hand, 1024, 768)) throw new Error(`the own hand is at ${show(hand)}`);
			if (!inside(board, 1024, 768) || board.width < 400)
				throw new Error(`the board is at ${show(board)}`);
		},
		{ soft: true },
	);
	await check(
		'13.4',
		"at 1280x800 and 1440x900 the player's own clock and hand are inside the window, the side panel (typed move, moves, actions) beside the board and the chat below it",
		async () => {
			for (const [w, hgt] of [
				[1280, 800],
				[1440, 900],
			]) {
				const v = await view(`desktop-${w}`, { viewport: { width: w, height: hgt } });
				const p = v.page;
				await p.waitForSelector(tid('chat'));
				if (w === 1280) await shot(p, '15-game-1280x800.png');
				const clock = await p.locator(tid('clock-black')).boundingBox();
				const hand = await p.locator('[data-hand-of="black"]').boundingBox();
				const board = await p.locator('svg.board').boundingBox();
				const chat = await p.locator(tid('chat')).boundingBox();
				await v.context.close();
				if (!inside(clock, w, hgt))
					throw new Error(`at ${w}x${hgt} the own clock is at ${show(clock)}`);
				if (!inside(hand, w, hgt))
					throw new Error(`at ${w}x${hgt} the own hand is at ${show(hand)}`);
				if (!inside(board, w, hgt))
					throw new Error(`at ${w}x${hgt} the board is at ${show(board)}`);
				if (!chat || chat.y < board.y + board.height - 1)
					throw new Error(
						`at ${w}x${hgt} the chat is at ${show(chat)}, not below the board`,
					);
			}
		},
		{ soft: true },
	);
	await check(
		'13.2',
		'on a phone held sideways (844x390) the board is at least 300 px wide, the own hand and clock are in the window, nothing scrolls sideways',
		async () => {
			const v = await view('phone-landscape', { ...PHONE, viewport: { width: 844, height: 390 } });
			const p = v.page;
			await shot(p, '16-phone-landscape.png');
			const board = await p.locator('svg.board').boundingBox();
			const hand = await p.locator('[data-hand-of="black"]').boundingBox();
			const clock = await p.locator(tid('clock-black')).boundingBox();
			const w = await p.evaluate(() => document.documentElement.scrollWidth);
			await v.context.close();
			if (!board || board.width < 300 || !inside(board, 844, 390))
				throw new Error(`the board is at ${show(board)}`);
			if (!inside(hand, 844, 390)) throw new Error(`the own hand is at ${show(hand)}`);
			if (!inside(clock, 844, 390)) throw new Error(`the own clock is at ${show(clock)}`);
			if (w > 844) throw new Error(`the page is ${w} px wide`);
		},
		{ soft: true },
	);
	await check(
		'13.3',
		'at 320 px wide, for a user of the longest name, neither the game page, the lobby nor the user page scrolls sideways',
		async () => {
			const v = await view('phone-320', { ...PHONE, viewport: { width: 320, height: 640 } });
			const p = v.page;
			await shot(p, '17-game-320.png');
			const wGame = await p.evaluate(() => document.documentElement.scrollWidth);
			await p.click(tid('nav-play'));
			await p.waitForSelector(tid('create-game'));
			await p.waitForSelector(`${tid('my-playing')} ${tid('game-row')}`);
			const wLobby = await p.evaluate(() => document.documentElement.scrollWidth);
			await p.click(tid('nav-user'));
			await p.waitForSelector(`${tid('user-playing')} ${tid('game-row')}`);
			const wUser = await p.evaluate(() => document.documentElement.scrollWidth);
			await shot(p, '18-user-320.png');
			await v.context.close();
			if (wGame > 320) throw new Error(`the game page is ${wGame} px wide`);
			if (wLobby > 320) throw new Error(`the lobby is ${wLobby} px wide`);
			if (wUser > 320) throw new Error(`the user's page is ${wUser} px wide`);
		},
		{ soft: true },
	);
	await post(black, `/api/games/${encodeURIComponent(id)}/resign`);
	black.client.close();
	white.client.close();
}
