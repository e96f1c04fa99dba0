#!/usr/bin/env node
// tests/server/limits.mjs: the limits that keep one client from taking the server down
// (docs/server.md "Concurrency and limits"): connections per address, the header and body
// deadlines (slowloris), a flood of half-finished requests from many addresses, event streams
// per address and in all, an idle stream whose client vanished (and the pings of idle ones),
// the ceiling lowered to the file limit, a trusted proxy.  Each case starts its own `gyoku
// serve` with the limits set low, attacks it from 127.0.0.1 (or many addresses of 127/8: Linux
// routes all of it to lo), and checks that another client, from another address, is served
// meanwhile.  Timings are generous: the machine may be loaded.
//
//   node tests/server/limits.mjs [--bin bin/gyoku] [--scale 1]
//
// Cases server-93.N.

import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client, EventStream, options, sanitizerReport, sleep, startServer } from './lib.mjs';

const o = options({ bin: 'bin/gyoku', scale: '1' });
const scale = parseFloat(o.scale);
let failed = false;

function report(name, why) {
	if (why) failed = true;
	console.log(why ? `FAIL ${name}: ${why}` : `PASS ${name}`);
}

// A raw TCP connection from `local` that records when the server closes it.
function conn(port, local = '127.0.0.1') {
	return new Promise((resolve) => {
		const c = { sock: null, closed: false, closedAt: 0, data: '', error: null };
		const sock = net.connect({ port, host: '127.0.0.1', localAddress: local });
		c.sock = sock;
		sock.on('data', (d) => (c.data += d.toString('latin1')));
		sock.on('error', (e) => (c.error = e.code || e.message));
		sock.on('close', () => {
			c.closed = true;
			c.closedAt = Date.now();
			resolve(c);
		});
		sock.on('connect', () => resolve(c));
	});
}

const write = (c, text) => !c.sock.destroyed && c.sock.write(text);

// Waits until `pred()` holds, up to `ms`; returns whether it held.
async function until(pred, ms) {
	const t0 = Date.now();
	while (!pred()) {
		if (Date.now() - t0 > ms) return false;
		await sleep(25);
	}
	return true;
}

// GET /api/health from `local`: the status (0 when refused or not answered within `ms`).
async function health(server, local, ms = 2000 * scale) {
	const c = new Client(server.base, { localAddress: local });
	try {
		const r = await c.get('/api/health', { timeoutMs: ms });
		return r.status;
	} catch {
		return 0;
	} finally {
		c.close();
	}
}

// Starts a server with `args`, runs `body(server)` (a reason, or null), stops the server and checks
// that it stopped cleanly.
async function kase(name, title, args, body) {
	let server = null,
		why = null;
	const all = [];
	try {
		server = await startServer({ bin: o.bin, timeoutMs: 30000 * scale, args });
		why = await body(server, all);
	} catch (e) {
		why = e.stack;
	}
	for (const c of all) c.sock.destroy();
	if (server) {
		const e = await server.stop(30000 * scale);
		const san = sanitizerReport(server.log());
		if (!why && (e.code !== 0 || san))
			why = `the server did not stop cleanly (${e.code ?? e.signal})${san ? ': ' + san : ''}`;
	}
	report(name, why ? `${title}: ${why}` : null);
}

async function main() {
	await kase(
		'server-93.1',
		'one address over its cap of connections is refused; another address is served; the same again once it closes some',
		['--conns-per-addr', '8'],
		async (server, all) => {
			for (let i = 0; i < 8; i++) all.push(await conn(server.port));
			if (!(await until(() => all.every((c) => !c.closed), 300)))
				return 'a connection under the cap was closed';
			const extra = [];
			for (let i = 0; i < 4; i++) extra.push(await conn(server.port));
			all.push(...extra);
			if (!(await until(() => extra.every((c) => c.closed), 3000 * scale)))
				return `${extra.filter((c) => !c.closed).length} of 4 connections over the cap left open`;
			const other = await health(server, '127.0.0.2');
			if (other !== 200) return `a client from 127.0.0.2 got ${other} for /api/health`;
			for (const c of all.slice(0, 4)) c.sock.destroy();
			// The server hears of the closes on its own time: the first tries may still be refused.
			let again = 0;
			for (let t0 = Date.now(); again !== 200 && Date.now() - t0 < 5000 * scale; await sleep(100))
				again = await health(server, '127.0.0.1');
			if (again !== 200)
				return `127.0.0.1 was not served again once it closed 4 connections (${again})`;
			return null;
		},
	);

	await kase(
		'server-93.2',
		'slowloris: connections sending half a header, a byte a second, are cut at the header deadline while another address is served',
		['--conns-per-addr', '16', '--header-timeout', '2'],
		async (server, all) => {
			const slow = [];
			for (let i = 0; i < 16; i++) slow.push(await conn(server.port));
			all.push(...slow);
			const t0 = Date.now();
			for (const c of slow) write(c, 'GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ');
			let stop = false;
			const drip = (async () => {
				while (!stop) {
					for (const c of slow) write(c, 'a');
					await sleep(1000);
				}
			})();
			const other = await health(server, '127.0.0.2');
			const cut = await until(() => slow.every((c) => c.closed), 8000 * scale);
			stop = true;
			await drip;
			if (other !== 200)
				return `a client from 127.0.0.2 got ${other} for /api/health during the attack`;
			if (!cut)
				return `${slow.filter((c) => !c.closed).length} of 16 slow connections still open after 8 s`;
			const early = slow.filter((c) => c.closedAt - t0 < 1500);
			if (early.length) return `${early.length} slow connections cut before the 2 s deadline`;
			if (slow.some((c) => c.data)) return 'a slow connection got an answer';
			return null;
		},
	);

	await kase(
		'server-93.3',
		'a slow body is cut at the body deadline; a kept connection idle past the idle deadline is closed',
		['--conns-per-addr', '16', '--header-timeout', '3', '--body-timeout', '2', '--idle-timeout', '4'],
		async (server, all) => {
			const slow = [];
			for (let i = 0; i < 8; i++) slow.push(await conn(server.port));
			all.push(...slow);
			const t0 = Date.now();
			for (const c of slow)
				write(
					c,
					'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{',
				);
			let stop = false;
			const drip = (async () => {
				while (!stop) {
					await sleep(700);
					for (const c of slow) write(c, ' ');
				}
			})();
			const other = await health(server, '127.0.0.2');
			const cut = await until(() => slow.every((c) => c.closed), 8000 * scale);
			stop = true;
			await drip;
			if (other !== 200)
				return `a client from 127.0.0.2 got ${other} for /api/health during the attack`;
			if (!cut)
				return `${slow.filter((c) => !c.closed).length} of 8 slow bodies still open after 8 s`;
			if (slow.some((c) => c.closedAt - t0 < 1500))
				return 'a slow body was cut before its 2 s deadline';
			// A connection that had its answer and then sends nothing: closed after the idle deadline.
			const idle = await conn(server.port);
			all.push(idle);
			write(idle, 'GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
			if (!(await until(() => / 200 /.test(idle.data), 3000 * scale)))
				return 'no answer on the keep-alive connection';
			if (!(await until(() => idle.closed, 8000 * scale)))
				return 'an idle keep-alive connection was left open';
			return null;
		},
	);

	await kase(
		'server-93.4',
		'4,100 half-finished requests from 65 addresses do not refuse the next visitor',
		['--conns-per-addr', '64', '--header-timeout', '60'],
		async (server, all) => {
			const opened = [];
			for (let a = 0; a < 65; a++) {
				const local = `127.0.1.${a + 1}`;
				const batch = await Promise.all(
					Array.from({ length: 64 }, () => conn(server.port, local)),
				);
				for (const c of batch) write(c, 'GET /api/health HTTP/1.1\r\nHo');
				opened.push(...batch);
				all.push(...batch);
				if (opened.length >= 4100) break;
			}
			await sleep(500);
			const open = opened.filter((c) => !c.closed).length;
			if (open < 4100)
				return `only ${open} of ${opened.length} half-finished connections held (each under its cap)`;
			const t0 = Date.now();
			const visitor = await health(server, '127.0.0.2', 3000 * scale);
			if (visitor !== 200) return `the next visitor got ${visitor} for /api/health`;
			if (process.env.VERBOSE) console.error(`server-93.4: visitor served in ${Date.now() - t0} ms`);
			return null;
		},
	);

	await kase(
		'server-93.5',
		'event streams over --streams-per-addr or --max-streams are answered 429 with Retry-After; pages are still served',
		['--streams-per-addr', '3', '--max-streams', '5'],
		async (server) => {
			const tag = Math.random().toString(36).slice(2, 8);
			const alice = new Client(server.base);
			const bob = new Client(server.base);
			let a = await alice.post('/api/signup', { name: `la_${tag}`, password: 'password-a' });
			if (a.status !== 201) return `signup: ${a.status} ${a.text}`;
			a = await bob.post('/api/signup', { name: `lb_${tag}`, password: 'password-b' });
			a = await alice.post('/api/games', { opponent: `lb_${tag}`, color: 'black', time: '1h' });
			if (a.status !== 201) return `create: ${a.status} ${a.text}`;
			const g = a.json.id;
			const url = `/api/games/${g}/events`;
			const streams = [];
			const open = async (local) => {
				try {
					const s = await EventStream.open(
						new Client(server.base, { localAddress: local }),
						url,
					);
					streams.push(s);
					return { status: 200 };
				} catch (e) {
					return { status: e.status || 0, text: e.text || e.message };
				}
			};
			try {
				for (let i = 0; i < 3; i++) {
					const r = await open('127.0.0.1');
					if (r.status !== 200)
						return `stream ${i + 1} of 127.0.0.1: ${r.status} ${r.text}`;
				}
				let r = await open('127.0.0.1');
				if (r.status !== 429) return `a 4th stream from 127.0.0.1: ${r.status}, not 429`;
				if (!/"error"/.test(r.text)) return `the 429 has no JSON error: ${r.text}`;
				const raw = await new Client(server.base, { localAddress: '127.0.0.1' }).get(url, {
					timeoutMs: 3000,
				});
				if (raw.status !== 429 || !raw.headers['retry-after'])
					return `the 429 lacks Retry-After (${raw.status} ${JSON.stringify(raw.headers)})`;
				for (let i = 0; i < 2; i++) {
					r = await open('127.0.0.2');
					if (r.status !== 200)
						return `stream ${i + 1} of 127.0.0.2: ${r.status} ${r.text}`;
				}
				r = await open('127.0.0.3');
				if (r.status !== 429)
					return `a 6th stream in all (from 127.0.0.3): ${r.status}, not 429`;
				const page = await new Client(server.base, { localAddress: '127.0.0.3' }).get(
					'/api/health',
				);
				if (page.status !== 200) return `/api/health with every stream taken: ${page.status}`;
				const game = await alice.get(`/api/games/${g}`);
				if (game.status !== 200) return `the game with every stream taken: ${game.status}`;
				// One stream closes: a new one is admitted again.
				streams.shift().req.destroy();
				let again = { status: 0 };
				for (
					let t0 = Date.now();
					again.status !== 200 && Date.now() - t0 < 5000 * scale;
					await sleep(200)
				)
					again = await open('127.0.0.3');
				if (again.status !== 200) return `no stream admitted once one closed (${again.status})`;
				return null;
			} finally {
				for (const s of streams) s.req.destroy();
				alice.close();
				bob.close();
			}
		},
	);

	await kase(
		'server-93.6',
		"an idle stream's client vanishing is noticed within a few seconds (the watcher count drops); idle streams are pinged",
		[],
		async (server) => {
			const tag = Math.random().toString(36).slice(2, 8);
			const alice = new Client(server.base);
			const bob = new Client(server.base);
			let a = await alice.post('/api/signup', { name: `va_${tag}`, password: 'password-a' });
			a = await bob.post('/api/signup', { name: `vb_${tag}`, password: 'password-b' });
			a = await alice.post('/api/games', { opponent: `vb_${tag}`, color: 'black', time: '1h' });
			if (a.status !== 201) return `create: ${a.status} ${a.text}`;
			const g = a.json.id;
			const streams = [];
			for (let i = 0; i < 20; i++)
				streams.push(await EventStream.open(new Client(server.base), `/api/games/${g}/events`));
			const watchers = async () => (await alice.get(`/api/games/${g}`)).json.watchers;
			let w = await watchers();
			if (w !== 20) return `watchers ${w} with 20 streams open`;
			for (const s of streams.splice(0, 15)) s.req.destroy();
			const t0 = Date.now();
			while ((w = await watchers()) !== 5 && Date.now() - t0 < 6000 * scale) await sleep(200);
			// The streams left, idle since they opened, get their ping after 15 s of silence.
			const pinged = w === 5 && (await until(() => streams.every((s) => s.pings > 0), 25000 * scale));
			for (const s of streams) s.req.destroy();
			alice.close();
			bob.close();
			if (w !== 5) return `watchers ${w}, not 5, 6 s after 15 of 20 clients left`;
			if (!pinged) return 'an idle stream got no ping within 25 s';
			return null;
		},
	);

	await kase(
		'server-93.8',
		'behind a trusted proxy: its connections are exempt from the cap, streams are counted by the forwarded address',
		[
			'--trust-proxy',
			'X-Forwarded-For',
			'--proxy-addr',
			'127.0.0.1',
			'--conns-per-addr',
			'4',
			'--streams-per-addr',
			'2',
		],
		async (server, all) => {
			for (let i = 0; i < 8; i++) all.push(await conn(server.port, '127.0.0.1'));
			await sleep(500);
			if (all.some((c) => c.closed)) return 'a connection from the proxy address was refused';
			const direct = [];
			for (let i = 0; i < 6; i++) direct.push(await conn(server.port, '127.0.0.2'));
			all.push(...direct);
			if (!(await until(() => direct.filter((c) => c.closed).length === 2, 3000 * scale)))
				return `${direct.filter((c) => c.closed).length} of 6 direct connections refused, not 2`;
			const tag = Math.random().toString(36).slice(2, 8);
			const alice = new Client(server.base);
			let a = await alice.post('/api/signup', { name: `pa_${tag}`, password: 'password-a' });
			a = await alice.post('/api/games', { opponent: 'open', color: 'black', time: '1h' });
			if (a.status !== 201) return `create: ${a.status} ${a.text}`;
			const url = `/api/games/${a.json.id}/events`;
			const streams = [];
			const open = async (client) => {
				try {
					streams.push(
						await EventStream.open(client, url, { 'X-Forwarded-For': client.name }),
					);
					return 200;
				} catch (e) {
					return e.status || 0;
				}
			};
			try {
				const x = new Client(server.base, { name: '203.0.113.7' });
				const y = new Client(server.base, { name: '203.0.113.8' });
				const got = [await open(x), await open(x), await open(x), await open(y)];
				if (got.join() !== '200,200,429,200')
					return `streams of 203.0.113.7 (3) and .8 (1) through the proxy: ${got.join()}, not 200,200,429,200`;
				return null;
			} finally {
				for (const s of streams) s.req.destroy();
				alice.close();
			}
		},
	);

	await kase(
		'server-93.9',
		'40 connections at once from one address with a cap of 4: exactly 4 are let in, however the I/O threads race to accept them',
		['--conns-per-addr', '4', '--io-threads', '4', '--header-timeout', '60'],
		async (server, all) => {
			const burst = await Promise.all(
				Array.from({ length: 40 }, () => conn(server.port, '127.0.0.3')),
			);
			all.push(...burst);
			// Every refusal is heard within the wait; the 4 let in stay open (the header deadline is 60 s).
			await until(() => burst.filter((c) => c.closed).length >= 36, 3000 * scale);
			await sleep(500);
			const open = burst.filter((c) => !c.closed).length;
			return open === 4 ? null : `${open} of 40 connections let in, not 4`;
		},
	);

	// A file limit lower than --max-connections: the ceiling is lowered to fit, and said.
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gyoku-limits-'));
	const wrapper = path.join(dir, 'gyoku');
	fs.writeFileSync(wrapper, `#!/bin/sh\nulimit -n 600 || exit 1\nexec ${path.resolve(o.bin)} "$@"\n`, {
		mode: 0o755,
	});
	o.bin = wrapper;
	await kase(
		'server-93.7',
		'a file limit lower than --max-connections lowers the ceiling (said on stderr), and the server still serves',
		['--max-connections', '16000', '--max-streams', '15000'],
		async (server) => {
			await until(() => /lowered/.test(server.log()), 3000 * scale);
			const said = server
				.log()
				.match(/--max-connections 16000 lowered to (\d+), --max-streams 15000 to (\d+)/);
			if (!said)
				return `no word of the lowered ceiling on stderr: ${server.log().trim().slice(-300)}`;
			const [conns, streams] = [parseInt(said[1], 10), parseInt(said[2], 10)];
			if (!(conns < 600 && streams < conns))
				return `ceilings ${conns} and ${streams} for a file limit of 600`;
			const ok = await health(server, '127.0.0.2');
			return ok === 200 ? null : `/api/health: ${ok}`;
		},
	);
	fs.rmSync(dir, { recursive: true, force: true });
}

main()
	.catch((e) => report('server-93.0', e.stack))
	.finally(() => {
		if (failed) process.exitCode = 1;
	});
