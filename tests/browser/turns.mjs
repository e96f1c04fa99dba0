// tests/browser/turns.mjs: whose turn it is (docs/server.md "Games": a summary names the side
// to move).  The lists say "your turn" for the games waiting for the signed-in user and who
// is to move in the others; the top bar and the tab's title count the games waiting; a user
// who opts in gets a browser notification when a correspondence game comes to their turn
// (window.Notification is a stub here that records what it is asked to show).  run.mjs calls
// turns() with its helpers (browser-12.x).
import { apiUser, signIn, newGame, playMoves } from './lib.mjs';

/** Replaces the Notification API before the page's scripts: permission asked is given; notices are recorded. */
function stubNotifications() {
	window.__notices = [];
	class Stub {
		constructor(title, options = {}) {
			window.__notices.push({ title, body: options.body, tag: options.tag });
		}
	}
	// The permission lasts as a browser's does, through a reload.
	Stub.permission = sessionStorage.getItem('test-permission') || 'default';
	Stub.requestPermission = async () => {
		sessionStorage.setItem('test-permission', 'granted');
		return (Stub.permission = 'granted');
	};
	window.Notification = Stub;
}

export async function turns({ base, open, check, tid, sq, shot, waitMyTurn }) {
	const me = await apiUser(base, 'turner');
	const other = await apiUser(base, 'turnee');
	const mine = await newGame(me, other, '1d'); // me Black: my turn
	const theirs = await newGame(other, me, '1d'); // the other Black: their turn
	const F = await open('turns');
	await F.context.addInitScript(stubNotifications);
	await signIn(F.context, base, me);
	const p = F.page;
	const row = (list, id) => `${tid(list)} ${tid('game-row')}[data-game="${id}"]`;
	const waitCount = async (n) => {
		await p
			.waitForFunction(
				([n, sel]) => {
					const b = document.querySelector(sel);
					const shown =
						b && !b.hidden && b.getClientRects().length > 0
							? Number(b.textContent)
							: 0;
					return shown === n && document.title.startsWith(n ? `(${n}) ` : 'gyoku');
				},
				[n, tid('nav-turns')],
			)
			.catch(async () => {
				const t = await p.evaluate(() => document.title);
				const b = await p
					.locator(tid('nav-turns'))
					.textContent()
					.catch(() => 'absent');
				throw new Error(
					`wanted ${n} games waiting: the top bar shows "${b}", the title is "${t}"`,
				);
			});
	};

	await check(
		'12.1',
		'the lobby and the user page say "your turn" and who is to move; the top bar and the title count 1',
		async () => {
			await p.goto(`${base}/#/`);
			await p.waitForSelector(`${row('my-playing', mine)}:has-text("your turn")`);
			await p.waitForSelector(`${row('my-playing', theirs)}:has-text("${other.name} to move")`);
			await waitCount(1);
			await shot(p, '19-lobby-your-turn.png');
			await p.click(tid('nav-user'));
			await p.waitForSelector(`${row('user-playing', mine)}:has-text("your turn")`);
			await p.waitForSelector(`${row('user-playing', theirs)}:has-text("${other.name} to move")`);
			await waitCount(1);
		},
		{ soft: true },
	);
	await check(
		'12.2',
		'opted in, the user is notified when the opponent moves in a correspondence game, and the count becomes 2',
		async () => {
			await p.goto(`${base}/#/`);
			const box = p.locator(tid('notify-turns'));
			await box.check();
			await p.waitForFunction(() => Notification.permission === 'granted');
			await waitCount(1);
			await playMoves(theirs, other, me, ['7g7f']);
			// Any page change reads the games again (and so does a timer, every 20 s).
			await p.click(tid('nav-user'));
			await waitCount(2);
			await p.waitForFunction(() => window.__notices.length > 0);
			const notices = await p.evaluate(() => window.__notices);
			if (
				notices.length !== 1 ||
				notices[0].tag !== `gyoku-${theirs}` ||
				!notices[0].body.includes(other.name)
			)
				throw new Error(`notices: ${JSON.stringify(notices)}`);
			await p.reload();
			await waitCount(2);
			await p.click(tid('nav-play'));
			await p.waitForSelector(`${tid('notify-turns')}:checked`);
			await p.waitForTimeout(300);
			const again = await p.evaluate(() => window.__notices.length);
			if (again !== 0) throw new Error('a reload told the same turn again');
		},
		{ soft: true },
	);
	await check(
		'12.3',
		'a move on the game page takes the game off the count (2 to 1), in the top bar and the title',
		async () => {
			await p.goto(`${base}/#/game/${encodeURIComponent(mine)}`);
			await waitMyTurn(p, 'the player');
			await waitCount(2);
			await p.click(sq('7g'));
			await p.click(sq('7f'));
			await p.waitForSelector('[data-ply="1"]');
			await waitCount(1);
			const t = await p.evaluate(() => document.title);
			if (!t.startsWith('(1) ') || !t.includes(me.name)) throw new Error(`the title is "${t}"`);
		},
		{ soft: true },
	);
	await F.context.close();
	me.client.close();
	other.client.close();
}
