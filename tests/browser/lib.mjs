// tests/browser/lib.mjs: what the browser scenarios beside run.mjs share (endings.mjs,
// touch.mjs, turns.mjs): users made through the API and handed to a browser context as its
// session cookie, moves played through the API (docs/server.md "API contract"), and the
// results dialog read the same way on every page.  run.mjs gives each scenario its own
// helpers (check, open, tid, ...) in one object, so that it stays the only runner.
import { Client } from '../server/lib.mjs';

/**
 * A user signed up through the API: {name, client}; the client (a cookie jar of its own, no
 * Origin header, so no CSRF token is needed) plays for the user.
 */
export async function apiUser(base, prefix) {
	const name = (prefix + '_' + Date.now().toString(36) + Math.random().toString(36).slice(2, 5)).slice(0, 20);
	const client = new Client(base, { name });
	const r = await client.post('/api/signup', { name, password: 'correct horse 42' });
	if (r.status !== 201) throw new Error(`signup ${name}: ${r.status} ${r.text}`);
	return { name, client };
}

/** Signs the browser context in as `user` (its session cookie). */
export async function signIn(context, base, user) {
	await context.addCookies([
		{ name: 'gyoku_session', value: user.client.cookies.get('gyoku_session'), url: base },
	]);
}

/** A POST through the API that must answer 2xx: the answer's JSON. */
export async function post(user, path, body) {
	const r = await user.client.post(path, body);
	if (r.status < 200 || r.status > 299) throw new Error(`${user.name} POST ${path}: ${r.status} ${r.text}`);
	return r.json;
}

/** A game between two users (black makes it, white accepts): its id. */
export async function newGame(black, white, time = '10m+30s') {
	const { id } = await post(black, '/api/games', { opponent: white.name, color: 'black', time });
	await post(white, `/api/games/${encodeURIComponent(id)}/accept`);
	return id;
}

/** Plays `moves` in turn, Black's first, through the API. */
export async function playMoves(id, black, white, moves, ply = 0) {
	for (const [i, move] of moves.entries()) {
		const who = (ply + i) % 2 === 0 ? black : white;
		await post(who, `/api/games/${encodeURIComponent(id)}/moves`, { move, ply: ply + i });
	}
}

/** Waits until the server holds `ply` moves of game `id` (a page shows its move before the server's answer). */
export async function waitPly(user, id, ply, timeoutMs = 8000) {
	const t0 = Date.now();
	for (;;) {
		const g = (await user.client.get(`/api/games/${encodeURIComponent(id)}`)).json;
		if (g && g.ply >= ply) return g;
		if (Date.now() - t0 > timeoutMs) throw new Error(`game ${id} is at ply ${g && g.ply}, not ${ply}`);
		await new Promise((r) => setTimeout(r, 50));
	}
}

/**
 * Waits for the results dialog on `page` and checks its title and result line.
 * @param {import('playwright-core').Page} page
 */
export async function expectResult(page, who, title, text, tid, timeout) {
	const dlg = page.locator(tid('result-dialog'));
	await dlg.waitFor({ timeout }).catch(async () => {
		const st = await page.textContent(tid('result')).catch(() => '?');
		throw new Error(`no results dialog for ${who} (the status line says "${st}")`);
	});
	const got = await dlg.locator(tid('result-text')).textContent();
	if (got !== text) throw new Error(`${who}'s dialog says "${got}", not "${text}"`);
	const h = await dlg.locator('h2').textContent();
	if (h !== title) throw new Error(`${who}'s dialog is titled "${h}", not "${title}"`);
}

/**
 * Calls the API from `page` as its signed-in user (with the session's CSRF token).
 * @returns {Promise<{status: number, body: any}>}
 */
export function call(page, method, path, body) {
	return page.evaluate(
		async ([m, p, b]) => {
			const me = await (await fetch('/api/me')).json();
			const res = await fetch(p, {
				method: m,
				headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': me.csrf || '' },
				body: m === 'POST' ? JSON.stringify(b || {}) : undefined,
			});
			return { status: res.status, body: await res.json() };
		},
		[method, path, body],
	);
}
