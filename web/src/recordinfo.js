/*
 * recordinfo.js: what an imported record holds beside its moves, on the
 * game page: its headers (event, date, place, time control, ...) as the
 * record gives them, the comment of the move on the board, and how many
 * moves its side lines hold (the exports give them back).
 */
import { h } from './dom.js';
import { i18n, t, tn } from './i18n.js';

/** @typedef {import('./types.js').Game} Game */

/** English names of the common KIF/JKF headers; others (and all in Japanese) are shown by their own name. */
const LABELS = /** @type {Record<string, string>} */ ({
	棋戦: 'Event',
	開始日時: 'Date',
	終了日時: 'Ended',
	対局日: 'Date',
	場所: 'Place',
	持ち時間: 'Time control',
	秒読み: 'Byoyomi',
	戦型: 'Opening',
	表題: 'Title',
	作者: 'Author',
	備考: 'Note',
});

/** The headers the page shows elsewhere (the players, the handicap). */
const SHOWN_ELSEWHERE = new Set(['先手', '後手', '下手', '上手', '手合割']);

/**
 * The record's headers and side lines, or null when it has none to show.
 * @param {Game} g
 */
export function recordHeaders(g) {
	const rows = g.headers.filter(([k]) => !SHOWN_ELSEWHERE.has(k));
	if (!rows.length && !g.variations) return null;
	return h(
		'dl',
		{ class: 'record-headers', 'data-testid': 'record-headers' },
		...rows.flatMap(([k, v]) => [
			h('dt', { title: k }, (i18n.lang !== 'ja' && LABELS[k]) || k),
			h('dd', null, v),
		]),
		...(g.variations
			? [
					h('dt', null, t('Side lines')),
					h(
						'dd',
						null,
						tn(
							g.variations,
							'{n} move (kept in the exports)',
							'{n} moves (kept in the exports)',
						),
					),
				]
			: []),
	);
}

/**
 * The comment of the position after move `ply` (0: the start), "" when none.
 * @param {Game} g
 * @param {number} ply
 */
export function moveComment(g, ply) {
	return g.comments[ply] || '';
}
