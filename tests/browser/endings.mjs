// tests/browser/endings.mjs: games that end by a move (docs/server.md "The game service": the
// session judges the position after each move: mate, sennichite, ...).  The move that ends the
// game reaches the other player and the spectators through the event stream, and every one
// of them must get the results dialog, as the one who moved does (browser-10.x).  run.mjs
// calls endings() with its helpers.
import { apiUser, signIn, newGame, playMoves, expectResult, post } from './lib.mjs';
import { parseSfen, kingSquare } from '../../web/src/sfen.js';

/** The shortest mate from the start (7 plies, found by a search): Black's pawn promotes on 2c. */
const MATE_LINE = ['2g2f', '5a4b', '2f2e', '4b3b', '2e2d', '8b4b'];
/** Both rooks step aside and back, three times: the start position stands a fourth time at ply 12. */
const SENNICHITE = ['2h3h', '8b7b', '3h2h', '7b8b', '2h3h', '8b7b', '3h2h', '7b8b', '2h3h', '8b7b', '3h2h'];

/**
 * A move of the human's walking its king towards the computer (the side to move is the
 * human): the king's step that goes furthest forward, else a pawn push beside the king, else
 * the first legal move.  The computer at level 7 mates such a king within a few moves.
 */
function kamikaze(g) {
	const pos = parseSfen(g.sfen);
	const k = kingSquare(pos, g.you);
	const fwd = (sq) => (g.you === 'black' ? 105 - sq.charCodeAt(1) : sq.charCodeAt(1) - 97);
	const kingMoves = g.legal.filter((m) => m.startsWith(k));
	let best = null;
	for (const m of kingMoves)
		if (fwd(m.slice(2, 4)) > fwd(k) && (!best || fwd(m.slice(2, 4)) > fwd(best.slice(2, 4)))) best = m;
	if (best) return best;
	const pawnAt = (sq) => (pos.board[(sq.charCodeAt(1) - 97) * 9 + 9 - Number(sq[0])] || '').toUpperCase() === 'P';
	const push = g.legal.find(
		(m) =>
			/^\d[a-i]\d[a-i]$/.test(m) &&
			m[0] === m[2] &&
			Math.abs(m[0] - k[0]) <= 1 &&
			pawnAt(m.slice(0, 2)),
	);
	return push || kingMoves[0] || g.legal[0];
}

export async function endings({ base, open, check, tid, sq, shot, sleep, waitMyTurn, WAIT_MS }) {
	const black = await apiUser(base, 'mater');
	const white = await apiUser(base, 'mated');
	const A = await open('mate-black');
	const B = await open('mate-white-phone', {
		viewport: { width: 390, height: 844 },
		deviceScaleFactor: 2,
		isMobile: true,
		hasTouch: true,
	});
	const S = await open('mate-spectator');
	await signIn(A.context, base, black);
	await signIn(B.context, base, white);
	const [pa, pb, ps] = [A.page, B.page, S.page];
	const goto = async (id) => {
		// A new document each time: a dialog left open by a failed case must not be read again.
		for (const p of [pa, pb, ps]) {
			await p.goto('about:blank');
			await p.goto(`${base}/#/game/${encodeURIComponent(id)}`);
		}
	};
	const close = async (pages) => {
		for (const p of pages) {
			await p.click(tid('dialog-close'));
			await p.waitForSelector(tid('result-dialog'), { state: 'detached' });
		}
	};

	await check(
		'10.1',
		'checkmate by a player: the winner, the mated player (on a phone) and a spectator each get the results dialog',
		async () => {
			const id = await newGame(black, white);
			await playMoves(id, black, white, MATE_LINE);
			await goto(id);
			for (const p of [pb, ps]) await p.waitForSelector('[data-ply="6"]');
			await waitMyTurn(pa, 'the mating player');
			await pa.click(sq('2d'));
			await pa.click(sq('2c'));
			await pa.locator('[data-promote="yes"]').click();
			const text = '☗ Black wins by checkmate';
			await expectResult(pa, 'the winner', 'You won', text, tid, WAIT_MS);
			await expectResult(pb, 'the mated player', 'You lost', text, tid, WAIT_MS);
			await expectResult(ps, 'the spectator', 'Game over', text, tid, WAIT_MS);
			await shot(pb, '11-mated-phone.png');
			await shot(ps, '12-mate-spectator.png');
			await close([pa, pb, ps]);
		},
		{ soft: true },
	);

	await check(
		'10.2',
		'sennichite: the fourth repetition, made by a tap on the phone, gives both players and the spectator a draw',
		async () => {
			const id = await newGame(black, white);
			await playMoves(id, black, white, SENNICHITE);
			await goto(id);
			for (const p of [pa, ps]) await p.waitForSelector('[data-ply="11"]');
			await waitMyTurn(pb, 'White');
			await pb.locator(sq('7b')).tap();
			await pb.waitForSelector(`${sq('7b')} .mark.selected`);
			await pb.locator(sq('8b')).tap();
			const text = 'Draw by repetition (sennichite)';
			await expectResult(pb, 'White, who repeated', 'Draw', text, tid, WAIT_MS);
			await expectResult(pa, 'Black', 'Draw', text, tid, WAIT_MS);
			await expectResult(ps, 'the spectator', 'Draw', text, tid, WAIT_MS);
			await close([pa, pb, ps]);
		},
		{ soft: true },
	);

	await check(
		'10.3',
		'the computer mates a player: the player and a spectator get the results dialog',
		async () => {
			// Without a clock the pages open before the first move.  Level 7 spends its budget of
			// nodes even with a mate at hand (about 0.3 s), so the mate comes after the pages have
			// read the position before it: through a move event of its own, as in a slower game.
			const { id } = await post(black, '/api/games', {
				opponent: 'computer',
				level: 7,
				time: 'none',
				color: 'black',
			});
			await goto(id);
			await waitMyTurn(pa, 'the player');
			await ps.waitForSelector(`${tid('result')}:has-text("Black to move")`);
			const t0 = Date.now();
			let g;
			for (;;) {
				g = (await black.client.get(`/api/games/${encodeURIComponent(id)}`)).json;
				if (g.status !== 'playing' || Date.now() - t0 > 40000) break;
				if (g.side !== g.you) {
					await sleep(30);
					continue;
				}
				const r = await black.client.post(`/api/games/${encodeURIComponent(id)}/moves`, {
					move: kamikaze(g),
					ply: g.ply,
				});
				if (r.status !== 200) throw new Error(`a move: ${r.status} ${r.text}`);
			}
			if (g.ending !== 'checkmate' || g.result !== 'white')
				throw new Error(`the game is ${g.status}, ${g.result} by ${g.ending} at ply ${g.ply}`);
			const text = '☖ White wins by checkmate';
			await expectResult(pa, 'the mated player', 'You lost', text, tid, WAIT_MS);
			await expectResult(ps, 'the spectator', 'Game over', text, tid, WAIT_MS);
			await shot(pa, '13-mated-by-computer.png');
		},
		{ soft: true },
	);
	for (const c of [A, B, S]) await c.context.close();
	black.client.close();
	white.client.close();
}
