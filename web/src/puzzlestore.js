/*
 * puzzlestore.js: what the puzzles page keeps for a visitor (docs/server.md
 * "Puzzles": a visitor's puzzle rating lives in the browser) in
 * localStorage: the rating ({rating, rd, vol, attempts}, Glicko-2 as the
 * server computes it) and the ids of the puzzles already rated (a result
 * counts once per puzzle, and "next" leaves them out), the newest last.
 * (A puzzle move's words are notation.js's, libgyoku's.)
 */

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
