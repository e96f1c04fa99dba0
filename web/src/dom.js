/*
 * dom.js: tiny helpers to build HTML and SVG elements (no framework).
 * h("button", {class: "x", "data-testid": "y", onclick: fn}, "text", child)
 * Attributes whose value is null, undefined or false are left out; "on..."
 * attributes with a function become event listeners.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';

/** @typedef {Node | string | number | null | undefined | false} Child */
/** @typedef {Record<string, any>} Attrs */

/**
 * @param {Element} el
 * @param {Attrs | null | undefined} attrs
 * @param {Child[]} children
 */
function fill(el, attrs, children) {
	if (attrs) {
		for (const [k, v] of Object.entries(attrs)) {
			if (v === null || v === undefined || v === false) continue;
			if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
			else if (k === 'value' && 'value' in el) /** @type {HTMLInputElement} */ (el).value = String(v);
			else el.setAttribute(k, v === true ? '' : String(v));
		}
	}
	append(el, ...children);
}

/**
 * Appends children, skipping empty ones; strings become text.
 * @param {Element} el
 * @param {...Child} children
 */
export function append(el, ...children) {
	for (const c of children) {
		if (c === null || c === undefined || c === false) continue;
		el.append(typeof c === 'object' ? c : String(c));
	}
}

/**
 * An HTML element.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs | null} [attrs]
 * @param {...Child} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs, ...children) {
	const el = document.createElement(tag);
	fill(el, attrs, children);
	return el;
}

/**
 * An SVG element.
 * @param {string} tag
 * @param {Attrs | null} [attrs]
 * @param {...Child} children
 * @returns {SVGElement}
 */
export function s(tag, attrs, ...children) {
	const el = /** @type {SVGElement} */ (document.createElementNS(SVG_NS, tag));
	fill(el, attrs, children);
	return el;
}

/**
 * Replaces an element's children.
 * @param {Element} el
 * @param {...Child} children
 */
export function replace(el, ...children) {
	el.replaceChildren();
	append(el, ...children);
}
