// sfen.test.js: SFEN parsing and writing, and applying USI moves (src/sfen.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
	START_SFEN,
	parseSfen,
	toSfen,
	applyMove,
	positionsOf,
	parseUsi,
	squareIndex,
	squareName,
	pieceAt,
	kingSquare,
	promoted,
	unpromoted,
	canPromote,
	pieceColor,
} from '../src/sfen.js';

test('squares map to SFEN order', () => {
	assert.equal(squareIndex('9a'), 0);
	assert.equal(squareIndex('1a'), 8);
	assert.equal(squareIndex('1i'), 80);
	assert.equal(squareIndex('7g'), 56);
	assert.equal(squareIndex('0a'), -1);
	assert.equal(squareIndex('5j'), -1);
	assert.equal(squareName(5, 5), '5e');
});

test('the start position round-trips', () => {
	const p = parseSfen(START_SFEN);
	assert.equal(p.side, 'black');
	assert.equal(pieceAt(p, '5i'), 'K');
	assert.equal(pieceAt(p, '5a'), 'k');
	assert.equal(pieceAt(p, '8h'), 'B');
	assert.equal(pieceAt(p, '2b'), 'b');
	assert.equal(pieceAt(p, '5e'), null);
	assert.equal(toSfen(p), START_SFEN);
	assert.equal(toSfen(parseSfen('startpos')), START_SFEN);
	assert.equal(toSfen(parseSfen('sfen ' + START_SFEN)), START_SFEN);
});

test('hands, promoted pieces and counts parse and write back', () => {
	const s = '8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124';
	const p = parseSfen(s);
	assert.equal(p.side, 'white');
	assert.equal(pieceAt(p, '7b'), '+R');
	assert.equal(pieceAt(p, '2h'), '+r');
	assert.equal(p.hands.black.S, 1);
	assert.deepEqual(p.hands.white, { B: 1, G: 1, N: 1, P: 3 });
	assert.equal(p.moveNumber, 124);
	assert.equal(toSfen(p), s);
	assert.equal(toSfen(parseSfen('4k4/9/9/9/9/9/9/9/4K4 b 18p 1')), '4k4/9/9/9/9/9/9/9/4K4 b 18p 1');
});

test('malformed SFEN is rejected', () => {
	for (const bad of [
		'',
		'lnsgkgsnl b -',
		'9/9/9/9/9/9/9/9/8 b - 1',
		'9/9/9/9/9/9/9/9/9 x - 1',
		'+k8/9/9/9/9/9/9/9/9 b - 1',
		'9/9/9/9/9/9/9/9/9 b 2X 1',
		'10/9/9/9/9/9/9/9/9 b - 1',
	]) {
		assert.throws(() => parseSfen(bad), Error, bad);
	}
});

test('USI moves parse', () => {
	assert.deepEqual(parseUsi('7g7f'), { from: '7g', to: '7f', drop: null, promote: false });
	assert.deepEqual(parseUsi('8h2b+'), { from: '8h', to: '2b', drop: null, promote: true });
	assert.deepEqual(parseUsi('P*5e'), { from: null, to: '5e', drop: 'P', promote: false });
	assert.equal(parseUsi('K*5e'), null);
	assert.equal(parseUsi('7g7j'), null);
	assert.equal(parseUsi('resign'), null);
});

test('moves, captures with promotion and drops', () => {
	const moves = ['7g7f', '3c3d', '8h2b+', '3a2b', 'B*4e'];
	const ps = positionsOf(START_SFEN, moves);
	assert.equal(ps.length, 6);
	assert.equal(toSfen(ps[2]), 'lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3');
	// 8h2b+ captures the bishop: Black holds a bishop, the horse stands on 2b.
	assert.equal(pieceAt(ps[3], '2b'), '+B');
	assert.equal(ps[3].hands.black.B, 1);
	// 3a2b captures the horse: White holds an unpromoted bishop.
	assert.equal(pieceAt(ps[4], '2b'), 's');
	assert.equal(ps[4].hands.white.B, 1);
	// The drop takes the bishop from Black's hand.
	assert.equal(pieceAt(ps[5], '4e'), 'B');
	assert.equal(ps[5].hands.black.B, undefined);
	assert.equal(toSfen(ps[5]), 'lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6');
	// The input position is not changed.
	assert.equal(toSfen(ps[0]), START_SFEN);
});

test('a handicap start (White first) and a promoted capture by White', () => {
	const lance = 'lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1';
	const ps = positionsOf(lance, ['3c3d', '7g7f', '2b8h+']);
	assert.equal(ps[3].side, 'black');
	assert.equal(pieceAt(ps[3], '8h'), '+b');
	assert.equal(ps[3].hands.white.B, 1);
});

test('bad moves stop the replay and throw from applyMove', () => {
	const p = parseSfen(START_SFEN);
	assert.throws(() => applyMove(p, '5e5d'));
	assert.throws(() => applyMove(p, 'P*5e'));
	assert.throws(() => applyMove(p, 'xx'));
	assert.equal(positionsOf(START_SFEN, ['7g7f', '5e5d', '3c3d']).length, 2);
});

test('piece helpers', () => {
	assert.equal(promoted('P'), '+P');
	assert.equal(promoted('g'), 'g');
	assert.equal(promoted('+r'), '+r');
	assert.equal(unpromoted('+r'), 'r');
	assert.equal(canPromote('s'), true);
	assert.equal(canPromote('K'), false);
	assert.equal(canPromote('+S'), false);
	assert.equal(pieceColor('+p'), 'white');
	assert.equal(pieceColor('N'), 'black');
	assert.equal(kingSquare(parseSfen(START_SFEN), 'white'), '5a');
});
