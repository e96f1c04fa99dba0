/*
 * kifvariations.js: the side lines of a KIF record (the server's export
 * of a game, `?format=kifu`), for the analysis board: the game JSON gives
 * the main line, the export its variations.  A side line is a block
 * "変化：N手" followed by move lines "   N ６六歩(67)"; it replaces move N
 * of the latest line listed before it that has a move N (so the blocks
 * nest as KIF writes them, depth first).  The moves are read against the
 * position they are played in (the origin in parentheses, 同, 打, 成)
 * into USI, and the comments ("*" lines) kept by move.  Pure: no DOM.
 */
import { parseUsi } from './sfen.js';

/** @typedef {import('./sfen.js').Position} Position */

/**
 * @typedef {object} KifMove
 * @property {string} text the move as written, without its number and time ("６六歩(67)")
 * @property {string} comment the "*" lines after it, joined by newlines ("" for none)
 */

/**
 * @typedef {object} SideLine
 * @property {number} ply the number of its first move (the move it replaces)
 * @property {KifMove[]} moves
 */

const WIDE = '１２３４５６７８９';
const KANJI = '一二三四五六七八九';
/** The pieces' names in KIF, longest first, and their letters. */
const NAMES = /** @type {[string, string][]} */ ([
	['成香', '+L'],
	['成桂', '+N'],
	['成銀', '+S'],
	['歩', 'P'],
	['香', 'L'],
	['桂', 'N'],
	['銀', 'S'],
	['金', 'G'],
	['角', 'B'],
	['飛', 'R'],
	['玉', 'K'],
	['王', 'K'],
	['と', '+P'],
	['杏', '+L'],
	['圭', '+N'],
	['全', '+S'],
	['馬', '+B'],
	['龍', '+R'],
	['竜', '+R'],
]);

/**
 * The side lines of a KIF text, in the order written.
 * @param {string} text
 * @returns {SideLine[]}
 */
export function kifSideLines(text) {
	/** @type {SideLine[]} */
	const out = [];
	/** @type {SideLine | null} */
	let line = null;
	for (const raw of text.split(/\r?\n/)) {
		const head = /^変化：\s*(\d+)手/.exec(raw.trim());
		if (head) {
			line = { ply: Number(head[1]), moves: [] };
			out.push(line);
			continue;
		}
		if (!line) continue;
		if (raw.startsWith('*')) {
			const last = line.moves[line.moves.length - 1];
			if (last) last.comment += (last.comment ? '\n' : '') + raw.slice(1);
			continue;
		}
		const m = /^\s*(\d+)\s+(\S+)/.exec(raw);
		if (m) line.moves.push({ text: m[2], comment: '' });
	}
	return out.filter((l) => l.moves.length);
}

/**
 * A KIF move read in `pos` as USI, or null when it is none (投了, 中断, ...) or cannot be read.
 * The legality is not checked here (the caller plays only legal moves).
 * @param {Position} pos
 * @param {string} text "７六歩(77)", "同　銀(31)", "５五角打", "２二角成(88)"
 * @param {string | null} prevTo the previous move's destination (for 同)
 */
export function kifMoveUsi(pos, text, prevTo) {
	let rest = text.replace(/\s+/g, '').replace(/　/g, '');
	let to = null;
	if (rest.startsWith('同')) {
		to = prevTo;
		rest = rest.slice(1);
	} else {
		const f = WIDE.indexOf(rest[0]) + 1 || '123456789'.indexOf(rest[0]) + 1;
		const r = KANJI.indexOf(rest[1]) + 1;
		if (!f || !r) return null;
		to = String(f) + 'abcdefghi'[r - 1];
		rest = rest.slice(2);
	}
	if (!to) return null;
	const named = NAMES.find(([name]) => rest.startsWith(name));
	if (!named) return null;
	rest = rest.slice(named[0].length);
	const from = /\(([1-9])([1-9])\)/.exec(rest);
	const promote = rest.startsWith('成');
	if (rest.startsWith('打') || !from) {
		if (named[1].length !== 1 || named[1] === 'K') return null;
		const usi = `${named[1]}*${to}`;
		return parseUsi(usi) && pos ? usi : null;
	}
	const origin = from[1] + 'abcdefghi'[Number(from[2]) - 1];
	return origin + to + (promote ? '+' : '');
}
