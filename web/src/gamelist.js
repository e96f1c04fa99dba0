/*
 * gamelist.js: a list of games (the lobby, a user's page): the players,
 * the time control and handicap, the state (whose turn it is: "your turn" for
 * the signed-in user's) or result; a row opens the game.
 * Seeks and challenges get their buttons from the caller.
 */
import { h } from './dom.js';
import { t } from './i18n.js';
import { colorName, playerName, resultText, handicapName, timeText, waitsFor } from './gametext.js';

/** @typedef {import('./types.js').GameSummary} GameSummary */
/** @typedef {import('./types.js').Player} Player */

/** @param {Player} p */
function player(p) {
	return playerName(p) + (p && 'rating' in p ? ` (${p.rating})` : '');
}

/**
 * The state of a game in a few words.
 * @param {GameSummary} g
 * @param {string | null} me
 */
function stateText(g, me) {
	if (g.status === 'waiting')
		return g.challenged ? t('challenge to {name}', { name: g.challenged }) : t('open seek');
	if (g.status === 'playing') {
		if (waitsFor(g, me)) return t('your turn, move {n}', { n: g.ply + 1 });
		return t('{name} to move, move {n}', { name: playerName(g[g.side]), n: g.ply + 1 });
	}
	return resultText(g);
}

/**
 * @param {GameSummary[]} games
 * @param {string | null} me
 * @param {(g: GameSummary) => (Node | null)[]} [buttons] extra buttons for a row
 * @param {string} [empty] the text when there is no game
 */
export function gameList(games, me, buttons, empty = t('No games.')) {
	if (!games.length) return h('p', { class: 'empty' }, empty);
	return h(
		'ul',
		{ class: 'game-list' },
		...games.map((g) => {
			const seek = g.status === 'waiting';
			const players = seek
				? h(
						'span',
						{ class: 'players' },
						g.creator
							? `${g.creator}${g.creator_rating === null ? '' : ` (${g.creator_rating})`}`
							: player(g.black || g.white),
						h(
							'span',
							{ class: 'seek-color', 'data-testid': 'seek-color' },
							g.color === 'random'
								? t(' · random colour')
								: t(' · plays {color}', { color: colorName(g.color) }),
						),
					)
				: h(
						'span',
						{ class: 'players' },
						'☗ ',
						player(g.black),
						h('span', { class: 'vs' }, t(' vs ')),
						'☖ ',
						player(g.white),
					);
			return h(
				'li',
				{ class: 'game-row', 'data-testid': 'game-row', 'data-game': g.id },
				h(
					'a',
					{ class: 'game-link', href: `#/game/${encodeURIComponent(g.id)}` },
					players,
					h(
						'span',
						{ class: 'meta' },
						[
							timeText(g),
							handicapName(g.handicap),
							g.rated ? t('rated') : t('casual'),
							...(g.status === 'playing' && g.watchers
								? [t('{n} watching', { n: g.watchers })]
								: []),
						].join(t(' · ')),
					),
					h(
						'span',
						{ class: 'state ' + g.status + (waitsFor(g, me) ? ' your-turn' : '') },
						stateText(g, me),
					),
				),
				buttons ? h('span', { class: 'row-buttons' }, ...buttons(g)) : null,
			);
		}),
	);
}
