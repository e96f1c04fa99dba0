// text.test.js: the words of the game pages (src/gametext.js) and record files for import (src/recordfile.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
	statusText,
	resultText,
	resultTitle,
	ratingDelta,
	playerName,
	sideLabel,
	handicapName,
	timeText,
	waitsFor,
	HANDICAPS,
} from '../src/gametext.js';
import { decodeRecord, formatOfFile } from '../src/recordfile.js';

test('players and sides', () => {
	assert.equal(playerName({ name: 'alice', rating: 1500 }), 'alice');
	assert.equal(playerName({ computer: 5 }), 'Computer level 5');
	assert.equal(sideLabel('black', 'even'), '☗ Sente');
	assert.equal(sideLabel('white', 'two-piece'), '☖ Uwate');
	assert.equal(handicapName('rook-lance'), 'Rook and lance 飛香落ち');
	assert.equal(handicapName('other'), 'Custom position');
	assert.equal(timeText({ kind: 'live', time: '10m+30s' }), '10m+30s');
	assert.equal(timeText({ kind: 'correspondence', time: '3d' }), 'Correspondence 3d');
	assert.equal(timeText({ kind: 'untimed', time: 'none' }), 'No clock');
	assert.deepEqual(
		HANDICAPS.map((h) => h[0]),
		[
			'even',
			'lance',
			'right-lance',
			'bishop',
			'rook',
			'rook-lance',
			'two-piece',
			'four-piece',
			'six-piece',
			'eight-piece',
			'ten-piece',
		],
	);
});

test('status lines', () => {
	const g = { status: 'playing', side: 'black', you: 'black' };
	assert.equal(statusText(g, 'alice'), 'Your turn');
	assert.equal(statusText({ ...g, you: 'white' }, 'alice'), '☗ Black to move');
	assert.equal(
		statusText({ status: 'waiting', creator: 'alice', challenged: null }, 'alice'),
		'Waiting for an opponent',
	);
	assert.equal(
		statusText({ status: 'waiting', creator: 'alice', challenged: 'Bob' }, 'bob'),
		'alice challenges you',
	);
	assert.equal(
		statusText({ status: 'waiting', creator: 'alice', challenged: 'bob' }, 'alice'),
		'Waiting for bob to accept',
	);
	assert.equal(statusText({ status: 'waiting', creator: 'alice', challenged: null }, null), 'Open seek by alice');
});

test('a game waits for the user whose side is to move (a list\'s "your turn")', () => {
	const g = {
		status: 'playing',
		side: 'white',
		black: { name: 'alice', rating: 1500 },
		white: { name: 'Bob', rating: 1500 },
	};
	assert.equal(waitsFor(g, 'bob'), true);
	assert.equal(waitsFor(g, 'alice'), false);
	assert.equal(waitsFor(g, null), false);
	assert.equal(waitsFor({ ...g, status: 'ended' }, 'bob'), false);
	assert.equal(waitsFor({ ...g, white: { computer: 3 } }, 'bob'), false);
});

test('results', () => {
	assert.equal(
		resultText({ status: 'ended', result: 'black', ending: 'checkmate' }),
		'☗ Black wins by checkmate',
	);
	assert.equal(resultText({ status: 'ended', result: 'white', ending: 'time forfeit' }), '☖ White wins on time');
	assert.equal(
		resultText({ status: 'ended', result: 'draw', ending: 'sennichite' }),
		'Draw by repetition (sennichite)',
	);
	// An imported record without a result or ending.
	assert.equal(resultText({ status: 'ended', result: null, ending: null, imported: true }), 'Imported record');
	assert.equal(resultText({ status: 'ended', result: null, ending: null }), 'Game over');
	// A failed declaration ends as a foul, the declarer losing (docs/rules.md "Impasse (jishogi) rules").
	assert.equal(
		resultText({ status: 'ended', result: 'white', ending: 'illegal move' }),
		'☖ White wins by a foul (a failed declaration or an illegal move)',
	);
	assert.equal(resultText({ status: 'ended', result: null, ending: 'interruption' }), 'Game over (interrupted)');
	assert.equal(resultText({ status: 'canceled' }), 'Game canceled');
	assert.equal(resultTitle({ result: 'white', you: 'white' }), 'You won');
	assert.equal(resultTitle({ result: 'white', you: 'black' }), 'You lost');
	assert.equal(resultTitle({ result: 'black', you: null }), 'Game over');
	assert.equal(ratingDelta({ before: 1500, after: 1516.4 }), '+16');
	assert.equal(ratingDelta({ before: 1500, after: 1492 }), '−8');
});

test('record files: UTF-8, Shift_JIS and the format from the name', () => {
	const utf8 = new TextEncoder().encode('\uFEFF手合割：平手');
	assert.equal(decodeRecord(utf8.buffer), '手合割：平手');
	// "手合割" in Shift_JIS
	const sjis = new Uint8Array([0x8e, 0xe8, 0x8d, 0x87, 0x8a, 0x84]);
	assert.equal(decodeRecord(sjis.buffer), '手合割');
	assert.equal(formatOfFile('game.KIF'), 'kif');
	assert.equal(formatOfFile('a.b.ki2'), 'ki2');
	assert.equal(formatOfFile('x.json'), 'jkf');
	assert.equal(formatOfFile('notes.txt'), '');
});
