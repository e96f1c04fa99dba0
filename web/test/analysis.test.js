// analysis.test.js: the analysis board's pure modules: the legal moves of any position
// (src/rules.js, libgyoku's in WebAssembly, loaded by wasmrules.js: perft of the start position,
// nifu, uchifuzume, dead pieces, pins), the moves written as the server writes them
// (src/notation.js, through the same module; skipped with the reason when it is not built), the move tree (src/movetree.js:
// add, variations, promote, delete, navigate, the listing) and the page's link and engine
// reading (src/analysisview.js), a KIF record's side lines (src/kifvariations.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { START_SFEN, applyMove, parseSfen } from '../src/sfen.js';
import { isMated, legalMoves } from '../src/rules.js';
import { lineText, moveText } from '../src/notation.js';
import { MoveTree } from '../src/movetree.js';
import { analysisLink, blackScore, evalText, readAnalysisQuery, scoreFraction } from '../src/analysisview.js';
import { i18n } from '../src/i18n.js';
import { kifMoveUsi, kifSideLines } from '../src/kifvariations.js';
import { readFileSync } from 'node:fs';
import { wasmRules } from './wasmrules.js';

i18n.lang = 'en';
const skip = await wasmRules();

/**
 * @param {import('../src/sfen.js').Position} p
 * @param {number} d
 * @returns {number}
 */
function perft(p, d) {
	if (!d) return 1;
	let n = 0;
	for (const m of legalMoves(p)) n += perft(applyMove(p, m), d - 1);
	return n;
}

test('analysis-1.1 the start position: 30 moves, perft 2 and 3 as known', { skip }, () => {
	const start = parseSfen(START_SFEN);
	assert.equal(legalMoves(start).length, 30);
	assert.equal(perft(start, 2), 900);
	assert.equal(perft(start, 3), 25470);
});

test('analysis-1.2 rules: nifu, uchifuzume, dead squares, promotion forms, pins, check', { skip }, () => {
	const cases = [
		// [sfen, moves that must be there, moves that must not]
		['4k4/9/9/9/9/9/4P4/9/4K4 b P 1', ['P*3e'], ['P*5e', 'P*3a']],
		// A pawn dropped to mate is refused; the same drop that leaves an escape is not.
		['kl7/9/1G7/9/9/9/9/9/8K b P 1', ['P*9c'], ['P*9b']],
		['k8/9/1G7/9/9/9/9/9/8K b P 1', ['P*9b'], []],
		// A knight may not stop on the last two ranks unpromoted; a lance on the last.
		['4k4/9/9/4N4/9/9/9/9/4K4 b L 1', ['5d4b+', 'L*1b'], ['5d4b', 'L*1a', 'N*1b']],
		// Promotion optional in the zone: both forms; from the zone outward too.
		['4k4/9/4S4/9/9/9/9/9/4K4 b - 1', ['5c4d', '5c4d+', '5c4b', '5c4b+'], ['5c5d']],
		// A pinned piece stays; in check only answers.
		['4k4/9/9/9/4r4/9/9/4G4/4K4 b - 1', ['5h5g'], ['5h4h', '5h6g']],
		['4k4/9/9/9/4r4/9/9/9/4K4 b G 1', ['G*5h', '5i4i'], ['G*1a', '5i5h']],
	];
	for (const [sfen, yes, no] of /** @type {[string, string[], string[]][]} */ (cases)) {
		const legal = legalMoves(parseSfen(sfen));
		for (const m of yes) assert.ok(legal.includes(m), `${sfen}: ${m} missing`);
		for (const m of no) assert.ok(!legal.includes(m), `${sfen}: ${m} allowed`);
	}
	assert.ok(isMated(parseSfen('kG7/1G7/9/9/9/9/9/9/8K w - 1')));
	assert.ok(!isMated(parseSfen(START_SFEN)));
});

test('analysis-2.1 moves written as the server writes them, in the four notations', { skip }, () => {
	const start = parseSfen(START_SFEN);
	const line = ['7g7f', '3c3d', '8h2b+', '3a2b', 'B*4e', '4a3b', '6i5h'];
	assert.deepEqual(lineText(start, line, null, 'japanese'), [
		'☗７六歩',
		'☖３四歩',
		'☗２二角成',
		'☖同　銀',
		'☗４五角',
		'☖３二金',
		'☗５八金左',
	]);
	assert.deepEqual(lineText(start, line.slice(0, 5), null, 'hodges'), ['P-7f', 'P-3d', 'Bx2b+', 'Sx2b', 'B*4e']);
	assert.deepEqual(lineText(start, line.slice(0, 5), null, 'hosking'), ['P76', 'P34', 'Bx22+', 'Sx22', "B'45"]);
	assert.deepEqual(lineText(start, line.slice(0, 2), null, 'kitao'), ['☗歩-76', '☖歩-34']);
	// 打 only when a piece on the board could go there too; 不成 when promotion was possible.
	const p = parseSfen('4k4/9/9/9/9/9/9/9/4KG3 b G 1');
	assert.equal(moveText(p, 'G*4h', null, 'japanese'), '☗４八金打');
	assert.equal(moveText(p, 'G*1a', null, 'japanese'), '☗１一金');
	const s = parseSfen('4k4/9/4S4/9/9/9/9/9/4K4 b - 1');
	assert.equal(moveText(s, '5c4d', null, 'japanese'), '☗４四銀不成');
	assert.equal(moveText(s, '5c4d', null, 'hodges'), 'S-4d=');
	// 直 and 左 among two golds; the line stops at a move that cannot be played.
	const g = parseSfen('4k4/9/9/9/9/9/9/3GG4/4K4 b - 1');
	assert.equal(moveText(g, '5h5g', null, 'japanese'), '☗５七金直');
	assert.equal(moveText(g, '6h5g', null, 'japanese'), '☗５七金左');
	assert.deepEqual(lineText(start, ['7g7f', '7g7f'], null, 'japanese'), ['☗７六歩']);
});

test('analysis-3.1 the move tree: main line, variations, moves already there', () => {
	const t = MoveTree.fromLine(['7g7f', '3c3d', '2g2f']);
	assert.deepEqual(t.mainLine(), ['7g7f', '3c3d', '2g2f']);
	const first = /** @type {any} */ (t.next(t.root));
	const again = t.add(t.root, '7g7f');
	assert.equal(again, first, 'a move already in the tree is found, not added');
	const v = t.add(first, '8c8d');
	assert.deepEqual(t.mainLine(), ['7g7f', '3c3d', '2g2f'], 'a variation leaves the main line');
	assert.equal(t.onMainLine(v), false);
	assert.deepEqual(t.path(t.add(v, '2g2f')), ['7g7f', '8c8d', '2g2f']);
	assert.equal(t.sibling(v, -1)?.move, '3c3d');
	assert.equal(t.sibling(/** @type {any} */ (t.sibling(v, -1)), 1), v);
	assert.equal(t.lineEnd(v).ply, 3);
	assert.equal(t.get(v.id), v);
});

test('analysis-3.2 the move tree: promote, raise, delete', () => {
	const t = MoveTree.fromLine(['7g7f', '3c3d', '2g2f']);
	const first = /** @type {any} */ (t.next(t.root));
	const v1 = t.add(first, '8c8d');
	const v2 = t.add(first, '4c4d');
	const deep = t.addLine(v2, ['2g2f', '8c8d']);
	t.raise(v2);
	assert.deepEqual(
		first.children.map((/** @type {any} */ c) => c.move),
		['3c3d', '4c4d', '8c8d'],
	);
	t.promote(deep);
	assert.deepEqual(t.mainLine(), ['7g7f', '4c4d', '2g2f', '8c8d']);
	assert.ok(t.onMainLine(deep));
	const back = t.remove(v2);
	assert.equal(back, first);
	assert.deepEqual(t.mainLine(), ['7g7f', '3c3d', '2g2f']);
	assert.equal(t.get(deep.id), null, 'the deleted line is gone from the index');
	assert.equal(t.remove(t.root), t.root, 'the root stays');
	assert.ok(t.get(v1.id));
});

test('analysis-3.3 the move list: variations after their move, bracketed and nested', () => {
	const t = MoveTree.fromLine(['7g7f', '3c3d', '2g2f']);
	const first = /** @type {any} */ (t.next(t.root));
	const v = t.add(first, '8c8d');
	t.add(t.add(v, '2g2f'), '8d8e');
	const inner = t.add(v, '6g6f');
	const rows = t.rows().map((r) => (r.kind === 'move' ? `${r.depth}:${r.node.move}` : `${r.kind}${r.depth}`));
	assert.deepEqual(rows, [
		'0:7g7f',
		'0:3c3d',
		'open1',
		'1:8c8d',
		'1:2g2f',
		'open2',
		'2:6g6f',
		'close2',
		'1:8d8e',
		'close1',
		'0:2g2f',
	]);
	assert.ok(inner);
	assert.deepEqual(new MoveTree().rows(), []);
});

test('analysis-4.1 the page link and its reading: sfen, moves, a game', { skip }, () => {
	assert.equal(analysisLink(null, []), '#/analysis');
	const link = analysisLink('4k4/9/9/9/9/9/9/9/4K4 b G 1', ['G*5h']);
	assert.equal(link, '#/analysis?sfen=4k4%2F9%2F9%2F9%2F9%2F9%2F9%2F9%2F4K4_b_G_1&moves=G*5h');
	const q = new URLSearchParams(link.split('?')[1]);
	assert.deepEqual(readAnalysisQuery(q), { sfen: '4k4/9/9/9/9/9/9/9/4K4 b G 1', moves: ['G*5h'] });
	assert.deepEqual(readAnalysisQuery(new URLSearchParams('')), { sfen: START_SFEN, moves: [] });
	assert.deepEqual(readAnalysisQuery(new URLSearchParams('sfen=nonsense')), {
		error: 'SFEN: want board, side and hands',
	});
	// Moves that cannot be played are cut at the first one.
	assert.deepEqual(readAnalysisQuery(new URLSearchParams('moves=7g7f,3c3d,7f7e,5a5c')), {
		sfen: START_SFEN,
		moves: ['7g7f', '3c3d', '7f7e'],
	});
});

test('analysis-4.2 the evaluation: from Black, mate, the bar', () => {
	assert.deepEqual(blackScore({ cp: 120 }, 'white'), { cp: -120 });
	assert.deepEqual(blackScore({ mate: 3 }, 'black'), { mate: 3 });
	assert.deepEqual(blackScore({ mate: -2 }, 'white'), { mate: 2 });
	assert.equal(blackScore({}, 'black'), null);
	assert.equal(evalText({ cp: 35 }), '+0.35');
	assert.equal(evalText({ cp: -150 }), '-1.50');
	assert.equal(evalText({ mate: 3 }), 'Mate in 3 for Black');
	i18n.lang = 'ja';
	assert.equal(evalText({ mate: -5 }), '後手の5手詰');
	i18n.lang = 'en';
	assert.equal(scoreFraction({ cp: 0 }), 0.5);
	assert.equal(scoreFraction({ mate: 1 }), 1);
	assert.equal(scoreFraction({ mate: -1 }), 0);
	assert.ok(scoreFraction({ cp: 600 }) > 0.8 && scoreFraction({ cp: 600 }) < 0.95);
});

test("analysis-5.1 a KIF record's side lines: blocks, nesting order, comments, moves as USI", () => {
	const text = readFileSync(new URL('../../tests/data/kif/branches.kifu', import.meta.url), 'utf8');
	const lines = kifSideLines(text);
	assert.deepEqual(
		lines.map((l) => [l.ply, l.moves.map((m) => m.text)]),
		[
			[4, ['４四歩(43)', '２五歩(26)']],
			[2, ['８四歩(83)', '６八銀(79)']],
		],
	);
	assert.equal(lines[0].moves[0].comment, '変化のコメント');
	const start = parseSfen(START_SFEN);
	const cases = [
		['７六歩(77)', null, '7g7f'],
		['同　歩(77)', '7f', '7g7f'],
		['２二角成(88)', null, '8h2b+'],
		['２二角不成(88)', null, '8h2b'],
		['５五角打', null, 'B*5e'],
		['５五角', null, 'B*5e'],
		['投了', null, null],
		['中断', null, null],
	];
	for (const [kif, prev, usi] of cases) assert.equal(kifMoveUsi(start, kif, prev), usi, kif);
});
