// editor.test.js: the board editor's positions (src/editorpos.js): cycling, promoting, placing
// within the set, hands bounded by the set, the link of a position, the reading of typed SFEN,
// and what is wrong with a position (the same rules as the server's, libgyoku's strict SFEN).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { i18n } from '../src/i18n.js';
import { parseSfen, toSfen } from '../src/sfen.js';
import {
	KINGS_SFEN,
	addToHand,
	clearHands,
	cyclePiece,
	editorLink,
	fitsSet,
	kingAttacked,
	movePiece,
	pieceCounts,
	positionProblems,
	putPiece,
	readSfen,
	sfenOfLink,
	startPos,
	togglePromotion,
	withSide,
} from '../src/editorpos.js';

i18n.lang = 'en';

test('editor-1.1 a clicked piece cycles: promoted, the other side, its promotion, gone', () => {
	const cases = [
		['P', '+P'],
		['+P', 'p'],
		['p', '+p'],
		['+p', null],
		['G', 'g'],
		['g', null],
		['K', 'k'],
		['k', null],
		['R', '+R'],
		['+r', null],
	];
	for (const [from, to] of cases) assert.equal(cyclePiece(from), to, from);
});

test('editor-1.2 promotion toggles; gold and king stay', () => {
	const cases = [
		['P', '+P'],
		['+P', 'P'],
		['b', '+b'],
		['+b', 'b'],
		['G', 'G'],
		['k', 'k'],
	];
	for (const [from, to] of cases) assert.equal(togglePromotion(from), to, from);
});

test('editor-1.3 a piece fits while the set has one left, the replaced one given back', () => {
	const full = parseSfen('4k4/9/9/9/9/9/9/9/4K4 b 2B 1');
	const cases = [
		// [position, piece, square, fits]
		[full, 'B', '5e', false],
		[full, '+b', '5e', false],
		[full, 'R', '5e', true],
		[parseSfen('4k4/9/9/9/4B4/9/9/9/4K4 b B 1'), 'b', '5e', true],
		[parseSfen(KINGS_SFEN), 'K', '1a', false],
		[parseSfen(KINGS_SFEN), 'k', '5a', true],
	];
	for (const [pos, piece, sq, fits] of cases) assert.equal(fitsSet(pos, piece, sq), fits, `${piece} ${sq}`);
	assert.deepEqual(pieceCounts(startPos()), { K: 2, R: 2, B: 2, G: 4, S: 4, N: 4, L: 4, P: 18 });
});

test('editor-1.4 place, move, remove; the argument is left alone', () => {
	const k = parseSfen(KINGS_SFEN);
	const a = putPiece(k, '5c', 'P');
	assert.equal(toSfen(a), '4k4/9/4P4/9/9/9/9/9/4K4 b - 1');
	assert.equal(toSfen(k), KINGS_SFEN);
	assert.equal(toSfen(movePiece(a, '5c', '1c')), '4k4/9/8P/9/9/9/9/9/4K4 b - 1');
	assert.equal(toSfen(putPiece(a, '5c', null)), KINGS_SFEN);
	assert.equal(toSfen(withSide(a, 'white')), '4k4/9/4P4/9/9/9/9/9/4K4 w - 1');
});

test('editor-1.5 hands count up and down within the set', () => {
	const cases = [
		// [sfen, color, kind, delta, want]
		[KINGS_SFEN, 'black', 'G', 1, '4k4/9/9/9/9/9/9/9/4K4 b G 1'],
		[KINGS_SFEN, 'white', 'P', 3, '4k4/9/9/9/9/9/9/9/4K4 b 3p 1'],
		[KINGS_SFEN, 'black', 'G', -1, KINGS_SFEN],
		['4k4/9/9/9/9/9/9/9/4K4 b 2Gg 1', 'black', 'G', 5, '4k4/9/9/9/9/9/9/9/4K4 b 3Gg 1'],
		['4k4/9/9/9/9/9/9/9/4K4 b 2Bb 1', 'white', 'B', 1, '4k4/9/9/9/9/9/9/9/4K4 b 2Bb 1'],
		['4k4/9/9/9/9/9/9/9/4K4 b 2R 1', 'black', 'R', -1, '4k4/9/9/9/9/9/9/9/4K4 b R 1'],
		['lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1', 'black', 'P', 1, null],
	];
	for (const [sfen, color, kind, delta, want] of cases) {
		const got = toSfen(addToHand(parseSfen(sfen), color, kind, delta));
		assert.equal(got, want || sfen, `${sfen} ${color} ${kind} ${delta}`);
	}
	assert.equal(toSfen(clearHands(parseSfen('4k4/9/9/9/9/9/9/9/4K4 b 2Rb3p 1'))), KINGS_SFEN);
});

test('editor-1.6 the link carries the position and gives it back', () => {
	const sfen = '4k4/9/4+P4/9/9/9/9/9/4K4 w G2s 7';
	const link = editorLink(parseSfen(sfen));
	assert.equal(link, '#/editor?sfen=4k4%2F9%2F4%2BP4%2F9%2F9%2F9%2F9%2F9%2F4K4_w_G2s_7');
	const value = new URLSearchParams(link.split('?')[1]).get('sfen');
	assert.equal(sfenOfLink(value || ''), sfen);
});

test('editor-1.7 typed text: an SFEN sets the position, anything else says why', () => {
	const cases = [
		['4k4/9/9/9/9/9/9/9/4K4 b G 1', null],
		['  startpos ', null],
		['4k4/9/9 b - 1', 'SFEN: want 9 ranks'],
		['4k4/9/9/9/9/9/9/9/4K4', 'SFEN: want board, side and hands'],
		['4k4/9/9/9/9/9/9/9/4K4 x - 1', 'SFEN: side must be b or w'],
		['4k4/9/9/9/9/9/9/9/4K3 b - 1', 'SFEN: a rank without 9 squares'],
		['4k4/9/9/9/9/9/9/9/4K4 b 19P 1', 'SFEN: bad hand'],
		['4k4/9/9/9/9/9/9/9/4Q4 b - 1', 'SFEN: unknown piece "Q"'],
	];
	for (const [text, error] of cases) {
		const r = readSfen(text);
		if (error) assert.deepEqual(r, { error }, text);
		else assert.ok('pos' in r, text);
	}
});

test('editor-1.8 a position is explained: kings, counts, nifu, dead pieces, the waiting side in check', () => {
	const cases = [
		['4k4/9/4P4/9/9/9/9/9/4K4 b G 1', []],
		['lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1', []],
		['4k4/9/9/9/9/9/9/9/9 b - 1', ['Sente (Black) has no king.']],
		['9/9/9/9/9/9/9/9/3KK4 b - 1', ['Sente (Black) has two kings.', 'Gote (White) has no king.']],
		['4k4/9/9/9/9/9/9/B8/4K4 b 2B 1', ['More bishops than the set has: 3 of 2.']],
		['4k4/9/9/9/4P4/9/4P4/9/4K4 b - 1', ['Nifu: Sente (Black) has two pawns on file 5.']],
		['4k4/9/9/9/4P4/9/4+P4/9/4K4 b - 1', []],
		['P3k4/9/9/9/9/9/9/9/4K4 b - 1', ['The piece on 9a can never move.']],
		['4k4/N8/9/9/9/9/9/9/4K4 b - 1', ['The piece on 9b can never move.']],
		['4k4/9/9/9/9/9/9/9/4K3l w - 1', ['The piece on 1i can never move.']],
		['4k4/9/9/9/9/9/9/n8/4K4 b - 1', ['The piece on 9h can never move.']],
		['4k4/9/9/9/9/9/9/9/4K4 b - 1', []],
		['4k4/4R4/9/9/9/9/9/9/4K4 b - 1', ['Gote (White) is in check but not to move.']],
		['4k4/4R4/9/9/9/9/9/9/4K4 w - 1', []],
	];
	for (const [sfen, want] of cases) assert.deepEqual(positionProblems(parseSfen(sfen)), want, sfen);
});

test('editor-1.9 check is seen from every kind of piece, blocked sliders not', () => {
	const cases = [
		// [sfen, color whose king is attacked, attacked]
		['9/9/9/9/4k4/4P4/9/9/K8 b - 1', 'white', true],
		['9/9/9/9/4k4/9/4P4/9/K8 b - 1', 'white', false],
		['9/9/9/9/4k4/9/9/9/4L3K b - 1', 'white', true],
		['9/9/9/9/4k4/9/4p4/9/4L3K b - 1', 'white', false],
		['9/9/9/9/4k4/9/3N5/9/K8 b - 1', 'white', true],
		['9/9/9/9/4k4/5S3/9/9/K8 b - 1', 'white', true],
		['9/9/9/9/4k4/9/9/9/B7K b - 1', 'white', true],
		['9/9/9/9/4k4/3+B5/9/9/K8 b - 1', 'white', true],
		['9/9/9/9/4k4/4+R4/9/9/K8 b - 1', 'white', true],
		['9/9/9/9/4k4/3+P5/9/9/K8 b - 1', 'white', true],
		['9/9/9/9/4k4/4+P4/9/9/K8 b - 1', 'white', true],
		['9/9/9/9/4k4/9/3+P5/9/K8 b - 1', 'white', false],
		['k8/9/9/9/4K4/4p4/9/9/9 b - 1', 'black', false],
		['k8/9/9/4p4/4K4/9/9/9/9 b - 1', 'black', true],
		['k8/9/9/9/4K4/9/3n5/9/9 b - 1', 'black', false],
		['k8/9/3n5/9/4K4/9/9/9/9 b - 1', 'black', true],
	];
	for (const [sfen, color, want] of cases) assert.equal(kingAttacked(parseSfen(sfen), color), want, sfen);
});

test('editor-1.10 "New game" after a game from a position fills in its start, not a handicap', async () => {
	const { newGameHash } = await import('../src/aftergame.js');
	const start = '4k4/9/4P4/9/9/9/9/9/4K4 b G 1';
	const g = /** @type {any} */ ({
		you: 'white',
		black: { computer: 2 },
		white: { name: 'a', rating: 1500, rd: 350 },
		time: 'none',
		handicap: 'other',
		start_sfen: start,
		rated: false,
		impasse: { rule: 'try' },
	});
	const q = new URLSearchParams(newGameHash(g).split('?')[1]);
	assert.equal(q.get('sfen'), start);
	assert.equal(q.get('handicap'), null);
	assert.equal(q.get('opponent'), 'computer');
	assert.equal(q.get('impasse'), 'try');
	const even = new URLSearchParams(newGameHash({ ...g, handicap: 'lance' }).split('?')[1]);
	assert.equal(even.get('handicap'), 'lance');
	assert.equal(even.get('sfen'), null);
});
