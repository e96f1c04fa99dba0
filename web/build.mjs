// build.mjs: bundles the site into dist/ with esbuild: dist/index.html, dist/app.js (with a
// source map) and dist/app.css (imported by src/main.js); and the engine in the browser into
// dist/engine/: engine-worker.js (src/engine-worker.js, a classic worker script) beside
// gyoku-engine{,-simd,-mt}.{js,wasm} and gyoku-engine-mt.worker.js (the threaded build's thread
// script), and the rules of the main thread, gyoku-rules.{js,wasm} (src/rules.js), copied from ../build/wasm/ where `make web` built them with emscripten (without them,
// dist/engine/ is left out; without the threaded build, the worker falls back to one thread).  Run by `npm run build` after tsc.
import { build } from 'esbuild';
import { copyFile, mkdir, rm, access } from 'node:fs/promises';

const here = new URL('.', import.meta.url).pathname;
const dist = here + 'dist';

await rm(dist, { recursive: true, force: true });
await mkdir(dist, { recursive: true });
await build({
	entryPoints: { app: here + 'src/main.js' },
	bundle: true,
	format: 'esm',
	target: 'es2022',
	minify: true,
	sourcemap: true,
	outdir: dist,
	logLevel: 'warning',
});
const wasm = here + '../build/wasm/';
const hasEngine = await access(wasm + 'gyoku-engine.wasm').then(
	() => true,
	() => false,
);
if (hasEngine) {
	await mkdir(dist + '/engine', { recursive: true });
	await build({
		entryPoints: { 'engine-worker': here + 'src/engine-worker.js' },
		bundle: true,
		format: 'iife',
		target: 'es2022',
		minify: true,
		outdir: dist + '/engine',
		logLevel: 'warning',
	});
	for (const f of ['gyoku-engine.js', 'gyoku-engine.wasm', 'gyoku-engine-simd.js', 'gyoku-engine-simd.wasm'])
		await copyFile(wasm + f, dist + '/engine/' + f);
	for (const f of ['gyoku-engine-mt.js', 'gyoku-engine-mt.wasm', 'gyoku-engine-mt.worker.js'])
		await copyFile(wasm + f, dist + '/engine/' + f).catch(() => {});
}
// The rules module (app/rules_wasm.c), which the main thread loads (src/rules.js).
if (
	await access(wasm + 'gyoku-rules.wasm').then(
		() => true,
		() => false,
	)
) {
	await mkdir(dist + '/engine', { recursive: true });
	for (const f of ['gyoku-rules.js', 'gyoku-rules.wasm']) await copyFile(wasm + f, dist + '/engine/' + f);
}
// index.html last: make's rule for web/dist/index.html sees a complete build.
await copyFile(here + 'index.html', dist + '/index.html');
console.log(
	'web: built dist/ (index.html, app.js, app.css' +
		(hasEngine ? ', engine/)' : '; no engine: build/wasm/ is not built)'),
);
