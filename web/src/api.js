/*
 * api.js: the JSON API client (docs/server.md "API contract") and the
 * signed-in user.  Every POST carries the X-CSRF-Token of the session
 * (given by signup, login and GET /api/me); a 403 that names the CSRF
 * token refreshes it from /api/me and tries once more.
 */

/** @typedef {{name: string, rating?: number, rd?: number, csrf?: string}} Me */

export class ApiError extends Error {
	/**
	 * @param {number} status
	 * @param {string} message
	 * @param {Record<string, any>} [body]
	 */
	constructor(status, message, body) {
		super(message);
		this.status = status;
		this.body = body || {};
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
	session.csrf = (me && me.csrf) || '';
	for (const f of session.listeners) f();
}

/**
 * Calls the API and returns the parsed JSON body; throws ApiError with the
 * server's message (or the status text) for a non-2xx answer.
 * @param {'GET'|'POST'} method
 * @param {string} path
 * @param {any} [body]
 * @returns {Promise<any>}
 */
export async function api(method, path, body, retried = false) {
	/** @type {Record<string, string>} */
	const headers = { Accept: 'application/json' };
	if (method === 'POST') {
		headers['Content-Type'] = 'application/json';
		if (session.csrf) headers['X-CSRF-Token'] = session.csrf;
	}
	let res;
	try {
		res = await fetch(path, {
			method,
			headers,
			credentials: 'same-origin',
			body: method === 'POST' ? JSON.stringify(body === undefined ? {} : body) : undefined,
		});
	} catch {
		throw new ApiError(0, 'cannot reach the server');
	}
	const text = await res.text();
	/** @type {any} */
	let data = null;
	try {
		data = text ? JSON.parse(text) : {};
	} catch {
		data = { error: text.slice(0, 200) };
	}
	if (res.ok) return data;
	const message = (data && typeof data.error === 'string' && data.error) || `${res.status} ${res.statusText}`;
	if (res.status === 403 && method === 'POST' && !retried && /csrf|token/i.test(message)) {
		await refreshMe();
		return api(method, path, body, true);
	}
	if (res.status === 429) {
		const after = res.headers.get('Retry-After');
		throw new ApiError(429, after ? `${message} (try again in ${after} s)` : message, data);
	}
	throw new ApiError(res.status, message, data);
}

/** Asks the server who is signed in; sets the session. */
export async function refreshMe() {
	try {
		setMe(await api('GET', '/api/me'));
	} catch (e) {
		if (e instanceof ApiError && e.status === 401) setMe(null);
		else throw e;
	}
	return session.me;
}

/**
 * A list of games from GET /api/games, whatever its wrapping ({"games": [...]} or a bare array).
 * @param {string} query
 * @returns {Promise<any[]>}
 */
export async function listGames(query) {
	const data = await api('GET', '/api/games?' + query);
	if (Array.isArray(data)) return data;
	if (data && Array.isArray(data.games)) return data.games;
	return [];
}

/** @param {string} id */
export function gamePath(id) {
	return '/api/games/' + encodeURIComponent(id);
}
