#!/usr/bin/env node
// tests/server/kill9.mjs: durability across crashes (docs/server.md "Storage": a move is
// acknowledged only after its transaction committed; SQLite in WAL mode with
// synchronous=FULL; "Time": deadlines are read from the store at start-up, so a restarted
// server still forfeits).  Two clients play random legal moves back to back; at random
// moments the server is killed with SIGKILL and restarted on the same database.  After each
// restart, and at the end, every acknowledged move must be stored, in order (a move whose
// answer the kill cut off may be there or not, but nothing else); the game goes on.  Also: a
// live game whose deadline passes while the server is down ends on time after the restart,
// and the computer answers a move it had not answered when the server died.
//
//   [VERBOSE=1] node tests/server/kill9.mjs [--bin bin/gyoku] [--db FILE|URL] [--moves 80] [--kills 8] [--seed N]
//
// Without --db, an SQLite file in a temporary directory.  Cases server-91.N.

import fs from 'node:fs';
import path from 'node:path';
import { Client, options, rng, sleep, startServer, tempDir } from './lib.mjs';

const o = options({
	bin: 'bin/gyoku',
	db: '',
	moves: '80',
	kills: '8',
	seed: String(Date.now() % 1000000),
	scale: '1',
});
const scale = parseFloat(o.scale);
const rand = rng(parseInt(o.seed, 10));
const dir = tempDir();
const db = o.db || path.join(dir, 'kill9.db');
let server = null;
const clients = [];
const failures = [];

function report(name, why) {
	console.log(why ? `FAIL ${name}: ${why}` : `PASS ${name}`);
	if (why) failures.push(name);
}

async function start() {
	server = await startServer({ bin: o.bin, db, dir, timeoutMs: 30000 * scale });
	for (const c of clients) c.rebase(server.base);
}

async function kill() {
	await server.kill9();
}

// A move's answer, or null when the connection failed (the server is down or died meanwhile).
async function tryPost(c, p, body) {
	try {
		return await c.post(p, body, { timeoutMs: 20000 * scale });
	} catch {
		return null;
	}
}

async function main() {
	await start();
	const tag = Math.random().toString(36).slice(2, 8);
	const alice = new Client(server.base),
		bob = new Client(server.base);
	clients.push(alice, bob);
	for (const [c, n] of [
		[alice, `ka_${tag}`],
		[bob, `kb_${tag}`],
	]) {
		const a = await c.post('/api/signup', { name: n, password: 'password-k9' });
		if (a.status !== 201) throw new Error(`signup ${n}: ${a.status} ${a.text}`);
	}

	// The games played, each with the moves acknowledged in it.
	const games = [];
	let cur = null;
	async function newGame() {
		const a = await alice.post('/api/games', { opponent: `kb_${tag}`, color: 'black', time: '2h' });
		if (a.status !== 201) throw new Error(`create: ${a.status} ${a.text}`);
		const b = await bob.post(`/api/games/${a.json.id}/accept`);
		if (b.status !== 200) throw new Error(`accept: ${b.status} ${b.text}`);
		cur = { id: a.json.id, acked: [], state: b.json };
		games.push(cur);
	}
	await newGame();

	// The killer: at random moments, SIGKILL while moves are being made; the player restarts.
	const want = parseInt(o.moves, 10),
		kills = parseInt(o.kills, 10);
	const killAt = Array.from({ length: kills }, (_, i) =>
		Math.floor(((i + 0.2 + rand() * 0.7) * want) / kills),
	).sort((a, b) => a - b);
	let total = 0,
		restarts = 0,
		cutOff = 0,
		checks = [];
	let armed = null; // a timer that kills the server a few ms into the next request
	while (total < want) {
		if (killAt.length && total >= killAt[0]) {
			killAt.shift();
			const delay = rand.int(15);
			armed = setTimeout(() => kill(), delay);
		}
		const st = cur.state;
		const mover = st.side === 'black' ? alice : bob;
		const legal = st.legal.filter(Boolean);
		const move = rand.pick(legal);
		const a = await tryPost(mover, `/api/games/${cur.id}/moves`, { move, ply: st.ply });
		if (a && a.status === 200) {
			cur.acked.push(move);
			cur.state = a.json;
			total++;
			if (a.json.status !== 'playing') await newGame();
			continue;
		}
		if (a && a.status !== 200 && server.proc.exitCode === null && !server.proc.signalCode)
			throw new Error(`move ${move} at ply ${st.ply}: ${a.status} ${a.text}`);
		// The server died (killed by the timer above): restart it and check the game as stored.
		if (armed) clearTimeout(armed);
		armed = null;
		await server.exited;
		await start();
		restarts++;
		const g = await bob.get(`/api/games/${cur.id}`);
		if (g.status !== 200) throw new Error(`after restart ${restarts}: GET the game: ${g.status} ${g.text}`);
		const stored = g.json.moves;
		const same = JSON.stringify(stored) === JSON.stringify(cur.acked);
		const plusOne = JSON.stringify(stored) === JSON.stringify([...cur.acked, move]);
		checks.push(
			same || plusOne
				? null
				: `after restart ${restarts}: stored ${JSON.stringify(stored.slice(-4))} (${stored.length}), acknowledged ${JSON.stringify(cur.acked.slice(-4))} (${cur.acked.length})`,
		);
		if (plusOne) {
			cur.acked.push(move); // committed, but its answer was cut off
			cutOff++;
			total++;
		}
		cur.state = g.json;
		if (g.json.status !== 'playing') await newGame();
	}
	if (armed) {
		clearTimeout(armed);
		armed = null;
	}
	if (server.proc.exitCode !== null || server.proc.signalCode) {
		await server.exited;
		await start();
		restarts++;
	}
	const bad = checks.filter(Boolean);
	report(
		'server-91.1',
		restarts < Math.min(3, kills)
			? `only ${restarts} restarts happened`
			: bad.length
				? bad.slice(0, 3).join('; ')
				: null,
	);
	if (process.env.VERBOSE)
		console.error(`${total} moves in ${games.length} games, ${restarts} kills, ${cutOff} answers cut off`);

	// The last kill and restart, then every game as stored equals its acknowledged moves.
	await kill();
	await start();
	const wrong = [];
	for (const g of games) {
		const a = await bob.get(`/api/games/${g.id}`);
		if (a.status !== 200) wrong.push(`${g.id}: ${a.status}`);
		else if (JSON.stringify(a.json.moves) !== JSON.stringify(g.acked))
			wrong.push(`${g.id}: stored ${a.json.moves.length} moves, acknowledged ${g.acked.length}`);
		else g.state = a.json;
	}
	report('server-91.2', wrong.length ? wrong.slice(0, 3).join('; ') : null);

	// The game goes on: a further move is accepted.
	{
		const st = cur.state;
		const mover = st.side === 'black' ? alice : bob;
		const a = await tryPost(mover, `/api/games/${cur.id}/moves`, { move: st.legal[0], ply: st.ply });
		report(
			'server-91.3',
			a && a.status === 200 && a.json.ply === st.ply + 1
				? null
				: `a further move: ${a ? a.status + ' ' + a.text.slice(0, 200) : 'no answer'}`,
		);
	}

	// A 2-second game: the server dies at once and stays down past the deadline; restarted, it
	// ends the game on time by itself (the deadline is read from the store at start-up).
	{
		const a = await alice.post('/api/games', { opponent: `kb_${tag}`, color: 'black', time: '2s' });
		await bob.post(`/api/games/${a.json.id}/accept`);
		// A clock starts with its side's first move (docs/server.md "Time"): both are made first.
		await alice.post(`/api/games/${a.json.id}/moves`, { move: '7g7f' });
		const b = await bob.post(`/api/games/${a.json.id}/moves`, { move: '3c3d' });
		await kill();
		await sleep(2500);
		await start();
		const deadline = b.json && b.json.clocks ? b.json.clocks.deadline_ms : 0;
		let g = null;
		for (let i = 0; i < 50 * scale; i++) {
			// Read-only requests: the timer alone must end it.
			g = await bob.get(`/api/games/${a.json.id}`);
			if (g.json && g.json.status === 'ended') break;
			await sleep(100);
		}
		report(
			'server-91.4',
			g.json &&
				g.json.status === 'ended' &&
				g.json.ending === 'time forfeit' &&
				g.json.result === 'white'
				? null
				: `after the restart: ${g.json ? `${g.json.status} ${g.json.ending} (deadline ${deadline})` : g.text}`,
		);
	}

	// A move against the computer, then SIGKILL before it could answer: restarted, it answers.
	{
		const a = await alice.post('/api/games', { opponent: 'computer', level: 1, color: 'black' });
		const m = await alice.post(`/api/games/${a.json.id}/moves`, { move: '7g7f' });
		await kill();
		await start();
		let g = null;
		for (let i = 0; i < 300 * scale; i++) {
			g = await alice.get(`/api/games/${a.json.id}`);
			if (g.json && g.json.ply >= 2) break;
			await sleep(100);
		}
		report(
			'server-91.5',
			m.status === 200 && g.json && g.json.ply === 2 && g.json.moves[0] === '7g7f'
				? null
				: `the computer did not answer after the restart: ply ${g.json && g.json.ply}`,
		);
	}

	const e = await server.stop();
	report(
		'server-91.6',
		e.code === 0
			? null
			: `the server did not stop cleanly (status ${e.code ?? e.signal}): ${server.log().trim().split('\n').slice(-3).join(' | ')}`,
	);
	for (const c of clients) c.close();
	if (failures.length) console.log(`(seed ${o.seed})`);
}

main()
	.catch(async (e) => {
		console.log(
			`FAIL server-91.0: ${e.stack}${server ? ' | server: ' + server.log().trim().split('\n').slice(-3).join(' | ') : ''} (seed ${o.seed})`,
		);
		process.exitCode = 1;
		if (server) await server.kill9();
	})
	.finally(() => fs.rmSync(dir, { recursive: true, force: true }));
