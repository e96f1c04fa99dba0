/*
 * analysisview.js: the analysis board's pure helpers: its link
 * (#/analysis?sfen=...&moves=..., the spaces as "_" as in the editor's
 * link) and the reading of one, and the engine's score as the board shows
 * it: from Black's side, as text (+1.20, mate in N) and as the share of
 * the evaluation bar.  Pure: no DOM.
 */
import { START_SFEN, applyMove, toSfen } from './sfen.js';
import { legalMoves } from './rules.js';
import { readSfen, sfenOfLink } from './editorpos.js';
import { t } from './i18n.js';

/** @typedef {import('./sfen.js').Color} Color */
/** @typedef {import('./engine.js').Info} Info */
/** @typedef {{cp: number} | {mate: number}} Score a score from Black's side (mate in plies, < 0: Black is mated) */

/**
 * The analysis board's link to a start position and moves from it.
 * @param {string | null} sfen null: the start position
 * @param {string[]} moves USI moves
 */
export function analysisLink(sfen, moves) {
	const parts = [];
	if (sfen && sfen !== START_SFEN) parts.push('sfen=' + encodeURIComponent(sfen.replace(/ /g, '_')));
	if (moves.length) parts.push('moves=' + encodeURIComponent(moves.join('_')));
	return '#/analysis' + (parts.length ? '?' + parts.join('&') : '');
}

/**
 * The start position and the moves of an analysis link's query; the moves that can be played
 * (cut at the first that cannot), or why the SFEN is none.
 * @param {URLSearchParams} query
 * @returns {{sfen: string, moves: string[]} | {error: string}}
 */
export function readAnalysisQuery(query) {
	const given = query.get('sfen');
	const r = readSfen(given ? sfenOfLink(given) : START_SFEN);
	if ('error' in r) return r;
	let pos = r.pos;
	/** @type {string[]} */
	const moves = [];
	for (const mv of (query.get('moves') || '').split(/[\s,_]+/).filter(Boolean)) {
		if (!legalMoves(pos).includes(mv)) break;
		moves.push(mv);
		pos = applyMove(pos, mv);
	}
	return { sfen: toSfen(r.pos), moves };
}

/**
 * An info line's score from Black's side, or null when it has none.
 * @param {Info} info
 * @param {Color} side the side to move of the searched position
 * @returns {Score | null}
 */
export function blackScore(info, side) {
	const sign = side === 'black' ? 1 : -1;
	if (info.mate !== undefined) return { mate: info.mate * sign };
	if (info.cp !== undefined) return { cp: info.cp * sign };
	return null;
}

/**
 * A score as text: "+0.35" (in pawns, Black's advantage positive), or the mate and its side.
 * @param {Score} score
 */
export function evalText(score) {
	if ('mate' in score) {
		const n = Math.abs(score.mate);
		return score.mate > 0 ? t('Mate in {n} for Black', { n }) : t('Mate in {n} for White', { n });
	}
	const pawns = score.cp / 100;
	return (pawns >= 0 ? '+' : '-') + Math.abs(pawns).toFixed(2);
}

/**
 * Black's share of the evaluation bar, 0..1: a win probability of the centipawns (a logistic
 * curve, 600 cp about 87%), 1 or 0 for a mate.
 * @param {Score} score
 */
export function scoreFraction(score) {
	if ('mate' in score) return score.mate > 0 ? 1 : 0;
	return 1 / (1 + Math.exp(-score.cp / 300));
}
