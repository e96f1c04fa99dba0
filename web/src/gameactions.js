/*
 * gameactions.js: what a user can do with a game besides moving, and the
 * dialogs that go with it: accept / decline / cancel a seek or challenge,
 * abort before one's own first move (docs/server.md "Games"), resign (confirmed), declare an impasse (confirmed, with the points of
 * the game's `impasse` field), take a vacation (correspondence), ask for
 * or answer a takeback (casual games), give the opponent more time (live
 * games), the
 * export links and the results dialog (with the after-game panel of aftergame.js).
 */
import { h } from './dom.js';
import { confirmDialog, messageDialog, numberDialog } from './dialog.js';
import { gamePath } from './api.js';
import { t } from './i18n.js';
import { resultText, resultTitle, ratingDelta, playerName, colorName } from './gametext.js';

/** @typedef {import('./types.js').Game} Game */
/** @typedef {import('./types.js').Color} Color */
/** @typedef {'accept' | 'decline' | 'cancel' | 'abort' | 'resign' | 'declare' | 'vacation' | 'takeback' | 'takeback-accept' | 'takeback-decline' | 'takeback-withdraw' | 'moretime'} Action */

/**
 * Whether the player `you` has made their first move in `g` (Black moves
 * first but in a handicap game, where the giver, White, does).
 * @param {Game} g
 * @param {Color} you
 */
export function hasMoved(g, you) {
	const first = g.start_sfen.split(' ')[1] === 'w' ? 'white' : 'black';
	return g.ply >= (you === first ? 1 : 2);
}

/**
 * The buttons for the game's state and the signed-in user.
 * @param {Game} g
 * @param {string | null} me
 * @param {(action: Action) => void} act
 */
export function actionButtons(g, me, act) {
	const btn = (/** @type {Action} */ action, /** @type {string} */ label, cls = '', disabled = false) =>
		h(
			'button',
			{ class: 'btn ' + cls, 'data-testid': action, disabled, onclick: () => act(action) },
			label,
		);
	const out = [];
	const isMe = (/** @type {string | null | undefined} */ n) =>
		Boolean(me && n && n.toLowerCase() === me.toLowerCase());
	if (g.status === 'waiting' && me) {
		if (isMe(g.creator)) out.push(btn('cancel', t('Cancel the game')));
		else if (!g.challenged || isMe(g.challenged)) out.push(btn('accept', t('Accept'), 'primary'));
		if (isMe(g.challenged)) out.push(btn('decline', t('Decline')));
	}
	if (g.status === 'playing' && g.you) {
		if (!hasMoved(g, g.you)) out.push(btn('abort', t('Abort')));
		out.push(btn('resign', t('Resign'), 'danger'));
		out.push(btn('declare', t('Declare impasse'), '', g.side !== g.you));
		if (g.kind === 'correspondence' && g.clocks && g.clocks[g.you].vacation_days > 0)
			out.push(btn('vacation', t('Vacation')));
		// A casual game's takeback (docs/server.md "Games"): asked for, or the opponent's to answer.
		if (!g.rated) {
			if (g.takeback && g.takeback !== g.you) {
				out.push(
					h(
						'span',
						{ class: 'takeback-asked', 'data-testid': 'takeback-asked' },
						t('Takeback?'),
					),
					btn('takeback-accept', t('Accept the takeback'), 'primary'),
					btn('takeback-decline', t('Decline')),
				);
			} else if (g.takeback) {
				// The user's own ask, waiting for the opponent: it may be withdrawn.
				out.push(
					h(
						'span',
						{ class: 'takeback-asked', 'data-testid': 'takeback-waiting' },
						t('Takeback asked…'),
					),
					btn('takeback-withdraw', t('Withdraw')),
				);
			} else {
				out.push(btn('takeback', t('Takeback'), '', !hasMoved(g, g.you)));
			}
		}
		if (g.kind === 'live') out.push(btn('moretime', t('+15 s for the opponent')));
	}
	return out;
}

/** Asks before resigning. */
export function confirmResign() {
	return confirmDialog(t('Resign?'), t('You will lose this game.'), t('Resign'), true);
}

/**
 * Asks before an impasse declaration, showing the points as the server
 * counts them (under the declaration rules "27" and "24"; the try rule and
 * "none" have no count).
 * @param {Game} g
 */
export function confirmDeclare(g) {
	const rule = g.impasse.rule;
	const imp = 'black' in g.impasse && g.you ? g.impasse[g.you] : null;
	const body = [];
	if (imp) {
		body.push(
			h('p', null, t('Under the {rule}-point rule:', { rule })),
			h(
				'table',
				{ class: 'impasse', 'data-testid': 'impasse-points' },
				h(
					'tr',
					null,
					h('th', null, t('Points')),
					h(
						'td',
						null,
						t('{points} ({needed} needed)', {
							points: imp.points,
							needed: imp.needed,
						}),
					),
				),
				h(
					'tr',
					null,
					h('th', null, t('Pieces in the zone')),
					h('td', null, String(imp.pieces) + (rule === '27' ? t(' (10 needed)') : '')),
				),
				h(
					'tr',
					null,
					h('th', null, t('King in the zone')),
					h('td', null, imp.in_zone ? t('yes') : t('no')),
				),
			),
			h(
				'p',
				{ class: imp.ok ? 'good' : 'bad' },
				imp.ok
					? t('The declaration would succeed: you win.')
					: t('The declaration would fail, and a failed declaration loses the game.'),
			),
		);
	} else {
		body.push(h('p', null, t('The server will count the points. A failed declaration loses the game.')));
	}
	return confirmDialog(t('Declare an impasse (jishogi)?'), body, t('Declare'), !(imp && imp.ok));
}

/**
 * Asks how many vacation days to take (correspondence); null when cancelled.
 * @param {Game} g
 */
export function askVacation(g) {
	const left = g.clocks && g.you ? g.clocks[g.you].vacation_days : 0;
	return numberDialog(
		t('Take a vacation'),
		t('Days ({n} left):', { n: left }),
		'days',
		1,
		Math.max(1, left),
		t('Start the vacation'),
	);
}

/**
 * The export links of a game.
 * @param {string} id
 */
export function exportLinks(id) {
	const formats = [
		['kif', 'KIF'],
		['ki2', 'KI2'],
		['csa', 'CSA'],
		['sfen', 'SFEN'],
		['usi', 'USI'],
		['jkf', 'JKF'],
	];
	return h(
		'div',
		{ class: 'exports' },
		h('span', { class: 'label' }, t('Export')),
		...formats.map(([f, label]) =>
			h(
				'a',
				{
					href: `${gamePath(id)}/export?format=${f}`,
					'data-testid': `export-${f}`,
					download: `gyoku-${id}.${f}`,
				},
				label,
			),
		),
	);
}

/**
 * The results dialog of a game that has just ended, with what comes next (aftergame.js) when given.
 * @param {Game} g
 * @param {Node} [next]
 */
export function showResult(g, next) {
	/** @type {Node[]} */
	const body = [h('p', { class: 'result-text', 'data-testid': 'result-text' }, resultText(g))];
	if (g.ratings) {
		for (const color of /** @type {Color[]} */ (['black', 'white'])) {
			const r = g.ratings[color];
			body.push(
				h(
					'p',
					{ class: 'rating-change', 'data-testid': 'rating-change' },
					`${colorName(color)} ${playerName(g[color])}: ${Math.round(r.before)} → ${Math.round(r.after)} (${ratingDelta(r)})`,
				),
			);
		}
	}
	if (next && g.status === 'ended') body.push(next);
	return messageDialog('result-dialog', resultTitle(g), body);
}
