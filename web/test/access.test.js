// access.test.js: the words of the game page for screen readers (announce.js), the keyboard's
// steps over the board (keyboard.js) and the premoves offered (premove.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describePosition, squareLabel, moveWords, handLabel } from '../src/announce.js';
import { stepSquare } from '../src/keyboard.js';
import { candidates, premoveAllowed, Premoves } from '../src/premove.js';
import { parseSfen, START_SFEN } from '../src/sfen.js';
import { i18n } from '../src/i18n.js';

const start = parseSfen(START_SFEN);

test('input-1.1 squares and hand pieces are named for screen readers, in English and Japanese', () => {
	i18n.lang = 'en';
	assert.equal(squareLabel(start, '7g'), '7g, Black pawn');
	assert.equal(squareLabel(start, '5e'), '5e, empty');
	assert.equal(squareLabel(start, '8b', { selected: true }), '8b, White rook, selected');
	assert.equal(squareLabel(start, '7f', { dest: true }), '7f, empty, can move here');
	assert.equal(handLabel('white', 'P', 2), "White's pawn in hand, 2");
	i18n.lang = 'ja';
	assert.equal(squareLabel(start, '7g'), '７七 先手の歩');
	assert.equal(squareLabel(start, '5e'), '５五 空き');
	i18n.lang = 'en';
});

test('input-1.2 the position in words: side to move, check, pieces by square, hands', () => {
	i18n.lang = 'en';
	const pos = parseSfen('4k4/9/4P4/9/9/9/9/9/4K4 w 2Pr 1');
	assert.equal(
		describePosition(pos, true),
		'White to move. Check. Black: king 5i, pawn 5c; in hand: pawn ×2. White: king 5a; in hand: rook.',
	);
	assert.match(
		describePosition(start, false),
		/^Black to move\. Black: king 5i, rook 2h, bishop 8h, gold 6i 4i, /,
	);
	i18n.lang = 'ja';
	assert.equal(
		describePosition(pos, false),
		'後手の手番。 先手：玉 ５九、歩 ５三。持ち駒：歩 ×2。 後手：玉 ５一。持ち駒：飛。',
	);
	i18n.lang = 'en';
});

test('input-1.3 a move announced: Western notation in English, ▲/△ Japanese in Japanese', () => {
	const g = /** @type {any} */ ({
		start_sfen: START_SFEN,
		moves: ['7g7f', '3c3d'],
		notation: {
			japanese: ['☗７六歩', '☖３四歩'],
			hodges: ['P-7f', 'P-3d'],
			hosking: ['P76', 'P34'],
			kitao: ['☗歩-76', '☖歩-34'],
		},
	});
	i18n.lang = 'en';
	assert.equal(moveWords(g, 2, 'hosking'), 'White: P34');
	assert.equal(moveWords(g, 1, 'japanese'), 'Black: P-7f');
	i18n.lang = 'ja';
	assert.equal(moveWords(g, 1, 'hodges'), '▲７六歩');
	assert.equal(moveWords(g, 2, 'hodges'), '△３四歩');
	i18n.lang = 'en';
});

test('input-1.4 arrow steps follow the view and stop at the edge', () => {
	for (const [from, dc, dr, flipped, want] of [
		['5e', -1, 0, false, '6e'],
		['5e', 1, 0, false, '4e'],
		['5e', 0, -1, false, '5d'],
		['5e', 0, 1, true, '5d'],
		['5e', -1, 0, true, '4e'],
		['1a', 1, 0, false, '1a'],
		['9i', 0, 1, false, '9i'],
	])
		assert.equal(stepSquare(from, dc, dr, flipped), want, `${from} ${dc},${dr} ${flipped}`);
});

test('input-1.5 premoves offered: steps whatever stands there, ranging up to the first piece, promotion', () => {
	const c = candidates(start, 'black');
	for (const m of ['7g7f', '2h1h', '2h3h', '5i5h', '5i4h']) assert.ok(c.includes(m), m);
	// The rook ranges up to the pawn in its way (a recapture there), not beyond.
	assert.ok(c.includes('2h2g') && !c.includes('2h2f'));
	// Never onto the own king.
	assert.ok(!c.includes('4i5i'));
	const pos = parseSfen('4k4/9/9/2P6/9/9/9/9/4K4 b N 1');
	const p = candidates(pos, 'black');
	assert.ok(p.includes('7d7c') && p.includes('7d7c+'), 'a pawn into the zone: both');
	assert.ok(p.includes('N*5e') && !p.includes('N*5b') && !p.includes('N*5a'), 'no knight drop where it is dead');
	const q = candidates(parseSfen('4k4/2P6/9/9/9/9/9/9/4K4 b - 1'), 'black');
	assert.ok(q.includes('7b7a+') && !q.includes('7b7a'), 'a pawn to the last rank must promote');
	const w = candidates(start, 'white');
	assert.ok(
		!w.includes('7g7f') && w.includes('3c3d') && w.includes('2b3c') && !w.includes('2b4d'),
		'White forward',
	);
});

test('input-1.6 a premove is played when legal after the reply, else dropped; only in live games', () => {
	assert.equal(
		premoveAllowed(/** @type {any} */ ({ status: 'playing', you: 'black', side: 'white', kind: 'live' })),
		true,
	);
	assert.equal(
		premoveAllowed(
			/** @type {any} */ ({ status: 'playing', you: 'black', side: 'white', kind: 'correspondence' }),
		),
		false,
	);
	assert.equal(
		premoveAllowed(/** @type {any} */ ({ status: 'playing', you: 'black', side: 'black', kind: 'live' })),
		false,
	);
	globalThis.document = /** @type {any} */ ({ addEventListener() {}, removeEventListener() {} });
	const board = /** @type {any} */ ({ addEventListener() {}, removeEventListener() {} });
	const pm = new Premoves(board, () => {});
	pm.set('2g2f');
	assert.deepEqual(pm.squares(), { from: '2g', to: '2f' });
	const g = { status: 'playing', you: 'black', side: 'white', legal: ['3c3d'] };
	assert.equal(pm.take(/** @type {any} */ (g)), null, 'kept while the opponent is to move');
	assert.equal(pm.take(/** @type {any} */ ({ ...g, side: 'black', legal: ['2g2f', '7g7f'] })), '2g2f');
	assert.equal(pm.move, null);
	pm.set('2g2f');
	assert.equal(pm.take(/** @type {any} */ ({ ...g, side: 'black', legal: ['7g7f'] })), null, 'dropped');
	assert.equal(pm.move, null);
	pm.set('P*5e');
	assert.deepEqual(pm.squares(), { from: null, to: '5e' });
	pm.destroy();
	delete globalThis.document;
});
