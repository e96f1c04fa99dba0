#!/usr/bin/env node
// tests/server/flood.mjs: the write limits (docs/server.md "Rate limits": a token bucket per
// user, --writes-per-min, and one per client address, --addr-writes-per-min, for every
// state-changing route but the moves, the chat and the puzzles, which have their own; the
// answer beyond them is a 429 with Retry-After that names what was limited).  Starts its own
// servers (the defaults, then small limits to keep the waits short) and floods them from
// 127.0.0.1, with a second address, 127.0.0.2 (all of 127/8 is loopback on Linux).
//
//   [VERBOSE=1] node tests/server/flood.mjs [--bin bin/gyoku] [--db URL] [--scale 1]
//
// Cases server-94.N:
//   94.1  a flood of seeks from one user (create + cancel, 500 requests): after the burst the
//         answers are 429 "too many requests from your account" with Retry-After, and while
//         they are, another user creates a game, reads the lobby and moves, each answered 2xx
//         within 2 s
//   94.2  a flood of chat lines from one user: 429 after its burst; another user's line goes
//         through during the flood (the chat's own limit, older than the write limits)
//   94.3  many accounts from one address: the address's limit applies ("from your address");
//         another address is not limited
//   94.4  moves are never limited: with both players' write limits spent, 300 moves in a row
//         by the two players of a game all succeed
//   94.5  the bucket refills: Retry-After seconds after a 429 the user writes again
//   94.6  every server stops cleanly (exit 0, no sanitizer report with the debug build)
//   94.7  behind a trusted proxy (--trust-proxy X-Forwarded-For) the address limited is the
//         forwarded one; an IPv6 client counts by its /64

import { Client, options, rng, sanitizerReport, sleep, startServer } from './lib.mjs';

const o = options({ bin: 'bin/gyoku', db: '', scale: '1' });
const scale = parseFloat(o.scale);
const tag = Math.random().toString(36).slice(2, 7);
const servers = [];
let failed = false;

function report(name, why) {
	console.log(why ? `FAIL ${name}: ${why}` : `PASS ${name}`);
	if (why) failed = true;
}

// Runs case `name`: `fn` returns null when it holds, else why not (an exception fails it too).
async function check(name, title, fn) {
	const t0 = Date.now();
	let why;
	try {
		why = await fn();
	} catch (e) {
		why = e.stack;
	}
	if (process.env.VERBOSE) console.error(`${name}: ${Date.now() - t0} ms`);
	report(name, why ? `${title}: ${why}` : null);
}

async function start(args) {
	const s = await startServer({ bin: o.bin, db: o.db || undefined, timeoutMs: 30000 * scale, args });
	servers.push(s);
	return s;
}

// A client signed up as a new user NAME_TAG (from `localAddress` when given).
async function user(server, name, localAddress) {
	const c = new Client(server.base, { name: `${name}_${tag}`, localAddress });
	const a = await c.post('/api/signup', { name: c.name, password: `password-${name}` });
	if (a.status !== 201) throw new Error(`signup ${c.name}: ${a.status} ${a.text}`);
	return c;
}

// A game between `black` and `white` (a challenge accepted): its state as the accept answered it.
async function game(black, white, time = '1h') {
	const a = await black.post('/api/games', { opponent: white.name, color: 'black', time });
	if (a.status !== 201) throw new Error(`create: ${a.status} ${a.text}`);
	const b = await white.post(`/api/games/${a.json.id}/accept`);
	if (b.status !== 200) throw new Error(`accept: ${b.status} ${b.text}`);
	return b.json;
}

// Is `a` the write limit's refusal of `who` ("account" or "address"), with a Retry-After of whole seconds?
const limited = (a, who) =>
	a.status === 429 &&
	/^[1-9][0-9]*$/.test(a.headers['retry-after'] || '') &&
	new RegExp(`^too many requests from your ${who}: try again in [1-9][0-9]* s$`).test(a.json?.error || '');

// Runs `n` calls of `step(i)` on `width` concurrent workers; resolves to their answers.
async function flood(n, width, step) {
	const answers = [];
	let next = 0;
	await Promise.all(
		Array.from({ length: width }, async () => {
			while (next < n) answers.push(await step(next++));
		}),
	);
	return answers;
}

// Times `fn` (a request): {ms, a}.
async function timed(fn) {
	const t0 = Date.now();
	const a = await fn();
	return { ms: Date.now() - t0, a };
}

async function main() {
	// The defaults (60 writes a minute per user, 600 per address): 94.1 to 94.3.
	const A = await start([]);
	const flooder = await user(A, 'fa'),
		bob = await user(A, 'fb'),
		carol = await user(A, 'fc'),
		spammer = await user(A, 'fd');
	const played = await game(bob, carol);

	// 94.1: the seek flood, and another user served while it is refused.
	let during = null,
		refusing = false;
	const seen = { ok: 0, limited: 0, other: [] };
	const t0 = Date.now();
	const answers = await flood(250, 8, async (i) => {
		if (i === 60) {
			refusing = seen.limited > 0;
			during = otherUser();
		}
		const a = await flooder.post('/api/games', { opponent: 'open', color: 'black', time: '5m' });
		const out = [a];
		if (a.status === 201) out.push(await flooder.post(`/api/games/${a.json.id}/cancel`));
		else out.push(await flooder.post(`/api/games/nosuchgm/cancel`));
		for (const x of out) {
			if (x.status === 201 || x.status === 200) seen.ok++;
			else if (limited(x, 'account')) seen.limited++;
			else if (!(x.status === 429 && /open seeks/.test(x.text)) && x.status !== 404)
				seen.other.push(`${x.status} ${x.text}`);
		}
		return out;
	});
	const floodMs = Date.now() - t0;
	// At most the burst and what refilled (one a second) while the flood went on.
	const most = 60 + Math.ceil(floodMs / 1000) + 1;
	await check(
		'server-94.1',
		"a flood of 500 seek writes from one user is refused after its burst; another user's requests are served meanwhile",
		async () => {
			if (seen.other.length) return `unexpected answers: ${seen.other.slice(0, 3).join(' | ')}`;
			if (seen.ok > most)
				return `${seen.ok} of ${answers.flat().length} writes served in ${floodMs} ms, want at most ${most}`;
			if (seen.limited < 500 - most - 30)
				return `${seen.limited} answers were the account's 429 with Retry-After, want most of the 500`;
			if (!refusing) return "the flood was not refused yet when the other user's requests began";
			const others = await during;
			if (process.env.VERBOSE)
				console.error(
					`seek flood: ${answers.flat().length} requests in ${floodMs} ms, ${seen.ok} served, ${seen.limited} refused; ` +
						others.map(([what, r]) => `${what} ${r.ms} ms`).join(', '),
				);
			for (const [what, r, want] of others) {
				if (r.a.status !== want) return `${what}: ${r.a.status} ${r.a.text}`;
				if (r.ms > 2000 * scale) return `${what} took ${r.ms} ms`;
			}
			const h = await bob.get('/api/health');
			return h.status === 200 ? null : `health: ${h.status}`;
		},
	);
	async function otherUser() {
		return [
			[
				'create a game',
				await timed(() =>
					bob.post('/api/games', { opponent: carol.name, color: 'white', time: '10m' }),
				),
				201,
			],
			['the lobby', await timed(() => bob.get('/api/games?status=waiting')), 200],
			[
				'a move',
				await timed(() => bob.post(`/api/games/${played.id}/moves`, { move: '7g7f', ply: 0 })),
				200,
			],
		];
	}

	// 94.2: a chat flood; bob's line in his game's players' room goes through while it lasts.
	let line = null;
	const c0 = Date.now();
	const chat = await flood(500, 8, async (i) => {
		if (i === 100)
			line = timed(() =>
				bob.post(`/api/games/${played.id}/chat`, { room: 'players', text: 'still here' }),
			);
		return spammer.post(`/api/games/${played.id}/chat`, { room: 'spectators', text: `spam ${i}` });
	});
	const chatMs = Date.now() - c0;
	await check(
		'server-94.2',
		"a flood of chat lines from one user is refused after its burst; another user's goes through",
		async () => {
			const ok = chat.filter((a) => a.status === 201).length;
			const refused = chat.filter(
				(a) => a.status === 429 && /^[1-9][0-9]*$/.test(a.headers['retry-after'] || ''),
			);
			const mostChat = 5 * (Math.ceil(chatMs / 10000) + 1);
			if (ok > mostChat) return `${ok} lines posted in ${chatMs} ms, want at most ${mostChat}`;
			if (refused.length + ok !== chat.length)
				return `other answers: ${chat.find((a) => a.status !== 201 && a.status !== 429)?.text}`;
			const l = await line;
			if (l.a.status !== 201) return `bob's line: ${l.a.status} ${l.a.text}`;
			if (l.ms > 2000 * scale) return `bob's line took ${l.ms} ms`;
			const h = await bob.get('/api/health');
			return h.status === 200 ? null : `health: ${h.status}`;
		},
	);

	// 94.3: an address's limit (60 a minute, a signup costs 10) across accounts; another address is free.
	const B = await start(['--addr-writes-per-min', '60']);
	await check(
		'server-94.3',
		"many accounts from one address meet the address's limit; another address does not",
		async () => {
			const users = [await user(B, 'ma'), await user(B, 'mb'), await user(B, 'mc')];
			let n = 0,
				last = null;
			for (; n < 100; n++) {
				last = await users[n % 3].post('/api/games/nosuchgm/cancel');
				if (last.status !== 404) break;
			}
			if (!limited(last, 'address')) return `after ${n} writes: ${last.status} ${last.text}`;
			if (n > 30 + 2) return `${n} writes served after 3 signups, want about 30`;
			const s = await new Client(B.base).post('/api/signup', {
				name: `md_${tag}`,
				password: 'password-md',
			});
			if (!limited(s, 'address')) return `a fourth signup from there: ${s.status} ${s.text}`;
			const g = await users[0].get('/api/games?status=waiting');
			if (g.status !== 200) return `a read from the limited address: ${g.status}`;
			const far = await user(B, 'me', '127.0.0.2');
			const a = await far.post('/api/games', { opponent: users[0].name, time: '10m' });
			return a.status === 201 ? null : `from 127.0.0.2: ${a.status} ${a.text}`;
		},
	);

	// 94.7: behind a proxy on 127.0.0.1, 30 writes a minute per address (a signup costs 10).
	const D = await start(['--trust-proxy', 'X-Forwarded-For', '--addr-writes-per-min', '30']);
	await check(
		'server-94.7',
		'behind a trusted proxy the forwarded address is limited; IPv6 by its /64',
		async () => {
			// Signs up from `from` (the header), then writes until refused: the refusal (null if none).
			async function exhaust(from, name) {
				const headers = { 'X-Forwarded-For': from };
				const c = new Client(D.base);
				const a = await c.post(
					'/api/signup',
					{ name: `${name}_${tag}`, password: 'password-px' },
					{ headers },
				);
				if (a.status !== 201) return a;
				for (let n = 0; n < 40; n++) {
					const b = await c.post('/api/games/nosuchgm/cancel', {}, { headers });
					if (b.status !== 404) return b;
				}
				return null;
			}
			const signup = (from, name) =>
				new Client(D.base).post(
					'/api/signup',
					{ name: `${name}_${tag}`, password: 'password-px' },
					{ headers: { 'X-Forwarded-For': from } },
				);
			let a = await exhaust('203.0.113.5', 'xa');
			if (!a || !limited(a, 'address')) return `203.0.113.5 was not limited: ${a?.status} ${a?.text}`;
			a = await signup('203.0.113.6', 'xb');
			if (a.status !== 201) return `203.0.113.6 after 203.0.113.5 was limited: ${a.status} ${a.text}`;
			a = await exhaust('2001:db8:1:2::1', 'xc');
			if (!a || !limited(a, 'address'))
				return `2001:db8:1:2::1 was not limited: ${a?.status} ${a?.text}`;
			a = await signup('2001:db8:1:2:ffff::9', 'xd');
			if (!limited(a, 'address')) return `the same /64: ${a.status} ${a.text}`;
			a = await signup('2001:db8:1:3::1', 'xe');
			return a.status === 201 ? null : `another /64: ${a.status} ${a.text}`;
		},
	);

	// 94.4 and 94.5: 20 writes a minute per user (a token every 3 s), the address's raised.
	const C = await start(['--writes-per-min', '20', '--addr-writes-per-min', '1000']);
	const p1 = await user(C, 'pa'),
		p2 = await user(C, 'pb');
	// Writes as `c` until refused: the answer that refused (null when none did).
	async function spend(c) {
		for (let n = 0; n < 40; n++) {
			const a = await c.post('/api/games/nosuchgm/cancel');
			if (a.status !== 404) return a;
		}
		return null;
	}
	await check(
		'server-94.4',
		"moves are never limited: with both players' writes spent, 300 moves in a row",
		async () => {
			// Random moves from a fixed seed: the first game lasts past 300 plies, the others are spares.
			const games = [await game(p1, p2), await game(p1, p2), await game(p1, p2)];
			for (const c of [p1, p2]) {
				const a = await spend(c);
				if (!a || !limited(a, 'account'))
					return `spending the writes of ${c.name}: ${a?.status} ${a?.text}`;
			}
			const pick = rng(3);
			let st = games.shift();
			for (let n = 0; n < 300; n++) {
				if (st.status !== 'playing' && !(st = games.shift()))
					return `every game ended before move ${n + 1}`;
				const move = pick.pick(st.legal.filter(Boolean));
				const a = await (st.side === 'black' ? p1 : p2).post(`/api/games/${st.id}/moves`, {
					move,
					ply: st.ply,
				});
				if (a.status !== 200)
					return `move ${n + 1} (${move} in ${st.id}): ${a.status} ${a.text}`;
				st = a.json;
			}
			return null;
		},
	);
	await check(
		'server-94.5',
		'the bucket refills: Retry-After seconds after the 429 the user writes again',
		async () => {
			const a = await spend(p1);
			if (!a || !limited(a, 'account')) return `no 429: ${a?.status} ${a?.text}`;
			const wait = parseInt(a.headers['retry-after'], 10);
			if (wait > 3) return `Retry-After ${wait}, want at most 3 (a token every 3 s)`;
			await sleep(wait * 1000);
			const c = await p1.post('/api/games/nosuchgm/cancel');
			return c.status === 404 ? null : `${wait} s later: ${c.status} ${c.text}`;
		},
	);
}

try {
	await main();
} catch (e) {
	report('server-94.0', `the run stopped: ${e.stack}`);
}
await check('server-94.6', 'every server stops cleanly', async () => {
	for (const s of servers) {
		const e = await s.stop();
		if (e.code !== 0) return `exit ${e.code ?? e.signal}: ${s.log().trim().slice(-300)}`;
		const san = sanitizerReport(s.log());
		if (san) return san;
	}
	return null;
});
if (failed) process.exitCode = 1;
