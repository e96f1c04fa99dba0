// pieces.test.js: the pieces drawn by gyoku itself (src/glyphs.js, src/pieces.js), with
// dom.js's s() run against a tiny DOM stub: every piece of both sets has its
// strokes, every stroke lies inside its box, and no piece is drawn as text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

/* The least of a DOM that dom.js's s() needs, and the markup of what it drew. */
class StubElement {
	/** @param {string} tag */
	constructor(tag) {
		this.tagName = tag;
		/** @type {Record<string, string>} */
		this.attrs = {};
		/** @type {(StubElement|string)[]} */
		this.children = [];
	}
	/** @param {string} k @param {string} v */
	setAttribute(k, v) {
		this.attrs[k] = v;
	}
	/** @param {string} k */
	getAttribute(k) {
		return k in this.attrs ? this.attrs[k] : null;
	}
	/** @param {...(StubElement|string)} cs */
	append(...cs) {
		this.children.push(...cs);
	}
	addEventListener() {}
	/** Every element below this one and itself, depth first. @returns {StubElement[]} */
	all() {
		return [this, ...this.children.flatMap((c) => (typeof c === 'string' ? [] : c.all()))];
	}
	/** @returns {string} */
	get outerHTML() {
		const esc = (/** @type {string} */ t) =>
			t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
		const a = Object.entries(this.attrs)
			.map(([k, v]) => ` ${k}="${esc(v)}"`)
			.join('');
		const inner = this.children.map((c) => (typeof c === 'string' ? esc(c) : c.outerHTML)).join('');
		return `<${this.tagName}${a}>${inner}</${this.tagName}>`;
	}
}

/** Installs the stub as globalThis.document. */
function installDocument() {
	/** @type {any} */ (globalThis).document = {
		createElementNS: (/** @type {string} */ _ns, /** @type {string} */ tag) => new StubElement(tag),
		createElement: (/** @type {string} */ tag) => new StubElement(tag),
	};
}

installDocument();
const { KANJI, LETTERS, MOVES, NUMERALS, intlStrokes } = await import('../src/glyphs.js');
const pieces = await import('../src/pieces.js');

const KINDS = ['K', 'R', 'B', 'G', 'S', 'N', 'L', 'P', '+R', '+B', '+S', '+N', '+L', '+P'];
const CODES = KINDS.flatMap((k) => [k, k.toLowerCase()]);
const STYLES = /** @type {const} */ (['kanji', 'international']);

/**
 * The commands of one stroke as [letter, numbers]; throws on anything but M, L, Q.
 * @param {string} d
 */
function commands(d) {
	assert.match(d, /^M/, `"${d}" starts with M`);
	assert.match(
		d,
		/^( ?[MLQ]-?\d+(\.\d+)? -?\d+(\.\d+)?( -?\d+(\.\d+)? -?\d+(\.\d+)?)?)+$/,
		`"${d}" is M/L/Q only`,
	);
	return [...d.matchAll(/([MLQ])([^MLQ]*)/g)].map((m) => {
		const nums = m[2].trim().split(/\s+/).map(Number);
		assert.equal(nums.length, m[1] === 'Q' ? 4 : 2, `"${m[0]}" has its points`);
		return nums;
	});
}

/**
 * The points a path's ink reaches: the points of M, L and Q, and the four
 * extremes of each circle drawn as two arcs (A, from one side to the other).
 * @param {string} d
 * @returns {[number, number][]}
 */
function inkPoints(d) {
	/** @type {[number, number][]} */
	const out = [];
	/** @type {[number, number]} */
	let last = [0, 0];
	for (const m of d.matchAll(/([MLQAZ])([^MLQAZ]*)/g)) {
		const n = m[2].trim().split(/\s+/).filter(Boolean).map(Number);
		if (m[1] === 'A') {
			const [r, , , , , x, y] = n;
			const c = [(last[0] + x) / 2, (last[1] + y) / 2];
			out.push([c[0] - r, c[1]], [c[0] + r, c[1]], [c[0], c[1] - r], [c[0], c[1] + r]);
			last = [x, y];
		} else
			for (let i = 0; i + 1 < n.length; i += 2) {
				last = [n[i], n[i + 1]];
				out.push(last);
			}
	}
	return out;
}

test('pieces-1.1 every piece of both sets, both colours, has its glyph data', () => {
	for (const code of CODES) {
		const kind = code.toUpperCase();
		const ch = kind === 'K' && code === 'k' ? '王' : pieces.KANJI[kind];
		assert.ok(ch, `${code}: a kanji`);
		assert.ok(KANJI[ch]?.length, `${code}: strokes of ${ch}`);
		assert.ok(LETTERS[kind.replace('+', '')]?.length, `${code}: a letter`);
		assert.ok(MOVES[kind], `${code}: its moves`);
	}
	assert.equal(pieces.KANJI.K, '玉', "Black's king is 玉");
	// No glyph is left unused.
	const used = new Set([...Object.values(pieces.KANJI), '王']);
	assert.deepEqual(Object.keys(KANJI).sort(), [...used].sort());
});

test('pieces-1.2 every stroke (pieces and ranks) is M/L/Q and every point lies inside the 100x100 box', () => {
	assert.equal(NUMERALS.length, 9, 'the nine ranks');
	const all = [
		...Object.entries(KANJI).map(([ch, st]) => /** @type {[string, string[]]} */ ([ch, st])),
		...KINDS.map((k) => /** @type {[string, string[]]} */ ([k, intlStrokes(k)])),
		...NUMERALS.map((st, i) => /** @type {[string, string[]]} */ ([`rank ${i + 1}`, st])),
	];
	for (const [name, strokes] of all)
		for (const d of strokes)
			for (const [i, v] of commands(d).flat().entries())
				assert.ok(
					v >= 0 && v <= 100,
					`${name}: "${d}" has ${i % 2 ? 'y' : 'x'} = ${v}, outside 0..100`,
				);
});

test('pieces-1.3 no piece is drawn as text: one path of ink in each, brush outlines for kanji, strokes for the international set', () => {
	for (const style of STYLES)
		for (const code of CODES)
			for (const flipped of [false, true]) {
				const el = /** @type {any} */ (pieces.pieceSvg(code, style, flipped));
				const tags = el.all().map((/** @type {any} */ e) => e.tagName);
				assert.ok(
					!tags.includes('text') && !tags.includes('tspan'),
					`${style} ${code}: no text`,
				);
				assert.doesNotMatch(
					el.outerHTML,
					/<text|<tspan|[\u3040-\u9fff]</,
					`${style} ${code}: no characters as text`,
				);
				const ink = el
					.all()
					.filter((/** @type {any} */ e) =>
						e.attrs.class?.split(' ').includes('piece-ink'),
					);
				assert.equal(ink.length, 1, `${style} ${code}: one path of ink`);
				assert.equal(ink[0].tagName, 'path');
				if (style === 'kanji') {
					// Brush strokes: filled outlines of lines and round blots.
					assert.match(
						ink[0].attrs.class,
						/\bbrush\b/,
						`${code}: written with the brush`,
					);
					assert.match(
						ink[0].attrs.d,
						/^(M[-\d. ]+(L[-\d. ]+)*Z|M[-\d. ]+(A[-\d. ]+){2}Z)+$/,
					);
				} else commands(ink[0].attrs.d);
				const promo = el
					.all()
					.some((/** @type {any} */ e) => /\bpromoted\b/.test(e.attrs.class || ''));
				assert.equal(promo, code.startsWith('+'), `${style} ${code}: red when promoted`);
			}
});

test('pieces-1.4 the ink lies inside the piece, turned for the opponent', () => {
	for (const style of STYLES)
		for (const code of CODES) {
			const g = /** @type {any} */ (pieces.pieceGlyph(code, style));
			const [body, ink] = g
				.all()
				.filter((/** @type {any} */ e) => /piece-(body|ink)/.test(e.attrs.class || ''));
			const bp = inkPoints(body.attrs.d);
			const maxX = Math.max(...bp.map((p) => p[0]));
			const maxY = Math.max(...bp.map((p) => p[1]));
			const minY = Math.min(...bp.map((p) => p[1]));
			const half = Number(ink.attrs['stroke-width'] || 0) / 2;
			for (const [x, y] of inkPoints(ink.attrs.d)) {
				assert.ok(Math.abs(x) + half <= maxX, `${style} ${code}: x ${x} inside the piece`);
				assert.ok(
					y - half >= minY * 0.7 && y + half <= maxY,
					`${style} ${code}: y ${y} inside the piece, below its shoulders`,
				);
			}
			const turned = g.all().some((/** @type {any} */ e) => e.attrs.transform === 'rotate(180)');
			assert.equal(turned, code !== code.toUpperCase(), `${code}: White's pieces are turned`);
		}
});

test('pieces-1.5 the international marks tell every way of moving apart', () => {
	const seen = new Map();
	for (const k of KINDS) {
		const marks = intlStrokes(k).slice(LETTERS[k.replace('+', '')].length).sort().join(' ');
		const ways = MOVES[k].split(' ').sort().join(' ');
		if (seen.has(ways)) assert.equal(seen.get(ways), marks, `${k}: the same marks as the same moves`);
		for (const [w, m] of seen) if (w !== ways) assert.notEqual(m, marks, `${k}: marks unlike ${w}'s`);
		seen.set(ways, marks);
	}
	assert.equal(seen.size, 10, 'ten ways of moving among the fourteen kinds');
});

test('pieces-1.6 the page icon is drawn in strokes too, no text', () => {
	const html = readFileSync(new URL('../index.html', import.meta.url), 'utf8');
	const icon = html.match(/<link rel="icon" href="([^"]*)"/);
	assert.ok(icon, 'an icon');
	const svg = decodeURIComponent(icon[1]);
	assert.doesNotMatch(svg, /<text/);
	assert.match(svg, /<path d='M[^']*' fill='none' stroke=/);
});
