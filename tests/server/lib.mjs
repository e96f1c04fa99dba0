// tests/server/lib.mjs: what the server tests share (docs/server.md):
// starting and stopping `gyoku serve` on a free port, an HTTP client with
// its own cookie jar, and an event-stream reader.  Node 20, no packages:
// node:http rather than fetch, so a test controls every header (fetch adds
// its own, like Sec-Fetch-Mode) and the local address (the per-address
// login limit is tested from 127.0.0.x).

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// A temporary directory, removed by the caller (fs.rmSync(dir, {recursive: true})).
export function tempDir(prefix = 'gyoku-server-') {
	return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

// Starts `bin serve` on port 0 with the store `db` (a file or a postgresql:// URL), and the further
// options `args`, and waits until it listens.  Returns {port, base, proc, log(), exited, stop(), kill9()}; throws when it does not start.
export async function startServer({
	bin = 'bin/gyoku',
	db,
	web = 'web/dist',
	workers = 1,
	dir,
	timeoutMs = 30000,
	puzzles,
	args: extra = [],
} = {}) {
	const own = !dir;
	dir = dir || tempDir();
	const portFile = path.join(dir, `port-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`);
	const args = [
		'serve',
		'--port',
		'0',
		'--port-file',
		portFile,
		'--db',
		db || path.join(dir, 'gyoku.db'),
		'--web',
		web,
		'--workers',
		String(workers),
		...(puzzles ? ['--puzzles', puzzles] : []),
		...extra,
	];
	const proc = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
	let out = '';
	proc.stdout.on('data', (d) => (out += d));
	proc.stderr.on('data', (d) => (out += d));
	const exited = new Promise((resolve) => proc.on('exit', (code, signal) => resolve({ code, signal })));
	let gone = null;
	exited.then((e) => (gone = e));
	// A test that dies (an uncaught exception) must not leave its server running.
	const reap = () => gone || proc.kill('SIGKILL');
	process.on('exit', reap);
	exited.then(() => process.off('exit', reap));
	const t0 = Date.now();
	let port = 0;
	while (!port) {
		if (gone)
			throw new Error(
				`gyoku serve exited (${gone.code ?? gone.signal}) before listening: ${out.trim().slice(-500)}`,
			);
		if (Date.now() - t0 > timeoutMs) {
			proc.kill('SIGKILL');
			throw new Error(`gyoku serve did not listen within ${timeoutMs} ms: ${out.trim().slice(-500)}`);
		}
		try {
			const text = fs.readFileSync(portFile, 'utf8');
			if (text.endsWith('\n')) port = parseInt(text, 10);
		} catch {}
		if (!port) await sleep(20);
	}
	fs.rmSync(portFile, { force: true });
	const server = {
		port,
		base: `http://127.0.0.1:${port}`,
		proc,
		dir,
		exited,
		log: () => out,
		// SIGTERM, then the exit status ({code, signal}); SIGKILL after `graceMs`.
		async stop(graceMs = 20000) {
			if (!gone) proc.kill('SIGTERM');
			const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
			const e = await exited;
			clearTimeout(timer);
			if (own) fs.rmSync(dir, { recursive: true, force: true });
			return e;
		},
		async kill9() {
			if (!gone) proc.kill('SIGKILL');
			return exited;
		},
	};
	return server;
}

// An HTTP client with its own cookie jar and connection pool.
export class Client {
	constructor(base, { localAddress, name } = {}) {
		this.base = base;
		this.name = name;
		this.cookies = new Map();
		this.csrf = null;
		this.localAddress = localAddress;
		this.agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
	}

	cookieHeader() {
		return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
	}

	takeCookies(headers) {
		let list = headers['set-cookie'] || [];
		for (const c of list) {
			const [pair, ...attrs] = c.split(';');
			const eq = pair.indexOf('=');
			if (eq < 0) continue;
			const k = pair.slice(0, eq).trim(),
				v = pair.slice(eq + 1).trim();
			const gone = attrs.some((a) => /^\s*max-age\s*=\s*0\s*$/i.test(a)) || v === '';
			if (gone) this.cookies.delete(k);
			else this.cookies.set(k, v);
		}
	}

	// One request: `body` a string, Buffer or (JSON-encoded) object; resolves to
	// {status, headers, text, json} (json null when the body is not JSON).  `timeoutMs` 0: none.
	request(method, urlPath, { body, headers = {}, timeoutMs = 60000, base } = {}) {
		// The path goes out as written (no URL normalization), so "/../x" and "%2e%2e" reach the server.
		const b = new URL(base || this.base);
		const url = { protocol: b.protocol, hostname: b.hostname, port: b.port, path: urlPath };
		let data = null;
		if (body !== undefined && body !== null)
			data = Buffer.isBuffer(body)
				? body
				: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
		const h = { ...headers };
		const jar = this.cookieHeader();
		if (jar && !Object.keys(h).some((k) => k.toLowerCase() === 'cookie')) h.Cookie = jar;
		if (data && !Object.keys(h).some((k) => k.toLowerCase() === 'content-type'))
			h['Content-Type'] = 'application/json';
		if (data) h['Content-Length'] = String(data.length);
		return new Promise((resolve, reject) => {
			const req = http.request(
				{
					...url,
					method,
					headers: h,
					agent: this.agent,
					localAddress: this.localAddress,
					timeout: timeoutMs || undefined,
				},
				(res) => {
					const chunks = [];
					res.on('data', (c) => chunks.push(c));
					res.on('error', reject);
					res.on('end', () => {
						this.takeCookies(res.headers);
						const raw = Buffer.concat(chunks);
						const text = raw.toString('utf8');
						let json = null;
						try {
							json = JSON.parse(text);
						} catch {}
						if (json && typeof json.csrf === 'string') this.csrf = json.csrf;
						resolve({
							status: res.statusCode,
							headers: res.headers,
							text,
							raw,
							json,
						});
					});
				},
			);
			req.on('timeout', () =>
				req.destroy(new Error(`${method} ${urlPath}: no answer within ${timeoutMs} ms`)),
			);
			req.on('error', reject);
			// With "Expect: 100-continue" the body waits for the server's go-ahead, so a body the
			// server refuses at once (413 by Content-Length) is never sent, and no reset can
			// overtake the answer.
			if (
				data &&
				Object.entries(h).some(
					([k, v]) => k.toLowerCase() === 'expect' && /100-continue/i.test(v),
				)
			) {
				req.on('continue', () => req.end(data));
				req.flushHeaders();
				return;
			}
			if (data) req.write(data);
			req.end();
		});
	}

	get(p, opts) {
		return this.request('GET', p, opts);
	}

	post(p, body, opts = {}) {
		return this.request('POST', p, { ...opts, body: body === undefined ? {} : body });
	}

	// Points the client at another server (a restarted one), with fresh connections.
	rebase(base) {
		this.agent.destroy();
		this.agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
		this.base = base;
	}

	close() {
		this.agent.destroy();
	}
}

// An open event stream (GET /api/games/{id}/events): next() gives the events one by one.
export class EventStream {
	// Resolves once the response headers arrived; rejects on a non-200 answer.
	static open(client, urlPath, headers = {}) {
		const b = new URL(client.base);
		const h = { Accept: 'text/event-stream', ...headers };
		const jar = client.cookieHeader();
		if (jar) h.Cookie = jar;
		return new Promise((resolve, reject) => {
			// A connection of its own: a stream never ends, so it must not hold a pooled socket.
			const req = http.request(
				{
					hostname: b.hostname,
					port: b.port,
					path: urlPath,
					method: 'GET',
					headers: h,
					agent: false,
					localAddress: client.localAddress,
				},
				(res) => {
					if (res.statusCode !== 200) {
						let text = '';
						res.on('data', (c) => (text += c));
						res.on('end', () =>
							reject(
								Object.assign(
									new Error(
										`event stream: status ${res.statusCode}: ${text}`,
									),
									{
										status: res.statusCode,
										text,
									},
								),
							),
						);
						return;
					}
					resolve(new EventStream(req, res));
				},
			);
			req.on('error', reject);
			req.end();
		});
	}

	constructor(req, res) {
		this.req = req;
		this.res = res;
		this.headers = res.headers;
		this.buf = '';
		this.queue = [];
		this.waiters = [];
		this.ended = false;
		this.pings = 0;
		res.setEncoding('utf8');
		res.on('data', (d) => {
			this.buf += d;
			this.parse();
		});
		const end = () => {
			this.ended = true;
			for (const w of this.waiters.splice(0)) w();
		};
		res.on('end', end);
		res.on('error', end);
		res.on('close', end);
	}

	// Splits the buffer into events: {id, event, data (text), json}; comments count as pings.
	parse() {
		let i;
		while ((i = this.buf.indexOf('\n\n')) >= 0) {
			const block = this.buf.slice(0, i);
			this.buf = this.buf.slice(i + 2);
			const ev = { id: null, event: 'message', data: null };
			let fields = 0;
			for (const line of block.split('\n')) {
				if (line.startsWith(':')) {
					this.pings++;
					continue;
				}
				const c = line.indexOf(':');
				const k = c < 0 ? line : line.slice(0, c);
				let v = c < 0 ? '' : line.slice(c + 1);
				if (v.startsWith(' ')) v = v.slice(1);
				if (k === 'id') ((ev.id = v), fields++);
				else if (k === 'event') ((ev.event = v), fields++);
				else if (k === 'data')
					((ev.data = ev.data === null ? v : ev.data + '\n' + v), fields++);
			}
			if (!fields || ev.data === null) continue; // a comment, or "retry:" alone
			try {
				ev.json = JSON.parse(ev.data);
			} catch {
				ev.json = null;
			}
			this.queue.push(ev);
		}
		for (const w of this.waiters.splice(0)) w();
	}

	// The next event, or null after `timeoutMs` or at the end of the stream.
	async next(timeoutMs = 10000) {
		const until = Date.now() + timeoutMs;
		while (!this.queue.length) {
			if (this.ended) return null;
			const left = until - Date.now();
			if (left <= 0) return null;
			await new Promise((resolve) => {
				const t = setTimeout(resolve, left);
				this.waiters.push(() => {
					clearTimeout(t);
					resolve();
				});
			});
		}
		return this.queue.shift();
	}

	close() {
		this.req.destroy();
		this.res.destroy();
	}
}

// A small seeded random generator (xorshift32), so a failing run can be repeated with its seed.
export function rng(seed) {
	let x = seed >>> 0 || 1;
	const next = () => {
		x ^= x << 13;
		x >>>= 0;
		x ^= x >>> 17;
		x ^= x << 5;
		x >>>= 0;
		return x / 4294967296;
	};
	next.int = (n) => Math.floor(next() * n);
	next.pick = (a) => a[Math.floor(next() * a.length)];
	return next;
}

// Reads "--name value" options from argv into an object of defaults.
export function options(defaults, argv = process.argv.slice(2)) {
	const o = { ...defaults, rest: [] };
	for (let i = 0; i < argv.length; i++) {
		const a = argv[i];
		if (a.startsWith('--')) {
			const k = a.slice(2);
			if (!(k in defaults))
				throw new Error(
					`unknown option ${a} (know: ${Object.keys(defaults)
						.map((k) => '--' + k)
						.join(' ')})`,
				);
			if (typeof defaults[k] === 'boolean') o[k] = true;
			else o[k] = argv[++i];
		} else {
			o.rest.push(a);
		}
	}
	return o;
}

// A sanitizer's report in a server's output (the debug build), or null.
export function sanitizerReport(log) {
	const m = log.match(/(ERROR: (Address|Leak|Thread|Memory)Sanitizer.*|runtime error:.*)/);
	return m ? m[0] : null;
}
