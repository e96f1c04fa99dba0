#!/usr/bin/env node
// tests/server/api.mjs: the API suite of the web server (docs/server.md, "API
// contract").  Starts its own `gyoku serve` (an SQLite file in a temporary
// directory, or --db postgresql://...), plays every transcript in
// tests/server/api/*.txt against it (the files at once, each file's cases in
// order), prints one line per case (PASS name / FAIL name: why), then stops
// the server and checks that it exits cleanly (case server-0.1: status 0, no
// sanitizer report, which matters for the debug build).
//
//   node tests/server/api.mjs [--bin bin/gyoku] [--db URL|FILE] [--web DIR]
//                             [--only SUBSTRING] [--scale 1] [FILE...]
//
// --scale multiplies every waiting limit (for the sanitizer build); without --web the server
// gets a stand-in board (index.html, app.js) in the temporary directory.
//
// The transcript format (one instruction a line; "#" starts a comment line):
//
//   case server-N.M  TEXT           starts a case; it passes when every line up to the next
//                                   case does; after a failure the rest of the case is skipped
//   timed                           the case holds the computer to its clock: skipped under
//                                   --scale other than 1 (the sanitizer build searches slower)
//   CLIENT METHOD PATH [BODY]       a request by a named client (made on first use, with its
//                                   own cookie jar); BODY is the rest of the line, sent as is
//   > Name: value                   a request header (right after a request or stream line)
//   poll [SECONDS] CLIENT METHOD PATH [BODY]
//                                   the request, repeated every 100 ms until the checks that
//                                   follow it hold (default 30 s)
//   status N [N...]                 checks on the last answer: its status is one of these
//   json PATH OP [VALUE]            a JSON field; PATH is dotted (moves.0, moves.-1 the last,
//                                   "." the whole); OP is one of
//                                     = VALUE / != VALUE    deep equality (VALUE is JSON, or a
//                                                           bare word taken as a string)
//                                     ~ REGEX / !~ REGEX    the value (as text) matches
//                                     has VALUE / lacks VALUE  an array holds the value, or a
//                                                           string holds the text
//                                     length N              of an array or string
//                                     > N  >= N  < N  <= N  numbers
//                                     exists / absent       (null exists)
//                                     type T                string number boolean null array object
//   error TEXT                      the status is 4xx/5xx and {"error"} contains TEXT
//   header NAME = VALUE | ~ REGEX | !~ REGEX | exists | absent
//   body has TEXT | body lacks TEXT | body ~ REGEX | body json
//   set VAR = PATH                  keeps a JSON field of the answer as ${VAR}
//   set VAR header NAME | set VAR body | set VAR cookie NAME   (a cookie in the client's jar)
//   let VAR VALUE                   ${VAR} = VALUE
//   client CLIENT addr 127.0.0.X    the client connects from that local address
//   signup CLIENT [PASSWORD]        signs up the user ${CLIENT} (the client's name plus this
//                                   run's tag), expecting 201
//   login CLIENT [PASSWORD]         logs in as ${CLIENT}, expecting 200
//   play GAME CLIENT1 CLIENT2 MOVE...  the moves in turn (CLIENT1 first) in game GAME, each 200
//   wait SECONDS
//   stream S CLIENT PATH            opens event stream S (expects 200 text/event-stream)
//   event S [TYPE [ID]]             the next event on S (within 10 s), of that type and id;
//                                   json checks that follow look at its data
//   noevent S SECONDS               nothing arrives on S for that long
//   close S
//
// Variables in paths, bodies, headers and values: ${VAR}, ${csrf:CLIENT} (the token of the
// client's session), ${run} (this file's tag in this run), ${origin} (http://127.0.0.1:PORT),
// ${host}, ${store} (sqlite|postgresql), ${pad:N} (N letters x), ${repeat:N:TEXT}, ${file:PATH}
// (a file's text as a JSON string), ${json:VAR} (a variable as a JSON string), ${upper:VAR},
// ${lower:VAR}, ${add:VAR,N} (a number variable plus N).
//
// The files share one server, so user names carry the tag (signup alice makes alice_TAG) and
// a file must not depend on the lobby or the login limit of 127.0.0.1 staying as it left them.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, EventStream, options, sanitizerReport, sleep, startServer, tempDir } from './lib.mjs';
import { SHAPES, problems } from '../../web/src/types.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS']);
const CHECKS = new Set(['status', 'json', 'error', 'header', 'body', 'set']);

// The shape (web/src/types.js, SHAPES) of each API route's 2xx answer: every answer of the run
// and every event is checked against its shape, and an answer of 400 or more must be an
// {"error"} (case server-0.2 then checks that each shape was met at least once).
const ROUTE_SHAPES = [
	['POST', /^\/api\/(signup|login)$/, 'me'],
	['POST', /^\/api\/logout$/, 'empty'],
	['GET', /^\/api\/me$/, 'meOrVisitor'],
	['POST', /^\/api\/password$/, 'empty'],
	['GET', /^\/api\/health$/, 'health'],
	['GET', /^\/api\/users\/[^/]+$/, 'user'],
	['POST', /^\/api\/(games|import)$/, 'created'],
	['POST', /^\/api\/games\/[^/]+\/rematch$/, 'created'],
	['GET', /^\/api\/games$/, 'gameList'],
	['GET', /^\/api\/games\/[^/]+$/, 'game'],
	[
		'POST',
		/^\/api\/games\/[^/]+\/(accept|cancel|decline|moves|resign|abort|declare|vacation|takeback|moretime)$/,
		'game',
	],
	['GET', /^\/api\/games\/[^/]+\/chat$/, 'chat'],
	['POST', /^\/api\/games\/[^/]+\/chat$/, 'chatMessage'],
	['POST', /^\/api\/games\/[^/]+\/chat\/spectators$/, 'chatSettings'],
	['PUT', /^\/api\/games\/[^/]+\/review$/, 'review'],
	['GET', /^\/api\/games\/[^/]+\/review$/, 'review'],
	['DELETE', /^\/api\/games\/[^/]+\/review$/, 'reviewDeleted'],
	['GET', /^\/api\/puzzles$/, 'puzzleThemes'],
	['GET', /^\/api\/puzzles\/daily$/, 'puzzleDaily'],
	['GET', /^\/api\/puzzles\/[^/]+$/, 'puzzle'],
	['POST', /^\/api\/puzzles\/[^/]+\/moves$/, 'puzzleMove'],
	['POST', /^\/api\/puzzles\/[^/]+\/solution$/, 'puzzleSolution'],
];
const EVENT_SHAPES = { move: 'moveEvent', end: 'endEvent', status: 'statusEvent', chat: 'chatEvent' };

// The name of the shape an answer to METHOD PATH with STATUS has, or null when it has none to
// check (not the API, an export, an event stream, a HEAD); undefined: a 2xx of no known route.
function shapeOf(method, p, status) {
	const route = p.split('?')[0];
	if (!route.startsWith('/api/') || /\/(export|events)$/.test(route) || method === 'HEAD') return null;
	if (status >= 400) return 'error';
	if (status < 200 || status >= 300) return null;
	const r = ROUTE_SHAPES.find(([m, re]) => m === method && re.test(route));
	return r ? r[2] : undefined;
}

// Splits off the first `n` space-separated words; the last element is the rest of the line.
function words(line, n) {
	const out = [];
	let rest = line.trim();
	for (let i = 0; i < n && rest; i++) {
		const m = rest.match(/^(\S+)\s*(.*)$/s);
		out.push(m[1]);
		rest = m[2];
	}
	while (out.length < n) out.push('');
	out.push(rest);
	return out;
}

// Parses a transcript into cases: [{name, title, line, steps: [...]}].
function parse(file, text) {
	const cases = [];
	let cur = null,
		last = null;
	const lines = text.split('\n');
	for (let i = 0; i < lines.length; i++) {
		const no = i + 1,
			raw = lines[i].replace(/\r$/, ''),
			line = raw.trim();
		if (!line || line.startsWith('#')) continue;
		const where = `${path.basename(file)}:${no}`;
		const bad = (msg) => {
			throw new Error(`${where}: ${msg}: ${line}`);
		};
		const [w0, w1] = words(line, 2);
		if (w0 === 'case') {
			const [, name, title] = words(line, 2);
			if (!/^server-\d+\.\d+$/.test(name)) bad('a case name is server-N.M');
			cur = { name, title, line: no, steps: [] };
			cases.push(cur);
			last = null;
			continue;
		}
		if (!cur) bad('an instruction before the first case');
		if (line === 'timed') {
			cur.timed = true;
			continue;
		}
		let step = { line: no, where, text: line };
		if (line.startsWith('>')) {
			if (!last || !last.headers) bad('a header line must follow a request or stream line');
			const m = line
				.slice(1)
				.trim()
				.match(/^([^:\s]+):\s?(.*)$/);
			if (!m) bad('a header line is "> Name: value"');
			last.headers.push([m[1], m[2]]);
			continue;
		}
		if (CHECKS.has(w0)) {
			if (!last || !last.checks)
				bad('a check must follow a request, poll, event, signup, login or play line');
			last.checks.push(step);
			continue;
		}
		if (w0 === 'poll' || METHODS.has(w1)) {
			let rest = line,
				timeout = 30;
			if (w0 === 'poll') {
				rest = words(line, 1)[1];
				const [n, r] = words(rest, 1);
				if (/^\d+(\.\d+)?$/.test(n)) ((timeout = parseFloat(n)), (rest = r));
			}
			const [client, method, p, body] = words(rest, 3);
			if (!METHODS.has(method) || !p.startsWith('/'))
				bad('a request is "CLIENT METHOD /path [body]"');
			step = {
				...step,
				kind: 'request',
				poll: w0 === 'poll' ? timeout : 0,
				client,
				method,
				path: p,
				body,
				headers: [],
				checks: [],
			};
		} else if (w0 === 'stream') {
			const [, s, client, p] = words(line, 3);
			if (!s || !client || !p.startsWith('/')) bad('a stream is "stream S CLIENT /path"');
			step = { ...step, kind: 'stream', stream: s, client, path: p, headers: [], checks: [] };
		} else if (w0 === 'event') {
			const [, s, type, id] = words(line, 3);
			if (!s) bad('an event line is "event S [TYPE [ID]]"');
			step = { ...step, kind: 'event', stream: s, type, id, checks: [] };
		} else if (['signup', 'login', 'play', 'wait', 'noevent', 'close', 'let', 'client'].includes(w0)) {
			step = { ...step, kind: w0, args: words(line, 1)[1] };
			if (['signup', 'login', 'play'].includes(w0)) step.checks = [];
		} else {
			bad('unknown instruction');
		}
		cur.steps.push(step);
		last = step;
	}
	return cases;
}

// A failure of one line of a case.
class Fail extends Error {}

// A JSON value at a dotted path, or undefined.
function at(doc, p) {
	if (p === '.' || p === '') return doc;
	let v = doc;
	for (const k of p.split('.')) {
		if (v === null || typeof v !== 'object') return undefined;
		if (Array.isArray(v) && /^-?\d+$/.test(k)) {
			const i = parseInt(k, 10);
			v = v[i < 0 ? v.length + i : i];
		} else {
			v = Object.prototype.hasOwnProperty.call(v, k) ? v[k] : undefined;
		}
	}
	return v;
}

function literal(text) {
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}

function equal(a, b) {
	return JSON.stringify(canon(a)) === JSON.stringify(canon(b));
}

function canon(v) {
	if (Array.isArray(v)) return v.map(canon);
	if (v && typeof v === 'object')
		return Object.fromEntries(
			Object.keys(v)
				.sort()
				.map((k) => [k, canon(v[k])]),
		);
	return v;
}

function typeOf(v) {
	return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
}

const show = (v) => (v === undefined ? 'absent' : JSON.stringify(v)?.slice(0, 300));

// The runner of one transcript file.
class Session {
	constructor(run, fileNo, cases) {
		this.run = run;
		this.tag = `${run.tag}${String(fileNo).padStart(2, '0')}`;
		this.cases = cases;
		this.clients = new Map();
		this.streams = new Map();
		this.vars = {
			run: this.tag,
			origin: run.server.base,
			host: `127.0.0.1:${run.server.port}`,
			store: run.store,
		};
		this.last = null;
	}

	client(name) {
		if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Fail(`bad client name ${name}`);
		if (!this.clients.has(name)) this.clients.set(name, new Client(this.run.server.base, { name }));
		return this.clients.get(name);
	}

	subst(text) {
		return text.replace(/\$\{([^}]*)\}/g, (all, v) => {
			const [k, arg] = v.includes(':')
				? [v.slice(0, v.indexOf(':')), v.slice(v.indexOf(':') + 1)]
				: [null, v];
			const need = (name) => {
				if (!(name in this.vars)) throw new Fail(`no variable ${name}`);
				return String(this.vars[name]);
			};
			switch (k) {
				case null:
					return need(arg);
				case 'pad':
					return 'x'.repeat(parseInt(arg, 10));
				case 'repeat': {
					const c = arg.indexOf(':');
					return arg.slice(c + 1).repeat(parseInt(arg.slice(0, c), 10));
				}
				case 'file':
					return JSON.stringify(fs.readFileSync(path.resolve(root, arg), 'utf8'));
				case 'json':
					return JSON.stringify(need(arg));
				case 'add': {
					const [name, n] = arg.split(',');
					return String(Number(need(name)) + Number(n));
				}
				case 'upper':
					return need(arg).toUpperCase();
				case 'lower':
					return need(arg).toLowerCase();
				case 'csrf': {
					const c = this.clients.get(arg);
					if (!c || !c.csrf) throw new Fail(`client ${arg} has no CSRF token yet`);
					return c.csrf;
				}
				default:
					throw new Fail(`unknown substitution ${all}`);
			}
		});
	}

	userName(client) {
		const n = `${client}_${this.tag}`;
		if (n.length > 20) throw new Fail(`client name ${client} too long for a user name`);
		return n;
	}

	// Checks that the answer `a` to METHOD PATH (or an event's data, `a` being {json}) has its
	// shape `name` in web/src/types.js; throws a Fail saying where it differs.
	shaped(name, a, what) {
		if (name === null) return;
		if (name === undefined)
			throw new Fail(`${what}: no shape in web/src/types.js for this answer: ${show(a.json)}`);
		if (a.json === null) throw new Fail(`${what}: the answer is not JSON: ${(a.text || '').slice(0, 200)}`);
		const p = problems(name, a.json);
		if (p.length)
			throw new Fail(
				`${what}: not the shape of web/src/types.js's ${name}: ${p.slice(0, 3).join('; ')}`,
			);
		this.run.shapes.set(name, (this.run.shapes.get(name) || 0) + 1);
	}

	// Runs the checks of `step` on the answer `a`; the first failure as text, else null.
	check(step, a) {
		for (const c of step.checks) {
			const why = this.checkOne(c, a);
			if (why) return `line ${c.line} (${c.text}): ${why}`;
		}
		return null;
	}

	checkOne(c, a) {
		const [w0] = words(c.text, 1);
		const brief = () => `${a.status ? 'status ' + a.status + ', ' : ''}${(a.text || '').slice(0, 400)}`;
		if (w0 === 'status') {
			const want = words(c.text, 1)[1].split(/\s+/).map(Number);
			return want.includes(a.status)
				? null
				: `status ${a.status}, want ${want.join(' or ')}: ${(a.text || '').slice(0, 400)}`;
		}
		if (w0 === 'error') {
			const want = this.subst(words(c.text, 1)[1]);
			const msg = a.json && typeof a.json.error === 'string' ? a.json.error : null;
			if (!(a.status >= 400)) return `status ${a.status}, want an error: ${brief()}`;
			if (msg === null) return `no {"error"} message: ${brief()}`;
			return msg.includes(want)
				? null
				: `error ${JSON.stringify(msg)} lacks ${JSON.stringify(want)} (status ${a.status})`;
		}
		if (w0 === 'header') {
			const [, name, op, value] = words(c.text, 3);
			const got = a.headers ? a.headers[name.toLowerCase()] : undefined;
			const v = Array.isArray(got) ? got.join(', ') : got;
			switch (op) {
				case 'exists':
					return v !== undefined ? null : `no header ${name}`;
				case 'absent':
					return v === undefined ? null : `header ${name}: ${v}`;
				case '=':
					return v === this.subst(value)
						? null
						: `header ${name}: ${show(v)}, want ${JSON.stringify(this.subst(value))}`;
				case '~':
					return v !== undefined && new RegExp(this.subst(value)).test(v)
						? null
						: `header ${name}: ${show(v)} does not match /${value}/`;
				case '!~':
					return v === undefined || !new RegExp(this.subst(value)).test(v)
						? null
						: `header ${name}: ${show(v)} matches /${value}/`;
				default:
					return `unknown header check ${op}`;
			}
		}
		if (w0 === 'body') {
			const [, op, value] = words(c.text, 2);
			const text = a.text ?? '';
			switch (op) {
				case 'has':
					return text.includes(this.subst(value))
						? null
						: `the body lacks ${JSON.stringify(this.subst(value))}: ${text.slice(0, 400)}`;
				case 'lacks':
					return !text.includes(this.subst(value))
						? null
						: `the body has ${JSON.stringify(this.subst(value))}`;
				case '~':
					return new RegExp(this.subst(value), 'm').test(text)
						? null
						: `the body does not match /${value}/: ${text.slice(0, 400)}`;
				case 'json':
					try {
						JSON.parse(text);
						return null;
					} catch (e) {
						return `the body is not JSON (${e.message}): ${text.slice(0, 200)}`;
					}
				default:
					return `unknown body check ${op}`;
			}
		}
		if (w0 === 'set') {
			const [, name, how, arg] = words(c.text, 3);
			if (how === '=') {
				const v = at(a.json, arg);
				if (v === undefined) return `no field ${arg} to keep: ${brief()}`;
				this.vars[name] = typeof v === 'string' ? v : JSON.stringify(v);
			} else if (how === 'header') {
				const v = a.headers && a.headers[arg.toLowerCase()];
				if (v === undefined) return `no header ${arg} to keep`;
				this.vars[name] = String(v);
			} else if (how === 'body') {
				this.vars[name] = a.text ?? '';
			} else if (how === 'cookie') {
				const v = this.lastClient && this.lastClient.cookies.get(arg);
				if (v === undefined) return `the client has no cookie ${arg}`;
				this.vars[name] = v;
			} else {
				return 'set VAR = PATH | set VAR header NAME | set VAR cookie NAME | set VAR body';
			}
			return null;
		}
		// json PATH OP VALUE
		const [, p, op, value] = words(c.text, 3);
		if (!a.json && a.json !== 0) {
			if (op !== 'absent') return `the answer is not JSON: ${brief()}`;
		}
		const v = at(a.json, this.subst(p));
		const arg = this.subst(value);
		const num = () => {
			if (typeof v !== 'number') return `${p} is ${show(v)}, not a number`;
			return null;
		};
		switch (op) {
			case '=':
				return equal(v, literal(arg)) ? null : `${p} is ${show(v)}, want ${arg}`;
			case '!=':
				return v !== undefined && !equal(v, literal(arg)) ? null : `${p} is ${show(v)}`;
			case '~':
				return v !== undefined &&
					v !== null &&
					new RegExp(arg).test(typeof v === 'string' ? v : JSON.stringify(v))
					? null
					: `${p} is ${show(v)}, does not match /${arg}/`;
			case '!~':
				return v !== undefined &&
					!new RegExp(arg).test(typeof v === 'string' ? v : JSON.stringify(v))
					? null
					: `${p} is ${show(v)}, matches /${arg}/`;
			case 'has':
			case 'lacks': {
				const want = literal(arg);
				let has;
				if (Array.isArray(v)) has = v.some((x) => equal(x, want));
				else if (typeof v === 'string') has = v.includes(String(want));
				else return `${p} is ${show(v)}, not an array or string`;
				return has === (op === 'has')
					? null
					: `${p} ${op === 'has' ? 'lacks' : 'has'} ${arg}: ${show(v)}`;
			}
			case 'length': {
				if (!Array.isArray(v) && typeof v !== 'string')
					return `${p} is ${show(v)}, has no length`;
				return v.length === Number(arg)
					? null
					: `${p} has length ${v.length}, want ${arg}: ${show(v)}`;
			}
			case '>':
				return num() || (v > Number(arg) ? null : `${p} is ${v}, want > ${arg}`);
			case '>=':
				return num() || (v >= Number(arg) ? null : `${p} is ${v}, want >= ${arg}`);
			case '<':
				return num() || (v < Number(arg) ? null : `${p} is ${v}, want < ${arg}`);
			case '<=':
				return num() || (v <= Number(arg) ? null : `${p} is ${v}, want <= ${arg}`);
			case 'exists':
				return v !== undefined ? null : `no field ${p}: ${brief()}`;
			case 'absent':
				return v === undefined ? null : `${p} is ${show(v)}, want absent`;
			case 'type':
				return typeOf(v) === arg ? null : `${p} is ${show(v)} (${typeOf(v)}), want a ${arg}`;
			default:
				return `unknown json check ${op}`;
		}
	}

	async request(step) {
		const c = this.client(step.client);
		this.lastClient = c;
		const p = this.subst(step.path);
		const body = step.body ? this.subst(step.body) : undefined;
		const headers = {};
		for (const [k, v] of step.headers) headers[k] = this.subst(v);
		const scale = this.run.scale;
		const until = Date.now() + step.poll * 1000 * scale;
		for (;;) {
			let a;
			try {
				a = await c.request(step.method, p, { body, headers, timeoutMs: 30000 * scale });
			} catch (e) {
				throw new Fail(`${step.method} ${p}: ${e.message}`);
			}
			this.last = a;
			this.shaped(shapeOf(step.method, p, a.status), a, `${step.method} ${p}`);
			const why = this.check(step, a);
			if (!why) return;
			if (!step.poll || Date.now() > until)
				throw new Fail(step.poll ? `still after ${step.poll} s: ${why}` : why);
			await sleep(100);
		}
	}

	async exec(step) {
		const scale = this.run.scale;
		switch (step.kind) {
			case 'request':
				return this.request(step);
			case 'let': {
				const [name, value] = words(step.args, 1);
				this.vars[name] = this.subst(value);
				return;
			}
			case 'client': {
				const [name, what, addr] = words(step.args, 2);
				if (what !== 'addr' || this.clients.has(name))
					throw new Fail('client CLIENT addr IP, before its first request');
				this.clients.set(name, new Client(this.run.server.base, { name, localAddress: addr }));
				return;
			}
			case 'signup':
			case 'login': {
				const [name, pw] = words(step.args, 1);
				const user = this.userName(name);
				this.lastClient = this.client(name);
				const a = await this.client(name).post(`/api/${step.kind}`, {
					name: user,
					password: pw || `pw-${name}-secret`,
				});
				this.last = a;
				this.shaped(shapeOf('POST', `/api/${step.kind}`, a.status), a, step.kind);
				const want = step.kind === 'signup' ? 201 : 200;
				if (a.status !== want)
					throw new Fail(
						`${step.kind} ${user}: status ${a.status}, want ${want}: ${a.text.slice(0, 300)}`,
					);
				this.vars[name] = user;
				const why = this.check(step, a);
				if (why) throw new Fail(why);
				return;
			}
			case 'play': {
				const [g, c1, c2, moves] = words(this.subst(step.args), 3);
				const list = moves.split(/\s+/).filter(Boolean);
				for (let i = 0; i < list.length; i++) {
					const who = i % 2 ? c2 : c1;
					const a = await this.client(who).post(`/api/games/${g}/moves`, {
						move: list[i],
					});
					this.last = a;
					this.shaped(
						shapeOf('POST', `/api/games/${g}/moves`, a.status),
						a,
						`move ${i + 1}`,
					);
					if (a.status !== 200)
						throw new Fail(
							`move ${i + 1} (${list[i]} by ${who}): status ${a.status}: ${a.text.slice(0, 300)}`,
						);
				}
				const why = this.check(step, this.last);
				if (why) throw new Fail(why);
				return;
			}
			case 'wait':
				return sleep(parseFloat(step.args) * 1000);
			case 'stream': {
				const headers = {};
				for (const [k, v] of step.headers) headers[k] = this.subst(v);
				const c = this.client(step.client);
				const old = this.streams.get(step.stream);
				if (old) old.close();
				let s;
				try {
					s = await EventStream.open(c, this.subst(step.path), headers);
				} catch (e) {
					this.last = { status: e.status, text: e.text, json: literal(e.text || 'null') };
					const why = this.check(step, this.last);
					if (why) throw new Fail(`stream: ${e.message}`);
					return;
				}
				this.streams.set(step.stream, s);
				this.last = { status: 200, headers: s.headers, text: '', json: null };
				const why = this.check(step, this.last);
				if (why) throw new Fail(why);
				return;
			}
			case 'event': {
				const s = this.streams.get(step.stream);
				if (!s) throw new Fail(`no stream ${step.stream}`);
				const ev = await s.next(10000 * scale);
				if (!ev)
					throw new Fail(
						`no event on ${step.stream} within ${10 * scale} s${s.ended ? ' (the stream ended)' : ''}`,
					);
				const got = `event ${ev.event} id ${ev.id}: ${ev.data}`;
				if (step.type && ev.event !== step.type)
					throw new Fail(`${got}; want an event ${step.type}`);
				if (step.id && ev.id !== this.subst(step.id))
					throw new Fail(`${got}; want id ${this.subst(step.id)}`);
				this.last = { status: 0, headers: {}, text: ev.data, json: ev.json };
				this.shaped(EVENT_SHAPES[ev.event], this.last, got);
				const why = this.check(step, this.last);
				if (why) throw new Fail(`${why} (${got})`);
				return;
			}
			case 'noevent': {
				const [s, secs] = words(step.args, 1);
				const st = this.streams.get(s);
				if (!st) throw new Fail(`no stream ${s}`);
				const ev = await st.next(parseFloat(secs) * 1000);
				if (ev) throw new Fail(`an event arrived: ${ev.event} id ${ev.id}: ${ev.data}`);
				return;
			}
			case 'close': {
				const s = this.streams.get(step.args.trim());
				if (!s) throw new Fail(`no stream ${step.args}`);
				s.close();
				this.streams.delete(step.args.trim());
				return;
			}
		}
	}

	// Runs the cases in order; returns the result lines.
	async runAll() {
		const out = [];
		for (const c of this.cases) {
			if (c.timed && this.run.scale !== 1) {
				out.push(
					`SKIP ${c.name}: ${c.title}: the computer's clock is held to in the release build (--scale 1) only`,
				);
				continue;
			}
			let why = null;
			for (const step of c.steps) {
				try {
					await this.exec(step);
				} catch (e) {
					why =
						e instanceof Fail
							? `line ${step.line} (${step.text.slice(0, 120)}): ${e.message}`
							: `line ${step.line}: ${e.stack}`;
					break;
				}
			}
			out.push(why ? `FAIL ${c.name}: ${c.title}: ${why}` : `PASS ${c.name}`);
		}
		for (const s of this.streams.values()) s.close();
		for (const c of this.clients.values()) c.close();
		return out;
	}
}

async function main() {
	const o = options({ bin: 'bin/gyoku', db: '', web: '', only: '', scale: '1', workers: '2' });
	process.chdir(root);
	const files = o.rest.length
		? o.rest
		: fs
				.readdirSync(path.join(here, 'api'))
				.filter((f) => f.endsWith('.txt'))
				.sort()
				.map((f) => path.join(here, 'api', f));
	const parsed = [];
	const names = new Set();
	for (const f of files) {
		try {
			const cases = parse(f, fs.readFileSync(f, 'utf8')).filter(
				(c) => !o.only || c.name.includes(o.only) || f.includes(o.only),
			);
			for (const c of cases) {
				if (names.has(c.name))
					throw new Error(`${path.basename(f)}:${c.line}: case ${c.name} twice`);
				names.add(c.name);
			}
			parsed.push({ file: f, no: parseInt(path.basename(f), 10) || parsed.length + 1, cases });
		} catch (e) {
			console.log(`FAIL server-0.0: transcript ${path.basename(f)}: ${e.message}`);
			process.exitCode = 1;
			return;
		}
	}
	const dir = tempDir();
	// The browser board: a stand-in, so the suite does not depend on the npm build of web/.
	let web = o.web;
	if (!web) {
		web = path.join(dir, 'web');
		fs.mkdirSync(web);
		fs.writeFileSync(
			path.join(web, 'index.html'),
			'<!doctype html><title>gyoku test board</title><script src="/app.js"></script>\n',
		);
		fs.writeFileSync(path.join(web, 'app.js'), 'console.log("gyoku test board");\n');
	}
	let server;
	try {
		server = await startServer({
			bin: o.bin,
			db: o.db || path.join(dir, 'api.db'),
			web,
			workers: o.workers,
			dir,
			timeoutMs: 30000 * o.scale,
			// Every transcript's users connect from 127.0.0.1 at once: more than one address's cap.
			// They are some 150 users, each as fast as a script (a case's bad inputs back to back):
			// more writes than a real site's addresses and users make (docs/server.md "Rate
			// limits", tested by flood.mjs).
			args: [
				'--conns-per-addr',
				'100000',
				'--streams-per-addr',
				'100000',
				'--addr-writes-per-min',
				'1000000',
				'--writes-per-min',
				'1000000',
			],
		});
	} catch (e) {
		console.log(`FAIL server-0.0: the server did not start: ${e.message}`);
		fs.rmSync(dir, { recursive: true, force: true });
		process.exitCode = 1;
		return;
	}
	const run = {
		server,
		scale: parseFloat(o.scale),
		store: /^postgres(ql)?:/.test(o.db) ? 'postgresql' : 'sqlite',
		tag: Math.random().toString(36).slice(2, 6).padEnd(4, '0'),
		shapes: new Map(), // shape name -> answers and events checked against it
	};
	const results = await Promise.all(parsed.map((p) => new Session(run, p.no, p.cases).runAll()));
	for (const lines of results) for (const l of lines) console.log(l);
	const unseen = Object.keys(SHAPES).filter((k) => !run.shapes.has(k));
	const seen = [...run.shapes].map(([k, n]) => `${k} ${n}`).join(', ');
	if (o.rest.length || o.only) console.log('SKIP server-0.2: a part of the transcripts ran');
	else if (unseen.length)
		console.log(`FAIL server-0.2: no answer or event had the shape ${unseen.join(', ')} (${seen})`);
	else console.log(`PASS server-0.2 every answer and event had its shape of web/src/types.js (${seen})`);
	const e = await server.stop(30000 * run.scale);
	const log = server.log();
	const san = sanitizerReport(log);
	if (e.code === 0 && !san) console.log('PASS server-0.1');
	else
		console.log(
			`FAIL server-0.1: the server did not stop cleanly on SIGTERM (status ${e.code ?? e.signal})${san ? ': ' + san : ''}: ${log.trim().split('\n').slice(-5).join(' | ')}`,
		);
	fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((e) => {
	console.log(`FAIL server-0.0: ${e.stack}`);
	process.exitCode = 1;
});
