/*
 * main.js: the entry point of gyoku's browser front end: the top bar and
 * the hash router of the single-page site.  Plain DOM, no framework; the
 * server (docs/server.md) serves index.html and this bundle from web/dist.
 *
 * Routes: #/ lobby · #/game/ID game · #/login · #/signup · #/user/NAME ·
 * #/import · #/watch (the games being played) · #/editor (the board
 * editor) · #/analysis[/ID] (the analysis board) · #/puzzles[?theme=N], #/puzzles/daily, #/puzzles/ID (tsume
 * puzzles).  A query after the route is passed to the page
 * (#/?challenge=bob, #/login?next=%23%2Fimport, #/editor?sfen=...).
 *
 * The top bar counts the games waiting for the user's move (turns.js).
 *
 * The hooks the browser tests find things by (data-testid values, data
 * attributes, classes, input names) are listed in hooks.js.
 */
import './style.css';
import { h, replace } from './dom.js';
import { pieceSvg } from './pieces.js';
import { refreshMe, session } from './api.js';
import { authPage, logout } from './pages/auth.js';
import { gamePage } from './pages/game.js';
import { importPage } from './pages/import.js';
import { lobbyPage } from './pages/lobby.js';
import { userPage } from './pages/user.js';
import { refreshTurns, setTitle, startTurns, turnCount, turnListeners } from './turns.js';
import { watchPage } from './pages/watch.js';
import { editorPage } from './pages/editor.js';
import { analysisPage } from './pages/analysis.js';
import { puzzlesPage } from './pages/puzzles.js';
import { i18n, LANG_LABELS, LANGS, setLang, t, tn } from './i18n.js';

/** @typedef {{destroy: () => void}} Page */

const nav = h('nav', { class: 'nav' });
const main = h('main', { class: 'page', id: 'page' });
/** @type {Page | null} */
let current = null;

function drawNav() {
	const me = session.me;
	const turns = me ? turnCount() : 0;
	replace(
		nav,
		h(
			'a',
			{ href: '#/', 'data-testid': 'nav-play' },
			t('Play'),
			h(
				'span',
				{
					class: 'badge',
					'data-testid': 'nav-turns',
					title: tn(
						turns,
						'{n} game waiting for your move',
						'{n} games waiting for your move',
					),
					hidden: turns === 0,
				},
				String(turns),
			),
		),
		h('a', { href: '#/watch', 'data-testid': 'nav-watch' }, t('Watch')),
		// On phones the lobby's link stands for it (the top bar has no room).
		h('a', { href: '#/analysis', class: 'nav-wide', 'data-testid': 'nav-analysis' }, t('Analysis')),
		h('a', { href: '#/puzzles', 'data-testid': 'nav-puzzles' }, t('Puzzles')),
		// Importing needs an account (docs/server.md): visitors are not invited to it.
		me ? h('a', { href: '#/import', 'data-testid': 'nav-import' }, t('Import')) : null,
		...(me
			? [
					h(
						'a',
						{
							href: `#/user/${encodeURIComponent(me.name)}`,
							class: 'nav-user',
							'data-testid': 'nav-user',
						},
						me.name,
						h('span', { class: 'rating' }, ` ${me.rating}`),
					),
					h(
						'button',
						{
							class: 'btn small',
							'data-testid': 'logout',
							onclick: () => logout(),
						},
						t('Log out'),
					),
				]
			: [
					h('a', { href: '#/login', 'data-testid': 'nav-login' }, t('Log in')),
					h(
						'a',
						{
							href: '#/signup',
							class: 'btn small primary',
							'data-testid': 'nav-signup',
						},
						t('Sign up'),
					),
				]),
	);
}

const footer = h('footer', { class: 'footer' });

/** The foot of every page: the interface's language. */
function drawFooter() {
	replace(
		footer,
		h(
			'label',
			null,
			t('Language') + ' ',
			h(
				'select',
				{
					class: 'lang',
					'data-testid': 'nav-lang',
					onchange: (/** @type {Event} */ e) =>
						setLang(
							/** @type {import('./i18n.js').Lang} */ (
								/** @type {HTMLSelectElement} */ (e.target).value
							),
						),
				},
				...LANGS.map((l) =>
					h('option', { value: l, selected: l === i18n.lang }, LANG_LABELS[l]),
				),
			),
		),
	);
}

/** Shows the page of the current hash. */
function route() {
	if (current) current.destroy();
	current = null;
	// A dialog belongs to the page it was opened on (a game's result, a confirmation).
	for (const d of document.querySelectorAll('dialog[open]')) /** @type {HTMLDialogElement} */ (d).close();
	const hash = location.hash.replace(/^#/, '') || '/';
	const [path, qs] = hash.split('?');
	const query = new URLSearchParams(qs || '');
	const parts = path
		.split('/')
		.filter(Boolean)
		.map((p) => {
			try {
				return decodeURIComponent(p);
			} catch {
				return p;
			}
		});
	window.scrollTo(0, 0);
	setTitle(t('gyoku · shogi'));
	refreshTurns();
	document.body.dataset.route = parts[0] || 'lobby';
	if (parts[0] === 'game' && parts[1]) current = gamePage(main, parts[1]);
	else if (parts[0] === 'login' || parts[0] === 'signup') current = authPage(main, parts[0], query);
	else if (parts[0] === 'user' && parts[1]) current = userPage(main, parts[1]);
	else if (parts[0] === 'import') current = importPage(main);
	else if (parts[0] === 'watch') current = watchPage(main);
	else if (parts[0] === 'editor') current = editorPage(main, query);
	else if (parts[0] === 'analysis') current = analysisPage(main, parts[1] || null, query);
	else if (parts[0] === 'puzzles') current = puzzlesPage(main, parts[1] || null, query);
	else current = lobbyPage(main, query);
}

async function start() {
	const app = document.getElementById('app') || document.body.appendChild(h('div', { id: 'app' }));
	app.replaceChildren(
		h(
			'header',
			{ class: 'topbar' },
			h(
				'a',
				{ class: 'logo', href: '#/' },
				h('span', { class: 'logo-mark' }, pieceSvg('K', 'kanji')),
				h('span', { class: 'logo-word' }, 'gyoku'),
			),
			nav,
		),
		main,
		footer,
	);
	drawFooter();
	session.listeners.add(drawNav);
	turnListeners.add(drawNav);
	// A change of language draws the top bar and the page again.
	i18n.listeners.add(() => {
		drawNav();
		drawFooter();
		route();
	});
	drawNav();
	try {
		await refreshMe();
	} catch {
		/* the server is unreachable: pages show their own errors */
	}
	let lastUser = session.me ? session.me.name : null;
	session.listeners.add(() => {
		// A login or logout changes what pages show: draw the page again.
		const now = session.me ? session.me.name : null;
		if (now !== lastUser) {
			lastUser = now;
			if (!/^#\/(login|signup)/.test(location.hash)) route();
		}
	});
	window.addEventListener('hashchange', route);
	startTurns();
	route();
}

start();
