/*
 * pages/watch.js: the games being played (#/watch; docs/server.md "Games":
 * GET /api/games?status=playing): the most watched first, then the newest,
 * each with its players and ratings, time control, move number and
 * spectators; a row opens the game, where a visitor or a user who does not
 * play it watches.  The list is re-read every 10 s while the page is open.
 */
import { h, replace } from '../dom.js';
import { listGames, session } from '../api.js';
import { gameList } from '../gamelist.js';
import { t } from '../i18n.js';

const REFRESH_MS = 10000;

/** @param {HTMLElement} root */
export function watchPage(root) {
	const me = session.me ? session.me.name : null;
	const list = h('div', { 'data-testid': 'watch-list' }, h('p', { class: 'empty' }, t('Loading…')));
	let destroyed = false;
	const load = async () => {
		try {
			const games = await listGames('status=playing');
			if (!destroyed)
				replace(list, gameList(games, me, undefined, t('No games are being played now.')));
		} catch (e) {
			if (!destroyed) replace(list, h('p', { class: 'empty' }, /** @type {Error} */ (e).message));
		}
	};
	document.title = t('Watch · gyoku');
	root.replaceChildren(h('section', { class: 'card watch' }, h('h1', null, t('Games being played')), list));
	load();
	const timer = setInterval(load, REFRESH_MS);
	return {
		destroy() {
			destroyed = true;
			clearInterval(timer);
		},
	};
}
