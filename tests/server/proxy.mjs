#!/usr/bin/env node
// tests/server/proxy.mjs: the deployment of docs/deploy.md: two `gyoku serve` instances on one
// PostgreSQL database behind haproxy (tests/server/haproxy.cfg.in, the documented configuration),
// balancing round-robin with no stickiness, the instances started with
// `--trust-proxy X-Forwarded-For` (haproxy sets that header to the client's address).
//
//   [VERBOSE=1] node tests/server/proxy.mjs --db postgresql://... [--bin bin/gyoku] [--seed N]
//
// Cases server-95.N (SKIP without a PostgreSQL URL or without haproxy):
//   95.1  requests through the proxy reach both instances
//   95.2  the lobby read through the proxy (from both instances) lists a seek made through it; a
//         game made through the proxy is played through it, its moves landing on both instances,
//         and the stored game has every acknowledged move
//   95.3  a spectator's and both players' event streams, opened through the proxy, see every move
//         once, in order, while the moves land on both instances
//   95.4  kill -9 of the instance holding the spectator's stream while the game goes on: the stream
//         reconnects through the proxy with Last-Event-ID to the other instance and sees every
//         move, none lost and none twice; the players' moves go on through the proxy
//   95.5  the killed instance restarted on its address: the proxy sends requests to it again, and
//         a stream on it sees the moves made on the other
//   95.6  the instances see the client's address from the proxy's X-Forwarded-For: failed logins
//         of one name from 127.0.0.2 are limited (429), while the same name from 127.0.0.3 logs in
//   95.7  a client's own X-Forwarded-For is replaced by the proxy: forging another address on each
//         try does not escape the limit
//   95.8  sent to an instance directly (not from a --proxy-addr address), X-Forwarded-For is
//         ignored: the limit counts the connection's address
//   95.9  the instances stop cleanly (exit 0 on SIGTERM), and haproxy
//   95.10 a stream reconnecting with Last-Event-ID N to an instance that has not yet heard of
//         move N (made on the other one a moment before) does not get move N again

import {
	Client,
	EventStream,
	FollowedStream,
	haproxyBin,
	options,
	rng,
	sleep,
	startHaproxy,
	startServer,
	tempDir,
} from './lib.mjs';
import fs from 'node:fs';

const o = options({ bin: 'bin/gyoku', db: '', seed: String(Date.now() % 1000000), scale: '1' });
const scale = parseFloat(o.scale);
const rand = rng(parseInt(o.seed, 10));
const dir = tempDir('gyoku-proxy-');
const inst = []; // {name, server, port}
let proxy = null;
const closers = [];
let failed = false;
const verbose = process.env.VERBOSE ? (...a) => console.error(...a) : () => {};

function report(name, why) {
	console.log(why ? `FAIL ${name}: ${why}` : `PASS ${name}`);
	if (why) failed = true;
}

const serveArgs = ['--trust-proxy', 'X-Forwarded-For'];

async function startInstance(name, port = 0) {
	for (let tries = 0; port && tries < 20; tries++) {
		// the killed instance's port may be held a moment after the kill
		try {
			const server = await startServer({
				bin: o.bin,
				db: o.db,
				dir,
				port,
				args: serveArgs,
				timeoutMs: 30000 * scale,
			});
			return { name, server, port: server.port };
		} catch {
			await sleep(250);
		}
	}
	const server = await startServer({
		bin: o.bin,
		db: o.db,
		dir,
		port,
		args: serveArgs,
		timeoutMs: 30000 * scale,
	});
	return { name, server, port: server.port };
}

function client(opts) {
	const c = new Client(proxy.base, opts);
	closers.push(c);
	return c;
}

// A move through the proxy; null when the connection failed or an instance died under it (a 502).
async function tryMove(c, id, move, ply) {
	try {
		const a = await c.post(`/api/games/${id}/moves`, { move, ply }, { timeoutMs: 20000 * scale });
		return a;
	} catch {
		return null;
	}
}

// Plays `n` random legal moves in game `g` ({id, state, acked, instances}) through the proxy: a move
// whose answer was lost (its instance killed) is read back from the store (it is there or not).
async function play(g, players, n, between = 0) {
	for (let i = 0; i < n && g.state.status === 'playing'; i++) {
		const st = g.state;
		const c = st.side === 'black' ? players.black : players.white;
		const move = rand.pick(st.legal);
		const a = await tryMove(c, g.id, move, st.ply);
		if (a && a.status === 200) {
			g.acked.push(move);
			g.state = a.json;
			g.instances.add(a.headers['x-gyoku-instance']);
		} else if (!a || a.status >= 500) {
			g.lost++;
			for (let t = 0; ; t++) {
				const r = await c.get(`/api/games/${g.id}`).catch(() => null);
				if (r && r.status === 200) {
					if (r.json.ply === g.acked.length + 1 && r.json.moves[g.acked.length] === move)
						g.acked.push(move);
					else if (r.json.ply !== g.acked.length)
						throw new Error(
							`after a lost answer: stored ply ${r.json.ply}, acknowledged ${g.acked.length}`,
						);
					g.state = r.json;
					break;
				}
				if (t > 100) throw new Error(`the game cannot be read after a lost answer`);
				await sleep(100);
			}
		} else throw new Error(`move ${move} at ply ${st.ply}: ${a.status} ${a.text.slice(0, 200)}`);
		if (between) await sleep(between);
	}
}

// A stream's moves against the acknowledged ones: null when they agree.
function compare(label, fs_, acked) {
	if (fs_.errors.length) return `${label}: ${fs_.errors.slice(0, 3).join('; ')}`;
	if (JSON.stringify(fs_.moves) !== JSON.stringify(acked))
		return `${label}: saw ${fs_.moves.length} moves, ${acked.length} acknowledged (first difference at ply ${
			fs_.moves.findIndex((m, i) => m !== acked[i]) + 1
		})`;
	return null;
}

// Failed logins of `name` by client `c` (extra headers per try from `headers(i)`) until a 429: the
// number of tries it took, or 0 when `max` tries were all refused as wrong (401).
async function failUntilLimited(c, name, max, headers = () => ({})) {
	for (let i = 1; i <= max; i++) {
		const a = await c.post('/api/login', { name, password: 'wrong-password' }, { headers: headers(i) });
		if (a.status === 429) return i;
		if (a.status !== 401) throw new Error(`failed login ${i}: ${a.status} ${a.text.slice(0, 200)}`);
	}
	return 0;
}

async function main() {
	if (!/^postgres(ql)?:/.test(o.db)) {
		console.log('SKIP server-95.1: several instances behind a proxy need --db postgresql://...');
		return;
	}
	if (!haproxyBin()) {
		console.log('SKIP server-95.1: haproxy is not installed (scripts/deps.sh installs it)');
		return;
	}
	inst.push(...(await Promise.all([startInstance('gyoku1'), startInstance('gyoku2')])));
	proxy = await startHaproxy({
		servers: inst.map((i) => ({ name: i.name, addr: `127.0.0.1:${i.port}` })),
		dir,
		timeoutMs: 30000 * scale,
	});
	verbose(`haproxy on ${proxy.port}, instances ${inst.map((i) => `${i.name}:${i.port}`).join(' ')}`);

	// 95.1: both instances answer through the proxy.
	{
		const c = client();
		const seen = new Set();
		for (let i = 0; i < 8; i++) {
			const a = await c.get('/api/health');
			if (a.status === 200 && a.json && a.json.store === 'postgresql')
				seen.add(a.headers['x-gyoku-instance']);
		}
		report(
			'server-95.1',
			seen.size === 2 ? null : `8 requests reached ${[...seen].join(', ') || 'nothing'}`,
		);
	}

	const tag = Math.random().toString(36).slice(2, 8);
	const alice = client(),
		bob = client(),
		carol = client();
	for (const [c, n] of [
		[alice, `pa_${tag}`],
		[bob, `pb_${tag}`],
		[carol, `pc_${tag}`],
	]) {
		const a = await c.post('/api/signup', { name: n, password: 'password-px' });
		if (a.status !== 201) throw new Error(`signup ${n}: ${a.status} ${a.text}`);
	}

	// 95.2: the lobby from both instances; a game made through one instance and played through both.
	const g = { id: null, state: null, acked: [], instances: new Set(), lost: 0 };
	{
		let why = null;
		const seek = await alice.post('/api/games', { opponent: 'open', color: 'black' });
		if (seek.status !== 201) throw new Error(`seek: ${seek.status} ${seek.text}`);
		const lobbies = new Set();
		for (let i = 0; i < 6 && !why; i++) {
			const l = await bob.get('/api/games?status=waiting');
			lobbies.add(l.headers['x-gyoku-instance']);
			if (l.status !== 200 || !l.json.games.some((x) => x.id === seek.json.id))
				why = `the lobby from ${l.headers['x-gyoku-instance']} lacks the seek: ${l.status} ${l.text.slice(0, 200)}`;
		}
		if (!why && lobbies.size !== 2) why = `the lobby was read from ${[...lobbies].join(', ')} only`;
		const made = seek.headers['x-gyoku-instance'];
		const acc = await bob.post(`/api/games/${seek.json.id}/accept`);
		if (acc.status !== 200) throw new Error(`accept: ${acc.status} ${acc.text}`);
		g.id = seek.json.id;
		g.state = acc.json;
		await play(g, { black: alice, white: bob }, 12);
		const st = await carol.get(`/api/games/${g.id}`);
		if (!why && g.instances.size !== 2) why = `12 moves landed on ${[...g.instances].join(', ')} only`;
		if (!why && JSON.stringify(st.json.moves) !== JSON.stringify(g.acked))
			why = `stored ${st.json.moves.length} moves, acknowledged ${g.acked.length}`;
		verbose(`seek made on ${made}, accepted on ${acc.headers['x-gyoku-instance']}`);
		report('server-95.2', why);
	}

	// 95.3: three streams through the proxy while the moves land on both instances.
	const spect = new FollowedStream(carol, g.id);
	const pstreams = [new FollowedStream(alice, g.id), new FollowedStream(bob, g.id)];
	closers.push({ close: () => spect.stop() }, ...pstreams.map((s) => ({ close: () => s.stop() })));
	{
		g.instances.clear();
		await play(g, { black: alice, white: bob }, 16, 20);
		const n = g.acked.length;
		await Promise.all([spect, ...pstreams].map((s) => s.waitFor(n, 10000 * scale)));
		let why =
			compare('the spectator', spect, g.acked) ||
			compare("black's stream", pstreams[0], g.acked) ||
			compare("white's stream", pstreams[1], g.acked);
		if (!why && g.instances.size !== 2) why = `the moves landed on ${[...g.instances].join(', ')} only`;
		if (!why && g.state.status !== 'playing') why = `the game ended (${g.state.ending}): run again`;
		report('server-95.3', why);
	}

	// 95.4: kill -9 the instance holding the spectator's stream while the players go on moving.
	let killed = null;
	{
		const holder = spect.instances[spect.instances.length - 1];
		killed = inst.find((i) => i.name === holder);
		let why = killed ? null : `the stream's instance is unknown ("${holder}")`;
		if (killed) {
			const opens = spect.opens;
			const before = g.acked.length;
			const playing = play(g, { black: alice, white: bob }, 30, 30);
			await sleep(150);
			await killed.server.kill9();
			await playing;
			const n = g.acked.length;
			await spect.waitFor(n, 15000 * scale);
			await Promise.all(pstreams.map((s) => s.waitFor(n, 5000 * scale)));
			why =
				compare('the spectator', spect, g.acked) ||
				compare("black's stream", pstreams[0], g.acked) ||
				compare("white's stream", pstreams[1], g.acked);
			const now = spect.instances[spect.instances.length - 1];
			if (!why && spect.opens <= opens) why = 'the stream was not opened again';
			else if (!why && now === killed.name)
				why = `the stream came back on the killed instance ${now}`;
			else if (!why && n - before < 20) why = `only ${n - before} of 30 moves were made meanwhile`;
			verbose(
				`killed ${killed.name}; ${n - before} moves meanwhile (${g.lost} answers lost); the stream reopened ${
					spect.opens - opens
				} times, now on ${now}`,
			);
		}
		report('server-95.4', why);
	}

	// 95.5: the killed instance, restarted on its address, is sent requests again.
	{
		let why = null;
		const again = await startInstance(killed.name, killed.port);
		inst[inst.indexOf(killed)] = again;
		const c = client();
		const seen = new Set();
		for (let i = 0; i < 100 * scale && !seen.has(killed.name); i++) {
			const a = await c.get('/api/health').catch(() => null);
			if (a && a.status === 200) seen.add(a.headers['x-gyoku-instance']);
			await sleep(100);
		}
		if (!seen.has(killed.name)) why = `no request reached ${killed.name} within 10 s of its restart`;
		else {
			// A stream on the restarted instance (directly) gets the moves made through the proxy.
			const d = new Client(again.server.base);
			d.cookies = new Map(carol.cookies);
			closers.push(d);
			const s = await EventStream.open(d, `/api/games/${g.id}/events`, {
				'Last-Event-ID': String(g.acked.length),
			});
			closers.push(s);
			const from = g.acked.length;
			await play(g, { black: alice, white: bob }, 4);
			const got = [];
			for (;;) {
				const e = await s.next(5000 * scale);
				if (!e) break;
				if (e.event === 'move') got.push(e.json.move);
				if (got.length >= g.acked.length - from) break;
			}
			s.close();
			if (JSON.stringify(got) !== JSON.stringify(g.acked.slice(from)))
				why = `the restarted instance's stream saw ${JSON.stringify(got)}, the moves were ${JSON.stringify(g.acked.slice(from))}`;
		}
		report('server-95.5', why);
	}
	await spect.stop();
	for (const s of pstreams) await s.stop();

	// 95.6: the limit of failed logins counts the address haproxy forwards.
	{
		let why = null;
		const x = client({ localAddress: '127.0.0.2' }),
			y = client({ localAddress: '127.0.0.3' });
		const tries = await failUntilLimited(x, `pa_${tag}`, 16);
		if (!tries) why = '16 failed logins from 127.0.0.2 through the proxy were never limited';
		else {
			const a = await y.post('/api/login', { name: `pa_${tag}`, password: 'password-px' });
			if (a.status !== 200)
				why = `after ${tries} failures from 127.0.0.2, the right password from 127.0.0.3: ${a.status} ${a.text.slice(0, 160)}`;
		}
		report('server-95.6', why);
	}

	// 95.7: a forged X-Forwarded-For through the proxy is replaced by the connection's address.
	{
		let why = null;
		const x = client({ localAddress: '127.0.0.4' });
		const tries = await failUntilLimited(x, `pb_${tag}`, 16, (i) => ({ 'X-Forwarded-For': `10.7.0.${i}` }));
		if (!tries)
			why =
				'16 failed logins from 127.0.0.4, each forging another X-Forwarded-For, were never limited';
		report('server-95.7', why);
	}

	// 95.8: directly to an instance, from an address that is not a proxy's, the header is ignored.
	{
		let why = null;
		const x = new Client(inst[0].server.base, { localAddress: '127.0.0.5' });
		closers.push(x);
		const tries = await failUntilLimited(x, `pc_${tag}`, 8, (i) => ({ 'X-Forwarded-For': `10.8.0.${i}` }));
		if (!tries)
			why =
				'8 failed logins from 127.0.0.5, each forging another X-Forwarded-For, were never limited';
		else if (tries > 6) why = `limited only after ${tries} tries (5 failures allowed)`;
		report('server-95.8', why);
	}

	// 95.10: move N on one instance, then at once a stream on the other with Last-Event-ID N, while
	// that instance already follows the game (an open stream) but may not have heard of move N yet.
	{
		let why = null;
		const [A, B] = inst.map((i) => {
			const cs = [new Client(i.server.base), new Client(i.server.base)];
			cs[0].cookies = new Map(alice.cookies);
			cs[1].cookies = new Map(bob.cookies);
			closers.push(...cs);
			return { black: cs[0], white: cs[1], base: i.server.base };
		});
		const keep = await EventStream.open(B.black, `/api/games/${g.id}/events`, {
			'Last-Event-ID': String(g.acked.length),
		});
		closers.push(keep);
		let twice = 0,
			tries = 0;
		for (; tries < 30 && g.state.status === 'playing' && !why; tries++) {
			const st = g.state;
			const move = rand.pick(st.legal);
			const a = await A[st.side].post(`/api/games/${g.id}/moves`, { move, ply: st.ply });
			if (a.status !== 200) {
				why = `move on ${inst[0].name}: ${a.status} ${a.text.slice(0, 160)}`;
				break;
			}
			g.acked.push(move);
			g.state = a.json;
			const n = g.acked.length;
			const s = await EventStream.open(B.white, `/api/games/${g.id}/events`, {
				'Last-Event-ID': String(n),
			});
			const e = await s.next(300);
			if (e && e.event === 'move' && parseInt(e.id, 10) <= n) twice++;
			s.close();
		}
		keep.close();
		if (!why && twice) why = `${twice} of ${tries} reconnections with Last-Event-ID N got move N again`;
		report('server-95.10', why);
	}

	for (const c of closers) c.close();
	const exits = await Promise.all(inst.map((i) => i.server.stop()));
	await proxy.stop();
	report(
		'server-95.9',
		exits.every((e) => e.code === 0)
			? null
			: `exit statuses ${exits.map((e) => e.code ?? e.signal).join(', ')}`,
	);
	if (failed)
		console.log(`(seed ${o.seed}; haproxy's log: ${proxy.log().trim().split('\n').slice(-3).join(' | ')})`);
	fs.rmSync(dir, { recursive: true, force: true });
}

main().catch(async (e) => {
	console.log(`FAIL server-95.0: ${e.stack} (seed ${o.seed})`);
	process.exitCode = 1;
	for (const c of closers) c.close();
	for (const i of inst) await i.server.kill9();
	if (proxy) await proxy.stop();
	fs.rmSync(dir, { recursive: true, force: true });
});
