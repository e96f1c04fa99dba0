/*
 * puzzlestore.js: what the puzzles page keeps for a visitor (docs/server.md
 * "Puzzles": a visitor's puzzle rating lives in the browser) in
 * localStorage: the rating ({rating, rd, vol, attempts}, Glicko-2 as the
 * server computes it) and the ids of the puzzles already rated (a result
 * counts once per puzzle, and "next" leaves them out), the newest last.
 * Also the words of a puzzle move for the page ("▲７六歩" / "P-7f").
 */
import { i18n } from './i18n.js';
import { parseUsi, pieceAt, unpromoted } from './sfen.js';

/** @typedef {{rating: number, rd: number, vol: number, attempts: number}} PuzzleRating */

const KEY_RATING = 'gyoku.puzzles.rating';
const KEY_RATED = 'gyoku.puzzles.rated';
/** The rated ids kept (the oldest go first); "next" sends the newest of them. */
export const RATED_MAX = 300;
export const EXCLUDE_MAX = 40;

/** A new player's rating (glicko.h's). */
export const NEW_RATING = Object.freeze({ rating: 1500, rd: 350, vol: 0.06, attempts: 0 });

/** @param {string} key */
function read(key) {
	try {
		return JSON.parse(localStorage.getItem(key) || 'null');
	} catch {
		return null;
	}
}

/**
 * The visitor's puzzle rating (a new player's when none is kept, or what is kept is no rating).
 * @returns {PuzzleRating}
 */
export function visitorRating() {
	const r = read(KEY_RATING);
	const ok =
		r &&
		typeof r === 'object' &&
		[r.rating, r.rd, r.vol].every((x) => typeof x === 'number' && isFinite(x)) &&
		r.rating >= 0 &&
		r.rating <= 4000 &&
		r.rd >= 30 &&
		r.rd <= 350 &&
		r.vol > 0 &&
		r.vol <= 0.2;
	return ok
		? { rating: r.rating, rd: r.rd, vol: r.vol, attempts: Number.isInteger(r.attempts) ? r.attempts : 0 }
		: { ...NEW_RATING };
}

/** @param {PuzzleRating} r */
export function saveVisitorRating(r) {
	try {
		localStorage.setItem(KEY_RATING, JSON.stringify(r));
	} catch {}
}

/** The ids the visitor has had rated, oldest first. @returns {string[]} */
export function ratedIds() {
	const l = read(KEY_RATED);
	return Array.isArray(l) ? l.filter((x) => typeof x === 'string' && /^[0-9a-z]{1,15}$/.test(x)) : [];
}

/**
 * Adds `id` to a list of rated ids (once, the newest last, at most RATED_MAX).
 * @param {string[]} list
 * @param {string} id
 */
export function withRated(list, id) {
	return [...list.filter((x) => x !== id), id].slice(-RATED_MAX);
}

/** @param {string} id */
export function markRated(id) {
	try {
		localStorage.setItem(KEY_RATED, JSON.stringify(withRated(ratedIds(), id)));
	} catch {}
}

const KANJI = {
	P: '歩',
	L: '香',
	N: '桂',
	S: '銀',
	G: '金',
	B: '角',
	R: '飛',
	K: '玉',
	'+P': 'と',
	'+L': '成香',
	'+N': '成桂',
	'+S': '成銀',
	'+B': '馬',
	'+R': '龍',
};
const FILES = '１２３４５６７８９';
const RANKS = '一二三四五六七八九';

/**
 * A move of the puzzle in words: in Japanese "▲７六歩" (打 for a drop, 成 for a promotion), else
 * "P-7f" style ("P*7f" a drop, "+" a promotion).
 * @param {import('./sfen.js').Position} pos the position before the move
 * @param {string} usi
 */
export function moveText(pos, usi) {
	const m = parseUsi(usi);
	if (!m) return usi;
	const piece = m.drop || (m.from ? pieceAt(pos, m.from) : null) || '';
	const kind = piece.startsWith('+') ? '+' + piece.slice(1).toUpperCase() : piece.toUpperCase();
	const mark = pos.side === 'black' ? '▲' : '△';
	if (i18n.lang === 'ja') {
		const sq = FILES[Number(m.to[0]) - 1] + RANKS[m.to.charCodeAt(1) - 97];
		return (
			mark +
			sq +
			(KANJI[/** @type {keyof typeof KANJI} */ (kind)] || kind) +
			(m.drop ? '打' : m.promote ? '成' : '')
		);
	}
	const letter = kind.startsWith('+') ? kind : unpromoted(kind);
	return letter + (m.drop ? '*' : m.from ? '-' : '') + m.to + (m.promote ? '+' : '');
}
