/*
 * gametext.js: the words of the game pages, pure (no DOM): handicap
 * presets, players' names, side labels, the status line and the result.
 */

import { i18n, t } from './i18n.js';
import { parseTimeControl } from './clock.js';

/** @typedef {import('./types.js').Game} Game */
/** @typedef {import('./types.js').AnyGame} AnyGame */
/** @typedef {import('./types.js').Player} Player */
/** @typedef {import('./types.js').Color} Color */
/** @typedef {import('./types.js').RatingChange} RatingChange */

/** The handicap presets offered when creating a game: [id, English, KIF name]. */
export const HANDICAPS = [
	['even', 'Even game', '平手'],
	['lance', 'Lance', '香落ち'],
	['right-lance', 'Right lance', '右香落ち'],
	['bishop', 'Bishop', '角落ち'],
	['rook', 'Rook', '飛車落ち'],
	['rook-lance', 'Rook and lance', '飛香落ち'],
	['two-piece', 'Two pieces', '二枚落ち'],
	['four-piece', 'Four pieces', '四枚落ち'],
	['six-piece', 'Six pieces', '六枚落ち'],
	['eight-piece', 'Eight pieces', '八枚落ち'],
	['ten-piece', 'Ten pieces', '十枚落ち'],
];

/** The time-control presets: [text for the server, label (an English key of t())]. */
export const TIME_PRESETS = [
	['0+10s', 'Byoyomi 10 s'],
	['0+30s', 'Byoyomi 30 s'],
	['3m+2i', '3 min + 2 s/move'],
	['5m+10i', '5 min + 10 s/move'],
	['10m+30s', '10 min + 30 s byoyomi'],
	['15m+60s', '15 min + 60 s byoyomi'],
	['30m+60s', '30 min + 60 s byoyomi'],
	['1d/v7', 'Correspondence: 1 day per move, 7 vacation days'],
	['3d/v7', 'Correspondence: 3 days per move, 7 vacation days'],
	['7d/v14', 'Correspondence: 7 days per move, 14 vacation days'],
];

/**
 * A game's handicap in words: a preset's names, else the id as the server
 * sends it ("other": a start that is no preset, from a position or an import).
 * @param {string} id
 */
export function handicapName(id) {
	const h = HANDICAPS.find((x) => x[0] === id);
	if (!h) return id === 'other' ? t('Custom position') : id;
	return i18n.lang === 'ja' ? h[2] : `${h[1]} ${h[2]}`;
}

/**
 * A player of the game JSON as text.
 * @param {Player} p
 */
export function playerName(p) {
	if (!p) return '…';
	return 'computer' in p ? t('Computer level {n}', { n: p.computer }) : p.name;
}

/**
 * "☗ Sente" / "☖ Gote", or the handicap terms (the giver, 上手, is White).
 * @param {Color} color
 * @param {string} handicap the game's handicap id
 */
export function sideLabel(color, handicap) {
	const even = handicap === 'even' || handicap === 'other'; // a position's game: Sente and Gote
	if (color === 'black') return even ? t('☗ Sente') : t('☗ Shitate');
	return even ? t('☖ Gote') : t('☖ Uwate');
}

/**
 * A game's time control in words: "10m+30s", "Correspondence 3d", "No clock".
 * @param {AnyGame} g
 */
export function timeText(g) {
	if (g.kind === 'untimed') return t('No clock');
	const time = i18n.lang === 'ja' ? controlText(g.time) : g.time;
	return g.kind === 'correspondence' ? t('Correspondence {time}', { time }) : time;
}

/**
 * A time control in words for the interface's language ("10分 秒読み30秒"); the text as
 * written when it does not parse.
 * @param {string} text
 */
export function controlText(text) {
	const tc = parseTimeControl(text);
	if (!tc) return text;
	const secs = (/** @type {number} */ ms) =>
		ms % 60000 ? t('{n} s', { n: ms / 1000 }) : t('{n} min', { n: ms / 60000 });
	if (tc.days > 0) {
		const parts = [t('{n} days per move', { n: tc.days })];
		if (tc.vacationDays) parts.push(t('{n} vacation days', { n: tc.vacationDays }));
		if (tc.autoVacation) parts.push(t('automatic vacation'));
		return parts.join(t(', '));
	}
	const parts = [];
	if (tc.mainMs) parts.push(secs(tc.mainMs));
	if (tc.byoyomiMs)
		parts.push(
			tc.periods > 1
				? t('byoyomi {time} ×{n}', { time: secs(tc.byoyomiMs), n: tc.periods })
				: t('byoyomi {time}', { time: secs(tc.byoyomiMs) }),
		);
	if (tc.incrementMs) parts.push(t('Fischer +{time}', { time: secs(tc.incrementMs) }));
	return parts.join(' ') || text;
}

/** @param {Color} color */
export function colorName(color) {
	return color === 'black' ? t('☗ Black') : t('☖ White');
}

/** The words after a result, for each ending of an ended game (English keys of t()). */
/** @type {Record<Exclude<NonNullable<AnyGame['ending']>, 'canceled' | 'declined' | 'aborted'>, string>} */
export const ENDINGS = {
	checkmate: 'by checkmate',
	resignation: 'by resignation',
	'time forfeit': 'on time',
	sennichite: 'by repetition (sennichite)',
	'perpetual check': 'by perpetual check',
	declaration: 'by impasse declaration',
	try: 'by the try rule',
	'no legal move': 'as no legal move is left',
	'move limit': 'at the move limit',
	// A foul: in a game on the server, an impasse declaration that failed (CSA's wrong %KACHI).
	'illegal move': 'by a foul (a failed declaration or an illegal move)',
	interruption: '(interrupted)',
};

/**
 * The result line of an ended game: "☗ Black wins by resignation"; an
 * imported record without a result or ending is "Imported record".
 * @param {AnyGame} g
 */
export function resultText(g) {
	if (g.ending === 'aborted') return t('Game aborted');
	if (g.status === 'canceled' || g.ending === 'canceled' || g.ending === 'declined') return t('Game canceled');
	const how = g.ending ? t(ENDINGS[g.ending]) : '';
	if (g.result === 'draw') return how ? t('Draw {how}', { how }) : t('Draw');
	const color = g.result ? colorName(g.result) : '';
	if (g.result) return how ? t('{color} wins {how}', { color, how }) : t('{color} wins', { color });
	if ('imported' in g && g.imported && !how) return t('Imported record');
	return how ? t('Game over {how}', { how }) : t('Game over');
}

/**
 * The title of the results dialog from the user's point of view.
 * @param {Game} g
 */
export function resultTitle(g) {
	if (g.ending === 'aborted') return t('Game aborted');
	if (g.result === 'draw') return t('Draw');
	if (g.you && (g.result === 'black' || g.result === 'white'))
		return g.result === g.you ? t('You won') : t('You lost');
	return t('Game over');
}

/**
 * The status line: whose turn, waiting for whom, or the result.
 * @param {Game} g
 * @param {string | null} me the signed-in user's name
 */
export function statusText(g, me) {
	if (g.status === 'ended' || g.status === 'canceled') return resultText(g);
	if (g.status === 'waiting') {
		if (g.challenged)
			return me && g.challenged.toLowerCase() === me.toLowerCase()
				? t('{name} challenges you', { name: String(g.creator) })
				: t('Waiting for {name} to accept', { name: g.challenged });
		return me && g.creator === me
			? t('Waiting for an opponent')
			: t('Open seek by {name}', { name: String(g.creator) });
	}
	if (g.you && g.side === g.you) return t('Your turn');
	return t('{color} to move', { color: colorName(g.side) });
}

/**
 * Whether a game in play waits for user `me` (a summary or a whole game: the side to move is
 * theirs).  Names compare without regard to case, as the server's do.
 * @param {AnyGame} g
 * @param {string | null} me
 */
export function waitsFor(g, me) {
	if (g.status !== 'playing' || !me) return false;
	const p = g[g.side];
	return Boolean(p && 'rating' in p && p.name.toLowerCase() === me.toLowerCase());
}

/**
 * A rating change, "+16" / "−8", from {"before","after"}.
 * @param {RatingChange} r
 */
export function ratingDelta(r) {
	const d = Math.round(r.after - r.before);
	return d >= 0 ? `+${d}` : `−${-d}`;
}
