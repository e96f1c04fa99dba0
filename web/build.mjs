// build.mjs: bundles the site into dist/ with esbuild: dist/index.html, dist/app.js (with a
// source map) and dist/app.css (imported by src/main.js).  Run by `npm run build` after tsc.
import { build } from 'esbuild';
import { copyFile, mkdir, rm } from 'node:fs/promises';

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
// index.html last: make's rule for web/dist/index.html sees a complete build.
await copyFile(here + 'index.html', dist + '/index.html');
console.log('web: built dist/ (index.html, app.js, app.css)');
