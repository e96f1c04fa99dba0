#!/usr/bin/env node
// tests/soak/soak.mjs: the soak (`make soak`, tests/soak/README.md): the deployment of
// docs/deploy.md (two `gyoku serve` instances on one PostgreSQL behind haproxy, configured from
// tests/server/haproxy.cfg.in) under games, spectators, reconnecting streams, resignations and new
// games for SOAK_SECONDS, one instance killed with SIGKILL every SOAK_KILL_S seconds and restarted
// at once on its address.  At the end: every acknowledged move is stored, every stored game
// replays legal (its KIF export read back by `gyoku convert`), every spectator saw every move of
// the games it watched, once each, and a summary line.  SOAK_STORE=sqlite: one instance on an
// SQLite file, no proxy, killed and restarted on the same file.
//
//   [SOAK_SECONDS=3600] [SOAK_KILL_S=180] [SOAK_PAIRS=4] [SOAK_SPECTATORS=6] [SOAK_MOVE_MS=50]
//   [SOAK_STORE=pg|sqlite] [SOAK_SEED=N] [VERBOSE=1] node tests/soak/soak.mjs [--db URL] [--bin bin/gyoku]
//
// Without --db (PostgreSQL) a server of its own from tests/server/pg.sh.  Cases soak-1.N on
// PostgreSQL, soak-2.N on SQLite (SKIP without PostgreSQL or haproxy):
//   N.1  every acknowledged move is in the store, in order, and nothing else
//   N.2  every game replays legal: its KIF export, read by `gyoku convert`, gives the stored moves
//   N.3  every spectator saw every move of each game it watched, none lost, none twice
//   N.4  no request failed but those an instance's death explains; the instances were killed as
//        planned and stop cleanly at the end (exit 0 on SIGTERM)

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
	Client,
	FollowedStream,
	haproxyBin,
	options,
	rng,
	sleep,
	startHaproxy,
	startServer,
	tempDir,
} from '../server/lib.mjs';

const o = options({ bin: 'bin/gyoku', db: '' });
const env = (k, d) => (process.env[k] !== undefined && process.env[k] !== '' ? process.env[k] : d);
const seconds = parseFloat(env('SOAK_SECONDS', '3600'));
const killEvery = parseFloat(env('SOAK_KILL_S', '180'));
const pairs = parseInt(env('SOAK_PAIRS', '4'), 10);
const watchers = parseInt(env('SOAK_SPECTATORS', '6'), 10);
const moveMs = parseInt(env('SOAK_MOVE_MS', '50'), 10);
const sqlite = env('SOAK_STORE', 'pg') === 'sqlite';
const seed = parseInt(env('SOAK_SEED', String(Date.now() % 1000000)), 10);
const rand = rng(seed);
const ids = sqlite ? 'soak-2' : 'soak-1';
const verbose = process.env.VERBOSE ? (...a) => console.error(`[${elapsed()} s]`, ...a) : () => {};
const dir = tempDir('gyoku-soak-');
const t0 = Date.now();
const elapsed = () => ((Date.now() - t0) / 1000).toFixed(0);

// The instances (PostgreSQL: 2, behind haproxy; SQLite: 1), restarted on their port when killed.
const inst = [];
let proxy = null,
	pgDir = null,
	db = o.db,
	base = null;
// The rate limits of writes are for people; the soak's clients all come from one address.
const serveArgs = [
	'--trust-proxy',
	'X-Forwarded-For',
	'--writes-per-min',
	'1000000',
	'--addr-writes-per-min',
	'1000000',
];

const stats = {
	games: 0,
	ended: 0,
	resigned: 0,
	moves: 0,
	lost: 0,
	kills: 0,
	reconnects: 0,
	drops: 0,
	watched: 0,
	errors: [],
};
let stopping = false;
const games = []; // {id, acked: [], status}
const watches = []; // {id, moves, ended, errors}
const clients = [];

function error(what) {
	stats.errors.push(`[${elapsed()} s] ${what}`);
	verbose(`error: ${what}`);
}

async function startInstance(name, port = 0) {
	for (let tries = 0; ; tries++) {
		try {
			const server = await startServer({ bin: o.bin, db, dir, port, args: serveArgs, workers: 1 });
			return { name, server, port: server.port };
		} catch (e) {
			if (tries >= 20) throw e;
			await sleep(250); // the port may still be held a moment after a kill
		}
	}
}

function client() {
	const c = new Client(base);
	clients.push(c);
	return c;
}

// A request whose failure an instance's death explains (no answer, or the proxy's 502/503/504): null.
async function tryReq(c, method, p, body) {
	try {
		const a = await c.request(method, p, { body, timeoutMs: 30000 });
		if (a.status >= 502 && a.status <= 504) return null;
		return a;
	} catch {
		return null;
	}
}

// GET until it answers (an instance restarting takes a moment); null after a minute.
async function read(c, p) {
	for (let t = 0; t < 600; t++) {
		const a = await tryReq(c, 'GET', p);
		if (a && a.status === 200) return a.json;
		if (a) {
			error(`GET ${p}: ${a.status} ${a.text.slice(0, 160)}`);
			return null;
		}
		await sleep(100);
	}
	error(`GET ${p}: no answer for a minute`);
	return null;
}

// A pair of players: challenges, acceptances, random legal moves, resignations, and again.
async function pair(k, tag) {
	const a = client(),
		b = client();
	const na = `s${k}a_${tag}`,
		nb = `s${k}b_${tag}`;
	for (const [c, n] of [
		[a, na],
		[b, nb],
	])
		for (;;) {
			const r = await tryReq(c, 'POST', '/api/signup', { name: n, password: 'password-soak' });
			if (r && r.status === 201) break;
			if (r && r.status === 409) {
				// taken: our own sign-up whose answer was lost; log in instead
				const l = await tryReq(c, 'POST', '/api/login', { name: n, password: 'password-soak' });
				if (l && l.status === 200) break;
			} else if (r) throw new Error(`signup ${n}: ${r.status} ${r.text}`);
			await sleep(200);
		}
	while (!stopping) {
		const g = await newGame(a, b, na, nb);
		if (!g) continue;
		await playGame(g, {
			[g.state.you === 'black' ? 'black' : 'white']: b,
			[g.state.you === 'black' ? 'white' : 'black']: a,
		});
	}
}

// A challenge from a to b, accepted: {id, state, acked}; waiting challenges left by lost answers are
// accepted first (a create whose answer was lost may have made one).
async function newGame(a, b, na, nb) {
	let id = null;
	const lobby = await read(b, '/api/games?status=waiting');
	if (!lobby) return null;
	const left = lobby.games.filter((x) => x.creator === na && x.challenged === nb && x.status === 'waiting');
	if (left.length) id = left[0].id;
	else {
		const r = await tryReq(a, 'POST', '/api/games', {
			opponent: nb,
			color: rand() < 0.5 ? 'black' : 'white',
		});
		if (!r) return null; // read the lobby again
		if (r.status !== 201) {
			error(`create: ${r.status} ${r.text.slice(0, 160)}`);
			await sleep(1000);
			return null;
		}
		id = r.json.id;
	}
	const r = await tryReq(b, 'POST', `/api/games/${id}/accept`);
	let state = r && r.status === 200 ? r.json : null;
	if (!state) {
		if (r && r.status !== 409) error(`accept: ${r.status} ${r.text.slice(0, 160)}`);
		state = await read(b, `/api/games/${id}`);
		if (!state || state.status !== 'playing') return null;
	}
	const g = { id, state, acked: [], status: 'playing' };
	games.push(g);
	stats.games++;
	return g;
}

async function playGame(g, players) {
	while (g.state.status === 'playing') {
		if (stopping) return;
		const st = g.state;
		const c = players[st.side];
		const resign = rand() < 1 / 150;
		const move = rand.pick(st.legal);
		const r = resign
			? await tryReq(c, 'POST', `/api/games/${g.id}/resign`)
			: await tryReq(c, 'POST', `/api/games/${g.id}/moves`, { move, ply: st.ply });
		if (r && r.status === 200) {
			if (!resign) {
				g.acked.push(move);
				stats.moves++;
			}
			g.state = r.json;
		} else {
			// The answer was lost (or refused): the store says whether it happened.
			if (r)
				error(
					`${resign ? 'resign' : `move ${move}`} at ply ${st.ply}: ${r.status} ${r.text.slice(0, 160)}`,
				);
			else stats.lost++;
			const now = await read(c, `/api/games/${g.id}`);
			if (!now) return;
			if (!resign && now.ply === g.acked.length + 1 && now.moves[g.acked.length] === move) {
				g.acked.push(move);
				stats.moves++;
			} else if (now.ply !== g.acked.length) {
				error(`game ${g.id}: stored ply ${now.ply}, acknowledged ${g.acked.length}`);
				g.acked = now.moves.slice();
			}
			g.state = now;
		}
		if (g.state.status !== 'playing') {
			g.status = g.state.status;
			stats.ended++;
			if (g.state.ending === 'resignation') stats.resigned++;
		}
		if (moveMs) await sleep(rand.int(2 * moveMs));
	}
}

// A spectator: watches a game in play through its end, dropping its connection now and then.
async function spectator() {
	const c = client();
	while (!stopping) {
		const live = games.filter((g) => g.status === 'playing');
		if (!live.length) {
			await sleep(200);
			continue;
		}
		const g = rand.pick(live);
		const s = new FollowedStream(c, g.id);
		const w = { id: g.id, s };
		watches.push(w);
		stats.watched++;
		while (!stopping && !s.ended) {
			await sleep(1000 + rand.int(9000));
			if (!stopping && !s.ended && rand() < 0.5) {
				s.drop();
				stats.drops++;
			}
		}
		if (!stopping) await s.done;
	}
}

// Kills one instance every killEvery seconds (in turn) and restarts it at once on its address.
async function killer() {
	let next = Date.now() + killEvery * 1000;
	while (!stopping) {
		await sleep(Math.min(500, Math.max(0, next - Date.now())));
		if (stopping || Date.now() < next) continue;
		next += killEvery * 1000;
		const i = stats.kills % inst.length;
		const old = inst[i];
		await old.server.kill9();
		stats.kills++;
		inst[i] = await startInstance(old.name, old.port);
		verbose(`killed and restarted ${old.name} (kill ${stats.kills}); ${stats.moves} moves so far`);
	}
}

function report(name, why) {
	console.log(why ? `FAIL ${name}: ${why}` : `PASS ${name}`);
	if (why) process.exitCode = 1;
}

async function main() {
	if (!sqlite) {
		if (!haproxyBin()) {
			console.log(`SKIP ${ids}.1: haproxy is not installed (scripts/deps.sh installs it)`);
			return;
		}
		if (!db) {
			pgDir = tempDir('gyoku-soak-pg-'); // of its own: as root, pg.sh gives it to the postgres user
			const r = spawnSync('tests/server/pg.sh', ['start', pgDir], { encoding: 'utf8' });
			if (r.status !== 0) {
				console.log(
					`SKIP ${ids}.1: no PostgreSQL (${(r.stderr || '').trim().split('\n').pop()})`,
				);
				return;
			}
			db = r.stdout.trim();
		}
		if (!/^postgres(ql)?:/.test(db))
			throw new Error(`--db must be a postgresql:// URL (SOAK_STORE=sqlite for SQLite)`);
		inst.push(...(await Promise.all([startInstance('gyoku1'), startInstance('gyoku2')])));
		proxy = await startHaproxy({
			servers: inst.map((i) => ({ name: i.name, addr: `127.0.0.1:${i.port}` })),
			dir,
		});
		base = proxy.base;
	} else {
		db = db || path.join(dir, 'soak.db');
		inst.push(await startInstance('gyoku1'));
		base = inst[0].server.base;
	}
	const what = sqlite ? '1 instance on SQLite' : `${inst.length} instances on PostgreSQL behind haproxy`;
	console.error(
		`soak: ${seconds} s, ${what}, ${pairs} pairs of players, ${watchers} spectators, a kill every ${killEvery} s (seed ${seed})`,
	);
	const tag = Math.random().toString(36).slice(2, 7);
	const tasks = [];
	for (let k = 0; k < pairs; k++) tasks.push(pair(k, tag));
	for (let k = 0; k < watchers; k++) tasks.push(spectator());
	tasks.push(killer());
	const progress = setInterval(
		() =>
			console.error(
				`soak: ${elapsed()} s: ${stats.games} games, ${stats.moves} moves, ${stats.kills} kills, ${stats.errors.length} errors`,
			),
		60000,
	);
	await sleep(seconds * 1000);
	stopping = true;
	clearInterval(progress);
	await Promise.all(tasks);
	const played = (Date.now() - t0) / 1000;

	// The spectators catch up with the last moves, then stop.
	for (const w of watches) {
		const g = games.find((x) => x.id === w.id);
		await w.s.waitFor(g.acked.length, 15000);
		await w.s.stop();
		stats.reconnects += w.s.reconnects;
	}

	// N.1: the store holds every acknowledged move.  N.2: each game's KIF export replays legal.
	const c = client();
	const missing = [],
		illegal = [];
	const rec = path.join(dir, 'game.kif');
	for (const g of games) {
		const st = await read(c, `/api/games/${g.id}`);
		if (!st) {
			missing.push(`${g.id}: unreadable`);
			continue;
		}
		if (JSON.stringify(st.moves) !== JSON.stringify(g.acked))
			missing.push(`${g.id}: stored ${st.moves.length} moves, acknowledged ${g.acked.length}`);
		const kif = await tryReq(c, 'GET', `/api/games/${g.id}/export?format=kif`);
		if (!kif || kif.status !== 200) {
			illegal.push(`${g.id}: export ${kif ? kif.status : 'failed'}`);
			continue;
		}
		fs.writeFileSync(rec, kif.raw);
		const r = spawnSync(o.bin, ['convert', rec, '--to', 'usi'], { encoding: 'utf8' });
		const usi = (r.stdout || '').trim();
		const want = `position startpos${st.moves.length ? ` moves ${st.moves.join(' ')}` : ''}`;
		if (r.status !== 0) illegal.push(`${g.id}: ${(r.stderr || '').trim().slice(0, 200)}`);
		else if (usi !== want)
			illegal.push(
				`${g.id}: the record gives ${usi.slice(0, 80)}..., the store ${want.slice(0, 80)}...`,
			);
	}
	report(
		`${ids}.1`,
		missing.length ? `${missing.length} of ${games.length} games: ${missing.slice(0, 3).join('; ')}` : null,
	);
	report(
		`${ids}.2`,
		illegal.length ? `${illegal.length} of ${games.length} games: ${illegal.slice(0, 3).join('; ')}` : null,
	);

	// N.3: the spectators saw every move of the games they watched.
	const unseen = [];
	for (const w of watches) {
		const g = games.find((x) => x.id === w.id);
		if (w.s.errors.length) unseen.push(`${w.id}: ${w.s.errors.slice(0, 2).join('; ')}`);
		else if (JSON.stringify(w.s.moves) !== JSON.stringify(g.acked))
			unseen.push(`${w.id}: saw ${w.s.moves.length} moves of ${g.acked.length}`);
		else if (g.status !== 'playing' && !w.s.ended)
			unseen.push(`${w.id}: the game ended (${g.status}), the stream did not say so`);
	}
	report(
		`${ids}.3`,
		unseen.length
			? `${unseen.length} of ${watches.length} watched games: ${unseen.slice(0, 3).join('; ')}`
			: null,
	);

	// N.4: no unexplained failure; the kills happened; the instances stop cleanly.
	for (const x of clients) x.close();
	const exits = await Promise.all(inst.map((i) => i.server.stop()));
	if (proxy) await proxy.stop();
	const wantKills = Math.max(0, Math.ceil(seconds / killEvery) - 1);
	let why = null;
	if (stats.errors.length) why = `${stats.errors.length} errors: ${stats.errors.slice(0, 3).join('; ')}`;
	else if (stats.kills < wantKills) why = `${stats.kills} kills, ${wantKills} planned`;
	else if (!exits.every((e) => e.code === 0))
		why = `exit statuses ${exits.map((e) => e.code ?? e.signal).join(', ')}`;
	else if (!stats.moves) why = 'no move was made';
	report(`${ids}.4`, why);

	console.log(
		`soak: ${played.toFixed(0)} s, ${what}: ${stats.games} games (${stats.ended} ended, ${stats.resigned} by resignation), ` +
			`${stats.moves} moves (${(stats.moves / played).toFixed(1)}/s), ${stats.kills} kills, ${stats.lost} answers lost and read back, ` +
			`${watches.length} games watched, ${stats.reconnects} stream reconnections (${stats.drops} by the client), ` +
			`${stats.errors.length} errors (seed ${seed})`,
	);
	if (process.exitCode && proxy)
		console.log(`haproxy's log: ${proxy.log().trim().split('\n').slice(-3).join(' | ')}`);
}

// Interrupted (Ctrl-C in `make soak`): the servers, haproxy and PostgreSQL go too.
for (const sig of ['SIGINT', 'SIGTERM'])
	process.on(sig, () => {
		for (const i of inst) i.server.proc.kill('SIGKILL');
		if (proxy) proxy.proc.kill('SIGKILL');
		if (pgDir) spawnSync('tests/server/pg.sh', ['stop', pgDir]);
		fs.rmSync(dir, { recursive: true, force: true });
		process.exit(130);
	});

main()
	.catch(async (e) => {
		console.log(`FAIL ${ids}.0: ${e.stack} (seed ${seed})`);
		process.exitCode = 1;
		for (const i of inst) await i.server.kill9();
		if (proxy) await proxy.stop();
	})
	.finally(() => {
		if (pgDir) spawnSync('tests/server/pg.sh', ['stop', pgDir]);
		fs.rmSync(dir, { recursive: true, force: true });
	});
