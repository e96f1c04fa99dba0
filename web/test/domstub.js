/*
 * domstub.js: the least of a DOM that dom.js's s() needs (createElementNS,
 * setAttribute, append), to run the drawing modules under node --test, and
 * the markup of what they drew.
 */

export class StubElement {
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
		const esc = (/** @type {string} */ t) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
		const a = Object.entries(this.attrs)
			.map(([k, v]) => ` ${k}="${esc(v)}"`)
			.join('');
		const inner = this.children.map((c) => (typeof c === 'string' ? esc(c) : c.outerHTML)).join('');
		return `<${this.tagName}${a}>${inner}</${this.tagName}>`;
	}
}

/** Installs the stub as globalThis.document. */
export function installDocument() {
	/** @type {any} */ (globalThis).document = {
		createElementNS: (/** @type {string} */ _ns, /** @type {string} */ tag) => new StubElement(tag),
		createElement: (/** @type {string} */ tag) => new StubElement(tag),
	};
}
