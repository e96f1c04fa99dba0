// legal.mjs: an independent oracle for gyoku's legal-move generator.
//
// shogiops (an independent shogi rules library, pinned in package.json) computes
// the full set of legal moves of each position, and this script compares it with
// the set gyoku produced.
//
// Modes (input on stdin, one item a line; empty lines and lines starting with
// '#' are ignored):
//   node legal.mjs            lines "SFEN<TAB>move move ..." (USI moves, any
//                             order, list may be empty); prints a DIFF line per
//                             mismatch and a closing summary line; exit 1 on any
//                             difference or unparsable SFEN.
//   node legal.mjs --count    lines "SFEN" (further tab-separated columns are
//                             ignored); prints "SFEN<TAB>count".
//   node legal.mjs --moves    lines "SFEN"; prints "SFEN<TAB>move move ..."
//                             (sorted), i.e. the input format of the default mode.
//
// The legal set includes every promotion and every optional non-promotion of
// pawn, lance, knight, silver, bishop and rook, and all drops; shogiops rejects
// nifu, drops with no later move, and uchifuzume (pawn-drop mate). Positions are
// parsed non-strictly, so a side without a king (tsume style) is accepted and
// that side's moves are not restricted by king safety. A position shogiops
// refuses as a setup (for example the side not to move is in check) is reported
// as SKIP-POS and counted apart.

import { createInterface } from 'node:readline';
import { parseSfen } from 'shogiops/sfen';
import { makeUsi } from 'shogiops/util';
import { PositionError } from 'shogiops/variant/position';
import { pieceCanPromote, pieceForcePromote } from 'shogiops/variant/util';

const MAX_DIFF_LINES = 20;
const canPromote = pieceCanPromote('standard');
const forcePromote = pieceForcePromote('standard');

// Returns the USI strings of all legal moves of pos.
function legalMoves(pos) {
	const ctx = pos.ctx();
	const out = [];
	for (const [from, dests] of pos.allMoveDests(ctx)) {
		const piece = pos.board.get(from);
		for (const to of dests) {
			const capture = pos.board.get(to);
			if (canPromote(piece, from, to, capture)) out.push(makeUsi({ from, to, promotion: true }));
			if (!forcePromote(piece, to)) out.push(makeUsi({ from, to, promotion: false }));
		}
	}
	for (const [name, dests] of pos.allDropDests(ctx)) {
		const role = name.split(' ')[1];
		for (const to of dests) out.push(makeUsi({ role, to }));
	}
	return out;
}

// Parses one SFEN; returns { pos } or { bad: reason } (not a SFEN) or
// { skip: reason } (a SFEN whose position shogiops refuses).
function parse(text) {
	let sfen = text.trim();
	if (sfen.startsWith('sfen ')) sfen = sfen.slice(5).trim();
	if (sfen === '') return { bad: 'empty SFEN' };
	const res = parseSfen('standard', sfen, false);
	if (res.isOk) return { pos: res.value };
	const err = res.error;
	if (err instanceof PositionError) return { skip: err.message };
	return { bad: err ? err.message : 'unknown error' };
}

const mode = process.argv[2] || '';
if (!['', '--count', '--moves'].includes(mode) || process.argv.length > 3) {
	process.stderr.write('usage: node legal.mjs [--count | --moves] < input\n');
	process.exit(2);
}

let positions = 0,
	moves = 0,
	diffs = 0,
	skipped = 0,
	bad = 0,
	lineno = 0;
const out = [];
function flush(force) {
	if (force || out.length >= 1000) {
		process.stdout.write(out.join(''));
		out.length = 0;
	}
}

// Checks one input line in the default mode.
function checkLine(line) {
	const tab = line.indexOf('\t');
	const sfenText = tab < 0 ? line : line.slice(0, tab);
	const moveText = tab < 0 ? '' : line.slice(tab + 1);
	const p = parse(sfenText);
	if (p.bad) {
		bad++;
		out.push(`BAD-SFEN ${lineno} ${p.bad}: ${sfenText.trim()}\n`);
		return;
	}
	if (p.skip) {
		skipped++;
		out.push(`SKIP-POS ${lineno} ${p.skip}\n`);
		return;
	}
	positions++;
	const want = new Set(legalMoves(p.pos));
	moves += want.size;
	const have = new Set();
	const dup = [];
	for (const m of moveText.split(' ')) {
		if (m === '') continue;
		if (have.has(m)) dup.push(m);
		have.add(m);
	}
	const missing = [...want].filter((m) => !have.has(m)).sort();
	const extra = [...have].filter((m) => !want.has(m)).sort();
	if (missing.length === 0 && extra.length === 0 && dup.length === 0) return;
	diffs++;
	if (diffs <= MAX_DIFF_LINES) {
		let s = `DIFF ${lineno} ${sfenText.trim()} missing: ${missing.join(' ')} extra: ${extra.join(' ')}`;
		if (dup.length > 0) s += ` duplicate: ${dup.sort().join(' ')}`;
		out.push(s.trimEnd() + '\n');
	}
}

// Handles one input line in --count or --moves mode.
function listLine(line) {
	const tab = line.indexOf('\t');
	const sfenText = (tab < 0 ? line : line.slice(0, tab)).trim();
	const p = parse(sfenText);
	if (p.bad) {
		bad++;
		process.stderr.write(`BAD-SFEN ${lineno} ${p.bad}: ${sfenText}\n`);
		return;
	}
	if (p.skip) {
		skipped++;
		process.stderr.write(`SKIP-POS ${lineno} ${p.skip}\n`);
		return;
	}
	positions++;
	const list = legalMoves(p.pos);
	moves += list.length;
	if (mode === '--count') out.push(`${sfenText}\t${list.length}\n`);
	else out.push(`${sfenText}\t${list.sort().join(' ')}\n`);
}

const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const raw of rl) {
	lineno++;
	const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
	if (line.trim() === '' || line.startsWith('#')) continue;
	if (mode === '') checkLine(line);
	else listLine(line);
	flush(false);
}
flush(true);

if (mode === '') {
	if (diffs > MAX_DIFF_LINES)
		process.stdout.write(`... ${diffs - MAX_DIFF_LINES} more differing positions not shown\n`);
	let summary = `oracle: ${positions} positions, ${moves} moves, ${diffs} differences`;
	if (skipped > 0) summary += `, ${skipped} skipped`;
	if (bad > 0) summary += `, ${bad} unparsable`;
	process.stdout.write(summary + '\n');
	process.exitCode = diffs > 0 || bad > 0 ? 1 : 0;
} else {
	process.exitCode = bad > 0 ? 1 : 0;
}
