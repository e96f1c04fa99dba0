#!/usr/bin/env node
// tests/server/twoinst.mjs: two server instances on one PostgreSQL database (docs/server.md
// "Storage": every write that accepts a move is a conditional update, so two requests or two
// instances never both accept a move for the same ply; instances tell each other of new moves
// with NOTIFY and wake their event streams).
//
//   [VERBOSE=1] node tests/server/twoinst.mjs --db postgresql://... [--bin bin/gyoku] [--races 50] [--seed N]
//
// Cases server-92.N:
//   92.1  a move made on instance A arrives on an event stream opened on instance B, and back
//   92.2  a status change (a challenge accepted on A) arrives on B's stream
//   92.3  the same move POSTed to A and B at the same instant, many times: exactly one 200 and
//         one 409 each time
//   92.4  the stored game (read from both instances) has each acknowledged move once, in order
//   92.5  a game against the computer created on A and moved on B is answered
//   92.6  both instances stop cleanly

import { Client, EventStream, options, rng, sleep, startServer } from './lib.mjs';

const o = options({ bin: 'bin/gyoku', db: '', races: '50', seed: String(Date.now() % 1000000), scale: '1' });
const scale = parseFloat(o.scale);
const rand = rng(parseInt(o.seed, 10));
let A = null,
	B = null;
const closers = [];
let failed = false;

// The next event of stream `s` of type `type` (others skipped: a status event repeating the
// current state may come when another instance's notice of an earlier change arrives).
async function nextOf(s, type, ms) {
	const until = Date.now() + ms;
	for (;;) {
		const e = await s.next(Math.max(0, until - Date.now()));
		if (!e || e.event === type) return e;
	}
}

function report(name, why) {
	console.log(why ? `FAIL ${name}: ${why}` : `PASS ${name}`);
	if (why) failed = true;
}

// A client of instance `srv` that shares the session cookie of `c` (sessions live in the database).
function twin(c, srv) {
	const t = new Client(srv.base);
	t.cookies = new Map(c.cookies);
	closers.push(t);
	return t;
}

async function main() {
	if (!/^postgres(ql)?:/.test(o.db)) {
		console.log('SKIP server-92.1: two instances need --db postgresql://...');
		return;
	}
	[A, B] = await Promise.all([
		startServer({ bin: o.bin, db: o.db, timeoutMs: 30000 * scale }),
		startServer({ bin: o.bin, db: o.db, timeoutMs: 30000 * scale }),
	]);
	const tag = Math.random().toString(36).slice(2, 8);
	const aliceA = new Client(A.base),
		bobA = new Client(A.base);
	closers.push(aliceA, bobA);
	for (const [c, n] of [
		[aliceA, `ta_${tag}`],
		[bobA, `tb_${tag}`],
	]) {
		const a = await c.post('/api/signup', { name: n, password: 'password-2i' });
		if (a.status !== 201) throw new Error(`signup ${n}: ${a.status} ${a.text}`);
	}
	const aliceB = twin(aliceA, B),
		bobB = twin(bobA, B);
	const me = await aliceB.get('/api/me');
	if (me.status !== 200) throw new Error(`the session made on A is unknown to B: ${me.status}`);

	async function newGame() {
		const a = await aliceA.post('/api/games', { opponent: `tb_${tag}`, color: 'black', time: '1h' });
		if (a.status !== 201) throw new Error(`create: ${a.status} ${a.text}`);
		const b = await bobB.post(`/api/games/${a.json.id}/accept`);
		if (b.status !== 200) throw new Error(`accept on B: ${b.status} ${b.text}`);
		return { id: a.json.id, state: b.json, acked: [] };
	}

	// 92.1: moves cross from A to B's stream and from B to A's.
	{
		const g = await newGame();
		const onB = await EventStream.open(twin(bobA, B), `/api/games/${g.id}/events`);
		const onA = await EventStream.open(twin(bobA, A), `/api/games/${g.id}/events`);
		closers.push(onB, onA);
		await sleep(100);
		let why = null;
		const m1 = await aliceA.post(`/api/games/${g.id}/moves`, { move: '7g7f', ply: 0 });
		const e1 = await nextOf(onB, 'move', 5000 * scale);
		if (m1.status !== 200) why = `move on A: ${m1.status}`;
		else if (!e1 || e1.event !== 'move' || e1.id !== '1' || !e1.json || e1.json.move !== '7g7f')
			why = `B's stream: ${e1 ? `${e1.event} ${e1.id} ${e1.data}` : 'nothing within 5 s'}`;
		if (!why) {
			const m2 = await bobB.post(`/api/games/${g.id}/moves`, { move: '3c3d', ply: 1 });
			let e2 = await nextOf(onA, 'move', 5000 * scale);
			if (e2 && e2.id === '1') e2 = await nextOf(onA, 'move', 5000 * scale);
			if (m2.status !== 200) why = `move on B: ${m2.status}`;
			else if (!e2 || e2.id !== '2' || !e2.json || e2.json.move !== '3c3d')
				why = `A's stream: ${e2 ? `${e2.event} ${e2.id} ${e2.data}` : 'nothing within 5 s'}`;
		}
		onA.close();
		onB.close();
		report('server-92.1', why);
	}

	// 92.2: a challenge accepted on A: B's stream of it gets the status event.
	{
		const a = await aliceA.post('/api/games', { opponent: `tb_${tag}`, color: 'black' });
		const s = await EventStream.open(twin(aliceA, B), `/api/games/${a.json.id}/events`);
		closers.push(s);
		await sleep(100);
		const acc = await bobA.post(`/api/games/${a.json.id}/accept`);
		let e;
		do e = await nextOf(s, 'status', 5000 * scale);
		while (e && e.json && e.json.status === 'waiting');
		s.close();
		report(
			'server-92.2',
			acc.status === 200 && e && e.event === 'status' && e.json && e.json.status === 'playing'
				? null
				: `accept ${acc.status}; B's stream: ${e ? `${e.event} ${e.data}` : 'nothing within 5 s'}`,
		);
	}

	// 92.3: races.  Each time the side to move sends one legal move to both instances at once.
	const races = parseInt(o.races, 10);
	const games = [];
	let g = await newGame();
	games.push(g);
	const bad = [];
	let conflicts = 0,
		turns = 0,
		stale = 0;
	for (let r = 0; r < races; r++) {
		const st = g.state;
		const [onA, onB] = st.side === 'black' ? [aliceA, aliceB] : [bobA, bobB];
		const move = rand.pick(st.legal);
		const body = r % 2 ? { move, ply: st.ply } : { move };
		const [x, y] = await Promise.all([
			onA.post(`/api/games/${g.id}/moves`, body),
			onB.post(`/api/games/${g.id}/moves`, body),
		]);
		const statuses = [x.status, y.status].sort().join(' ');
		if (statuses !== '200 409') {
			bad.push(
				`race ${r + 1} (${move} at ply ${st.ply}): ${x.status} on A, ${y.status} on B: ${(x.status === 200 ? y : x).text.slice(0, 120)}`,
			);
			const ok = x.status === 200 ? x : y.status === 200 ? y : null;
			if (ok) {
				g.acked.push(move);
				g.state = ok.json;
			}
			if (x.status === 200 && y.status === 200) g.acked.push(move);
		} else {
			const win = x.status === 200 ? x : y,
				lose = x.status === 200 ? y : x;
			const msg = lose.json ? lose.json.error : '';
			if (/changed meanwhile/.test(msg)) conflicts++;
			else if (/not your turn/.test(msg)) turns++;
			else stale++;
			g.acked.push(move);
			g.state = win.json;
		}
		if (g.state.status !== 'playing') {
			g = await newGame();
			games.push(g);
		}
	}
	report(
		'server-92.3',
		bad.length
			? `${bad.length} of ${races} races without exactly one 200 and one 409: ${bad.slice(0, 3).join('; ')}`
			: null,
	);
	if (process.env.VERBOSE)
		console.error(
			`${races} races in ${games.length} games: the loser saw ${conflicts} conflicts, ${turns} not-your-turn, ${stale} other 409s`,
		);

	// 92.4: the stored games, read on both instances, hold each acknowledged move once, in order.
	{
		const wrong = [];
		for (const gg of games)
			for (const [name, c] of [
				['A', bobA],
				['B', bobB],
			]) {
				const a = await c.get(`/api/games/${gg.id}`);
				if (a.status !== 200) wrong.push(`${name}: ${gg.id}: ${a.status}`);
				else if (
					JSON.stringify(a.json.moves) !== JSON.stringify(gg.acked) ||
					a.json.ply !== gg.acked.length
				)
					wrong.push(
						`${name}: ${gg.id}: stored ${a.json.moves.length} moves (ply ${a.json.ply}), acknowledged ${gg.acked.length}`,
					);
			}
		report('server-92.4', wrong.length ? wrong.slice(0, 3).join('; ') : null);
	}

	// 92.5: a computer game made on A, moved on B: it is answered.
	{
		const a = await aliceA.post('/api/games', { opponent: 'computer', level: 1, color: 'black' });
		const m = await aliceB.post(`/api/games/${a.json.id}/moves`, { move: '2g2f' });
		let st = null;
		for (let i = 0; i < 300 * scale; i++) {
			st = await aliceA.get(`/api/games/${a.json.id}`);
			if (st.json && st.json.ply >= 2) break;
			await sleep(100);
		}
		report(
			'server-92.5',
			m.status === 200 && st.json && st.json.ply === 2
				? null
				: `move on B ${m.status}; ply ${st.json && st.json.ply}`,
		);
	}

	for (const c of closers) c.close();
	const [ea, eb] = await Promise.all([A.stop(), B.stop()]);
	report(
		'server-92.6',
		ea.code === 0 && eb.code === 0
			? null
			: `exit statuses ${ea.code ?? ea.signal} and ${eb.code ?? eb.signal}`,
	);
	if (failed) console.log(`(seed ${o.seed})`);
}

main().catch(async (e) => {
	console.log(`FAIL server-92.0: ${e.stack} (seed ${o.seed})`);
	process.exitCode = 1;
	for (const c of closers) c.close();
	if (A) await A.kill9();
	if (B) await B.kill9();
});
