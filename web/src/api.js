/*
 * api.js: the JSON API client (docs/server.md "API contract") and the
 * signed-in user.  Every answer of the server is JSON: a 2xx answer has
 * the shape of its route (types.js, which tests/server/api.mjs checks
 * against every answer), any other is {"error": message}.  Every POST
 * carries the X-CSRF-Token of the session (given by signup, login and GET
 * /api/me); a 403 that names the CSRF token refreshes it from /api/me and
 * tries once more.
 */

/** @typedef {import('./types.js').Game} Game */
/** @typedef {import('./types.js').GameSummary} GameSummary */
/** @typedef {import('./types.js').Me} Me */
/** @typedef {import('./types.js').User} User */
/** @typedef {import('./types.js').Review} Review */

import { errorText } from './i18n.js';

/** An answer that is not 2xx: its message is the server's {"error"} in the interface's language. */
export class ApiError extends Error {
	/**
	 * @param {number} status the HTTP status (0: the server was not reached)
	 * @param {string} message the server's {"error"}
	 */
	constructor(status, message) {
		super(errorText(message));
		this.status = status;
		/** The server's message as sent (English). */
		this.raw = message;
	}
}

/** The signed-in user (null when signed out) and the CSRF token. */
export const session = {
	/** @type {Me | null} */
	me: null,
	csrf: '',
	/** @type {Set<() => void>} */
	listeners: new Set(),
};

/** @param {Me | null} me */
export function setMe(me) {
	session.me = me;
	session.csrf = me ? me.csrf : '';
	for (const f of session.listeners) f();
}

/**
 * Calls the API and returns the answer's JSON; throws ApiError with the
 * server's message for an answer that is not 2xx.
 * @param {'GET'|'POST'|'PUT'|'DELETE'} method
 * @param {string} path
 * @param {object} [body] a POST's or PUT's JSON ({} when absent)
 * @returns {Promise<unknown>}
 */
export async function api(method, path, body, retried = false) {
	/** @type {Record<string, string>} */
	const headers = { Accept: 'application/json' };
	if (method !== 'GET') {
		headers['Content-Type'] = 'application/json';
		if (session.csrf) headers['X-CSRF-Token'] = session.csrf;
	}
	let res, data;
	try {
		res = await fetch(path, {
			method,
			headers,
			credentials: 'same-origin',
			body:
				method === 'POST' || method === 'PUT'
					? JSON.stringify(body === undefined ? {} : body)
					: undefined,
		});
		data = await res.json();
	} catch {
		throw new ApiError(0, 'cannot reach the server');
	}
	if (res.ok) return data;
	const message = /** @type {{error: string}} */ (data).error;
	if (res.status === 403 && method !== 'GET' && !retried && /csrf|token/i.test(message)) {
		await refreshMe();
		return api(method, path, body, true);
	}
	// A 429's message already says when to try again (docs/server.md "Accounts").
	throw new ApiError(res.status, message);
}

/** Asks the server who is signed in; sets the session. */
export async function refreshMe() {
	try {
		const me = /** @type {Me | {name: null}} */ (await api('GET', '/api/me'));
		setMe(me.name === null ? null : /** @type {Me} */ (me));
	} catch (e) {
		if (e instanceof ApiError && e.status === 401) setMe(null);
		else throw e;
	}
	return session.me;
}

/** @param {string} id */
export function gamePath(id) {
	return '/api/games/' + encodeURIComponent(id);
}

/**
 * GET /api/games/ID.
 * @param {string} id
 */
export async function getGame(id) {
	return /** @type {Game} */ (await api('GET', gamePath(id)));
}

/**
 * An operation on game `id` (POST /api/games/ID/ACTION): the game as it left it.
 * @param {string} id
 * @param {'accept' | 'cancel' | 'decline' | 'moves' | 'abort' | 'resign' | 'declare' | 'vacation' | 'takeback' | 'moretime'} action
 * @param {object} [body]
 */
export async function gameAction(id, action, body) {
	return /** @type {Game} */ (await api('POST', `${gamePath(id)}/${action}`, body));
}

/**
 * The games of GET /api/games?QUERY.
 * @param {string} query
 */
export async function listGames(query) {
	return /** @type {{games: GameSummary[]}} */ (await api('GET', '/api/games?' + query)).games;
}

/**
 * Makes a game (POST /api/games) or imports a record (POST /api/import): the new game's id.
 * @param {'/api/games' | '/api/import'} path
 * @param {object} body
 */
export async function createGame(path, body) {
	return /** @type {{id: string}} */ (await api('POST', path, body)).id;
}

/**
 * GET /api/users/NAME.
 * @param {string} name
 */
export async function getUser(name) {
	return /** @type {User} */ (await api('GET', `/api/users/${encodeURIComponent(name)}`));
}

/**
 * POST /api/password: changes the signed-in user's password; the other
 * sessions are signed out, this one stays.
 * @param {string} current
 * @param {string} next
 */
export async function changePassword(current, next) {
	await api('POST', '/api/password', { current, new: next });
}

/**
 * The review saved with game `id` (GET /api/games/ID/review); null when none is saved.
 * @param {string} id
 * @returns {Promise<Review | null>}
 */
export async function getReview(id) {
	try {
		return /** @type {Review} */ (await api('GET', `${gamePath(id)}/review`));
	} catch (e) {
		if (e instanceof ApiError && e.status === 404) return null;
		throw e;
	}
}

/**
 * Saves a review with game `id` (PUT /api/games/ID/review): the review as the server computed it.
 * @param {string} id
 * @param {object} body {engine, plies} (docs/server.md "Game review")
 */
export async function saveReview(id, body) {
	return /** @type {Review} */ (await api('PUT', `${gamePath(id)}/review`, body));
}
