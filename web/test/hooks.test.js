// hooks.test.js: the list of test hooks (src/hooks.js) against both of its sides: every hook the
// browser tests (tests/browser/run.mjs) name is listed, and every hook listed is made by the
// modules of src/.  Read from the sources as text: a data-testid made from a template
// (`clock-${color}`) counts for every name its fixed parts match, and run.mjs's tid() refuses at
// run time the names it builds (tid('clock-' + color), a loop over names).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { ATTRIBUTES, CLASSES, INPUTS, TESTIDS } from '../src/hooks.js';

// run.mjs and the scenarios it runs from files of their own beside it.
const read = (rel) => readFileSync(new URL(rel, import.meta.url), 'utf8');
// run.mjs and the scenarios it runs from files of their own (endings.mjs, touch.mjs, ...).
const browserDir = new URL('../../tests/browser/', import.meta.url);
const browser = readdirSync(browserDir)
	.filter((f) => f.endsWith('.mjs'))
	.sort()
	.map((f) => readFileSync(new URL(f, browserDir), 'utf8'))
	.join('\n');
const srcDir = new URL('../src/', import.meta.url);
const sources = readdirSync(srcDir, { recursive: true })
	.filter((f) => f.endsWith('.js') && f !== 'hooks.js')
	.map((f) => readFileSync(new URL(f, srcDir), 'utf8'))
	.join('\n');

// The string and template literals of the page modules, a template's ${...} parts as null (a
// template of nothing but ${...} parts is left out: it could be any name).
const literals = [...sources.matchAll(/'((?:\\.|[^'\\\n])*)'|`((?:\\.|[^`\\])*)`/g)]
	.map((m) =>
		m[1] !== undefined
			? [m[1]]
			: m[2].split(/\$\{[^}]*\}/).flatMap((part, i) => (i ? [null, part] : [part])),
	)
	.filter((l) => l.some((p) => p));
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// Whether a literal of the modules can be the whole text `name` (a template: with any ${...}).
const made = (name) =>
	literals.some((l) => new RegExp(`^${l.map((p) => (p === null ? '.+' : escape(p))).join('')}$`).test(name));
// Whether `name` is a word (of letters, digits and -) in a literal of the modules: a class.
const word = (name) =>
	literals.some((l) => l.some((p) => p !== null && new RegExp(`(^|[^\\w-])${escape(name)}($|[^\\w-])`).test(p)));

/** The hooks run.mjs names: testids (exact and prefixes), attributes, input names, classes. */
function used() {
	const exact = new Set();
	const prefixes = new Set();
	for (const m of browser.matchAll(/\btid\(\s*(['"])([^'"]+)\1\s*(\+)?/g)) (m[3] ? prefixes : exact).add(m[2]);
	for (const m of browser.matchAll(/\[data-testid(\^?)="([^"$]+)"\]/g)) (m[1] ? prefixes : exact).add(m[2]);
	const attributes = new Set(
		[...browser.matchAll(/(?:\[|getAttribute\(\s*['"])(data-[a-z]+(?:-[a-z]+)*)/g)].map((m) => m[1]),
	);
	attributes.delete('data-testid');
	const inputs = new Set([...browser.matchAll(/\[name=["']?([\w-]+)/g)].map((m) => m[1]));
	// Classes: the .name parts of the selectors given to Playwright's and the DOM's look-ups.
	const classes = new Set();
	const call =
		/\b(?:waitForSelector|locator|querySelectorAll|querySelector|textContent|getAttribute|click|tap)\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;
	for (const m of browser.matchAll(call)) {
		const selector = m[2].replace(/\$\{[^}]*\}/g, ' ').replace(/"[^"]*"/g, '""');
		for (const c of selector.matchAll(/\.([a-z][\w-]*)/g)) classes.add(c[1]);
	}
	return { exact, prefixes, attributes, inputs, classes };
}

test('every hook the browser tests name is listed in src/hooks.js', () => {
	const u = used();
	assert.ok(
		u.exact.size > 20 && u.attributes.size > 3 && u.classes.size > 5,
		'run.mjs names no hooks: the reader is broken',
	);
	for (const t of u.exact) assert.ok(t in TESTIDS, `data-testid "${t}" is not in src/hooks.js`);
	for (const p of u.prefixes)
		assert.ok(
			Object.keys(TESTIDS).some((t) => t.startsWith(p)),
			`no data-testid of src/hooks.js begins "${p}"`,
		);
	for (const a of u.attributes) assert.ok(a in ATTRIBUTES, `attribute ${a} is not in src/hooks.js`);
	for (const n of u.inputs) assert.ok(n in INPUTS, `input name ${n} is not in src/hooks.js`);
	for (const c of u.classes) assert.ok(c in CLASSES, `class ${c} is not in src/hooks.js`);
});

test('every hook listed in src/hooks.js is made by the page modules', () => {
	for (const t of Object.keys(TESTIDS)) assert.ok(made(t), `no module makes data-testid "${t}"`);
	for (const a of Object.keys(ATTRIBUTES)) assert.ok(made(a), `no module sets ${a}`);
	for (const n of Object.keys(INPUTS)) assert.ok(made(n), `no module makes an input named ${n}`);
	for (const c of Object.keys(CLASSES)) assert.ok(word(c), `no module gives class ${c}`);
});

test('the readers of the hooks see what is not there', () => {
	assert.ok(!made('no-such-hook') && !made('clock-') && made('clock-black') && made('export-jkf'));
	assert.ok(!word('boar') && word('board') && word('selected'));
});
