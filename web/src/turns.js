/*
 * turns.js: the signed-in user's games that wait for their move.  Their
 * number is shown in the top bar (main.js) and in the tab's title ("(2)
 * gyoku · shogi": pages set their title through setTitle), read from the
 * user's games in play (GET /api/games?user=NAME&status=playing, each
 * summary with its side to move) every 20 s, on every page change, when
 * the tab is shown again and when a game page sees a move.  A user who
 * opted in (prefs.notify, the lobby's check box) and whose browser allows
 * it gets a notification (the Notification API) for each correspondence
 * game that comes to their turn; the turns already told are kept in
 * localStorage, so a reload or a second tab does not tell them again.
 */
import { listGames, session } from './api.js';
import { playerName, waitsFor } from './gametext.js';
import { prefs, setNotify } from './prefs.js';
import { t } from './i18n.js';

/** @typedef {import('./types.js').GameSummary} GameSummary */

const POLL_MS = 20000;
const TOLD_KEY = 'gyoku.told';

let baseTitle = document.title;
let count = 0;
/** @type {Promise<void> | null} */
let reading = null;
let readAgain = false;
/** Called when the count changes (the top bar). */
export const turnListeners = /** @type {Set<() => void>} */ (new Set());

/** The number of games waiting for the signed-in user's move. */
export function turnCount() {
	return count;
}

/**
 * Sets the tab's title; the count of games waiting goes in front of it.
 * @param {string} text
 */
export function setTitle(text) {
	baseTitle = text;
	document.title = count > 0 ? `(${count}) ${baseTitle}` : baseTitle;
}

/** @param {number} n */
function setCount(n) {
	if (n === count) return;
	count = n;
	setTitle(baseTitle);
	for (const f of turnListeners) f();
}

/** What notifications may do here: "unsupported", or the browser's permission ("default", "granted", "denied"). */
export function notifyState() {
	return 'Notification' in window ? Notification.permission : 'unsupported';
}

/** The turns already told ("id:ply"). */
function told() {
	try {
		return new Set(/** @type {string[]} */ (JSON.parse(localStorage.getItem(TOLD_KEY) || '[]')));
	} catch {
		return new Set();
	}
}

/** @param {string[]} keys */
function keepTold(keys) {
	try {
		localStorage.setItem(TOLD_KEY, JSON.stringify(keys));
	} catch {
		/* storage disabled: a reload may tell a turn again */
	}
}

/** @param {GameSummary} g */
const turnKey = (g) => `${g.id}:${g.ply}`;

/**
 * Notifies the correspondence games of `mine` (waiting for the user) not told before.
 * @param {GameSummary[]} mine
 */
function notify(mine) {
	const corr = mine.filter((g) => g.kind === 'correspondence');
	const before = told();
	keepTold(corr.map(turnKey));
	if (!prefs.notify || notifyState() !== 'granted') return;
	for (const g of corr) {
		if (before.has(turnKey(g))) continue;
		const path = `#/game/${encodeURIComponent(g.id)}`;
		// The game on the screen needs no notice.
		if (location.hash === path && document.visibilityState === 'visible') continue;
		const opponent = g[g.side === 'black' ? 'white' : 'black'];
		const n = new Notification(t('gyoku: your move'), {
			body: t('{name} moved (move {n}); it is your turn.', { name: playerName(opponent), n: g.ply }),
			tag: `gyoku-${g.id}`,
		});
		n.onclick = () => {
			window.focus();
			location.hash = path;
		};
	}
}

/** Reads the user's games in play again (calls made meanwhile fold into one more read). */
export function refreshTurns() {
	if (reading) {
		readAgain = true;
		return reading;
	}
	reading = (async () => {
		do {
			readAgain = false;
			const me = session.me ? session.me.name : null;
			if (!me) {
				setCount(0);
				continue;
			}
			try {
				const games = await listGames(
					`user=${encodeURIComponent(me)}&status=playing&limit=200`,
				);
				if (!session.me || session.me.name !== me) continue;
				const mine = games.filter((g) => waitsFor(g, me));
				setCount(mine.length);
				notify(mine);
			} catch {
				/* the server is unreachable: the count stays until the next read */
			}
		} while (readAgain);
		reading = null;
	})();
	return reading;
}

/**
 * Opts in to (or out of) notifications; asks the browser's permission first.  Returns the
 * permission ("unsupported" too); the turns waiting now are taken as told.
 * @param {boolean} on
 */
export async function enableNotify(on) {
	if (!on) {
		setNotify(false);
		return notifyState();
	}
	const state = notifyState() === 'default' ? await Notification.requestPermission() : notifyState();
	setNotify(state === 'granted');
	if (state === 'granted') await refreshTurns();
	return state;
}

/** Starts the periodic reads (once, at start-up). */
export function startTurns() {
	setInterval(() => {
		if (document.visibilityState === 'visible' || prefs.notify) refreshTurns();
	}, POLL_MS);
	document.addEventListener('visibilitychange', () => {
		if (document.visibilityState === 'visible') refreshTurns();
	});
	session.listeners.add(() => refreshTurns());
	refreshTurns();
}
