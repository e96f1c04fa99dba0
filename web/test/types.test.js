// types.test.js: the shapes of the server's JSON (src/types.js) against answers recorded from
// gyoku serve (data/answers.json: a signup and /api/me; a rated live game waiting, in play and
// resigned; an untimed handicap game against the computer under the try rule; an imported
// record, with a saved review; a list; a user; a game's chat and a chat event; the puzzle themes, a puzzle, the daily
// puzzle, a right and a solving move, a solution shown), and the problems a shape finds in an answer that differs.
// tests/server/api.mjs checks every answer and event of its run against the same shapes; to
// record the answers again, save those of such a session (any ids, times and tokens).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { SHAPES, problems } from '../src/types.js';

const answers = JSON.parse(readFileSync(new URL('./data/answers.json', import.meta.url), 'utf8'));

/** @type {Record<string, keyof typeof SHAPES>} */
const SHAPE_OF = {
	signup: 'me',
	me: 'me',
	waiting: 'game',
	playing: 'game',
	ended: 'game',
	computer: 'game',
	imported: 'game',
	list: 'gameList',
	user: 'user',
	chat: 'chat',
	chatEvent: 'chatEvent',
	review: 'review',
	puzzleThemes: 'puzzleThemes',
	puzzle: 'puzzle',
	puzzleDaily: 'puzzleDaily',
	puzzleRight: 'puzzleMove',
	puzzleSolved: 'puzzleMove',
	puzzleSolution: 'puzzleSolution',
};

test('recorded answers have their shapes', () => {
	assert.deepEqual(Object.keys(answers).sort(), Object.keys(SHAPE_OF).sort());
	for (const [k, name] of Object.entries(SHAPE_OF)) assert.deepEqual(problems(name, answers[k]), [], k);
});

test('the recorded games cover the variants of a game', () => {
	const { waiting, playing, ended, computer, imported } = answers;
	assert.equal(waiting.white, null);
	assert.ok(playing.clocks && playing.clocks.running === 'black' && playing.impasse.rule === '27');
	assert.ok(ended.ratings && ended.ending === 'resignation');
	assert.ok(computer.clocks === null && 'computer' in computer.white && computer.impasse.rule === 'try');
	assert.ok(imported.imported && !('rating' in imported.black));
});

test('a field missing, added, of another type or another word is a problem', () => {
	const g = structuredClone(answers.playing);
	delete g.watchers;
	g.extra = 1;
	g.status = 'paused';
	g.clocks.black.main_ms = 1.5;
	g.moves.push(7);
	assert.deepEqual(problems('game', g), [
		'game.status is "paused", not one of waiting, playing, ended, canceled',
		'game.watchers is absent, not an integer',
		'game.moves.4 is 7, not a string',
		'game.clocks.black.main_ms is 1.5, not an integer',
		'game.extra is sent but not in types.js',
	]);
	// A union reports the problems of its closest alternative.
	assert.deepEqual(problems('game', { ...answers.computer, white: { computer: '1' } }), [
		'game.white.computer is "1", not an integer',
	]);
	assert.deepEqual(problems('gameList', []), ['gameList is [], not an object']);
});
