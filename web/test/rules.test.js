// rules.test.js: the rules module (src/rules.js over libgyoku in WebAssembly, loaded by
// wasmrules.js) against the legal-move counts of shogiops on its 292 random positions
// (../shared/research-data/shogiops_perft_random_d1.tsv, or GYOKU_RESEARCH_DATA's; skipped when
// absent), check, and a position the module cannot read; skipped with the reason when the module
// is not built.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { parseSfen } from '../src/sfen.js';
import { inCheck, isMated, legalMoves, rulesReady } from '../src/rules.js';
import { moveText } from '../src/notation.js';
import { wasmRules } from './wasmrules.js';

const skip = await wasmRules();
const dir = process.env.GYOKU_RESEARCH_DATA || new URL('../../../shared/research-data', import.meta.url).pathname;
const tsv = dir + '/shogiops_perft_random_d1.tsv';

test('rules-1.1 the module is loaded: the start position has its 30 moves', { skip }, () => {
	assert.ok(rulesReady());
	assert.equal(legalMoves(parseSfen('startpos')).length, 30);
});

test(
	'rules-1.2 the legal-move counts of shogiops on 292 random positions',
	{ skip: skip || (!existsSync(tsv) && 'shogiops_perft_random_d1.tsv not found') },
	() => {
		let n = 0;
		for (const line of readFileSync(tsv, 'utf8').split('\n')) {
			if (!line || line.startsWith('#') || line.startsWith('sfen\t')) continue;
			const [sfen, depth, nodes] = line.split('\t');
			assert.equal(depth, '1');
			const legal = legalMoves(parseSfen(sfen));
			assert.equal(legal.length, Number(nodes), sfen);
			assert.equal(new Set(legal).size, legal.length, `${sfen}: a move twice`);
			n++;
		}
		assert.equal(n, 292);
	},
);

test('rules-1.3 check, mate, and a position libgyoku cannot read', { skip }, () => {
	const checked = parseSfen('4k4/9/9/9/4r4/9/9/9/4K4 b G 1');
	assert.ok(inCheck(checked));
	assert.ok(!inCheck(parseSfen('startpos')));
	assert.ok(isMated(parseSfen('kG7/1G7/9/9/9/9/9/9/8K w - 1')));
	assert.ok(!isMated(checked));
	// Three black kings: no legal move, no check, and a move is written as its USI.
	const bad = parseSfen('4k4/9/9/9/9/9/9/9/3KKK3 b - 1');
	assert.deepEqual(legalMoves(bad), []);
	assert.ok(!inCheck(bad));
	assert.equal(moveText(bad, '5i5h', null, 'japanese'), '5i5h');
});
