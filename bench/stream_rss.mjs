#!/usr/bin/env node
// bench/stream_rss.mjs: the server's memory per idle event stream (docs/server.md "Concurrency
// and limits").  Starts `gyoku serve` on SQLite in a temporary directory, makes one game, reads
// the server's resident memory (VmRSS) and thread count, opens N idle event streams on the game
// (from 127.0.0.1, the per-address caps raised), waits for them to settle, reads them again, and
// prints the difference per stream.  Linux only (/proc).
//
//   node bench/stream_rss.mjs [--bin bin/gyoku] [--streams 5000]

import fs from 'node:fs';
import { Client, EventStream, options, sleep, startServer } from '../tests/server/lib.mjs';

const o = options({ bin: 'bin/gyoku', streams: '5000' });
const n = parseInt(o.streams, 10);

function proc(pid) {
	const s = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
	const kib = parseInt(s.match(/^VmRSS:\s+(\d+)/m)[1], 10);
	const threads = parseInt(s.match(/^Threads:\s+(\d+)/m)[1], 10);
	return { kib, threads };
}

const server = await startServer({
	bin: o.bin,
	args: ['--conns-per-addr', '1000000', '--streams-per-addr', '1000000'],
});
try {
	const alice = new Client(server.base),
		bob = new Client(server.base);
	const tag = Math.random().toString(36).slice(2, 8);
	await alice.post('/api/signup', { name: `ra_${tag}`, password: 'password-a' });
	await bob.post('/api/signup', { name: `rb_${tag}`, password: 'password-b' });
	const g = (await alice.post('/api/games', { opponent: `rb_${tag}`, color: 'black', time: '1h' })).json.id;
	await bob.post(`/api/games/${g}/accept`);
	// One stream first, so the topic and the first allocations of the I/O threads count in "before".
	const streams = [await EventStream.open(new Client(server.base), `/api/games/${g}/events`)];
	await sleep(1000);
	const before = proc(server.proc.pid);
	const viewer = new Client(server.base);
	for (let i = 0; i < n; i += 200)
		streams.push(
			...(await Promise.all(
				Array.from({ length: Math.min(200, n - i) }, () =>
					EventStream.open(viewer, `/api/games/${g}/events`),
				),
			)),
		);
	await sleep(3000);
	const after = proc(server.proc.pid);
	const watchers = (await alice.get(`/api/games/${g}`)).json.watchers;
	console.log(
		`idle streams: ${n} (watchers ${watchers}); server RSS ${(before.kib / 1024).toFixed(1)} MiB -> ` +
			`${(after.kib / 1024).toFixed(1)} MiB, ${((after.kib - before.kib) / n).toFixed(1)} KiB per stream; ` +
			`threads ${before.threads} -> ${after.threads}`,
	);
	for (const s of streams) s.req.destroy();
	alice.close();
	bob.close();
} finally {
	await server.stop();
}
