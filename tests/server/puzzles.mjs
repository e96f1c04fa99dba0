#!/usr/bin/env node
// tests/server/puzzles.mjs: how `gyoku serve` loads its tsume puzzles (docs/server.md "Puzzles";
// the API itself is tests/server/api/44-puzzles.txt): every *.txt of the --puzzles directory in
// name order, a bad line reported as FILE:LINE: reason and skipped, a position met twice loaded
// once, a missing directory no puzzles (not a failure), the server exits cleanly.  Prints PASS/FAIL
// lines server-44.20...
//
//   node tests/server/puzzles.mjs [--bin bin/gyoku]

import fs from 'node:fs';
import path from 'node:path';
import { Client, options, sanitizerReport, startServer, tempDir } from './lib.mjs';

const o = options({ bin: 'bin/gyoku' });
let failed = 0;
function report(name, why) {
	if (why) failed++;
	console.log(why ? `FAIL ${name}: ${why}` : `PASS ${name}`);
}

const GOOD1 = 'pSG4+P1/1L+R6/1Rp1g4/kp1p1g3/2P2P3/PPKPSnP2/+n2G2s+p+p/5+b3/4s4 b B2L3P2nl2p 1\tL*9e\t1\t1手詰\ttest';
const GOOD3 =
	'ln6+R/2s1g4/2pk1sp2/pn1p1p2p/2P1R4/PKbLSP2P/1P1PP4/4G4/+bN1S5 w 2GNL5Pl 1\tL*8e 8f9g 8e8g+\t3\t3手詰\ttest';

const dir = tempDir();
const pz = path.join(dir, 'puzzles');
fs.mkdirSync(pz);
fs.writeFileSync(path.join(pz, 'a.txt'), `# a comment\n${GOOD1}\nnot a puzzle\n${GOOD3.replace('\t3\t', '\t5\t')}\n`);
fs.writeFileSync(path.join(pz, 'b.txt'), `${GOOD3}\n${GOOD1.replace(' 1\t', ' 7\t')}\n`);
fs.writeFileSync(path.join(pz, 'notes.md'), 'not read\n');

async function run() {
	const server = await startServer({ bin: o.bin, dir, puzzles: pz });
	const c = new Client(server.base);
	try {
		const log = server.log();
		const a = path.join(pz, 'a.txt'),
			b = path.join(pz, 'b.txt');
		report(
			'server-44.20',
			log.includes(`${a}:3: 1 fields, not 5`) &&
				log.includes(`${a}:4: the solution has 3 moves, the length says 5`) &&
				log.includes(`${b}:2: the position is already loaded`)
				? null
				: `the bad lines are not reported with file and line: ${log.trim().slice(-400)}`,
		);
		const t = await c.request('GET', '/api/puzzles');
		const ok =
			t.status === 200 &&
			t.json.total === 2 &&
			JSON.stringify(t.json.themes) ===
				JSON.stringify([
					{ theme: '1手詰', length: 1, count: 1 },
					{ theme: '3手詰', length: 3, count: 1 },
				]);
		report('server-44.21', ok ? null : `the good lines are not the set: ${t.status} ${t.text}`);
		report(
			'server-44.22',
			/\b2 puzzles\)/.test(server.log()) ? null : 'the start line does not count the puzzles',
		);
	} finally {
		const e = await server.stop();
		const san = sanitizerReport(server.log());
		report(
			'server-44.24',
			e.code !== 0 || san ? `the server exited ${e.code ?? e.signal}: ${san || ''}` : null,
		);
	}
	const none = await startServer({ bin: o.bin, dir, puzzles: path.join(dir, 'no-such-dir') });
	try {
		const c2 = new Client(none.base);
		const t = await c2.request('GET', '/api/puzzles');
		const d = await c2.request('GET', '/api/puzzles/daily');
		const n = await c2.request('GET', '/api/puzzles/next');
		report(
			'server-44.23',
			t.status === 200 && t.json.total === 0 && d.status === 404 && n.status === 404
				? null
				: `a missing directory: ${t.status} ${t.text}, daily ${d.status}, next ${n.status}`,
		);
	} finally {
		await none.stop();
	}
}

try {
	await run();
} catch (e) {
	report('server-44.20', String(e && e.stack ? e.stack : e));
}
fs.rmSync(dir, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
