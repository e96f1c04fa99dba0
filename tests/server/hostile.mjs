#!/usr/bin/env node
// tests/server/hostile.mjs: hostile input against a running server (docs/style.md rule 14,
// "Hostile input is bounded"; docs/server.md "API contract": every error is a 4xx with
// {"error"}, 500/503 only for server trouble).  Starts its own `gyoku serve`, stores a game
// with ten moves, then sends garbage: random bytes on raw TCP sockets, truncated requests,
// huge headers, very long URLs, invalid UTF-8 in JSON strings, wrong types in every field of
// every route, path traversal, odd request lines, deep JSON, many concurrent connections and
// abandoned event streams.  After each kind, the server must still answer /api/health; at the
// end the stored game must be intact (its moves unchanged), take a further move, and the
// server must stop cleanly (exit 0, no sanitizer report with the debug build).
//
//   [VERBOSE=1] node tests/server/hostile.mjs [--bin bin/gyoku] [--db URL] [--seed N] [--scale 1]
//
// VERBOSE=1 prints the time each case took on stderr; a failing run prints its seed.
//
// Cases server-90.N.

import net from 'node:net';
import { Client, EventStream, options, rng, sanitizerReport, sleep, startServer } from './lib.mjs';

const o = options({ bin: 'bin/gyoku', db: '', seed: String(Date.now() % 1000000), scale: '1' });
const scale = parseFloat(o.scale);
const rand = rng(parseInt(o.seed, 10));
const MOVES = ['7g7f', '3c3d', '2g2f', '8c8d', '2f2e', '8d8e', '6i7h', '4a3b', '2e2d', '2c2d'];

let server, alice, bob, game;
const results = [];

function report(name, why) {
	const line = why ? `FAIL ${name}: ${why}` : `PASS ${name}`;
	results.push(line);
	console.log(line);
}

// Sends `chunks` (Buffers or strings; a number is a pause in ms) on a raw TCP socket, then
// reads until the server closes or `waitMs` passes.  Resolves to {text, status, closed, error}.
function raw(chunks, { waitMs = 1500, end = false } = {}) {
	return new Promise((resolve) => {
		const sock = net.connect(server.port, '127.0.0.1');
		let text = '',
			closed = false,
			error = null,
			done = false;
		const finish = () => {
			if (done) return;
			done = true;
			clearTimeout(timer);
			sock.destroy();
			const m = text.match(/^HTTP\/1\.[01] (\d{3})/);
			resolve({ text, status: m ? parseInt(m[1], 10) : 0, closed, error });
		};
		const timer = setTimeout(finish, waitMs);
		sock.on('data', (d) => (text += d.toString('latin1')));
		sock.on('error', (e) => (error = e.code || e.message));
		sock.on('close', () => {
			closed = true;
			finish();
		});
		sock.on('connect', async () => {
			try {
				for (const c of Array.isArray(chunks) ? chunks : [chunks]) {
					if (typeof c === 'number') await sleep(c);
					else if (!sock.destroyed) sock.write(c);
				}
				if (end && !sock.destroyed) sock.end();
			} catch (e) {
				error = e.message;
			}
		});
	});
}

const randomBytes = (n) => Buffer.from(Array.from({ length: n }, () => rand.int(256)));

// Runs `tasks` (functions returning promises) with at most `n` at a time.
async function pool(tasks, n) {
	const out = [];
	let i = 0;
	await Promise.all(
		Array.from({ length: n }, async () => {
			while (i < tasks.length) {
				const k = i++;
				out[k] = await tasks[k]();
			}
		}),
	);
	return out;
}

// Null when the server answers GET /api/health with ok, else why not.
async function healthy() {
	const c = new Client(server.base);
	try {
		const a = await c.get('/api/health', { timeoutMs: 20000 * scale });
		if (a.status !== 200 || !a.json || a.json.ok !== true)
			return `health: status ${a.status}: ${a.text.slice(0, 200)}`;
		return null;
	} catch (e) {
		return `health: ${e.message}`;
	} finally {
		c.close();
	}
}

// Runs one case: `fn` returns null or a failure; then the server must still be healthy.
async function kase(name, title, fn) {
	let why = null;
	const t0 = Date.now();
	try {
		why = await fn();
	} catch (e) {
		why = e.stack;
	}
	if (!why) why = await healthy();
	if (!why && server.proc.exitCode !== null) why = `the server exited (${server.proc.exitCode})`;
	if (process.env.VERBOSE) console.error(`${name}: ${Date.now() - t0} ms`);
	report(name, why ? `${title}: ${why}` : null);
}

const bad = (list) => (list.length ? `${list.length} bad answers, e.g. ${list.slice(0, 3).join(' | ')}` : null);

async function setup() {
	// The cases of many connections and streams come from 127.0.0.1 alone: the per-address caps
	// (tests/server/limits.mjs) are raised so that they test the server's concurrency.
	// Garbage in every field of every route must reach the handlers: the write limits (a script of
	// one user is refused after 60 writes, docs/server.md "Rate limits", flood.mjs) are raised.
	server = await startServer({
		bin: o.bin,
		db: o.db || undefined,
		timeoutMs: 30000 * scale,
		args: [
			'--conns-per-addr',
			'100000',
			'--streams-per-addr',
			'100000',
			'--writes-per-min',
			'1000000',
			'--addr-writes-per-min',
			'1000000',
		],
	});
	const tag = Math.random().toString(36).slice(2, 8);
	alice = new Client(server.base, { name: `ha_${tag}` });
	bob = new Client(server.base, { name: `hb_${tag}` });
	let a = await alice.post('/api/signup', { name: `ha_${tag}`, password: 'password-a' });
	if (a.status !== 201) throw new Error(`signup: ${a.status} ${a.text}`);
	a = await bob.post('/api/signup', { name: `hb_${tag}`, password: 'password-b' });
	if (a.status !== 201) throw new Error(`signup: ${a.status} ${a.text}`);
	a = await alice.post('/api/games', { opponent: `hb_${tag}`, color: 'black', time: '1h' });
	if (a.status !== 201) throw new Error(`create: ${a.status} ${a.text}`);
	game = a.json.id;
	a = await bob.post(`/api/games/${game}/accept`);
	if (a.status !== 200) throw new Error(`accept: ${a.status} ${a.text}`);
	for (let i = 0; i < MOVES.length; i++) {
		a = await (i % 2 ? bob : alice).post(`/api/games/${game}/moves`, { move: MOVES[i], ply: i });
		if (a.status !== 200) throw new Error(`move ${MOVES[i]}: ${a.status} ${a.text}`);
	}
}

async function main() {
	try {
		await setup();
	} catch (e) {
		report('server-90.0', `setup: ${e.message}`);
		if (server) await server.stop();
		return;
	}

	await kase('server-90.1', 'random bytes on 200 raw connections', async () => {
		await pool(
			Array.from(
				{ length: 200 },
				(_, i) => () =>
					raw([randomBytes(1 + rand.int(i % 10 ? 300 : 5000))], {
						waitMs: 300,
						end: i % 2 === 0,
					}),
			),
			50,
		);
		return null;
	});

	await kase('server-90.2', 'random bytes after a valid request line or headers', async () => {
		const heads = [
			'POST /api/login HTTP/1.1\r\n',
			'GET /api/health HTTP/1.1\r\nHost: x\r\n',
			'POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 40\r\n\r\n',
		];
		await pool(
			Array.from(
				{ length: 90 },
				(_, i) => () =>
					raw([heads[i % 3], randomBytes(1 + rand.int(2000))], {
						waitMs: 300,
						end: true,
					}),
			),
			30,
		);
		return null;
	});

	await kase('server-90.3', 'truncated requests: cut in the request line, the headers, the body', async () => {
		const full =
			'POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 44\r\n\r\n{"name":"ha_xxxxxx","password":"password-x"}';
		const tasks = [];
		for (let cut = 1; cut < full.length; cut += 3)
			tasks.push(() =>
				raw([full.slice(0, cut)], { waitMs: 200, end: cut % 2 === 0 }).then(() => null),
			);
		// A body shorter than its Content-Length, held open a moment, then dropped.
		tasks.push(() =>
			raw(['POST /api/signup HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{"name":', 500], {
				waitMs: 700,
			}).then(() => null),
		);
		// Chunked bodies with bad chunk sizes.
		for (const body of ['zz\r\nabc\r\n0\r\n\r\n', 'ffffffffffffffff\r\nabc\r\n', '5\r\nab', '-1\r\n\r\n'])
			tasks.push(() =>
				raw(
					[
						`POST /api/login HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n${body}`,
					],
					{
						waitMs: 500,
						end: true,
					},
				).then(() => null),
			);
		// A chunked body over the 16 KiB limit: 413, not a crash.
		tasks.push(async () => {
			const r = await raw(
				[
					`POST /api/games HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n`,
					...Array.from({ length: 20 }, () => `400\r\n${'x'.repeat(1024)}\r\n`),
					'0\r\n\r\n',
				],
				{ waitMs: 2000 },
			);
			return r.status === 413 || r.status === 0 ? null : `chunked 20 KiB body: status ${r.status}`;
		});
		const out = (await pool(tasks, 20)).filter(Boolean);
		return bad(out);
	});

	await kase('server-90.4', 'huge and malformed headers', async () => {
		const out = [];
		const cases = [
			`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(64 << 10)}\r\n\r\n`,
			`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(1 << 20)}\r\n\r\n`,
			`GET /api/health HTTP/1.1\r\nHost: x\r\n${Array.from({ length: 3000 }, (_, i) => `X-H${i}: ${i}\r\n`).join('')}\r\n`,
			'GET /api/health HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n',
			'GET /api/health HTTP/1.1\r\nHost: x\r\nX-Nul: a\0b\r\n\r\n',
			'GET /api/health HTTP/1.1\r\nHost: x\r\n: empty name\r\n\r\n',
			'GET /api/me HTTP/1.1\r\nHost: x\r\nCookie: ' +
				'gyoku_session=' +
				'f'.repeat(100000) +
				'\r\n\r\n',
			'GET /api/me HTTP/1.1\r\nHost: x\r\nCookie: ' +
				Array.from({ length: 2000 }, (_, i) => `c${i}=${i}`).join('; ') +
				'\r\n\r\n',
			'POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\n{}',
			'POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n{}',
			'POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 7000\r\n\r\n{}',
			'POST /api/games HTTP/1.1\r\nHost: x\r\nOrigin: ' +
				'h'.repeat(50000) +
				'\r\nContent-Length: 2\r\n\r\n{}',
			'POST /api/logout HTTP/1.1\r\nHost: x\r\nSec-Fetch-Site: same-origin\r\nX-CSRF-Token: ' +
				'z'.repeat(30000) +
				'\r\nContent-Length: 0\r\n\r\n',
			'GET /api/games/x/events HTTP/1.1\r\nHost: x\r\nLast-Event-ID: ' +
				'9'.repeat(5000) +
				'\r\n\r\n',
		];
		const close = (c) => c.replace('Host: x\r\n', 'Host: x\r\nConnection: close\r\n');
		const rs = await pool(
			cases.map((c) => () => raw([close(c)], { waitMs: 1500 })),
			4,
		);
		rs.forEach((r, i) => {
			if (r.status >= 500 && r.status !== 503) out.push(`header case ${i}: status ${r.status}`);
		});
		return bad(out);
	});

	await kase('server-90.5', 'very long URLs and query strings', async () => {
		const out = [];
		const c = new Client(server.base);
		for (const n of [2000, 8000, 65000, 500000]) {
			try {
				const r = await raw(
					[
						`GET /api/games/${'a'.repeat(n)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
					],
					{ waitMs: 2000 },
				);
				if (r.status >= 500) out.push(`path of ${n}: status ${r.status}`);
				const q = await raw(
					[
						`GET /api/games?user=${'b'.repeat(n)}&status=${'c'.repeat(n)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
					],
					{ waitMs: 2000 },
				);
				if (q.status >= 500) out.push(`query of ${n}: status ${q.status}`);
				const s = await raw(
					[`GET /${'d/'.repeat(n / 2)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`],
					{
						waitMs: 2000,
					},
				);
				if (s.status >= 500) out.push(`static path of ${n}: status ${s.status}`);
			} catch (e) {
				out.push(`${n}: ${e.message}`);
			}
		}
		// A long game id on every game route: 404, never a buffer overrun.
		// Every length from the store's limit (16) to the router's (63) and past it.
		for (const p of ['', '/accept', '/moves', '/resign', '/export', '/events', '/vacation', '/chat'])
			for (const len of [16, 17, 40, 63, 64, 64 + rand.int(200)]) {
				const id = 'G'.repeat(len);
				const a =
					p === '' || p === '/export' || p === '/events'
						? await c.get(`/api/games/${id}${p}`)
						: await alice.post(`/api/games/${id}${p}`, { move: '7g7f', days: 1 });
				if (a.status !== 404 && a.status !== 400)
					out.push(`/api/games/<${id.length}>${p}: status ${a.status}`);
			}
		c.close();
		return bad(out);
	});

	await kase('server-90.6', 'invalid UTF-8 in JSON strings, paths and queries; odd escapes', async () => {
		const out = [];
		const strings = [
			Buffer.from([0xff, 0xfe]),
			Buffer.from([0xc0, 0x80]),
			Buffer.from([0xed, 0xa0, 0x80]),
			Buffer.from([0xe2, 0x82]),
			Buffer.from([0xf8, 0x88, 0x80, 0x80, 0x80]),
			Buffer.from('\\ud800'),
			Buffer.from('\\udfff\\ud800'),
			Buffer.from('a\\u0000b'),
			Buffer.from('\\uZZZZ'),
		];
		const targets = [
			[
				alice,
				'/api/signup',
				(s) =>
					Buffer.concat([
						Buffer.from('{"name":"'),
						s,
						Buffer.from('","password":"password1"}'),
					]),
			],
			[
				alice,
				'/api/signup',
				(s) =>
					Buffer.concat([
						Buffer.from('{"name":"u8_x","password":"'),
						s,
						Buffer.from('pppppppp"}'),
					]),
			],
			[
				new Client(server.base),
				'/api/login',
				(s) =>
					Buffer.concat([
						Buffer.from('{"name":"'),
						s,
						Buffer.from('","password":"password1"}'),
					]),
			],
			[
				alice,
				'/api/games',
				(s) => Buffer.concat([Buffer.from('{"opponent":"'), s, Buffer.from('"}')]),
			],
			[
				alice,
				'/api/games',
				(s) =>
					Buffer.concat([
						Buffer.from('{"opponent":"open","time":"'),
						s,
						Buffer.from('"}'),
					]),
			],
			[
				alice,
				'/api/games',
				(s) =>
					Buffer.concat([
						Buffer.from('{"opponent":"open","handicap":"'),
						s,
						Buffer.from('"}'),
					]),
			],
			[
				bob,
				`/api/games/${game}/moves`,
				(s) => Buffer.concat([Buffer.from('{"move":"'), s, Buffer.from('"}')]),
			],
			[
				alice,
				'/api/import',
				(s) =>
					Buffer.concat([
						Buffer.from('{"record":"手合割：平手\\n   1 ７六'),
						s,
						Buffer.from('歩(77)\\n"}'),
					]),
			],
			[
				alice,
				'/api/import',
				(s) =>
					Buffer.concat([
						Buffer.from('{"record":"position startpos moves 7g7f","format":"'),
						s,
						Buffer.from('"}'),
					]),
			],
		];
		// Every one of them is malformed JSON (jansson takes UTF-8 only, no lone surrogates, no
		// \u0000 without JSON_ALLOW_NUL): a 400 each time.
		for (const [client, p, make] of targets)
			for (const s of strings) {
				const a = await client.post(p, make(s));
				if (a.status !== 400)
					out.push(
						`${p} with ${s.toString('hex')}: status ${a.status}: ${a.text.slice(0, 100)}`,
					);
			}
		// Bytes that are not UTF-8 in paths and queries, which error messages quote: a JSON answer.
		const c = new Client(server.base);
		for (const bytes of ['%ff', '%c3', '%ed%a0%80', '%f4%90%80%80', '%c0%af', 'a%00b', '%e2%82'])
			for (const p of [
				`/api/users/${bytes}`,
				`/api/games?user=${bytes}`,
				`/api/games?user=x${'%C3%A9'.repeat(400)}${bytes}`,
				`/api/nothing/${bytes}`,
				`/api/games?status=${bytes}`,
				`/api/games/${game}/export?format=${bytes}`,
			]) {
				const a = await c.get(p).catch((e) => ({ status: 0, text: e.message }));
				if (!(a.status >= 400 && a.status < 500) || !a.json || typeof a.json.error !== 'string')
					out.push(`GET ${p.slice(0, 60)}: status ${a.status}: ${a.text.slice(0, 80)}`);
			}
		c.close();
		return bad(out);
	});

	await kase('server-90.7', 'wrong types in every field of every route', async () => {
		const out = [];
		const values = [
			0,
			-1,
			1.5,
			1e308,
			-1e308,
			2 ** 63,
			'',
			'x',
			'x'.repeat(5000),
			true,
			false,
			null,
			[],
			['7g7f'],
			{},
			{ a: 1 },
		];
		const routes = [
			[new Client(server.base), 'POST', '/api/signup', { name: 'wt_name', password: 'password1' }],
			[new Client(server.base), 'POST', '/api/login', { name: 'wt_name', password: 'password1' }],
			[
				alice,
				'POST',
				'/api/games',
				{
					opponent: 'open',
					level: 3,
					time: '10m',
					handicap: 'even',
					color: 'black',
					rated: false,
					impasse: '27',
				},
			],
			[alice, 'POST', `/api/games/${game}/moves`, { move: '5i5h', ply: 10 }],
			[alice, 'POST', `/api/games/${game}/vacation`, { days: 1 }],
			[alice, 'POST', '/api/import', { record: 'position startpos moves 7g7f', format: 'usi' }],
			[alice, 'POST', `/api/games/${game}/accept`, { x: 1 }],
			[bob, 'POST', `/api/games/${game}/declare`, { x: 1 }],
		];
		let n = 0;
		for (const [client, method, p, body] of routes)
			for (const k of Object.keys(body))
				for (const v of values) {
					const b = { ...body, [k]: v };
					// The moves route: only a wrong type, never a legal move, so the stored game stays as it is.
					if (p.endsWith('/moves') && k === 'move' && typeof v === 'string') continue;
					if (p.endsWith('/moves') && k === 'ply' && (v === 10 || v === null)) continue;
					const a = await client.request(method, p, { body: b });
					n++;
					if (a.status >= 500 || !a.json)
						out.push(
							`${p} ${k}=${JSON.stringify(v).slice(0, 20)}: status ${a.status}: ${a.text.slice(0, 80)}`,
						);
					else if (a.status >= 400 && typeof a.json.error !== 'string')
						out.push(`${p} ${k}: no error message`);
				}
		// Bodies that are not objects, on every POST route.
		for (const p of [
			'/api/signup',
			'/api/login',
			'/api/games',
			`/api/games/${game}/moves`,
			`/api/games/${game}/vacation`,
			'/api/import',
		])
			for (const b of [
				'[]',
				'"x"',
				'1',
				'null',
				'true',
				'{"a":',
				'\u0000',
				'{"a":1}{"b":2}',
				'{"move":"7g7f","move":"2g2f"}',
			]) {
				const a = await alice.request('POST', p, { body: b });
				n++;
				if (a.status >= 500 || !a.json)
					out.push(`${p} body ${JSON.stringify(b)}: status ${a.status}`);
			}
		return bad(out) || (n < 100 ? `only ${n} requests` : null);
	});

	await kase('server-90.8', 'path traversal: /../, %2e%2e, encoded slashes and backslashes', async () => {
		const out = [];
		const paths = [
			'/../../../../etc/passwd',
			'/..%2f..%2f..%2fetc%2fpasswd',
			'/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
			'/%252e%252e/etc/passwd',
			'/..\\..\\etc\\passwd',
			'/....//....//etc/passwd',
			'/static/../../../../etc/passwd',
			'/api/../../etc/passwd',
			'/api/games/../../../etc/passwd',
			'/api/users/..%2f..%2fetc%2fpasswd',
			'/%c0%ae%c0%ae/etc/passwd',
			'/./././etc/passwd',
			'//etc/passwd',
			'/index.html/../../../etc/passwd',
			'/app.js%00.html',
			'/%00',
			'/.env',
			'/.git/config',
		];
		for (const p of paths) {
			const r = await raw([`GET ${p} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`], {
				waitMs: 1500,
			});
			if (/root:.*:0:0:/.test(r.text) || /\[core\]/.test(r.text)) out.push(`${p}: leaked a file`);
			if (r.status >= 500) out.push(`${p}: status ${r.status}`);
		}
		return bad(out);
	});

	await kase(
		'server-90.9',
		'odd request lines: other methods, HTTP/0.9, HTTP/2 preface, absolute URLs',
		async () => {
			const out = [];
			const lines = [
				'GET * HTTP/1.1\r\nHost: x\r\n\r\n',
				'OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n',
				'CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: x\r\n\r\n',
				'TRACE /api/health HTTP/1.1\r\nHost: x\r\n\r\n',
				'GET /api/health\r\n\r\n',
				'GET /api/health HTTP/9.9\r\nHost: x\r\n\r\n',
				'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n',
				'GET http://evil.example/api/health HTTP/1.1\r\nHost: x\r\n\r\n',
				'FOO /api/health HTTP/1.1\r\nHost: x\r\n\r\n',
				'GET  /api/health  HTTP/1.1\r\n\r\n',
				'\r\n\r\n\r\n',
				'GET /api/health HTTP/1.1\nHost: x\n\n',
				'DELETE /api/games HTTP/1.1\r\nHost: x\r\n\r\n',
				'HEAD /api/games/x/events HTTP/1.1\r\nHost: x\r\n\r\n',
			];
			for (const l of lines) {
				const r = await raw([l.replace('Host: x\r\n', 'Host: x\r\nConnection: close\r\n')], {
					waitMs: 1000,
				});
				if (r.status >= 500 && r.status !== 505 && r.status !== 501)
					out.push(`${JSON.stringify(l.slice(0, 30))}: status ${r.status}`);
			}
			// Pipelined requests on one connection: each answered.
			const r = await raw(
				[
					'GET /api/health HTTP/1.1\r\nHost: x\r\n\r\nGET /api/health HTTP/1.1\r\nHost: x\r\n\r\nGET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
				],
				{ waitMs: 3000 },
			);
			const n = (r.text.match(/HTTP\/1\.1 200/g) || []).length;
			if (n !== 3) out.push(`3 pipelined requests, ${n} answers`);
			return bad(out);
		},
	);

	await kase('server-90.10', 'deeply nested and oversized JSON', async () => {
		const out = [];
		for (const b of [
			'['.repeat(15000),
			'{"a":'.repeat(3000) + '1' + '}'.repeat(3000),
			'[' + '1,'.repeat(8000) + '1]',
			'"' + '\\u0041'.repeat(2500) + '"',
			'{"move":"' + '7'.repeat(16000) + '"}',
		]) {
			const a = await alice.request('POST', `/api/games/${game}/moves`, { body: b });
			if (a.status >= 500 || !a.json) out.push(`body of ${b.length} bytes: status ${a.status}`);
		}
		const big = await alice.request('POST', '/api/import', {
			body: JSON.stringify({ record: '手合割：平手\n' + '   1 ７六歩(77)\n'.repeat(60000) }),
			headers: { Expect: '100-continue' },
		});
		if (big.status !== 413) out.push(`a 1 MiB+ import: status ${big.status}`);
		// The same sent at once: the server may answer 413 or close while the body is coming.
		const rude = await alice
			.request('POST', '/api/import', { body: JSON.stringify({ record: 'x'.repeat(2 << 20) }) })
			.catch((e) => ({ status: 413, error: e.code }));
		if (rude.status !== 413) out.push(`a 2 MiB import sent at once: status ${rude.status}`);
		const many = await alice.request('POST', '/api/import', {
			body: JSON.stringify({
				record: 'position startpos moves ' + '5i5h 5a5b 5h5i 5b5a '.repeat(260),
				format: 'usi',
			}),
		});
		if (many.status >= 500) out.push(`an import of 1040 moves: status ${many.status}`);
		return bad(out);
	});

	await kase('server-90.11', '400 idle connections and 200 concurrent requests at once', async () => {
		const socks = [];
		await Promise.all(
			Array.from(
				{ length: 400 },
				() =>
					new Promise((resolve) => {
						const s = net.connect(server.port, '127.0.0.1', resolve);
						s.on('error', resolve);
						socks.push(s);
					}),
			),
		);
		// Half of them start a request and stop in the middle of its headers (slowloris).
		socks.forEach((s, i) => i % 2 && s.write('GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: '));
		const out = [];
		const clients = Array.from({ length: 20 }, () => new Client(server.base));
		const rs = await Promise.all(
			Array.from({ length: 200 }, (_, i) =>
				clients[i % 20]
					.get(i % 2 ? '/api/health' : `/api/games/${game}`, { timeoutMs: 30000 * scale })
					.catch((e) => ({ status: 0, text: e.message })),
			),
		);
		rs.forEach((a) => a.status !== 200 && out.push(`status ${a.status}: ${a.text.slice(0, 80)}`));
		for (const s of socks) s.destroy();
		for (const c of clients) c.close();
		return bad(out);
	});

	await kase('server-90.12', '50 event streams opened and dropped at once, some mid-answer', async () => {
		const streams = await Promise.all(
			Array.from({ length: 50 }, () =>
				EventStream.open(new Client(server.base), `/api/games/${game}/events`).catch(
					() => null,
				),
			),
		);
		if (streams.some((s) => !s)) return 'a stream did not open';
		const first = await Promise.all(streams.map((s) => s.next(5000 * scale)));
		if (first.some((e) => !e || e.id !== '1')) return 'a stream did not start with move 1';
		streams.forEach((s) => s.close());
		await pool(
			Array.from(
				{ length: 30 },
				() => () =>
					raw(['GET /api/games/' + game + '/events HTTP/1.1\r\nHost: x\r\n\r\n'], {
						waitMs: 50,
					}),
			),
			30,
		);
		return null;
	});

	// One user holds at most 3 waiting games (docs/server.md "Games"): the garbage cases above
	// leave some of alice's; the cases below make games of their own.
	const clearWaiting = async (c) => {
		const r = await c.get(`/api/games?user=${c.name}&status=waiting&limit=200`);
		for (const g of (r.json && r.json.games) || [])
			if (g.creator === c.name) await c.post(`/api/games/${g.id}/cancel`);
	};
	await clearWaiting(alice);
	await clearWaiting(bob);

	await kase(
		'server-90.13',
		'the same move sent 12 times at once, 10 times over: exactly one 200 each time',
		async () => {
			const out = [];
			const a = await alice.post('/api/games', { opponent: 'open', color: 'black' });
			const b = await bob.post(`/api/games/${a.json.id}/accept`);
			if (b.status !== 200) return `accept: ${b.status}`;
			const id = a.json.id,
				seq = ['7g7f', '3c3d', '2g2f', '8c8d', '2f2e', '8d8e', '6i7h', '4a3b', '2e2d', '2c2d'];
			const mine = [
				Array.from({ length: 12 }, () => new Client(server.base)),
				Array.from({ length: 12 }, () => new Client(server.base)),
			];
			mine[0].forEach((c) => (c.cookies = new Map(alice.cookies)));
			mine[1].forEach((c) => (c.cookies = new Map(bob.cookies)));
			for (let i = 0; i < seq.length; i++) {
				const rs = await Promise.all(
					mine[i % 2].map((c, k) =>
						c.post(
							`/api/games/${id}/moves`,
							k % 2 ? { move: seq[i], ply: i } : { move: seq[i] },
						),
					),
				);
				const ok = rs.filter((r) => r.status === 200).length,
					conflict = rs.filter((r) => r.status === 409).length;
				if (ok !== 1 || conflict !== 11)
					out.push(
						`move ${i + 1}: ${ok} times 200, ${conflict} times 409, others ${rs.filter((r) => r.status !== 200 && r.status !== 409).map((r) => r.status)}`,
					);
			}
			for (const c of [...mine[0], ...mine[1]]) c.close();
			const g = await bob.get(`/api/games/${id}`);
			if (JSON.stringify(g.json.moves) !== JSON.stringify(seq))
				out.push(`stored ${JSON.stringify(g.json.moves)}`);
			return bad(out);
		},
	);

	await kase(
		'server-90.14',
		'ten rated games of the same two players resigned at once: every rating change lands',
		async () => {
			const ids = [];
			for (let i = 0; i < 10; i++) {
				const a = await alice.post('/api/games', {
					opponent: bob.name,
					color: i % 2 ? 'white' : 'black',
					time: '1h',
					rated: true,
				});
				if (a.status !== 201) return `create ${i}: ${a.status} ${a.text.slice(0, 200)}`;
				const b = await bob.post(`/api/games/${a.json.id}/accept`);
				if (b.status !== 200) return `accept ${i}: ${b.status}`;
				ids.push(a.json.id);
			}
			const clients = ids.map((_, i) => {
				const c = new Client(server.base);
				c.cookies = new Map((i % 3 ? alice : bob).cookies);
				return c;
			});
			const rs = await Promise.all(clients.map((c, i) => c.post(`/api/games/${ids[i]}/resign`)));
			clients.forEach((c) => c.close());
			const refused = rs
				.filter((r) => r.status !== 200)
				.map((r) => `${r.status} ${r.text.slice(0, 100)}`);
			if (refused.length) return bad(refused);
			// Each of alice's rating changes must start from where another ended (or from 1500): none read stale.
			const steps = [];
			for (const id of ids) {
				const g = await alice.get(`/api/games/${id}`);
				const side = g.json.black && g.json.black.name === alice.name ? 'black' : 'white';
				if (!g.json.ratings) return `game ${id} has no ratings: ${g.text.slice(0, 200)}`;
				steps.push(g.json.ratings[side]);
			}
			// Shown ratings are rounded, so one value may recur: look for an order of the changes that chains
			// from 1500 to alice's rating now, each change starting where the one before ended.
			const u = await alice.get(`/api/users/${alice.name}`);
			if (u.json.games !== 10) return `alice has ${u.json.games} rated games, not 10`;
			const chains = (from, left) =>
				left.length === 0
					? from === u.json.rating
					: left.some(
							(r, i) =>
								r.before === from &&
								chains(
									r.after,
									left.filter((_, k) => k !== i),
								),
						);
			if (!chains(1500, steps))
				return `rating changes read stale ratings (no chain from 1500 to ${u.json.rating}): ${JSON.stringify(steps)}`;
			return null;
		},
	);

	await kase('server-90.15', 'after all that, the stored game is intact and takes a further move', async () => {
		const a = await bob.get(`/api/games/${game}`);
		if (a.status !== 200) return `GET the game: ${a.status}`;
		if (JSON.stringify(a.json.moves) !== JSON.stringify(MOVES))
			return `its moves changed: ${JSON.stringify(a.json.moves)}`;
		if (a.json.status !== 'playing' || a.json.ply !== MOVES.length)
			return `status ${a.json.status}, ply ${a.json.ply}`;
		const m = await alice.post(`/api/games/${game}/moves`, { move: '2h2d', ply: MOVES.length });
		if (m.status !== 200 || m.json.ply !== MOVES.length + 1)
			return `a further move: ${m.status} ${m.text.slice(0, 200)}`;
		return null;
	});

	alice.close();
	bob.close();
	const e = await server.stop(30000 * scale);
	const san = sanitizerReport(server.log());
	report(
		'server-90.16',
		e.code === 0 && !san
			? null
			: `the server did not stop cleanly (status ${e.code ?? e.signal})${san ? ': ' + san : ''}: ${server.log().trim().split('\n').slice(-5).join(' | ')}`,
	);
	if (results.some((l) => l.startsWith('FAIL'))) console.log(`(seed ${o.seed})`);
}

main().catch((e) => {
	console.log(`FAIL server-90.0: ${e.stack}`);
	process.exitCode = 1;
});
